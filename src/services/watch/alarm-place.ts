/**
 * Whether an alarm may be shown to a reader. An alarm about the account (a
 * server, a domain, the key) is for anyone who may read its kind; a paid
 * signup stuck at the provider belongs to its order, and an order to the
 * channel it was asked in (`/vps signups` lists a channel's own), so it is
 * shown only where that channel may be read. A signup the store no longer
 * holds is shown to nobody.
 */
import type { IncidentRow, Store } from '../../store/index.ts';
import type { ChannelFilter } from '../access/index.ts';

/** The alarm kind of a stuck signup and its subject, `signup:<id>` (src/store/alarm-types.ts; read by name). */
const SIGNUP_STUCK = 'signup-stuck';
const SIGNUP_SUBJECT = 'signup:';

export async function alarmShown(
  row: Pick<IncidentRow, 'kind' | 'subject'>,
  signups: Pick<Store['signups'], 'get'>,
  shown: ChannelFilter,
): Promise<boolean> {
  if (row.kind !== SIGNUP_STUCK) return true;
  if (!row.subject.startsWith(SIGNUP_SUBJECT)) return false;
  const signup = await signups.get(row.subject.slice(SIGNUP_SUBJECT.length));
  return signup ? shown(signup.channelId) : false;
}
