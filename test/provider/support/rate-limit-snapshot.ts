import type { RateLimitSnapshot } from '../../../src/provider/index.ts';

/** The five headers as the gate reads them, seen now on `clock`: 60 a minute, 3 in flight, unless told otherwise. */
export function snap(clock: { now(): number }, over: Partial<RateLimitSnapshot>): RateLimitSnapshot {
  return {
    limit: 60,
    remaining: 59,
    reset: Math.floor(clock.now() / 1000) + 60,
    concurrentLimit: 3,
    concurrentRemaining: 2,
    seenAt: clock.now(),
    ...over,
  };
}
