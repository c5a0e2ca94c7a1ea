/**
 * Who else is using the key: the key's own API log (docs/provider-api.md,
 * API logs) read on the watcher's schedule and budget, and compared with the
 * journal of the requests every replica sent (src/provider/sent-requests.ts,
 * the store's `key_requests`).
 *
 * - Each read takes the log from where the last judged span ended to a few
 *   seconds ago, page after page (newest first, `from`/`to`, following
 *   `next_cursor`), one background request each.
 * - The bot's own requests are paired off (key-use-match.ts). A span is
 *   judged once it is old enough that every request in it is logged and
 *   journaled (`settleMs`), and at least an interval long and
 *   `KEY_USE_LEARN_SPAN_MS` (or the reader is behind), at most `chunkMs`:
 *   what remains in it is not the bot's
 *   (key-use-judge.ts). A stranger's request raises `key-use` (one alarm per
 *   source address; more requests from it fold into it, "and N more", and it
 *   ends after an hour without one), a client of KEY_EXPECTED_IPS is only
 *   counted, and KEY_AUTH_BURST refusals (401/403) within
 *   KEY_AUTH_WINDOW_MINUTES open a `key-auth` alarm, resolved once a whole window
 *   passes without one.
 * - Only what could be the bot's own needs the span to settle: a request from
 *   an address the bot has not sent from, that no request of the journal
 *   could be, is judged at the first read that sees it once the journal of
 *   that moment is written (`earlyMs`), when it would open an alarm (an
 *   address with one open folds its requests in when their span is judged).
 *   Those are kept in the row (`early`), so the span's judging skips them.
 * - The span's end, the learned own addresses, the refusals of the window,
 *   the counts and what was judged early are written by compare-and-set with
 *   the alarms and the journal entries consumed, in one transaction: a
 *   replica that lost the lease meanwhile writes nothing, and a restart reads
 *   on from where the last commit ended. Progress another replica wrote with
 *   a clock ahead of ours (or ours before it was set back) is taken as now:
 *   the log is read on at once instead of once our clock reaches it.
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
  /** How long a replica's journal of what it sent may take to reach the store (a batch under way). */
  journalMs: 4 * SECOND,
  /**
   * The log is read this often, whatever WATCH_INTERVAL_SECONDS (each read
   * takes it from the last span judged): a stranger is alerted within this and
   * `KEY_USE_EARLY_MS` of the log showing the request.
   */
  everyMs: 10 * SECOND,
  /** Entries judged early and not yet in a judged span, at most (beyond, they wait for their span). */
  earlyKeep: 1_000,
} as const;

/** Seconds judged only once this old: every request in them is logged, and journaled by whoever sent it. */
export const KEY_USE_SETTLE_MS = KEY_USE_TIMING.lateMs + KEY_USE_TIMING.skewMs + SECOND;

/**
 * A request from an address the bot never sent from is judged once this old:
 * every journal entry it could be (sent before it, or up to the clocks' skew
 * after its second) has reached the store.
 */
export const KEY_USE_EARLY_MS = KEY_USE_TIMING.skewMs + SECOND + KEY_USE_TIMING.journalMs;

/**
 * A span is judged once at least this long, whatever the interval: a read
 * then takes in the whole window a journal entry may be logged in (the
 * clocks' skew before it to its latest stamp after it, key-use-match.ts),
 * which is what teaches the bot's own address. Shorter spans (a
 * WATCH_INTERVAL_SECONDS of a few seconds) never learned it, and a stranger
 * asking what the bot asks was then paired off as the bot, never alerted.
 */
export const KEY_USE_LEARN_SPAN_MS =
  KEY_USE_TIMING.lateMs +
  2 * KEY_USE_TIMING.skewMs +
  SECOND -
  (KEY_USE_SETTLE_MS - KEY_USE_EARLY_MS) +
  2 * SECOND;

/** The end of the whole second before `ms` (epoch ms): spans are whole seconds. */
const secondEnd = (ms: number) => Math.floor(ms / SECOND) * SECOND - 1;

/** How an entry judged early is named in the row: the same entry read again names it the same. */
export function earlyEntryKey(e: LoggedRequest): string {
  return `${e.at} ${e.ip} ${e.status} ${e.method} ${e.path}`;
}

export interface KeyUseSettings {
  /** KEY_EXPECTED_IPS. */
  expected: readonly IpRange[];
  /** KEY_AUTH_BURST refusals within KEY_AUTH_WINDOW_MINUTES. */
  burst: { count: number; windowMinutes: number };
}

export interface KeyUseWatchOptions {
  provider: Pick<ProviderClient, 'logs'>;
  store: Pick<Store, 'keyLog' | 'keyRequests' | 'incidents' | 'transaction'>;
  clock: Clock;
  log: Logger;
  /** NOTIFY_CHANNEL: notified of both alarms. */
  notifyChannel?: string | undefined;
  flapMs: number;
  settings: KeyUseSettings;
  /** One more background request, paced by the watcher's budget (the next page). */
  another: <T>(call: () => Promise<T>) => Promise<T>;
  /**
   * WATCH_INTERVAL_SECONDS in ms: a span is judged once it is this long (or
   * the reader is behind), so more requests of a stranger already alerted fold
   * in once an interval, not at every read of the log.
   */
  intervalMs?: number;
}

/** The key's log as the scheduler sees it. */
export interface KeyUseSlot {
  id: 'key-log';
  /** Epoch ms of the last read. */
  readAt: number;
  /** Behind: the next span is due at the re-read cadence. */
  soon: boolean;
  /** Read this often, whatever the interval (`KEY_USE_TIMING.everyMs`). */
  everyMs: number;
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
  /** Of `foreign`, those judged at the first read that saw them, before their span settled. */
  early: number;
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
    early: 0,
    judgedThrough: undefined,
  };
  /** Whether progress ahead of this clock was said already (once per spell). */
  private toldAhead = false;
  /** Whether the next read must read the log whole (`readLog`): so at first, and while something past the span waits. */
  private unsure = true;

  constructor(private readonly o: KeyUseWatchOptions) {
    this.expected = new ExpectedClients(o.settings.expected);
    this.burst = { count: o.settings.burst.count, windowMs: o.settings.burst.windowMinutes * MINUTE };
  }

  private channels(watches: readonly WatchRow[]): string[] {
    return channelsWatching(this.o.notifyChannel, watches, [WATCH_KEY]);
  }

  /** The log's read for the scheduler; none while nobody listens (no NOTIFY_CHANNEL, no `/vps watch key`). */
  slot(watches: readonly WatchRow[]): KeyUseSlot | undefined {
    if (this.channels(watches).length === 0) return undefined;
    return { id: 'key-log', readAt: this.readAt, soon: this.behind, everyMs: KEY_USE_TIMING.everyMs };
  }

  /** A failed read counts as a look. */
  markTried(now: number): void {
    this.readAt = now;
  }

  /** Reads the log on from the last span judged; judges what is due; returns the outbox rows queued. */
  async read(watches: readonly WatchRow[]): Promise<number> {
    const now = this.o.clock.now().getTime();
    this.readAt = now;
    const t = KEY_USE_TIMING;
    const horizon = secondEnd(now - KEY_USE_SETTLE_MS);
    // Past the span, entries are looked at up to here (see KEY_USE_EARLY_MS).
    const aheadLimit = secondEnd(now - KEY_USE_EARLY_MS + SECOND);
    const state = await this.o.store.keyLog.get();
    if (!state) {
      // The first read: the log before it is nobody's to judge (no journal covered it).
      const first = {
        judgedThrough: new Date(horizon),
        ownIps: {},
        denied: [],
        expected: {},
        ahead: { through: horizon, judged: {}, seen: 0 },
      };
      await this.o.store.keyLog.save(first, null);
      this.stats.judgedThrough = horizon;
      return 0;
    }
    let judged = this.trusted(state, horizon);
    const covered = Math.ceil((now - t.keepMs + t.lateMs + t.skewMs) / SECOND) * SECOND;
    if (judged + 1 < covered) {
      this.o.log.warn(
        { from: new Date(judged + 1).toISOString(), to: new Date(covered).toISOString() },
        'the key log was not read for longer than the journal of own requests keeps: that part is not judged',
      );
      judged = covered - 1;
    }
    const from = judged + 1;
    const last = Math.min(horizon, judged + t.chunkMs);
    this.behind = last < horizon;
    // The span judged now, once it is long enough; else `to` stays where the last one ended.
    const least = Math.max(this.o.intervalMs ?? 0, KEY_USE_LEARN_SPAN_MS);
    const to = this.behind || last - judged >= least ? Math.max(judged, last) : judged;
    // Read on past it (never while behind): the first word of a stranger.
    const lookedThrough = Math.max(judged, Math.min(state.ahead.through, aheadLimit));
    const readTo = this.behind ? to : Math.max(to, aheadLimit);
    if (to <= judged && readTo <= lookedThrough) return 0;
    const known = new Set(Object.keys(state.ownIps));
    const { log, whole } = await this.readLog({ from, to, readTo, lookedThrough, judged, known, state });
    const skip = judgedAhead(log, state.ahead.judged);
    // The journal the pairing needs: of the whole read, or of the span alone when all of it is the bot's.
    const span = journalSpan(from, whole ? readTo : to, this.window);
    const journal =
      whole || to > judged
        ? await this.o.store.keyRequests.between(new Date(span.from), new Date(span.to))
        : [];
    const match = matchOwnRequests(
      log,
      journal.map((j) => ({ id: j.id, method: j.method, path: j.path, sentAt: j.sentAt.getTime() })),
      known,
      this.window,
      { read: { from, to: whole ? readTo : to }, skip, judging: to },
    );
    const own = new Set([...known, ...match.learned]);
    const settled = (i: number) => log[i]!.at <= to;
    const consumed = [...match.pairs.keys()].filter(settled);
    const first = this.behind ? [] : await this.firstWord(log, match.unmatched, { to, own, state });
    // Past the span, what is not the bot's and was not judged now waits: the next read reads it whole.
    const told = new Set(first);
    this.unsure =
      !this.behind &&
      log.some((e, i) => e.at > to && !skip.has(i) && !told.has(i) && this.maySteal(e.ip, own));
    const end = first.length > 0 ? readTo : to;
    const found = judgeSpan(
      log,
      {
        unmatched: match.unmatched.filter((i) => settled(i) || first.includes(i)),
        own: consumed,
        ownSeen: [...match.pairs.keys()].filter((i) => own.has(log[i]!.ip)),
      },
      state,
      { to: end, expected: this.expected, burst: this.burst },
    );
    const seen = log.reduce((m, e) => Math.max(m, e.at), state.ahead.seen);
    const next = {
      ...found.next,
      judgedThrough: new Date(to),
      ahead: {
        through: Math.max(lookedThrough, readTo),
        judged: keptAhead(state.ahead.judged, log, first, to),
        seen,
      },
    };
    let enqueued = 0;
    try {
      enqueued = await this.o.store.transaction(async (tx) => {
        if (!(await tx.keyLog.save(next, state.version))) throw new StaleSpan();
        await tx.keyRequests.consume(consumed.map((i) => match.pairs.get(i)!));
        const early = new Set(first.map((i) => log[i]!.ip));
        return this.tell(tx, found, state, { to, end, early, own, channels: this.channels(watches) });
      });
    } catch (err) {
      if (!(err instanceof StaleSpan)) throw err;
      this.unsure = true;
      this.o.log.info({ from, to }, 'the key log span was judged by another replica; nothing written');
      return 0;
    }
    this.stats.reads += 1;
    this.stats.judgedThrough = to;
    this.stats.early += first.length;
    for (const k of ['own', 'expected', 'foreign', 'denied'] as const) this.stats[k] += found.counts[k];
    await this.o.store.keyRequests.purgeBefore(new Date(now - t.keepMs));
    if (found.counts.foreign > 0)
      this.o.log.warn(
        { ...found.counts, ips: [...found.foreign.keys()] },
        'the key was used by another client',
      );
    return enqueued;
  }

  /**
   * The log the read needs. Most reads find only the bot's own requests: the
   * span being judged (if one is) and the seconds new since the last read
   * are enough, and nothing of the seconds between is read again. When
   * something in them may be a stranger's (an address the bot has not sent
   * from), or the last read left such a request waiting (or this process has
   * not read yet), everything from the span's start is read, as the pairing
   * needs what lies around it.
   */
  private async readLog(o: {
    from: number;
    to: number;
    readTo: number;
    lookedThrough: number;
    judged: number;
    known: ReadonlySet<string>;
    state: KeyLogState;
  }): Promise<{ log: LoggedRequest[]; whole: boolean }> {
    if (!this.unsure) {
      const span = o.to > o.judged ? await this.fetch(o.from, o.to) : [];
      const next = Math.max(o.lookedThrough, o.to) + 1;
      const fresh = !this.behind && o.readTo >= next ? await this.fetch(next, o.readTo) : [];
      const log = [...fresh, ...span];
      const skip = judgedAhead(log, o.state.ahead.judged);
      if (!log.some((e, i) => !skip.has(i) && this.maySteal(e.ip, o.known))) return { log, whole: false };
    }
    return { log: await this.fetch(o.from, o.readTo), whole: true };
  }

  /** Whether requests from `ip` are a stranger's or a new address of the bot's (a client of KEY_EXPECTED_IPS is neither). */
  private maySteal(ip: string, own: ReadonlySet<string>): boolean {
    return !own.has(ip) && this.expected.rangeOf(ip) === undefined;
  }

  /**
   * Where the judging stands, as this replica may trust it. Progress ahead of
   * where this clock says the log can have settled (by more than clocks may
   * differ) was written by a clock that was ahead (another replica's, or ours
   * before it was set back): the log was read then only as far as it went,
   * so the judging goes on from the newest entry it had shown, at once,
   * instead of once this clock reaches that progress.
   */
  private trusted(state: KeyLogState, horizon: number): number {
    const judged = state.judgedThrough.getTime();
    if (judged <= horizon + KEY_USE_TIMING.skewMs) {
      this.toldAhead = false;
      return judged;
    }
    const seen = state.ahead.seen;
    const back = seen > 0 ? Math.min(judged, secondEnd(seen + SECOND)) : horizon;
    if (!this.toldAhead)
      this.o.log.warn(
        { judgedThrough: state.judgedThrough.toISOString(), from: new Date(back + 1).toISOString() },
        'the key log’s progress lies ahead of this clock (written by a clock that was ahead): read on from the newest entry it had shown',
      );
    this.toldAhead = true;
    return back;
  }

  /**
   * The entries past the span, from addresses the bot has not sent from, that
   * no request of the journal could be: judged now when they would open an alarm
   * (a stranger with one open folds its requests in with their span).
   */
  private async firstWord(
    log: readonly LoggedRequest[],
    unmatched: readonly number[],
    o: { to: number; own: ReadonlySet<string>; state: KeyLogState },
  ): Promise<number[]> {
    const ahead = unmatched.filter((i) => log[i]!.at > o.to);
    if (ahead.length === 0) return [];
    const open = new Set<string>();
    for (const inc of await this.o.store.incidents.openAlarms())
      if (inc.kind === 'key-use' && inc.state === ALARM_ON)
        open.add(alarmDetail('key-use', inc.detail)?.ip ?? '');
    let room = KEY_USE_TIMING.earlyKeep - Object.keys(o.state.ahead.judged).length;
    const out: number[] = [];
    // Oldest first (the log is newest first), so that what is cut off is what came last.
    for (const i of [...ahead].reverse()) {
      const ip = log[i]!.ip;
      if (o.own.has(ip) || open.has(ip) || this.expected.rangeOf(ip) !== undefined) continue;
      if (room <= 0) break;
      room -= 1;
      out.push(i);
    }
    return out.reverse();
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
    s: {
      /** The end of the span judged. */
      to: number;
      /** The end of what was judged: past the span when entries were judged at their first read. */
      end: number;
      /** Addresses whose requests were judged at their first read. */
      early: ReadonlySet<string>;
      own: ReadonlySet<string>;
      channels: readonly string[];
    },
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
      // Named by the end of what was judged: an early read's, apart from the spans' ends.
      const key = s.early.has(ip) ? `${subject}:early:${s.end}` : `${subject}:${s.to}`;
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
    return enqueued + (await this.tellBurst(tx, found, before, s.end, channels, ctx));
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

/** The indexes of `log` judged at their first read already (each named entry as many times as it was). */
function judgedAhead(log: readonly LoggedRequest[], judged: Readonly<Record<string, number>>): Set<number> {
  const left = { ...judged };
  const out = new Set<number>();
  log.forEach((e, i) => {
    const k = earlyEntryKey(e);
    if ((left[k] ?? 0) <= 0) return;
    left[k] = left[k]! - 1;
    out.add(i);
  });
  return out;
}

/** The entries judged at their first read after this read: the new ones added, those now in a judged span gone. */
function keptAhead(
  before: Readonly<Record<string, number>>,
  log: readonly LoggedRequest[],
  now: readonly number[],
  to: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(before)) if (Number(k.split(' ', 1)[0]) > to) out[k] = n;
  for (const i of now) {
    const k = earlyEntryKey(log[i]!);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
