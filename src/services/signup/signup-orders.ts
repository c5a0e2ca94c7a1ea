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
import { givePasswordBack, passwordShown, type RevealOutcome, revealPassword } from './password.ts';
import { expireRow, isExpired } from './quote.ts';

/** The error code of an order found `executing` when a bot started: see markInterrupted. */
export const INTERRUPTED = 'INTERRUPTED';

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
        const r = await deps.store.signups.transition(row.id, ['executing'], 'unknown', {
          errorCode: row.errorCode ?? 'ORPHANED',
          nextCheckAt: now,
        });
        if (r.won) deps.homes?.refresh([row.requesterId], 'order');
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
      const o = await this.recheck(row);
      if (o) outcomes.push(o);
    }
    return outcomes;
  }

  /**
   * On start: orders this process finds `executing` were being placed when a
   * bot stopped (killed, crashed) and nobody is placing them now, or another
   * replica is, in which case asking again is as safe: the provider answers a
   * repeated Idempotency-Key with the first outcome, or DUPLICATE_REQUEST
   * while it is still in process (docs/provider-api.md, Idempotency-Key). They
   * go to `unknown` (`INTERRUPTED`) at once, instead of after the orphan
   * window, so that they read "checking what happened to this order" while
   * `recheck` asks. Returns the rows moved.
   */
  async markInterrupted(limit = 20): Promise<SignupRow[]> {
    const { deps } = this;
    const marked: SignupRow[] = [];
    for (const row of await deps.store.signups.listByState(['executing'], { limit })) {
      const r = await deps.store.signups.transition(row.id, ['executing'], 'unknown', {
        errorCode: INTERRUPTED,
        nextCheckAt: deps.clock.now(),
      });
      if (!r.won) continue;
      deps.homes?.refresh([row.requesterId], 'order');
      marked.push(r.row);
    }
    if (marked.length > 0)
      deps.logger.warn(
        { signups: marked.map((r) => r.id) },
        'orders interrupted while being placed; asking again',
      );
    return marked;
  }

  /**
   * Asks the provider again about an `unknown` order, with its key and body;
   * null when another caller claimed it first.
   */
  async recheck(row: SignupRow): Promise<ExecuteOutcome | null> {
    const claim = await this.deps.store.signups.transition(row.id, ['unknown'], 'executing', {
      attempts: row.attempts + 1,
    });
    if (!claim.won) return null;
    this.deps.homes?.refresh([row.requesterId], 'order');
    return attempt(this.deps, claim.row, 'recovery');
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

  /**
   * A generated root password, taken from its seal for the requester alone,
   * once, while the order needs it; then `passwordShown` or `givePasswordBack`.
   */
  revealPassword(input: { id: string; userId: string }): Promise<RevealOutcome> {
    return revealPassword(this.deps, input);
  }

  passwordShown(input: { id: string; userId: string }): Promise<void> {
    return passwordShown(this.deps, input);
  }

  givePasswordBack(input: { id: string; userId: string }): Promise<void> {
    return givePasswordBack(this.deps, input);
  }
}
