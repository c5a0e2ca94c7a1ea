/**
 * The gate every request passes before it is sent. Four priorities share one
 * key: a paid order's execution and approved operations (`order`), then
 * changes (`write`), then people's reads (`read`), then the watcher and other
 * background work (`background`). The next free place always goes to the
 * highest priority waiting, and inside a priority people are served in turn
 * (gate-queue.ts); each priority leaves something to the ones above it, so
 * that a flood below never holds a request above for longer than one
 * request's latency:
 *
 * - concurrency: reads never take the last free place (a write finds one at
 *   once), background never the last two;
 * - the window (`X-RateLimit-Remaining` until `X-RateLimit-Reset`): writes
 *   leave the last request to orders, reads leave enough for a change on top
 *   (`windowFloor`) until the window's last stretch (rate-limit-state.ts),
 *   background leaves another 10 % and is spaced out when the budget runs low;
 * - the day (daily-budget.ts): background stops before the day's reserve.
 *
 * After a window 429 everything waits for Retry-After. All limits are learned
 * from the headers; none is hard-coded. A person is refused a new request
 * only when their own already waiting reach a bound (queue-bound.ts).
 *
 * The gate decides who goes next and when; the lines of waiters are
 * gate-queue.ts, what the limits allow now is rate-limit-state.ts, each
 * priority's share is priorities.ts, and the person's bound queue-bound.ts.
 */
import { DailyBudget } from './daily-budget.ts';
import { type GatePermit, GateQueue, GateTicket, SHARED_PARTICIPANT, type Waiter } from './gate-queue.ts';
import { outranks, type Priority } from './priorities.ts';
import type { ProviderClock } from './provider-clock.ts';
import { DEFAULT_QUEUE_BOUND, overBound, type QueueBoundOptions } from './queue-bound.ts';
import type { RateLimitSnapshot } from './rate-limit-headers.ts';
import { RateLimitState, type RateLimitStateOptions, type StartMark } from './rate-limit-state.ts';

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

export class RateLimitGate {
  private readonly clock: ProviderClock;
  private readonly maxBlockMs: number;
  readonly daily: DailyBudget;
  private readonly limits: RateLimitState;
  private readonly bound: Required<QueueBoundOptions>;
  /** Commands one of whose requests was queued: their later requests are never refused. */
  private readonly admitted = new WeakSet<object>();

  private readonly queue = new GateQueue();
  private releaseWaiters: Array<() => void> = [];
  private wakeAt: number | null = null;
  private wakeCtl: AbortController | null = null;
  private closed = false;

  inFlight = 0;

  constructor(
    clock: ProviderClock,
    opts: RateLimitStateOptions & {
      /** A Retry-After beyond this rejects the waiters with GateBlockedError instead of holding them. */
      maxBlockMs?: number;
      /** The day's budget (a configured daily limit, the day's 429s); default: no limit known. */
      daily?: DailyBudget;
      /** When a person's waiting requests are enough (queue-bound.ts); default 60 s and 20 requests. */
      queueBound?: QueueBoundOptions;
    },
  ) {
    this.clock = clock;
    this.maxBlockMs = opts.maxBlockMs ?? Number.POSITIVE_INFINITY;
    this.daily = opts.daily ?? new DailyBudget();
    this.limits = new RateLimitState(opts, this.daily);
    this.bound = { ...DEFAULT_QUEUE_BOUND, ...opts.queueBound };
  }

  /** The last rate-limit headers seen, as sent. */
  get snapshot(): RateLimitSnapshot {
    return this.limits.snapshot;
  }

  get queued(): number {
    return this.queue.size;
  }

  /** Waiters per priority. */
  queuedBy(): Record<Priority, number> {
    return this.queue.sizeBy();
  }

  /** Requests `person` has waiting. */
  waitingOf(person: string): number {
    return this.queue.waitingOf(person);
  }

  /**
   * Lets a person's new request into the queue, or throws `QueueFullError`
   * when their own waiting requests reach the bound (queue-bound.ts). Call it
   * before the request is sent, not for its retries. `command` is what the
   * request is part of (any object, the same for all of the command's
   * requests): once one of them was let in, the rest of the command is never
   * refused, so a command is either refused before anything of it was sent
   * or answered.
   */
  admit(ticket: GateTicket, command?: object): void {
    if (ticket.person === SHARED_PARTICIPANT) return;
    if (command !== undefined && this.admitted.has(command)) return;
    const refused = overBound(
      this.queue,
      this.limits,
      this.bound,
      ticket.person,
      ticket.priority,
      this.clock.now(),
    );
    if (refused) throw refused;
    if (command !== undefined) this.admitted.add(command);
  }

  /** Waits for a place; the highest priority waiting always goes first, then people in turn. */
  acquire(priority: Priority | GateTicket, signal?: AbortSignal): Promise<GatePermit> {
    if (this.closed) return Promise.reject(new GateClosedError('provider client is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const ticket = typeof priority === 'string' ? new GateTicket(priority) : priority;
    const blocked = this.blockedForMs();
    if (blocked > this.maxBlockMs) return Promise.reject(new GateBlockedError(blocked));
    if (ticket.priority === 'background') {
      // The day's reserve is for people: background work is refused at once instead of parked for hours.
      const held = this.daily.state(this.clock.now()).backgroundHeldUntil;
      if (held !== null) return Promise.reject(new GateBlockedError(Math.max(1, held - this.clock.now())));
    }
    return new Promise<GatePermit>((resolve, reject) => {
      const waiter: Waiter = { ticket, resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          this.queue.remove(waiter);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Raises a ticket (never lowers it); a waiter holding it moves to its new queue. */
  raise(ticket: GateTicket, priority: Priority): void {
    if (!outranks(priority, ticket.priority)) return;
    if (this.queue.move(ticket, priority)) this.pump();
  }

  /**
   * Someone joins a ticket (an identical read in flight): it is raised to
   * their priority, and a person's own turn takes it when that comes sooner.
   */
  join(ticket: GateTicket, priority: Priority, person: string = SHARED_PARTICIPANT): void {
    const raised = outranks(priority, ticket.priority) && this.queue.move(ticket, priority);
    const moved = person !== SHARED_PARTICIPANT && this.queue.join(ticket, person);
    if (raised || moved) this.pump();
  }

  /** One of our requests took `ms` from sending to its answer (the reserve's last stretch is one latency). */
  noteLatency(ms: number): void {
    this.limits.noteLatency(ms);
  }

  /** A window's length as the headers showed it (ms); null until two windows were seen. */
  get windowMs(): number | null {
    return this.limits.windowMs;
  }

  /**
   * Feeds the headers of an answer; call while the answer's permit is still
   * held, with it (an answer overtaken by a later request's is older news).
   */
  observe(snap: RateLimitSnapshot, permit?: GatePermit): void {
    this.limits.observe(snap, this.inFlight, permit?.mark);
    this.pump();
  }

  /** After a window 429: nothing is sent before `ms` has passed. */
  blockFor(ms: number): void {
    this.limits.blockFor(ms, this.clock.now());
    const blocked = this.blockedForMs();
    if (blocked > this.maxBlockMs) this.rejectAll(() => new GateBlockedError(blocked));
    this.pump();
  }

  /** The end of the window we know of (epoch ms), for telling a window 429 from the day's. */
  get windowEndsAt(): number | null {
    return this.limits.windowEndsAt;
  }

  /**
   * A concurrency 429 while we held `inFlight` places (the refused request
   * included): someone else uses the key too, so hold back to what fit.
   */
  noteConcurrencyRefused(): void {
    this.limits.noteConcurrencyRefused(this.inFlight);
  }

  /** How long the gate holds every request after a window 429 (0 when open). */
  blockedForMs(): number {
    return this.limits.blockedForMs(this.clock.now());
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
    for (const w of this.queue.drain()) {
      if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
      w.reject(makeError());
    }
  }

  private pump(): void {
    if (this.closed) return;
    for (;;) {
      const priority = this.queue.highest();
      if (priority === undefined) return;
      // Each lower priority is stricter, so when the highest waiting must wait, so would they.
      const now = this.clock.now();
      const decision = this.limits.check(priority, now, this.inFlight, this.queue.sizeAt(priority));
      if (decision === 'release') return;
      if (typeof decision === 'number') {
        this.scheduleWake(decision);
        return;
      }
      const waiter = this.queue.shift(priority);
      if (!waiter) return;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.inFlight += 1;
      waiter.resolve(this.makePermit(this.limits.start(priority, now, this.inFlight)));
    }
  }

  private makePermit(mark: StartMark): GatePermit {
    let released = false;
    return {
      mark,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.limits.ended(this.clock.now());
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
        // How late it came: the window's last stretch starts that much earlier (rate-limit-state.ts).
        this.limits.noteWakeLag(this.clock.now() - at);
        this.pump();
      },
      () => undefined,
    );
  }
}
