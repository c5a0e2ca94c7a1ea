/**
 * /hosting's reads: every GET of the hosting API's endpoint table, for the
 * server the command names (or the key's only one), by the people the access
 * policy allows, the input checked by the rules before anything is sent.
 */
import {
  type AnyObject,
  type DomainItem,
  domainsOf,
  type HostingDomain,
  type HostingServerInfo,
  logLinesOf,
  READ,
  type SshKeyItem,
  type SshState,
  sshKeysOf,
  sshStateOf,
  subdomainsOf,
  type WordpressItem,
  wordpressOf,
} from '../../provider/index.ts';
import type { AuditRow } from '../../store/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import type { HostingCalls } from './hosting-calls.ts';
import { checkFqdn, checkKeyword, checkLines, HOSTING_LIMITS } from './rules.ts';

/** A value read on a named server (the one the command named, or the key's only one). */
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
  /** The text every line was asked to contain; undefined when every line was read. */
  keyword?: string | undefined;
  /** Which log: the error log when left out (access-log.ts reads the other). */
  kind?: 'access' | undefined;
}

export class HostingReads {
  constructor(private readonly calls: HostingCalls) {}

  /** The servers the key covers (`all`: every server of the account, named by the user). */
  async servers(actor: Actor): Promise<ServersAnswer> {
    await this.calls.deps.access.authorize(actor, 'hosting.servers');
    const key = await this.calls.deps.access.keyScope();
    if (!key.hosting.available) throw new ServiceError('key_no_server');
    return key.hosting.servers ? { servers: key.hosting.servers } : { all: true };
  }

  async info(actor: Actor, named: string | undefined): Promise<OnServer<HostingServerInfo>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.info', named);
    return {
      server,
      value: await this.calls.read(() => api.serverInfo(READ), { actor, action: 'hosting.info', server }),
    };
  }

  async usage(actor: Actor, named: string | undefined): Promise<OnServer<AnyObject>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.usage', named);
    return {
      server,
      value: await this.calls.read(() => api.usage(READ), { actor, action: 'hosting.usage', server }),
    };
  }

  async domains(actor: Actor, named: string | undefined): Promise<OnServer<DomainItem[]>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.domains', named);
    const answer = await this.calls.read(() => api.listDomains(READ), {
      actor,
      action: 'hosting.domains',
      server,
    });
    return { server, value: domainsOf(answer) };
  }

  async domain(actor: Actor, named: string | undefined, domain: string): Promise<OnServer<DomainDetail>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.domain', named);
    await this.calls.refuseInvalid(actor, 'hosting.domain', server, checkFqdn(domain), { domain });
    const detail = await this.calls.read(() => api.getDomain(domain.trim(), READ), {
      actor,
      action: 'hosting.domain',
      server,
      params: { domain },
    });
    // The spec's advice for this state names the server's name servers: read them for the answer.
    const nameServers =
      detail.ssl_status === 'failed_nameserver'
        ? ((await api.serverInfo(READ).catch(() => undefined))?.name_servers ?? [])
        : undefined;
    return { server, value: { domain: detail, nameServers } };
  }

  async subdomains(actor: Actor, named: string | undefined): Promise<OnServer<DomainItem[]>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.subdomains', named);
    const answer = await this.calls.read(() => api.listSubdomains(READ), {
      actor,
      action: 'hosting.subdomains',
      server,
    });
    return { server, value: subdomainsOf(answer) };
  }

  async wordpress(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<WordpressItem[]>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.wp', named);
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, 'hosting.wp', server, checkFqdn(domain), { domain });
    const q = domain === undefined ? {} : { domain: domain.trim() };
    const answer = await this.calls.read(() => api.listWordpress(q, READ), {
      actor,
      action: 'hosting.wp',
      server,
    });
    return { server, value: wordpressOf(answer) };
  }

  async ssh(actor: Actor, named: string | undefined): Promise<OnServer<SshState>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.ssh', named);
    return {
      server,
      value: sshStateOf(
        await this.calls.read(() => api.getSsh(READ), { actor, action: 'hosting.ssh', server }),
      ),
    };
  }

  async sshKeys(actor: Actor, named: string | undefined): Promise<OnServer<SshKeyItem[]>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.ssh_keys', named);
    const answer = await this.calls.read(() => api.listSshKeys(READ), {
      actor,
      action: 'hosting.ssh_keys',
      server,
    });
    return { server, value: sshKeysOf(answer) };
  }

  /** The last `lines` lines of a domain's error log; with `keyword`, those containing it (the provider filters). */
  async errorLog(
    actor: Actor,
    named: string | undefined,
    domain: string,
    lines: number | undefined,
    keyword?: string | undefined,
  ): Promise<OnServer<ErrorLogPage>> {
    const { server, api } = await this.calls.begin(actor, 'hosting.errorlog', named, { domain });
    await this.calls.refuseInvalid(
      actor,
      'hosting.errorlog',
      server,
      [...checkFqdn(domain), ...checkLines(lines), ...checkKeyword(keyword)],
      { domain },
    );
    const query = {
      domain: domain.trim(),
      lines: lines ?? HOSTING_LIMITS.linesDefault,
      ...(keyword === undefined ? {} : { keyword }),
    };
    const log = await this.calls.read(() => api.errorLog(query, READ), {
      actor,
      action: 'hosting.errorlog',
      server,
      params: { domain },
    });
    return { server, value: { domain: domain.trim(), lines: logLinesOf(log.log), keyword } };
  }

  /** The audit trail of this server's hosting changes and refusals, newest first. */
  async audit(actor: Actor, named: string | undefined): Promise<OnServer<AuditRow[]>> {
    const { server } = await this.calls.begin(actor, 'hosting.audit', named);
    const rows = await this.calls.deps.store.audit.latest({ target: server, limit: 20 });
    return { server, value: rows.filter((r) => r.action.startsWith('hosting.')) };
  }
}
