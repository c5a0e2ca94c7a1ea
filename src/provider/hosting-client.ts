/**
 * The web hosting server API, one method per endpoint of the provider's
 * reference (docs/provider-api.md, Hosting endpoints), and the SSH endpoints
 * of the older partial spec. Inputs are checked as the reference states them
 * before anything is sent (hosting-validate.ts); answers are read leniently,
 * lists item by item (hosting-reading.ts). Japanese domain names go out as
 * Punycode, path parameters are URL-encoded (so `@` of a mail address becomes
 * `%40`), and a DELETE that needs a body sends it as JSON (docs/provider-api.md,
 * Hosting paths).
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import type { ZodType } from 'zod';
import { z } from 'zod';
import type { ObjectSchema } from './entry-reading.ts';
import { ValidationError } from './errors.ts';
import {
  type FieldsRead,
  type Listing,
  type PhpVersionOffer,
  readAvailableVersions,
  readFields,
  readListing,
} from './hosting-reading.ts';
import {
  type CronJob,
  CronJobSchema,
  CronListSchema,
  type CronWrite,
  CronWriteSchema,
  type Database,
  DatabaseSchema,
  type DatabaseUser,
  DatabaseUserSchema,
  type DatabaseUserWrite,
  DatabaseUserWriteSchema,
  type DatabaseWrite,
  DatabaseWriteSchema,
  type DnsRecord,
  DnsRecordSchema,
  type DnsWrite,
  DnsWriteSchema,
  type DomainWrite,
  DomainWriteSchema,
  envelope,
  type FtpAccount,
  FtpAccountSchema,
  type FtpWrite,
  FtpWriteSchema,
  GrantsSchema,
  type HostingUsage,
  HostingUsageSchema,
  type IdWrite,
  IdWriteSchema,
  type MailAccount,
  type MailAccountDetail,
  MailAccountDetailSchema,
  MailAccountSchema,
  type MailFilter,
  MailFilterSchema,
  type MailForwarding,
  MailForwardingSchema,
  type MailWrite,
  MailWriteSchema,
  type PhpDomain,
  PhpDomainSchema,
  PhpVersionsSchema,
  type SslCertificate,
  SslCertificateSchema,
  type SubdomainWrite,
  SubdomainWriteSchema,
  type WriteAnswer,
  WriteAnswerSchema,
} from './hosting-schemas.ts';
import {
  type AddDomainInput,
  type AddSubdomainInput,
  type CreateDatabaseInput,
  type CreateDatabaseUserInput,
  type CreateFtpInput,
  type CreateMailInput,
  type CronJobChange,
  type CronJobInput,
  checkBoolean,
  checkDomain,
  checkOneOf,
  checkText,
  type DatabaseUserChange,
  type DnsRecordChange,
  type DnsRecordInput,
  DOMAIN_RESET_TYPES,
  type DomainResetType,
  type FtpChange,
  type HostingLogQuery,
  type InstallWordpressInput,
  type MailChange,
  type MailFilterInput,
  type MailForwardingInput,
  validateCronChange,
  validateCronJob,
  validateDatabaseCreate,
  validateDatabaseUserCreate,
  validateDnsChange,
  validateDnsId,
  validateDnsRecord,
  validateDomainAdd,
  validateForwarding,
  validateFtpChange,
  validateFtpCreate,
  validateHostingId,
  validateLogQuery,
  validateMailChange,
  validateMailCreate,
  validateMailFilter,
  validateSubdomainAdd,
  validateWordpressInstall,
} from './hosting-validate.ts';
import type { MalformedReports } from './malformed-reports.ts';
import type { Caller } from './priorities.ts';
import type { CallOptions, HttpMethod } from './request-spec.ts';
import {
  type AnyObject,
  AnyObjectSchema,
  type HostingDomain,
  HostingDomainSchema,
  type HostingErrorLog,
  HostingErrorLogSchema,
  type HostingServerInfo,
  HostingServerInfoSchema,
  type HostingWordpressList,
  HostingWordpressListSchema,
} from './schemas.ts';
import type { ProviderTransport } from './transport.ts';
import {
  assertDomain,
  assertPathId,
  assertValid,
  type ValidationIssue,
  validateMailAddress,
  validateSshPublicKey,
  validateText,
} from './validate.ts';

/** Punycode of a (possibly Japanese) domain, lower case. */
export function toAsciiDomain(domain: string): string {
  return domainToASCII(domain.trim());
}

/** The readable form of a domain given in Punycode (or already readable); '' when it is no domain. */
export function toUnicodeDomain(domain: string): string {
  return domainToUnicode(toAsciiDomain(domain));
}

/** A domain as a path segment: Punycode, then URL-encoded. */
export function encodeDomainSegment(domain: string): string {
  return encodeURIComponent(toAsciiDomain(domain));
}

/** A mail address as a path segment: domain part in Punycode, `@` as `%40`. */
export function encodeMailSegment(address: string): string {
  assertValid(validateMailAddress(address));
  const at = address.lastIndexOf('@');
  return encodeURIComponent(`${address.slice(0, at)}@${toAsciiDomain(address.slice(at + 1))}`);
}

/** A mail address (or an FTP account, `user@domain`) as a body sends it: its domain in Punycode. */
export function toAsciiAddress(address: string): string {
  const a = address.trim();
  const at = a.lastIndexOf('@');
  return at < 0 ? a : `${a.slice(0, at)}@${toAsciiDomain(a.slice(at + 1))}`;
}

/** A text body field: present, and free of control characters (validate.ts, the one text rule). */
function requireString(v: unknown, field: string, out: ValidationIssue[]): void {
  if (typeof v !== 'string' || v.trim() === '')
    out.push({ field, rule: 'required', message: 'must not be empty' });
  else out.push(...validateText(v, field));
}

function check(out: ValidationIssue[]): void {
  if (out.length > 0) throw new ValidationError(out);
}

/** Only the fields given, so that a PUT changes nothing it is not sent (docs/provider-api.md, Hosting endpoints). */
function given<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type {
  AddDomainInput,
  AddSubdomainInput,
  CreateDatabaseInput,
  CreateDatabaseUserInput,
  InstallWordpressInput,
};

export interface DeleteWordpressInput {
  delete_db?: boolean;
  delete_db_user?: boolean;
  delete_cron?: boolean;
}
export type AddSshKeyInput = { public_key: string; label: string } | { generate: true; label?: string };
export type ErrorLogQuery = HostingLogQuery;
/** The optional `domain` filter of a list (a parent domain: the reference does not filter by a subdomain). */
export interface DomainQuery {
  domain?: string;
}

/** The cron list: its jobs, and the address cron's notices go to. */
export interface CronListing extends Listing<CronJob> {
  notificationEmail: string | undefined;
}

/** The PHP versions on offer (either form of the reference read) and each domain's. */
export interface PhpVersions {
  available: PhpVersionOffer[];
  /** True when `available_versions` was neither a map nor a list. */
  availableUnread: boolean;
  domains: Listing<PhpDomain>;
}

/** A user's grants: the database names, and any entry that was not a name. */
export interface Grants {
  databases: string[];
  malformed: number[];
}

const isQuery = (v: DomainQuery | CallOptions | undefined): v is DomainQuery =>
  v !== undefined && 'domain' in v;

export class HostingClient {
  readonly servername: string;
  private readonly base: string;

  /**
   * `caller`: the person every call of this client is made for (people are
   * served in turn); `malformed`: where an item that breaks the reference is
   * logged once.
   */
  constructor(
    private readonly transport: ProviderTransport,
    servername: string,
    private readonly caller?: Caller,
    private readonly malformed?: MalformedReports,
  ) {
    this.servername = toAsciiDomain(servername);
    this.base = `/v1/server/${encodeURIComponent(this.servername)}`;
  }

  // --- server information (E2, E3) -------------------------------------------------------------

  /** GET /server-info */
  async serverInfo(o?: CallOptions): Promise<HostingServerInfo> {
    return this.call('GET', '/server-info', '/server-info', HostingServerInfoSchema, o);
  }

  /** GET /server-info/usage: disk and counts, each field read on its own. */
  async usage(o?: CallOptions): Promise<HostingUsage> {
    return this.call('GET', '/server-info/usage', '/server-info/usage', HostingUsageSchema, o);
  }

  // --- cron (E4-E7) ------------------------------------------------------------------------------

  /** GET /cron: the jobs (string ids) and the notice address. */
  async listCron(o?: CallOptions): Promise<CronListing> {
    const a = await this.call('GET', '/cron', '/cron', CronListSchema, o);
    return { ...this.list('GET /cron', CronJobSchema, a.crons), notificationEmail: a.notification_email };
  }

  /** POST /cron: answers the new job's `id`. */
  async addCron(input: CronJobInput, o?: CallOptions): Promise<CronWrite> {
    check(validateCronJob(input));
    return this.call('POST', '/cron', '/cron', CronWriteSchema, o, { body: given(input) });
  }

  /**
   * PUT /cron/{cron_id}: only what is given changes. A change of content
   * changes the job's id: use the answer's `id` from then on.
   */
  async updateCron(cronId: string, change: CronJobChange, o?: CallOptions): Promise<CronWrite> {
    check([...validateHostingId(cronId, 'cron_id'), ...validateCronChange(change)]);
    return this.call('PUT', '/cron/{cron_id}', `/cron/${encodeURIComponent(cronId)}`, CronWriteSchema, o, {
      body: given(change),
    });
  }

  /** DELETE /cron/{cron_id} */
  async deleteCron(cronId: string, o?: CallOptions): Promise<WriteAnswer> {
    check(validateHostingId(cronId, 'cron_id'));
    return this.call(
      'DELETE',
      '/cron/{cron_id}',
      `/cron/${encodeURIComponent(cronId)}`,
      WriteAnswerSchema,
      o,
    );
  }

  // --- WordPress (E8-E11) ------------------------------------------------------------------------

  /** GET /wp, optionally for one parent domain (not a subdomain). */
  async listWordpress(q: DomainQuery = {}, o?: CallOptions): Promise<HostingWordpressList> {
    check(checkDomain(q.domain, 'domain', false));
    return this.call('GET', '/wp', '/wp', HostingWordpressListSchema, o, { query: this.domainQuery(q) });
  }

  /** POST /wp: answers the site's `id`. */
  async installWordpress(input: InstallWordpressInput, o?: CallOptions): Promise<IdWrite> {
    check(validateWordpressInstall(input));
    return this.call('POST', '/wp', '/wp', IdWriteSchema, o, {
      body: given(input),
      secrets: [input.admin_password],
    });
  }

  /**
   * PUT /wp/{wp_id}: the memo, its one field. The provider empties a memo
   * left out (docs/provider-api.md, WordPress), so it is always sent: `''`
   * to empty it.
   */
  async updateWordpress(wpId: string, input: { memo: string }, o?: CallOptions): Promise<WriteAnswer> {
    check([...validateHostingId(wpId, 'wp_id'), ...this.memoIssues(input.memo)]);
    return this.call('PUT', '/wp/{wp_id}', `/wp/${encodeURIComponent(wpId)}`, WriteAnswerSchema, o, {
      body: { memo: input.memo },
    });
  }

  /** DELETE /wp/{wp_id} with a JSON body (provider defaults: db true, db user false, cron true). */
  async deleteWordpress(
    wpId: string | number,
    input: DeleteWordpressInput = {},
    o?: CallOptions,
  ): Promise<WriteAnswer> {
    assertPathId(wpId, 'wp_id');
    check([
      ...checkBoolean(input.delete_db, 'delete_db'),
      ...checkBoolean(input.delete_db_user, 'delete_db_user'),
      ...checkBoolean(input.delete_cron, 'delete_cron'),
    ]);
    const body = {
      delete_db: input.delete_db ?? true,
      delete_db_user: input.delete_db_user ?? false,
      delete_cron: input.delete_cron ?? true,
    };
    return this.call(
      'DELETE',
      '/wp/{wp_id}',
      `/wp/${encodeURIComponent(String(wpId))}`,
      WriteAnswerSchema,
      o,
      {
        body,
      },
    );
  }

  // --- mail accounts (E12-E18) -------------------------------------------------------------------

  /** GET /mail, optionally for one domain. */
  async listMail(q: DomainQuery = {}, o?: CallOptions): Promise<Listing<MailAccount>> {
    check(checkDomain(q.domain, 'domain', false));
    const a = await this.call('GET', '/mail', '/mail', envelope('accounts'), o, {
      query: this.domainQuery(q),
    });
    return this.list('GET /mail', MailAccountSchema, a.accounts as unknown[]);
  }

  /** GET /mail/{mail_account}: with its quota and usage. */
  async getMail(address: string, o?: CallOptions): Promise<FieldsRead<MailAccountDetail>> {
    const a = await this.call(
      'GET',
      '/mail/{mail_account}',
      `/mail/${encodeMailSegment(address)}`,
      z.unknown(),
      o,
    );
    return this.fields('GET /mail/{mail_account}', address, MailAccountDetailSchema, a);
  }

  /** POST /mail: the domain's ownership is checked by the provider (docs/provider-api.md, Domain ownership). */
  async createMail(input: CreateMailInput, o?: CallOptions): Promise<MailWrite> {
    check(validateMailCreate(input));
    return this.call('POST', '/mail', '/mail', MailWriteSchema, o, {
      body: given({ ...input, mail_address: toAsciiAddress(input.mail_address) }),
      secrets: [input.password],
    });
  }

  /** PUT /mail/{mail_account}: only what is given changes. */
  async updateMail(address: string, change: MailChange, o?: CallOptions): Promise<WriteAnswer> {
    check(validateMailChange(change));
    return this.call(
      'PUT',
      '/mail/{mail_account}',
      `/mail/${encodeMailSegment(address)}`,
      WriteAnswerSchema,
      o,
      {
        body: given(change),
        ...(change.password === undefined ? {} : { secrets: [change.password] }),
      },
    );
  }

  /** DELETE /mail/{mail_account} */
  async deleteMail(address: string, o?: CallOptions): Promise<WriteAnswer> {
    return this.call(
      'DELETE',
      '/mail/{mail_account}',
      `/mail/${encodeMailSegment(address)}`,
      WriteAnswerSchema,
      o,
    );
  }

  /** GET /mail/{mail_account}/forwarding */
  async getForwarding(address: string, o?: CallOptions): Promise<FieldsRead<MailForwarding>> {
    const path = `/mail/${encodeMailSegment(address)}/forwarding`;
    const a = await this.call('GET', '/mail/{mail_account}/forwarding', path, z.unknown(), o);
    return this.fields('GET /mail/{mail_account}/forwarding', address, MailForwardingSchema, a);
  }

  /** PUT /mail/{mail_account}/forwarding: the list is replaced whole, `[]` clears it. */
  async setForwarding(address: string, input: MailForwardingInput, o?: CallOptions): Promise<WriteAnswer> {
    check(validateForwarding(input));
    const body = given({
      ...input,
      forwarding_addresses: input.forwarding_addresses?.map(toAsciiAddress),
    });
    const path = `/mail/${encodeMailSegment(address)}/forwarding`;
    return this.call('PUT', '/mail/{mail_account}/forwarding', path, WriteAnswerSchema, o, { body });
  }

  // --- mail sorting (E19-E21) --------------------------------------------------------------------

  /** GET /mail-filter, optionally for one domain. */
  async listMailFilters(q: DomainQuery = {}, o?: CallOptions): Promise<Listing<MailFilter>> {
    check(checkDomain(q.domain, 'domain', false));
    const a = await this.call('GET', '/mail-filter', '/mail-filter', envelope('filters'), o, {
      query: this.domainQuery(q),
    });
    return this.list('GET /mail-filter', MailFilterSchema, a.filters as unknown[]);
  }

  /** POST /mail-filter: at least one condition (all must match) and one action; answers the rule's `id`. */
  async addMailFilter(input: MailFilterInput, o?: CallOptions): Promise<IdWrite> {
    check(validateMailFilter(input));
    const body = {
      domain: toAsciiDomain(input.domain),
      conditions: input.conditions.map((c) => ({
        keyword: c.keyword,
        field: c.field,
        match_type: c.match_type,
      })),
      action: given({
        type: input.action.type,
        target: input.action.target === undefined ? undefined : toAsciiAddress(input.action.target),
        method: input.action.method,
      }),
    };
    return this.call('POST', '/mail-filter', '/mail-filter', IdWriteSchema, o, { body });
  }

  /** DELETE /mail-filter/{filter_id} */
  async deleteMailFilter(filterId: string, o?: CallOptions): Promise<WriteAnswer> {
    check(validateHostingId(filterId, 'filter_id'));
    const path = `/mail-filter/${encodeURIComponent(filterId)}`;
    return this.call('DELETE', '/mail-filter/{filter_id}', path, WriteAnswerSchema, o);
  }

  // --- FTP (E22-E25) -----------------------------------------------------------------------------

  /** GET /ftp (the main account is not listed), optionally for one domain. */
  async listFtp(q: DomainQuery = {}, o?: CallOptions): Promise<Listing<FtpAccount>> {
    check(checkDomain(q.domain, 'domain', false));
    const a = await this.call('GET', '/ftp', '/ftp', envelope('accounts'), o, { query: this.domainQuery(q) });
    return this.list('GET /ftp', FtpAccountSchema, a.accounts as unknown[]);
  }

  /** POST /ftp: `directory` defaults to `/` at the provider. */
  async createFtp(input: CreateFtpInput, o?: CallOptions): Promise<FtpWrite> {
    check(validateFtpCreate(input));
    return this.call('POST', '/ftp', '/ftp', FtpWriteSchema, o, {
      body: given({ ...input, ftp_account: toAsciiAddress(input.ftp_account) }),
      secrets: [input.password],
    });
  }

  /** PUT /ftp/{ftp_account}: only what is given changes. */
  async updateFtp(account: string, change: FtpChange, o?: CallOptions): Promise<WriteAnswer> {
    check([...this.accountIssues(account), ...validateFtpChange(change)]);
    return this.call(
      'PUT',
      '/ftp/{ftp_account}',
      `/ftp/${this.accountSegment(account)}`,
      WriteAnswerSchema,
      o,
      {
        body: given(change),
        ...(change.password === undefined ? {} : { secrets: [change.password] }),
      },
    );
  }

  /** DELETE /ftp/{ftp_account} */
  async deleteFtp(account: string, o?: CallOptions): Promise<WriteAnswer> {
    check(this.accountIssues(account));
    return this.call(
      'DELETE',
      '/ftp/{ftp_account}',
      `/ftp/${this.accountSegment(account)}`,
      WriteAnswerSchema,
      o,
    );
  }

  // --- MySQL (E26-E36) ---------------------------------------------------------------------------

  /** GET /db */
  async listDatabases(o?: CallOptions): Promise<Listing<Database>> {
    const a = await this.call('GET', '/db', '/db', envelope('databases'), o);
    return this.list('GET /db', DatabaseSchema, a.databases as unknown[]);
  }

  /** POST /db: answers the full `db_name`. */
  async createDatabase(input: CreateDatabaseInput, o?: CallOptions): Promise<DatabaseWrite> {
    check(validateDatabaseCreate(input));
    return this.call('POST', '/db', '/db', DatabaseWriteSchema, o, { body: given(input) });
  }

  /** PUT /db/{db_name}: the memo, required. */
  async updateDatabase(dbName: string, memo: string, o?: CallOptions): Promise<WriteAnswer> {
    check([...validateHostingId(dbName, 'db_name'), ...this.memoIssues(memo)]);
    return this.call('PUT', '/db/{db_name}', `/db/${encodeURIComponent(dbName)}`, WriteAnswerSchema, o, {
      body: { memo },
    });
  }

  /** DELETE /db/{db_name} */
  async deleteDatabase(dbName: string, o?: CallOptions): Promise<WriteAnswer> {
    check(validateHostingId(dbName, 'db_name'));
    return this.call('DELETE', '/db/{db_name}', `/db/${encodeURIComponent(dbName)}`, WriteAnswerSchema, o);
  }

  /** GET /db/user */
  async listDatabaseUsers(o?: CallOptions): Promise<Listing<DatabaseUser>> {
    const a = await this.call('GET', '/db/user', '/db/user', envelope('users'), o);
    return this.list('GET /db/user', DatabaseUserSchema, a.users as unknown[]);
  }

  /** POST /db/user: answers the full `db_user`. */
  async createDatabaseUser(input: CreateDatabaseUserInput, o?: CallOptions): Promise<DatabaseUserWrite> {
    check(validateDatabaseUserCreate(input));
    return this.call('POST', '/db/user', '/db/user', DatabaseUserWriteSchema, o, {
      body: given(input),
      secrets: [input.password],
    });
  }

  /** PUT /db/user/{db_user}: only what is given changes. */
  async updateDatabaseUser(
    dbUser: string,
    change: DatabaseUserChange,
    o?: CallOptions,
  ): Promise<WriteAnswer> {
    check([
      ...validateHostingId(dbUser, 'db_user'),
      ...checkText(change.password, 'password'),
      ...checkText(change.memo, 'memo', { multiline: true }),
    ]);
    const path = `/db/user/${encodeURIComponent(dbUser)}`;
    return this.call('PUT', '/db/user/{db_user}', path, WriteAnswerSchema, o, {
      body: given(change),
      ...(change.password === undefined ? {} : { secrets: [change.password] }),
    });
  }

  /** DELETE /db/user/{db_user} */
  async deleteDatabaseUser(dbUser: string, o?: CallOptions): Promise<WriteAnswer> {
    check(validateHostingId(dbUser, 'db_user'));
    const path = `/db/user/${encodeURIComponent(dbUser)}`;
    return this.call('DELETE', '/db/user/{db_user}', path, WriteAnswerSchema, o);
  }

  /** GET /db/user/{db_user}/grant: the names of the databases the user reaches. */
  async listGrants(dbUser: string, o?: CallOptions): Promise<Grants> {
    check(validateHostingId(dbUser, 'db_user'));
    const path = `/db/user/${encodeURIComponent(dbUser)}/grant`;
    const a = await this.call('GET', '/db/user/{db_user}/grant', path, GrantsSchema, o);
    const out: Grants = { databases: [], malformed: [] };
    for (const [i, d] of a.databases.entries()) {
      if (typeof d === 'string') out.databases.push(d);
      else out.malformed.push(i);
    }
    if (out.malformed.length > 0)
      this.malformed?.report('GET /db/user/{db_user}/grant', dbUser, out.malformed.map(String));
    return out;
  }

  /** POST /db/user/{db_user}/grant */
  async grantDatabase(dbUser: string, dbName: string, o?: CallOptions): Promise<WriteAnswer> {
    assertPathId(dbUser, 'db_user');
    const out: ValidationIssue[] = [];
    requireString(dbName, 'db_name', out);
    check(out);
    const path = `/db/user/${encodeURIComponent(dbUser)}/grant`;
    return this.call('POST', '/db/user/{db_user}/grant', path, WriteAnswerSchema, o, {
      body: { db_name: dbName },
    });
  }

  /** DELETE /db/user/{db_user}/grant with the JSON body `{db_name}`, required. */
  async revokeGrant(dbUser: string, dbName: string, o?: CallOptions): Promise<WriteAnswer> {
    assertPathId(dbUser, 'db_user');
    const out: ValidationIssue[] = [];
    requireString(dbName, 'db_name', out);
    check(out);
    const path = `/db/user/${encodeURIComponent(dbUser)}/grant`;
    return this.call('DELETE', '/db/user/{db_user}/grant', path, WriteAnswerSchema, o, {
      body: { db_name: dbName },
    });
  }

  // --- PHP (E37, E38) ----------------------------------------------------------------------------

  /** GET /php-version: the versions on offer (map or list, as the provider answers) and each domain's. */
  async phpVersions(q: DomainQuery = {}, o?: CallOptions): Promise<PhpVersions> {
    check(checkDomain(q.domain, 'domain', false));
    const a = await this.call('GET', '/php-version', '/php-version', PhpVersionsSchema, o, {
      query: this.domainQuery(q),
    });
    const available = readAvailableVersions(a.available_versions);
    if (!available) this.malformed?.report('GET /php-version', this.servername, ['available_versions']);
    return {
      available: available ?? [],
      availableUnread: available === undefined,
      domains: this.list('GET /php-version', PhpDomainSchema, a.domains),
    };
  }

  /** PUT /php-version/{domain}: `version` as `major.minor` (the provider says which it offers). */
  async setPhpVersion(domain: string, version: string, o?: CallOptions): Promise<WriteAnswer> {
    check([...checkDomain(domain, 'domain'), ...checkText(version, 'version', { required: true })]);
    const path = `/php-version/${encodeDomainSegment(domain)}`;
    return this.call('PUT', '/php-version/{domain}', path, WriteAnswerSchema, o, { body: { version } });
  }

  // --- domains (E39-E44) -------------------------------------------------------------------------

  /** GET /domain (read with `domainsOf`, or item by item with `domainListOf`). */
  async listDomains(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/domain', '/domain', AnyObjectSchema, o);
  }

  /** GET /domain/{domain}: with its document root, URL, PHP version, SSL, memo and date. */
  async getDomain(domain: string, o?: CallOptions): Promise<HostingDomain> {
    assertDomain(domain);
    return this.call(
      'GET',
      '/domain/{domain}',
      `/domain/${encodeDomainSegment(domain)}`,
      HostingDomainSchema,
      o,
    );
  }

  /**
   * POST /domain: what is left out takes the provider's default (`ssl` true,
   * `redirect_https` as `ssl`, `ai_crawler_block_enabled` true). Ownership is
   * checked by the provider (docs/provider-api.md, Domain ownership); the
   * answer's `ssl_status` gives the SSL's outcome.
   */
  async addDomain(input: AddDomainInput, o?: CallOptions): Promise<DomainWrite> {
    check(validateDomainAdd(input));
    return this.call('POST', '/domain', '/domain', DomainWriteSchema, o, {
      body: given({ ...input, domain: toAsciiDomain(input.domain) }),
    });
  }

  /** PUT /domain/{domain}: the memo, required. */
  async updateDomain(domain: string, memo: string, o?: CallOptions): Promise<WriteAnswer> {
    check([...checkDomain(domain, 'domain'), ...this.memoIssues(memo)]);
    const path = `/domain/${encodeDomainSegment(domain)}`;
    return this.call('PUT', '/domain/{domain}', path, WriteAnswerSchema, o, { body: { memo } });
  }

  /** DELETE /domain/{domain}: `delete_files` (default false) also deletes its directory. */
  async deleteDomain(
    domain: string,
    input: { delete_files?: boolean } = {},
    o?: CallOptions,
  ): Promise<WriteAnswer> {
    check([...checkDomain(domain, 'domain'), ...checkBoolean(input.delete_files, 'delete_files')]);
    const path = `/domain/${encodeDomainSegment(domain)}`;
    return this.call('DELETE', '/domain/{domain}', path, WriteAnswerSchema, o, {
      body: { delete_files: input.delete_files ?? false },
    });
  }

  /** POST /domain/{domain}/reset with its required `type`: `all`, `web` or `other`. Destructive; never retried. */
  async resetDomain(domain: string, type: DomainResetType, o?: CallOptions): Promise<WriteAnswer> {
    check([...checkDomain(domain, 'domain'), ...checkOneOf(type, 'type', DOMAIN_RESET_TYPES, true)]);
    const path = `/domain/${encodeDomainSegment(domain)}/reset`;
    return this.call('POST', '/domain/{domain}/reset', path, WriteAnswerSchema, o, { body: { type } });
  }

  // --- subdomains (E45-E48) ----------------------------------------------------------------------

  /**
   * GET /subdomain, optionally under one parent domain (match by FQDN to find
   * `document_root`). `listSubdomains(options)` still works.
   */
  async listSubdomains(q?: DomainQuery | CallOptions, o?: CallOptions): Promise<AnyObject> {
    const query = isQuery(q) ? q : {};
    const options = isQuery(q) ? o : (q ?? o);
    check(checkDomain(query.domain, 'domain', false));
    return this.call('GET', '/subdomain', '/subdomain', AnyObjectSchema, options, {
      query: this.domainQuery(query),
    });
  }

  /** POST /subdomain: `ssl` defaults to true at the provider; the answer's `ssl_status` gives the outcome. */
  async addSubdomain(input: AddSubdomainInput, o?: CallOptions): Promise<SubdomainWrite> {
    check(validateSubdomainAdd(input));
    return this.call('POST', '/subdomain', '/subdomain', SubdomainWriteSchema, o, {
      body: given({ ...input, subdomain: toAsciiDomain(input.subdomain) }),
    });
  }

  /** PUT /subdomain/{subdomain}: the memo, required. */
  async updateSubdomain(subdomain: string, memo: string, o?: CallOptions): Promise<WriteAnswer> {
    check([...checkDomain(subdomain, 'subdomain'), ...this.memoIssues(memo)]);
    const path = `/subdomain/${encodeDomainSegment(subdomain)}`;
    return this.call('PUT', '/subdomain/{subdomain}', path, WriteAnswerSchema, o, { body: { memo } });
  }

  /** DELETE /subdomain/{subdomain}: `delete_files` (default false) also deletes its directory. */
  async deleteSubdomain(
    subdomain: string,
    input: { delete_files?: boolean } = {},
    o?: CallOptions,
  ): Promise<WriteAnswer> {
    check([...checkDomain(subdomain, 'subdomain'), ...checkBoolean(input.delete_files, 'delete_files')]);
    const path = `/subdomain/${encodeDomainSegment(subdomain)}`;
    return this.call('DELETE', '/subdomain/{subdomain}', path, WriteAnswerSchema, o, {
      body: { delete_files: input.delete_files ?? false },
    });
  }

  // --- SSL (E49-E51) -----------------------------------------------------------------------------

  /** GET /ssl: free and paid certificates with their expiry, optionally for one domain. */
  async listSsl(q: DomainQuery = {}, o?: CallOptions): Promise<Listing<SslCertificate>> {
    check(checkDomain(q.domain, 'domain', false));
    const a = await this.call('GET', '/ssl', '/ssl', envelope('ssl_list'), o, { query: this.domainQuery(q) });
    return this.list('GET /ssl', SslCertificateSchema, a.ssl_list as unknown[]);
  }

  /** POST /ssl: a free certificate; the provider issues one only on its own name servers. */
  async addFreeSsl(commonName: string, o?: CallOptions): Promise<WriteAnswer> {
    check(checkDomain(commonName, 'common_name'));
    return this.call('POST', '/ssl', '/ssl', WriteAnswerSchema, o, {
      body: { common_name: toAsciiDomain(commonName) },
    });
  }

  /** DELETE /ssl/{common_name}: the free certificate of that name. */
  async deleteFreeSsl(commonName: string, o?: CallOptions): Promise<WriteAnswer> {
    check(checkDomain(commonName, 'common_name'));
    const path = `/ssl/${encodeDomainSegment(commonName)}`;
    return this.call('DELETE', '/ssl/{common_name}', path, WriteAnswerSchema, o);
  }

  // --- DNS (E52-E55) -----------------------------------------------------------------------------

  /** GET /dns, optionally for one domain; `priority` read as an integer or null. */
  async listDns(q: DomainQuery = {}, o?: CallOptions): Promise<Listing<DnsRecord>> {
    check(checkDomain(q.domain, 'domain', false));
    const a = await this.call('GET', '/dns', '/dns', envelope('records'), o, { query: this.domainQuery(q) });
    return this.list('GET /dns', DnsRecordSchema, a.records as unknown[]);
  }

  /** POST /dns: answers the record's integer `id`; `ttl` is 3600 at the provider when left out. */
  async addDns(input: DnsRecordInput, o?: CallOptions): Promise<DnsWrite> {
    check(validateDnsRecord(input));
    return this.call('POST', '/dns', '/dns', DnsWriteSchema, o, {
      body: given({ ...input, domain: toAsciiDomain(input.domain) }),
    });
  }

  /** PUT /dns/{dns_id}: only what is given changes. */
  async updateDns(id: number | string, change: DnsRecordChange, o?: CallOptions): Promise<WriteAnswer> {
    check([...validateDnsId(id), ...validateDnsChange(change)]);
    const body = given({
      ...change,
      domain: change.domain === undefined ? undefined : toAsciiDomain(change.domain),
    });
    return this.call('PUT', '/dns/{dns_id}', `/dns/${String(id)}`, WriteAnswerSchema, o, { body });
  }

  /** DELETE /dns/{dns_id} */
  async deleteDns(id: number | string, o?: CallOptions): Promise<WriteAnswer> {
    check(validateDnsId(id));
    return this.call('DELETE', '/dns/{dns_id}', `/dns/${String(id)}`, WriteAnswerSchema, o);
  }

  // --- logs (E56, E57) ---------------------------------------------------------------------------

  /** GET /access-log: `domain` required; `lines` from the end (the whole log when left out); `keyword`. */
  async accessLog(q: HostingLogQuery, o?: CallOptions): Promise<HostingErrorLog> {
    check(validateLogQuery(q));
    return this.call('GET', '/access-log', '/access-log', HostingErrorLogSchema, o, {
      query: this.logQuery(q),
    });
  }

  /** GET /error-log: `domain` required, `lines` and `keyword` optional; answers `{domain, log}`. */
  async errorLog(q: ErrorLogQuery, o?: CallOptions): Promise<HostingErrorLog> {
    check(validateLogQuery(q));
    return this.call('GET', '/error-log', '/error-log', HostingErrorLogSchema, o, {
      query: this.logQuery(q),
    });
  }

  // --- SSH (the older partial spec; docs/provider-api.md, SSH access) -----------------------------

  /** GET /ssh */
  async getSsh(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/ssh', '/ssh', AnyObjectSchema, o);
  }

  /** PUT /ssh */
  async setSsh(enabled: boolean, o?: CallOptions): Promise<AnyObject> {
    check(checkBoolean(enabled, 'ssh_enabled', true));
    return this.call('PUT', '/ssh', '/ssh', AnyObjectSchema, o, { body: { ssh_enabled: enabled } });
  }

  /** GET /ssh/key */
  async listSshKeys(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/ssh/key', '/ssh/key', AnyObjectSchema, o);
  }

  /** POST /ssh/key: register a public key, or `{ generate: true }` (the private key comes back once). */
  async addSshKey(input: AddSshKeyInput, o?: CallOptions): Promise<AnyObject> {
    const out: ValidationIssue[] = [];
    if ('generate' in input) {
      if (input.generate !== true)
        out.push({ field: 'generate', rule: 'must_be_true', message: 'must be true' });
      if (input.label !== undefined) requireString(input.label, 'label', out);
    } else {
      out.push(...validateSshPublicKey(input.public_key, 'public_key'));
      requireString(input.label, 'label', out);
    }
    check(out);
    return this.call('POST', '/ssh/key', '/ssh/key', AnyObjectSchema, o, { body: { ...input } });
  }

  /** DELETE /ssh/key/{key_id} */
  async deleteSshKey(keyId: string | number, o?: CallOptions): Promise<AnyObject> {
    assertPathId(keyId, 'key_id');
    return this.call(
      'DELETE',
      '/ssh/key/{key_id}',
      `/ssh/key/${encodeURIComponent(String(keyId))}`,
      AnyObjectSchema,
      o,
    );
  }

  // --- helpers -------------------------------------------------------------------------------------

  private domainQuery(q: DomainQuery): Record<string, string> | undefined {
    return q.domain === undefined ? undefined : { domain: toAsciiDomain(q.domain) };
  }

  private logQuery(q: HostingLogQuery): Record<string, string | number | undefined> {
    return { domain: toAsciiDomain(q.domain), lines: q.lines, keyword: q.keyword };
  }

  private memoIssues(memo: unknown): ValidationIssue[] {
    if (typeof memo !== 'string') return [{ field: 'memo', rule: 'required', message: 'required' }];
    return checkText(memo, 'memo', { multiline: true });
  }

  private accountIssues(account: string): ValidationIssue[] {
    return validateMailAddress(account, 'ftp_account');
  }

  /** `user@domain` in a path: the domain in Punycode, `@` encoded as for a mail address. */
  private accountSegment(account: string): string {
    return encodeURIComponent(toAsciiAddress(account));
  }

  private list<T>(endpoint: string, schema: ObjectSchema<T>, raw: readonly unknown[]): Listing<T> {
    const listing = readListing(schema, raw);
    for (const m of listing.malformed)
      this.malformed?.report(`${endpoint} (${this.servername})`, `#${m.index}`, m.broken);
    return listing;
  }

  private fields<T>(endpoint: string, entry: string, schema: ObjectSchema<T>, raw: unknown): FieldsRead<T> {
    const read = readFields(schema, raw);
    if (read.broken.length > 0)
      this.malformed?.report(`${endpoint} (${this.servername})`, entry, read.broken);
    return read;
  }

  private call<T>(
    method: HttpMethod,
    template: string,
    path: string,
    schema: ZodType<T>,
    options: CallOptions | undefined,
    extra: {
      body?: unknown;
      query?: Record<string, string | number | undefined> | undefined;
      secrets?: string[];
    } = {},
  ): Promise<T> {
    return this.transport.send({
      method,
      // Hosting writes carry no Idempotency-Key: a repeat could do the thing twice, so none is repeated.
      ...(method === 'GET' ? {} : { neverRetry: true }),
      template: `/v1/server/{servername}${template}`,
      path: `${this.base}${path}`,
      schema,
      options: this.caller ? { person: this.caller.userId, command: this.caller, ...options } : options,
      ...(extra.body === undefined ? {} : { body: extra.body }),
      ...(extra.query === undefined ? {} : { query: extra.query }),
      ...(extra.secrets === undefined ? {} : { secrets: extra.secrets }),
    });
  }
}
