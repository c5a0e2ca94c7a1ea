import { type Clock, sleep, type Timers } from '../clock.ts';
import { backgroundDailyDelayMs, type DailyBudgetState, type RateLimitSnapshot } from '../provider/index.ts';

export interface BudgetState {
  limit: number | undefined;
  allowance: number;
  usedInWindow: number;
  windowEndsAt: number | undefined;
  windowMs: number;
  inFlight: number;
  maxInFlight: number;
  /** Requests per second the watcher may use on average; undefined before the first headers. */
  rate: number | undefined;
  /** The day's budget holds the watcher back until then (epoch ms): only the people's reserve is left. */
  dailyHeldUntil: number | undefined;
}

/** The client's rate-limit snapshot once an answer carried the headers. */
export type KnownRateLimit = { [K in keyof RateLimitSnapshot]: NonNullable<RateLimitSnapshot[K]> };

/**
 * Undefined until the first answer carried the headers. An answer without the
 * concurrency headers is read as one place, all of it free.
 */
function knownRateLimit(r: RateLimitSnapshot): KnownRateLimit | undefined {
  if (r.limit === null || r.remaining === null || r.reset === null || r.seenAt === null) return undefined;
  const concurrentLimit = r.concurrentLimit ?? 1;
  return {
    limit: r.limit,
    remaining: r.remaining,
    reset: r.reset,
    concurrentLimit,
    concurrentRemaining: r.concurrentRemaining ?? concurrentLimit,
    seenAt: r.seenAt,
  };
}

/**
 * The watcher's share of the provider's rate limit, read from the headers the
 * client tracks (never from hard-coded figures: they depend on plan and
 * contract state).
 *
 * Per window the watcher starts at most `share x limit` requests, and never
 * takes a request people may still need: the window always keeps
 * `(1 - share) x limit` minus what people already used (at least one). The
 * allowance is spread evenly over the time the window has left (a token
 * bucket refilled at allowance / time-left, with a small burst), so the
 * watcher neither bursts at the start of a window and then stalls, nor leaves
 * budget unused at its end. Concurrency: at most `share` of the concurrent
 * places and never the last one (the client's gate enforces its places per
 * priority; this keeps the watcher's own fan-out small).
 *
 * The day: when the client knows the key's daily budget, the watcher spreads
 * what the day has left above the people's reserve evenly until the day ends,
 * and stops when only the reserve is left or the provider refused for the
 * day (daily-budget.ts). The watcher gives way first; people keep the rest.
 */
export class RequestBudget {
  private readonly share: number;
  private readonly clock: Clock;
  private readonly daily: (() => DailyBudgetState) | undefined;
  private windowMs: number;
  private windowMeasured = false;
  private lastResetSeen: number | undefined;
  private usedKey: number | undefined;
  private used = 0;
  // Full bucket at start: capped to the burst as soon as the first headers are known.
  private tokens = Number.POSITIVE_INFINITY;
  private refilledAt: number;
  private inFlightCount = 0;
  private blockedUntil = 0;
  private lastStartAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** The client's last X-RateLimit-* values (`ProviderClient.rateLimit`). */
    private readonly headers: () => RateLimitSnapshot,
    opts: {
      share: number;
      clock: Clock;
      /** Window length used until two successive windows have been seen. */
      assumedWindowMs?: number;
      /** The client's daily budget (`ProviderClient.daily`); no daily pacing without it. */
      daily?: () => DailyBudgetState;
    },
  ) {
    this.share = opts.share;
    this.clock = opts.clock;
    this.daily = opts.daily;
    this.windowMs = opts.assumedWindowMs ?? 60_000;
    this.refilledAt = this.nowMs();
  }

  /** 0 when a background request may start now, else how long to wait (ms). */
  delayMs(): number {
    const now = this.nowMs();
    if (now < this.blockedUntil) return this.blockedUntil - now;
    if (this.daily) {
      const d = backgroundDailyDelayMs(this.daily(), now, this.lastStartAt);
      if (d > 0) return d;
    }
    const rl = this.observe();
    if (this.inFlightCount >= this.maxInFlight(rl)) return 50;
    if (!rl) {
      // Before the first answer: one probing request at a time, at most one per second.
      return Math.max(0, Math.min(this.lastStartAt, now) + 1000 - now);
    }
    const w = this.window(now, rl);
    const cap = Math.floor(this.share * rl.limit);
    const allowance = cap - this.usedFor(w.end);
    const reserve = Math.max(1, Math.ceil((1 - this.share) * rl.limit) - w.peopleUsed);
    const untilWindowEnd = Math.max(1, w.end - now) + 25;
    if (allowance <= 0 || w.remaining - this.inFlightCount - 1 < reserve) return untilWindowEnd;
    const rate = allowance / Math.max(1, w.end - now); // requests per ms
    const burst = Math.max(1, Math.min(allowance, Math.ceil(cap / 10)));
    // A clock set back refills nothing (rather than owing the time it went back).
    this.tokens = Math.min(burst, this.tokens + Math.max(0, now - this.refilledAt) * rate);
    this.refilledAt = now;
    if (this.tokens >= 1) return 0;
    return Math.min(untilWindowEnd, Math.ceil((1 - this.tokens) / rate));
  }

  /** Resolves once a background request may start (`delayMs()` gives 0), waiting on `timers`. */
  async turn(timers: Timers): Promise<void> {
    for (let d = this.delayMs(); d > 0; d = this.delayMs()) await sleep(timers, d);
  }

  /** Records the start of a watcher request; call only after `delayMs()` gave 0. */
  take(): void {
    const now = this.nowMs();
    const rl = this.observe();
    const end = rl ? this.window(now, rl).end : 0;
    // The probe made before any headers were known belongs to the first window seen.
    if (this.usedKey === 0 && end !== 0) this.usedKey = end;
    if (this.usedKey !== end) {
      this.usedKey = end;
      this.used = 0;
    }
    this.used += 1;
    this.tokens = Math.max(0, this.tokens - 1);
    this.inFlightCount += 1;
    this.lastStartAt = now;
  }

  /** Records the end of a watcher request. */
  done(): void {
    this.inFlightCount = Math.max(0, this.inFlightCount - 1);
  }

  /** The provider answered 429 anyway (another key user, a changed plan): stand back. */
  backOff(retryAfterSeconds: number | undefined): void {
    const wait = Math.max(1, retryAfterSeconds ?? 1) * 1000;
    this.blockedUntil = Math.max(this.blockedUntil, this.nowMs() + wait);
    this.tokens = 0;
  }

  state(): BudgetState {
    const now = this.nowMs();
    const rl = this.observe();
    const w = rl ? this.window(now, rl) : undefined;
    const cap = rl ? Math.floor(this.share * rl.limit) : 0;
    const day = this.daily?.();
    const windowRate = rl ? (cap / this.windowMs) * 1000 : undefined;
    // What the day has left above the reserve, spread over the rest of the day.
    const dayRate =
      day && day.remaining !== null && day.reserve !== null && day.backgroundHeldUntil === null
        ? ((day.remaining - day.reserve) / Math.max(1, day.resetsAt - now)) * 1000
        : undefined;
    return {
      limit: rl?.limit,
      allowance: w ? cap - this.usedFor(w.end) : 0,
      usedInWindow: w ? this.usedFor(w.end) : 0,
      windowEndsAt: w?.end,
      windowMs: this.windowMs,
      inFlight: this.inFlightCount,
      maxInFlight: this.maxInFlight(rl),
      rate:
        windowRate === undefined
          ? dayRate
          : dayRate === undefined
            ? windowRate
            : Math.min(windowRate, dayRate),
      dailyHeldUntil: day?.backgroundHeldUntil ?? undefined,
    };
  }

  maxInFlight(rl = knownRateLimit(this.headers())): number {
    if (!rl) return 1;
    const c = rl.concurrentLimit;
    return Math.max(1, Math.min(Math.floor(this.share * c), c - 1));
  }

  private nowMs(): number {
    return this.clock.now().getTime();
  }

  private usedFor(windowEnd: number): number {
    // The probe made before any headers were known belongs to the first window seen.
    if (this.usedKey === 0 && windowEnd !== 0) this.usedKey = windowEnd;
    return this.usedKey === windowEnd ? this.used : 0;
  }

  /** Learns the window length from two successive reset values. */
  private observe(): KnownRateLimit | undefined {
    const rl = knownRateLimit(this.headers());
    if (!rl) return undefined;
    const reset = rl.reset * 1000;
    if (this.lastResetSeen !== undefined && reset > this.lastResetSeen) {
      const gap = reset - this.lastResetSeen;
      // Windows may be skipped while idle, so the smallest gap seen is the length.
      this.windowMs = this.windowMeasured ? Math.min(this.windowMs, gap) : gap;
      this.windowMeasured = true;
    }
    if (this.lastResetSeen === undefined || reset > this.lastResetSeen) this.lastResetSeen = reset;
    return rl;
  }

  private window(now: number, rl: KnownRateLimit): { end: number; remaining: number; peopleUsed: number } {
    const reset = rl.reset * 1000;
    if (now < reset) {
      const used = this.usedFor(reset);
      return { end: reset, remaining: rl.remaining, peopleUsed: Math.max(0, rl.limit - rl.remaining - used) };
    }
    // The headers describe a window that has ended: a fresh one is under way.
    const k = Math.floor((now - reset) / this.windowMs) + 1;
    return { end: reset + k * this.windowMs, remaining: rl.limit, peopleUsed: 0 };
  }
}
