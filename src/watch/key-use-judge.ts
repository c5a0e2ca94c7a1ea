/**
 * What a read of the key's API log says, once the bot's own requests are
 * paired off (key-use-match.ts): the requests of strangers, by source
 * address; those of the clients the team expects (KEY_EXPECTED_IPS), only
 * counted; and the refused ones (401, 403) that make a burst. Pure: the log,
 * what of it is judged now and the state before in, the findings out (the
 * caller writes the state).
 */
import type { DeniedRequest, ExpectedCount, KeyLogState } from '../store/index.ts';
import type { ExpectedClients } from './ip-ranges.ts';
import type { LoggedRequest } from './key-use-match.ts';

/** A learned own address is forgotten after this long without a request of ours from it. */
const OWN_IP_KEEP_MS = 30 * 86_400_000;
/** Refused requests kept for the burst window, at most (the alarm names their addresses). */
const DENIED_KEEP = 1_000;

export interface BurstRule {
  /** KEY_AUTH_BURST: this many 401/403 answers … */
  count: number;
  /** … within KEY_AUTH_WINDOW_MINUTES. */
  windowMs: number;
}

export interface Findings {
  /** Strangers' requests by source address, oldest first. */
  foreign: Map<string, LoggedRequest[]>;
  /** Refused requests not the bot's, new in this read. */
  newlyDenied: number;
  counts: { own: number; expected: number; foreign: number; denied: number };
  /** The state to write (with the caller's progress). */
  next: Pick<KeyLogState, 'ownIps' | 'denied' | 'expected'>;
}

/** What of a read is judged now: the log entries no request of the bot's explains, and those the bot's own. */
export interface Judged {
  /** Indexes of entries not the bot's, in log order. */
  unmatched: readonly number[];
  /** Indexes of the bot's own entries judged now (counted). */
  own: readonly number[];
  /** Indexes of entries paired from the bot's own addresses, judged now or later: when each address was last seen. */
  ownSeen: readonly number[];
}

export function judgeSpan(
  log: readonly LoggedRequest[],
  judged: Judged,
  before: Pick<KeyLogState, 'ownIps' | 'denied' | 'expected'>,
  o: { to: number; expected: ExpectedClients; burst: BurstRule },
): Findings {
  const ownIps: Record<string, number> = {};
  for (const [ip, at] of Object.entries(before.ownIps)) if (o.to - at < OWN_IP_KEEP_MS) ownIps[ip] = at;
  for (const i of judged.ownSeen) {
    const e = log[i]!;
    ownIps[e.ip] = Math.max(ownIps[e.ip] ?? 0, e.at);
  }
  const expected: Record<string, ExpectedCount> = { ...before.expected };
  const foreign = new Map<string, LoggedRequest[]>();
  const denied: DeniedRequest[] = [];
  let expectedCount = 0;
  // The log is newest first: read backwards, requests come in the order they were made.
  for (const i of [...judged.unmatched].reverse()) {
    const e = log[i]!;
    const range = o.expected.rangeOf(e.ip);
    if (range !== undefined) {
      const c = expected[range] ?? { count: 0, lastAt: 0 };
      expected[range] = { count: c.count + 1, lastAt: Math.max(c.lastAt, e.at) };
      expectedCount += 1;
      continue;
    }
    const list = foreign.get(e.ip) ?? [];
    list.push(e);
    foreign.set(e.ip, list);
    if (e.status === 401 || e.status === 403) denied.push({ at: e.at, ip: e.ip, status: e.status });
  }
  // Oldest first (a stable sort keeps the log's order within a second).
  for (const list of foreign.values()) list.sort((a, b) => a.at - b.at);
  const since = o.to - o.burst.windowMs;
  const window = [...before.denied, ...denied]
    .filter((d) => d.at > since)
    .sort((a, b) => a.at - b.at)
    .slice(-DENIED_KEEP);
  return {
    foreign,
    newlyDenied: denied.length,
    counts: {
      own: judged.own.length,
      expected: expectedCount,
      foreign: judged.unmatched.length - expectedCount,
      denied: denied.length,
    },
    next: { ownIps, denied: window, expected },
  };
}

/** The burst as the alarm shows it: how many, which statuses, which addresses (most recent first). */
export function burstOf(
  denied: readonly DeniedRequest[],
  rule: BurstRule,
): { count: number; statuses: number[]; ips: string[] } | undefined {
  if (denied.length < rule.count) return undefined;
  const statuses = [...new Set(denied.map((d) => d.status))].sort();
  const ips = [...new Set([...denied].reverse().map((d) => d.ip))];
  return { count: denied.length, statuses, ips };
}
