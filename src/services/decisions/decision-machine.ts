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
 * one wins the compare-and-set and the others hear it was handled.
 *
 * A click in the person's App Home (`actor.fromHome`) has no channel: the
 * Home lists the requests of the channels they may read, so a request posted
 * in a channel counts as clicked there when they may read it (the policy
 * lists it, and Slack says it is public or they are a member), and is then
 * decided as in that channel: the policy's channel list, the roles, the
 * audit row's channel. A request bound to no channel (an alarm's claim takes
 * the click's own place) is decided as from the Home, which the access
 * policy holds against no channel (like a global shortcut's role check). `mayDecide` asks the same questions without deciding, for
 * drawing the buttons.
 */
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type { AccessService, Actor } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { ServiceError } from '../errors.ts';
import type { Decision, DecisionRefused, DecisionStep, PendingRequest, RequestBook } from './decision.ts';

export interface DecisionMachineDeps {
  access: Pick<AccessService, 'decide' | 'maySeeChannel'>;
  audit: Audit;
  clock: Clock;
  logger: Logger;
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

  async decide<Row>(book: RequestBook<Row>, clicker: Actor, input: DecideInput<Row>): Promise<Decision<Row>> {
    const { step } = input;
    const row = await book.get(input.id);
    if (!row) return { kind: 'refused', reason: 'not_found', row: null };
    const req = book.request(row);
    const byRequester = clicker.userId === req.requesterId;
    // A click is honoured only where its deciders saw the request: its own channel (or, from the
    // App Home, a channel the clicker may read).
    const place = await this.place(clicker, req);
    const actor = place ?? clicker;
    const refuse = async (reason: DecisionRefused<Row>['reason'], code: string = reason) => {
      await this.audit(book, row, step, actor, 'refused', code);
      return { kind: 'refused', reason, row } as Decision<Row>;
    };
    if (!place) {
      this.deps.logger.warn(
        {
          request: req.id,
          userId: clicker.userId,
          channelId: clicker.channelId,
          home: clicker.fromHome === true,
        },
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
   * Whether this person could decide this request with this step now, as a
   * click would be judged up to its roles (the place, who, the decider's
   * role), for drawing its buttons: nothing is audited, group membership may
   * come from the short cache, and the click itself is judged again in full.
   */
  async mayDecide<Row>(
    book: RequestBook<Row>,
    clicker: Actor,
    row: Row,
    step: DecisionStep,
  ): Promise<boolean> {
    const req = book.request(row);
    if (req.status !== 'waiting') return false;
    const byRequester = clicker.userId === req.requesterId;
    if (step === 'confirm' && (!byRequester || req.decider === 'second_person')) return false;
    if (step === 'approve' && byRequester && !this.deps.allowSelfApproval) return false;
    // The role first (the policy and cached groups), then the channel, which asks Slack: only
    // those who could decide cost a question.
    const decider = book.roles(row, step, byRequester).decider;
    const placed =
      clicker.fromHome === true && req.channelId !== clicker.channelId
        ? { userId: clicker.userId, channelId: req.channelId }
        : clicker;
    if (decider !== null && (await this.deps.access.decide(placed, decider, { preview: true })).refusal)
      return false;
    return (await this.place(clicker, req, true)) !== null;
  }

  /**
   * The actor as the click counts, placed where it was made, or null when it
   * does not count (see the file's comment). From the Home, a request bound
   * to no channel (its book takes the click's own place) keeps the Home's
   * actor, which the access policy holds against no channel.
   */
  private async place(clicker: Actor, req: PendingRequest, preview = false): Promise<Actor | null> {
    if (clicker.fromHome !== true) return clicker.channelId === req.channelId ? clicker : null;
    if (req.channelId === clicker.channelId) return clicker;
    if (!(await this.deps.access.maySeeChannel(clicker, req.channelId, { preview }))) return null;
    return { userId: clicker.userId, channelId: req.channelId };
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
