/**
 * The one decision machine. A click on Confirm, Approve or Reject is decided
 * here, for every feature, in one order:
 *
 *   found -> the request's own channel -> who (the requester confirms, a
 *   second person approves) -> roles read live -> still waiting -> the
 *   feature's own check (a stale price) -> not expired -> one compare-and-set.
 *
 * Every refusal after "found" is audited with its reason; of any number of
 * concurrent clicks (a double click, a second replica, Slack's retry) exactly
 * one wins the compare-and-set and the others are told it was handled.
 */
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type { AccessService, Actor } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { ServiceError } from '../errors.ts';
import type { Decision, DecisionRefused, DecisionStep, RequestBook } from './decision.ts';

export interface DecisionMachineDeps {
  access: Pick<AccessService, 'decide'>;
  audit: Audit;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** The policy's `approvals.allow_self`: may a requester who holds the role approve their own request? */
  allowSelfApproval?: boolean;
}

export interface DecideInput<Row> {
  id: string;
  step: DecisionStep;
  /** The feature's own last check before the decision (e.g. the price the button showed): a refusal, or null. */
  check?: (row: Row) => 'stale' | null;
}

export class DecisionMachine {
  constructor(private readonly deps: DecisionMachineDeps) {}

  async decide<Row>(book: RequestBook<Row>, actor: Actor, input: DecideInput<Row>): Promise<Decision<Row>> {
    const { step } = input;
    const row = await book.get(input.id);
    if (!row) return { kind: 'refused', reason: 'not_found', row: null };
    const req = book.request(row);
    const byRequester = actor.userId === req.requesterId;
    const refuse = async (reason: DecisionRefused<Row>['reason'], code: string = reason) => {
      await this.audit(book, row, step, actor, 'refused', code);
      return { kind: 'refused', reason, row } as Decision<Row>;
    };
    // A click is honoured only in the channel the request was posted in, where its deciders saw it.
    if (actor.channelId !== req.channelId) {
      this.deps.logger.warn(
        { request: req.id, userId: actor.userId, channelId: actor.channelId },
        'decision click from another channel refused',
      );
      return refuse('wrong_channel', 'approval_wrong_channel');
    }
    if (step === 'confirm' && !byRequester) return refuse('not_requester');
    if (step === 'confirm' && req.decider === 'second_person') return refuse('needs_approval');
    if (step === 'approve' && byRequester && !this.deps.allowSelfApproval) return refuse('self_approval');

    const forbidden = await this.rolesRefusal(book, row, step, actor, byRequester);
    if (forbidden) {
      await this.audit(book, row, step, actor, 'refused', forbidden.error.code);
      return forbidden;
    }
    if (req.status === 'expired') return { kind: 'expired', row };
    if (req.status === 'decided') return { kind: 'already_handled', row };
    if (step === 'reject') return this.reject(book, row, actor, byRequester);

    const stale = input.check?.(row);
    if (stale) return refuse(stale, 'stale_price');
    if (this.expired(req.expiresAt)) return this.expire(book, row);
    // The store re-checks the expiry inside the same UPDATE: a click racing the deadline cannot slip through.
    const r = await book.approve(row, actor.userId);
    if (!r.won) {
      const now = r.row ?? (await book.get(input.id));
      if (!now) return { kind: 'refused', reason: 'not_found', row: null };
      const nowReq = book.request(now);
      if (nowReq.status === 'waiting' && this.expired(nowReq.expiresAt)) return this.expire(book, now);
      if (nowReq.status === 'expired') return { kind: 'expired', row: now };
      return { kind: 'already_handled', row: now };
    }
    await this.audit(book, r.row, step, actor, 'ok');
    return { kind: 'approved', row: r.row };
  }

  /**
   * The decider's role, and the requester's where it must still hold, both
   * read live. Told to someone else, the requester's missing role is theirs.
   */
  private async rolesRefusal<Row>(
    book: RequestBook<Row>,
    row: Row,
    step: DecisionStep,
    actor: Actor,
    byRequester: boolean,
  ): Promise<Extract<Decision<Row>, { reason: 'forbidden' }> | null> {
    const req = book.request(row);
    const roles = book.roles(row, step, byRequester);
    if (roles.decider !== null) {
      const d = await this.deps.access.decide(actor, roles.decider);
      if (d.refusal) return { kind: 'refused', reason: 'forbidden', row, error: d.refusal, role: d.role };
    }
    if (roles.requester === undefined) return null;
    const theirs = await this.deps.access.decide(
      { userId: req.requesterId, channelId: req.channelId },
      roles.requester,
    );
    if (!theirs.refusal) return null;
    const error =
      theirs.refusal.code === 'role_required' && !byRequester
        ? new ServiceError('requester_role', { user: req.requesterId })
        : theirs.refusal;
    return { kind: 'refused', reason: 'forbidden', row, error, role: theirs.role };
  }

  private async reject<Row>(
    book: RequestBook<Row>,
    row: Row,
    actor: Actor,
    withdrawn: boolean,
  ): Promise<Decision<Row>> {
    const r = await book.reject(row, actor.userId, withdrawn);
    if (!r.won) {
      const now = r.row ?? (await book.get(book.request(row).id));
      return now
        ? { kind: 'already_handled', row: now }
        : { kind: 'refused', reason: 'not_found', row: null };
    }
    await this.audit(book, r.row, 'reject', actor, 'ok', undefined, withdrawn);
    return { kind: 'rejected', row: r.row, withdrawn };
  }

  private async expire<Row>(book: RequestBook<Row>, row: Row): Promise<Decision<Row>> {
    const expired = await book.expire(row);
    if (expired) return { kind: 'expired', row: expired };
    const now = await book.get(book.request(row).id);
    return now ? { kind: 'already_handled', row: now } : { kind: 'refused', reason: 'not_found', row: null };
  }

  private expired(expiresAt: Date): boolean {
    return this.deps.clock.now().getTime() >= expiresAt.getTime();
  }

  private async audit<Row>(
    book: RequestBook<Row>,
    row: Row,
    step: DecisionStep,
    actor: Actor,
    outcome: 'ok' | 'refused',
    errorCode?: string,
    withdrawn = false,
  ): Promise<void> {
    const a = book.audit(row, step, outcome, withdrawn);
    if (!a) return;
    await this.deps.audit.record({
      actor: actor.userId,
      channelId: actor.channelId,
      action: a.action,
      target: a.target,
      outcome,
      errorCode: errorCode ?? null,
      ...(a.params ? { params: a.params } : {}),
    });
  }
}
