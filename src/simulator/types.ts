/** Public types of the simulator (re-exported from index.ts). */
import type { AnswerPatch } from './answer-faults.ts';

export type { AnswerPatch };

export type PowerStatus = 'running' | 'stopped' | 'processing' | 'error';
export type ContractStatus = 'active' | 'suspended';
export type VpsType = 'vps' | 'business' | 'windows' | 'gpu';
export type SignupStatus = 'active' | 'building' | 'setup_pending';
export type Permission = 'full' | 'read' | 'none';
export type ServiceName = 'server' | 'domain' | 'wphosting' | 'vps';

/**
 * The simulator's own custom-key categories, per service: what it gates each
 * endpoint by (src/simulator/README.md, Simulator assumptions). The provider
 * publishes no names.
 */
export interface SimulatorCategories {
  vps: 'server' | 'power' | 'settings' | 'signup';
  server:
    | 'server_info'
    | 'domain'
    | 'wordpress'
    | 'database'
    | 'ssh'
    | 'log'
    | 'cron'
    | 'mail'
    | 'ftp'
    | 'php'
    | 'ssl'
    | 'dns';
  domain: 'domain' | 'dns';
  wphosting: 'site' | 'backup';
}

/** What each category is called in a custom key's `permissions`; one not named keeps its own name. */
export type CategoryNames = { [S in ServiceName]?: Partial<Record<SimulatorCategories[S], string>> };

export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
  concurrent: number;
  daily?: number;
}

/**
 * One account at the provider (one customer's contract): its own world,
 * keys, rate limits and logs. Only the first account keeps the seed's names
 * and the preset keys' tokens of a one-account simulator; the others get
 * their own (uuids, hosting server names, domains and tokens that name the
 * account), VPS names such as `web-1` alike.
 */
export interface AccountSpec {
  /** 1 to 32 lower-case letters, digits and `-`, starting with a letter (`main`, `shop-a`). */
  name: string;
  /** Default: the simulator's `seed`. */
  seed?: 'default' | 'empty';
  /** Default: the simulator's `rateLimit`. */
  rateLimit?: RateLimitConfig;
  /** Default: the simulator's `latencyMs`. */
  latencyMs?: number;
}

export interface SimulatorOptions {
  /**
   * The accounts it serves, the first one first (a name alone is an account
   * with the options below). Default: one account, `default`.
   */
  accounts?: (AccountSpec | string)[];
  host?: string;
  port?: number;
  clock?: 'real' | 'manual';
  now?: Date;
  rateLimit?: RateLimitConfig;
  /**
   * Added to every answer. 'real' clock: real timers. 'manual' clock: the
   * answer waits until simulated time has moved on by this much
   * (control.clock.advance), so tests never wait for wall time.
   */
  latencyMs?: number;
  seed?: 'default' | 'empty';
  /** Seed of the simulator's random source (faults with a `probability`); default 1. */
  randomSeed?: number;
  /**
   * The names the simulator's categories go by in a custom key's `permissions`
   * (the preset `custom` key follows them). The real names are not published:
   * tests rename them so that nothing in the bot can lean on a name.
   */
  categoryNames?: CategoryNames;
}

export interface VpsServerState {
  uuid: string;
  /** Service code (the signup id for servers made by a signup). */
  serviceCode: number;
  name: string;
  vpsType: VpsType;
  planName: string;
  vcpu: number;
  memoryGb: number;
  diskGb: number;
  status: ContractStatus;
  ipAddress: string | null;
  os: string | null;
  application: string | null;
  hostname: string | null;
  reverseHostname: string | null;
  power: PowerStatus;
  memo: string | null;
}

export type ServerTemplate = Partial<Omit<VpsServerState, 'uuid' | 'serviceCode'>>;

export interface SignupRecord {
  id: number;
  idempotencyKey: string;
  keyName: string;
  planId: string;
  period: number;
  imageId: string;
  name: string;
  priceCharged: number;
  status: SignupStatus;
  uuid: string | null;
  expiryDate: string | null;
  createdAt: Date;
  /** When a building/setup_pending signup completes by itself (simulated time); null once active. */
  completesAt: Date | null;
  autoRenew: boolean;
  partnerCode: string | null;
}

export interface ChargeRecord {
  id: number;
  at: Date;
  amount: number;
  signupId: number;
  idempotencyKey: string;
  planId: string;
  period: number;
}

export interface FaultRule {
  method?: string;
  /** Matched against the raw (still percent-encoded) path without the query. */
  path: string | RegExp;
  /** Default 1; Infinity for always. */
  times?: number;
  /**
   * Share of matching requests the rule applies to (above 0, at most 1; default
   * 1), drawn from the simulator's seeded random source (`randomSeed`). A
   * request it passes over is matched against the later rules and uses none
   * of its times.
   */
  probability?: number;
  status?: number;
  code?: string;
  /** Sent as-is instead of a JSON body (an HTML proxy page, or ''). */
  rawBody?: string;
  latencyMs?: number;
  /** 'before': destroy the socket before handling; 'after': handle fully, then destroy without answering. */
  drop?: 'before' | 'after';
  /** Announce a Content-Length larger than the body, send the body, close. */
  truncate?: boolean;
  /** Send the headers and half the body, then nothing more (the client's body timeout must end it). */
  stallBody?: boolean;
  /** Extra answer headers (e.g. `Retry-After`); a 429 fault gets `Retry-After: 1` unless given. */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  at: Date;
  method: string;
  path: string;
  query: Record<string, string>;
  keyName?: string;
  idempotencyKey?: string;
  body: unknown;
  /** HTTP status sent; 0 when the connection was dropped without an answer. */
  status: number;
  /** An error answer's code and detail lines (a fault's raw body has none). */
  error?: { code: string; errors: string[] };
  /** Set when a fault rule shaped this answer. */
  faultId?: number;
}

export interface RequestFilter {
  method?: string;
  path?: string | RegExp;
  keyName?: string;
  status?: number;
}

export interface ServiceGrantSpec {
  permission_type: 'full' | 'read' | 'custom';
  target_mode?: 'all' | 'selected';
  targets?: string[];
  permissions?: Record<string, Permission>;
  allow_signup?: boolean;
  allow_acquisition?: boolean;
  site_target_mode?: 'all' | 'selected';
  sites?: string[];
}

export interface KeySpec {
  /** Name used in recorded requests and rate-limit overrides; default `custom-N`. */
  name?: string;
  services?: Partial<Record<ServiceName, ServiceGrantSpec>>;
  /** `YYYY-MM-DD HH:MM:SS` JST string, a Date, or null (never expires). */
  expires_at?: string | Date | null;
  allowedIps?: string[];
  /** Legacy single-server key: top-level `service_type`, `servername`, `permission_type` in /v1/me. */
  legacy?: { servername: string; permission_type: 'full' | 'read' };
  /**
   * A hosting key in the one shape the provider's hosting reference documents
   * for GET /v1/me: flat `service_type` (`server`), `expires_at` as
   * `YYYY-MM-DDTHH:MM:SS` (Japan time, no offset), `servername`,
   * `permission_type`, and no `services`. A custom one is gated by
   * `permissions` (which its /v1/me does not show).
   */
  flat?: {
    servername: string;
    permission_type: 'full' | 'read' | 'custom';
    permissions?: Record<string, Permission>;
  };
}

/**
 * A request made with a key by another client than the bot (a leaked key, a
 * script of the team's): recorded in the key's log as the provider records
 * a request it answered (GET /v1/logs), and nowhere else.
 */
export interface KeyUseSpec {
  /** The key used: a preset's or custom key's name, or the key itself. Default: `full`, the bot's. */
  key?: string;
  /** The client's source address (IPv4 or IPv6). */
  ip: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The API path, as the log names it (no query). */
  path: string;
  /** The status the provider answered. Default 200. */
  status?: number;
  /** When (default now): not later than now, not before the log's 90 days. */
  at?: Date;
  responseTimeMs?: number | null;
}

/** Refused requests with a key (401 or 403) from another client, a second apart, the last at `at`. */
export interface KeyDeniedSpec {
  key?: string;
  count: number;
  /** Default 198.51.100.23. */
  ip?: string;
  /** Default 403 (an address the key's IP restriction refuses). */
  status?: 401 | 403;
  /** Default GET /v1/vps/servers. */
  method?: KeyUseSpec['method'];
  path?: string;
  at?: Date;
}

export interface KeyExpiryOptions {
  /**
   * false: the expiry is only told (`expires_at` of GET /v1/me) and the key
   * keeps working after it, a provider whose answers and behaviour disagree
   * (a fault). Default true: from the moment on, every request answers 401.
   */
  enforced?: boolean;
}

export interface SimulatorKeys {
  full: string;
  read: string;
  selected: string;
  custom: string;
  expired: string;
  legacy: string;
  noSignup: string;
  ipRestricted: string;
}

/** A TXT record of the simulated public DNS. */
export interface TxtRecord {
  /** Punycode, lower case, e.g. `_xserver-verify.xn--n8jyh.jp`. */
  name: string;
  value: string;
  /** Simulated instant from which the provider sees it (propagation). */
  visibleAt: Date;
  visible: boolean;
}

/** What one hosting server holds, for tests and the sandbox (no secrets: none are kept). */
export interface HostingServerSnapshot {
  servername: string;
  domainValidationToken: string;
  nameServers: string[];
  domains: {
    domain: string;
    /** `active`, `none`, `failed_nameserver`, `failed` (the SSL asked for and its outcome). */
    sslStatus: string;
    redirectHttps: boolean;
    documentRoot: string;
    type: string;
    memo: string;
    phpVersion: string;
  }[];
  subdomains: { subdomain: string; parent: string; sslStatus: string; documentRoot: string; memo: string }[];
  wordpress: { id: string; url: string; title: string; dbName: string; dbUser: string; memo: string }[];
  databases: { name: string; characterSet: string; grants: string[]; memo: string }[];
  dbUsers: string[];
  cronJobs: {
    id: string;
    /** The five schedule fields as one line. */
    schedule: string;
    minute: string;
    hour: string;
    day: string;
    month: string;
    weekday: string;
    command: string;
    comment: string;
    enabled: boolean;
    wordpressId: string | null;
  }[];
  mailAccounts: {
    address: string;
    quotaMb: number;
    memo: string;
    forwarding: string[];
    keepInMailbox: boolean;
  }[];
  mailFilters: { id: string; domain: string; priority: number }[];
  ftpAccounts: { account: string; directory: string; quotaMb: number; memo: string }[];
  sslCertificates: { id: number; commonName: string; type: 'letsencrypt' | 'option'; expiresAt: Date }[];
  dnsRecords: {
    id: number;
    domain: string;
    host: string;
    type: string;
    content: string;
    ttl: number;
    priority: number;
  }[];
  sshEnabled: boolean;
  sshKeys: { keyId: string; publicKey: string; label: string }[];
  /** domain -> number of error log lines */
  errorLogLines: Record<string, number>;
  /** domain -> number of access log lines */
  accessLogLines: Record<string, number>;
}

/** A DNS record as the control panel adds it (the API's fields; `ttl` 3600 and `priority` 10 for MX/SRV by default). */
export interface DnsRecordSpec {
  domain: string;
  host: string;
  type: string;
  content: string;
  ttl?: number;
  priority?: number;
}

/** A cron job as the control panel adds it (`comment` empty and `enabled` true by default). */
export interface CronJobSpec {
  minute: string;
  hour: string;
  day: string;
  month: string;
  weekday: string;
  command: string;
  comment?: string;
  enabled?: boolean;
}

export interface MailAccountSpec {
  /** Default 2000. */
  quotaMb?: number;
  memo?: string;
  forwarding?: string[];
  keepInMailbox?: boolean;
}

export interface FtpAccountSpec {
  /** From the domain's directory; default `/`. */
  directory?: string;
  /** 0 (the default): no limit. */
  quotaMb?: number;
  memo?: string;
}

/**
 * Where the reference contradicts itself, which of its two forms the answers
 * take: PHP's `available_versions` as a map (its field table; the default)
 * or a list (its example), a DNS record's `priority` outside MX and SRV as 0
 * (the table; the default) or null (the example).
 */
export interface AnswerForms {
  phpAvailableVersions: 'map' | 'list';
  dnsPriority: 'zero' | 'null';
}

export interface SimulatorControl {
  /** The account every control below acts on. */
  readonly account: string;
  /** The simulator's clock: one for every account. */
  clock: { now(): Date; set(d: Date): void; advance(ms: number): void };
  /**
   * Sets the power state now; with `then`, it changes again by itself after
   * `afterMs` of simulated time (e.g. processing -> running), as a power
   * operation would. A later setPower cancels a pending change.
   */
  setPower(uuid: string, status: PowerStatus, then?: { status: PowerStatus; afterMs: number }): void;
  setContractStatus(uuid: string, status: ContractStatus): void;
  /**
   * A fault on what the provider answers about one server (its list entry,
   * its detail, its power answer), whatever the spec says: fields set to any
   * JSON value (`{ set: { name: null, memo: 42, 'power.status': 'suspended' } }`)
   * or left out (`{ omit: ['plan_name'] }`). The server's true state is
   * unchanged, and requests are checked as strictly as ever. A new patch
   * replaces the last; null removes it.
   */
  corruptServer(uuid: string, patch: AnswerPatch | null): void;
  /** In the control panel (no key, no `/v1/logs` entry), as every `panel…` control below. */
  renameServer(uuid: string, name: string): void;
  /** The memo set in the control panel (null or `''` deletes it; up to 500 characters). */
  panelSetMemo(uuid: string, memo: string | null): void;
  /** The reverse hostname set in the control panel (null: back to the standard hostname). */
  panelSetReverseHostname(uuid: string, hostname: string | null): void;
  /**
   * A new IPv4 address (null: none), as the provider moves a server: its
   * standard hostname follows, and so does a reverse hostname left at it.
   */
  panelSetIpAddress(uuid: string, ip: string | null): void;
  /** A plan change in the control panel: the plan's name, vCPUs, memory and disk (`planId` of the plan list). */
  panelSetPlan(uuid: string, planId: string): void;
  addServers(n: number, template?: ServerTemplate): string[];
  removeServer(uuid: string): void;
  servers(): VpsServerState[];
  setBalance(yen: number): void;
  balance(): number;
  setMonthlyPrice(planId: string, yen: number): void;
  setCampaign(planId: string, months: number, campaign: { discountPercent: number } | null): void;
  setPlanPaused(planId: string, paused: boolean): void;
  setPlanClosed(planId: string, months: number | null, closed: boolean): void;
  /** One-shot: applies to the next real signup only, then back to 'active'. */
  setNextSignupOutcome(outcome: SignupStatus): void;
  /** Maintenance: every dry run and signup answers 409 CAPACITY_UNAVAILABLE while on. */
  setMaintenance(on: boolean): void;
  completeSignup(id: number | string): void;
  signups(): SignupRecord[];
  charges(): ChargeRecord[];
  setRateLimit(config: RateLimitConfig, key?: string): void;
  /** Number of 429 answers sent so far (per key name in `byKey`). */
  rateLimited(): { total: number; byKey: Record<string, number> };
  setLatency(ms: number): void;
  addFault(rule: FaultRule): number;
  clearFaults(): void;
  requests(filter?: RequestFilter): RecordedRequest[];
  /** Resolves with the next request recorded from now on that matches `filter`. */
  nextRequest(filter?: RequestFilter): Promise<RecordedRequest>;
  clearRequests(): void;
  createKey(spec: KeySpec): string;
  /**
   * Moves a key's expiry (`key`: its name or the key itself): a JST string or
   * Date as in KeySpec, null for never. A moment already past expires it now:
   * its next request answers 401.
   */
  setKeyExpiry(key: string, expiresAt: string | Date | null, options?: KeyExpiryOptions): void;
  /** A request with the key from another client, in the key's log only (see KeyUseSpec). */
  keyUse(spec: KeyUseSpec): void;
  /** A burst of refused requests from another client, in the key's log (see KeyDeniedSpec). */
  keyDenied(spec: KeyDeniedSpec): void;
  /** Requests currently being handled (after body read, before the answer). */
  inFlight(): number;
  /** Resolves once at least `count` requests are in flight (awaiting latency etc.). */
  waitForInFlight(count?: number): Promise<void>;
  /**
   * Public DNS, for domain ownership verification (POST /domain and POST
   * /mail want TXT `_xserver-verify.{domain}` = `xserver-verify=<the server's
   * domain_validation_token>`, seen for the verification delay).
   * The record is seen after `propagationMs` of simulated time (default: the
   * setDnsPropagation value, itself 0 at start). A name may hold several
   * values; setting the same name and value again replaces that record.
   * Names may be Unicode; they are kept in Punycode.
   */
  setTxtRecord(name: string, value: string, options?: { propagationMs?: number }): TxtRecord;
  /** Removes one value of the name, or all its values; throws when nothing matched. */
  removeTxtRecord(name: string, value?: string): void;
  txtRecords(): TxtRecord[];
  /** Propagation delay for TXT records set from now on without their own (simulated ms). */
  setDnsPropagation(ms: number): void;
  /**
   * Marks a domain as using name servers other than the service's (or, with
   * false, the service's). New domains and subdomains with SSL under it get
   * ssl_status `failed_nameserver`; one already held moves between `active`
   * and `failed_nameserver` now. Unmarked names follow the "contains
   * external" rule.
   */
  setExternalNameServers(domain: string, external: boolean): void;
  /** Snapshot of a hosting server (databases, users, cron jobs... that no endpoint lists). */
  hostingServer(servername: string): HostingServerSnapshot;
  /**
   * A hosting contract added to the account (as a signup in the panel
   * would): its initial domain and `domains`, verified, with SSL as their
   * name servers allow. Throws for a name held already.
   */
  addHostingServer(
    servername: string,
    opts?: { variant?: 'standard' | 'business'; domains?: string[] },
  ): HostingServerSnapshot;
  /**
   * In the control panel, not through the API (no key, no `/v1/logs` entry):
   * a domain added (SSL on by default: `active`, or `failed_nameserver` off
   * the service's name servers; `ssl: false` gives `none`) or removed (with
   * its subdomains; never the initial domain), SSH turned on or off, an SSH
   * key registered (a new ed25519 key unless one is given; returns its
   * `key_id`) or deleted.
   */
  panelAddDomain(
    servername: string,
    domain: string,
    opts?: { ssl?: boolean },
  ): HostingServerSnapshot['domains'][number];
  panelRemoveDomain(servername: string, domain: string): void;
  panelSetSsh(servername: string, enabled: boolean): void;
  panelAddSshKey(servername: string, label: string, publicKey?: string): string;
  panelRemoveSshKey(servername: string, keyId: string): void;
  /** In the control panel: a DNS record added (its id), changed or deleted. */
  panelAddDnsRecord(servername: string, record: DnsRecordSpec): number;
  panelChangeDnsRecord(servername: string, id: number, change: Partial<DnsRecordSpec>): void;
  panelRemoveDnsRecord(servername: string, id: number): void;
  /** In the control panel: a cron job added or changed (its id, new when its content changed), or deleted. */
  panelAddCronJob(servername: string, job: CronJobSpec): string;
  panelChangeCronJob(servername: string, id: string, change: Partial<CronJobSpec>): string;
  panelRemoveCronJob(servername: string, id: string): void;
  /** In the control panel: a mail account added (on a domain of the server; no ownership check) or deleted. */
  panelAddMailAccount(servername: string, address: string, spec?: MailAccountSpec): void;
  panelRemoveMailAccount(servername: string, address: string): void;
  /** In the control panel: an FTP account (`user@domain`) added or deleted. */
  panelAddFtpAccount(servername: string, account: string, spec?: FtpAccountSpec): void;
  panelRemoveFtpAccount(servername: string, account: string): void;
  /**
   * When a certificate of that common name ends (every one of it, free or
   * paid): a moment past makes it `expired` in GET /ssl.
   */
  panelSetSslExpiry(servername: string, commonName: string, expiresAt: Date): void;
  /**
   * Free SSL fails for the domain (and its subdomains) for a reason other
   * than its name servers: `ssl_status` `failed` on creation, POST /ssl a 409.
   */
  setSslFailure(domain: string, failing: boolean): void;
  /**
   * How long after a TXT record can first be resolved the ownership check
   * sees it (simulated ms; 60,000 at start: the reference's evidence is 30 to 90 s).
   */
  setVerificationDelay(ms: number): void;
  /** Which form the answers take where the reference contradicts itself (see AnswerForms). */
  setAnswerForms(forms: Partial<AnswerForms>): void;
  /** Whole state as plain JSON (also GET /__sim/state). */
  state(): Record<string, unknown>;
}

/** One account's preset keys and controls. */
export interface SimulatorAccount {
  name: string;
  keys: SimulatorKeys;
  control: SimulatorControl;
}

export interface Simulator {
  url: string;
  /** The first account's preset keys. */
  keys: SimulatorKeys;
  /** The first account's controls (the clock is every account's). */
  control: SimulatorControl;
  /** Every account, the first one first. */
  readonly accounts: readonly SimulatorAccount[];
  /** One account by its name; throws for a name no account has. */
  account(name: string): SimulatorAccount;
  /** A new account (its world seeded as `spec.seed` says), served at once. */
  addAccount(spec: AccountSpec | string): SimulatorAccount;
  close(): Promise<void>;
}
