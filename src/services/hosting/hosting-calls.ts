/**
 * What every /hosting use case is built from: who may do this on which server
 * (the access policy, the server named or the key's only one; the server's
 * API client makes every call for the person, who is served in turn at the
 * provider client's gate), the input rules, one write (never repeated, audited either way; a lost
 * answer names the read that tells whether it happened), one read (a refusal
 * answered in the provider's own words).
 *
 * Hosting writes carry no Idempotency-Key, so none is ever repeated by us:
 * when the connection fails after the request may have reached the provider,
 * the answer says so and names the read that shows whether it happened.
 */
import type { Clock } from '../../clock.ts';
import type { Logger, SecretRegistry } from '../../log.ts';
import {
  type AnyObject,
  type HostingClient,
  type ProviderClient,
  ProviderError,
  ProviderNetworkError,
  WRITE,
} from '../../provider/index.ts';
import type { Store } from '../../store/index.ts';
import type { AccessService, Actor, HostingAction } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { changeOutcome, classifyFailure, failureCode, isServiceError, ServiceError } from '../errors.ts';
import type { FieldProblem } from '../field-problem.ts';
import type { HomeChanges } from '../home-changes.ts';
import { checkFqdn, type HostingField, type HostingRule } from './rules.ts';

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

export interface HostingDeps {
  provider: Pick<ProviderClient, 'hosting'>;
  store: Store;
  access: AccessService;
  audit: Audit;
  /**
   * The App Homes a destructive operation is on, refreshed after each move:
   * one waiting for a decision is on everyone's Home, one being run its
   * requester's. None in tests of /hosting alone.
   */
  homes?: Pick<HomeChanges, 'refresh'> | undefined;
  clock: Clock;
  /** The logger's secret registry: typed passwords and generated keys are scrubbed from every log line. */
  secrets: Pick<SecretRegistry, 'add' | 'delete'>;
  logger: Logger;
  /** How long a confirmation or an approval may wait. Default 15 minutes. */
  operationTtlMs?: number;
  /** How long a sealed private key waits to be shown to its requester. Default 15 minutes. */
  privateKeyTtlMs?: number;
}

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
  'hosting.dns_add': 'dns',
  'hosting.dns_change': 'dns',
  'hosting.dns_delete': 'dns',
  'hosting.cron_add': 'cron',
  'hosting.cron_change': 'cron',
  'hosting.cron_delete': 'cron',
  'hosting.php_set': 'php',
  'hosting.ssl_add': 'ssl',
  'hosting.ssl_delete': 'ssl',
  'hosting.ftp_add': 'ftp',
  'hosting.ftp_change': 'ftp',
  'hosting.ftp_delete': 'ftp',
  'hosting.mail_add': 'mail',
  'hosting.mail_change': 'mail',
  'hosting.mail_forward': 'mail forward <address>',
  'hosting.mail_delete': 'mail',
  'hosting.mail_rules_add': 'mail rules',
  'hosting.mail_rules_delete': 'mail rules',
  'hosting.domain_change': 'domain <domain>',
  'hosting.domain_delete': 'domains',
  'hosting.subdomain_change': 'subdomains',
  'hosting.subdomain_delete': 'subdomains',
  'hosting.wp_change': 'wp',
  'hosting.db_change': 'db',
  'hosting.db_delete': 'db',
  'hosting.db_user_change': 'db users',
  'hosting.db_user_delete': 'db users',
  'hosting.db_revoke': 'db grants <user>',
};

function invalid(problems: readonly FieldProblem<HostingField, HostingRule>[]): ServiceError | null {
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
export function rejection(err: unknown): unknown {
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
    // The provider's own code, also one its table does not have (the status's default would be a guess).
    code: [...(err.rawCode ?? err.code)].slice(0, 40).join(''),
    message: [...message].slice(0, 500).join(''),
  });
}

const isHostingWrite = (a: HostingAction): boolean => CHECK_WITH[a] !== undefined;

/** The key's custom permissions refused it: the provider's 403, explained (AccessService.explainRefusal). */
const byCustomKey = (err: unknown): boolean => isServiceError(err) && err.code === 'key_custom_forbidden';

/** Who asked for a read and on which server, for the audit row of the provider's refusal. */
export interface ReadContext {
  actor: Actor;
  action: HostingAction;
  server: string;
  params?: Record<string, unknown>;
}

export class HostingCalls {
  constructor(readonly deps: HostingDeps) {}

  /**
   * Who may do this, on which server: the role and the key (the access
   * policy), then the server (named, or the key's only one), and its API
   * client making every call for this person. A refusal of a write is
   * audited; nothing is sent before all of it holds.
   */
  async begin(
    actor: Actor,
    action: HostingAction,
    named: string | undefined,
    params: Record<string, unknown> = {},
  ): Promise<{ server: string; api: HostingClient }> {
    // A server's name is its initial domain: anything else names no server, and is refused as typed.
    const nameProblems = named === undefined ? [] : checkFqdn(named, 'server');
    try {
      await this.deps.access.authorize(actor, action);
      const badName = invalid(nameProblems);
      if (badName) throw badName;
      const server = await this.deps.access.hostingServer(named);
      return { server, api: this.deps.provider.hosting(server, actor) };
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
  async refuseInvalid(
    actor: Actor,
    action: HostingAction,
    server: string,
    problems: readonly FieldProblem<HostingField, HostingRule>[],
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
  async write<T>(
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
    } catch (caught) {
      const err = await this.deps.access.explainRefusal(caught, 'server');
      const maybe = err instanceof ProviderNetworkError && err.mayHaveReachedServer;
      await this.deps.audit.byActor(
        actor,
        action,
        server,
        byCustomKey(err) ? 'refused' : changeOutcome(err),
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

  /**
   * A read for a person: a refusal by the provider is answered in its own
   * words, and a custom key's 403 by the key's categories (audited, with `ctx`).
   */
  async read<T>(call: () => Promise<T>, ctx?: ReadContext): Promise<T> {
    try {
      return await call();
    } catch (caught) {
      const err = await this.deps.access.explainRefusal(caught, 'server');
      if (ctx && byCustomKey(err)) {
        const { actor, action, server, params = {} } = ctx;
        await this.deps.audit.byActor(
          actor,
          action,
          server,
          'refused',
          params,
          failureCode(classifyFailure(err)),
        );
      }
      throw rejection(err);
    }
  }

  /** The name servers to set when SSL failed on them (the spec's advice), else nothing. */
  async sslAdvice(api: HostingClient, answer: AnyObject, domain: string): Promise<WriteResult['sslAdvice']> {
    if (answer.ssl_status !== 'failed_nameserver') return undefined;
    const info = await api.serverInfo(WRITE).catch(() => undefined);
    return { domain, nameServers: info?.name_servers ?? [] };
  }
}
