/**
 * Fair use of the one provider key: every person has a budget of commands
 * that spend provider requests (a token bucket per Slack user: `burst` at
 * once, refilled at `perMinute`). Over it, the command is refused before
 * anything is sent, with the seconds until one is allowed again. Approvals
 * and the orders they execute never pass through here: a decision someone is
 * waiting for is never refused for another person's haste.
 *
 * The buckets live in this process (each replica keeps its own); the gate's
 * priorities and reserves are what protects writes across replicas.
 */
import type { Clock } from '../clock.ts';
import { ServiceError } from './errors.ts';

export interface FairUseOptions {
  /** Commands per minute a person may keep up (USER_COMMANDS_PER_MINUTE); 0 turns the budget off. */
  perMinute: number;
  /** Commands a person may send at once before the pace applies (USER_COMMAND_BURST). */
  burst: number;
  clock: Clock;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before full ones (people who paused long enough) are forgotten. */
const PRUNE_AT = 1_000;

export class FairUse {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly opts: FairUseOptions) {}

  /**
   * Takes one command's worth from this person's budget, or throws
   * `slow_down` with `seconds` until the next one is allowed.
   */
  spend(userId: string): void {
    const { perMinute, burst } = this.opts;
    if (perMinute <= 0) return;
    const now = this.opts.clock.now().getTime();
    const perMs = perMinute / 60_000;
    const capacity = Math.max(1, burst);
    const b = this.buckets.get(userId) ?? { tokens: capacity, at: now };
    const tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.at) * perMs);
    if (tokens < 1) {
      this.buckets.set(userId, { tokens, at: now });
      throw new ServiceError('slow_down', { seconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) });
    }
    this.buckets.set(userId, { tokens: tokens - 1, at: now });
    if (this.buckets.size > PRUNE_AT) this.prune(now, perMs, capacity);
  }

  private prune(now: number, perMs: number, capacity: number): void {
    for (const [user, b] of this.buckets) {
      if (b.tokens + (now - b.at) * perMs >= capacity) this.buckets.delete(user);
    }
  }
}
