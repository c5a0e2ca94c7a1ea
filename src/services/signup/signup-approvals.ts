/**
 * Deciding on a quote, on the one decision machine: approved by an approver
 * who is not the requester (unless the policy allows it), at the price the
 * clicked button's confirm dialog stated, before the quote expires; or
 * rejected by an approver, or withdrawn by the requester. Only clicks from the
 * request's own channel count.
 */
import type { SignupRow } from '../../store/index.ts';
import type { Actor } from '../access/index.ts';
import type { Decision, DecisionMachine, RequestBook } from '../decisions/index.ts';
import { destroySecret } from './password.ts';
import type { SignupDeps } from './signup-deps.ts';
import { expireRow } from './signup-quotes.ts';

/**
 * Paid signup's quotes as requests of the decision machine: a quote waits
 * (`quoted`) for a second person with the approver role, until it expires
 * (its TTL, or 00:00 JST when prices change). Approve and reject are each
 * one conditional UPDATE from `quoted`; the store re-checks the expiry in the
 * approving UPDATE itself.
 */
function signupBook(deps: SignupDeps): RequestBook<SignupRow> {
  return {
    get: (id) => deps.store.signups.get(id),
    request: (row) => ({
      id: row.id,
      requesterId: row.requesterId,
      channelId: row.channelId,
      decider: 'second_person',
      expiresAt: row.expiresAt,
      // A late click on an expired quote hears it was handled: the message already says it expired.
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

export interface ApproveInput {
  id: string;
  approverId: string;
  /** The channel the click came from: only the request's own channel counts. */
  channelId: string;
  /** Clicked in the approver's App Home: counts as in the request's channel if they may read it. */
  fromHome?: boolean;
  /** The amount the clicked button's confirm dialog stated. */
  shownPrice?: number;
}

export class SignupApprovals {
  constructor(
    private readonly deps: SignupDeps,
    private readonly machine: DecisionMachine,
  ) {}

  /**
   * The quotes waiting for approval that concern this person, read from the
   * store alone: those they may approve (as a click would be judged, up to
   * the roles), and their own, waiting for someone else. Expired ones are
   * left out.
   */
  async waiting(actor: Actor): Promise<{ approve: SignupRow[]; own: SignupRow[] }> {
    const now = this.deps.clock.now().getTime();
    const quoted = await this.deps.store.signups.listByState(['quoted']);
    const book = signupBook(this.deps);
    const out = { approve: [] as SignupRow[], own: [] as SignupRow[] };
    for (const row of quoted) {
      if (row.expiresAt.getTime() <= now) continue;
      if (await this.machine.mayDecide(book, actor, row, 'approve')) out.approve.push(row);
      else if (row.requesterId === actor.userId) out.own.push(row);
    }
    return out;
  }

  async approve(input: ApproveInput): Promise<Decision<SignupRow>> {
    const d = await this.machine.decide(
      signupBook(this.deps),
      { userId: input.approverId, channelId: input.channelId, fromHome: input.fromHome === true },
      {
        id: input.id,
        step: 'approve',
        // A button drawn before a re-quote shows an old amount: nobody approved the new one with it.
        check: (row) =>
          input.shownPrice !== undefined && input.shownPrice !== row.quotedPrice ? 'stale' : null,
      },
    );
    if (d.kind === 'approved')
      this.deps.logger.info(
        { signupId: d.row.id, approverId: input.approverId, price: d.row.quotedPrice },
        'signup approved',
      );
    return d;
  }

  /** An approver may reject; the requester may withdraw their own request. */
  reject(input: {
    id: string;
    userId: string;
    channelId: string;
    fromHome?: boolean;
  }): Promise<Decision<SignupRow>> {
    return this.machine.decide(
      signupBook(this.deps),
      { userId: input.userId, channelId: input.channelId, fromHome: input.fromHome === true },
      { id: input.id, step: 'reject' },
    );
  }
}
