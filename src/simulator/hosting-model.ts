/**
 * The hosting server's rules that the API, the control panel and the seed
 * share: what a new server, domain, certificate, cron job or DNS record looks
 * like, how a hash id is made, and when the provider sees a domain's
 * ownership record (docs/provider-api.md, Domain ownership).
 */
import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type {
  CronJobState,
  DnsRecordState,
  DomainState,
  HostingServerState,
  SslState,
  WordPressState,
} from './hosting-state.ts';
import type { World } from './world.ts';

const DAY_MS = 86_400_000;
/** How long a free (Let's Encrypt) certificate lasts when issued: 90 days. */
export const FREE_SSL_DAYS = 90;
/** A domain added is `is_awaiting` for this long (simulated time). */
export const AWAITING_MS = 5 * 60_000;
/** The record a domain's ownership is proven by (docs/provider-api.md, Domain ownership). */
export const VERIFY_HOST = '_xserver-verify';

export const verificationRecordName = (domain: string): string => `${VERIFY_HOST}.${domain}`;
export const verificationValue = (token: string): string => `xserver-verify=${token}`;

export function newHostingServer(
  servername: string,
  variant: 'standard' | 'business',
  ip: string,
): HostingServerState {
  const serverId = servername.split('.')[0] ?? servername;
  return {
    servername,
    serverId,
    variant,
    ipAddress: ip,
    os: 'Linux',
    // The reference gives null for XServer Business sub-accounts: the business server here is one.
    cpu: variant === 'business' ? null : 'AMD EPYC 9534 x 2',
    memory: variant === 'business' ? null : '1536GB',
    apacheVersion: '2.4.x',
    perlVersions: ['5.36', '5.30'],
    phpVersions: ['8.4.3', '8.3.14', '8.2.26', '8.1.31', '7.4.33'],
    defaultPhp: '8.3',
    dbVersions: ['mariadb10.5.x'],
    dbVersionName: 'MariaDB10.5',
    nameServers: ['ns1.xserver.jp', 'ns2.xserver.jp', 'ns3.xserver.jp', 'ns4.xserver.jp', 'ns5.xserver.jp'],
    domainValidationToken: `sim-verify-${serverId}`,
    hostname: servername.replace(/^xs/, 'sv'),
    notificationEmail: `${serverId}@example.net`,
    domains: new Map(),
    subdomains: new Map(),
    wordpress: new Map(),
    databases: new Map(),
    dbUsers: new Map(),
    cronJobs: new Map(),
    mail: new Map(),
    mailFilters: new Map(),
    ftp: new Map(),
    ssl: new Map(),
    dns: new Map(),
    sshEnabled: false,
    sshKeys: new Map(),
    errorLogs: new Map(),
    accessLogs: new Map(),
    diskUsedGb: 0,
    diskQuotaGb: variant === 'business' ? 500 : 300,
    fileLimit: 0,
    fileCount: 0,
    subdomainBurst: [],
  };
}

export const accountOf = (h: HostingServerState): string => h.serverId;

export function documentRoot(servername: string, host: string): string {
  const account = servername.split('.')[0] ?? servername;
  return `/home/${account}/${host}/public_html`;
}

/** The majors and minors on offer (`8.3`), from the full versions, newest first. */
export function phpMinors(h: HostingServerState): string[] {
  return [...new Set(h.phpVersions.map((v) => v.split('.').slice(0, 2).join('.')))];
}

/** A hash id (cron jobs, mail sorting rules): hex, from what it names. */
export function hashId(...parts: (string | number | boolean)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

// --- SSL ----------------------------------------------------------------------------------------

/** A free certificate for `commonName`, valid for 90 days from `now` (replacing an older free one). */
export function issueFreeCertificate(w: World, h: HostingServerState, commonName: string, now: Date): void {
  for (const [id, c] of h.ssl) if (c.commonName === commonName && c.type === 'letsencrypt') h.ssl.delete(id);
  const id = w.allocSslId();
  h.ssl.set(id, {
    id,
    commonName,
    type: 'letsencrypt',
    expiresAt: new Date(now.getTime() + FREE_SSL_DAYS * DAY_MS),
  });
}

export function removeFreeCertificate(h: HostingServerState, commonName: string): boolean {
  let removed = false;
  for (const [id, c] of h.ssl) {
    if (c.commonName === commonName && c.type === 'letsencrypt') {
      h.ssl.delete(id);
      removed = true;
    }
  }
  return removed;
}

/** Whether a certificate (free or paid) is set for the name: a domain's or subdomain's `ssl`. */
export function hasCertificate(h: HostingServerState, commonName: string): boolean {
  for (const c of h.ssl.values()) if (c.commonName === commonName) return true;
  return false;
}

/**
 * Moves a held name's SSL to `state`, issuing or removing its free
 * certificate to match (an `active` name has one, a name moved off the
 * service's name servers loses it: it could not be renewed).
 */
export function setSslState(
  w: World,
  h: HostingServerState,
  x: { sslStatus: SslState },
  name: string,
  state: SslState,
  now: Date,
): void {
  x.sslStatus = state;
  if (state === 'active') {
    if (!hasCertificate(h, name)) issueFreeCertificate(w, h, name, now);
  } else removeFreeCertificate(h, name);
}

/** What SSL a name asked for gets: `active`, or why not. */
export function sslOutcome(w: World, domain: string): SslState {
  if (w.dns.usesExternalNameServers(domain)) return 'failed_nameserver';
  if (w.dns.sslFails(domain)) return 'failed';
  return 'active';
}

// --- domains ------------------------------------------------------------------------------------

export interface NewDomain {
  type?: string;
  ssl: SslState;
  redirectHttps?: boolean;
  aiCrawlerBlock?: boolean;
  memo?: string;
  now: Date;
  /** Simulated ms the setting stays `is_awaiting` (default 0: in effect at once). */
  awaitingMs?: number;
}

/** Adds a domain with its logs, its default DNS records and, when its SSL is active, a free certificate. */
export function addHostingDomain(
  w: World,
  h: HostingServerState,
  unicodeOrAscii: string,
  o: NewDomain,
): DomainState {
  const domain = domainToASCII(unicodeOrAscii);
  const d: DomainState = {
    domain,
    type: o.type ?? 'addon',
    sslStatus: o.ssl,
    redirectHttps: o.redirectHttps ?? o.ssl === 'active',
    aiCrawlerBlock: o.aiCrawlerBlock ?? true,
    memo: o.memo ?? '',
    phpVersion: h.defaultPhp,
    documentRoot: documentRoot(h.servername, domain),
    createdAt: o.now,
    awaitingUntil: o.now.getTime() + (o.awaitingMs ?? 0),
  };
  h.domains.set(domain, d);
  h.errorLogs.set(domain, h.errorLogs.get(domain) ?? []);
  h.accessLogs.set(domain, h.accessLogs.get(domain) ?? []);
  if (d.type !== 'initial') {
    for (const r of defaultDnsRecords(h, domain)) addDnsRecord(w, h, r, o.now.getTime());
  }
  if (o.ssl === 'active') issueFreeCertificate(w, h, domain, o.now);
  return d;
}

/** Removes a domain with everything that hangs on it; its WordPress sites too when its files go. */
export function removeHostingDomain(h: HostingServerState, domain: string, deleteFiles: boolean): void {
  const under = (host: string) => host === domain || host.endsWith(`.${domain}`);
  h.domains.delete(domain);
  for (const [s, sub] of h.subdomains) if (sub.parent === domain) h.subdomains.delete(s);
  for (const host of [...h.errorLogs.keys()]) if (under(host)) h.errorLogs.delete(host);
  for (const host of [...h.accessLogs.keys()]) if (under(host)) h.accessLogs.delete(host);
  for (const a of [...h.mail.keys()]) if (a.endsWith(`@${domain}`)) h.mail.delete(a);
  for (const [id, f] of h.mailFilters) if (f.domain === domain) h.mailFilters.delete(id);
  for (const a of [...h.ftp.keys()]) if (a.endsWith(`@${domain}`)) h.ftp.delete(a);
  for (const [id, r] of h.dns) if (r.domain === domain) h.dns.delete(id);
  for (const [id, c] of h.ssl) if (under(c.commonName)) h.ssl.delete(id);
  if (deleteFiles) for (const [id, site] of h.wordpress) if (under(wpHost(site))) h.wordpress.delete(id);
}

export function wpHost(site: WordPressState): string {
  try {
    return new URL(site.url).hostname;
  } catch {
    return '';
  }
}

/** The parent domain of a host the server holds (itself when it is a domain). */
export function parentOf(h: HostingServerState, host: string): string | undefined {
  if (h.domains.has(host)) return host;
  return h.subdomains.get(host)?.parent;
}

// --- DNS ----------------------------------------------------------------------------------------

export type DnsRecordInput = Omit<DnsRecordState, 'id' | 'writtenAt'>;

/** What a domain's zone starts with: the server's address for the apex and www, mail, SPF. */
export function defaultDnsRecords(h: HostingServerState, domain: string): DnsRecordInput[] {
  return [
    { domain, host: '@', type: 'A', content: h.ipAddress, ttl: 3600, priority: 0 },
    { domain, host: 'www', type: 'A', content: h.ipAddress, ttl: 3600, priority: 0 },
    { domain, host: '@', type: 'MX', content: domain, ttl: 3600, priority: 10 },
    { domain, host: '@', type: 'TXT', content: `v=spf1 +a:${h.hostname} +mx ~all`, ttl: 3600, priority: 0 },
  ];
}

export function addDnsRecord(
  w: World,
  h: HostingServerState,
  r: DnsRecordInput,
  nowMs: number,
): DnsRecordState {
  const id = w.allocRecordId();
  const rec = { ...r, id, writtenAt: nowMs };
  h.dns.set(id, rec);
  return rec;
}

/** The record's name in the public DNS: its host under its domain (`@` the apex). */
export function recordName(r: Pick<DnsRecordState, 'domain' | 'host'>): string {
  return (r.host === '@' ? r.domain : `${r.host}.${r.domain}`).toLowerCase();
}

/**
 * Whether the provider sees the domain's ownership record now: TXT
 * `_xserver-verify.<domain>` = `xserver-verify=<token>`, in the public DNS
 * (control.setTxtRecord) or in a zone the provider serves (the DNS API, on a
 * domain that uses the service's name servers), for at least the account's
 * verification delay since it could first be seen.
 */
export function ownershipSeen(w: World, domain: string, token: string, nowMs: number): boolean {
  const name = verificationRecordName(domain);
  const value = verificationValue(token);
  const seenSince = nowMs - w.dns.verificationDelayMs;
  if (w.dns.resolveTxt(name, seenSince).includes(value)) return true;
  for (const h of w.hosting.values()) {
    for (const r of h.dns.values()) {
      if (r.type !== 'TXT' || recordName(r) !== name || r.writtenAt > seenSince) continue;
      if (w.dns.usesExternalNameServers(r.domain)) continue;
      if (r.content.replace(/^"(.*)"$/, '$1') === value) return true;
    }
  }
  return false;
}

// --- cron ---------------------------------------------------------------------------------------

export type CronFields = Pick<
  CronJobState,
  'minute' | 'hour' | 'day' | 'month' | 'weekday' | 'command' | 'comment' | 'enabled'
>;

/** The id a job's content gives it: a change of content is a new id (docs/provider-api.md, Cron). */
export function cronIdOf(servername: string, serial: number, f: CronFields): string {
  return hashId(
    servername,
    'cron',
    serial,
    f.minute,
    f.hour,
    f.day,
    f.month,
    f.weekday,
    f.command,
    f.comment,
    f.enabled,
  ).slice(0, 10);
}

export function addCronJob(
  w: World,
  h: HostingServerState,
  f: CronFields,
  wordpressId: string | null = null,
): CronJobState {
  const serial = w.allocSerial();
  const job: CronJobState = { ...f, serial, id: cronIdOf(h.servername, serial, f), wordpressId };
  h.cronJobs.set(job.id, job);
  return job;
}

/** Applies a change to a job; its id follows its content. Returns the job under its (new) id. */
export function changeCronJob(
  h: HostingServerState,
  job: CronJobState,
  patch: Partial<CronFields>,
): CronJobState {
  const next: CronJobState = { ...job, ...patch };
  next.id = cronIdOf(h.servername, job.serial, next);
  h.cronJobs.delete(job.id);
  h.cronJobs.set(next.id, next);
  return next;
}

/** The cron job a WordPress site gets: its cache cleared every 15 minutes. */
export function wpCacheJob(h: HostingServerState, site: WordPressState): CronFields {
  const u = new URL(site.url);
  const path = u.pathname.replace(/\/$/, '');
  return {
    minute: '*/15',
    hour: '*',
    day: '*',
    month: '*',
    weekday: '*',
    command: `/usr/bin/php ${documentRoot(h.servername, u.hostname)}${path}/wp-cron.php`,
    comment: 'WordPress cache clear',
    enabled: true,
  };
}

/** The five schedule fields as one line, as a crontab writes them. */
export const scheduleOf = (j: CronFields): string => [j.minute, j.hour, j.day, j.month, j.weekday].join(' ');
