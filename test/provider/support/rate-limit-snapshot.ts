import type { RateLimitSnapshot } from '../../../src/provider/index.ts';

/**
 * The five headers as the gate reads them, seen now on `clock`: 60 a minute, 3
 * in flight, unless told otherwise; the places free are all but the answer's
 * own (nobody else holds one) unless told otherwise.
 */
export function snap(clock: { now(): number }, over: Partial<RateLimitSnapshot>): RateLimitSnapshot {
  const concurrentLimit = over.concurrentLimit === undefined ? 3 : over.concurrentLimit;
  return {
    limit: 60,
    remaining: 59,
    reset: Math.floor(clock.now() / 1000) + 60,
    concurrentLimit,
    concurrentRemaining: concurrentLimit === null ? 2 : concurrentLimit - 1,
    seenAt: clock.now(),
    ...over,
  };
}
