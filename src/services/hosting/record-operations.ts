/**
 * The destructive operations on DNS records and cron jobs (a record changed
 * or deleted, a job deleted): what each one asks for, what it will take away
 * (read when it is asked for: the record or the job as it is now), and the
 * one request its confirmation sends. They run on the decision machine as
 * every destructive /hosting operation does (hosting-operations.ts).
 */
import {
  type CronJob,
  type DnsRecord,
  type DnsRecordType,
  type FtpAccount,
  type HostingClient,
  ORDER,
  type SslCertificate,
  toAsciiDomain,
  validateMailAddress,
  WRITE,
  type WriteAnswer,
} from '../../provider/index.ts';
import { ServiceError, type ServiceErrorParams } from '../errors.ts';
import { maskCommandSecrets } from './command-secrets.ts';
import { checkCronId, checkDnsChange, checkDnsId, type RecordProblem, recordType } from './record-rules.ts';
import { checkFqdn } from './rules.ts';

/** A DNS record as it was read (the provider's fields; `priority` an integer or null). */
export type DnsRecordNow = Pick<
  DnsRecord,
  'id' | 'domain' | 'host' | 'type' | 'content' | 'ttl' | 'priority'
>;

/** A cron job as it was read. */
export type CronJobNow = Pick<
  CronJob,
  'id' | 'minute' | 'hour' | 'day' | 'month' | 'weekday' | 'command' | 'comment' | 'enabled'
>;

/** An FTP account as it was read. */
export type FtpNow = Pick<FtpAccount, 'ftp_account' | 'directory' | 'quota_mb' | 'memo'>;

/** A certificate as it was read. */
export type SslNow = Pick<SslCertificate, 'common_name' | 'type' | 'expires_at' | 'status'>;

/** The fields of a record a change gives; the others keep their values. */
export interface DnsChange {
  host?: string;
  type?: string;
  content?: string;
  ttl?: number;
  priority?: number;
}

export type RecordRequest =
  | { kind: 'hosting.dns_change'; id: string; change: DnsChange }
  | { kind: 'hosting.dns_delete'; id: string }
  | { kind: 'hosting.cron_delete'; id: string }
  | { kind: 'hosting.ssl_delete'; commonName: string }
  | { kind: 'hosting.ftp_delete'; account: string };

export type RecordLoss =
  | { kind: 'hosting.dns_change'; record: DnsRecordNow; change: DnsChange }
  | { kind: 'hosting.dns_delete'; record: DnsRecordNow }
  | { kind: 'hosting.cron_delete'; job: CronJobNow }
  | { kind: 'hosting.ssl_delete'; certificate: SslNow }
  | { kind: 'hosting.ftp_delete'; account: FtpNow };

export type RecordKind = RecordRequest['kind'];

// A record of every kind (not a list) so that a kind left out does not compile.
const KINDS: Record<RecordKind, true> = {
  'hosting.dns_change': true,
  'hosting.dns_delete': true,
  'hosting.cron_delete': true,
  'hosting.ssl_delete': true,
  'hosting.ftp_delete': true,
};
export const RECORD_KINDS = Object.keys(KINDS) as RecordKind[];

export const isRecordRequest = (r: { kind: string }): r is RecordRequest =>
  (RECORD_KINDS as readonly string[]).includes(r.kind);

export const isRecordLoss = (l: { kind: string }): l is RecordLoss =>
  (RECORD_KINDS as readonly string[]).includes(l.kind);

export const areaOf = (kind: RecordKind): ServiceErrorParams['hosting_area_rejected']['area'] =>
  kind === 'hosting.cron_delete' ? 'cron' : kind === 'hosting.ftp_delete' ? 'ftp' : 'dns';

/** The request's input problems, before anything is read. */
export function recordProblems(req: RecordRequest): RecordProblem[] {
  switch (req.kind) {
    case 'hosting.dns_change':
      return [...checkDnsId(req.id), ...checkDnsChange(req.change)];
    case 'hosting.dns_delete':
      return checkDnsId(req.id);
    case 'hosting.cron_delete':
      return checkCronId(req.id);
    case 'hosting.ssl_delete':
      return checkFqdn(req.commonName).map((p) => ({ ...p, field: 'domain' as const }));
    case 'hosting.ftp_delete':
      // An account is named `user@domain`: the provider client's address rule.
      return validateMailAddress(req.account.trim(), 'ftp_account').length > 0
        ? [{ field: 'ftp_account', rule: 'format' }]
        : [];
  }
}

const dnsNow = (r: DnsRecord): DnsRecordNow => ({
  id: r.id,
  domain: r.domain,
  host: r.host,
  type: r.type,
  content: r.content,
  ttl: r.ttl,
  priority: r.priority,
});

/** Reads what will be lost; a record or job that is not there is refused before anyone confirms. */
export async function recordLossOf(api: HostingClient, req: RecordRequest): Promise<RecordLoss> {
  switch (req.kind) {
    case 'hosting.dns_change':
    case 'hosting.dns_delete': {
      const id = Number(req.id.trim());
      const record = (await api.listDns({}, WRITE)).items.find((r) => r.id === id);
      if (!record) throw new ServiceError('hosting_not_found', { what: 'dns', id: req.id.trim() });
      return req.kind === 'hosting.dns_delete'
        ? { kind: req.kind, record: dnsNow(record) }
        : { kind: req.kind, record: dnsNow(record), change: normalChange(req.change) };
    }
    case 'hosting.cron_delete': {
      const id = req.id.trim();
      const job = (await api.listCron(WRITE)).items.find((j) => j.id === id);
      if (!job) throw new ServiceError('hosting_not_found', { what: 'cron', id });
      const { minute, hour, day, month, weekday, comment, enabled } = job;
      // Kept in the operation's row until it is decided and shown in the confirmation: the
      // command's obvious credentials masked, as the audit keeps it (command-secrets.ts).
      const command = maskCommandSecrets(job.command);
      return { kind: req.kind, job: { id, minute, hour, day, month, weekday, command, comment, enabled } };
    }
    case 'hosting.ssl_delete': {
      // The list names a Japanese domain as the provider writes it (Punycode): either form finds it.
      const name = toAsciiDomain(req.commonName.trim());
      const named = (await api.listSsl({}, WRITE)).items.filter((c) => toAsciiDomain(c.common_name) === name);
      // The endpoint removes the free certificate: that one is shown when a paid one shares its name.
      const cert = named.find((c) => c.type === 'letsencrypt') ?? named[0];
      if (!cert) throw new ServiceError('hosting_not_found', { what: 'ssl', id: req.commonName.trim() });
      const { common_name, type, expires_at, status } = cert;
      return { kind: req.kind, certificate: { common_name, type, expires_at, status } };
    }
    case 'hosting.ftp_delete': {
      const name = req.account.trim().toLowerCase();
      const account = (await api.listFtp({}, WRITE)).items.find((a) => a.ftp_account.toLowerCase() === name);
      if (!account) throw new ServiceError('hosting_not_found', { what: 'ftp', id: req.account.trim() });
      const { ftp_account, directory, quota_mb, memo } = account;
      return { kind: req.kind, account: { ftp_account, directory, quota_mb, memo } };
    }
  }
}

function normalChange(c: DnsChange): DnsChange {
  return {
    ...(c.host === undefined ? {} : { host: c.host.trim() }),
    ...(c.type === undefined ? {} : { type: recordType(c.type) }),
    ...(c.content === undefined ? {} : { content: c.content }),
    ...(c.ttl === undefined ? {} : { ttl: c.ttl }),
    ...(c.priority === undefined ? {} : { priority: c.priority }),
  };
}

/**
 * The one request a confirmation sends. A change sends the record whole, as
 * confirmed (its fields as read, with the change over them): the reference
 * asks for domain, host, type and content together when the provider cannot
 * find the record by itself, and does not say when that is.
 */
export function sendRecord(
  api: HostingClient,
  req: RecordRequest,
  loss: RecordLoss | undefined,
): Promise<WriteAnswer> {
  switch (req.kind) {
    case 'hosting.dns_change': {
      const now = loss?.kind === 'hosting.dns_change' ? loss.record : undefined;
      const c = normalChange(req.change);
      // A priority of 0 or null is how the provider writes "none" on other types: sent only when it is one.
      const priority = c.priority ?? (now?.priority ? now.priority : undefined);
      return api.updateDns(
        req.id.trim(),
        {
          ...(now ? { domain: now.domain } : {}),
          host: c.host ?? now?.host,
          type: (c.type ?? now?.type) as DnsRecordType,
          content: c.content ?? now?.content,
          ttl: c.ttl ?? now?.ttl,
          ...(priority === undefined || priority === null ? {} : { priority }),
        },
        ORDER,
      );
    }
    case 'hosting.dns_delete':
      return api.deleteDns(req.id.trim(), ORDER);
    case 'hosting.cron_delete':
      return api.deleteCron(req.id.trim(), ORDER);
    case 'hosting.ssl_delete':
      return api.deleteFreeSsl(req.commonName.trim(), ORDER);
    case 'hosting.ftp_delete':
      // The account as the provider listed it (the one confirmed), else as typed.
      return api.deleteFtp(
        loss?.kind === 'hosting.ftp_delete' ? loss.account.ftp_account : req.account.trim(),
        ORDER,
      );
  }
}

/** What the done sentence names: the record by name and type, the job by its id. */
export function recordSubject(loss: RecordLoss): string {
  switch (loss.kind) {
    case 'hosting.dns_change':
    case 'hosting.dns_delete':
      return `${loss.record.host === '@' ? loss.record.domain : `${loss.record.host}.${loss.record.domain}`} ${loss.record.type}`;
    case 'hosting.cron_delete':
      return loss.job.id;
    case 'hosting.ssl_delete':
      return loss.certificate.common_name;
    case 'hosting.ftp_delete':
      return loss.account.ftp_account;
  }
}
