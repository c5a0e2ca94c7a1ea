/**
 * When a person's Home may be published: at most once per `perPersonMs`
 * (Slack asks for no more than one views.publish a second per person), the
 * workspace's publishes kept to `perMinute` within any rolling minute
 * (views.publish is Tier 4, "100+ per minute" with bursts allowed: a change
 * that concerns fifty people is published at once, one call after the other,
 * and only the hundred-and-first within a minute waits for the oldest to
 * leave the window), everything held back for a 429's Retry-After, and one
 * person held back, longer each time, after Slack refused their view or could
 * not be reached.
 */
import type { Failure } from '../notifier/index.ts';

/** Errors another try will not mend soon: the longest hold at once. */
const LASTING = new Set([
  'invalid_auth',
  'token_revoked',
  'account_inactive',
  'not_enabled',
  'invalid_arguments',
]);

const MINUTE_MS = 60_000;

export class PublishPace {
  private readonly lastAt = new Map<string, number>();
  private readonly held = new Map<string, { until: number; failures: number }>();
  /** When the workspace's publishes of the last minute were sent, oldest first. */
  private readonly window: number[] = [];
  /** A 429's Retry-After: nothing goes before this. */
  private heldUntil = 0;

  constructor(
    private readonly perPersonMs: number,
    private readonly perMinute: number,
    private readonly maxBackoffMs: number,
  ) {}

  /** How long until this person may be published (0: now). */
  personWait(userId: string, now: number): number {
    const last = this.lastAt.get(userId);
    const paced = last === undefined ? 0 : last + this.perPersonMs - now;
    const held = (this.held.get(userId)?.until ?? 0) - now;
    return Math.max(0, paced, held);
  }

  /** How long until the workspace's next publish may go (0: now). */
  workspaceWait(now: number): number {
    while (this.window.length > 0 && now - this.window[0]! >= MINUTE_MS) this.window.shift();
    const full = this.window.length >= this.perMinute ? this.window[0]! + MINUTE_MS - now : 0;
    return Math.max(0, this.heldUntil - now, full);
  }

  /** A publish was sent now (whatever Slack answered): the person's second and the workspace's slot are used. */
  sent(userId: string, now: number): void {
    this.lastAt.set(userId, now);
    this.window.push(now);
    // A pace older than a second is no pace at all: forget it, so the map stays small.
    if (this.lastAt.size > 1_000)
      for (const [u, at] of this.lastAt) if (now - at >= this.perPersonMs) this.lastAt.delete(u);
  }

  succeeded(userId: string): void {
    this.held.delete(userId);
  }

  /** Slack refused it or could not be reached: a 429 holds every publish, anything else this person. */
  failed(userId: string, failure: Failure, now: number): number {
    if (failure.rateLimited) {
      const wait = Math.max(1_000, failure.retryAfterMs ?? 1_000);
      this.heldUntil = Math.max(this.heldUntil, now + wait);
      return wait;
    }
    const failures = (this.held.get(userId)?.failures ?? 0) + 1;
    const wait = LASTING.has(failure.error)
      ? this.maxBackoffMs
      : Math.min(this.maxBackoffMs, 1_000 * 2 ** Math.min(failures - 1, 20));
    this.held.set(userId, { until: now + wait, failures });
    return wait;
  }
}
