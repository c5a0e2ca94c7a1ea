/**
 * The key's daily request cap. The X-RateLimit-* headers describe only the
 * current window (docs/provider-api.md, Rate limits); the published per-day figures (10,000 a
 * day on the standard plan) depend on plan and contract state and must not be
 * hard-coded. So the bot learns the day two ways, neither invented:
 *
 * - a configured daily limit (PROVIDER_DAILY_LIMIT, the operator's reading of
 *   their plan), counted against the requests the bot sends, per Japan
 *   calendar day (the provider's logs and prices run on Japan time; the cap's
 *   own boundary is unpublished, so a 429 that names a later end wins);
 * - a 429 whose Retry-After reaches past the window's X-RateLimit-Reset: no
 *   window refused it, so the day's cap did, until the time it names.
 *
 * When the day runs low the watcher gives way first: it never uses the last
 * `reserveFraction` of the day (kept for people), and it spreads what is left
 * above that evenly over the rest of the day.
 *
 * Replicas share the key, so they share the count: with a `DailyCounter` (the
 * store) each process adds what it sent to the day's row and reads back every
 * replica's total. The gate decides without waiting on the database, so the
 * count it reads is the last total plus what this process sent since; what
 * it sent goes to the store in batches, one write in flight at a time, and a
 * write that failed is kept and added to the next.
 */
import { nextJapanMidnight } from './time.ts';

/**
 * Where the day's requests are counted with every replica's (the store
 * implements it). The provider layer imports nothing of the project, so it
 * says here what it needs.
 */
export interface DailyCounter {
  /**
   * Adds `requests` to the day that ends at `dayEndsAt` (epoch ms; every
   * replica names a day the same way) and answers that day's total, every
   * replica's included. `add(day, 0)` only reads it.
   */
  add(dayEndsAt: number, requests: number): Promise<number>;
}

export type DailyLevel = 'ok' | 'low' | 'exhausted';

export interface DailyBudgetState {
  /** The configured daily limit; null when none is configured. */
  limit: number | null;
  /** Requests sent since the day began: every replica's, as last read from the shared count, and this process's since. */
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

export class DailyBudget {
  readonly limit: number | null;
  private readonly reserveFraction: number;
  private readonly lowFraction: number;
  private readonly dayEnd: (nowMs: number) => number;
  private readonly counter: DailyCounter | undefined;
  private readonly onCountFailed: (err: unknown) => void;
  /** The day counted now: its name in the shared count (its end as first computed), and when it ends. */
  private day: number | null = null;
  private endsAt: number | null = null;
  /** Every replica's total as last read, and what this process sent since that is not stored yet. */
  private shared = 0;
  private pending = 0;
  /** Being written now (of `pending`, taken out). */
  private writing: { day: number; requests: number; done: Promise<void> } | null = null;
  private refusedUntil = 0;

  constructor(
    opts: {
      /** Requests per day, from configuration; undefined or null: not known. */
      limit?: number | null | undefined;
      /** Share of the day kept for people: background work stops when only this is left. Default 0.1. */
      reserveFraction?: number;
      /** At or below this share left, the day is `low`. Default 0.2. */
      lowFraction?: number;
      /** When the day containing `nowMs` ends. Default: the next midnight in Japan. */
      dayEnd?: (nowMs: number) => number;
      /** The count shared with other replicas (the store); this process's own count when absent. */
      counter?: DailyCounter | undefined;
      /** A write to the shared count failed (it is kept and added to the next one). */
      onCountFailed?: (err: unknown) => void;
    } = {},
  ) {
    this.limit = opts.limit !== undefined && opts.limit !== null && opts.limit > 0 ? opts.limit : null;
    this.reserveFraction = opts.reserveFraction ?? 0.1;
    this.lowFraction = opts.lowFraction ?? 0.2;
    this.dayEnd = opts.dayEnd ?? nextJapanMidnight;
    this.counter = opts.counter;
    this.onCountFailed = opts.onCountFailed ?? (() => undefined);
  }

  /** One request sent now. */
  count(nowMs: number): void {
    this.roll(nowMs);
    this.pending += 1;
    if (this.counter && this.writing === null) void this.store();
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
    const used = this.shared + this.pending + (this.writing?.day === this.day ? this.writing.requests : 0);
    const resetsAt = this.endsAt ?? this.dayEnd(nowMs);
    const remaining = this.limit === null ? null : Math.max(0, this.limit - used);
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
    return { limit: this.limit, used, remaining, resetsAt, reserve, level, backgroundHeldUntil };
  }

  /** The state with every replica's requests read from the shared count now (this process's stored first). */
  async sync(nowMs: number): Promise<DailyBudgetState> {
    this.roll(nowMs);
    if (this.counter) {
      await this.writing?.done;
      await this.store();
    }
    return this.state(nowMs);
  }

  /** Adds what this process sent since the last write to the shared count, and reads the total back. */
  private store(): Promise<void> {
    const counter = this.counter;
    const day = this.day;
    if (!counter || day === null) return Promise.resolve();
    const requests = this.pending;
    this.pending = 0;
    const writing = { day, requests, done: Promise.resolve() };
    writing.done = counter.add(day, requests).then(
      (total) => {
        if (this.day === day) this.shared = Math.max(this.shared, total);
        this.finish(writing, true);
      },
      (err: unknown) => {
        // Kept for the next write (when the day has not turned meanwhile).
        if (this.day === day) this.pending += requests;
        this.finish(writing, false);
        this.onCountFailed(err);
      },
    );
    this.writing = writing;
    return writing.done;
  }

  /** A write ended; after a success, what was sent meanwhile goes at once (after a failure, with the next request). */
  private finish(writing: { day: number }, next: boolean): void {
    if (this.writing !== writing) return;
    this.writing = null;
    if (next && this.pending > 0 && this.day === writing.day) void this.store();
  }

  private roll(nowMs: number): void {
    if (this.endsAt !== null && nowMs < this.endsAt) return;
    const before = this.day;
    if (this.endsAt !== null && before !== null && this.pending > 0 && this.counter) {
      // What the day that ended still owes its row goes there, not to the new day.
      void this.counter.add(before, this.pending).catch((err: unknown) => this.onCountFailed(err));
    }
    this.endsAt = this.dayEnd(nowMs);
    this.day = this.endsAt;
    this.shared = 0;
    this.pending = 0;
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
