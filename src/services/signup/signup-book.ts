/**
 * Paid signup's quotes as requests of the decision machine: a quote waits
 * (`quoted`) for a second person with the approver role, until it expires
 * (its TTL, or 00:00 JST when prices change). Approve and reject are each
 * one conditional UPDATE from `quoted`; the store re-checks the expiry in the
 * approving UPDATE itself.
 */
import type { SignupRow } from '../../store/index.ts';
import type { RequestBook } from '../decisions/index.ts';
import type { SignupDeps } from './deps.ts';
import { destroySecret } from './password.ts';
import { expireRow } from './quote.ts';

export function signupBook(deps: SignupDeps): RequestBook<SignupRow> {
  return {
    get: (id) => deps.store.signups.get(id),
    request: (row) => ({
      id: row.id,
      requesterId: row.requesterId,
      channelId: row.channelId,
      decider: 'second_person',
      expiresAt: row.expiresAt,
      // A late click on an expired quote is told it was handled: the message already says it expired.
      status: row.state === 'quoted' ? 'waiting' : 'decided',
    }),
    // An approver decides, read live; the requester may withdraw their own quote. The requester's
    // own role is checked again when the approved order is about to be paid (SignupOrders.execute).
    roles: (_row, step, byRequester) => ({ decider: step === 'reject' && byRequester ? null : 'approve' }),
    audit: (row, step, outcome) => {
      const action = step === 'reject' ? 'signup.reject' : 'signup.approve';
      if (outcome === 'refused') return { action, target: row.id };
      // Named by its server, as people know the order.
      const name = row.serverName ? { name: row.serverName } : {};
      return step === 'reject'
        ? { action, target: row.id, ...(row.serverName ? { params: name } : {}) }
        : { action, target: row.id, params: { price: row.quotedPrice, ...name } };
    },
    async approve(row, approverId) {
      const r = await deps.store.signups.transition(
        row.id,
        ['quoted'],
        'approved',
        { approverId },
        { unexpired: true },
      );
      // A quote decided leaves the approvers' Homes.
      if (r.won) deps.homes?.refresh('everyone', 'quote decided');
      return r;
    },
    async reject(row, by) {
      const r = await deps.store.signups.transition(row.id, ['quoted'], 'rejected', {
        approverId: by,
        secretId: null,
      });
      if (r.won) {
        deps.homes?.refresh('everyone', 'quote decided');
        await destroySecret(deps, row.secretId);
      }
      return r;
    },
    expire: (row) => expireRow(deps, row, ['quoted']),
  };
}
