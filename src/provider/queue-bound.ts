/**
 * When a person gets "not now": people wait their turn at the gate
 * (gate-queue.ts) and are answered when it comes, unless their own waiting
 * requests already reach a bound: more than `maxWaiting` of them, or a new
 * one that would wait longer than `maxWaitMs` for its place. Then the new
 * request is refused before it is queued, with what the person needs to
 * know: how many of theirs wait, the provider's limit as its headers gave it,
 * and when a new one would be within the bound again.
 *
 * Only a person's own requests at `read` and `write` priority are bounded:
 * what an approval or confirmation executes (`order`) is never refused, nor
 * the bot's own work (the watcher has its own budget), nor a read answered
 * by an identical one in flight (it never reaches the gate).
 */
import type { GateQueue } from './gate-queue.ts';
import type { Priority } from './priorities.ts';
import type { RateLimitState } from './rate-limit-state.ts';

export interface QueueBoundOptions {
  /** A person's new request that would wait longer than this is refused (default 60 s). */
  maxWaitMs?: number;
  /** A person with this many requests waiting is refused a new one (default 20). */
  maxWaiting?: number;
}

export const DEFAULT_QUEUE_BOUND: Required<QueueBoundOptions> = { maxWaitMs: 60_000, maxWaiting: 20 };

/** A person's new request refused because their own already wait up to the bound; nothing was sent. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
  constructor(
    readonly facts: {
      /** `count`: as many wait as may; `wait`: this one would wait longer than the bound. */
      reason: 'count' | 'wait';
      /** The person's requests waiting now. */
      waiting: number;
      /** The bound: requests for `count`, ms for `wait`. */
      bound: number;
      /** How long this one would have waited (ms). */
      waitMs: number;
      /** When a new one would be within the bound again (ms from now, at least 1 s). */
      retryAfterMs: number;
      /** X-RateLimit-Limit as last seen; null before any answer. */
      limit: number | null;
      /** A window's length as the headers showed it (ms); null until two windows were seen. */
      windowMs: number | null;
    },
  ) {
    super(`${facts.waiting} requests of this person are waiting; not queued`);
  }
}

/** The bound's verdict on a new request of `person` at `priority`: null, or why it is refused. */
export function overBound(
  queue: GateQueue,
  limits: RateLimitState,
  opts: Required<QueueBoundOptions>,
  person: string,
  priority: Priority,
  now: number,
): QueueFullError | null {
  if (priority !== 'read' && priority !== 'write') return null;
  const waiting = queue.waitingOf(person);
  const own = queue.waitingAt(person, priority);
  const waitOf = (k: number) => limits.waitEstimate(priority, queue.aheadOf(person, priority, k), now);
  const waitMs = waitOf(own + 1);
  let reason: 'count' | 'wait' | null = null;
  let retryAfterMs = 0;
  if (waiting >= opts.maxWaiting) {
    reason = 'count';
    // Room again once enough of theirs have gone: the one that brings them below the bound.
    const served = Math.min(own, waiting - opts.maxWaiting + 1);
    retryAfterMs = served > 0 ? waitOf(served) : waitMs;
  }
  if (waitMs > opts.maxWaitMs) {
    reason ??= 'wait';
    retryAfterMs = Math.max(retryAfterMs, waitMs - opts.maxWaitMs);
  }
  if (reason === null) return null;
  return new QueueFullError({
    reason,
    waiting,
    bound: reason === 'count' ? opts.maxWaiting : opts.maxWaitMs,
    waitMs,
    retryAfterMs: Math.max(1000, retryAfterMs),
    limit: limits.snapshot.limit,
    windowMs: limits.windowMs,
  });
}
