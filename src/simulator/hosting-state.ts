/**
 * What one hosting server holds, as the simulator keeps it: the resources of
 * every endpoint of docs/provider-api.md (Hosting endpoints), plus the SSH
 * state of the older partial spec. Plain data; the routes and the control
 * panel change it.
 */

/**
 * A domain's or subdomain's SSL as the simulator tracks it: `active` (a
 * certificate is set), `none`, `failed_nameserver` (asked for, refused: the
 * name is not on the service's name servers), `failed` (asked for, refused for
 * another reason), `pending` (kept for older snapshots).
 */
export type SslState = 'active' | 'pending' | 'none' | 'failed_nameserver' | 'failed';

export interface DomainState {
  domain: string; // Punycode
  /** `initial` for the server's initial domain (the simulator's word), `addon` for an added one. */
  type: string;
  sslStatus: SslState;
  redirectHttps: boolean;
  aiCrawlerBlock: boolean;
  memo: string;
  /** major.minor */
  phpVersion: string;
  documentRoot: string;
  createdAt: Date;
  /** Epoch ms until which the setting is still taking effect (`is_awaiting`). */
  awaitingUntil: number;
}

export interface SubdomainState {
  subdomain: string; // Punycode FQDN
  parent: string;
  sslStatus: SslState;
  documentRoot: string;
  memo: string;
}

export interface WordPressState {
  id: string;
  url: string;
  title: string;
  adminUsername: string;
  adminEmail: string;
  version: string;
  dbName: string;
  dbUser: string;
  memo: string;
  createdAt: Date;
}

/**
 * A cron job. Its `id` is a hash of its serial and its content, so it changes
 * whenever the content does (docs/provider-api.md, Cron). `wordpressId` ties
 * the cache-clearing job of a WordPress site to it (DELETE /wp/{id} with
 * `delete_cron`).
 */
export interface CronJobState {
  serial: number;
  id: string;
  minute: string;
  hour: string;
  day: string;
  month: string;
  weekday: string;
  command: string;
  comment: string;
  enabled: boolean;
  wordpressId: string | null;
}

export interface MailAccountState {
  address: string;
  quotaMb: number;
  usedMb: number;
  memo: string;
  forwarding: string[];
  keepInMailbox: boolean;
}

export interface MailFilterCondition {
  keyword: string;
  field: string;
  matchType: string;
}

export interface MailFilterState {
  id: string;
  domain: string;
  priority: number;
  conditions: MailFilterCondition[];
  action: { type: string; target: string; method: string };
}

export interface FtpAccountState {
  account: string;
  /** As the POST gave it, from the domain's directory (`/`, `/public_html`). */
  directory: string;
  quotaMb: number;
  memo: string;
}

export interface DatabaseState {
  name: string;
  characterSet: string;
  grants: Set<string>;
  memo: string;
  sizeMb: number;
}

export interface DbUserState {
  name: string;
  memo: string;
}

export interface SslCertificateState {
  id: number;
  commonName: string;
  type: 'letsencrypt' | 'option';
  expiresAt: Date;
}

export interface DnsRecordState {
  id: number;
  domain: string;
  host: string;
  type: string;
  content: string;
  ttl: number;
  /** MX and SRV; 0 for the others. */
  priority: number;
  /** Epoch ms of the record's last write: the provider sees a TXT record for ownership a while after it. */
  writtenAt: number;
}

export interface SshKeyState {
  keyId: string;
  publicKey: string;
  label: string;
  createdAt: Date;
}

export interface HostingServerState {
  servername: string;
  serverId: string;
  variant: 'standard' | 'business';
  ipAddress: string;
  os: string;
  cpu: string | null;
  memory: string | null;
  apacheVersion: string;
  perlVersions: string[];
  /** Full versions, newest first (`8.3.14`). */
  phpVersions: string[];
  /** A new domain's PHP version, major.minor. */
  defaultPhp: string;
  /** As server-info writes them (`mariadb10.5.x`). */
  dbVersions: string[];
  /** As the MySQL lists write the version (`MariaDB10.5`). */
  dbVersionName: string;
  nameServers: string[];
  domainValidationToken: string;
  hostname: string;
  notificationEmail: string;
  domains: Map<string, DomainState>;
  subdomains: Map<string, SubdomainState>;
  wordpress: Map<string, WordPressState>;
  databases: Map<string, DatabaseState>;
  dbUsers: Map<string, DbUserState>;
  cronJobs: Map<string, CronJobState>;
  mail: Map<string, MailAccountState>;
  mailFilters: Map<string, MailFilterState>;
  ftp: Map<string, FtpAccountState>;
  ssl: Map<number, SslCertificateState>;
  dns: Map<number, DnsRecordState>;
  sshEnabled: boolean;
  sshKeys: Map<string, SshKeyState>;
  /** domain -> log lines, oldest first */
  errorLogs: Map<string, string[]>;
  accessLogs: Map<string, string[]>;
  diskUsedGb: number;
  diskQuotaGb: number;
  /** 0: no limit. */
  fileLimit: number;
  fileCount: number;
  /** When the last subdomains were made (epoch ms): several in quick succession meet a temporary error. */
  subdomainBurst: number[];
}
