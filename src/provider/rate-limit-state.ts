/**
 * What the gate knows of the key's limits, learned from the headers, and what
 * it has used of them: the window (`X-RateLimit-Remaining` until
 * `X-RateLimit-Reset`), the concurrency places, a Retry-After block and the
 * day (daily-budget.ts). It answers whether a priority may start a request
 * now, and roughly how long a request with others before it will wait; who
 * is next is the gate's business.
 *
 * The answer to the latest request we started is the provider's newest word
 * (docs/provider-api.md, Rate limits: the limits can change), and the next
 * request obeys it: a window ending sooner than the one we knew is a limit
 * that just changed, not a stale answer; what is left of it is less our
 * requests started since; its concurrency limit, less the places others held
 * when it was let in, is ours. An answer overtaken on the way by a later
 * request's only lowers what is left of the same window.
 *
 * The share of a window that reads leave to changes and orders
 * (priorities.ts, `windowFloor`) is held back only until the window's last
 * stretch, as long as the requests it would take need (one request's latency,
 * learned from our own answers, per round of the places we may fill and one
 * more for the last round to reach the provider, plus how late our timed
 * wake-ups have come lately: a busy process sends a request timed for the
 * stretch that much after its time, and one that reaches the provider after
 * the window's end is counted in the next, its place in this one lost): a
 * change arriving before then finds its place at once, one arriving in the
 * stretch waits for the next window, which is at most that stretch away, and
 * when no change came the reads take the held places themselves, so a flood
 * of reads uses the whole window.
 *
 * Held to the stretch, the share costs a flood nothing while its reads spill
 * into the next window (they wait for it anyway), but at its end the last
 * reads would wait for the window's end with nothing else to do. So when the
 * reads waiting all fit in what the window has left (a flood's tail), the
 * share is held for `tailHoldFraction` of a window from when they first did
 * and reached the share (the start of a flood's last window; for a trickle
 * of reads, the share), then goes to them: a change arriving in that time
 * still finds its place at once, one arriving later in that last window of
 * a flood waits for the next one. The benchmark (fairness, reserve) shows
 * the trade-off.
 */
import type { DailyBudget } from './daily-budget.ts';
import { type Priority, placesFor, windowFloor } from './priorities.ts';
import type { RateLimitSnapshot } from './rate-limit-headers.ts';

export interface RateLimitStateOptions {
  /** Upper bound of our own requests in flight (the pool's connections). */
  maxConcurrency: number;
  /** In flight before the provider's headers give its concurrency limit. */
  initialConcurrency?: number;
  /** Below this share of the window's limit (above the reserve), background requests are spaced until the reset. */
  lowWaterFraction?: number;
  /** Share of the window kept from background work for people (on top of the writes' reserve). */
  backgroundReserveFraction?: number;
  /** Added after a reset time, so that our clock being a little early does not cost a 429. */
  resetMarginMs?: number;
  /** The shortest last stretch of a window in which its held places go to reads (default 20 ms). */
  releaseMinMs?: number;
  /**
   * How long (share of a window) the changes' share is held for a flood's
   * tail before it goes to its reads (default 0.2; 1 holds it to the window's
   * last stretch).
   */
  tailHoldFraction?: number;
}

/** 'go', a time to wait for, or 'release' (wait until a request of ours ends). */
export type StartDecision = 'go' | 'release' | number;

/** How soon after one of our answers its place may still be counted at the provider. */
const RECENT_END_MS = 25;

/** Which of our requests an answer belongs to: the order it started in, and ours in flight then (it included). */
export interface StartMark {
  seq: number;
  inFlight: number;
}

export class RateLimitState {
  private readonly maxConcurrency: number;
  private readonly initialConcurrency: number;
  private readonly lowWaterFraction: number;
  private readonly backgroundReserveFraction: number;
  private readonly resetMarginMs: number;
  private readonly releaseMinMs: number;
  private readonly tailHoldFraction: number;
  private readonly daily: DailyBudget;

  private limit: number | null = null;
  private remaining: number | null = null;
  private resetAtMs: number | null = null;
  private concurrentLimit: number | null = null;
  private blockedUntil = 0;
  /** Lowered after a concurrency 429 (others hold places of the key), raised again one by one. */
  private sharedCap: number | null = null;
  /** Places of the key others held, as the newest answer's concurrency headers report. */
  private othersInFlight = 0;
  /** Our requests started so far (each one's `seq` is the count before it). */
  private started = 0;
  /** The start of the request whose answer the window's state rests on (-1 before any). */
  private basis = -1;
  /** When our latest requests ended (epoch ms, the last few). */
  private readonly endedAt: number[] = [];
  private lastBackgroundStartAt = 0;
  /** Our requests' latency (moving average, ms); null before the first answer. */
  private latencyMs: number | null = null;
  /** How late our timed wake-ups came lately (ms; a maximum that decays a tenth a wake-up). */
  private wakeLagMs = 0;
  /** The latest window end the headers named, and the shortest gap seen between two (a window's length). */
  private lastHeaderResetMs: number | null = null;
  private windowLengthMs: number | null = null;
  /** When the reads waiting first all fitted in what this window had left and reached the share (a flood's tail). */
  private shareReachedAt: number | null = null;
  private last: RateLimitSnapshot = {
    limit: null,
    remaining: null,
    reset: null,
    concurrentLimit: null,
    concurrentRemaining: null,
    seenAt: null,
  };

  constructor(opts: RateLimitStateOptions, daily: DailyBudget) {
    this.maxConcurrency = Math.max(1, opts.maxConcurrency);
    this.initialConcurrency = Math.max(1, Math.min(opts.initialConcurrency ?? 1, this.maxConcurrency));
    this.lowWaterFraction = opts.lowWaterFraction ?? 0.1;
    this.backgroundReserveFraction = opts.backgroundReserveFraction ?? 0.1;
    this.resetMarginMs = opts.resetMarginMs ?? 50;
    this.releaseMinMs = opts.releaseMinMs ?? 20;
    this.tailHoldFraction = opts.tailHoldFraction ?? 0.2;
    this.daily = daily;
  }

  /** The last rate-limit headers seen, as sent. */
  get snapshot(): RateLimitSnapshot {
    return { ...this.last };
  }

  /** The end of the window we know of (epoch ms), for telling a window 429 from the day's. */
  get windowEndsAt(): number | null {
    return this.resetAtMs;
  }

  /** A window's length as the headers showed it (the shortest gap between two resets); null until seen. */
  get windowMs(): number | null {
    return this.windowLengthMs;
  }

  /** One of our requests took `ms` from sending to its answer. */
  noteLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.latencyMs = this.latencyMs === null ? ms : this.latencyMs * 0.8 + ms * 0.2;
  }

  /** A wake-up timed for a moment came `ms` after it (a busy event loop, a loaded machine). */
  noteWakeLag(ms: number): void {
    if (!Number.isFinite(ms)) return;
    this.wakeLagMs = Math.max(ms, this.wakeLagMs * 0.9, 0);
  }

  /**
   * Feeds the headers of an answer, received while `inFlight` of our requests
   * (it included) held places; `mark` says which request it answers (when it
   * started; the newest so far when not said). The answer to the latest
   * request started is the provider's newest word, and the next request obeys
   * it: its window (a reset earlier than the one we knew is a limit that just
   * changed, not a stale answer), what is left of it less our requests
   * started since, its limits and the places others hold. An older answer
   * (one overtaken in flight) only lowers what is left of the same window.
   */
  observe(snap: RateLimitSnapshot, inFlight: number, mark?: StartMark): void {
    const seq = mark?.seq ?? this.started - 1;
    const newest = seq >= this.basis;
    // Our requests started after this one: the provider may not have counted them in it yet.
    const since = Math.max(0, this.started - 1 - seq);
    if (newest) {
      this.basis = seq;
      this.last = { ...snap };
      if (snap.limit !== null) this.limit = snap.limit;
      if (snap.concurrentLimit !== null) this.concurrentLimit = Math.max(1, snap.concurrentLimit);
      if (snap.concurrentLimit !== null && snap.concurrentRemaining !== null) {
        // Ours that may have held places when it was let in: those in flight when it started, and
        // those started since (one may overtake it on the way). What is left is others'.
        const ours = Math.max(1, mark?.inFlight ?? inFlight) + since;
        this.othersInFlight = Math.max(0, snap.concurrentLimit - snap.concurrentRemaining - ours);
      }
    }
    if (this.sharedCap !== null && snap.concurrentRemaining !== null && snap.concurrentRemaining > 0) {
      this.sharedCap += 1;
      if (this.concurrentLimit !== null && this.sharedCap >= this.concurrentLimit) this.sharedCap = null;
    }
    if (snap.reset !== null) this.learnWindow(snap.reset * 1000);
    if (snap.remaining === null) return;
    const resetMs = snap.reset !== null ? snap.reset * 1000 : null;
    // A window that has ended by our clock says nothing about the one under way.
    if (resetMs !== null && snap.seenAt !== null && resetMs + this.resetMarginMs <= snap.seenAt) return;
    const sameWindow =
      resetMs === null || (this.resetAtMs !== null && Math.abs(resetMs - this.resetAtMs) <= 500);
    if (sameWindow) {
      // The provider's count also sees other users of the key (ours started since are counted in ours).
      this.remaining = Math.min(this.remaining ?? Number.POSITIVE_INFINITY, snap.remaining);
    } else if (newest) {
      // Another window: the next one, or the same moment under a limit that just changed. Ours
      // started since may not be counted in it yet.
      this.resetAtMs = resetMs;
      this.shareReachedAt = null;
      this.remaining = Math.max(0, snap.remaining - since);
    }
  }

  /** Two windows' resets are a window (or several) apart: the shortest gap seen is its length. */
  private learnWindow(resetMs: number): void {
    const last = this.lastHeaderResetMs;
    if (last !== null && resetMs > last + 500) {
      this.windowLengthMs = Math.min(this.windowLengthMs ?? Number.POSITIVE_INFINITY, resetMs - last);
    }
    if (last === null || resetMs > last) this.lastHeaderResetMs = resetMs;
  }

  /** After a window 429: nothing is sent before `ms` has passed. */
  blockFor(ms: number, now: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, now + ms);
    this.remaining = 0;
    // Retry-After is the provider's own word on when the window reopens.
    this.resetAtMs = this.blockedUntil;
  }

  /**
   * A concurrency 429 while we held `inFlight` places (the refused request
   * included): someone else uses the key too, so hold back to what fit.
   */
  noteConcurrencyRefused(inFlight: number): void {
    this.sharedCap = Math.max(1, inFlight - 1);
  }

  /** How long every request is held after a window 429 (0 when open). */
  blockedForMs(now: number): number {
    return Math.max(0, this.blockedUntil - now);
  }

  private capacity(): number {
    const limit = this.concurrentLimit ?? this.initialConcurrency;
    const cap = Math.min(this.maxConcurrency, Math.max(1, limit - this.othersInFlight));
    return this.sharedCap === null ? cap : Math.min(cap, this.sharedCap);
  }

  /**
   * Whether `priority` may start a request now, with `inFlight` of ours under way
   * and `waiting` of its priority in the queue. Stricter for each step down in
   * priority: when one must wait, every lower one must too (a flood's tail may
   * take the changes' share, but the gate asks for reads only when no change waits).
   */
  check(priority: Priority, now: number, inFlight: number, waiting = 1): StartDecision {
    if (now < this.blockedUntil) return this.blockedUntil;
    if (inFlight >= placesFor(priority, this.capacity())) return 'release';
    if (priority === 'background') {
      const held = this.daily.state(now).backgroundHeldUntil;
      if (held !== null) return held;
    }
    if (this.resetAtMs !== null && now >= this.resetAtMs + this.resetMarginMs) {
      // The window we knew has ended; assume a fresh one until headers say otherwise.
      this.resetAtMs = null;
      this.remaining = this.limit;
      this.shareReachedAt = null;
    }
    if (this.remaining === null) return 'go';
    const limit = this.limit ?? this.remaining;
    const nextWindow = (this.resetAtMs ?? now + 1000) + this.resetMarginMs;
    const releaseAt = this.earliest(
      this.releaseAt(priority, limit),
      this.tailAt(priority, limit, waiting, now),
    );
    const floor =
      releaseAt !== null && now >= releaseAt
        ? 0
        : windowFloor(priority, limit, this.backgroundReserveFraction);
    if (this.remaining <= floor) {
      if (this.remaining > 0 && releaseAt !== null && releaseAt < nextWindow) return releaseAt;
      return nextWindow;
    }
    // Spacing is for background work: it leaves the end of the window to people and
    // to other users of the key. A person's request goes now while its share is left.
    const lowWater = Math.max(2, Math.ceil(limit * this.lowWaterFraction));
    if (priority === 'background' && this.remaining <= lowWater + floor && this.resetAtMs !== null) {
      const span = Math.max(0, this.resetAtMs - this.lastBackgroundStartAt);
      const allowedAt = this.lastBackgroundStartAt + span / (this.remaining - floor + 1);
      if (now < allowedAt) return allowedAt;
    }
    return 'go';
  }

  private earliest(a: number | null, b: number | null): number | null {
    return a === null ? b : b === null ? a : Math.min(a, b);
  }

  /**
   * When a flood's tail takes the changes' share (epoch ms): the reads waiting
   * (`waiting`) all fit in what the window has left, and have since the
   * tail's hold. Null when they spill into the next window, or before a
   * window's length is known.
   */
  private tailAt(priority: Priority, limit: number, waiting: number, now: number): number | null {
    if (priority !== 'read' || this.windowLengthMs === null || this.remaining === null) return null;
    if (waiting > this.remaining) return null;
    // Counted from when the reads waiting first all fit and reach the share (a flood's last window:
    // from its start), not from when the first of them had been sent and the share was reached.
    // A trickle of reads reaches it only at the share, and holds it from there, as before.
    if (this.shareReachedAt === null && waiting < this.remaining - windowFloor('read', limit)) return null;
    this.shareReachedAt ??= now;
    return this.shareReachedAt + this.tailHoldFraction * this.windowLengthMs;
  }

  /**
   * When the places a person's request leaves to those above it go to it after
   * all (epoch ms): the window's last stretch, as long as those requests need
   * (one latency per round of the places reads may fill and one more, and how
   * late our wake-ups come lately, so that they still reach the provider
   * before the window ends: on a loaded machine a request timed one latency
   * before the end was seen to arrive after it). Null for background
   * work, which keeps its floor, and before a window's end or a latency is known.
   */
  private releaseAt(priority: Priority, limit: number): number | null {
    if (priority !== 'read' && priority !== 'write') return null;
    if (this.resetAtMs === null || this.latencyMs === null) return null;
    const rounds = Math.ceil(windowFloor('read', limit) / placesFor('read', this.capacity()));
    let stretch = Math.max(this.releaseMinMs, this.latencyMs) * (Math.max(1, rounds) + 1) + this.wakeLagMs;
    // Never most of a window: a slow answer must not hand the changes' share to reads early.
    if (this.windowLengthMs !== null) stretch = Math.min(stretch, this.windowLengthMs / 4);
    return this.resetAtMs - stretch;
  }

  /**
   * Roughly how long (ms from `now`) a request of `priority` that has `ahead`
   * others before it waits for a place: now while the window has room for
   * them above the share it leaves to others, the window's last stretch
   * while that share has room, else the window's end and as many more
   * windows as the rest need, at the full limit (what reads get when no
   * change takes its share). Lenient where the headers have not said
   * enough: before a window's length is known, later windows are counted as
   * if they came at once.
   */
  waitEstimate(priority: Priority, ahead: number, now: number): number {
    const blocked = Math.max(0, this.blockedUntil - now);
    if (this.remaining === null || this.limit === null || this.resetAtMs === null) return blocked;
    const over = now >= this.resetAtMs + this.resetMarginMs;
    const left = over ? this.limit : this.remaining;
    const floor = windowFloor(priority, this.limit, this.backgroundReserveFraction);
    if (ahead < left - floor) return blocked;
    if (!over && ahead < left) {
      const releaseAt = this.releaseAt(priority, this.limit) ?? this.resetAtMs + this.resetMarginMs;
      return Math.max(blocked, releaseAt - now);
    }
    const windows = Math.ceil((ahead + 1 - left) / Math.max(1, this.limit));
    const firstEnd = over ? now : this.resetAtMs + this.resetMarginMs;
    const wait = firstEnd - now + (windows - 1) * (this.windowLengthMs ?? 0);
    return Math.max(blocked, wait);
  }

  /** A request of `priority` starts now, with `inFlight` of ours (it included): it uses one of the window and of the day. */
  start(priority: Priority, now: number, inFlight: number): StartMark {
    if (priority === 'background') this.lastBackgroundStartAt = now;
    if (this.remaining !== null) this.remaining = Math.max(0, this.remaining - 1);
    this.daily.count(now);
    this.started += 1;
    // One of ours answered a moment ago may still hold its place at the provider (it lets go once
    // the answer is out): counted as ours, so that its place is not taken for another client's.
    const recent = this.endedAt.filter((t) => now - t <= RECENT_END_MS).length;
    return { seq: this.started - 1, inFlight: inFlight + recent };
  }

  /** One of our requests ended now (its answer read, or it failed). */
  ended(now: number): void {
    this.endedAt.push(now);
    if (this.endedAt.length > 32) this.endedAt.shift();
  }
}
