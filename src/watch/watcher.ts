import type { Logger } from 'pino';
import { sleep } from '../clock.ts';
import { BACKGROUND } from '../provider/index.ts';
import { type SnapshotRow, WATCH_ALL, type WatchRow } from '../store/index.ts';
import { RequestBudget } from './budget.ts';
import {
  type ChangeContext,
  listNews,
  type PowerTransition,
  recordDetail,
  recordList,
  withLookTimes,
} from './changes.ts';
import { followedSignups, isDateRead, noteContractDate, readContractDate } from './contracts.ts';
import { HostingWatch } from './hosting-watch.ts';
import { KeyUseWatch } from './key-use-watch.ts';
import { nextTask, type WatchTask } from './next-task.ts';
import { OutsideOrOwn } from './outside-or-own.ts';
import { OwnOrders } from './own-orders.ts';
import { failureFacts } from './provider-errors.ts';
import { followSignup, isPendingStatus, type TrackedSignup } from './signups.ts';
import { channelsWatching } from './watch-channels.ts';
import type { WatcherOptions, WatcherProvider } from './watcher-options.ts';
import { emptyDetectionDelays, observeDetection, oldestOf, type WatcherStats } from './watcher-stats.ts';

/** A hosting server's record lists are read every this many intervals when the budget cannot read everything in one. */
export const LISTS_STRETCH = 3;

/**
 * The poller. Not a fixed cycle but a continuous, budget-paced choice of the
 * next request: the list when WATCH_INTERVAL_SECONDS has passed since the last
 * one, then signups and servers that are due (processing servers and pending
 * signups sooner), stalest first. When the budget allows more than the
 * interval needs, every watched server is read once per interval; when it
 * allows less, the cycle stretches and stalest-first keeps it round-robin, so
 * the worst-case detection delay is (servers + 1) / budgeted rate.
 */
export class Watcher {
  readonly budget: RequestBudget;
  private readonly opts: WatcherOptions;
  private readonly log: Logger;
  private readonly processingMs: number;
  private readonly flapMs: number;
  private readonly signupMs: number;
  private readonly escalateMs: number;
  private snapshots = new Map<string, SnapshotRow>();
  private watches: WatchRow[] = [];
  private signups: TrackedSignup[] = [];
  private readonly signupCheckedAt = new Map<string, number>();
  /** Power changes seen in the last flap window, by server. */
  private readonly changedRecently = new Map<string, number>();
  private lastListAt: number | undefined;
  private loaded = false;
  private readonly claimed = new Set<string>();
  private abort: AbortController | undefined;
  private loops: Promise<void>[] = [];
  private readonly counters = { requests: 0, rateLimited: 0, failures: 0, transitions: 0, lists: 0 };
  private readonly detection = emptyDetectionDelays();
  /** The hosting servers' domains, SSL, SSH and keys, on the same schedule and budget. */
  private readonly hosting: HostingWatch;
  private readonly own = new OutsideOrOwn(); // a server's changes waiting for their second look
  private readonly orders = new OwnOrders(this.signupCheckedAt); // new servers: the bot's own orders?
  /** The key's API log, for requests the bot did not make (off without `keyUse`). */
  private readonly keyUse: KeyUseWatch | undefined;

  constructor(opts: WatcherOptions) {
    this.opts = opts;
    this.log = opts.logger.child({ component: 'watcher' });
    this.budget = new RequestBudget(() => opts.provider.rateLimit, {
      share: opts.budgetShare,
      clock: opts.clock,
      daily: () => opts.provider.daily,
    });
    // Never slower than the interval itself.
    this.processingMs = Math.min(
      opts.intervalMs,
      opts.processingRecheckMs ?? Math.min(15_000, Math.max(1_000, opts.intervalMs / 4)),
    );
    this.flapMs = opts.flapWindowMs ?? 30_000;
    this.signupMs = opts.signupRecheckMs ?? Math.min(30_000, Math.max(1_000, opts.intervalMs / 2));
    this.escalateMs = opts.setupPendingEscalateMs ?? 2 * 3_600_000;
    // What the hosting and key-use watches share of the watcher: its parts, pace and budget.
    const side = {
      ...opts,
      log: this.log,
      flapMs: this.flapMs,
      another: <T>(c: () => Promise<T>) => this.another(c),
    };
    this.hosting = new HostingWatch({ ...side, keyServers: opts.hostingServers });
    this.keyUse = opts.keyUse ? new KeyUseWatch({ ...side, settings: opts.keyUse }) : undefined;
  }

  stats(): WatcherStats {
    return {
      ...this.counters,
      lastListAt: this.lastListAt,
      leader: this.opts.leadership.isLeader(),
      budget: this.budget.state(),
      oldestReadAt: oldestOf(this.readServers().map((s) => s.observedAt.getTime())),
      detection: { ...this.detection, counts: [...this.detection.counts] },
      keyUse: this.keyUse ? { ...this.keyUse.stats } : undefined,
    };
  }

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    const workers = Math.max(1, this.opts.maxWorkers ?? 4);
    const taken = () => {
      this.loaded = false;
    };
    this.loops =
      this.opts.keepsLease === false
        ? []
        : [this.opts.leadership.keep(this.opts.timers, abort.signal, this.log, taken)];
    for (let i = 0; i < workers; i += 1) this.loops.push(this.workLoop(abort.signal));
  }

  /**
   * Stops polling, waits for requests under way, and hands the lease back
   * (`release: false` leaves it to lapse, as a crashed process would).
   */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    const abort = this.abort;
    if (!abort) return;
    abort.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
    this.abort = undefined;
    if (!release || this.opts.keepsLease === false) return;
    try {
      await this.opts.leadership.release();
    } catch (err) {
      this.log.warn({ err }, 'could not release the watcher lease; it lapses by itself');
    }
  }

  /**
   * One full cycle at once, for tests and the first run: list, every tracked
   * signup, every server stalest first, each request waiting for the budget on
   * the injected timers.
   */
  async runCycle(): Promise<{ requests: number; transitions: PowerTransition[] }> {
    const before = this.counters.requests;
    const transitions: PowerTransition[] = [];
    await this.refresh();
    await this.paced({ kind: 'list', id: 'list' });
    for (const signup of this.signups)
      await this.paced({ kind: 'signup', id: `signup:${signup.id}`, signup });
    const order = this.readServers().sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
    for (const s of order) {
      const t = await this.paced({ kind: 'detail', id: s.serverUuid, uuid: s.serverUuid });
      if (t) transitions.push(t);
    }
    for (const h of this.hosting.slots(this.watches))
      await this.paced({ kind: 'hosting', id: h.id, server: h.server, part: h.part });
    if (this.keyUse?.slot(this.watches)) await this.paced({ kind: 'key-log', id: 'key-log' });
    return { requests: this.counters.requests - before, transitions };
  }

  private async paced(task: WatchTask): Promise<PowerTransition | undefined> {
    await this.budget.turn(this.opts.timers);
    return this.execute(task);
  }

  private async workLoop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        if (!this.opts.leadership.isLeader() || this.opts.paused?.() === true) {
          // Whoever leads next reads the store afresh (another replica wrote while this one followed).
          this.loaded = false;
          await sleep(this.opts.timers, Math.max(100, Math.floor(this.opts.leadership.ttlMs / 6)), signal);
          continue;
        }
        if (!this.loaded) await this.refresh();
        const next = this.nextTask();
        if ('waitMs' in next) {
          await sleep(this.opts.timers, Math.min(next.waitMs, 1_000), signal);
          continue;
        }
        const d = this.budget.delayMs();
        if (d > 0) {
          await sleep(this.opts.timers, Math.min(d, 1_000), signal);
          continue;
        }
        await this.execute(next.task);
      } catch (err) {
        // Store trouble: say so, wait a little, and let the next pass retry.
        this.counters.failures += 1;
        this.log.error({ err }, 'watcher step failed');
        await sleep(this.opts.timers, 1_000, signal);
      }
    }
  }

  /** Reloads what other parts of the bot change: snapshots, watches, signups. */
  private async refresh(): Promise<void> {
    const [snaps, watches, signups] = await Promise.all([
      this.opts.store.snapshots.all(),
      this.opts.store.watches.list(),
      followedSignups(this.opts.store, this.opts.clock.now()),
    ]);
    this.snapshots = new Map(snaps.map((s) => [s.serverUuid, s]));
    this.watches = watches;
    this.signups = signups;
    await this.hosting.load();
    this.loaded = true;
  }

  private nowMs(): number {
    return this.opts.clock.now().getTime();
  }

  private channelsFor = (uuid: string): string[] =>
    channelsWatching(this.opts.notifyChannel, this.watches, [WATCH_ALL, uuid]);

  /**
   * Every server the list names: the power state of each one is kept fresh
   * (`/vps list` shows it with its age); subscriptions decide only where a
   * change is reported.
   */
  private readServers(): SnapshotRow[] {
    return [...this.snapshots.values()].filter((s) => s.contractStatus !== 'gone');
  }

  /**
   * How long one round of reads takes at the budget's pace, at least the
   * interval: a power state older than a few of these means the watcher is behind.
   */
  cycleMs(): number {
    const rate = this.budget.state().rate;
    const servers = this.readServers().length + this.hosting.slots(this.watches).length + 1;
    const budgeted = rate !== undefined && rate > 0 ? (servers / rate) * 1000 : 0;
    return Math.max(this.opts.intervalMs, Math.ceil(budgeted));
  }

  private nextTask(): { task: WatchTask } | { waitMs: number } {
    return nextTask({
      now: this.nowMs(),
      intervalMs: this.opts.intervalMs,
      processingMs: this.processingMs,
      flapMs: this.flapMs,
      signupMs: this.signupMs,
      lastListAt: this.lastListAt,
      claimed: this.claimed,
      signups: this.signups,
      signupCheckedAt: this.signupCheckedAt,
      servers: this.readServers(),
      changedRecently: this.changedRecently,
      waiting: (uuid) => this.own.waiting(uuid),
      hosting: this.hosting.slots(this.watches),
      listsMs: this.listsMs(),
      keyLog: this.keyUse?.slot(this.watches),
    });
  }

  /**
   * How often a hosting server's record lists (DNS, cron, mail, FTP, SSL) are
   * read: every interval while the budget reads everything within one, every
   * LISTS_STRETCH intervals once it cannot, so that power states, domains and
   * SSH stay as fresh as before (src/watch/README.md, Hosting servers).
   */
  listsMs(): number {
    return this.cycleMs() > this.opts.intervalMs
      ? LISTS_STRETCH * this.opts.intervalMs
      : this.opts.intervalMs;
  }

  private context(now: number): ChangeContext {
    const { channelsFor, flapMs, own, orders, processingMs: secondLookMs } = this;
    return { now: new Date(now), channelsFor, flapMs, own, orders, secondLookMs };
  }

  private async execute(task: WatchTask): Promise<PowerTransition | undefined> {
    this.claimed.add(task.id);
    this.budget.take();
    this.counters.requests += 1;
    try {
      switch (task.kind) {
        case 'list':
          await this.doList();
          return undefined;
        case 'detail':
          return await this.doDetail(task.uuid);
        case 'signup':
          await this.doSignup(task.signup);
          return undefined;
        case 'hosting':
          if ((await this.hosting.read(task.server, task.part, this.watches)) > 0) this.opts.onOutbox?.();
          return undefined;
        case 'key-log':
          if (((await this.keyUse?.read(this.watches)) ?? 0) > 0) this.opts.onOutbox?.();
          return undefined;
      }
    } catch (err) {
      const facts = failureFacts(err);
      if (facts.rateLimited) {
        this.counters.rateLimited += 1;
        this.budget.backOff(facts.retryAfterSeconds);
        this.log.warn({ task: task.kind, retryAfter: facts.retryAfterSeconds }, 'provider answered 429');
      } else {
        this.counters.failures += 1;
        this.log.warn({ err, task: task.kind }, 'watcher request failed; retried next cycle');
      }
      this.markTried(task);
      return undefined;
    } finally {
      this.budget.done();
      this.claimed.delete(task.id);
    }
  }

  /** A failed read counts as a look, so one broken server cannot starve the rest. */
  private markTried(task: WatchTask): void {
    const now = this.nowMs();
    if (task.kind === 'list') this.lastListAt = now;
    else if (task.kind === 'signup') this.signupCheckedAt.set(task.signup.id, now);
    else if (task.kind === 'hosting') this.hosting.markTried(task.server, task.part, now);
    else if (task.kind === 'key-log') this.keyUse?.markTried(now);
    else {
      const s = this.snapshots.get(task.uuid);
      if (s) this.snapshots.set(task.uuid, { ...s, observedAt: new Date(now) });
    }
  }

  private async doList(): Promise<void> {
    const listing = await this.opts.provider.listServers(BACKGROUND);
    const now = this.nowMs();
    // Watches and signups change through commands; pick them up once per cycle.
    const [watches, signups, known] = await Promise.all([
      this.opts.store.watches.list(),
      followedSignups(this.opts.store, this.opts.clock.now()),
      this.opts.store.snapshots.all(),
    ]);
    this.watches = watches;
    this.signups = signups;
    const outcome = await recordList(this.opts.store, listing, known, this.context(now));
    this.snapshots = withLookTimes(await this.opts.store.snapshots.all(), this.snapshots);
    this.lastListAt = now;
    this.counters.lists += 1;
    // The client logged such an entry itself (once); this says what it costs the watcher.
    if (outcome.unaddressable > 0)
      this.log.debug(outcome, 'list entries without a readable uuid: no server is taken for gone this round');
    if (listNews(outcome)) {
      this.log.info(outcome, 'server list changed');
      this.opts.onOutbox?.();
    }
  }

  private async doDetail(uuid: string): Promise<PowerTransition | undefined> {
    let detail: Awaited<ReturnType<WatcherProvider['getServer']>>;
    try {
      detail = await this.opts.provider.getServer(uuid, BACKGROUND);
    } catch (err) {
      if (failureFacts(err).notFound) {
        // Gone between the list and this read: the next list call records it.
        this.markTried({ kind: 'detail', id: uuid, uuid });
        this.lastListAt = undefined;
        return undefined;
      }
      throw err;
    }
    const now = this.nowMs();
    const readBefore = this.snapshots.get(uuid)?.observedAt.getTime();
    const read = await recordDetail(this.opts.store, detail, this.context(now));
    const t = read.transition;
    // Looked at now, whatever it could read: the stored time says when the power state was read.
    this.snapshots.set(uuid, { ...read.snapshot, observedAt: new Date(now) });
    if (read.enqueued > 0) this.opts.onOutbox?.();
    if (t) {
      if (readBefore !== undefined) observeDetection(this.detection, (now - readBefore) / 1000);
      this.changedRecently.set(uuid, now);
      for (const [u, at] of this.changedRecently) if (now - at >= this.flapMs) this.changedRecently.delete(u);
      this.counters.transitions += 1;
      this.log.info({ uuid, from: t.from, to: t.to, alarm: t.alarm }, 'power changed');
      this.opts.onTransition?.(t);
    }
    return t;
  }

  /** One more request of a finished task, in the budget: its place first handed back (execute closes this one's). */
  private async another<T>(call: () => Promise<T>): Promise<T> {
    this.budget.done();
    await this.budget.turn(this.opts.timers);
    this.budget.take();
    this.counters.requests += 1;
    return call();
  }

  private async doSignup(signup: TrackedSignup): Promise<void> {
    if (isDateRead(signup)) {
      // Read once; a read that failed for now is back with the next list's reload.
      this.signups = this.signups.filter((s) => s.id !== signup.id);
      return readContractDate(this.opts, signup);
    }
    const { outcome, status } = await followSignup(signup, {
      provider: this.opts.provider,
      store: this.opts.store,
      log: this.log,
      another: (call) => this.another(call),
      now: () => this.opts.clock.now(),
      // Every status read also gives the contract's date (it is in the answer).
      noteStatus: (s) => noteContractDate(this.opts, signup, s),
      escalateAfterMs: this.escalateMs,
      notifyChannel: this.opts.notifyChannel,
      flapMs: this.flapMs,
    });
    this.signupCheckedAt.set(signup.id, this.nowMs());
    if (outcome === 'active') {
      this.signups = this.signups.filter((s) => s.id !== signup.id);
      this.signupCheckedAt.delete(signup.id);
    } else if (outcome === 'status-changed' && isPendingStatus(status)) {
      this.signups = this.signups.map((s) => (s.id === signup.id ? { ...s, providerStatus: status } : s));
    }
    if (outcome === 'active' || outcome === 'escalated') {
      this.log.info({ signup: signup.id, outcome }, 'signup follow-up');
      this.opts.onOutbox?.();
    }
  }
}
