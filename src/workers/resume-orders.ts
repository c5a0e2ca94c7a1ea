/**
 * On start: the orders a bot stopped in the middle of placing (killed,
 * crashed, restarted). Each reads "checking what happened to this order" at
 * once on its approval message, is asked about again with its own
 * Idempotency-Key, and its outcome is told in its thread, even when it is
 * not known yet (the thread has heard nothing since the approval). The sweep
 * follows up what stays unknown.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../log.ts';
import type { SignupService } from '../services/signup/index.ts';
import { refreshApproval, reportOutcome, type SignupPostDeps } from './posting/index.ts';

export interface ResumeDeps extends Omit<SignupPostDeps, 'signup'> {
  signup: Pick<SignupService, 'quotes' | 'orders'>;
}

/** Returns how many orders were found interrupted. */
export async function resumeInterruptedOrders(
  deps: ResumeDeps,
  client: webApi.WebClient,
  logger: Logger,
): Promise<number> {
  const log = logger.child({ component: 'resume-orders' });
  const interrupted = await deps.signup.orders.markInterrupted();
  for (const row of interrupted) await refreshApproval(deps, client, row, log);
  for (const row of interrupted) {
    const outcome = await deps.signup.orders.recheck(row);
    if (outcome) await reportOutcome(deps, client, outcome, log);
  }
  return interrupted.length;
}
