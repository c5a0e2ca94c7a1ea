/**
 * The watcher's choice of its next request: not a fixed cycle but whatever is
 * due first. The list once per round, then signups, servers and the parts of
 * hosting servers and the key's API log that are due (processing servers,
 * pending signups, a hosting change waiting for its second look and a key
 * log read that is behind sooner), earliest due first; only the key's log,
 * read on its own cadence, goes ahead of the servers once due.
 */
import type { HostingPart, SnapshotRow } from '../store/index.ts';
import { powerOf } from './changes.ts';
import type { HostingSlot } from './hosting-watch.ts';
import type { KeyUseSlot } from './key-use-watch.ts';
import type { TrackedSignup } from './signups.ts';

export type WatchTask =
  | { kind: 'list'; id: 'list' }
  | { kind: 'detail'; id: string; uuid: string }
  | { kind: 'signup'; id: string; signup: TrackedSignup }
  | { kind: 'hosting'; id: string; server: string; part: HostingPart }
  | { kind: 'key-log'; id: 'key-log' };

/** What the choice is made from, as the watcher holds it now. */
export interface ScheduleState {
  now: number;
  /** WATCH_INTERVAL_SECONDS in ms. */
  intervalMs: number;
  /** A processing server (or one that changed within the flap window) is due this soon after its read. */
  processingMs: number;
  flapMs: number;
  /** A tracked signup is due this soon after its last check. */
  signupMs: number;
  lastListAt: number | undefined;
  /** Task ids under way in another worker. */
  claimed: ReadonlySet<string>;
  signups: readonly TrackedSignup[];
  signupCheckedAt: ReadonlyMap<string, number>;
  /** Every server the list names (not `gone`). */
  servers: readonly SnapshotRow[];
  /** Power changes seen in the last flap window, by server. */
  changedRecently: ReadonlyMap<string, number>;
  /** Whether a server has a change waiting for its second look (outside-or-own.ts): due sooner too. */
  waiting?: (uuid: string) => boolean;
  /** The parts of the hosting servers read. */
  hosting?: readonly HostingSlot[];
  /**
   * A hosting server's record lists are due this long after their last read:
   * the interval, or longer when the budget cannot read everything within it
   * (the watcher's choice, `Watcher.listsMs`).
   */
  listsMs?: number;
  /** The key's API log, while someone listens (key-use-watch.ts). */
  keyLog?: KeyUseSlot | undefined;
}

/** The task due now, or how long until one is. */
export function nextTask(st: ScheduleState): { task: WatchTask } | { waitMs: number } {
  const now = st.now;
  // A look remembered later than now (a clock set back, or another replica's clock ahead of
  // ours wrote it) says nothing of when it was made: due now, not once the clock gets there.
  const seen = (at: number) => (at > now ? 0 : at);
  let wait = st.intervalMs;
  const last = st.lastListAt === undefined || st.lastListAt > now ? undefined : st.lastListAt;
  const listDue = last === undefined ? now : last + st.intervalMs;
  // One list call per cycle: once the interval has passed and every server
  // has been read since the last list (when the budget stretches the cycle,
  // the list waits for the round to finish instead of eating into it).
  const roundDone =
    last === undefined ||
    st.servers.every((s) => seen(s.observedAt.getTime()) >= last || st.claimed.has(s.serverUuid));
  if (!st.claimed.has('list') && roundDone) {
    if (listDue <= now) return { task: { kind: 'list', id: 'list' } };
    wait = Math.min(wait, listDue - now);
  }
  for (const signup of st.signups) {
    const id = `signup:${signup.id}`;
    if (st.claimed.has(id)) continue;
    const due = seen(st.signupCheckedAt.get(signup.id) ?? 0) + st.signupMs;
    if (due <= now) return { task: { kind: 'signup', id, signup } };
    wait = Math.min(wait, due - now);
  }
  let best: SnapshotRow | undefined;
  let bestDue = Number.POSITIVE_INFINITY;
  for (const s of st.servers) {
    if (st.claimed.has(s.serverUuid)) continue;
    // Processing servers, servers that changed within the flap window (so that a flip back
    // is seen while the incident's message can still be edited), and servers with a change
    // waiting for its second look are due sooner.
    const changed = st.changedRecently.get(s.serverUuid);
    const changedAt = changed === undefined || changed > now ? undefined : changed;
    const soon =
      powerOf(s) === 'processing' ||
      (changedAt !== undefined && now - changedAt < st.flapMs) ||
      st.waiting?.(s.serverUuid) === true;
    const observedAt = seen(s.observedAt.getTime());
    const due = observedAt + (soon ? st.processingMs : st.intervalMs);
    if (due > now) {
      wait = Math.min(wait, due - now);
      continue;
    }
    // Earliest due first (stalest first among equals): a server due sooner goes
    // ahead, but a long-overdue one is never starved by a storm of quick re-reads.
    if (!best || due < bestDue || (due === bestDue && observedAt < seen(best.observedAt.getTime()))) {
      best = s;
      bestDue = due;
    }
  }
  let slot: HostingSlot | undefined;
  for (const h of st.hosting ?? []) {
    if (st.claimed.has(h.id)) continue;
    const every = h.list ? (st.listsMs ?? st.intervalMs) : st.intervalMs;
    const due = seen(h.readAt) + (h.soon ? st.processingMs : every);
    if (due > now) {
      wait = Math.min(wait, due - now);
      continue;
    }
    // A hosting part takes its turn among the servers by the same rule: earliest due first.
    if (due < bestDue || (due === bestDue && best && seen(h.readAt) < seen(best.observedAt.getTime()))) {
      slot = h;
      bestDue = due;
    }
  }
  const k = st.keyLog;
  let keyLog = false;
  if (k && !st.claimed.has(k.id)) {
    // Its own cadence, whatever the interval: a stranger is alerted within about two periods (key-use-watch.ts).
    const due = seen(k.readAt) + (k.soon ? st.processingMs : k.everyMs);
    // Once due it goes ahead of the servers (one request every few seconds: a stranger's first
    // word must not wait for a round of them); catching up, it takes its turn by the same rule as
    // they do (at most one read in flight either way).
    if (due > now) wait = Math.min(wait, due - now);
    else keyLog = !k.soon || due < bestDue;
  }
  if (keyLog) return { task: { kind: 'key-log', id: 'key-log' } };
  if (slot) return { task: { kind: 'hosting', id: slot.id, server: slot.server, part: slot.part } };
  if (best) return { task: { kind: 'detail', id: best.serverUuid, uuid: best.serverUuid } };
  return { waitMs: Math.max(10, wait) };
}
