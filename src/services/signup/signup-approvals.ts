/**
 * Deciding on a quote, on the one decision machine: approved by an approver
 * who is not the requester (unless the policy allows it), at the price the
 * clicked button's confirm dialog stated, before the quote expires; or
 * rejected by an approver, or withdrawn by the requester. Only clicks from the
 * request's own channel count.
 */
import type { SignupRow } from '../../store/index.ts';
import type { Decision, DecisionMachine } from '../decisions/index.ts';
import type { SignupDeps } from './deps.ts';
import { signupBook } from './signup-book.ts';

export interface ApproveInput {
  id: string;
  approverId: string;
  /** The channel the click came from: only the request's own channel counts. */
  channelId: string;
  /** The amount the clicked button's confirm dialog stated. */
  shownPrice?: number;
}

export class SignupApprovals {
  constructor(
    private readonly deps: SignupDeps,
    private readonly machine: Pick<DecisionMachine, 'decide'>,
  ) {}

  async approve(input: ApproveInput): Promise<Decision<SignupRow>> {
    const d = await this.machine.decide(
      signupBook(this.deps),
      { userId: input.approverId, channelId: input.channelId },
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
  reject(input: { id: string; userId: string; channelId: string }): Promise<Decision<SignupRow>> {
    return this.machine.decide(
      signupBook(this.deps),
      { userId: input.userId, channelId: input.channelId },
      { id: input.id, step: 'reject' },
    );
  }
}
