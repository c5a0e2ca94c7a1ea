/**
 * Drains the outbox into Slack. Only the process that leads (the watcher
 * lease; with SQLite the one process) posts, so replicas do not post the same
 * row twice.
 *
 * - Pace: one message per channel per `minIntervalMs` (Slack allows about one
 *   a second per channel for chat.postMessage).
 * - Flaps: power changes wait out the flap window in the outbox (the watcher
 *   sets their first attempt that far ahead); the notifier looks that far ahead
 *   too and folds a server's changes that follow each other within the window
 *   into one message: a sequence (running -> processing -> stopped) or a flap
 *   (running -> stopped -> running).
 * - Bursts: when a channel has `digestThreshold` or more things to say at once
 *   (a maintenance stopping 40 servers), it gets one digest message instead.
 * - Failures: 429 waits `Retry-After` (for that channel), `ok:false` and
 *   network errors back off exponentially; rows stay unsent until Slack said
 *   ok, and `markSent` follows the post at once. What remains is the usual
 *   at-least-once gap: a crash between Slack's ok and `markSent` posts that
 *   message again after the restart (the dedupe key keeps everything else
 *   exactly once).
 * - The WebClient must not retry by itself (`retryConfig: { retries: 0 }`,
 *   `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
import type { Logger } from 'pino';
import { type Clock, realTimers, sleep, systemClock, type Timers } from '../clock.ts';
import type { OutboxItem, OutboxRepo } from '../store/index.ts';
import { type Notice, type PowerNotice, parseNotice } from '../watch/notices.ts';
import type { Locale } from './i18n/index.ts';
import { type Message, type Ui, uiFor } from './views/format.ts';
import { type NoticeUnit, renderDigest, renderUnit, standsAlone } from './views/watch/notifications.ts';

export interface PostMessageArgs {
  channel: string;
  text: string;
  blocks?: Message['blocks'];
  thread_ts?: string;
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

/** What the notifier needs of @slack/web-api's WebClient (`client.chat`). */
export interface SlackPoster {
  postMessage(args: PostMessageArgs): Promise<{ ok?: boolean; ts?: string; error?: string }>;
}

export interface NotifierOptions {
  outbox: Pick<OutboxRepo, 'due' | 'markSent' | 'markFailed'> & Partial<Pick<OutboxRepo, 'purgeSent'>>;
  slack: SlackPoster;
  logger: Logger;
  /** Default: the real clock and timers. */
  clock?: Clock;
  timers?: Timers;
  /** The channels' language, and ONCALL_MENTION already in Slack's mention syntax. */
  render: { locale: Locale; oncallMention?: string | undefined };
  /** Posts only while this says so (the watcher lease). Default: always. */
  isLeader?: () => boolean;
  /** Same value as the watcher's flap window. Default 30 s. */
  flapWindowMs?: number;
  /** Default 1100 ms. */
  minIntervalMs?: number;
  /** Units at once in one channel from which a digest is posted. Default 3. */
  digestThreshold?: number;
  /** How often the outbox is read when nothing wakes the notifier. Default 1 s. */
  pollMs?: number;
  /** Longest backoff after repeated failures. Default 10 min. */
  maxBackoffMs?: number;
  /** Sent rows are deleted once this old (the dedupe keys only matter while a change is fresh). Default 14 days. */
  keepSentMs?: number;
}

export interface NotifierStats {
  posted: number;
  digests: number;
  rowsSent: number;
  failures: number;
  rateLimited: number;
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

function firstId(p: Planned): number {
  return Math.min(...p.rows.map((r) => r.id));
}

export class Notifier {
  private readonly opts: NotifierOptions & { clock: Clock; timers: Timers };
  private readonly log: Logger;
  private readonly ui: Ui;
  private readonly flapMs: number;
  private readonly minIntervalMs: number;
  private readonly threshold: number;
  private readonly nextPostAt = new Map<string, number>();
  private abort: AbortController | undefined;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private purgedAt = Number.NEGATIVE_INFINITY;
  private readonly counters: NotifierStats = {
    posted: 0,
    digests: 0,
    rowsSent: 0,
    failures: 0,
    rateLimited: 0,
  };

  constructor(opts: NotifierOptions) {
    this.opts = { ...opts, clock: opts.clock ?? systemClock, timers: opts.timers ?? realTimers };
    this.log = opts.logger.child({ component: 'notifier' });
    // Notifications carry Slack date tokens, which every reader sees in their own zone.
    this.ui = uiFor(opts.render.locale, 'UTC');
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
    this.wake?.();
  }

  private async run(signal: AbortSignal): Promise<void> {
    const poll = this.opts.pollMs ?? 1_000;
    while (!signal.aborted) {
      let wait = poll;
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

  /** Once an hour, deletes sent rows past `keepSentMs`. */
  private async purge(): Promise<void> {
    const now = this.opts.clock.now().getTime();
    if (!this.opts.outbox.purgeSent || now - this.purgedAt < 3_600_000) return;
    this.purgedAt = now;
    const n = await this.opts.outbox.purgeSent(new Date(now - (this.opts.keepSentMs ?? 14 * 86_400_000)));
    if (n > 0) this.log.info({ deleted: n }, 'purged sent notifications');
  }

  /**
   * One pass: for every channel that may post now, one message (a unit or a
   * digest). Returns how many messages went out and, when something is
   * waiting, how long until it may go.
   */
  async drainOnce(): Promise<{ posted: number; waitMs: number | undefined }> {
    const now = this.opts.clock.now().getTime();
    const rows = await this.opts.outbox.due(new Date(now + this.flapMs), 1000);
    const byTarget = new Map<string, Parsed[]>();
    for (const row of rows) {
      const notice = parseNotice(row.payload);
      if (!notice) {
        // Never post what we cannot read; keep it for a person to look at.
        this.log.error(
          { id: row.id, dedupeKey: row.dedupeKey },
          'outbox row with an unreadable payload; set aside',
        );
        await this.opts.outbox.markFailed(row.id, 'unreadable payload', null);
        continue;
      }
      const ready = (row.nextAttemptAt?.getTime() ?? Number.POSITIVE_INFINITY) <= now;
      const key = `${row.channelId}|${row.threadTs ?? ''}`;
      const list = byTarget.get(key) ?? [];
      byTarget.set(key, list);
      list.push({ row, notice, ready });
    }
    let posted = 0;
    let waitMs: number | undefined;
    const note = (ms: number) => {
      waitMs = waitMs === undefined ? ms : Math.min(waitMs, ms);
    };
    for (const [key, items] of byTarget) {
      const [channel = '', thread = ''] = key.split('|');
      const units = foldUnits(items, this.flapMs);
      const ready = units.filter((u) => u.ready);
      if (ready.length === 0) {
        const soonest = Math.min(...items.map((i) => i.row.nextAttemptAt?.getTime() ?? now + this.flapMs));
        note(soonest - now);
        continue;
      }
      const paceAt = this.nextPostAt.get(channel) ?? 0;
      if (paceAt > now) {
        note(paceAt - now);
        continue;
      }
      // Thread replies (signup follow-ups) are never folded into a digest, nor is the provider key's health.
      const alone = ready.find((u) => standsAlone(u.unit));
      const digest = !alone && !thread && units.length >= this.threshold;
      const chosen = alone ? [alone] : digest ? units : [ready[0]!];
      const message = digest
        ? renderDigest(
            this.ui,
            chosen.map((u) => u.unit),
            this.opts.render.oncallMention,
          )
        : renderUnit(this.ui, chosen[0]!.unit, this.opts.render.oncallMention);
      const sentRows = chosen.flatMap((u) => u.rows);
      if (!(this.opts.isLeader?.() ?? true)) break;
      const ok = await this.post(channel, thread || undefined, message, sentRows, now);
      this.nextPostAt.set(channel, Math.max(this.nextPostAt.get(channel) ?? 0, now + this.minIntervalMs));
      if (ok) {
        posted += 1;
        if (digest) this.counters.digests += 1;
        if (units.length > chosen.length) note(this.minIntervalMs);
      } else {
        note(Math.max(0, (this.nextPostAt.get(channel) ?? now) - now));
      }
    }
    return { posted, waitMs };
  }

  private async post(
    channel: string,
    thread: string | undefined,
    message: Message,
    rows: OutboxItem[],
    now: number,
  ): Promise<boolean> {
    const args: PostMessageArgs = {
      channel,
      text: message.text,
      blocks: message.blocks,
      unfurl_links: false,
      unfurl_media: false,
      ...(thread ? { thread_ts: thread } : {}),
    };
    let failure: Failure | undefined;
    let ts: string | null = null;
    try {
      const answer = await this.opts.slack.postMessage(args);
      if (answer.ok === false) failure = classifySlackFailure(answer);
      else ts = answer.ts ?? null;
    } catch (err) {
      failure = classifySlackFailure(err);
    }
    if (!failure) {
      for (const r of rows) await this.opts.outbox.markSent(r.id, ts);
      this.counters.posted += 1;
      this.counters.rowsSent += rows.length;
      return true;
    }
    const attempts = Math.max(...rows.map((r) => r.attempts));
    const maxBackoff = this.opts.maxBackoffMs ?? 600_000;
    let delay: number;
    if (failure.rateLimited) {
      this.counters.rateLimited += 1;
      delay = Math.max(1_000, failure.retryAfterMs ?? 1_000);
      // Slack's limit is per channel (and per workspace): hold the channel, not only these rows.
      this.nextPostAt.set(channel, now + delay);
    } else {
      this.counters.failures += 1;
      delay = PERMANENT.has(failure.error)
        ? maxBackoff
        : Math.min(maxBackoff, 1_000 * 2 ** Math.min(attempts, 20));
      // Hold the whole channel too, so its messages keep their order.
      this.nextPostAt.set(channel, now + delay);
    }
    this.log.warn(
      { channel, error: failure.error, attempts: attempts + 1, retryInMs: delay, rows: rows.length },
      'Slack refused a notification; it stays in the outbox',
    );
    const next = new Date(now + delay);
    for (const r of rows) await this.opts.outbox.markFailed(r.id, failure.error, next);
    return false;
  }
}
