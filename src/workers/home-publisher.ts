/**
 * Publishes people's App Homes (views.publish), the bot's own work. Only the
 * lease holder publishes (as only it runs the notifier), so the per-person
 * and workspace paces hold across replicas; every replica's changes reach it
 * through the stale flags in the store (src/services/home-changes.ts), read
 * every `pollMs`, and a change made here wakes it at once.
 *
 * Each pass takes the stale Homes, the longest waiting first, and for each
 * one whose person may be published now (`PublishPace`, below) draws the Home from
 * the store as it is at that moment (the latest view wins: five changes in a
 * second give one publish, of the fifth), and publishes it unless it is the
 * view published last (its fingerprint). A refresh that came while its Home was
 * drawn stays, and is published a second later. Slack's refusals hold back
 * one person (or, for a 429, every publish for its Retry-After); they never
 * hold back anything else the bot does. A person Slack no longer knows is
 * forgotten, and so is anyone who has not opened their Home for `keepQuietMs`.
 */
import { createHash } from 'node:crypto';
import type { HomeView } from '@slack/types';
import { type Clock, KickedLoop, realTimers, systemClock, type Timers } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { HomeViewer, Store } from '../store/index.ts';
import { classifySlackFailure, type Failure } from './notifier/send.ts';

export interface HomePublisherStats {
  published: number;
  /** Drawn again and found as published: no call. */
  unchanged: number;
  failed: number;
  rateLimited: number;
}

/** Marks read per pass (the rest wait for the next). */
const BATCH = 200;
/** Slack no longer knows this person: their Home is not published again. */
const GONE = new Set(['user_not_found', 'user_not_visible', 'user_disabled']);

function viewFingerprint(view: HomeView): string {
  return createHash('sha256').update(JSON.stringify(view)).digest('base64url');
}

export class HomePublisher {
  private readonly clock: Clock;
  private readonly paceNow: () => number;
  private readonly timers: Timers;
  private readonly pace: PublishPace;
  private readonly log: Logger;
  private readonly pollMs: number;
  private readonly keepQuietMs: number;
  private readonly counters: HomePublisherStats = { published: 0, unchanged: 0, failed: 0, rateLimited: 0 };
  /** Passes; a refresh made here wakes it (one during a pass: looked at once its wait is over). */
  private readonly loop: KickedLoop;
  private purgedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly opts: {
      store: Store;
      /** Slack's `views.publish` (a WebClient's `views`). */
      slack: { publish(args: { user_id: string; view: HomeView }): Promise<unknown> };
      /** A person's Home as it is now, in their language; `refresh`: they just opened it. */
      draw(userId: string, refresh: boolean): Promise<HomeView>;
      logger: Logger;
      /** The bot's clock: when a Home was published, who has been quiet long. */
      clock?: Clock;
      /**
       * The time Slack's rate limits run on (epoch ms) and the timers waited on:
       * wall time, whatever the bot's clock says (a test's manual clock included);
       * tests of the publisher itself pass a manual pair.
       */
      paceNow?: () => number;
      timers?: Timers;
      /** Publishes only while this says so (the watcher lease). Default: always. */
      isLeader?: () => boolean;
      /** At most one publish per person in this long. Default 1 s (Slack's rule). */
      perPersonMs?: number;
      /** The workspace's publishes within any minute. Default 100 (views.publish is Tier 4: 100+ a minute). */
      perMinute?: number;
      /** How often the stale Homes are read when nothing wakes it. Default 1 s. */
      pollMs?: number;
      /** Longest hold of one person after refusals. Default 10 min. */
      maxBackoffMs?: number;
      /** Who has not opened their Home for this long is forgotten. Default 30 days. */
      keepQuietMs?: number;
    },
  ) {
    this.clock = opts.clock ?? systemClock;
    this.paceNow = opts.paceNow ?? Date.now;
    this.timers = opts.timers ?? realTimers;
    this.log = opts.logger.child({ component: 'home-publisher' });
    this.pollMs = opts.pollMs ?? 1_000;
    this.loop = new KickedLoop(
      this.timers,
      () => this.pass(),
      (wait) => wait >= this.pollMs,
    );
    this.keepQuietMs = opts.keepQuietMs ?? 30 * 86_400_000;
    this.pace = new PublishPace(
      opts.perPersonMs ?? 1_000,
      Math.max(1, opts.perMinute ?? 100),
      opts.maxBackoffMs ?? 600_000,
    );
  }

  stats(): HomePublisherStats {
    return { ...this.counters };
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Marks were written (a change here, or a Home opened here): look at once. */
  kick(): void {
    this.loop.kick();
  }

  private now(): number {
    return this.paceNow();
  }

  /**
   * One pass over the stale Homes: publishes those whose turn it is, and
   * answers how long until the next may go (at most the poll interval).
   */
  async publishDue(): Promise<number> {
    let wait = this.pollMs;
    const marked = await this.opts.store.homeViewers.stale(BATCH);
    for (const viewer of marked) {
      const now = this.now();
      const workspace = this.pace.workspaceWait(now);
      if (workspace > 0) return Math.min(wait, workspace);
      const person = this.pace.personWait(viewer.userId, now);
      if (person > 0) {
        wait = Math.min(wait, person);
        continue;
      }
      const next = await this.publishOne(viewer);
      if (next !== undefined) return Math.min(wait, next);
    }
    return wait;
  }

  /** Draws and publishes one Home; a wait for the whole workspace when Slack asked for one. */
  private async publishOne(viewer: HomeViewer): Promise<number | undefined> {
    const { userId } = viewer;
    let view: HomeView;
    try {
      view = await this.opts.draw(userId, viewer.viewHash === null);
    } catch (err) {
      this.counters.failed += 1;
      this.pace.failed(
        userId,
        { rateLimited: false, retryAfterMs: undefined, error: 'draw_failed' },
        this.now(),
      );
      this.log.error({ err, userId }, 'Home not drawn; tried again later');
      return undefined;
    }
    const hash = viewFingerprint(view);
    if (hash === viewer.viewHash) {
      this.counters.unchanged += 1;
      await this.opts.store.homeViewers.settle(userId, viewer.staleGen);
      return undefined;
    }
    const at = this.now();
    const publishedAt = this.clock.now();
    this.pace.sent(userId, at);
    try {
      await this.opts.slack.publish({ user_id: userId, view });
    } catch (err) {
      const failure = classifySlackFailure(err);
      if (GONE.has(failure.error)) {
        await this.opts.store.homeViewers.forget(userId);
        this.log.info(
          { userId, error: failure.error },
          'Slack no longer knows this person: their Home is forgotten',
        );
        return undefined;
      }
      const held = this.pace.failed(userId, failure, this.now());
      if (failure.rateLimited) this.counters.rateLimited += 1;
      else this.counters.failed += 1;
      this.log.warn({ userId, error: failure.error, heldMs: held }, 'Home not published; tried again later');
      return failure.rateLimited ? held : undefined;
    }
    this.pace.succeeded(userId);
    this.counters.published += 1;
    await this.opts.store.homeViewers.settle(userId, viewer.staleGen, { hash, at: publishedAt });
    return undefined;
  }

  private async purgeIfDue(): Promise<void> {
    const now = this.clock.now().getTime();
    if (Math.abs(now - this.purgedAt) < 3_600_000) return;
    this.purgedAt = now;
    const n = await this.opts.store.homeViewers.purgeQuiet(new Date(now - this.keepQuietMs));
    if (n > 0)
      this.log.info({ forgotten: n }, 'people who have not opened their Home for long are forgotten');
  }

  /** One pass of the loop (lease holder only); how long until the next. */
  private async pass(): Promise<number> {
    try {
      if (!(this.opts.isLeader?.() ?? true)) return this.pollMs;
      await this.purgeIfDue();
      return Math.max(1, await this.publishDue());
    } catch (err) {
      this.log.error({ err }, 'Home pass failed; the marks stay');
      return this.pollMs;
    }
  }
}

/** Errors another try will not mend soon: the longest hold at once. */
const LASTING = new Set([
  'invalid_auth',
  'token_revoked',
  'account_inactive',
  'not_enabled',
  'invalid_arguments',
]);

const MINUTE_MS = 60_000;

/**
 * When a person's Home may be published: at most once per `perPersonMs`
 * (Slack asks for no more than one views.publish a second per person), the
 * workspace's publishes kept to `perMinute` within any rolling minute
 * (views.publish is Tier 4, "100+ per minute" with bursts allowed: a change
 * that concerns fifty people is published at once, one call after the other,
 * and only the hundred-and-first within a minute waits for the oldest to
 * leave the window), everything held back for a 429's Retry-After, and one
 * person held back, longer each time, after Slack refused their view or could
 * not be reached.
 */
export class PublishPace {
  private readonly lastAt = new Map<string, number>();
  private readonly held = new Map<string, { until: number; failures: number }>();
  /** When the workspace's publishes of the last minute were sent, oldest first. */
  private readonly window: number[] = [];
  /** A 429's Retry-After: nothing goes before this. */
  private heldUntil = 0;

  constructor(
    private readonly perPersonMs: number,
    private readonly perMinute: number,
    private readonly maxBackoffMs: number,
  ) {}

  /** How long until this person may be published (0: now). */
  personWait(userId: string, now: number): number {
    const last = this.lastAt.get(userId);
    const paced = last === undefined ? 0 : last + this.perPersonMs - now;
    const held = (this.held.get(userId)?.until ?? 0) - now;
    return Math.max(0, paced, held);
  }

  /** How long until the workspace's next publish may go (0: now). */
  workspaceWait(now: number): number {
    while (this.window.length > 0 && now - this.window[0]! >= MINUTE_MS) this.window.shift();
    const full = this.window.length >= this.perMinute ? this.window[0]! + MINUTE_MS - now : 0;
    return Math.max(0, this.heldUntil - now, full);
  }

  /** A publish was sent now (whatever Slack answered): the person's second and the workspace's slot are used. */
  sent(userId: string, now: number): void {
    this.lastAt.set(userId, now);
    this.window.push(now);
    // A pace older than a second is no pace at all: forget it, so the map stays small.
    if (this.lastAt.size > 1_000)
      for (const [u, at] of this.lastAt) if (now - at >= this.perPersonMs) this.lastAt.delete(u);
  }

  succeeded(userId: string): void {
    this.held.delete(userId);
  }

  /** Slack refused it or could not be reached: a 429 holds every publish, anything else this person. */
  failed(userId: string, failure: Failure, now: number): number {
    if (failure.rateLimited) {
      const wait = Math.max(1_000, failure.retryAfterMs ?? 1_000);
      this.heldUntil = Math.max(this.heldUntil, now + wait);
      return wait;
    }
    const failures = (this.held.get(userId)?.failures ?? 0) + 1;
    const wait = LASTING.has(failure.error)
      ? this.maxBackoffMs
      : Math.min(this.maxBackoffMs, 1_000 * 2 ** Math.min(failures - 1, 20));
    this.held.set(userId, { until: now + wait, failures });
    return wait;
  }
}
