/**
 * The key's daily request cap. The X-RateLimit-* headers describe only the
 * current window (docs/provider-api.md, Rate limits); the published per-day figures (10,000 a
 * day on the standard plan) depend on plan and contract state and must not be
 * hard-coded. So the bot learns the day two ways, neither invented:
 *
 * - a configured daily limit (PROVIDER_DAILY_LIMIT, the operator's reading of
 *   their plan), counted against the requests this process sends, per Japan
 *   calendar day (the provider's logs and prices run on Japan time; the cap's
 *   own boundary is unpublished, so a 429 that names a later end wins);
 * - a 429 whose Retry-After reaches past the window's X-RateLimit-Reset: no
 *   window refused it, so the day's cap did, until the time it names.
 *
 * When the day runs low the watcher gives way first: it never uses the last
 * `reserveFraction` of the day (kept for people), and it spreads what is left
 * above that evenly over the rest of the day.
 */
import { nextJapanMidnight } from './time.ts';

export type DailyLevel = 'ok' | 'low' | 'exhausted';

export interface DailyBudgetState {
  /** The configured daily limit; null when none is configured. */
  limit: number | null;
  /** Requests this process sent since the day began. */
  used: number;
  /** `limit - used` (never below 0); null without a configured limit. */
  remaining: number | null;
  /** When the day's count starts again (epoch ms): Japan midnight, or the end a 429 named. */
  resetsAt: number;
  /** Requests of the day the watcher never uses (kept for people); null without a limit. */
  reserve: number | null;
  /**
   * `low`: at most `lowFraction` of the configured day is left (by our count);
   * `exhausted`: the provider itself refused for the day. Our count is an
   * estimate (other users of the key count too), so only the provider's word
   * stops people's requests.
   */
  level: DailyLevel;
  /** Background work waits until then (epoch ms); null when it may go on. */
  backgroundHeldUntil: number | null;
}

export interface DailyBudgetOptions {
  /** Requests per day, from configuration; undefined or null: not known. */
  limit?: number | null | undefined;
  /** Share of the day kept for people: background work stops when only this is left. Default 0.1. */
  reserveFraction?: number;
  /** At or below this share left, the day is `low`. Default 0.2. */
  lowFraction?: number;
  /** When the day containing `nowMs` ends. Default: the next midnight in Japan. */
  dayEnd?: (nowMs: number) => number;
}

export class DailyBudget {
  readonly limit: number | null;
  private readonly reserveFraction: number;
  private readonly lowFraction: number;
  private readonly dayEnd: (nowMs: number) => number;
  private used = 0;
  private endsAt: number | null = null;
  private refusedUntil = 0;

  constructor(opts: DailyBudgetOptions = {}) {
    this.limit = opts.limit !== undefined && opts.limit !== null && opts.limit > 0 ? opts.limit : null;
    this.reserveFraction = opts.reserveFraction ?? 0.1;
    this.lowFraction = opts.lowFraction ?? 0.2;
    this.dayEnd = opts.dayEnd ?? nextJapanMidnight;
  }

  /** One request sent now. */
  count(nowMs: number): void {
    this.roll(nowMs);
    this.used += 1;
  }

  /** The provider refused for the day: nothing more until `untilMs`, when a new day begins. */
  refusedForDay(nowMs: number, untilMs: number): void {
    this.roll(nowMs);
    this.refusedUntil = Math.max(this.refusedUntil, untilMs);
    // The provider's own word on when its day ends: the count starts again then.
    this.endsAt = untilMs;
  }

  state(nowMs: number): DailyBudgetState {
    this.roll(nowMs);
    const resetsAt = this.endsAt ?? this.dayEnd(nowMs);
    const remaining = this.limit === null ? null : Math.max(0, this.limit - this.used);
    const reserve = this.limit === null ? null : Math.max(1, Math.ceil(this.limit * this.reserveFraction));
    const refused = nowMs < this.refusedUntil;
    const level: DailyLevel = refused
      ? 'exhausted'
      : remaining !== null && this.limit !== null && remaining <= this.limit * this.lowFraction
        ? 'low'
        : 'ok';
    const backgroundHeldUntil = refused
      ? this.refusedUntil
      : remaining !== null && reserve !== null && remaining <= reserve
        ? resetsAt
        : null;
    return { limit: this.limit, used: this.used, remaining, resetsAt, reserve, level, backgroundHeldUntil };
  }

  private roll(nowMs: number): void {
    if (this.endsAt === null) {
      this.endsAt = this.dayEnd(nowMs);
      return;
    }
    if (nowMs >= this.endsAt) {
      this.used = 0;
      this.endsAt = this.dayEnd(nowMs);
    }
  }
}

/**
 * How long background work waits before its next request so that what the
 * day has left above the people's reserve lasts until the day ends (0: now).
 * `lastStartAt` is when background work last started a request.
 */
export function backgroundDailyDelayMs(s: DailyBudgetState, nowMs: number, lastStartAt: number): number {
  if (s.backgroundHeldUntil !== null) return Math.max(1, s.backgroundHeldUntil - nowMs);
  if (s.remaining === null || s.reserve === null) return 0;
  const allowance = s.remaining - s.reserve;
  const left = Math.max(1, s.resetsAt - nowMs);
  const spacing = left / allowance;
  return Math.max(0, Math.ceil(lastStartAt + spacing - nowMs));
}
