/**
 * Which entries of the key's API log are the bot's own requests: each log
 * entry is paired with a request of the journal of the same method and path
 * sent near its time, each journal entry with at most one log entry. Pure.
 *
 * Time. The log's `created_at` is a whole second in Japan time
 * (docs/provider-api.md, API logs), already read as an instant: the request
 * was stamped somewhere in [at, at + 1 s). The journal has the moment the
 * request left, on the replica's clock. The provider stamps it after that
 * (on arrival, or when it answered: the spec does not say), by at most the
 * request's longest life (`lateMs`: the client's timeouts), on a clock that
 * may differ from ours by `skewMs`. So a journal entry sent at `s` may be log
 * entry `at` when `s - skewMs - 1 s < at <= s + lateMs + skewMs`.
 *
 * Pairing. Within one method and path, log entries are taken oldest first,
 * each given the unused journal entry whose window ends first (the classic
 * greedy that pairs as many as can be paired when every window has the same
 * length). When a stranger's request shares method, path and moment with
 * one of ours, only the source address can tell which is which, so the
 * entries are taken in three rounds:
 *  1. from the bot's own addresses (learned from earlier reads);
 *  2. per method and path where the rest pair completely (nothing
 *     contested): their addresses are learned as the bot's own;
 *  3. the contested rest, those from an address learned in round 2 first.
 * What stays unpaired is not the bot's.
 */

/** A log entry as the matcher reads it: the path as the log names it, the time as an instant. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  ip: string;
  /** Start of the log's second (epoch ms). */
  at: number;
}

/** A journal entry: a request a replica sent. */
export interface SentEntry {
  id: number;
  method: string;
  path: string;
  /** Epoch ms, the replica's clock. */
  sentAt: number;
}

export interface MatchWindow {
  /** How far our clock and the provider's may disagree. */
  skewMs: number;
  /** The longest a request may live before the provider stamps it. */
  lateMs: number;
}

export interface MatchResult {
  /** Log entry index -> journal entry id. */
  pairs: Map<number, number>;
  /** Indexes of the log entries no journal entry explains, in log order. */
  unmatched: number[];
  /** Source addresses of paired entries (the bot's own). */
  ownIps: Set<string>;
}

/** The journal span a span of the log must be compared with. */
export function journalSpan(from: number, to: number, w: MatchWindow): { from: number; to: number } {
  return { from: from - w.lateMs - w.skewMs, to: to + w.skewMs + 1_000 };
}

const groupKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Whether journal entry `s` may be the log entry of second `at`. */
function fits(s: SentEntry, at: number, w: MatchWindow): boolean {
  return at > s.sentAt - w.skewMs - 1_000 && at <= s.sentAt + w.lateMs + w.skewMs;
}

/**
 * Pairs `entries` (log indexes, one group) with `free` journal entries of the
 * group (sorted by `sentAt`), removing those used; returns the pairs made.
 */
function pairGroup(
  log: readonly LoggedRequest[],
  entries: readonly number[],
  free: SentEntry[],
  w: MatchWindow,
): [number, number][] {
  const order = [...entries].sort((a, b) => log[a]!.at - log[b]!.at || a - b);
  const out: [number, number][] = [];
  for (const i of order) {
    const at = log[i]!.at;
    // Every window has the same length: the one that ends first is the one sent first.
    const k = free.findIndex((s) => fits(s, at, w));
    if (k < 0) continue;
    out.push([i, free[k]!.id]);
    free.splice(k, 1);
  }
  return out;
}

export function matchOwnRequests(
  log: readonly LoggedRequest[],
  journal: readonly SentEntry[],
  knownOwn: ReadonlySet<string>,
  w: MatchWindow,
): MatchResult {
  const free = new Map<string, SentEntry[]>();
  for (const s of [...journal].sort((a, b) => a.sentAt - b.sentAt || a.id - b.id)) {
    const k = groupKey(s.method, s.path);
    const list = free.get(k) ?? [];
    list.push(s);
    free.set(k, list);
  }
  const groups = new Map<string, number[]>();
  log.forEach((e, i) => {
    const k = groupKey(e.method, e.path);
    const list = groups.get(k) ?? [];
    list.push(i);
    groups.set(k, list);
  });
  const pairs = new Map<number, number>();
  const take = (made: [number, number][]) => {
    for (const [i, id] of made) pairs.set(i, id);
  };
  const rest = (idx: readonly number[]) => idx.filter((i) => !pairs.has(i));

  // 1. From the addresses known to be the bot's.
  for (const [k, idx] of groups)
    take(
      pairGroup(
        log,
        idx.filter((i) => knownOwn.has(log[i]!.ip)),
        free.get(k) ?? [],
        w,
      ),
    );

  // 2. Uncontested groups: everything left pairs; their addresses are learned.
  const learned = new Set<string>();
  const contested: string[] = [];
  for (const [k, idx] of groups) {
    const left = rest(idx);
    if (left.length === 0) continue;
    const trial = [...(free.get(k) ?? [])];
    const made = pairGroup(log, left, trial, w);
    if (made.length < left.length) {
      contested.push(k);
      continue;
    }
    take(made);
    free.set(k, trial);
    for (const [i] of made) learned.add(log[i]!.ip);
  }

  // 3. Contested groups: addresses learned just now first, then the rest.
  for (const k of contested) {
    const left = rest(groups.get(k) ?? []);
    const list = free.get(k) ?? [];
    take(
      pairGroup(
        log,
        left.filter((i) => learned.has(log[i]!.ip)),
        list,
        w,
      ),
    );
    take(pairGroup(log, rest(left), list, w));
  }

  const ownIps = new Set<string>();
  for (const i of pairs.keys()) ownIps.add(log[i]!.ip);
  const unmatched = log.map((_, i) => i).filter((i) => !pairs.has(i));
  return { pairs, unmatched, ownIps };
}
