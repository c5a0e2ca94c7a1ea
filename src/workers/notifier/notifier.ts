/**
 * Drains the outbox into Slack. Only the process that leads (the watcher
 * lease; with SQLite the one process) posts, so replicas do not post the same
 * row twice.
 *
 * - Incidents (src/watch/incidents.ts): an `open` row posts the incident's
 *   message at once, showing everything the incident holds by then, and
 *   records its ts with the rows it answers in one transaction; `update` rows
 *   wait for that ts and edit the message (chat.update), all those due for one
 *   message in one call; `reply` rows wait for it too and answer in its
 *   thread. Because a message is always drawn from the incident as stored, an
 *   update that a later post or edit already shows is marked sent without a
 *   call, and one that comes after a restart is drawn the same way
 *   (match-posts.ts, plan.ts).
 * - Pace: one post per channel per `minIntervalMs` (Slack allows about one
 *   message a second per channel, with short bursts), and edits apart at the
 *   same pace. A new alert goes ahead of thread replies and notices waiting
 *   in the same channel (one passed over for a minute gets every other turn),
 *   and may follow the channel's last post at once, once (pacing.ts).
 * - Bursts: when a channel has `digestThreshold` or more incidents (or other
 *   notices) to open at once, it gets one digest message, edited like a single
 *   alert afterwards; replies due at once in one thread go in one reply (plan.ts).
 * - Mutes: `held` rows come due when their mute ends and go out as one summary.
 * - Failures: 429 waits `Retry-After` (for that channel), `ok:false` and
 *   network errors back off exponentially (backoff.ts); rows stay unsent
 *   until Slack said ok, and the rows are marked right after (send.ts).
 * - Channels the bot cannot post in are parked, not retried, and summarised
 *   when they open again (parked-channels.ts, backlog.ts).
 * - The WebClient must not retry by itself (`retryConfig: { retries: 0 }`,
 *   `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
import { type Clock, KickedLoop, realTimers, systemClock, type Timers } from '../../clock.ts';
import { channelUiFor } from '../../slack/views/format.ts';
import type { NotifierContext } from './context.ts';
import { type DrainResult, drainPass } from './drain.ts';
import { type NotifierOptions, type NotifierStats, settingsOf, zeroStats } from './options.ts';
import { ChannelPace } from './pacing.ts';
import { SentPurge } from './purge.ts';

export class Notifier {
  private readonly ctx: NotifierContext;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly purge: SentPurge;
  private readonly beforePass: (() => Promise<unknown>) | undefined;
  /** Passes, woken early when new rows are announced (and at once when announced during one). */
  private readonly loop: KickedLoop;

  constructor(opts: NotifierOptions) {
    this.clock = opts.clock ?? systemClock;
    this.timers = opts.timers ?? realTimers;
    this.loop = new KickedLoop(this.timers, () => this.pass());
    const settings = settingsOf(opts);
    this.ctx = {
      store: opts.store,
      slack: opts.slack,
      log: opts.logger.child({ component: 'notifier' }),
      settings,
      // Notifications carry Slack date tokens, which every reader sees in their own zone.
      ui: channelUiFor(opts.render.locale),
      oncall: opts.render.oncallMention ?? '',
      isLeader: () => opts.isLeader?.() ?? true,
      counters: zeroStats(),
      pace: new ChannelPace(settings.minIntervalMs),
      parkedNow: new Set<string>(),
      lookAgain: () => this.loop.kick(),
    };
    this.purge = new SentPurge(this.ctx);
    this.beforePass = opts.beforePass;
  }

  stats(): NotifierStats {
    return { ...this.ctx.counters };
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** New rows may be waiting (called by the watcher after a commit). */
  kick(): void {
    this.loop.kick();
  }

  /**
   * One pass: for every channel that may be told something now, one Slack
   * call (a post, a digest, an edit, a thread reply); rows that need no call
   * any more are marked on the way. Returns how many calls went out and, when
   * something is waiting, how long until it may go.
   */
  drainOnce(): Promise<DrainResult> {
    return drainPass(this.ctx, this.clock.now().getTime());
  }

  /** One pass of the loop (leader only); how long until the next. */
  private async pass(): Promise<number> {
    const poll = this.ctx.settings.pollMs;
    try {
      if (!this.ctx.isLeader()) return poll;
      await this.purge.runIfDue(this.clock.now().getTime());
      await this.beforePass?.();
      const r = await this.drainOnce();
      return r.waitMs === undefined ? poll : Math.min(poll, Math.max(10, r.waitMs));
    } catch (err) {
      this.ctx.counters.failures += 1;
      this.ctx.log.error({ err }, 'notifier pass failed; the outbox keeps the messages');
      return poll;
    }
  }
}
