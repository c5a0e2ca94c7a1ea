/**
 * Who else is using the key: the key's own API log (docs/provider-api.md,
 * API logs) read on the watcher's schedule and budget, span by span, and
 * compared with the journal of the requests every replica sent
 * (src/provider/sent-requests.ts, the store's `key_requests`).
 *
 * - A span is whole seconds from where the last one ended to a horizon old
 *   enough that every request in it is logged and journaled (`settleMs`), at
 *   most `chunkMs` long; its pages are read newest first with `from`/`to`,
 *   following `next_cursor`, one background request each.
 * - The bot's own requests are paired off (key-use-match.ts); what remains
 *   is judged (key-use-judge.ts): a stranger's request raises `key-use`
 *   (one alarm per source address; more requests from it fold into it, "and
 *   N more", and it ends after an hour without one), a client of
 *   KEY_EXPECTED_IPS is only counted, and KEY_AUTH_BURST refusals (401/403)
 *   within KEY_AUTH_WINDOW_MINUTES open `key-auth`, resolved once a whole
 *   window passes without one.
 * - The span's end, the learned own addresses, the refusals of the window
 *   and the counts are written by compare-and-set with the alarms and the
 *   journal entries consumed, in one transaction: a replica that lost the
 *   lease meanwhile writes nothing, and a restart reads on from where the
 *   last commit ended.
 * - The first read starts at its horizon (the log before it is nobody's to
 *   judge: the journal did not exist). A reader further behind than the
 *   journal keeps (`keepMs`) skips to what it still covers, and says so.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import {
  BACKGROUND,
  DEFAULT_TIMEOUTS,
  type LogEntry,
  loggedPath,
  type ProviderClient,
  parseProviderTime,
  providerTime,
} from '../provider/index.ts';
import {
  ALARM_ON,
  alarmDetail,
  type KeyLogState,
  type Store,
  WATCH_KEY,
  type WatchRow,
} from '../store/index.ts';
import { raiseAlarm, resolveAlarm } from './alarms.ts';
import type { IncidentTx } from './incidents.ts';
import { ExpectedClients, type IpRange, plainIp } from './ip-ranges.ts';
import { type BurstRule, burstOf, type Findings, judgeSpan } from './key-use-judge.ts';
import { journalSpan, type LoggedRequest, type MatchWindow, matchOwnRequests } from './key-use-match.ts';
import { channelsWatching } from './watch-channels.ts';

const SECOND = 1_000;
const MINUTE = 60_000;

/** The timing of the key-use watch; README.md ("Key use") says why each is what it is. */
export const KEY_USE_TIMING = {
  /** Our clock against the provider's: NTP keeps hosts within well under a second; five is generous. */
  skewMs: 5 * SECOND,
  /** The longest a request lives before the provider may stamp it: the client's timeouts, all of them. */
  lateMs: DEFAULT_TIMEOUTS.connectMs + DEFAULT_TIMEOUTS.headersMs + DEFAULT_TIMEOUTS.bodyMs,
  /** A span is at most this long; a reader behind reads the next one at the re-read cadence. */
  chunkMs: 10 * MINUTE,
  /** Journal entries are kept this long (a leader down longer skips what it no longer covers). */
  keepMs: 6 * 60 * MINUTE,
  /** A stranger's alarm ends after this long without a request from its address. */
  quietMs: 60 * MINUTE,
  /** Log entries per page: the most the provider gives (docs/provider-api.md, API logs). */
  pageLimit: 500,
  /** Pages per span at most (a span this full is judged as far as it was read). */
  maxPages: 100,
} as const;

/** Seconds judged only once this old: every request in them is logged, and journaled by whoever sent it. */
export const KEY_USE_SETTLE_MS = KEY_USE_TIMING.lateMs + KEY_USE_TIMING.skewMs + SECOND;

export interface KeyUseSettings {
  /** KEY_EXPECTED_IPS. */
  expected: readonly IpRange[];
  /** KEY_AUTH_BURST refusals within KEY_AUTH_WINDOW_MINUTES. */
  burst: { count: number; windowMinutes: number };
}

/** The key's log as the scheduler sees it. */
export interface KeyUseSlot {
  id: 'key-log';
  /** Epoch ms of the last read. */
  readAt: number;
  /** Behind: the next span is due at the re-read cadence. */
  soon: boolean;
}

/** What the key-use watch has seen since this process started (Watcher.stats(), /metrics). */
export interface KeyUseStats {
  reads: number;
  pages: number;
  own: number;
  expected: number;
  foreign: number;
  denied: number;
  unreadable: number;
  /** The end of the last span judged (epoch ms), as last read or written. */
  judgedThrough: number | undefined;
}

class StaleSpan extends Error {}

/** How the key's alarms name what they are about (a digest lists it): the setting, the same in every language. */
export const KEY_NAME = 'PROVIDER_API_KEY';

export class KeyUseWatch {
  private readAt = 0;
  private behind = false;
  private readonly expected: ExpectedClients;
  private readonly burst: BurstRule;
  private readonly window: MatchWindow = KEY_USE_TIMING;
  readonly stats: KeyUseStats = {
    reads: 0,
    pages: 0,
    own: 0,
    expected: 0,
    foreign: 0,
    denied: 0,
    unreadable: 0,
    judgedThrough: undefined,
  };

  constructor(
    private readonly o: {
      provider: Pick<ProviderClient, 'logs'>;
      store: Pick<Store, 'keyLog' | 'keyRequests' | 'transaction'>;
      clock: Clock;
      log: Logger;
      /** NOTIFY_CHANNEL: notified of both alarms. */
      notifyChannel?: string | undefined;
      flapMs: number;
      settings: KeyUseSettings;
      /** One more background request, paced by the watcher's budget (the next page). */
      another: <T>(call: () => Promise<T>) => Promise<T>;
    },
  ) {
    this.expected = new ExpectedClients(o.settings.expected);
    this.burst = { count: o.settings.burst.count, windowMs: o.settings.burst.windowMinutes * MINUTE };
  }

  private channels(watches: readonly WatchRow[]): string[] {
    return channelsWatching(this.o.notifyChannel, watches, [WATCH_KEY]);
  }

  /** The log's read for the scheduler; none while nobody listens (no NOTIFY_CHANNEL, no `/vps watch key`). */
  slot(watches: readonly WatchRow[]): KeyUseSlot | undefined {
    if (this.channels(watches).length === 0) return undefined;
    return { id: 'key-log', readAt: this.readAt, soon: this.behind };
  }

  /** A failed read counts as a look. */
  markTried(now: number): void {
    this.readAt = now;
  }

  /** Reads and judges the next span of the log; returns the outbox rows queued. */
  async read(watches: readonly WatchRow[]): Promise<number> {
    const now = this.o.clock.now().getTime();
    this.readAt = now;
    const t = KEY_USE_TIMING;
    const horizon = Math.floor((now - KEY_USE_SETTLE_MS) / SECOND) * SECOND - 1;
    const state = await this.o.store.keyLog.get();
    if (!state) {
      // The first read: the log before it is nobody's to judge (no journal covered it).
      const first = { judgedThrough: new Date(horizon), ownIps: {}, denied: [], expected: {} };
      await this.o.store.keyLog.save(first, null);
      this.stats.judgedThrough = horizon;
      return 0;
    }
    let from = state.judgedThrough.getTime() + 1;
    const covered = Math.ceil((now - t.keepMs + t.lateMs + t.skewMs) / SECOND) * SECOND;
    if (from < covered) {
      this.o.log.warn(
        { from: new Date(from).toISOString(), to: new Date(covered).toISOString() },
        'the key log was not read for longer than the journal of own requests keeps: that part is not judged',
      );
      from = covered;
    }
    if (from > horizon) {
      this.behind = false;
      return 0;
    }
    const to = Math.min(horizon, from + t.chunkMs - 1);
    this.behind = to < horizon;
    const log = await this.fetch(from, to);
    const span = journalSpan(from, to, this.window);
    const journal = await this.o.store.keyRequests.between(new Date(span.from), new Date(span.to));
    const known = new Set(Object.keys(state.ownIps));
    const match = matchOwnRequests(
      log,
      journal.map((j) => ({ id: j.id, method: j.method, path: j.path, sentAt: j.sentAt.getTime() })),
      known,
      this.window,
    );
    const found = judgeSpan(log, match, state, { to, expected: this.expected, burst: this.burst });
    let enqueued = 0;
    try {
      enqueued = await this.o.store.transaction(async (tx) => {
        if (!(await tx.keyLog.save(found.next, state.version))) throw new StaleSpan();
        await tx.keyRequests.consume([...match.pairs.values()]);
        const own = new Set([...known, ...match.ownIps]);
        return this.tell(tx, found, state, { to, own, channels: this.channels(watches) });
      });
    } catch (err) {
      if (!(err instanceof StaleSpan)) throw err;
      this.o.log.info({ from, to }, 'the key log span was judged by another replica; nothing written');
      return 0;
    }
    this.stats.reads += 1;
    this.stats.judgedThrough = to;
    for (const k of ['own', 'expected', 'foreign', 'denied'] as const) this.stats[k] += found.counts[k];
    await this.o.store.keyRequests.purgeBefore(new Date(now - t.keepMs));
    if (found.counts.foreign > 0)
      this.o.log.warn(
        { ...found.counts, ips: [...found.foreign.keys()] },
        'the key was used by another client',
      );
    return enqueued;
  }

  /** Every entry of [from, to], page after page (newest first), read as the matcher reads them. */
  private async fetch(from: number, to: number): Promise<LoggedRequest[]> {
    const q = { from: providerTime(from), to: providerTime(to), limit: KEY_USE_TIMING.pageLimit };
    const out: LoggedRequest[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < KEY_USE_TIMING.maxPages; page += 1) {
      const ask = () => this.o.provider.logs({ ...q, ...(cursor ? { cursor } : {}) }, BACKGROUND);
      const answer = page === 0 ? await ask() : await this.o.another(ask);
      this.stats.pages += 1;
      for (const e of answer.logs) {
        const r = this.readEntry(e);
        if (r && r.at >= from && r.at <= to) out.push(r);
      }
      if (!answer.has_more || !answer.next_cursor) return out;
      cursor = answer.next_cursor;
    }
    this.o.log.error({ pages: KEY_USE_TIMING.maxPages }, 'the key log span has more pages than are read');
    return out;
  }

  private readEntry(e: LogEntry): LoggedRequest | undefined {
    const at = parseProviderTime(e.created_at);
    if (!at) {
      if (this.stats.unreadable === 0)
        this.o.log.warn({ created_at: e.created_at }, 'a key log entry has a time this bot does not read');
      this.stats.unreadable += 1;
      return undefined;
    }
    return {
      method: e.method.toUpperCase(),
      path: loggedPath(e.path),
      status: e.status_code,
      ip: plainIp(e.ip_address),
      at: at.getTime(),
    };
  }

  /** The alarms of one span: strangers by address (opened, folded, ended when quiet) and the refusals' burst. */
  private async tell(
    tx: IncidentTx,
    found: Findings,
    before: KeyLogState,
    s: { to: number; own: ReadonlySet<string>; channels: readonly string[] },
  ): Promise<number> {
    const ctx = { now: this.o.clock.now(), flapMs: this.o.flapMs };
    const channels = s.channels.map((channelId) => ({ channelId }));
    let enqueued = 0;
    for (const [ip, reqs] of found.foreign) {
      const subject = `key-use:${ip}`;
      const first = reqs[0]!;
      const last = reqs[reqs.length - 1]!;
      const latest = await tx.incidents.latestFor('key-use', subject);
      const open = latest?.state === ALARM_ON ? alarmDetail('key-use', latest.detail) : undefined;
      const own = s.own.has(ip) || open?.own === true;
      const detail = open
        ? { ...open, more: (open.more ?? 0) + reqs.length, lastAt: last.at, ...(own ? { own } : {}) }
        : {
            method: first.method,
            path: first.path,
            status: first.status,
            ip,
            requestedAt: first.at,
            lastAt: last.at,
            ...(reqs.length > 1 ? { more: reqs.length - 1 } : {}),
            ...(own ? { own } : {}),
          };
      const at = open ? last.at : first.at;
      const key = `${subject}:${s.to}`;
      enqueued += (
        await raiseAlarm(tx, { kind: 'key-use', subject, name: ip, detail, key, at, channels }, ctx)
      ).enqueued;
    }
    for (const inc of await tx.incidents.openAlarms()) {
      if (inc.kind !== 'key-use' || inc.state !== ALARM_ON) continue;
      const d = alarmDetail('key-use', inc.detail);
      const lastAt = d ? (d.lastAt ?? d.requestedAt) : inc.lastChangeAt.getTime();
      if (found.foreign.has(d?.ip ?? '') || s.to - lastAt < KEY_USE_TIMING.quietMs) continue;
      const r = { kind: 'key-use' as const, subject: inc.subject, key: `${inc.subject}:quiet:${lastAt}` };
      enqueued += (await resolveAlarm(tx, { ...r, at: lastAt + KEY_USE_TIMING.quietMs }, ctx)).enqueued;
    }
    return enqueued + (await this.tellBurst(tx, found, before, s.to, channels, ctx));
  }

  private async tellBurst(
    tx: IncidentTx,
    found: Findings,
    before: KeyLogState,
    to: number,
    channels: { channelId: string }[],
    ctx: { now: Date; flapMs: number },
  ): Promise<number> {
    const denied = found.next.denied;
    const burst = burstOf(denied, this.burst);
    if (burst && found.newlyDenied > 0) {
      const detail = {
        count: burst.count,
        windowMinutes: this.o.settings.burst.windowMinutes,
        statuses: burst.statuses,
        ips: burst.ips.slice(0, 20),
      };
      const at = denied[denied.length - 1]!.at;
      const input = {
        kind: 'key-auth' as const,
        subject: 'key-auth',
        name: 'key-auth',
        detail,
        at,
        channels,
      };
      return (await raiseAlarm(tx, { ...input, key: `key-auth:${to}` }, ctx)).enqueued;
    }
    if (denied.length > 0) return 0;
    // A whole window without a refusal: the burst is over (`none` when there was no alarm).
    const lastDenied = before.denied[before.denied.length - 1]?.at ?? to - this.burst.windowMs;
    const at = Math.min(to, lastDenied + this.burst.windowMs);
    return (
      await resolveAlarm(tx, { kind: 'key-auth', subject: 'key-auth', key: `key-auth:quiet:${at}`, at }, ctx)
    ).enqueued;
  }
}
