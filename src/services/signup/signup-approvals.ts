/**
 * Deciding on a quote, on the one decision machine: approved by an approver
 * who is not the requester (unless the policy allows it), at the price the
 * clicked button's confirm dialog stated, before the quote expires; or
 * rejected by an approver, or withdrawn by the requester. Only clicks from the
 * request's own channel count.
 */
import type { SignupRow } from '../../store/index.ts';
import type { Actor } from '../access/index.ts';
import type { Decision, DecisionMachine } from '../decisions/index.ts';
import type { SignupDeps } from './deps.ts';
import { signupBook } from './signup-book.ts';

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
    private readonly machine: Pick<DecisionMachine, 'decide' | 'mayDecide'>,
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
