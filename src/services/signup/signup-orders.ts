/**
 * Approved orders and what follows them: the order itself (money moves only
 * here, in `attempt`), the work nobody clicks for (quotes that expire, orders
 * in `unknown` asked again with the same key, rows orphaned by a dead
 * replica; safe on every replica at once, each row moving by one conditional
 * UPDATE), the list of recent orders, and a generated password shown once.
 */
import { asPerson, type CallOptions, ORDER } from '../../provider/index.ts';
import type { ProviderSignupStatus, SignupPatch, SignupRow, SignupState } from '../../store/index.ts';
import {
  destroySecret,
  givePasswordBack,
  holdSealed,
  passwordShown,
  type RevealOutcome,
  revealPassword,
} from './password.ts';
import {
  classifySignupFailure,
  policyOf,
  quoteFailureCode,
  type SignupDeps,
  type SignupFailure,
} from './signup-deps.ts';
import { createQuote, expireRow, isExpired, providerInput } from './signup-quotes.ts';

// Running an approved order: approved -> executing by one conditional UPDATE, then the real POST
// with the row's own Idempotency-Key and `expected_total_price` = the price the approver saw.

export type ExecuteOutcome =
  /** Paid: `active`, `building` or `setup_pending`. */
  | {
      kind: 'done';
      row: SignupRow;
      status: ProviderSignupStatus;
      /** Active at once: the new server's uuid, and its IP address when it could be read. */
      server?: { uuid: string; ip: string | null };
    }
  /** Not paid: the price moved. `requote` is the new quote awaiting a new approval (null when none could be made). */
  | {
      kind: 'price_changed';
      row: SignupRow;
      oldPrice: number;
      requote: SignupRow | null;
      requoteError: string | null;
    }
  /** Not paid: refused with `code`. */
  | { kind: 'failed'; row: SignupRow; code: string }
  /** Maybe paid: being checked again with the same key. `code`: what happened (NETWORK, DUPLICATE_REQUEST, 5xx code, …). */
  | { kind: 'unknown'; row: SignupRow; code: string }
  /** The approval came too late (the quote had expired); not paid. */
  | { kind: 'expired'; row: SignupRow }
  /** Another caller is executing or has executed it. */
  | { kind: 'not_executable'; row: SignupRow | null };

/** Runs an approved order: approved -> executing by one conditional UPDATE, then the real POST. */
async function executeSignup(deps: SignupDeps, id: string): Promise<ExecuteOutcome> {
  const row = await deps.store.signups.get(id);
  if (row?.state !== 'approved') return { kind: 'not_executable', row };
  if (isExpired(row, deps.clock.now())) {
    const expired = await expireRow(deps, row, ['approved']);
    if (expired) return { kind: 'expired', row: expired };
    return { kind: 'not_executable', row: await deps.store.signups.get(id) };
  }
  const refused = await requesterRefused(deps, row);
  if (refused) return refused;
  const claim = await deps.store.signups.transition(id, ['approved'], 'executing', {
    attempts: row.attempts + 1,
  });
  if (!claim.won) return { kind: 'not_executable', row: claim.row };
  deps.homes?.refresh([row.requesterId], 'order');
  return attempt(deps, claim.row, 'approval');
}

/** What the thread says when the requester may no longer order, by the access refusal's code. */
const REQUESTER_REFUSALS: Record<string, string> = {
  role_required: 'REQUESTER_ROLE',
  channel_not_allowed: 'CHANNEL_NOT_ALLOWED',
};

/**
 * The order is the requester's: when it is about to be paid they must still
 * hold the role to order, here, read live from Slack (an approval does not
 * outlive the requester's removal from the operators). Refused, the row ends
 * `failed` without a request to the provider, its password destroyed, the
 * refusal audited. Null when they still may.
 */
async function requesterRefused(deps: SignupDeps, row: SignupRow): Promise<ExecuteOutcome | null> {
  const { refusal } = await deps.access.decide(
    { userId: row.requesterId, channelId: row.channelId },
    'signup',
    { live: true },
  );
  if (!refusal) return null;
  const code = REQUESTER_REFUSALS[refusal.code] ?? 'REQUESTER_ROLE';
  const r = await deps.store.signups.transition(row.id, ['approved'], 'failed', {
    errorCode: code,
    secretId: null,
    nextCheckAt: null,
  });
  if (!r.won) return { kind: 'not_executable', row: r.row };
  deps.homes?.refresh([row.requesterId], 'order');
  await destroySecret(deps, row.secretId);
  await deps.audit.record({
    actor: row.approverId ?? row.requesterId,
    channelId: row.channelId,
    action: 'signup.execute',
    target: row.id,
    outcome: 'refused',
    errorCode: refusal.code,
    params: { requester: row.requesterId },
  });
  deps.logger.warn(
    { signupId: row.id, requesterId: row.requesterId, code: refusal.code },
    'approved signup not ordered: the requester may no longer order',
  );
  return { kind: 'failed', row: r.row, code };
}

/**
 * Who an order's requests are for: the approver whose click executes it (at
 * ORDER priority, never refused); a recovery's re-check is the bot's own.
 */
function orderFor(row: SignupRow, origin: 'approval' | 'recovery'): CallOptions {
  return origin === 'approval' && row.approverId !== null
    ? asPerson(ORDER, { userId: row.approverId })
    : ORDER;
}

/**
 * One real POST of a row this caller has just moved to `executing`: the first
 * (after an approval) or a re-check of an `unknown` order (same key, same body).
 */
async function attempt(
  deps: SignupDeps,
  row: SignupRow,
  origin: 'approval' | 'recovery',
): Promise<ExecuteOutcome> {
  const password = row.secretId ? await deps.store.secrets.open(row.secretId) : null;
  if (password === null) {
    if (origin === 'approval') {
      // Nothing was sent: without the password there is no request to make.
      return finishFailed(deps, row, 'SECRET_GONE');
    }
    // A retry needs the very same body. Without it only a person can check the panel.
    const r = await finish(deps, row, 'unknown', { errorCode: 'NEEDS_MANUAL_CHECK', nextCheckAt: null });
    return { kind: 'unknown', row: r ?? row, code: 'NEEDS_MANUAL_CHECK' };
  }
  if (row.secretId) holdSealed(deps, row.secretId, password);
  let failure: SignupFailure;
  try {
    const res = await deps.provider.signup(
      providerInput(row, password, row.quotedPrice),
      row.idempotencyKey,
      orderFor(row, origin),
    );
    const status = providerStatusOf(res.server.status);
    const uuid = typeof res.server.uuid === 'string' && res.server.uuid ? res.server.uuid : null;
    // Active with its uuid: done now. Otherwise the tracker follows it and posts to the thread
    // the uuid and IP address once it knows them.
    const settled = status === 'active' && uuid !== null;
    const done = await finish(deps, row, settled ? 'active' : 'submitted', {
      providerServiceId: res.server.id,
      providerStatus: status,
      uuid,
      errorCode: null,
      secretId: null,
      nextCheckAt: settled ? null : deps.clock.now(),
    });
    await destroySecret(deps, row.secretId);
    await auditExecute(deps, row, 'ok', null, {
      price: row.quotedPrice,
      providerServiceId: res.server.id,
      status,
    });
    deps.logger.info({ signupId: row.id, providerServiceId: res.server.id, status }, 'signup paid');
    if (settled)
      return { kind: 'done', row: done ?? row, status, server: { uuid, ip: await ipOf(deps, uuid) } };
    return { kind: 'done', row: done ?? row, status };
  } catch (err) {
    failure = classifySignupFailure(err);
    deps.logger.warn(
      {
        signupId: row.id,
        origin,
        failure: failure.kind,
        code: 'code' in failure ? failure.code : failure.kind,
      },
      'signup not completed',
    );
  }
  switch (failure.kind) {
    case 'refused': {
      await destroySecret(deps, row.secretId);
      return finishFailed(deps, row, failure.code);
    }
    case 'price_mismatch':
      return priceChanged(deps, row, password, origin);
    case 'in_process':
    case 'indeterminate': {
      const code = failure.kind === 'in_process' ? 'DUPLICATE_REQUEST' : failure.code;
      const r = await finish(deps, row, 'unknown', {
        errorCode: code,
        nextCheckAt: nextCheck(deps, row.attempts),
      });
      await auditExecute(deps, row, 'failed', code, { state: 'unknown' });
      return { kind: 'unknown', row: r ?? row, code };
    }
  }
}

/** The new server's IP address for the thread; the order is paid whatever this read does. */
async function ipOf(deps: SignupDeps, uuid: string): Promise<string | null> {
  try {
    return (await deps.provider.getServer(uuid, ORDER)).ip_address ?? null;
  } catch (err) {
    deps.logger.warn(
      { uuid, err: (err as Error).name },
      'new server read failed; its IP address is not told',
    );
    return null;
  }
}

function providerStatusOf(status: string): ProviderSignupStatus {
  if (status === 'active' || status === 'building' || status === 'setup_pending') return status;
  // An undocumented status still means "signed up and paid" (the POST answered 200): track it.
  return 'building';
}

function nextCheck(deps: SignupDeps, attempts: number): Date {
  const p = policyOf(deps);
  const delay = Math.min(p.recheckMs * 2 ** Math.max(0, attempts - 1), p.recheckMaxMs);
  return new Date(deps.clock.now().getTime() + delay);
}

/**
 * Ends an attempt; the row may have been moved to `unknown` meanwhile by the
 * orphan sweep. The requester's Home is refreshed, except for an attempt that
 * ends in `unknown`: the re-check that claims it next refreshes it.
 */
async function finish(
  deps: SignupDeps,
  row: SignupRow,
  to: SignupState,
  patch: SignupPatch,
): Promise<SignupRow | null> {
  const r = await deps.store.signups.transition(row.id, ['executing', 'unknown'], to, patch);
  if (!r.won)
    deps.logger.warn({ signupId: row.id, to, now: r.row?.state }, 'signup outcome already recorded');
  else if (to !== 'unknown') deps.homes?.refresh([row.requesterId], 'order');
  return r.row;
}

/** The audit line of an order's execution, under the approver's name (else the requester's). */
function auditExecute(
  deps: SignupDeps,
  row: SignupRow,
  outcome: 'ok' | 'failed',
  errorCode: string | null,
  params?: Record<string, unknown>,
): Promise<void> {
  return deps.audit.record({
    actor: row.approverId ?? row.requesterId,
    channelId: row.channelId,
    action: 'signup.execute',
    target: row.id,
    outcome,
    errorCode,
    // Named by its server, as people know the order.
    params: { ...(row.serverName ? { name: row.serverName } : {}), ...params },
  });
}

async function finishFailed(deps: SignupDeps, row: SignupRow, code: string): Promise<ExecuteOutcome> {
  const r = await finish(deps, row, 'failed', { errorCode: code, secretId: null, nextCheckAt: null });
  await destroySecret(deps, row.secretId);
  await auditExecute(deps, row, 'failed', code);
  return { kind: 'failed', row: r ?? row, code };
}

/**
 * PRICE_MISMATCH: nothing was paid. The row ends in `price_changed` and a new
 * quote (new row, new key, the password re-sealed) asks for a new approval; the
 * old buttons then point at a finished row and can approve nothing.
 * After an `unknown` no new quote is made on our own: the earlier attempt's
 * fate rests on the provider's idempotency, and a second order must be a
 * person's decision.
 */
async function priceChanged(
  deps: SignupDeps,
  row: SignupRow,
  password: string,
  origin: 'approval' | 'recovery',
): Promise<ExecuteOutcome> {
  const ended = await finish(deps, row, 'price_changed', {
    errorCode: 'PRICE_MISMATCH',
    secretId: null,
    nextCheckAt: null,
  });
  await auditExecute(deps, row, 'failed', 'PRICE_MISMATCH', { price: row.quotedPrice });
  let requote: SignupRow | null = null;
  let requoteError: string | null = origin === 'recovery' ? 'AFTER_UNKNOWN' : null;
  if (ended?.state === 'price_changed' && origin === 'approval') {
    try {
      requote = (await createQuote(deps, row, password, row.id)).row;
    } catch (err) {
      requoteError = quoteFailureCode(err);
    }
  }
  await destroySecret(deps, row.secretId);
  return { kind: 'price_changed', row: ended ?? row, oldPrice: row.quotedPrice, requote, requoteError };
}

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
