/**
 * Per-key rate limiting (docs/provider-api.md, Rate limits): a fixed window
 * (aligned to multiples of windowSeconds since the epoch, by simulated time),
 * a daily cap (per Japan calendar day, the simulator's choice) and a cap on
 * requests in flight. A refused request is not counted in the window.
 */
import { nextJstMidnight } from './japan-time.ts';
import type { RateLimitConfig } from './types.ts';

const DEFAULT_RATE_LIMIT: Required<RateLimitConfig> = {
  limit: 60,
  windowSeconds: 60,
  concurrent: 5,
  daily: 10_000,
};

interface KeyCounters {
  windowStart: number;
  count: number;
  dayEnd: number;
  dayCount: number;
  inFlight: number;
}

export type RateHeaders = Record<string, string>;

export type Admission =
  | { ok: true; headers: RateHeaders; release: () => void }
  | { ok: false; headers: RateHeaders; retryAfter: number; reason: 'window' | 'daily' | 'concurrent' };

export class RateLimiter {
  private defaults: Required<RateLimitConfig>;
  private readonly overrides = new Map<string, Required<RateLimitConfig>>();
  private readonly counters = new Map<string, KeyCounters>();
  refused = 0;
  readonly refusedByKey: Record<string, number> = {};

  constructor(config?: RateLimitConfig) {
    this.defaults = normalise(config ?? DEFAULT_RATE_LIMIT);
  }

  set(config: RateLimitConfig, keyName?: string): void {
    const c = normalise(config);
    if (keyName === undefined) this.defaults = c;
    else this.overrides.set(keyName, c);
  }

  configFor(keyName: string): Required<RateLimitConfig> {
    return this.overrides.get(keyName) ?? this.defaults;
  }

  /** Headers for an answer that is not tied to a key (401 etc.): the default limits, untouched. */
  anonymousHeaders(nowMs: number): RateHeaders {
    const c = this.defaults;
    const windowMs = c.windowSeconds * 1000;
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    return headers(c, c.limit, (windowStart + windowMs) / 1000, c.concurrent);
  }

  admit(keyName: string, nowMs: number): Admission {
    const c = this.configFor(keyName);
    const windowMs = c.windowSeconds * 1000;
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    const resetEpoch = (windowStart + windowMs) / 1000;
    let k = this.counters.get(keyName);
    if (!k) {
      k = {
        windowStart,
        count: 0,
        dayEnd: nextJstMidnight(new Date(nowMs)).getTime(),
        dayCount: 0,
        inFlight: 0,
      };
      this.counters.set(keyName, k);
    }
    if (k.windowStart !== windowStart) {
      k.windowStart = windowStart;
      k.count = 0;
    }
    if (nowMs >= k.dayEnd) {
      k.dayEnd = nextJstMidnight(new Date(nowMs)).getTime();
      k.dayCount = 0;
    }
    const refuse = (reason: 'window' | 'daily' | 'concurrent', untilMs: number): Admission => {
      this.refused += 1;
      this.refusedByKey[keyName] = (this.refusedByKey[keyName] ?? 0) + 1;
      const retryAfter = Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
      return {
        ok: false,
        headers: headers(
          c,
          Math.max(0, c.limit - k.count),
          resetEpoch,
          Math.max(0, c.concurrent - k.inFlight),
        ),
        retryAfter,
        reason,
      };
    };
    if (k.count >= c.limit) return refuse('window', windowStart + windowMs);
    if (k.dayCount >= c.daily) return refuse('daily', k.dayEnd);
    // Concurrency: the right move is to wait for one of your own requests, so 1 s.
    if (k.inFlight >= c.concurrent) return refuse('concurrent', nowMs + 1000);
    k.count += 1;
    k.dayCount += 1;
    k.inFlight += 1;
    const counters = k;
    let released = false;
    return {
      ok: true,
      headers: headers(c, c.limit - k.count, resetEpoch, c.concurrent - k.inFlight),
      release: () => {
        if (released) return;
        released = true;
        counters.inFlight -= 1;
      },
    };
  }
}

function normalise(c: RateLimitConfig): Required<RateLimitConfig> {
  for (const [name, v] of Object.entries(c)) {
    if (v !== undefined && (!Number.isInteger(v) || v < 1))
      throw new Error(`rateLimit.${name} must be a positive integer`);
  }
  return {
    limit: c.limit,
    windowSeconds: c.windowSeconds,
    concurrent: c.concurrent,
    daily: c.daily ?? DEFAULT_RATE_LIMIT.daily,
  };
}

function headers(
  c: Required<RateLimitConfig>,
  remaining: number,
  resetEpoch: number,
  concRemaining: number,
): RateHeaders {
  return {
    'X-RateLimit-Limit': String(c.limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.ceil(resetEpoch)),
    'X-RateLimit-Concurrent-Limit': String(c.concurrent),
    'X-RateLimit-Concurrent-Remaining': String(concRemaining),
  };
}
