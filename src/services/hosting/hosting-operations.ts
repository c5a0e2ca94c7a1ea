/**
 * Destructive /hosting operations (domain reset, WordPress delete, SSH key
 * delete, SSH off): two steps. A request reads what will be lost and is stored
 * as a pending operation; then the requester's confirmation or, where the
 * policy asks, a second person's approval is decided on the one decision
 * machine, and the winner's click runs the one request, never repeated.
 */
import {
  type AnyObject,
  type HostingClient,
  holdsList,
  ORDER,
  sshKeysOf,
  WRITE,
  wordpressOf,
} from '../../provider/index.ts';
import type { OperationRow } from '../../store/index.ts';
import type { Actor, DestructiveHostingAction } from '../access/index.ts';
import type { Decision, DecisionMachine, DecisionStep, RequestBook } from '../decisions/index.ts';
import { classifyFailure, failureCode, isServiceError, ServiceError } from '../errors.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, HostingDeps, WriteResult } from './hosting-calls.ts';
import {
  isMailLoss,
  isMailRequest,
  type MailLoss,
  type MailRequest,
  mailLossOf,
  mailSubject,
  sendMail,
} from './mail-accounts.ts';
import {
  isMailRuleLoss,
  isMailRuleRequest,
  type MailRuleLoss,
  type MailRuleRequest,
  mailRuleLossOf,
  mailRuleSubject,
  sendMailRule,
} from './mail-rules.ts';
import {
  areaOf,
  isRecordLoss,
  isRecordRequest,
  type RecordLoss,
  type RecordRequest,
  recordLossOf,
  recordProblems,
  recordSubject,
  sendRecord,
} from './record-operations.ts';
import { checkFqdn, checkId } from './rules.ts';
import {
  isSiteLoss,
  isSiteRequest,
  type ResetType,
  type SiteLoss,
  type SiteRequest,
  sendSite,
  siteArea,
  siteLossOf,
  siteProblems,
  siteSubject,
} from './site-operations.ts';

export type DestructiveRequest =
  /** `type` is the reference's required field; a request stored before it was asked for resets `all`. */
  | { kind: 'hosting.domain_reset'; domain: string; type?: ResetType }
  | { kind: 'hosting.wp_delete'; id: string; deleteDb: boolean; deleteDbUser: boolean; deleteCron: boolean }
  | { kind: 'hosting.ssh_key_delete'; id: string }
  | { kind: 'hosting.ssh_off' }
  | RecordRequest
  | MailRequest
  | MailRuleRequest
  | SiteRequest;

/** What a destructive operation will take away, read before it is asked for. */
export type Loss =
  | {
      kind: 'hosting.domain_reset';
      domain: string;
      /** Absent in requests stored before the type was asked for: `all`. */
      type?: ResetType;
      url?: string;
      documentRoot?: string;
      sites: string[];
    }
  | {
      kind: 'hosting.wp_delete';
      id: string;
      /**
       * false when the site list shows no site of this id (its id field is not published: no refusal);
       * absent in requests stored before it was recorded.
       */
      listed?: boolean;
      url?: string;
      title?: string;
      deleteDb: boolean;
      deleteDbUser: boolean;
      deleteCron: boolean;
    }
  | { kind: 'hosting.ssh_key_delete'; id: string; label?: string; publicKey?: string }
  | { kind: 'hosting.ssh_off'; keys: number }
  | RecordLoss
  | MailLoss
  | MailRuleLoss
  | SiteLoss;

/**
 * What a click on a destructive operation's confirmation or approval came to:
 * the decision machine's answer, and when it was approved, what running it did.
 */
export type OperationOutcome =
  | Exclude<Decision<OperationRow>, { kind: 'approved' }>
  | { kind: 'done'; row: OperationRow; result: WriteResult }
  /** `error` is what the provider (or the client) threw: the Slack side words it. */
  | { kind: 'failed'; row: OperationRow; code: string; error: unknown }
  /** The request may have reached the provider; `check` is the read that shows whether it happened. */
  | { kind: 'unknown'; row: OperationRow; check: string };

// Each operation is a request on the decision machine: it waits (`pending`) for its requester's
// confirmation or, where the policy asks for a second person, for an approver, until it expires.
// Each move is one conditional UPDATE of the operations table.

/** What an operation's row says it will take away (stored when it was asked for). */
export function lossOf(op: OperationRow): Loss {
  return (op.params as { loss: Loss }).loss;
}

function operationBook(deps: HostingDeps): RequestBook<OperationRow> {
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

const DEFAULT_OPERATION_TTL_MS = 15 * 60_000;

export class HostingOperations {
  constructor(
    private readonly calls: HostingCalls,
    private readonly machine: DecisionMachine,
  ) {}

  /**
   * The operations waiting for a decision that concern this person, read from
   * the store alone: their own confirmations, the approvals they may give (as
   * a click would be judged, up to the roles), and their own requests waiting
   * for an approver. Expired ones are left out.
   */
  async waiting(
    actor: Actor,
  ): Promise<{ confirm: OperationRow[]; approve: OperationRow[]; own: OperationRow[] }> {
    const now = this.calls.deps.clock.now().getTime();
    const pending = await this.calls.deps.store.operations.listByState(['pending']);
    const book = operationBook(this.calls.deps);
    const out = { confirm: [] as OperationRow[], approve: [] as OperationRow[], own: [] as OperationRow[] };
    for (const op of pending) {
      if (op.expiresAt.getTime() <= now) continue;
      const mine = op.requesterId === actor.userId;
      if (!op.needsApproval) {
        if (mine && (await this.machine.mayDecide(book, actor, op, 'confirm'))) out.confirm.push(op);
      } else if (await this.machine.mayDecide(book, actor, op, 'approve')) out.approve.push(op);
      else if (mine) out.own.push(op);
    }
    return out;
  }

  /**
   * Asks for a destructive operation: checks who and where, reads what will
   * be lost, and stores the request as a pending operation. Nothing is sent
   * to the provider before the confirmation (or the approval) decides it.
   */
  async request(
    actor: Actor,
    named: string | undefined,
    req: DestructiveRequest,
  ): Promise<{ op: OperationRow; loss: Loss; needsApproval: boolean }> {
    const params = { ...req } as Record<string, unknown>;
    const { server, api } = await this.calls.begin(actor, req.kind, named, params);
    const problems = isRecordRequest(req)
      ? recordProblems(req)
      : isSiteRequest(req)
        ? siteProblems(req)
        : req.kind === 'hosting.domain_reset'
          ? checkFqdn(req.domain)
          : req.kind === 'hosting.wp_delete'
            ? checkId('wp_id', req.id)
            : req.kind === 'hosting.ssh_key_delete'
              ? checkId('key_id', req.id)
              : [];
    await this.calls.refuseInvalid(actor, req.kind, server, problems, params);
    const loss = await this.calls.read(() => this.lossOf(api, req), {
      actor,
      action: req.kind,
      server,
      params,
    });
    const needsApproval = this.calls.deps.access.needsSecondPerson(req.kind);
    const now = this.calls.deps.clock.now();
    const op = await this.calls.deps.store.operations.create({
      kind: req.kind,
      target: server,
      params: { request: { ...req }, loss: { ...loss } },
      requesterId: actor.userId,
      channelId: actor.channelId,
      needsApproval,
      expiresAt: new Date(now.getTime() + (this.calls.deps.operationTtlMs ?? DEFAULT_OPERATION_TTL_MS)),
    });
    this.calls.deps.homes?.refresh('everyone', 'operation');
    await this.calls.deps.audit.byActor(actor, `${req.kind}.request`, server, 'ok', {
      ...params,
      operation: op.id,
      needsApproval,
    });
    return { op, loss, needsApproval };
  }

  /** Reads what will be lost; a thing that does not exist is refused here, before anyone confirms it. */
  private async lossOf(api: HostingClient, req: DestructiveRequest): Promise<Loss> {
    if (isRecordRequest(req)) return recordLossOf(api, req);
    if (isMailRequest(req)) return mailLossOf(api, req);
    if (isMailRuleRequest(req)) return mailRuleLossOf(api, req);
    if (isSiteRequest(req)) return siteLossOf(api, req);
    switch (req.kind) {
      case 'hosting.domain_reset': {
        const domain = req.domain.trim();
        const detail = await api.getDomain(domain, WRITE);
        const sites = wordpressOf(await api.listWordpress({ domain }, WRITE));
        return {
          kind: req.kind,
          domain,
          type: req.type ?? 'all',
          ...(detail.url ? { url: detail.url } : {}),
          ...(detail.document_root ? { documentRoot: detail.document_root } : {}),
          sites: sites.flatMap((s) => (s.url ? [s.url] : [])),
        };
      }
      case 'hosting.wp_delete': {
        // The site's id is not a published field of the list: a site found by it is named, and one
        // not found is no refusal (the provider decides when it is sent; its 404 is explained).
        const site = wordpressOf(await api.listWordpress({}, WRITE)).find((s) => s.id === req.id.trim());
        return {
          kind: req.kind,
          id: req.id.trim(),
          listed: site !== undefined,
          ...(site?.url ? { url: site.url } : {}),
          ...(site?.title ? { title: site.title } : {}),
          deleteDb: req.deleteDb,
          deleteDbUser: req.deleteDbUser,
          deleteCron: req.deleteCron,
        };
      }
      case 'hosting.ssh_key_delete': {
        // `key_id` is published: a key the list does not hold is refused, when the answer holds a list.
        const keys = await api.listSshKeys(WRITE);
        const key = sshKeysOf(keys).find((k) => k.id === req.id.trim());
        if (!key && holdsList(keys, 'ssh_keys'))
          throw new ServiceError('hosting_not_found', { what: 'ssh_key', id: req.id });
        return {
          kind: req.kind,
          id: req.id.trim(),
          ...(key?.label ? { label: key.label } : {}),
          ...(key?.publicKey ? { publicKey: key.publicKey } : {}),
        };
      }
      case 'hosting.ssh_off':
        return { kind: req.kind, keys: sshKeysOf(await api.listSshKeys(WRITE)).length };
    }
  }

  /**
   * A click on the request: the requester's confirmation, a second person's
   * approval, or a no (rejected by an approver, withdrawn by the requester).
   * Decided on the one machine; an approval runs the operation at once.
   */
  async decide(actor: Actor, opId: string, step: DecisionStep): Promise<OperationOutcome> {
    const d = await this.machine.decide(operationBook(this.calls.deps), actor, { id: opId, step });
    return d.kind === 'approved' ? this.execute(actor, d.row) : d;
  }

  /** approved -> executing by one conditional UPDATE, then the one request; never repeated. */
  private async execute(actor: Actor, op: OperationRow): Promise<OperationOutcome> {
    const { store, homes } = this.calls.deps;
    // Each step of running it is on its requester's Home.
    const onHome = (r: { won: boolean }) => {
      if (r.won) homes?.refresh([op.requesterId], 'operation');
    };
    const claim = await store.operations.transition(op.id, ['approved'], 'executing');
    onHome(claim);
    if (!claim.won) return { kind: 'already_handled', row: claim.row ?? op };
    const { request: req, loss } = op.params as { request: DestructiveRequest; loss: Loss };
    // What the decider's click executes, made for them (it goes at ORDER priority, never refused).
    const api = this.calls.deps.provider.hosting(op.target, actor);
    const requester = { userId: op.requesterId, channelId: op.channelId };
    const params = { ...req, operation: op.id, approver: actor.userId };
    try {
      // A DNS record's or cron job's refusal is said for its area.
      const refused = isRecordRequest(req)
        ? areaRejection(areaOf(req.kind))
        : isMailRuleRequest(req)
          ? areaRejection('mail_rules')
          : isSiteRequest(req)
            ? areaRejection(siteArea(req.kind))
            : undefined;
      await this.calls.write(
        requester,
        req.kind,
        op.target,
        params,
        () => this.send(api, req, loss),
        refused,
      );
    } catch (err) {
      if (isServiceError(err) && err.problem.code === 'hosting_outcome_unknown') {
        const r = await store.operations.transition(op.id, ['executing'], 'unknown', {
          errorCode: 'OUTCOME_UNKNOWN',
        });
        onHome(r);
        return { kind: 'unknown', row: r.row ?? op, check: err.problem.params.check };
      }
      const code = failureCode(classifyFailure(err));
      const r = await store.operations.transition(op.id, ['executing'], 'failed', { errorCode: code });
      onHome(r);
      return { kind: 'failed', row: r.row ?? op, code, error: err };
    }
    const r = await store.operations.transition(op.id, ['executing'], 'done');
    onHome(r);
    return {
      kind: 'done',
      row: r.row ?? op,
      result: {
        server: op.target,
        action: req.kind,
        subject: isRecordLoss(loss)
          ? recordSubject(loss)
          : isMailLoss(loss)
            ? mailSubject(loss)
            : isMailRuleLoss(loss)
              ? mailRuleSubject(loss)
              : isSiteLoss(loss)
                ? siteSubject(loss)
                : subjectOf(req),
      },
    };
  }

  private send(api: HostingClient, req: DestructiveRequest, loss: Loss): Promise<AnyObject> {
    if (isRecordRequest(req)) return sendRecord(api, req, isRecordLoss(loss) ? loss : undefined);
    if (isMailRequest(req)) return sendMail(api, req);
    if (isMailRuleRequest(req)) return sendMailRule(api, req);
    if (isSiteRequest(req)) return sendSite(api, req, isSiteLoss(loss) ? loss : undefined);
    switch (req.kind) {
      case 'hosting.domain_reset':
        return api.resetDomain(req.domain.trim(), req.type ?? 'all', ORDER);
      case 'hosting.wp_delete':
        return api.deleteWordpress(
          req.id.trim(),
          { delete_db: req.deleteDb, delete_db_user: req.deleteDbUser, delete_cron: req.deleteCron },
          ORDER,
        );
      case 'hosting.ssh_key_delete':
        return api.deleteSshKey(req.id.trim(), ORDER);
      case 'hosting.ssh_off':
        return api.setSsh(false, ORDER);
    }
  }

  /** A request whose approval message could not be posted: nobody could decide it, so it ends here. */
  async withdraw(opId: string): Promise<void> {
    const r = await this.calls.deps.store.operations.transition(opId, ['pending'], 'cancelled', {
      errorCode: 'NOT_POSTED',
    });
    if (r.won) this.calls.deps.homes?.refresh('everyone', 'operation decided');
  }

  /** Records where the confirmation or approval message is, so the outcome can replace it. */
  async attachMessage(opId: string, messageTs: string): Promise<void> {
    await this.calls.deps.store.operations.setMessage(opId, messageTs);
  }

  /** Pending and approved operations past their expiry become `expired` (the sweep redraws their messages). */
  async expireDue(): Promise<OperationRow[]> {
    const expired = await this.calls.deps.store.operations.expireDue(this.calls.deps.clock.now());
    if (expired.length > 0) this.calls.deps.homes?.refresh('everyone', 'operations expired');
    return expired;
  }
}

function subjectOf(req: DestructiveRequest): string {
  if (isRecordRequest(req))
    return req.kind === 'hosting.ssl_delete'
      ? req.commonName.trim()
      : req.kind === 'hosting.ftp_delete'
        ? req.account.trim()
        : req.id.trim();
  if (isMailRequest(req)) return req.address.trim();
  if (isMailRuleRequest(req)) return req.id.trim();
  if (isSiteRequest(req)) return '';
  switch (req.kind) {
    case 'hosting.domain_reset':
      return req.domain.trim();
    case 'hosting.wp_delete':
    case 'hosting.ssh_key_delete':
      return req.id.trim();
    case 'hosting.ssh_off':
      return '';
  }
}
