/**
 * Who goes when in a channel. Two lanes per channel, each paced on its own at
 * one call per `minIntervalMs` (Slack allows about one message a second per
 * channel, with short bursts, and limits edits apart from posts): posts
 * (alerts, thread replies, notices) and edits. A new alert goes ahead of
 * thread replies and notices waiting in the same channel (one passed over for
 * `STARVE_MS` gets every other turn), and may follow the channel's last post
 * at once, once; never after a failure, which holds the channel on purpose.
 */
import type { Candidate } from './notifier-types.ts';

/**
 * How long a reply, notice or summary may be passed over by new alerts; after
 * that it gets every other post of its channel until it is out.
 */
const STARVE_MS = 60_000;

/** One lane of a channel: what waits in it, and the pace it keeps. */
export interface Lane {
  kind: 'posts' | 'edits';
  all: Candidate[];
  /** Per channel: when the lane's next call may go. */
  nextAt: Map<string, number>;
}

/** A lane's turn now: the candidates it may choose from, or how long until it may go. */
export type Turn = { list: Candidate[]; burst: boolean; waitMs?: undefined } | { waitMs: number };

export class ChannelPace {
  /** Per channel: when the next chat.postMessage may go (new messages and thread replies). */
  private readonly nextPostAt = new Map<string, number>();
  /** Per channel: when the next chat.update may go (Slack limits edits apart from posts). */
  private readonly nextEditAt = new Map<string, number>();
  /** Channels whose last post was a burst (a second alert within the pace). */
  private readonly bursted = new Set<string>();
  /** Channels held after a failed call (backoff or Retry-After): no burst. */
  private readonly held = new Set<string>();
  /** Channels whose last post went to a row new alerts had passed over. */
  private readonly starvedTurn = new Set<string>();

  constructor(private readonly minIntervalMs: number) {}

  /** A channel's candidates split into its two lanes, posts first. */
  lanes(candidates: readonly Candidate[]): Lane[] {
    return [
      { kind: 'posts', all: candidates.filter((c) => c.act !== 'update'), nextAt: this.nextPostAt },
      { kind: 'edits', all: candidates.filter((c) => c.act === 'update'), nextAt: this.nextEditAt },
    ];
  }

  /** Whether the lane may make a call now, and from which candidates. */
  turn(lane: Lane, channel: string, now: number): Turn {
    const paceAt = lane.nextAt.get(channel) ?? 0;
    if (paceAt <= now) return { list: lane.all, burst: false };
    // A new alert may follow the channel's last post at once, once (Slack allows short
    // bursts); never after a failure, which holds the channel on purpose.
    const opens = lane.all.filter((c) => c.act === 'open');
    if (lane.kind !== 'posts' || opens.length === 0 || this.bursted.has(channel) || this.held.has(channel)) {
      return { waitMs: paceAt - now };
    }
    return { list: opens, burst: true };
  }

  /**
   * The candidate whose call goes now. A new alert goes first (the first
   * change of an incident is posted at once, whatever else waits); something
   * else that has waited `STARVE_MS` gets every other turn; otherwise the
   * oldest row decides.
   */
  first(channel: string, candidates: readonly Candidate[], now: number): Candidate {
    const starved = candidates.find((c) => c.act !== 'open' && now - c.row.createdAt.getTime() >= STARVE_MS);
    const open = candidates.find((c) => c.act === 'open');
    const turn = starved && (!open || !this.starvedTurn.has(channel));
    const first = (turn ? starved : open) ?? candidates[0]!;
    if (turn) this.starvedTurn.add(channel);
    else this.starvedTurn.delete(channel);
    return first;
  }

  /**
   * Records the lane's call; returns how long until the lane has its next
   * turn, or undefined when nothing is left in it.
   */
  settle(
    lane: Lane,
    channel: string,
    r: { ok: boolean; burst: boolean; sentRows: readonly Candidate['row'][] },
    now: number,
  ): number | undefined {
    if (r.burst) this.bursted.add(channel);
    else this.bursted.delete(channel);
    if (r.ok) this.held.delete(channel);
    else this.held.add(channel);
    lane.nextAt.set(channel, Math.max(lane.nextAt.get(channel) ?? 0, now + this.minIntervalMs));
    if (!r.ok) return Math.max(0, (lane.nextAt.get(channel) ?? now) - now);
    const left = lane.all.length - r.sentRows.length;
    if (left <= 0) return undefined;
    const nextOpen = !r.burst && lane.all.some((c) => c.act === 'open' && !r.sentRows.includes(c.row));
    return nextOpen ? 0 : this.minIntervalMs;
  }
}
