/**
 * Running an approved order: approved -> executing by one conditional UPDATE,
 * then the real POST with the row's own Idempotency-Key and
 * `expected_total_price` = the price the approver saw. Money moves only here.
 */

import { asPerson, type CallOptions, ORDER } from '../../provider/index.ts';
import type { ProviderSignupStatus, SignupPatch, SignupRow, SignupState } from '../../store/index.ts';
import { policyOf, type SignupDeps } from './deps.ts';
import { classifySignupFailure, quoteFailureCode, type SignupFailure } from './failure.ts';
import { destroySecret, holdSealed } from './password.ts';
import { createQuote, expireRow, isExpired, providerInput } from './quote.ts';

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
export async function executeSignup(deps: SignupDeps, id: string): Promise<ExecuteOutcome> {
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

/** What the thread is told when the requester may no longer order, by the access refusal's code. */
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
export async function attempt(
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
    // Active with its uuid: done now. Otherwise the tracker follows it and tells the thread
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
