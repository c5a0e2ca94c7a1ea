/**
 * When a person's Home may be published: at most once per `perPersonMs`
 * (Slack asks for no more than one views.publish a second per person), the
 * workspace's publishes spaced evenly (views.publish is rate limited per
 * workspace, Tier 4: a change that concerns fifty people is published at a
 * steady pace, never in a burst), everything held back for a 429's
 * Retry-After, and one person held back, longer each time, after Slack
 * refused their view or could not be reached.
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

export class PublishPace {
  private readonly lastAt = new Map<string, number>();
  private readonly held = new Map<string, { until: number; failures: number }>();
  private nextAt = 0;

  constructor(
    private readonly perPersonMs: number,
    private readonly spacingMs: number,
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
    return Math.max(0, this.nextAt - now);
  }

  /** A publish was sent now (whatever Slack answered): the person's second and the workspace's slot are used. */
  sent(userId: string, now: number): void {
    this.lastAt.set(userId, now);
    this.nextAt = Math.max(this.nextAt, now + this.spacingMs);
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
      this.nextAt = Math.max(this.nextAt, now + wait);
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
