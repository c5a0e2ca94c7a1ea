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
 *   call, and one that comes after a restart is drawn the same way.
 * - Pace: one post per channel per `minIntervalMs` (Slack allows about one
 *   message a second per channel, with short bursts), and edits apart at the
 *   same pace. A new alert goes ahead of thread replies and notices waiting
 *   in the same channel (one passed over for a minute gets every other turn),
 *   and may follow the channel's last post at once, once.
 * - Bursts: when a channel has `digestThreshold` or more incidents (or other
 *   notices) to open at once, it gets one digest message, edited like a single
 *   alert afterwards; replies due at once in one thread go in one reply.
 * - Mutes: `held` rows come due when their mute ends and go out as one summary.
 * - Failures: 429 waits `Retry-After` (for that channel), `ok:false` and
 *   network errors back off exponentially; rows stay unsent until Slack said
 *   ok, and the rows are marked right after. What remains is the usual
 *   at-least-once gap: a crash between Slack's ok and that mark posts that
 *   message again after the restart (the dedupe keys keep everything else
 *   exactly once, and an edit is the same edit however often it is made).
 * - Channels the bot cannot post in (`not_in_channel`, `channel_not_found`,
 *   `is_archived`) are parked, not retried: their rows wait (new ones are
 *   parked on sight), the people who set up watches there are told once in
 *   a direct message (an outbox row, so once across restarts and replicas),
 *   and the channel is tried again every `reprobeMs`, or at once when
 *   `/vps watch` proved the bot can post there. Then rows older than
 *   `summariseAfterMs` are told in one backlog message instead of posted one
 *   by one; alerts that were never posted are marked summarised, so their
 *   follow-ups are dropped, and a change after that starts a new message.
 * - The WebClient must not retry by itself (`retryConfig: { retries: 0 }`,
 *   `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
import type { Logger } from 'pino';
import { type Clock, realTimers, sleep, systemClock, type Timers } from '../clock.ts';
import type { ChannelRow, IncidentPost, IncidentRow, OutboxItem, Store } from '../store/index.ts';
import { isAlarm, type Notice, type PowerNotice, parseNotice } from '../watch/notices.ts';
import type { Locale } from './i18n/index.ts';
import { isUnreachableChannelError } from './slack-failure.ts';
import { channelUiFor, type Message, type Ui } from './views/format.ts';
import { renderIncident, renderIncidentDigest, renderIncidentReplies } from './views/watch/incidents.ts';
import { type NoticeUnit, standsAlone } from './views/watch/notice-unit.ts';
import { renderDigest, renderUnit } from './views/watch/notifications.ts';

export interface PostMessageArgs {
  channel: string;
  text: string;
  blocks?: Message['blocks'];
  thread_ts?: string;
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

export interface UpdateMessageArgs {
  channel: string;
  ts: string;
  text: string;
  blocks?: Message['blocks'];
}

type SlackAnswer = { ok?: boolean; ts?: string; error?: string };

/** What the notifier needs of @slack/web-api's WebClient (`client.chat`). */
export interface SlackPoster {
  postMessage(args: PostMessageArgs): Promise<SlackAnswer>;
  update(args: UpdateMessageArgs): Promise<SlackAnswer>;
}

export interface NotifierOptions {
  store: Pick<Store, 'outbox' | 'incidents' | 'channels' | 'watches' | 'transaction'>;
  slack: SlackPoster;
  logger: Logger;
  /** Default: the real clock and timers. */
  clock?: Clock;
  timers?: Timers;
  /** The channels' language, and ONCALL_MENTION already in Slack's mention syntax. */
  render: { locale: Locale; oncallMention?: string | undefined };
  /** Posts only while this says so (the watcher lease). Default: always. */
  isLeader?: () => boolean;
  /** The watcher's flap window: plain power notices (rows written before incidents) fold within it. Default 30 s. */
  flapWindowMs?: number;
  /** Default 1100 ms. */
  minIntervalMs?: number;
  /** Things to open at once in one channel from which a digest is posted. Default 3. */
  digestThreshold?: number;
  /** How often the outbox is read when nothing wakes the notifier. Default 1 s. */
  pollMs?: number;
  /** Longest backoff after repeated failures. Default 10 min. */
  maxBackoffMs?: number;
  /** Sent rows (and settled incidents) are deleted once this old. Default 14 days. */
  keepSentMs?: number;
  /** How often a channel the bot cannot post in is tried again. Default 5 min. */
  reprobeMs?: number;
  /** Rows of a parked channel older than this are summarised in one message when it opens. Default 30 min. */
  summariseAfterMs?: number;
  /** A channel parked again within this of the last time its watches' creators were told is not told again. Default 1 day. */
  tellAgainAfterMs?: number;
}

export interface NotifierStats {
  posted: number;
  /** chat.update calls that Slack accepted. */
  updated: number;
  digests: number;
  rowsSent: number;
  failures: number;
  rateLimited: number;
  /** Times a channel was parked, and opened again. */
  parked: number;
  reopened: number;
}

interface Failure {
  rateLimited: boolean;
  retryAfterMs: number | undefined;
  error: string;
}

const PERMANENT = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'missing_scope',
  'restricted_action',
  'message_not_found',
  'cant_update_message',
]);

/** The WebClient throws (rate limit, platform error, HTTP error); a raw fake may answer ok:false. */
export function classifySlackFailure(errOrAnswer: unknown): Failure {
  const e = (typeof errOrAnswer === 'object' && errOrAnswer !== null ? errOrAnswer : {}) as {
    code?: unknown;
    retryAfter?: unknown;
    data?: { error?: unknown; response_metadata?: unknown };
    error?: unknown;
    statusCode?: unknown;
    message?: unknown;
  };
  if (
    e.code === 'slack_webapi_rate_limited_error' ||
    e.error === 'ratelimited' ||
    e.data?.error === 'ratelimited'
  ) {
    const ra = typeof e.retryAfter === 'number' ? e.retryAfter : undefined;
    return {
      rateLimited: true,
      retryAfterMs: ra === undefined ? undefined : ra * 1000,
      error: 'ratelimited',
    };
  }
  const platform =
    typeof e.data?.error === 'string' ? e.data.error : typeof e.error === 'string' ? e.error : undefined;
  if (platform) return { rateLimited: false, retryAfterMs: undefined, error: platform };
  if (typeof e.statusCode === 'number')
    return { rateLimited: false, retryAfterMs: undefined, error: `http_${e.statusCode}` };
  return {
    rateLimited: false,
    retryAfterMs: undefined,
    error: typeof e.message === 'string' ? e.message : String(errOrAnswer),
  };
}

interface Parsed {
  row: OutboxItem;
  notice: Notice;
  ready: boolean;
}

interface Planned {
  unit: NoticeUnit;
  rows: OutboxItem[];
  ready: boolean;
}

/** Folds a server's power notices that follow each other within the window into chains. */
export function foldUnits(items: readonly Parsed[], flapWindowMs: number): Planned[] {
  const out: Planned[] = [];
  const chains = new Map<string, Parsed[]>();
  for (const p of items) {
    if (p.notice.kind !== 'power') {
      out.push({ unit: { notices: [p.notice] }, rows: [p.row], ready: p.ready });
      continue;
    }
    const list = chains.get(p.notice.uuid) ?? [];
    chains.set(p.notice.uuid, list);
    list.push(p);
  }
  for (const list of chains.values()) {
    const sorted = [...list].sort((a, b) => a.notice.at - b.notice.at);
    let cur: Parsed[] = [];
    const flush = () => {
      if (cur.length === 0) return;
      out.push({
        unit: { notices: cur.map((c) => c.notice) },
        rows: cur.map((c) => c.row),
        ready: cur[0]!.ready,
      });
      cur = [];
    };
    for (const p of sorted) {
      const prev = cur[cur.length - 1];
      const pn = prev?.notice as PowerNotice | undefined;
      const n = p.notice as PowerNotice;
      if (pn && (n.at - pn.at > flapWindowMs || n.from !== pn.to)) flush();
      cur.push(p);
    }
    flush();
  }
  return out.sort((a, b) => firstId(a) - firstId(b));
}

/**
 * How long a reply, notice or summary may be passed over by new alerts; after
 * that it gets every other post of its channel until it is out.
 */
const STARVE_MS = 60_000;

function firstId(p: Planned): number {
  return Math.min(...p.rows.map((r) => r.id));
}

/** One Slack call the notifier decided on for a channel, and what to record once Slack said ok. */
interface Call {
  what: 'post' | 'update';
  rows: OutboxItem[];
  message: Message;
  thread?: string | undefined;
  /** `update`: the message edited. */
  ts?: string | undefined;
  digest: boolean;
  /** Incidents the message shows now, with how many changes of each. */
  shows: { incidentId: string; version: number }[];
}

/** A row the notifier can act on now, and what it is after looking at its incident's post. */
interface Candidate extends Parsed {
  /** `open` rows whose message was posted meanwhile act as `update`s. */
  act: 'notice' | 'thread-notice' | 'open' | 'update' | 'reply' | 'held';
  post: IncidentPost | undefined;
}

export class Notifier {
  private readonly opts: NotifierOptions & { clock: Clock; timers: Timers };
  private readonly log: Logger;
  private readonly ui: Ui;
  private readonly flapMs: number;
  private readonly minIntervalMs: number;
  private readonly threshold: number;
  /** Per channel: when the next chat.postMessage may go (new messages and thread replies). */
  private readonly nextPostAt = new Map<string, number>();
  /** Per channel: when the next chat.update may go (Slack limits edits apart from posts). */
  private readonly nextEditAt = new Map<string, number>();
  /** New rows were announced while a pass ran: run the next one at once. */
  private kicked = false;
  /** Channels whose last post was a burst (a second alert within the pace). */
  private readonly bursted = new Set<string>();
  /** Channels held after a failed call (backoff or Retry-After): no burst. */
  private readonly held = new Set<string>();
  /** Channels whose last post went to a row new alerts had passed over. */
  private readonly starvedTurn = new Set<string>();
  private abort: AbortController | undefined;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private purgedAt = Number.NEGATIVE_INFINITY;
  private readonly counters: NotifierStats = {
    posted: 0,
    updated: 0,
    digests: 0,
    rowsSent: 0,
    failures: 0,
    rateLimited: 0,
    parked: 0,
    reopened: 0,
  };
  /** Channels parked during this pass: nothing more is tried there. */
  private readonly parkedNow = new Set<string>();

  constructor(opts: NotifierOptions) {
    this.opts = { ...opts, clock: opts.clock ?? systemClock, timers: opts.timers ?? realTimers };
    this.log = opts.logger.child({ component: 'notifier' });
    // Notifications carry Slack date tokens, which every reader sees in their own zone.
    this.ui = channelUiFor(opts.render.locale);
    this.flapMs = opts.flapWindowMs ?? 30_000;
    this.minIntervalMs = opts.minIntervalMs ?? 1_100;
    this.threshold = opts.digestThreshold ?? 3;
  }

  stats(): NotifierStats {
    return { ...this.counters };
  }

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    this.loop = this.run(abort.signal);
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    this.wake?.();
    await this.loop;
    this.abort = undefined;
    this.loop = undefined;
  }

  /** New rows may be waiting (called by the watcher after a commit). */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  private get oncall(): string {
    return this.opts.render.oncallMention ?? '';
  }

  private async run(signal: AbortSignal): Promise<void> {
    const poll = this.opts.pollMs ?? 1_000;
    while (!signal.aborted) {
      let wait = poll;
      this.kicked = false;
      try {
        if (this.opts.isLeader?.() ?? true) {
          await this.purge();
          const r = await this.drainOnce();
          if (r.waitMs !== undefined) wait = Math.min(poll, Math.max(10, r.waitMs));
        }
      } catch (err) {
        this.counters.failures += 1;
        this.log.error({ err }, 'notifier pass failed; the outbox keeps the messages');
      }
      if (signal.aborted) break;
      // A commit announced during the pass may not be in what it read: look again at once.
      if (this.kicked) continue;
      const woken = new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      const ctl = new AbortController();
      const onAbort = () => ctl.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      await Promise.race([sleep(this.opts.timers, wait, ctl.signal), woken]);
      ctl.abort();
      signal.removeEventListener('abort', onAbort);
      this.wake = undefined;
    }
  }

  /** Once an hour, deletes sent rows and settled incidents past `keepSentMs`. */
  private async purge(): Promise<void> {
    const now = this.opts.clock.now().getTime();
    if (now - this.purgedAt < 3_600_000) return;
    this.purgedAt = now;
    const before = new Date(now - (this.opts.keepSentMs ?? 14 * 86_400_000));
    const n = await this.opts.store.outbox.purgeSent(before);
    const i = await this.opts.store.incidents.purgeSettled(before);
    if (n + i > 0) this.log.info({ deleted: n, incidents: i }, 'purged sent notifications');
  }

  /**
   * One pass: for every channel that may be told something now, one Slack
   * call (a post, a digest, an edit, a thread reply); rows that need no call
   * any more are marked on the way. Returns how many calls went out and, when
   * something is waiting, how long until it may go.
   */
  async drainOnce(): Promise<{ posted: number; waitMs: number | undefined }> {
    const now = this.opts.clock.now().getTime();
    const at = new Date(now);
    this.parkedNow.clear();
    const parked = new Set<string>();
    for (const c of await this.opts.store.channels.parked()) {
      if (c.probeAt && c.probeAt.getTime() <= now) await this.reopen(c, now);
      else parked.add(c.channelId);
    }
    const rows = await this.opts.store.outbox.due(at, 1000);
    if (rows.length >= 1000) {
      // A backlog of edits and replies must not hide a new alert behind it.
      const seen = new Set(rows.map((r) => r.id));
      for (const r of await this.opts.store.outbox.due(at, 1000, { kinds: ['open'] })) {
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
        this.log.error(
          { id: row.id, dedupeKey: row.dedupeKey },
          'outbox row with an unreadable payload; set aside',
        );
        await this.opts.store.outbox.markFailed(row.id, 'unreadable payload', null);
        continue;
      }
      const list = byChannel.get(row.channelId) ?? [];
      byChannel.set(row.channelId, list);
      list.push({ row, notice, ready: true });
    }
    for (const channel of toPark) await this.opts.store.outbox.parkChannel(channel, at);
    let posted = 0;
    let waitMs: number | undefined;
    const note = (ms: number) => {
      waitMs = waitMs === undefined ? ms : Math.min(waitMs, ms);
    };
    for (const [channel, items] of byChannel) {
      const candidates = await this.candidates(channel, items);
      // Two lanes per channel: posts (alerts, replies, notices) and edits, each paced on its own.
      const lanes: [Candidate[], Map<string, number>][] = [
        [candidates.filter((c) => c.act !== 'update'), this.nextPostAt],
        [candidates.filter((c) => c.act === 'update'), this.nextEditAt],
      ];
      for (const [all, pace] of lanes) {
        if (this.parkedNow.has(channel)) break;
        let list = all;
        if (list.length === 0) continue;
        const paceAt = pace.get(channel) ?? 0;
        let burst = false;
        if (paceAt > now) {
          // A new alert may follow the channel's last post at once, once (Slack allows short
          // bursts); never after a failure, which holds the channel on purpose.
          const opens = list.filter((c) => c.act === 'open');
          if (
            pace !== this.nextPostAt ||
            opens.length === 0 ||
            this.bursted.has(channel) ||
            this.held.has(channel)
          ) {
            note(paceAt - now);
            continue;
          }
          burst = true;
          list = opens;
        }
        const call = await this.plan(channel, list, now);
        if (!(this.opts.isLeader?.() ?? true)) return { posted, waitMs };
        const ok = await this.send(channel, call, now, pace);
        if (burst) this.bursted.add(channel);
        else this.bursted.delete(channel);
        if (ok) this.held.delete(channel);
        else this.held.add(channel);
        pace.set(channel, Math.max(pace.get(channel) ?? 0, now + this.minIntervalMs));
        if (ok) {
          posted += 1;
          const left = all.length - call.rows.length;
          if (left > 0) {
            const nextOpen = !burst && all.some((c) => c.act === 'open' && !call.rows.includes(c.row));
            note(nextOpen ? 0 : this.minIntervalMs);
          }
        } else {
          note(Math.max(0, (pace.get(channel) ?? now) - now));
        }
      }
    }
    return { posted, waitMs };
  }

  /**
   * What may be done in this channel now: incident rows are matched with their
   * post; an update the message already shows is marked sent here (no call),
   * and updates and replies whose message has no ts yet wait for it.
   */
  private async candidates(channel: string, items: Parsed[]): Promise<Candidate[]> {
    const ids = [
      ...new Set(
        items
          .filter((i) => i.row.incidentId && i.row.kind !== 'held' && i.row.kind !== 'notice')
          .map((i) => i.row.incidentId!),
      ),
    ];
    const posts = new Map(
      (await this.opts.store.incidents.posts(channel, ids)).map((p) => [p.incidentId, p] as const),
    );
    const out: Candidate[] = [];
    const revived = new Set<string>();
    for (const item of items) {
      const { row } = item;
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
        this.log.error({ id: row.id, dedupeKey: row.dedupeKey }, 'incident row without its post; set aside');
        await this.opts.store.outbox.markFailed(row.id, 'no incident post', null);
        continue;
      }
      const act = row.kind === 'open' && post.messageTs ? 'update' : row.kind;
      if (act === 'update' && post.messageTs && post.renderedVersion >= (row.incidentVersion ?? 0)) {
        // The message already shows it (posted or edited later): nothing to call.
        await this.opts.store.outbox.markSent(row.id, post.messageTs);
        this.counters.rowsSent += 1;
        continue;
      }
      if ((act === 'update' || act === 'reply') && !post.messageTs) {
        if (post.summarisedAt) {
          // The backlog summary told this incident. What it already covered is done; a change
          // since then is the incident's first word here again: a new message.
          if (row.createdAt < post.summarisedAt) {
            await this.opts.store.outbox.markSummarised([row.id], null);
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
   * The one call of a lane now. A new alert goes first (the first change of
   * an incident is told at once, whatever else waits); something else that
   * has waited `STARVE_MS` gets every other turn; otherwise the oldest row decides.
   */
  private async plan(channel: string, candidates: Candidate[], now: number): Promise<Call> {
    const starved = candidates.find((c) => c.act !== 'open' && now - c.row.createdAt.getTime() >= STARVE_MS);
    const open = candidates.find((c) => c.act === 'open');
    const turn = starved && (!open || !this.starvedTurn.has(channel));
    const first = (turn ? starved : open) ?? candidates[0]!;
    if (turn) this.starvedTurn.add(channel);
    else this.starvedTurn.delete(channel);
    switch (first.act) {
      case 'thread-notice':
        return {
          what: 'post',
          rows: [first.row],
          thread: first.row.threadTs ?? undefined,
          message: renderUnit(this.ui, { notices: [first.notice] }, this.oncall),
          digest: false,
          shows: [],
        };
      case 'notice': {
        // Thread replies (signup follow-ups) are never folded into a digest, nor is the provider key's health.
        const units = foldUnits(
          candidates.filter((c) => c.act === 'notice'),
          this.flapMs,
        );
        const alone = units.find((u) => standsAlone(u.unit));
        const digest = !alone && units.length >= this.threshold;
        const chosen = alone ? [alone] : digest ? units : [units[0]!];
        return {
          what: 'post',
          rows: chosen.flatMap((u) => u.rows),
          message: digest
            ? renderDigest(
                this.ui,
                chosen.map((u) => u.unit),
                this.oncall,
              )
            : renderUnit(this.ui, chosen[0]!.unit, this.oncall),
          digest,
          shows: [],
        };
      }
      case 'held': {
        const held = candidates.filter((c) => c.act === 'held');
        const units = foldUnits(held, Number.POSITIVE_INFINITY);
        return {
          what: 'post',
          rows: held.map((h) => h.row),
          message: renderDigest(
            this.ui,
            units.map((u) => u.unit),
            this.oncall,
            { muted: true },
          ),
          digest: true,
          shows: [],
        };
      }
      case 'open': {
        const opens = candidates.filter((c) => c.act === 'open');
        const digest = opens.length >= this.threshold;
        const chosen = digest ? opens : [first];
        // One row per incident and channel opens it; any further ones are updates.
        const incidents = await this.incidents(chosen.map((c) => c.row.incidentId!));
        const message = digest
          ? renderIncidentDigest(this.ui, incidents, this.oncall)
          : renderIncident(this.ui, incidents[0]!, this.oncall);
        return {
          what: 'post',
          rows: chosen.map((c) => c.row),
          message,
          digest,
          shows: incidents.map((i) => ({ incidentId: i.id, version: i.changes.length })),
        };
      }
      case 'update': {
        const ts = first.post!.messageTs!;
        const rows = candidates
          .filter((c) => c.act === 'update' && c.post?.messageTs === ts)
          .map((c) => c.row);
        const members = await this.opts.store.incidents.postsOfMessage(channel, ts);
        const incidents = await this.incidents(members.map((m) => m.incidentId));
        const digest = members.length > 1;
        return {
          what: 'update',
          rows,
          ts,
          message: digest
            ? renderIncidentDigest(this.ui, incidents, this.oncall)
            : renderIncident(this.ui, incidents[0]!, this.oncall),
          digest,
          shows: incidents.map((i) => ({ incidentId: i.id, version: i.changes.length })),
        };
      }
      case 'reply': {
        const ts = first.post!.messageTs!;
        const replies = candidates.filter((c) => c.act === 'reply' && c.post?.messageTs === ts);
        const incidents = new Map(
          (await this.incidents(replies.map((r) => r.row.incidentId!))).map((i) => [i.id, i] as const),
        );
        const items = replies
          .filter((r) => r.notice.kind === 'power' && incidents.has(r.row.incidentId!))
          .map((r) => ({ incident: incidents.get(r.row.incidentId!)!, change: r.notice as PowerNotice }));
        return {
          what: 'post',
          rows: replies.map((r) => r.row),
          thread: ts,
          message: renderIncidentReplies(this.ui, items, this.oncall),
          digest: items.length > 1,
          shows: [],
        };
      }
    }
  }

  /** The incidents by id, in the order asked. */
  private async incidents(ids: readonly string[]): Promise<IncidentRow[]> {
    const rows = new Map((await this.opts.store.incidents.getMany(ids)).map((r) => [r.id, r] as const));
    const out = ids.map((id) => rows.get(id)).filter((r): r is IncidentRow => r !== undefined);
    if (out.length === 0) throw new Error(`incidents not found: ${ids.slice(0, 3).join(', ')}`);
    return out;
  }

  private async send(channel: string, call: Call, now: number, pace: Map<string, number>): Promise<boolean> {
    let failure: Failure | undefined;
    let ts: string | null = null;
    try {
      const answer =
        call.what === 'update'
          ? await this.opts.slack.update({
              channel,
              ts: call.ts!,
              text: call.message.text,
              blocks: call.message.blocks,
            })
          : await this.opts.slack.postMessage({
              channel,
              text: call.message.text,
              blocks: call.message.blocks,
              unfurl_links: false,
              unfurl_media: false,
              ...(call.thread ? { thread_ts: call.thread } : {}),
            });
      if (answer.ok === false) failure = classifySlackFailure(answer);
      else ts = call.what === 'update' ? (call.ts ?? null) : (answer.ts ?? null);
    } catch (err) {
      failure = classifySlackFailure(err);
    }
    if (!failure) {
      await this.opts.store.transaction(async (tx) => {
        if (call.shows.length > 0) {
          // A post of an incident row without a thread is its top-level message.
          if (call.what === 'post' && !call.thread && ts)
            await tx.incidents.markPosted(channel, ts, call.shows);
          else await tx.incidents.markRendered(channel, call.shows);
        }
        for (const r of call.rows) await tx.outbox.markSent(r.id, ts);
      });
      if (call.what === 'update') this.counters.updated += 1;
      else this.counters.posted += 1;
      if (call.digest) this.counters.digests += 1;
      this.counters.rowsSent += call.rows.length;
      return true;
    }
    const rows = call.rows;
    const attempts = Math.max(...rows.map((r) => r.attempts));
    // A person's direct message (a user id) is never parked: there is no channel to be invited to.
    const parkable = isUnreachableChannelError(failure.error) && !/^[UW]/.test(channel);
    const maxBackoff = this.opts.maxBackoffMs ?? 600_000;
    let delay: number;
    if (failure.rateLimited) {
      this.counters.rateLimited += 1;
      delay = Math.max(1_000, failure.retryAfterMs ?? 1_000);
      // Slack's limit is per channel (and per workspace): hold the channel's lane, not only these rows.
      pace.set(channel, now + delay);
    } else {
      this.counters.failures += 1;
      // A parked channel waits for its probe, not for a backoff.
      delay = parkable
        ? this.minIntervalMs
        : PERMANENT.has(failure.error)
          ? maxBackoff
          : Math.min(maxBackoff, 1_000 * 2 ** Math.min(attempts, 20));
      // Hold the channel's lane too, so its messages keep their order.
      pace.set(channel, now + delay);
    }
    this.log.warn(
      {
        channel,
        call: call.what,
        error: failure.error,
        attempts: attempts + 1,
        retryInMs: delay,
        rows: rows.length,
      },
      'Slack refused a notification; it stays in the outbox',
    );
    // An alert deleted in Slack cannot be edited any more: those edits are given up, nothing else waits on them.
    const gone =
      call.what === 'update' &&
      (failure.error === 'message_not_found' || failure.error === 'cant_update_message');
    const next = gone ? null : new Date(now + delay);
    if (gone) pace.set(channel, now + this.minIntervalMs);
    for (const r of rows) await this.opts.store.outbox.markFailed(r.id, failure.error, next);
    if (parkable) await this.park(channel, failure.error, now);
    return false;
  }

  /**
   * The bot cannot post in the channel: its rows wait, and the people who set
   * up watches there are told (once a day at most) in a direct message.
   */
  private async park(channel: string, error: string, now: number): Promise<void> {
    const at = new Date(now);
    const r = await this.opts.store.transaction(async (tx) => {
      const parked = await tx.channels.park(channel, error, {
        at,
        probeAt: new Date(now + this.reprobeMs),
        tellAgainAfter: new Date(now - (this.opts.tellAgainAfterMs ?? 86_400_000)),
        sameSpellAfter: new Date(now - this.reprobeMs),
      });
      const rows = await tx.outbox.parkChannel(channel, at);
      const told = parked.tell ? [...new Set((await tx.watches.list(channel)).map((w) => w.createdBy))] : [];
      for (const user of told) {
        const notice: Notice = {
          kind: 'channel-parked',
          channelId: channel,
          error,
          summariseAfterMs: this.summariseAfterMs,
          at: now,
        };
        await tx.outbox.enqueue({
          dedupeKey: `parked:${channel}:${at.toISOString()}:${user}`,
          channelId: user,
          payload: notice,
        });
      }
      return { ...parked, rows, told: told.length };
    });
    this.parkedNow.add(channel);
    if (!r.parked) return;
    this.counters.parked += 1;
    this.kicked = true;
    const fields = { channel, error, rows: r.rows, told: r.told };
    if (r.tell && r.told === 0) {
      this.log.error(fields, 'cannot post in the channel and no watch there names anyone to tell; parked it');
    } else this.log.warn(fields, 'cannot post in the channel; parked it');
  }

  /**
   * A parked channel's turn to be tried again: its rows become due, those
   * older than `summariseAfterMs` folded into one backlog message. If Slack
   * still refuses, the first call parks it again (without telling anyone again).
   */
  private async reopen(c: ChannelRow, now: number): Promise<void> {
    const at = new Date(now);
    const cutoff = now - this.summariseAfterMs;
    const r = await this.opts.store.transaction(async (tx) => {
      if (!c.probeAt || !(await tx.channels.open(c.channelId, c.probeAt))) return undefined;
      // Rows written since the last pass are judged with the others.
      await tx.outbox.parkChannel(c.channelId, at);
      const rows = await tx.outbox.parkedRows(c.channelId);
      const old = (row: OutboxItem) => row.createdAt.getTime() < cutoff;
      // An alert never posted and older than the cut is summarised with all that followed it.
      const oldIncidents = new Set(
        rows.filter((row) => row.kind === 'open' && row.incidentId && old(row)).map((row) => row.incidentId!),
      );
      let summarised = rows.filter(
        (row) =>
          (row.incidentId !== null && oldIncidents.has(row.incidentId)) ||
          (row.kind !== 'open' && row.kind !== 'update' && old(row)),
      );
      const isBacklog = (row: OutboxItem) => parseNotice(row.payload)?.kind === 'backlog';
      if (summarised.every(isBacklog)) summarised = [];
      else summarised = [...new Set([...summarised, ...rows.filter(isBacklog)])];
      if (summarised.length > 0) {
        await tx.outbox.markSummarised(
          summarised.map((row) => row.id),
          null,
        );
        await tx.incidents.markSummarised(c.channelId, [...oldIncidents], at);
        await tx.outbox.enqueue({
          dedupeKey: `backlog:${c.channelId}:${at.toISOString()}`,
          channelId: c.channelId,
          payload: backlogOf(summarised, c.parkedAt.getTime(), now),
        });
      }
      const waiting = await tx.outbox.unparkChannel(c.channelId, at);
      return { summarised: summarised.length, waiting };
    });
    if (!r) return;
    this.counters.reopened += 1;
    this.log.info(
      { channel: c.channelId, summarised: r.summarised, waiting: r.waiting },
      'trying a parked channel again',
    );
  }

  private get reprobeMs(): number {
    return this.opts.reprobeMs ?? 300_000;
  }

  private get summariseAfterMs(): number {
    return this.opts.summariseAfterMs ?? 1_800_000;
  }
}

/**
 * One backlog notice for rows that will not be posted one by one: the power
 * changes (each counted once, however many rows told it), the alarms among
 * them and their servers, the other notices, and earlier backlogs folded in.
 */
export function backlogOf(rows: readonly OutboxItem[], since: number, at: number): Notice {
  const changes = new Set<string>();
  const servers: string[] = [];
  let earlier = 0;
  let alarms = 0;
  let others = 0;
  let from = since;
  const server = (name: string) => {
    if (!servers.includes(name)) servers.push(name);
  };
  for (const row of rows) {
    const n = parseNotice(row.payload);
    if (n?.kind === 'backlog') {
      earlier += n.changes;
      alarms += n.alarms;
      others += n.others;
      from = Math.min(from, n.since);
      for (const s of n.servers) server(s);
    } else if (n?.kind === 'power') {
      const key = `${n.uuid}:${n.at}:${n.from}:${n.to}`;
      if (changes.has(key)) continue;
      changes.add(key);
      if (isAlarm(n)) alarms += 1;
      server(n.name);
    } else others += 1;
  }
  return { kind: 'backlog', since: from, changes: earlier + changes.size, alarms, servers, others, at };
}
