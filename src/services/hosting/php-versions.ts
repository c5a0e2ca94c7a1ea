/**
 * /hosting's PHP versions: those on offer and each domain's current one, and
 * a domain's set to one on offer. The offer is read before a change so that a
 * version not offered is named on its field (the reference's list is the
 * rule); when the offer cannot be read, the version is sent and the provider
 * decides.
 */
import { type PhpDomain, type PhpVersionOffer, READ, WRITE } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { checkPhpVersion } from './record-rules.ts';
import { checkFqdn } from './rules.ts';

export interface PhpListing {
  domain: string | undefined;
  offered: PhpVersionOffer[];
  /** The offer was in neither of the reference's two forms. */
  offerUnread: boolean;
  domains: PhpDomain[];
}

export class HostingPhp {
  constructor(private readonly calls: HostingCalls) {}

  async list(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<PhpListing>> {
    const action = 'hosting.php';
    const { server, api } = await this.calls.begin(actor, action, named, domain ? { domain } : {});
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), { domain });
    const q = domain === undefined ? {} : { domain: domain.trim() };
    const a = await this.calls.read(() => api.phpVersions(q, READ), { actor, action, server, params: q });
    return {
      server,
      value: {
        domain: q.domain,
        offered: a.available,
        offerUnread: a.availableUnread,
        domains: a.domains.items,
      },
    };
  }

  async set(actor: Actor, named: string | undefined, domain: string, version: string): Promise<WriteResult> {
    const action = 'hosting.php_set';
    const params = { domain, version };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), params);
    const offer = await this.calls.read(() => api.phpVersions({}, WRITE), { actor, action, server, params });
    const offered = offer.availableUnread ? undefined : offer.available.map((o) => o.version);
    await this.calls.refuseInvalid(actor, action, server, checkPhpVersion(version, offered), params);
    await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.setPhpVersion(domain.trim(), version.trim(), WRITE),
      areaRejection('php'),
    );
    return { server, action, subject: domain.trim(), created: version.trim() };
  }
}
