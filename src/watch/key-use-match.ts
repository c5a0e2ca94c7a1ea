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
 * Pairing. Within one method and path, as many log entries are paired as
 * can be. When there are more than the journal explains (a stranger's
 * request shares method, path and moment with one of ours), only the source
 * address can tell which is which, so the entries are taken in three rounds:
 * from the bot's own addresses (learned from earlier reads), then from the
 * addresses learned in this read, then the rest, each oldest first; an entry
 * of a later round is paired only if every one paired before stays paired
 * (the journal entries may be passed round among them: an augmenting path,
 * Kuhn's method). Once an address of the bot's is known, an entry of the
 * rest in the span judged now (`judging`) is paired only where the path ends
 * at a journal entry whose whole window was read. What stays unpaired is not
 * the bot's.
 *
 * Learning. A pairing teaches an address only when nothing else could have
 * made it: a journal entry left free by the bot's known addresses, whose whole
 * window was read, and every entry of the log in that window with its method
 * and path comes from one address. If the request was logged at all, it was
 * logged from there. A journal entry that fits entries from two addresses (a
 * stranger asking what the bot asks, near the moment it did), or whose window
 * reaches past what was read (its own entry may lie beyond), teaches nothing:
 * pairing a stranger's request with it would make the stranger the bot, and
 * leave the bot's own request unpaired later.
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

/** What was read of the log: every entry stamped from `from` to `to` (epoch ms, whole seconds) was given. */
export interface ReadRange {
  from: number;
  to: number;
}

export interface MatchOptions {
  /** The seconds read (a journal entry whose window reaches outside them teaches no address). */
  read: ReadRange;
  /** Log entries judged already (their indexes): never paired; an address they share a window with is contested. */
  skip?: ReadonlySet<number>;
  /**
   * The end of the span judged now (epoch ms). Once an address of the bot's
   * is known, an entry in it from another address is paired only where a
   * journal entry whose whole window was read is free (see Pairing).
   */
  judging?: number;
}

export interface MatchResult {
  /** Log entry index -> journal entry id. */
  pairs: Map<number, number>;
  /** Indexes of the log entries (not skipped) no journal entry explains, in log order. */
  unmatched: number[];
  /** Addresses learned as the bot's own in this read (see Learning above); the known ones are not repeated. */
  learned: Set<string>;
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

/** Whether every second `s` may have been logged in was read. */
function windowRead(s: SentEntry, w: MatchWindow, read: ReadRange): boolean {
  // The first whole second after the window's open start, and the window's last instant.
  const first = Math.floor((s.sentAt - w.skewMs - 1_000) / 1_000) * 1_000 + 1_000;
  return first >= read.from && s.sentAt + w.lateMs + w.skewMs <= read.to;
}

/**
 * One method and path: its journal entries by send time, the log entries
 * paired with each, and the pairs made so far. Entries are added round by
 * round; an entry is paired when an augmenting path reaches a free journal
 * entry, so no entry paired before is ever left without one.
 */
class GroupPairing {
  /** Journal entries, oldest first (so the window that ends first is tried first). */
  private readonly sent: SentEntry[];
  /** Journal position -> log index paired with it. */
  private readonly holder: (number | undefined)[];
  /** Log index -> journal position. */
  readonly paired = new Map<number, number>();
  private readonly visit: number[];
  private stamp = 0;

  constructor(
    private readonly log: readonly LoggedRequest[],
    sent: readonly SentEntry[],
    private readonly w: MatchWindow,
  ) {
    this.sent = [...sent].sort((a, b) => a.sentAt - b.sentAt || a.id - b.id);
    this.holder = new Array(this.sent.length).fill(undefined);
    this.visit = new Array(this.sent.length).fill(0);
  }

  /** The journal entries free now. */
  free(): SentEntry[] {
    return this.sent.filter((_, k) => this.holder[k] === undefined);
  }

  idOf(k: number): number {
    return this.sent[k]!.id;
  }

  /**
   * Adds `entries` oldest first; each is paired if it can be without unpairing
   * another, through a chain that ends at a free journal entry `mayEnd` allows.
   */
  add(entries: readonly number[], mayEnd?: (s: SentEntry, root: number) => boolean): void {
    const order = [...entries].sort((a, b) => this.log[a]!.at - this.log[b]!.at || a - b);
    for (const i of order) {
      this.stamp += 1;
      this.augment(i, mayEnd);
    }
  }

  /** The journal positions whose window holds `at`: a contiguous run of the send-ordered list. */
  private range(at: number): [number, number] {
    // s.sentAt in [at - lateMs - skewMs, at + skewMs + 1 s)
    const lo = lowerBound(this.sent, at - this.w.lateMs - this.w.skewMs);
    let hi = lo;
    while (hi < this.sent.length && fits(this.sent[hi]!, at, this.w)) hi += 1;
    return [lo, hi];
  }

  /** Looks for a free journal entry for `root`, passing those on the way along (depth first, on a stack of its own). */
  private augment(root: number, mayEnd?: (s: SentEntry, root: number) => boolean): boolean {
    const frames: { i: number; next: number; end: number; via: number }[] = [];
    const push = (i: number) => {
      const [next, end] = this.range(this.log[i]!.at);
      frames.push({ i, next, end, via: -1 });
    };
    push(root);
    while (frames.length > 0) {
      const f = frames[frames.length - 1]!;
      if (f.next >= f.end) {
        frames.pop();
        continue;
      }
      const k = f.next;
      f.next += 1;
      if (this.visit[k] === this.stamp) continue;
      this.visit[k] = this.stamp;
      f.via = k;
      const held = this.holder[k];
      if (held === undefined && mayEnd && !mayEnd(this.sent[k]!, root)) continue;
      if (held === undefined) {
        // Each entry on the way takes the journal entry it came through.
        for (const g of frames) {
          this.holder[g.via] = g.i;
          this.paired.set(g.i, g.via);
        }
        return true;
      }
      push(held);
    }
    return false;
  }
}

/** The first position of `sent` (by send time) at or after `t`. */
function lowerBound(sent: readonly SentEntry[], t: number): number {
  let lo = 0;
  let hi = sent.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sent[mid]!.sentAt < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The one address every entry of `group` that `s` fits comes from; undefined when none or several, or one was judged already. */
function soleAddress(
  log: readonly LoggedRequest[],
  group: readonly number[],
  s: SentEntry,
  w: MatchWindow,
  skip: ReadonlySet<number>,
): string | undefined {
  let ip: string | undefined;
  for (const i of group) {
    const e = log[i]!;
    if (!fits(s, e.at, w)) continue;
    if (skip.has(i) || (ip !== undefined && ip !== e.ip)) return undefined;
    ip = e.ip;
  }
  return ip;
}

export function matchOwnRequests(
  log: readonly LoggedRequest[],
  journal: readonly SentEntry[],
  knownOwn: ReadonlySet<string>,
  w: MatchWindow,
  o: MatchOptions,
): MatchResult {
  const skip = o.skip ?? new Set<number>();
  const sent = new Map<string, SentEntry[]>();
  for (const s of journal) {
    const k = groupKey(s.method, s.path);
    const list = sent.get(k) ?? [];
    list.push(s);
    sent.set(k, list);
  }
  // Every entry read, by method and path (the judged ones too: they contest a window).
  const groups = new Map<string, number[]>();
  log.forEach((e, i) => {
    const k = groupKey(e.method, e.path);
    const list = groups.get(k) ?? [];
    list.push(i);
    groups.set(k, list);
  });
  const pairings = new Map<string, GroupPairing>();
  for (const [k, idx] of groups) {
    if (!sent.has(k)) continue;
    const g = new GroupPairing(log, sent.get(k)!, w);
    pairings.set(k, g);
    // 1. From the addresses known to be the bot's.
    g.add(idx.filter((i) => !skip.has(i) && knownOwn.has(log[i]!.ip)));
  }

  // 2. What the journal entries left free teach: an address nothing else could have been logged from.
  const learned = new Set<string>();
  for (const [k, g] of pairings) {
    const idx = groups.get(k)!;
    for (const s of g.free()) {
      if (!windowRead(s, w, o.read)) continue;
      const ip = soleAddress(log, idx, s, w, skip);
      if (ip !== undefined && !knownOwn.has(ip)) learned.add(ip);
    }
  }

  const pairs = new Map<number, number>();
  for (const [k, g] of pairings) {
    const idx = groups.get(k)!.filter((i) => !skip.has(i) && !knownOwn.has(log[i]!.ip));
    g.add(idx.filter((i) => learned.has(log[i]!.ip)));
    // 3. The rest: paired where the journal has room, teaching nothing. Once the bot's address is
    // known, one judged now only where that room lies within what was read: passing the bot's
    // entries along to a journal entry whose own entry may lie beyond would take a stranger asking
    // what the bot asks for the bot, and leave the bot one short, made up at the next read from the
    // next journal entries, and so on for as long as it sends: no alert for the stranger, ever.
    const judging = knownOwn.size > 0 ? o.judging : undefined;
    const mayEnd =
      judging === undefined
        ? undefined
        : (s: SentEntry, root: number) => log[root]!.at > judging || windowRead(s, w, o.read);
    g.add(
      idx.filter((i) => !learned.has(log[i]!.ip)),
      mayEnd,
    );
    for (const [i, k2] of g.paired) pairs.set(i, g.idOf(k2));
  }

  const unmatched = log.map((_, i) => i).filter((i) => !skip.has(i) && !pairs.has(i));
  return { pairs, unmatched, learned };
}
