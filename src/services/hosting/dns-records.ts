/**
 * /hosting's DNS records: the list (of one domain, or every one), a record
 * added at once, and the record a change form starts from. A change or a
 * delete is a destructive operation (record-operations.ts): confirmed first.
 */
import { type DnsRecord, type DnsRecordType, READ, WRITE } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { checkDnsId, checkDnsRecord, type DnsRecordForm, recordType } from './record-rules.ts';
import { checkFqdn } from './rules.ts';

export interface DnsListing {
  /** The domain asked for; undefined: every domain's records. */
  domain: string | undefined;
  records: DnsRecord[];
  /** Records the answer held that broke the reference's shape (not shown, counted). */
  unreadable: number;
}

/** A record's name as people read it: the host under its domain, `@` the domain itself. */
export const recordName = (r: { host: string; domain: string }): string =>
  r.host === '@' || r.host === '' ? r.domain : `${r.host}.${r.domain}`;

export class HostingDns {
  constructor(private readonly calls: HostingCalls) {}

  async list(
    actor: Actor,
    named: string | undefined,
    domain: string | undefined,
  ): Promise<OnServer<DnsListing>> {
    const action = 'hosting.dns';
    const { server, api } = await this.calls.begin(actor, action, named, domain ? { domain } : {});
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), { domain });
    const q = domain === undefined ? {} : { domain: domain.trim() };
    const listing = await this.calls.read(() => api.listDns(q, READ), { actor, action, server, params: q });
    const records = [...listing.items].sort(
      (a, b) =>
        a.domain.localeCompare(b.domain) || a.host.localeCompare(b.host) || a.type.localeCompare(b.type),
    );
    return { server, value: { domain: q.domain, records, unreadable: listing.malformed.length } };
  }

  /** The input problems of a new record, for a form or a command (nothing sent). */
  checkRecord(f: DnsRecordForm) {
    return checkDnsRecord(f);
  }

  /** POST /dns: the record added at once (adding takes nothing away); its new id in the answer. */
  async add(actor: Actor, named: string | undefined, f: DnsRecordForm): Promise<WriteResult> {
    const action = 'hosting.dns_add';
    const type = recordType(f.type);
    const params = {
      domain: f.domain,
      host: f.host,
      type,
      content: f.content,
      ...(f.ttl === undefined ? {} : { ttl: f.ttl }),
      ...(f.priority === undefined ? {} : { priority: f.priority }),
    };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkDnsRecord(f), params);
    const input = {
      domain: f.domain.trim(),
      host: f.host.trim(),
      type: type as DnsRecordType,
      content: f.content,
      ...(f.ttl === undefined ? {} : { ttl: f.ttl }),
      ...(f.priority === undefined ? {} : { priority: f.priority }),
    };
    const answer = await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.addDns(input, WRITE),
      areaRejection('dns'),
    );
    return {
      server,
      action,
      subject: `${recordName(input)} ${type} ${f.content}`,
      created: String(answer.id),
    };
  }

  /**
   * The record a change form starts from: who may change it, on which server,
   * and the record as it is now (one that is not there is refused here).
   */
  async record(actor: Actor, named: string | undefined, id: string): Promise<OnServer<DnsRecord>> {
    const action = 'hosting.dns_change';
    const { server, api } = await this.calls.begin(actor, action, named, { id, form: true });
    await this.calls.refuseInvalid(actor, action, server, checkDnsId(id), { id });
    const listing = await this.calls.read(() => api.listDns({}, WRITE), {
      actor,
      action,
      server,
      params: { id },
    });
    const record = listing.items.find((r) => r.id === Number(id.trim()));
    if (!record) throw new ServiceError('hosting_not_found', { what: 'dns', id: id.trim() });
    return { server, value: record };
  }
}
