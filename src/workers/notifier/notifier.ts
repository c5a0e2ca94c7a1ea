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
 *   (`candidatesOf` below, plan.ts).
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
 *   network errors back off exponentially; rows stay unsent until Slack said
 *   ok, and are recorded as sent right after (send.ts).
 * - Channels the bot cannot post in are parked, not retried, and summarised
 *   when they open again (parked-channels.ts).
 * - A row that cannot be read or drawn (a damaged payload, anything that
 *   throws while its message is drawn) is set aside, logged and counted;
 *   the rest of the outbox goes on, in its channel and every other.
 * - The WebClient must not retry by itself (`retryConfig: { retries: 0 }`,
 *   `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
import type { Logger } from 'pino';
import { type Clock, KickedLoop, realTimers, systemClock, type Timers } from '../../clock.ts';
import { parseDigestReport } from '../../services/digest/index.ts';
import type { Locale } from '../../slack/i18n/index.ts';
import { renderDailyDigest } from '../../slack/views/digest/render.ts';
import { channelUiFor, type Message } from '../../slack/views/format.ts';
import {
  type DailyDigestNotice,
  type DailyDigestRow,
  type OutboxItem,
  parseNotice,
} from '../../store/index.ts';
import type {
  Candidate,
  NotifierContext,
  NotifierSettings,
  NotifierStats,
  Parsed,
  SlackPoster,
} from './notifier-types.ts';
import { ChannelPace, type Lane } from './pacing.ts';
import { reopen } from './parked-channels.ts';
import { type Call, drawCall } from './plan.ts';
import { sendCall } from './send.ts';

export interface NotifierOptions extends Partial<NotifierSettings> {
  store: NotifierContext['store'];
  slack: SlackPoster;
  logger: Logger;
  /** Default: the real clock and timers. */
  clock?: Clock;
  timers?: Timers;
  /** The channels' language, and ONCALL_MENTION already in Slack's mention syntax. */
  render: { locale: Locale; oncallMention?: string | undefined };
  /** Posts only while this says so (the watcher lease). Default: always. */
  isLeader?: () => boolean;
  /**
   * Work that runs on the notifier's rhythm, before each pass while this
   * replica leads (the reminders of alarms nobody took); what it queues goes
   * out in that pass.
   */
  beforePass?: () => Promise<unknown>;
}

/** Sent rows and settled incidents are deleted (`keepSentMs`) at most this often. */
const PURGE_EVERY_MS = 3_600_000;

export class Notifier {
  private readonly ctx: NotifierContext;
  private readonly clock: Clock;
  private readonly pace: ChannelPace;
  private readonly beforePass: (() => Promise<unknown>) | undefined;
  /** Passes, woken early when new rows are announced (and at once when announced during one). */
  private readonly loop: KickedLoop;
  private purgedAt = Number.NEGATIVE_INFINITY;

  constructor(opts: NotifierOptions) {
    this.clock = opts.clock ?? systemClock;
    this.loop = new KickedLoop(opts.timers ?? realTimers, () => this.pass());
    const settings: NotifierSettings = {
      flapWindowMs: opts.flapWindowMs ?? 30_000,
      // Slack allows about one message a second per channel, with short bursts.
      minIntervalMs: opts.minIntervalMs ?? 1_100,
      digestThreshold: opts.digestThreshold ?? 3,
      pollMs: opts.pollMs ?? 1_000,
      maxBackoffMs: opts.maxBackoffMs ?? 600_000,
      keepSentMs: opts.keepSentMs ?? 14 * 86_400_000,
      reprobeMs: opts.reprobeMs ?? 300_000,
      summariseAfterMs: opts.summariseAfterMs ?? 1_800_000,
      tellAgainAfterMs: opts.tellAgainAfterMs ?? 86_400_000,
    };
    this.pace = new ChannelPace(settings.minIntervalMs);
    this.ctx = {
      store: opts.store,
      slack: opts.slack,
      log: opts.logger.child({ component: 'notifier' }),
      settings,
      // Notifications carry Slack date tokens, which every reader sees in their own zone.
      ui: channelUiFor(opts.render.locale),
      oncall: opts.render.oncallMention ?? '',
      isLeader: () => opts.isLeader?.() ?? true,
      counters: {
        posted: 0,
        updated: 0,
        digests: 0,
        rowsSent: 0,
        failures: 0,
        rateLimited: 0,
        parked: 0,
        reopened: 0,
        setAside: 0,
      },
      parkedNow: new Set<string>(),
      lookAgain: () => this.loop.kick(),
    };
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
   * One pass over the outbox: for every channel that may be posted to now,
   * one Slack call per lane (a post, a digest, an edit, a thread reply); rows
   * that need no call any more are recorded as done on the way. Returns how
   * many calls went out and, when something is waiting, how long until it may go.
   */
  async drainOnce(): Promise<{ posted: number; waitMs: number | undefined }> {
    const { ctx, pace } = this;
    const now = this.clock.now().getTime();
    ctx.parkedNow.clear();
    const byChannel = await this.dueByChannel(now);
    let posted = 0;
    let waitMs: number | undefined;
    const note = (ms: number) => {
      waitMs = waitMs === undefined ? ms : Math.min(waitMs, ms);
    };
    for (const [channel, items] of byChannel) {
      const candidates = await this.candidatesOf(channel, items);
      for (const lane of pace.lanes(candidates)) {
        if (ctx.parkedNow.has(channel)) break;
        const due = await this.nextCall(channel, lane, now);
        if (due === undefined) continue;
        if ('waitMs' in due) {
          note(due.waitMs);
          continue;
        }
        const { call, turn } = due;
        if (!ctx.isLeader()) return { posted, waitMs };
        const ok = await sendCall(ctx, channel, call, now, lane.nextAt);
        if (ok) posted += 1;
        const next = pace.settle(lane, channel, { ok, burst: turn.burst, sentRows: call.rows }, now);
        if (next !== undefined) note(next);
      }
    }
    return { posted, waitMs };
  }

  /**
   * The lane's call now, or how long until it may make one, or nothing left:
   * rows that cannot be drawn are set aside on the way and the lane's next
   * row is tried, so none of them holds the lane.
   */
  private async nextCall(
    channel: string,
    lane: Lane,
    now: number,
  ): Promise<{ call: Call; turn: { burst: boolean } } | { waitMs: number } | undefined> {
    const { ctx, pace } = this;
    while (lane.all.length > 0) {
      const turn = pace.turn(lane, channel, now);
      if (turn.waitMs !== undefined) return { waitMs: turn.waitMs };
      const drawn = await drawCall(ctx, channel, pace.first(channel, turn.list, now), turn.list);
      if ('call' in drawn) return { call: drawn.call, turn };
      for (const { candidate, err } of drawn.undrawable) {
        await setAside(ctx, candidate.row, 'not drawable', err);
      }
      const gone = new Set(drawn.undrawable.map((u) => u.candidate));
      lane.all = lane.all.filter((c) => !gone.has(c));
    }
    return undefined;
  }

  /** One pass of the loop (leader only); how long until the next. */
  private async pass(): Promise<number> {
    const poll = this.ctx.settings.pollMs;
    try {
      if (!this.ctx.isLeader()) return poll;
      await this.purgeIfDue(this.clock.now().getTime());
      await this.beforePass?.();
      const r = await this.drainOnce();
      return r.waitMs === undefined ? poll : Math.min(poll, Math.max(10, r.waitMs));
    } catch (err) {
      this.ctx.counters.failures += 1;
      this.ctx.log.error({ err }, 'notifier pass failed; the outbox keeps the messages');
      return poll;
    }
  }

  /** Sent rows and settled incidents are kept `keepSentMs`, then deleted; looked at once an hour. */
  private async purgeIfDue(now: number): Promise<void> {
    if (now - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now;
    const { store, settings, log } = this.ctx;
    const before = new Date(now - settings.keepSentMs);
    const n = await store.outbox.purgeSent(before);
    const i = await store.incidents.purgeSettled(before);
    if (n + i > 0) log.info({ deleted: n, incidents: i }, 'purged sent notifications');
  }

  /**
   * The due rows by channel, read: parked channels whose probe is due are
   * opened first, rows of the others stay parked, and a row that cannot be read
   * is set aside.
   */
  private async dueByChannel(now: number): Promise<Map<string, Parsed[]>> {
    const { ctx } = this;
    const at = new Date(now);
    const parked = new Set<string>();
    for (const c of await ctx.store.channels.parked()) {
      if (c.probeAt && c.probeAt.getTime() <= now) await reopen(ctx, c, now);
      else parked.add(c.channelId);
    }
    const rows = await ctx.store.outbox.due(at, 1000);
    if (rows.length >= 1000) {
      // A backlog of edits and replies must not hide a new alert behind it.
      const seen = new Set(rows.map((r) => r.id));
      for (const r of await ctx.store.outbox.due(at, 1000, { kinds: ['open'] })) {
        if (!seen.has(r.id)) rows.push(r);
      }
      rows.sort((a, b) => a.id - b.id);
    }
    const byChannel = new Map<string, Parsed[]>();
    const toPark = new Set<string>();
    for (const row of rows) {
      if (parked.has(row.channelId)) {
        // Written since the channel was parked: it waits with the others.
        toPark.add(row.channelId);
        continue;
      }
      const notice = parseNotice(row.payload);
      if (!notice) {
        // Never post what we cannot read; keep it for a person to look at.
        await setAside(ctx, row, 'unreadable payload');
        continue;
      }
      const list = byChannel.get(row.channelId) ?? [];
      byChannel.set(row.channelId, list);
      list.push({ row, notice, ready: true });
    }
    for (const channel of toPark) await ctx.store.outbox.parkChannel(channel, at);
    return byChannel;
  }

  /**
   * What may be done in a channel now: incident rows are matched with their
   * post; an update the message already shows is marked sent here (no call),
   * and updates and replies whose message has no ts yet wait for it; a
   * daily digest's replies wait for its top message's ts likewise.
   */
  private async candidatesOf(channel: string, items: readonly Parsed[]): Promise<Candidate[]> {
    const { ctx } = this;
    const ids = [
      ...new Set(
        items
          .filter((i) => i.row.incidentId && i.row.kind !== 'held' && i.row.kind !== 'notice')
          .map((i) => i.row.incidentId!),
      ),
    ];
    const posts = new Map(
      (await ctx.store.incidents.posts(channel, ids)).map((p) => [p.incidentId, p] as const),
    );
    const out: Candidate[] = [];
    const revived = new Set<string>();
    const digests = new Map<string, DailyDigestRow | null>();
    for (const item of items) {
      const { row } = item;
      if (row.kind === 'notice' && item.notice.kind === 'daily-digest') {
        const c = await this.digestPage(item, item.notice, digests);
        if (c) out.push(c);
        continue;
      }
      if (row.kind === 'notice') {
        out.push({ ...item, act: row.threadTs ? 'thread-notice' : 'notice', post: undefined });
        continue;
      }
      if (row.kind === 'held') {
        out.push({ ...item, act: 'held', post: undefined });
        continue;
      }
      const post = row.incidentId ? posts.get(row.incidentId) : undefined;
      if (!post) {
        // The watcher writes the post's record with the row; without it there is nothing to attach to.
        await setAside(ctx, row, 'no incident post');
        continue;
      }
      const act = row.kind === 'open' && post.messageTs ? 'update' : row.kind;
      if (act === 'update' && post.messageTs && post.renderedVersion >= (row.incidentVersion ?? 0)) {
        // The message already shows it (posted or edited later): nothing to call.
        await ctx.store.outbox.markSent(row.id, post.messageTs);
        ctx.counters.rowsSent += 1;
        continue;
      }
      if ((act === 'update' || act === 'reply') && !post.messageTs) {
        if (post.summarisedAt) {
          // The backlog summary covered this incident until `summarisedAt`; a change since then
          // starts a new message.
          if (row.createdAt < post.summarisedAt) {
            await ctx.store.outbox.markSummarised([row.id], null);
          } else if (!revived.has(post.incidentId)) {
            revived.add(post.incidentId);
            out.push({ ...item, act: 'open', post });
          }
        }
        continue;
      }
      out.push({ ...item, act, post });
    }
    return out;
  }

  /**
   * A daily digest's page: drawn from the stored digest, in the channels'
   * language. The top message goes as a notice; a reply waits for the top
   * message's ts and goes into its thread. A page that cannot be drawn (the
   * digest is gone or unreadable, or has no such page) is set aside, never
   * posted half.
   */
  private async digestPage(
    item: Parsed,
    n: DailyDigestNotice,
    digests: Map<string, DailyDigestRow | null>,
  ): Promise<Candidate | undefined> {
    const { ctx } = this;
    if (!digests.has(n.day)) digests.set(n.day, await ctx.store.dailyDigests.get(n.day));
    const digest = digests.get(n.day) ?? null;
    const report = digest ? parseDigestReport(digest.report) : undefined;
    let message: Message | undefined;
    let err: unknown;
    try {
      message = report ? renderDailyDigest(ctx.ui, report, n.page) : undefined;
    } catch (e) {
      err = e;
    }
    if (!message) {
      await setAside(ctx, item.row, 'digest page not drawable', err);
      return undefined;
    }
    const drawn = { message, day: n.day, page: n.page };
    if (n.page === 0) return { ...item, act: 'notice', post: undefined, drawn };
    // Its thread is the top message's: until Slack accepted that one, the reply waits.
    if (!digest?.messageTs) return undefined;
    return {
      ...item,
      row: { ...item.row, threadTs: digest.messageTs },
      act: 'thread-notice',
      post: undefined,
      drawn,
    };
  }
}

/**
 * A row the notifier will not post: kept unsent for a person to look at
 * (never tried again), logged with why, and counted
 * (`vps_notifier_rows_set_aside_total`).
 */
async function setAside(ctx: NotifierContext, row: OutboxItem, reason: string, err?: unknown): Promise<void> {
  ctx.counters.setAside += 1;
  ctx.log.error(
    {
      ...(err === undefined ? {} : { err }),
      id: row.id,
      dedupeKey: row.dedupeKey,
      channel: row.channelId,
      reason,
    },
    'outbox row set aside; the rest of the outbox goes on',
  );
  await ctx.store.outbox.markFailed(
    row.id,
    err instanceof Error ? `${reason}: ${err.message}` : reason,
    null,
  );
}
