/**
 * Approved orders and what follows them: the order itself (money moves only
 * in order-attempt.ts), the work nobody clicks for (quotes that expire, orders
 * in `unknown` asked again with the same key, rows orphaned by a dead
 * replica; safe on every replica at once, each row moving by one conditional
 * UPDATE), the list of recent orders, and a generated password shown once.
 */
import type { SignupRow } from '../../store/index.ts';
import { policyOf, type SignupDeps } from './deps.ts';
import { attempt, type ExecuteOutcome, executeSignup } from './order-attempt.ts';
import { type RevealOutcome, revealPassword } from './password.ts';
import { expireRow, isExpired } from './quote.ts';

export class SignupOrders {
  constructor(private readonly deps: SignupDeps) {}

  /** Runs an approved order: approved -> executing by one conditional UPDATE, then the real POST. */
  execute(id: string): Promise<ExecuteOutcome> {
    return executeSignup(this.deps, id);
  }

  /**
   * Re-asks the provider for `unknown` orders that are due, with the same key and
   * the same body; returns orphaned `executing` rows (a replica that died
   * mid-request) to `unknown` first, and runs approvals nobody ran (a replica
   * that died between approving and ordering). Safe on every replica at once.
   */
  async recoverUnknown(limit = 20): Promise<ExecuteOutcome[]> {
    const { deps } = this;
    const p = policyOf(deps);
    const now = deps.clock.now();
    for (const row of await deps.store.signups.listByState(['executing'], { limit })) {
      if (now.getTime() - row.updatedAt.getTime() >= p.staleExecutingMs) {
        await deps.store.signups.transition(row.id, ['executing'], 'unknown', {
          errorCode: row.errorCode ?? 'ORPHANED',
          nextCheckAt: now,
        });
      }
    }
    const outcomes: ExecuteOutcome[] = [];
    // Approved but never claimed: the clicking replica died between the two steps.
    // Running it here races a live click handler only through the same conditional UPDATE.
    for (const row of await deps.store.signups.listByState(['approved'], { limit })) {
      if (now.getTime() - row.updatedAt.getTime() < p.staleApprovedMs) continue;
      const o = await executeSignup(deps, row.id);
      if (o.kind !== 'not_executable') outcomes.push(o);
    }
    for (const row of await deps.store.signups.listByState(['unknown'], { dueBefore: now, limit })) {
      // A null nextCheckAt means "a person must check"; see attempt().
      if (row.nextCheckAt === null) continue;
      const claim = await deps.store.signups.transition(row.id, ['unknown'], 'executing', {
        attempts: row.attempts + 1,
      });
      if (!claim.won) continue;
      outcomes.push(await attempt(deps, claim.row, 'recovery'));
    }
    return outcomes;
  }

  /** Quotes (and approvals not yet executed) past their expiry or their JST day become `expired`. */
  async expireDue(limit = 200): Promise<SignupRow[]> {
    const { deps } = this;
    const now = deps.clock.now();
    const out: SignupRow[] = [];
    for (const row of await deps.store.signups.listByState(['quoted', 'approved'], { limit })) {
      if (!isExpired(row, now)) continue;
      const expired = await expireRow(deps, row, [row.state]);
      if (expired) out.push(expired);
    }
    // Passwords no row points at any more (a crash between sealing and storing the quote).
    await deps.store.secrets.destroyExpired(now);
    return out;
  }

  list(opts: { channelId?: string; limit?: number } = {}): Promise<SignupRow[]> {
    return this.deps.store.signups.listRecent({
      limit: opts.limit ?? 20,
      ...(opts.channelId !== undefined ? { channelId: opts.channelId } : {}),
    });
  }

  /** A generated root password, read from its seal for the requester alone while the order needs it. */
  revealPassword(input: { id: string; userId: string }): Promise<RevealOutcome> {
    return revealPassword(this.deps, input);
  }
}
