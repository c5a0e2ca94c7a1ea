/**
 * Outside or the bot's own: whether a change the watcher sees was made
 * through the bot or outside it (the control panel, another API client). One
 * rule for everything the watcher reports outside changes of (a hosting
 * server's parts, a server's name, memo and reverse hostname):
 *
 * - The bot audits every change it makes, once the provider has answered
 *   (done, or sent with its outcome unknown). An audit row since the last
 *   read of what changed (less a minute for replicas' clocks) explains one
 *   change: each row explains one.
 * - A change of a kind the bot makes, seen before its audit row could exist,
 *   is not reported at once: it waits for a second look at the re-read cadence,
 *   and is reported then if the trail still does not explain it (one read of
 *   delay, never a false "outside"). The waiting is in memory: a restart (or
 *   another replica) looks once more.
 * - A change of a kind the bot never makes is reported at first sight, unless
 *   the changes of one read are reported together (a server's: one notice), and
 *   another change seen with it waits: then it waits with that one.
 */
import type { AuditRow } from '../store/index.ts';

/** How far before the last read the audit trail is searched for the bot's own change (clocks of replicas differ). */
export const OWN_MARGIN_MS = 60_000;

/** What a kind of change needs to be sorted: its name, whether the bot makes such changes, and which rows explain it. */
export interface OwnRules<C> {
  /** Names the change, the same at every look (the value it turned to included). */
  id(c: C): string;
  botMakes(c: C): boolean;
  /** Whether `row` is the bot's own making of `c`. */
  explains(row: AuditRow, c: C): boolean;
  /**
   * The changes of one read are reported together (one notice): while one waits
   * for its second look, the others first seen with it wait too.
   */
  together?: boolean;
}

/** A change seen once and not explained yet: the read before its first sight, and that sight (epoch ms). */
export interface Waiting {
  before: number;
  seenAt: number;
}

/** The changes of one read, sorted. */
export interface Sorted<C> {
  /** To apply now, in the order seen: the bot's own (`outside` false) and the ones to report (`outside` true). */
  applied: { change: C; outside: boolean }[];
  /** Waiting for their second look, by change id. */
  waiting: Map<string, Waiting>;
}

/** One read, as `sort` needs it (epoch ms). */
export interface ReadTimes {
  /** The read before this one: the trail is searched from it. */
  lastRead: number;
  now: number;
  /**
   * How long after its first sight a look counts as the second one (0: every
   * later read, when reads of the slot are paced by the re-read cadence
   * anyway; a server, read by the list and by its detail, asks for it).
   */
  secondLookMs: number;
}

/** The changes waiting for their second look, by what changed (a hosting part, a server). */
export class OutsideOrOwn {
  private readonly pending = new Map<string, Map<string, Waiting>>();
  /** Slots another read saw change, to be looked at (and decided) by their own read soon. */
  private readonly soon = new Set<string>();

  /** Whether `slot` has a change waiting for its second look, or one to look at: it is due at the re-read cadence. */
  waiting(slot: string): boolean {
    return this.soon.has(slot) || (this.pending.get(slot)?.size ?? 0) > 0;
  }

  /** Another read (a server's list entry) saw `slot` change: its own read is due soon, and decides. */
  lookSoon(slot: string): void {
    this.soon.add(slot);
  }

  /**
   * Sorts the changes one read of `slot` saw. The audit trail is read (from
   * the read before, or the read before a change still waiting, less the
   * margin) only when a change is of a kind the bot makes. Call `settle` once
   * the read's transaction committed.
   */
  async sort<C>(
    slot: string,
    changes: readonly C[],
    times: ReadTimes,
    rules: OwnRules<C>,
    trail: (since: Date) => Promise<readonly AuditRow[]>,
  ): Promise<Sorted<C>> {
    const pending = this.pending.get(slot) ?? new Map<string, Waiting>();
    const befores = [...pending.values()].map((p) => p.before);
    const since = Math.min(times.lastRead, ...befores) - OWN_MARGIN_MS;
    const own = changes.some((c) => rules.botMakes(c)) ? [...(await trail(new Date(since)))] : [];
    const out: Sorted<C> = { applied: [], waiting: new Map() };
    const held: { change: C; id: string }[] = [];
    for (const change of changes) {
      const mine = own.findIndex((r) => rules.explains(r, change));
      if (mine >= 0) {
        own.splice(mine, 1);
        out.applied.push({ change, outside: false });
        continue;
      }
      const id = rules.id(change);
      const first = pending.get(id);
      const early = !first || times.now - first.seenAt < times.secondLookMs;
      if (early && (rules.botMakes(change) || (rules.together === true && first !== undefined))) {
        // Not explained yet: its audit row may still be on its way (or it waits with one that
        // is). Looked at again soon.
        out.waiting.set(id, first ?? { before: times.lastRead, seenAt: times.now });
        continue;
      }
      if (rules.together === true && !first) held.push({ change, id });
      else out.applied.push({ change, outside: true });
    }
    // Together: what this read saw first waits with what waits, or is reported now with the rest.
    for (const { change, id } of held) {
      if (out.waiting.size > 0) out.waiting.set(id, { before: times.lastRead, seenAt: times.now });
      else out.applied.push({ change, outside: true });
    }
    return out;
  }

  /** What waits after a read of `slot` (its transaction committed): only the changes it left waiting. */
  settle(slot: string, waiting: ReadonlyMap<string, Waiting>): void {
    this.soon.delete(slot);
    if (waiting.size > 0) this.pending.set(slot, new Map(waiting));
    else this.pending.delete(slot);
  }
}
