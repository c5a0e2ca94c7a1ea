/**
 * The signup work nobody clicks for, safe on every replica at once (each row
 * moves by one conditional UPDATE): quotes that expire, orders in `unknown`
 * asked again with the same key, rows orphaned by a dead replica; and the
 * listing of recent quotes and orders.
 */
import type { SignupRow } from '../../store/index.ts';
import { policyOf, type SignupDeps } from './deps.ts';
import { attempt, type ExecuteOutcome, executeSignup } from './execute.ts';
import { expireRow, isExpired } from './quote.ts';

/**
 * Re-asks the provider for `unknown` orders that are due, with the same key and
 * the same body; returns orphaned `executing` rows (a replica that died
 * mid-request) to `unknown` first, and runs approvals nobody ran (a replica
 * that died between approving and ordering). Safe on every replica at once.
 */
export async function recoverUnknown(deps: SignupDeps, limit = 20): Promise<ExecuteOutcome[]> {
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
export async function expireDue(deps: SignupDeps, limit = 200): Promise<SignupRow[]> {
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

export async function listSignups(
  deps: SignupDeps,
  opts: { channelId?: string; limit?: number } = {},
): Promise<SignupRow[]> {
  return deps.store.signups.listRecent({
    limit: opts.limit ?? 20,
    ...(opts.channelId !== undefined ? { channelId: opts.channelId } : {}),
  });
}
