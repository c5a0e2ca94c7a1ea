/**
 * Destructive /hosting operations as requests of the decision machine: an
 * operation waits (`pending`) for its requester's confirmation, or, where the
 * policy asks for a second person, for an approver; until it expires. Each
 * move is one conditional UPDATE of the operations table.
 */
import type { OperationRow } from '../../store/index.ts';
import type { DestructiveHostingAction } from '../access/index.ts';
import type { RequestBook } from '../decisions/index.ts';
import type { HostingDeps } from './hosting-calls.ts';
import type { Loss } from './hosting-types.ts';

/** What an operation's row says it will take away (stored when it was asked for). */
export function lossOf(op: OperationRow): Loss {
  return (op.params as { loss: Loss }).loss;
}

export function operationBook(deps: Pick<HostingDeps, 'store' | 'homes'>): RequestBook<OperationRow> {
  const ops = deps.store.operations;
  // A request decided, withdrawn or expired leaves the Homes it waited on.
  const decided = <R extends { won: boolean }>(r: R): R => {
    if (r.won) deps.homes?.refresh('everyone', 'operation decided');
    return r;
  };
  return {
    get: (id) => ops.get(id),
    request: (op) => ({
      id: op.id,
      requesterId: op.requesterId,
      channelId: op.channelId,
      decider: op.needsApproval ? 'second_person' : 'requester',
      expiresAt: op.expiresAt,
      // A late click on an expired request redraws it as expired.
      status: op.state === 'pending' ? 'waiting' : op.state === 'expired' ? 'expired' : 'decided',
    }),
    // The operation itself is decided on current facts too: the requester must still hold its role.
    roles: (op, step, byRequester) => {
      const kind = op.kind as DestructiveHostingAction;
      if (step === 'reject') return { decider: byRequester ? null : 'hosting.approve' };
      return { decider: step === 'confirm' ? kind : 'hosting.approve', requester: kind };
    },
    audit: (op, step, outcome, withdrawn) => {
      const params = { operation: op.id };
      if (step !== 'reject')
        return outcome === 'refused' ? { action: `${op.kind}.decide`, target: op.target, params } : null;
      const action = outcome === 'ok' && withdrawn ? `${op.kind}.cancel` : `${op.kind}.reject`;
      return { action, target: op.target, params };
    },
    approve: async (op, approverId) =>
      decided(await ops.transition(op.id, ['pending'], 'approved', { approverId }, { unexpired: true })),
    reject: async (op, by, withdrawn) =>
      decided(
        await ops.transition(op.id, ['pending'], withdrawn ? 'cancelled' : 'rejected', { approverId: by }),
      ),
    async expire(op) {
      const r = decided(await ops.transition(op.id, ['pending'], 'expired'));
      return r.won ? r.row : null;
    },
  };
}
