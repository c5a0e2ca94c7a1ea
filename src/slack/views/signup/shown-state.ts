/** The state an order is shown in, on its approval message and in `/vps signups`. */
import { INTERRUPTED, type SignupRow } from '../../../services/signup/index.ts';

export type ShownState = SignupRow['state'] | 'interrupted';

/**
 * An order asked about again (its earlier answer did not arrive, or a bot
 * stopped while placing it) is `executing` for the moment of the question,
 * but what people must read is that its outcome is being checked: it shows as
 * `unknown`, and as `interrupted` ("checking what happened to this order")
 * while a bot that restarted asks about it.
 */
export function shownState(row: Pick<SignupRow, 'state' | 'errorCode'>): ShownState {
  const checking = row.state === 'unknown' || (row.state === 'executing' && row.errorCode !== null);
  if (!checking) return row.state;
  return row.errorCode === INTERRUPTED ? 'interrupted' : 'unknown';
}
