/**
 * The gate every request passes before it is sent. Four priorities share one
 * key: a paid order's execution and approved operations (`order`), then
 * changes (`write`), then people's reads (`read`), then the watcher and other
 * background work (`background`). The next free place always goes to the
 * highest priority waiting, and each priority leaves something to the ones
 * above it, so that a flood below never holds a request above for longer than
 * one request's latency:
 *
 * - concurrency: reads never take the last free place (a write finds one at
 *   once), background never the last two;
 * - the window (`X-RateLimit-Remaining` until `X-RateLimit-Reset`): writes
 *   leave the last request to orders, reads leave enough for a change on top
 *   (`windowFloor`), background leaves another 10 % and is spaced out when
 *   the budget runs low;
 * - the day (daily-budget.ts): background stops before the day's reserve.
 *
 * After a window 429 everything waits for Retry-After. All limits are learned
 * from the headers; none is hard-coded.
 */
import { DailyBudget } from './daily-budget.ts';

export interface RateLimitSnapshot {
  limit: number | null;
  remaining: number | null;
  /** End of the current window, Unix epoch seconds, as the provider sent it. */
  reset: number | null;
  concurrentLimit: number | null;
  concurrentRemaining: number | null;
  /** When these values were read (client clock, epoch ms); null before any answer. */
  seenAt: number | null;
}

/** Highest first. */
export const PRIORITIES = ['order', 'write', 'read', 'background'] as const;
export type Priority = (typeof PRIORITIES)[number];

const RANK: Record<Priority, number> = { order: 0, write: 1, read: 2, background: 3 };

/** Whether `a` goes before `b`. */
export function outranks(a: Priority, b: Priority): boolean {
  return RANK[a] < RANK[b];
}

/**
 * Requests of a window that `priority` leaves to the priorities above it:
 * writes leave one to orders; reads leave that one and enough for a change
 * (up to three: the key's scope, the server list, the change itself; 5 % of
 * larger windows, never more than a quarter); background another 10 %.
 */
export function windowFloor(priority: Priority, limit: number, backgroundReserveFraction = 0.1): number {
  if (priority === 'order') return 0;
  const forOrders = limit >= 3 ? 1 : 0;
  if (priority === 'write') return forOrders;
  const forWrites = Math.min(Math.max(3, Math.ceil(limit * 0.05)), Math.floor(limit / 4));
  if (priority === 'read') return forOrders + forWrites;
  return forOrders + forWrites + Math.max(1, Math.ceil(limit * backgroundReserveFraction));
}

/** Places in flight `priority` may fill out of `cap`: reads leave one, background two. */
export function placesFor(priority: Priority, cap: number): number {
  const leave = priority === 'read' ? 1 : priority === 'background' ? 2 : 0;
  return Math.max(1, cap - leave);
}

/**
 * One request's place in the queue. Raising it (an identical read joined by a
 * person who outranks its first asker) moves it up while it waits.
 */
export class GateTicket {
  constructor(public priority: Priority) {}
}

export interface ProviderClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

type HeaderBag = Record<string, string | string[] | undefined>;

function num(headers: HeaderBag, name: string): number | null {
  const raw = headers[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Reads the five X-RateLimit-* headers; null when the answer carried none. */
export function parseRateLimitHeaders(headers: HeaderBag, nowMs: number): RateLimitSnapshot | null {
  const snap: RateLimitSnapshot = {
    limit: num(headers, 'x-ratelimit-limit'),
    remaining: num(headers, 'x-ratelimit-remaining'),
    reset: num(headers, 'x-ratelimit-reset'),
    concurrentLimit: num(headers, 'x-ratelimit-concurrent-limit'),
    concurrentRemaining: num(headers, 'x-ratelimit-concurrent-remaining'),
    seenAt: nowMs,
  };
  const any =
    snap.limit !== null ||
    snap.remaining !== null ||
    snap.reset !== null ||
    snap.concurrentLimit !== null ||
    snap.concurrentRemaining !== null;
  return any ? snap : null;
}

export interface GateOptions {
  /** Upper bound of our own requests in flight (the pool's connections). */
  maxConcurrency: number;
  /** In flight before the provider has told us its concurrency limit. */
  initialConcurrency?: number;
  /** Below this share of the window's limit (above the reserve), background requests are spaced until the reset. */
  lowWaterFraction?: number;
  /** Share of the window kept from background work for people (on top of the writes' reserve). */
  backgroundReserveFraction?: number;
  /** Added after a reset time, so that our clock being a little early does not cost a 429. */
  resetMarginMs?: number;
  /** A Retry-After beyond this rejects the waiters with GateBlockedError instead of holding them. */
  maxBlockMs?: number;
  /** The day's budget (a configured daily limit, the day's 429s); default: no limit known. */
  daily?: DailyBudget;
}

interface Waiter {
  ticket: GateTicket;
  resolve: (permit: GatePermit) => void;
  reject: (err: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export interface GatePermit {
  release(): void;
}

export class GateClosedError extends Error {
  override name = 'GateClosedError';
}

/** The provider asked for a wait longer than the gate will hold anyone (a daily limit). */
export class GateBlockedError extends Error {
  override name = 'GateBlockedError';
  constructor(readonly blockedMs: number) {
    super(`rate limited for ${Math.ceil(blockedMs / 1000)} s`);
  }
}

const emptyQueues = (): Record<Priority, Waiter[]> => ({ order: [], write: [], read: [], background: [] });

export class RateLimitGate {
  private readonly clock: ProviderClock;
  private readonly maxConcurrency: number;
  private readonly initialConcurrency: number;
  private readonly lowWaterFraction: number;
  private readonly backgroundReserveFraction: number;
  private readonly resetMarginMs: number;
  private readonly maxBlockMs: number;
  readonly daily: DailyBudget;

  private readonly queues = emptyQueues();
  private releaseWaiters: Array<() => void> = [];
  private wakeAt: number | null = null;
  private wakeCtl: AbortController | null = null;
  private closed = false;

  inFlight = 0;
  private limit: number | null = null;
  private remaining: number | null = null;
  private resetAtMs: number | null = null;
  private concurrentLimit: number | null = null;
  private blockedUntil = 0;
  /** Lowered after a concurrency 429 (others hold places of the key), raised again one by one. */
  private sharedCap: number | null = null;
  private lastBackgroundStartAt = 0;
  private last: RateLimitSnapshot = {
    limit: null,
    remaining: null,
    reset: null,
    concurrentLimit: null,
    concurrentRemaining: null,
    seenAt: null,
  };

  constructor(clock: ProviderClock, opts: GateOptions) {
    this.clock = clock;
    this.maxConcurrency = Math.max(1, opts.maxConcurrency);
    this.initialConcurrency = Math.max(1, Math.min(opts.initialConcurrency ?? 1, this.maxConcurrency));
    this.lowWaterFraction = opts.lowWaterFraction ?? 0.1;
    this.backgroundReserveFraction = opts.backgroundReserveFraction ?? 0.1;
    this.resetMarginMs = opts.resetMarginMs ?? 50;
    this.maxBlockMs = opts.maxBlockMs ?? Number.POSITIVE_INFINITY;
    this.daily = opts.daily ?? new DailyBudget();
  }

  /** The last rate-limit headers seen, as sent. */
  get snapshot(): RateLimitSnapshot {
    return { ...this.last };
  }

  get queued(): number {
    return PRIORITIES.reduce((n, p) => n + this.queues[p].length, 0);
  }

  /** Waiters per priority. */
  queuedBy(): Record<Priority, number> {
    return {
      order: this.queues.order.length,
      write: this.queues.write.length,
      read: this.queues.read.length,
      background: this.queues.background.length,
    };
  }

  /** Waits for a place; the highest priority waiting always goes first. */
  acquire(priority: Priority | GateTicket, signal?: AbortSignal): Promise<GatePermit> {
    if (this.closed) return Promise.reject(new GateClosedError('provider client is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const ticket = typeof priority === 'string' ? new GateTicket(priority) : priority;
    const blocked = this.blockedForMs();
    if (blocked > this.maxBlockMs) return Promise.reject(new GateBlockedError(blocked));
    if (ticket.priority === 'background') {
      // The day's reserve is for people: background work is told at once instead of parked for hours.
      const held = this.daily.state(this.clock.now()).backgroundHeldUntil;
      if (held !== null) return Promise.reject(new GateBlockedError(Math.max(1, held - this.clock.now())));
    }
    return new Promise<GatePermit>((resolve, reject) => {
      const waiter: Waiter = { ticket, resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          const q = this.queues[waiter.ticket.priority];
          const i = q.indexOf(waiter);
          if (i >= 0) q.splice(i, 1);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queues[ticket.priority].push(waiter);
      this.pump();
    });
  }

  /** Raises a ticket (never lowers it); a waiter holding it moves to its new queue. */
  raise(ticket: GateTicket, priority: Priority): void {
    if (!outranks(priority, ticket.priority)) return;
    const q = this.queues[ticket.priority];
    const i = q.findIndex((w) => w.ticket === ticket);
    ticket.priority = priority;
    if (i < 0) return;
    const [waiter] = q.splice(i, 1);
    if (waiter) this.queues[priority].push(waiter);
    this.pump();
  }

  /** Feeds the headers of an answer; call while the answer's permit is still held. */
  observe(snap: RateLimitSnapshot): void {
    this.last = { ...snap };
    if (snap.limit !== null) this.limit = snap.limit;
    if (snap.concurrentLimit !== null) this.concurrentLimit = Math.max(1, snap.concurrentLimit);
    if (this.sharedCap !== null && snap.concurrentRemaining !== null && snap.concurrentRemaining > 0) {
      this.sharedCap += 1;
      if (this.concurrentLimit !== null && this.sharedCap >= this.concurrentLimit) this.sharedCap = null;
    }
    if (snap.remaining !== null) {
      const resetMs = snap.reset !== null ? snap.reset * 1000 : null;
      if (resetMs !== null && (this.resetAtMs === null || resetMs > this.resetAtMs + 500)) {
        // A new window: our other requests still in flight may not be counted in it yet.
        this.resetAtMs = resetMs;
        this.remaining = Math.max(0, snap.remaining - Math.max(0, this.inFlight - 1));
      } else if (resetMs === null || resetMs >= this.resetAtMs! - 500) {
        // Same window: the provider's count also sees other users of the key.
        this.remaining = Math.min(this.remaining ?? Number.POSITIVE_INFINITY, snap.remaining);
      }
    }
    this.pump();
  }

  /** After a window 429: nothing is sent before `ms` has passed. */
  blockFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.clock.now() + ms);
    this.remaining = 0;
    // Retry-After is the provider's own word on when the window reopens.
    this.resetAtMs = this.blockedUntil;
    const blocked = this.blockedForMs();
    if (blocked > this.maxBlockMs) this.rejectAll(() => new GateBlockedError(blocked));
    this.pump();
  }

  /** The end of the window we know of (epoch ms), for telling a window 429 from the day's. */
  get windowEndsAt(): number | null {
    return this.resetAtMs;
  }

  /**
   * A concurrency 429 while we held `inFlight` places (the refused request
   * included): someone else uses the key too, so hold back to what fit.
   */
  noteConcurrencyRefused(): void {
    this.sharedCap = Math.max(1, this.inFlight - 1);
  }

  /** How long the gate holds every request after a window 429 (0 when open). */
  blockedForMs(): number {
    return Math.max(0, this.blockedUntil - this.clock.now());
  }

  /** Resolves when one of our requests in flight finishes (a concurrency 429 waits for this). */
  waitForRelease(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.releaseWaiters = this.releaseWaiters.filter((f) => f !== done);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.releaseWaiters.push(done);
    });
  }

  close(): void {
    this.closed = true;
    this.wakeCtl?.abort();
    this.wakeCtl = null;
    this.rejectAll(() => new GateClosedError('provider client is closed'));
    for (const f of this.releaseWaiters.splice(0)) f();
  }

  private rejectAll(makeError: () => Error): void {
    for (const p of PRIORITIES) {
      for (const w of this.queues[p].splice(0)) {
        if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
        w.reject(makeError());
      }
    }
  }

  private capacity(): number {
    const cap = Math.min(this.maxConcurrency, this.concurrentLimit ?? this.initialConcurrency);
    return this.sharedCap === null ? cap : Math.min(cap, this.sharedCap);
  }

  /**
   * 'go', a time to wait for, or 'release' (wait until a request of ours ends).
   * Stricter for each step down in priority: when one must wait, every lower one must too.
   */
  private check(priority: Priority, now: number): 'go' | 'release' | number {
    if (now < this.blockedUntil) return this.blockedUntil;
    if (this.inFlight >= placesFor(priority, this.capacity())) return 'release';
    if (priority === 'background') {
      const held = this.daily.state(now).backgroundHeldUntil;
      if (held !== null) return held;
    }
    if (this.resetAtMs !== null && now >= this.resetAtMs + this.resetMarginMs) {
      // The window we knew has ended; assume a fresh one until headers say otherwise.
      this.resetAtMs = null;
      this.remaining = this.limit;
    }
    if (this.remaining === null) return 'go';
    const limit = this.limit ?? this.remaining;
    const floor = windowFloor(priority, limit, this.backgroundReserveFraction);
    const nextWindow = (this.resetAtMs ?? now + 1000) + this.resetMarginMs;
    if (this.remaining <= floor) return nextWindow;
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

  private pump(): void {
    if (this.closed) return;
    for (;;) {
      const priority = PRIORITIES.find((p) => this.queues[p].length > 0);
      if (priority === undefined) return;
      // Each lower priority is stricter, so when the highest waiting must wait, so would they.
      const now = this.clock.now();
      const decision = this.check(priority, now);
      if (decision === 'release') return;
      if (typeof decision === 'number') {
        this.scheduleWake(decision);
        return;
      }
      const waiter = this.queues[priority].shift();
      if (!waiter) return;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.start(priority, now);
      waiter.resolve(this.makePermit());
    }
  }

  private start(priority: Priority, now: number): void {
    this.inFlight += 1;
    if (priority === 'background') this.lastBackgroundStartAt = now;
    if (this.remaining !== null) this.remaining = Math.max(0, this.remaining - 1);
    this.daily.count(now);
  }

  private makePermit(): GatePermit {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        const waiters = this.releaseWaiters.splice(0);
        for (const f of waiters) f();
        this.pump();
      },
    };
  }

  private scheduleWake(at: number): void {
    if (this.wakeAt !== null && this.wakeAt <= at) return;
    this.wakeCtl?.abort();
    const ctl = new AbortController();
    this.wakeCtl = ctl;
    this.wakeAt = at;
    this.clock.sleep(Math.max(1, at - this.clock.now()), ctl.signal).then(
      () => {
        if (this.wakeCtl !== ctl) return;
        this.wakeCtl = null;
        this.wakeAt = null;
        this.pump();
      },
      () => undefined,
    );
  }
}
