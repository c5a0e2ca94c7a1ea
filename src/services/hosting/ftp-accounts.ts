/**
 * /hosting's FTP accounts: the list (of one domain, or of every one). The
 * main account is not among them: the provider leaves it out
 * (docs/provider-api.md, Hosting endpoints).
 */
import { type FtpAccount, READ } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import type { HostingCalls } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { checkFqdn } from './rules.ts';

export interface FtpListing {
  /** The domain asked for; undefined for every domain. */
  domain: string | undefined;
  accounts: FtpAccount[];
  unreadable: number;
}

export class HostingFtp {
  constructor(private readonly calls: HostingCalls) {}

  async list(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<FtpListing>> {
    const action = 'hosting.ftp';
    const params = domain === undefined ? {} : { domain };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), params);
    const query = domain === undefined ? {} : { domain: domain.trim() };
    const l = await this.calls.read(() => api.listFtp(query, READ), { actor, action, server, params });
    return {
      server,
      value: { domain: domain?.trim(), accounts: l.items, unreadable: l.malformed.length },
    };
  }
}
