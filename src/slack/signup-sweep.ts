/**
 * The signup work nobody clicks for: quotes that expire (the message says so)
 * and orders in `unknown`, asked again with the same Idempotency-Key until the
 * answer is definite (the thread says what it was). Safe on every replica at
 * once: each row moves by one conditional UPDATE, so only one replica acts on
 * it and only that one posts.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../log.ts';
import { expireDue, recoverUnknown } from '../services/signup/index.ts';
import { refreshApproval, reportOutcome, type SignupPostDeps } from './signup-posts.ts';

export interface SignupSweep {
  expired: number;
  rechecked: number;
}

export async function runSignupSweep(
  deps: SignupPostDeps,
  client: webApi.WebClient,
  logger: Logger,
): Promise<SignupSweep> {
  const log = logger.child({ component: 'signup-sweep' });
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

/** Runs the sweep every `intervalMs`; returns the stop function. */
export function startSignupSweep(
  deps: SignupPostDeps,
  client: webApi.WebClient,
  logger: Logger,
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSignupSweep(deps, client, logger)
      .catch((err: unknown) => logger.error({ err }, 'signup sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
