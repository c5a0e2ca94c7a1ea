/**
 * Deciding on a quote: approve (by an approver who is not the requester,
 * unless the policy allows it, at the price the confirm dialog showed, before
 * the quote expires) or reject. One conditional UPDATE from `quoted` decides
 * between concurrent clicks; the losers are told who won.
 */
import type { SignupRow } from '../../store/index.ts';
import type { Role } from '../access/index.ts';
import { policyOf, type SignupDeps } from './deps.ts';
import { destroySecret } from './password.ts';
import { expireRow, isExpired } from './quote.ts';

export type ApproveResult =
  | { kind: 'approved'; row: SignupRow }
  | { kind: 'already_handled'; row: SignupRow }
  /** `code`: the access refusal's (`role_required`, or `channel_not_allowed` for a channel the policy dropped). */
  | { kind: 'forbidden'; role: Role; code: string }
  | { kind: 'self_approval'; row: SignupRow }
  | { kind: 'expired'; row: SignupRow }
  | { kind: 'stale'; row: SignupRow }
  /** The click came from another channel than the one the request was posted in. */
  | { kind: 'wrong_channel' }
  | { kind: 'not_found' };

export interface ApproveInput {
  id: string;
  approverId: string;
  /** The channel the click came from: only the request's own channel counts. */
  channelId: string;
  /** The amount the clicked button's confirm dialog stated. */
  shownPrice?: number;
}

/**
 * A click is honoured only in the channel the request was posted in (where
 * the approvers of that channel saw it); anywhere else it is audited and
 * refused. Null when the click is where it belongs.
 */
async function refusedElsewhere(
  deps: SignupDeps,
  row: SignupRow,
  userId: string,
  channelId: string,
  action: 'signup.approve' | 'signup.reject',
): Promise<{ kind: 'wrong_channel' } | null> {
  if (channelId === row.channelId) return null;
  await deps.audit.record({
    actor: userId,
    channelId,
    action,
    target: row.id,
    outcome: 'refused',
    errorCode: 'approval_wrong_channel',
  });
  deps.logger.warn({ signupId: row.id, userId, channelId }, 'approval click from another channel refused');
  return { kind: 'wrong_channel' };
}

/** Null when the user's role, read live at click time, may decide on quotes here; else the audited refusal. */
async function refusedApprover(
  deps: SignupDeps,
  userId: string,
  channelId: string,
  action: 'signup.approve' | 'signup.reject',
  id: string,
): Promise<{ kind: 'forbidden'; role: Role; code: string } | null> {
  const { refusal, role } = await deps.access.decide({ userId, channelId }, 'approve');
  if (!refusal) return null;
  await deps.audit.record({
    actor: userId,
    channelId,
    action,
    target: id,
    outcome: 'refused',
    errorCode: refusal.code,
  });
  return { kind: 'forbidden', role: role ?? 'none', code: refusal.code };
}

/**
 * Checks at click time (live role, self-approval, expiry incl. the JST day),
 * then one conditional UPDATE quoted -> approved decides between concurrent clicks.
 */
export async function approveSignup(deps: SignupDeps, input: ApproveInput): Promise<ApproveResult> {
  const { id, approverId } = input;
  const row = await deps.store.signups.get(id);
  if (!row) return { kind: 'not_found' };
  const { channelId } = input;
  const elsewhere = await refusedElsewhere(deps, row, approverId, channelId, 'signup.approve');
  if (elsewhere) return elsewhere;
  const forbidden = await refusedApprover(deps, approverId, channelId, 'signup.approve', id);
  if (forbidden) return forbidden;
  const refuse = (errorCode: string) =>
    deps.audit.record({
      actor: approverId,
      channelId,
      action: 'signup.approve',
      target: id,
      outcome: 'refused',
      errorCode,
    });
  if (row.state !== 'quoted') return { kind: 'already_handled', row };
  if (input.shownPrice !== undefined && input.shownPrice !== row.quotedPrice) {
    await refuse('stale_price');
    return { kind: 'stale', row };
  }
  if (row.requesterId === approverId && !policyOf(deps).allowSelfApproval) {
    await refuse('self_approval');
    return { kind: 'self_approval', row };
  }
  const now = deps.clock.now();
  if (isExpired(row, now)) {
    const expired = await expireRow(deps, row, ['quoted']);
    if (expired) return { kind: 'expired', row: expired };
    const again = await deps.store.signups.get(id);
    return again ? { kind: 'already_handled', row: again } : { kind: 'not_found' };
  }
  // The store re-checks the expiry inside the same UPDATE, so a click racing 00:00 JST cannot slip through.
  const r = await deps.store.signups.transition(
    id,
    ['quoted'],
    'approved',
    { approverId },
    { unexpired: true },
  );
  if (!r.won) {
    if (r.row?.state === 'quoted') {
      const expired = await expireRow(deps, r.row, ['quoted']);
      if (expired) return { kind: 'expired', row: expired };
    }
    const current = r.row ?? (await deps.store.signups.get(id));
    return current ? { kind: 'already_handled', row: current } : { kind: 'not_found' };
  }
  await deps.audit.record({
    actor: approverId,
    channelId,
    action: 'signup.approve',
    target: id,
    outcome: 'ok',
    errorCode: null,
    // Named by its server, as people know the order.
    params: { price: r.row.quotedPrice, ...(r.row.serverName ? { name: r.row.serverName } : {}) },
  });
  deps.logger.info({ signupId: id, approverId, price: r.row.quotedPrice }, 'signup approved');
  return { kind: 'approved', row: r.row };
}

export type RejectResult =
  | { kind: 'rejected'; row: SignupRow }
  | { kind: 'already_handled'; row: SignupRow }
  | { kind: 'forbidden'; role: Role; code: string }
  | { kind: 'wrong_channel' }
  | { kind: 'not_found' };

/** An approver may reject; the requester may withdraw their own request. Both only in the request's channel. */
export async function rejectSignup(
  deps: SignupDeps,
  input: { id: string; userId: string; channelId: string },
): Promise<RejectResult> {
  const row = await deps.store.signups.get(input.id);
  if (!row) return { kind: 'not_found' };
  const { channelId } = input;
  const elsewhere = await refusedElsewhere(deps, row, input.userId, channelId, 'signup.reject');
  if (elsewhere) return elsewhere;
  if (row.requesterId !== input.userId) {
    const forbidden = await refusedApprover(deps, input.userId, channelId, 'signup.reject', row.id);
    if (forbidden) return forbidden;
  }
  const r = await deps.store.signups.transition(row.id, ['quoted'], 'rejected', {
    approverId: input.userId,
    secretId: null,
  });
  if (!r.won) {
    const current = r.row ?? (await deps.store.signups.get(row.id));
    return current ? { kind: 'already_handled', row: current } : { kind: 'not_found' };
  }
  await destroySecret(deps, row.secretId);
  await deps.audit.record({
    actor: input.userId,
    channelId,
    action: 'signup.reject',
    target: row.id,
    outcome: 'ok',
    errorCode: null,
    ...(row.serverName ? { params: { name: row.serverName } } : {}),
  });
  return { kind: 'rejected', row: r.row };
}
