/**
 * The /hosting use cases: every row of hosting-api.md's endpoint table, for
 * the server the command names (or the key's only one), by the people the
 * access policy allows, with the input checked by the rules before anything
 * is sent. Knows nothing of Slack: plain data in, plain data out,
 * ServiceError (or the provider's own errors) thrown.
 *
 * Hosting writes carry no Idempotency-Key, so none is ever repeated by us:
 * when the connection fails after the request may have reached the provider,
 * the answer says so and names the read that shows whether it happened.
 * Destructive operations (domain reset, WordPress delete, SSH key delete, SSH
 * off) are two steps: a request stored as a pending operation, then the
 * requester's confirmation or, where the policy asks, a second person's
 * approval, decided by one conditional UPDATE like a paid signup's.
 */
import type { Clock } from '../../clock.ts';
import type { Logger, SecretRegistry } from '../../log.ts';
import {
  type AnyObject,
  type HostingClient,
  type HostingDomain,
  type HostingServerInfo,
  type ProviderClient,
  ProviderError,
  ProviderNetworkError,
  toAsciiDomain,
} from '../../provider/index.ts';
import type { AuditRow, OperationRow, Store } from '../../store/index.ts';
import type { AccessService, Actor, DestructiveHostingAction, HostingAction } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { classifyFailure, failureCode, ServiceError } from '../errors.ts';
import type { FairUse } from '../fair-use.ts';
import {
  createdName,
  type DomainItem,
  domainsOf,
  logLinesOf,
  type SshKeyItem,
  type SshState,
  sshKeysOf,
  sshStateOf,
  subdomainsOf,
  type WordpressItem,
  wordpressOf,
} from './answers.ts';
import {
  checkDatabaseForm,
  checkDatabaseUserForm,
  checkFqdn,
  checkGrant,
  checkId,
  checkLabel,
  checkLines,
  checkSshKeyForm,
  checkWordpressForm,
  type DatabaseForm,
  type DatabaseUserForm,
  HOSTING_LIMITS,
  type HostingFieldProblem,
  type SshKeyForm,
  type WordpressForm,
} from './rules.ts';

export * from './answers.ts';
export * from './rules.ts';

export interface HostingDeps {
  provider: Pick<ProviderClient, 'hosting'>;
  store: {
    operations: Pick<Store['operations'], 'create' | 'get' | 'transition' | 'setMessage' | 'expireDue'>;
    audit: Pick<Store['audit'], 'latest'>;
  };
  access: Pick<
    AccessService,
    'authorize' | 'decide' | 'hostingServer' | 'needsSecondPerson' | 'keyScope' | 'capabilities'
  >;
  audit: Audit;
  clock: Clock;
  /** The logger's secret registry: typed passwords and generated keys are scrubbed from every log line. */
  secrets: Pick<SecretRegistry, 'add' | 'delete'>;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** How long a confirmation or an approval may wait. Default 15 minutes. */
  operationTtlMs?: number;
  /** The policy's `approvals.allow_self`: may a requester who is an approver approve their own request? */
  allowSelfApproval?: boolean;
  /** Each person's budget of provider-spending commands (never asked for confirmations and approvals). */
  fairUse?: Pick<FairUse, 'spend'>;
}

// Who waits on each call (the gate's priorities): a person's read, a person's change (and the
// reads that belong to it), an operation someone approved or confirmed.
const READ = { priority: 'read' } as const;
const WRITE = { priority: 'write' } as const;
const ORDER = { priority: 'order' } as const;

/** The read that shows whether a write whose answer was lost happened. */
const CHECK_WITH: Partial<Record<HostingAction, string>> = {
  'hosting.domain_add': 'domains',
  'hosting.domain_reset': 'domain',
  'hosting.subdomain_add': 'subdomains',
  'hosting.wp_install': 'wp',
  'hosting.wp_delete': 'wp',
  'hosting.db_create': 'usage',
  'hosting.db_user_create': 'usage',
  'hosting.db_grant': 'usage',
  'hosting.ssh_on': 'ssh',
  'hosting.ssh_off': 'ssh',
  'hosting.ssh_key_add': 'ssh keys',
  'hosting.ssh_key_generate': 'ssh keys',
  'hosting.ssh_key_delete': 'ssh keys',
};

export interface OnServer<T> {
  server: string;
  value: T;
}

export type ServersAnswer = { servers: readonly string[] } | { all: true };

export interface DomainDetail {
  domain: HostingDomain;
  /** When SSL failed because the domain is not on the service's name servers: the ones to set. */
  nameServers: string[] | undefined;
}

export interface ErrorLogPage {
  domain: string;
  lines: string[];
}

export interface WriteResult {
  server: string;
  action: HostingAction;
  /** What was done, for the announcement (never a secret). */
  subject: string;
  /** A name the provider gave what it made (a database, a key id), when it said. */
  created?: string | undefined;
  /**
   * SSL was asked for but the provider answered `failed_nameserver`: the
   * domain whose name servers must change, and the server's own to set.
   */
  sslAdvice?: { domain: string; nameServers: string[] } | undefined;
}

export type DestructiveRequest =
  | { kind: 'hosting.domain_reset'; domain: string }
  | { kind: 'hosting.wp_delete'; id: string; deleteDb: boolean; deleteDbUser: boolean; deleteCron: boolean }
  | { kind: 'hosting.ssh_key_delete'; id: string }
  | { kind: 'hosting.ssh_off' };

/** What a destructive operation will take away, read before it is asked for. */
export type Loss =
  | { kind: 'hosting.domain_reset'; domain: string; url?: string; documentRoot?: string; sites: string[] }
  | {
      kind: 'hosting.wp_delete';
      id: string;
      url?: string;
      title?: string;
      deleteDb: boolean;
      deleteDbUser: boolean;
      deleteCron: boolean;
    }
  | { kind: 'hosting.ssh_key_delete'; id: string; label?: string; publicKey?: string }
  | { kind: 'hosting.ssh_off'; keys: number };

export type DecisionResult =
  | { kind: 'done'; op: OperationRow; result: WriteResult }
  /** `error` is what the provider (or the client) threw: the Slack side words it. */
  | { kind: 'failed'; op: OperationRow; code: string; error: unknown }
  /** The request may have reached the provider; `check` is the read that shows whether it happened. */
  | { kind: 'unknown'; op: OperationRow; check: string }
  | { kind: 'rejected'; op: OperationRow }
  | {
      kind: 'refused';
      reason: 'not_found' | 'not_requester' | 'needs_approval' | 'self_approval';
      op?: OperationRow;
    }
  | { kind: 'forbidden'; error: ServiceError; op: OperationRow }
  | { kind: 'expired'; op: OperationRow }
  | { kind: 'already_handled'; op: OperationRow };

const DEFAULT_OPERATION_TTL_MS = 15 * 60_000;

function invalid(problems: readonly HostingFieldProblem[]): ServiceError | null {
  const p = problems[0];
  if (!p) return null;
  return new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
}

/**
 * A request the provider looked at and refused (400, 404, 409, 422), read or
 * write: its code and its own words (field and reason in `errors`, what it did
 * not find), which say more than the code and, unlike the shared sentences
 * written for /vps, point at /hosting. Auth, permission, rate limits and
 * server errors keep their own sentences.
 */
function rejection(err: unknown): unknown {
  // Not reached at all (a write that may have been is answered before this): nothing changed.
  if (err instanceof ProviderNetworkError) return new ServiceError('hosting_unreachable');
  if (!(err instanceof ProviderError) || ![400, 404, 409, 422].includes(err.status)) return err;
  // The sentence ends the provider's words itself: drop their own final stop.
  const message = [err.providerMessage, ...err.details]
    .filter((s) => s !== '')
    .join(' / ')
    .replace(/[。.\s]+$/u, '');
  if (message === '') return err;
  return new ServiceError('hosting_rejected', {
    code: err.code,
    message: [...message].slice(0, 500).join(''),
  });
}

const isHostingWrite = (a: HostingAction): boolean => CHECK_WITH[a] !== undefined;

export class HostingService {
  constructor(private readonly deps: HostingDeps) {}

  // ------------------------------------------------------------ the server, access and audit

  /**
   * Who may do this, on which server: the role and the key (the access
   * policy), the person's budget of commands, then the server (named, or the
   * key's only one). A refusal of a write is audited; nothing is sent before
   * all of it holds.
   */
  private async begin(
    actor: Actor,
    action: HostingAction,
    named: string | undefined,
    params: Record<string, unknown> = {},
  ): Promise<{ server: string; api: HostingClient }> {
    // A server's name is its initial domain: anything else names no server, and is refused as typed.
    const nameProblems = named === undefined ? [] : checkFqdn(named, 'server');
    try {
      await this.deps.access.authorize(actor, action);
      this.deps.fairUse?.spend(actor.userId);
      const badName = invalid(nameProblems);
      if (badName) throw badName;
      const server = await this.deps.access.hostingServer(named);
      return { server, api: this.deps.provider.hosting(server) };
    } catch (err) {
      // Audited against the server it would have been, when the key names one.
      const target =
        named === undefined
          ? await this.deps.access.hostingServer(undefined).catch(() => null)
          : nameProblems.length === 0
            ? named
            : null;
      await this.deps.audit.byActor(
        actor,
        action,
        target,
        'refused',
        params,
        failureCode(classifyFailure(err)),
      );
      throw err;
    }
  }

  /** Checks input problems, auditing the refusal of a write. */
  private async refuseInvalid(
    actor: Actor,
    action: HostingAction,
    server: string,
    problems: readonly HostingFieldProblem[],
    params: Record<string, unknown>,
  ): Promise<void> {
    const err = invalid(problems);
    if (!err) return;
    if (isHostingWrite(action))
      await this.deps.audit.byActor(actor, action, server, 'refused', params, 'invalid_field');
    throw err;
  }

  /**
   * Runs one write: never repeated, audited either way. A lost answer after
   * the request may have reached the provider becomes `hosting_outcome_unknown`
   * naming the read that tells. A refusal is worded by `refused` (the
   * provider's own words by default).
   */
  private async write<T>(
    actor: Actor,
    action: HostingAction,
    server: string,
    params: Record<string, unknown>,
    call: () => Promise<T>,
    refused: (err: unknown) => unknown = rejection,
  ): Promise<T> {
    try {
      const answer = await call();
      await this.deps.audit.byActor(actor, action, server, 'ok', params);
      return answer;
    } catch (err) {
      const maybe = err instanceof ProviderNetworkError && err.mayHaveReachedServer;
      await this.deps.audit.byActor(
        actor,
        action,
        server,
        'failed',
        params,
        maybe ? 'OUTCOME_UNKNOWN' : failureCode(classifyFailure(err)),
      );
      if (maybe) {
        throw new ServiceError('hosting_outcome_unknown', {
          server,
          check: `/hosting ${server} ${CHECK_WITH[action]}`,
        });
      }
      throw await refused(err);
    }
  }

  /** A read for a person: a refusal by the provider is answered in its own words. */
  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw rejection(err);
    }
  }

  /** The name servers to set when SSL failed on them (the spec's advice), else nothing. */
  private async sslAdvice(
    api: HostingClient,
    answer: AnyObject,
    domain: string,
  ): Promise<WriteResult['sslAdvice']> {
    if (answer.ssl_status !== 'failed_nameserver') return undefined;
    const info = await api.serverInfo(WRITE).catch(() => undefined);
    return { domain, nameServers: info?.name_servers ?? [] };
  }

  // ------------------------------------------------------------ reads

  /** The servers the key covers (`all`: every server of the account, named by the user). */
  async servers(actor: Actor): Promise<ServersAnswer> {
    await this.deps.access.authorize(actor, 'hosting.servers');
    const key = await this.deps.access.keyScope();
    if (!key.hosting.available) throw new ServiceError('key_no_server');
    return key.hosting.servers ? { servers: key.hosting.servers } : { all: true };
  }

  async info(actor: Actor, named: string | undefined): Promise<OnServer<HostingServerInfo>> {
    const { server, api } = await this.begin(actor, 'hosting.info', named);
    return { server, value: await this.read(() => api.serverInfo(READ)) };
  }

  async usage(actor: Actor, named: string | undefined): Promise<OnServer<AnyObject>> {
    const { server, api } = await this.begin(actor, 'hosting.usage', named);
    return { server, value: await this.read(() => api.usage(READ)) };
  }

  async domains(actor: Actor, named: string | undefined): Promise<OnServer<DomainItem[]>> {
    const { server, api } = await this.begin(actor, 'hosting.domains', named);
    return { server, value: domainsOf(await this.read(() => api.listDomains(READ))) };
  }

  async domain(actor: Actor, named: string | undefined, domain: string): Promise<OnServer<DomainDetail>> {
    const { server, api } = await this.begin(actor, 'hosting.domain', named);
    await this.refuseInvalid(actor, 'hosting.domain', server, checkFqdn(domain), { domain });
    const detail = await this.read(() => api.getDomain(domain.trim(), READ));
    // The spec's advice for this state names the server's name servers: read them for the answer.
    const nameServers =
      detail.ssl_status === 'failed_nameserver'
        ? ((await api.serverInfo(READ).catch(() => undefined))?.name_servers ?? [])
        : undefined;
    return { server, value: { domain: detail, nameServers } };
  }

  async subdomains(actor: Actor, named: string | undefined): Promise<OnServer<DomainItem[]>> {
    const { server, api } = await this.begin(actor, 'hosting.subdomains', named);
    return { server, value: subdomainsOf(await this.read(() => api.listSubdomains(READ))) };
  }

  async wordpress(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<WordpressItem[]>> {
    const { server, api } = await this.begin(actor, 'hosting.wp', named);
    if (domain !== undefined)
      await this.refuseInvalid(actor, 'hosting.wp', server, checkFqdn(domain), { domain });
    const q = domain === undefined ? {} : { domain: domain.trim() };
    return { server, value: wordpressOf(await this.read(() => api.listWordpress(q, READ))) };
  }

  async ssh(actor: Actor, named: string | undefined): Promise<OnServer<SshState>> {
    const { server, api } = await this.begin(actor, 'hosting.ssh', named);
    return { server, value: sshStateOf(await this.read(() => api.getSsh(READ))) };
  }

  async sshKeys(actor: Actor, named: string | undefined): Promise<OnServer<SshKeyItem[]>> {
    const { server, api } = await this.begin(actor, 'hosting.ssh_keys', named);
    return { server, value: sshKeysOf(await this.read(() => api.listSshKeys(READ))) };
  }

  async errorLog(
    actor: Actor,
    named: string | undefined,
    domain: string,
    lines: number | undefined,
  ): Promise<OnServer<ErrorLogPage>> {
    const { server, api } = await this.begin(actor, 'hosting.errorlog', named, { domain });
    await this.refuseInvalid(
      actor,
      'hosting.errorlog',
      server,
      [...checkFqdn(domain), ...checkLines(lines)],
      {
        domain,
      },
    );
    const log = await this.read(() =>
      api.errorLog({ domain: domain.trim(), lines: lines ?? HOSTING_LIMITS.linesDefault }, READ),
    );
    return { server, value: { domain: domain.trim(), lines: logLinesOf(log.log) } };
  }

  /** The audit trail of this server's hosting changes and refusals, newest first. */
  async audit(actor: Actor, named: string | undefined): Promise<OnServer<AuditRow[]>> {
    const { server } = await this.begin(actor, 'hosting.audit', named);
    const rows = await this.deps.store.audit.latest({ target: server, limit: 20 });
    return { server, value: rows.filter((r) => r.action.startsWith('hosting.')) };
  }

  // ------------------------------------------------------------ writes

  async addDomain(
    actor: Actor,
    named: string | undefined,
    input: { domain: string; ssl: boolean; redirectHttps: boolean },
  ): Promise<WriteResult> {
    const action = 'hosting.domain_add';
    const params = { domain: input.domain, ssl: input.ssl, redirectHttps: input.redirectHttps };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkFqdn(input.domain), params);
    const domain = input.domain.trim();
    // A refusal is worded from the provider's own error: most often, ownership not proven yet.
    const answer = await this.write(
      actor,
      action,
      server,
      params,
      () => api.addDomain({ domain, ssl: input.ssl, redirect_https: input.redirectHttps }, WRITE),
      (err) => this.domainRefusal(api, domain, err),
    );
    return { server, action, subject: domain, sslAdvice: await this.sslAdvice(api, answer, domain) };
  }

  /**
   * A domain the provider would not add: most often its ownership is not
   * proven yet. The answer names the exact TXT record (spec: `_service-verify.<domain>`
   * with the server's `domain_validation_token`) and keeps the provider's own message.
   */
  private async domainRefusal(api: HostingClient, domain: string, err: unknown): Promise<unknown> {
    if (!(err instanceof ProviderError) || err.status < 400 || err.status >= 500) return rejection(err);
    if (err.status === 401 || err.status === 403 || err.status === 429) return err;
    const token = (await api.serverInfo(WRITE).catch(() => undefined))?.domain_validation_token;
    const message = [err.providerMessage, ...err.details]
      .filter((s) => s !== '')
      .join(' / ')
      .slice(0, 500);
    return new ServiceError('hosting_domain_refused', {
      domain,
      // DNS holds a Japanese name in Punycode: the record to set is named as DNS names it.
      record: `_service-verify.${toAsciiDomain(domain)}`,
      token: token ?? '',
      code: err.code,
      message,
    });
  }

  async addSubdomain(
    actor: Actor,
    named: string | undefined,
    input: { subdomain: string; ssl: boolean },
  ): Promise<WriteResult> {
    const action = 'hosting.subdomain_add';
    const params = { subdomain: input.subdomain, ssl: input.ssl };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkFqdn(input.subdomain, 'subdomain'), params);
    const subdomain = input.subdomain.trim();
    const answer = await this.write(actor, action, server, params, () =>
      api.addSubdomain({ subdomain, ssl: input.ssl }, WRITE),
    );
    // The name servers are the parent domain's to change (the answer names it).
    const parent = typeof answer.domain === 'string' && answer.domain !== '' ? answer.domain : subdomain;
    return { server, action, subject: subdomain, sslAdvice: await this.sslAdvice(api, answer, parent) };
  }

  /** Checks a form's values (as typed) without calling anything, for the modal's inline errors. */
  checkForm(
    kind: 'wp_install' | 'db_create' | 'db_user_create' | 'ssh_key_add',
    values: Readonly<Record<string, string>>,
  ): HostingFieldProblem[] {
    const v = (k: string): string => values[k] ?? '';
    switch (kind) {
      case 'wp_install':
        return checkWordpressForm({
          url: v('url'),
          title: v('title'),
          admin_username: v('admin_username'),
          admin_password: v('admin_password'),
          admin_email: v('admin_email'),
        });
      case 'db_create':
        return checkDatabaseForm({ name_suffix: v('name_suffix'), character_set: v('character_set') });
      case 'db_user_create':
        return checkDatabaseUserForm({ name_suffix: v('name_suffix'), password: v('password') });
      case 'ssh_key_add':
        return checkSshKeyForm({ public_key: v('public_key'), label: v('label') });
    }
  }

  /** Whether this person may open a form for this write here (so a form is not filled in vain). */
  async mayWrite(actor: Actor, action: HostingAction, named: string | undefined): Promise<string> {
    return (await this.begin(actor, action, named, { form: true })).server;
  }

  /** One WordPress site, for the delete form to name what it deletes (the form is a write attempt). */
  async wordpressSite(
    actor: Actor,
    named: string | undefined,
    id: string,
  ): Promise<WordpressItem & { id: string }> {
    const action = 'hosting.wp_delete';
    const { server, api } = await this.begin(actor, action, named, { id, form: true });
    await this.refuseInvalid(actor, action, server, checkId('wp_id', id), { id });
    const site = wordpressOf(await this.read(() => api.listWordpress({}, WRITE))).find(
      (s) => s.id === id.trim(),
    );
    if (!site) throw new ServiceError('hosting_not_found', { what: 'wp', id });
    return { ...site, id: id.trim() };
  }

  async installWordpress(actor: Actor, named: string | undefined, form: WordpressForm): Promise<WriteResult> {
    const action = 'hosting.wp_install';
    const params = {
      url: form.url.trim(),
      title: form.title.trim(),
      admin_username: form.admin_username.trim(),
    };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkWordpressForm(form), params);
    // Accepted: from here until it is sent, no log line may carry it.
    this.deps.secrets.add(form.admin_password);
    try {
      const answer = await this.write(actor, action, server, params, () =>
        api.installWordpress(
          {
            url: form.url.trim(),
            title: form.title.trim(),
            admin_username: form.admin_username.trim(),
            admin_password: form.admin_password,
            admin_email: form.admin_email.trim(),
          },
          WRITE,
        ),
      );
      return { server, action, subject: form.url.trim(), created: createdName(answer, 'id', 'wp_id') };
    } finally {
      this.deps.secrets.delete(form.admin_password);
    }
  }

  async createDatabase(actor: Actor, named: string | undefined, form: DatabaseForm): Promise<WriteResult> {
    const action = 'hosting.db_create';
    const params = { name_suffix: form.name_suffix.trim(), character_set: form.character_set.trim() };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkDatabaseForm(form), params);
    const answer = await this.write(actor, action, server, params, () =>
      api.createDatabase(
        {
          name_suffix: params.name_suffix,
          ...(params.character_set === '' ? {} : { character_set: params.character_set }),
        },
        WRITE,
      ),
    );
    return { server, action, subject: params.name_suffix, created: createdName(answer, 'db_name', 'name') };
  }

  async createDatabaseUser(
    actor: Actor,
    named: string | undefined,
    form: DatabaseUserForm,
  ): Promise<WriteResult> {
    const action = 'hosting.db_user_create';
    const params = { name_suffix: form.name_suffix.trim() };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkDatabaseUserForm(form), params);
    this.deps.secrets.add(form.password);
    try {
      const answer = await this.write(actor, action, server, params, () =>
        api.createDatabaseUser({ name_suffix: params.name_suffix, password: form.password }, WRITE),
      );
      return { server, action, subject: params.name_suffix, created: createdName(answer, 'db_user', 'name') };
    } finally {
      this.deps.secrets.delete(form.password);
    }
  }

  async grantDatabase(
    actor: Actor,
    named: string | undefined,
    dbUser: string,
    dbName: string,
  ): Promise<WriteResult> {
    const action = 'hosting.db_grant';
    const params = { db_user: dbUser, db_name: dbName };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkGrant(dbUser, dbName), params);
    await this.write(actor, action, server, params, () => api.grantDatabase(dbUser, dbName, WRITE));
    return { server, action, subject: `${dbUser} → ${dbName}` };
  }

  async sshOn(actor: Actor, named: string | undefined): Promise<WriteResult> {
    const action = 'hosting.ssh_on';
    const { server, api } = await this.begin(actor, action, named);
    await this.write(actor, action, server, { ssh_enabled: true }, () => api.setSsh(true, WRITE));
    return { server, action, subject: server };
  }

  async addSshKey(actor: Actor, named: string | undefined, form: SshKeyForm): Promise<WriteResult> {
    const action = 'hosting.ssh_key_add';
    const params = { label: form.label.trim() };
    const { server, api } = await this.begin(actor, action, named, params);
    await this.refuseInvalid(actor, action, server, checkSshKeyForm(form), params);
    const answer = await this.write(actor, action, server, params, () =>
      api.addSshKey({ public_key: form.public_key.trim(), label: params.label }, WRITE),
    );
    return { server, action, subject: params.label, created: createdName(answer, 'key_id') };
  }

  /**
   * A key pair made by the provider. The private key comes back this once: it
   * is registered with the log scrubber at once and returned for the
   * requester's eyes alone; it is never stored, audited or logged.
   */
  async generateSshKey(
    actor: Actor,
    named: string | undefined,
    label: string | undefined,
  ): Promise<WriteResult & { privateKey: string | undefined; publicKey: string | undefined }> {
    const action = 'hosting.ssh_key_generate';
    const params = label === undefined ? {} : { label: label.trim() };
    const { server, api } = await this.begin(actor, action, named, params);
    if (label !== undefined) await this.refuseInvalid(actor, action, server, checkLabel(label), params);
    const answer = await this.write(actor, action, server, params, () =>
      api.addSshKey({ generate: true, ...(label === undefined ? {} : { label: label.trim() }) }, WRITE),
    );
    const privateKey = typeof answer.private_key === 'string' ? answer.private_key : undefined;
    this.deps.secrets.add(privateKey);
    return {
      server,
      action,
      subject: label?.trim() ?? '',
      created: createdName(answer, 'key_id'),
      privateKey,
      publicKey: typeof answer.public_key === 'string' ? answer.public_key : undefined,
    };
  }

  /** Forgets a generated private key once it has been shown. */
  forgetSecret(value: string | undefined): void {
    this.deps.secrets.delete(value);
  }

  // ------------------------------------------------------------ destructive: request, confirm, approve

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
    const { server, api } = await this.begin(actor, req.kind, named, params);
    const problems =
      req.kind === 'hosting.domain_reset'
        ? checkFqdn(req.domain)
        : req.kind === 'hosting.wp_delete'
          ? checkId('wp_id', req.id)
          : req.kind === 'hosting.ssh_key_delete'
            ? checkId('key_id', req.id)
            : [];
    await this.refuseInvalid(actor, req.kind, server, problems, params);
    const loss = await this.read(() => this.lossOf(api, req));
    const needsApproval = this.deps.access.needsSecondPerson(req.kind);
    const now = this.deps.clock.now();
    const op = await this.deps.store.operations.create({
      kind: req.kind,
      target: server,
      params: { request: { ...req }, loss: { ...loss } },
      requesterId: actor.userId,
      channelId: actor.channelId,
      needsApproval,
      expiresAt: new Date(now.getTime() + (this.deps.operationTtlMs ?? DEFAULT_OPERATION_TTL_MS)),
    });
    await this.deps.audit.byActor(actor, `${req.kind}.request`, server, 'ok', {
      ...params,
      operation: op.id,
      needsApproval,
    });
    return { op, loss, needsApproval };
  }

  /** Reads what will be lost; a thing that does not exist is refused here, before anyone confirms it. */
  private async lossOf(api: HostingClient, req: DestructiveRequest): Promise<Loss> {
    switch (req.kind) {
      case 'hosting.domain_reset': {
        const domain = req.domain.trim();
        const detail = await api.getDomain(domain, WRITE);
        const sites = wordpressOf(await api.listWordpress({ domain }, WRITE));
        return {
          kind: req.kind,
          domain,
          ...(detail.url ? { url: detail.url } : {}),
          ...(detail.document_root ? { documentRoot: detail.document_root } : {}),
          sites: sites.flatMap((s) => (s.url ? [s.url] : [])),
        };
      }
      case 'hosting.wp_delete': {
        const site = wordpressOf(await api.listWordpress({}, WRITE)).find((s) => s.id === req.id.trim());
        if (!site) throw new ServiceError('hosting_not_found', { what: 'wp', id: req.id });
        return {
          kind: req.kind,
          id: req.id.trim(),
          ...(site.url ? { url: site.url } : {}),
          ...(site.title ? { title: site.title } : {}),
          deleteDb: req.deleteDb,
          deleteDbUser: req.deleteDbUser,
          deleteCron: req.deleteCron,
        };
      }
      case 'hosting.ssh_key_delete': {
        const key = sshKeysOf(await api.listSshKeys(WRITE)).find((k) => k.id === req.id.trim());
        if (!key) throw new ServiceError('hosting_not_found', { what: 'ssh_key', id: req.id });
        return {
          kind: req.kind,
          id: req.id.trim(),
          ...(key.label ? { label: key.label } : {}),
          ...(key.publicKey ? { publicKey: key.publicKey } : {}),
        };
      }
      case 'hosting.ssh_off':
        return { kind: req.kind, keys: sshKeysOf(await api.listSshKeys(WRITE)).length };
    }
  }

  /** A click that decides nothing, audited like every refusal (a paid signup's approval does the same). */
  private async refusedClick(
    actor: Actor,
    op: OperationRow,
    reason: 'not_requester' | 'needs_approval' | 'self_approval',
  ): Promise<DecisionResult> {
    await this.deps.audit.byActor(
      actor,
      `${op.kind}.decide`,
      op.target,
      'refused',
      { operation: op.id },
      reason,
    );
    return { kind: 'refused', reason, op };
  }

  /**
   * A click is honoured only in the channel the request was made in (where
   * its confirmation or approval request was posted); anywhere else it is
   * audited and refused. Null when the click is where it belongs.
   */
  private async refusedElsewhere(
    actor: Actor,
    op: OperationRow,
    step: 'decide' | 'reject',
  ): Promise<DecisionResult | null> {
    if (actor.channelId === op.channelId) return null;
    const error = new ServiceError('approval_wrong_channel');
    await this.deps.audit.byActor(
      actor,
      `${op.kind}.${step}`,
      op.target,
      'refused',
      { operation: op.id },
      error.code,
    );
    return { kind: 'forbidden', error, op };
  }

  /** The requester's own confirmation (when no second person is needed): re-checks the role now. */
  async confirm(actor: Actor, opId: string): Promise<DecisionResult> {
    const op = await this.deps.store.operations.get(opId);
    if (!op) return { kind: 'refused', reason: 'not_found' };
    const elsewhere = await this.refusedElsewhere(actor, op, 'decide');
    if (elsewhere) return elsewhere;
    if (op.requesterId !== actor.userId) return this.refusedClick(actor, op, 'not_requester');
    if (op.needsApproval) return this.refusedClick(actor, op, 'needs_approval');
    return this.decide(actor, op, op.kind as DestructiveHostingAction);
  }

  /** A second person's approval: an approver (read live), not the requester unless the policy allows it. */
  async approve(actor: Actor, opId: string): Promise<DecisionResult> {
    const op = await this.deps.store.operations.get(opId);
    if (!op) return { kind: 'refused', reason: 'not_found' };
    const elsewhere = await this.refusedElsewhere(actor, op, 'decide');
    if (elsewhere) return elsewhere;
    if (op.requesterId === actor.userId && !this.deps.allowSelfApproval)
      return this.refusedClick(actor, op, 'self_approval');
    return this.decide(actor, op, 'hosting.approve');
  }

  private async decide(actor: Actor, op: OperationRow, action: HostingAction): Promise<DecisionResult> {
    const { refusal } = await this.deps.access.decide(actor, action);
    // The operation itself is decided on current facts too: the requester must still hold its role.
    const theirs = refusal
      ? null
      : (
          await this.deps.access.decide(
            { userId: op.requesterId, channelId: op.channelId },
            op.kind as DestructiveHostingAction,
          )
        ).refusal;
    // Told to an approver, the requester's missing role is theirs, not the approver's.
    const still =
      refusal ??
      (theirs?.code === 'role_required' && actor.userId !== op.requesterId
        ? new ServiceError('hosting_requester_role', { user: op.requesterId })
        : theirs);
    if (still) {
      await this.deps.audit.byActor(
        actor,
        `${op.kind}.decide`,
        op.target,
        'refused',
        { operation: op.id },
        still.code,
      );
      return { kind: 'forbidden', error: still, op };
    }
    const r = await this.deps.store.operations.transition(
      op.id,
      ['pending'],
      'approved',
      { approverId: actor.userId },
      { unexpired: true },
    );
    if (!r.won) {
      const now = r.row ?? op;
      if (now.state === 'pending' && now.expiresAt.getTime() <= this.deps.clock.now().getTime()) {
        const expired = await this.deps.store.operations.transition(op.id, ['pending'], 'expired');
        return { kind: 'expired', op: expired.row ?? now };
      }
      return now.state === 'expired' ? { kind: 'expired', op: now } : { kind: 'already_handled', op: now };
    }
    return this.execute(actor, r.row);
  }

  /** Rejected by an approver, or withdrawn by the requester. */
  async reject(actor: Actor, opId: string): Promise<DecisionResult> {
    const op = await this.deps.store.operations.get(opId);
    if (!op) return { kind: 'refused', reason: 'not_found' };
    const elsewhere = await this.refusedElsewhere(actor, op, 'reject');
    if (elsewhere) return elsewhere;
    if (op.requesterId !== actor.userId) {
      const { refusal } = await this.deps.access.decide(actor, 'hosting.approve');
      if (refusal) {
        await this.deps.audit.byActor(
          actor,
          `${op.kind}.reject`,
          op.target,
          'refused',
          { operation: op.id },
          refusal.code,
        );
        return { kind: 'forbidden', error: refusal, op };
      }
    }
    const to = op.requesterId === actor.userId ? 'cancelled' : 'rejected';
    const r = await this.deps.store.operations.transition(op.id, ['pending'], to, {
      approverId: actor.userId,
    });
    if (!r.won) return { kind: 'already_handled', op: r.row ?? op };
    await this.deps.audit.byActor(
      actor,
      `${op.kind}.${to === 'cancelled' ? 'cancel' : 'reject'}`,
      op.target,
      'ok',
      {
        operation: op.id,
      },
    );
    return { kind: 'rejected', op: r.row };
  }

  /** approved -> executing by one conditional UPDATE, then the one request; never repeated. */
  private async execute(actor: Actor, op: OperationRow): Promise<DecisionResult> {
    const claim = await this.deps.store.operations.transition(op.id, ['approved'], 'executing');
    if (!claim.won) return { kind: 'already_handled', op: claim.row ?? op };
    const req = (op.params as { request: DestructiveRequest }).request;
    const api = this.deps.provider.hosting(op.target);
    const requester = { userId: op.requesterId, channelId: op.channelId };
    const params = { ...req, operation: op.id, approver: actor.userId };
    try {
      await this.write(requester, req.kind, op.target, params, () => this.send(api, req));
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'hosting_outcome_unknown') {
        const r = await this.deps.store.operations.transition(op.id, ['executing'], 'unknown', {
          errorCode: 'OUTCOME_UNKNOWN',
        });
        return { kind: 'unknown', op: r.row ?? op, check: String(err.params.check) };
      }
      const code = failureCode(classifyFailure(err));
      const r = await this.deps.store.operations.transition(op.id, ['executing'], 'failed', {
        errorCode: code,
      });
      return { kind: 'failed', op: r.row ?? op, code, error: err };
    }
    const r = await this.deps.store.operations.transition(op.id, ['executing'], 'done');
    return {
      kind: 'done',
      op: r.row ?? op,
      result: { server: op.target, action: req.kind, subject: subjectOf(req) },
    };
  }

  private send(api: HostingClient, req: DestructiveRequest): Promise<AnyObject> {
    switch (req.kind) {
      case 'hosting.domain_reset':
        return api.resetDomain(req.domain.trim(), ORDER);
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
    await this.deps.store.operations.transition(opId, ['pending'], 'cancelled', { errorCode: 'NOT_POSTED' });
  }

  /** Records where the confirmation or approval message is, so the outcome can replace it. */
  async attachMessage(opId: string, messageTs: string): Promise<void> {
    await this.deps.store.operations.setMessage(opId, messageTs);
  }

  /** Pending and approved operations past their expiry become `expired` (the sweep redraws their messages). */
  expireDue(): Promise<OperationRow[]> {
    return this.deps.store.operations.expireDue(this.deps.clock.now());
  }
}

function subjectOf(req: DestructiveRequest): string {
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
