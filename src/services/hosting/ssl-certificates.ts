/**
 * /hosting's SSL certificates: the list with each one's expiry, and a free
 * certificate installed at once. The provider issues one only for a domain
 * on its name servers (docs/provider-api.md, SSL and name servers): its
 * refusal says so, with where to read the name servers to set. A delete is a
 * destructive operation (record-operations.ts): confirmed first.
 */
import { READ, type SslCertificate, WRITE } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { checkFqdn } from './rules.ts';

export interface SslListing {
  domain: string | undefined;
  certificates: SslCertificate[];
  unreadable: number;
  /** When the list was read, for the days left before each expiry. */
  readAt: Date;
}

export class HostingSsl {
  constructor(private readonly calls: HostingCalls) {}

  async list(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<SslListing>> {
    const action = 'hosting.ssl';
    const { server, api } = await this.calls.begin(actor, action, named, domain ? { domain } : {});
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), { domain });
    const q = domain === undefined ? {} : { domain: domain.trim() };
    const l = await this.calls.read(() => api.listSsl(q, READ), { actor, action, server, params: q });
    const certificates = [...l.items].sort((a, b) => a.expires_at.localeCompare(b.expires_at));
    return {
      server,
      value: {
        domain: q.domain,
        certificates,
        unreadable: l.malformed.length,
        readAt: this.calls.deps.clock.now(),
      },
    };
  }

  /** POST /ssl: a free certificate for a domain (or subdomain) of this server. */
  async add(actor: Actor, named: string | undefined, domain: string): Promise<WriteResult> {
    const action = 'hosting.ssl_add';
    const params = { domain };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), params);
    const name = domain.trim();
    // A refusal is said with the reference's one stated condition (the name servers) among its reasons.
    await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.addFreeSsl(name, WRITE),
      areaRejection('ssl'),
    );
    return { server, action, subject: name };
  }
}
