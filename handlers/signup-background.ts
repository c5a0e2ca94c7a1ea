/**
 * The signup work nobody clicks for: quotes that expire (the message says so)
 * and orders in `unknown`, asked again with the same Idempotency-Key until the
 * answer is definite (the thread says what it was). Safe on every replica at
 * once: each row moves by one conditional UPDATE, so only one replica acts.
 */
import type { webApi } from '@slack/bolt';
import { expireDue, recoverUnknown } from '../src/services/signup/index.ts';
import { reportOutcome } from './actions/signup-buttons.ts';
import { errorText, refreshApproval, type SignupHandlerDeps } from './signup-deps.ts';

export interface SignupSweep {
  expired: number;
  rechecked: number;
}

export async function runSignupBackgroundOnce(
  deps: SignupHandlerDeps,
  client: webApi.WebClient,
): Promise<SignupSweep> {
  const log = deps.logger.child({ component: 'signup-background' });
  const expired = await expireDue(deps.signup);
  for (const row of expired) await refreshApproval(deps, client, row, log);
  const outcomes = await recoverUnknown(deps.signup);
  for (const o of outcomes) {
    // Still unknown after another try: the thread already says it is being checked.
    if (o.kind === 'unknown' && o.code !== 'NEEDS_MANUAL_CHECK') continue;
    await reportOutcome(deps, client, o, log);
  }
  return { expired: expired.length, rechecked: outcomes.length };
}

/** Runs the sweep every `intervalMs` (default 15 s); returns the stop function. */
export function startSignupBackground(
  deps: SignupHandlerDeps,
  client: webApi.WebClient,
  intervalMs = 15_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSignupBackgroundOnce(deps, client)
      .catch((err: unknown) => deps.logger.error({ err: errorText(err) }, 'signup sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
