/**
 * The web hosting server API, one method per row of its endpoint table
 * (docs/provider-api.md, Hosting endpoints). Japanese domain names go out as
 * Punycode, path parameters are URL-encoded (so `@` of a mail address becomes
 * `%40`), and a DELETE that needs a body sends it as JSON (docs/provider-api.md,
 * Hosting paths).
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import type { ZodType } from 'zod';
import { ValidationError } from './errors.ts';
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
  validateDomain,
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

/** A text body field: present, and free of control characters (validate.ts, the one text rule). */
function requireString(v: unknown, field: string, out: ValidationIssue[]): void {
  if (typeof v !== 'string' || v.trim() === '')
    out.push({ field, rule: 'required', message: 'must not be empty' });
  else out.push(...validateText(v, field));
}

function requireBoolean(v: unknown, field: string, out: ValidationIssue[], optional = false): void {
  if (optional && v === undefined) return;
  if (typeof v !== 'boolean') out.push({ field, rule: 'type', message: 'true or false' });
}

function check(out: ValidationIssue[]): void {
  if (out.length > 0) throw new ValidationError(out);
}

export interface AddDomainInput {
  domain: string;
  ssl: boolean;
  redirect_https: boolean;
}
export interface AddSubdomainInput {
  /** Full name, e.g. `blog.example.jp`. */
  subdomain: string;
  ssl: boolean;
}
export interface InstallWordpressInput {
  url: string;
  title: string;
  admin_username: string;
  admin_password: string;
  admin_email: string;
}
export interface DeleteWordpressInput {
  delete_db?: boolean;
  delete_db_user?: boolean;
  delete_cron?: boolean;
}
export interface CreateDatabaseInput {
  name_suffix: string;
  /** A MySQL character set; left out of the body when undefined, and then the provider chooses (which one is not published). */
  character_set?: string;
}
export interface CreateDatabaseUserInput {
  name_suffix: string;
  password: string;
}
export type AddSshKeyInput = { public_key: string; label: string } | { generate: true; label?: string };
export interface ErrorLogQuery {
  domain: string;
  lines?: number;
  keyword?: string;
}

export class HostingClient {
  readonly servername: string;
  private readonly base: string;

  constructor(
    private readonly transport: ProviderTransport,
    servername: string,
  ) {
    this.servername = toAsciiDomain(servername);
    this.base = `/v1/server/${encodeURIComponent(this.servername)}`;
  }

  /** GET /server-info */
  async serverInfo(o?: CallOptions): Promise<HostingServerInfo> {
    return this.call('GET', '/server-info', '/server-info', HostingServerInfoSchema, o);
  }

  /** GET /server-info/usage */
  async usage(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/server-info/usage', '/server-info/usage', AnyObjectSchema, o);
  }

  /** GET /domain */
  async listDomains(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/domain', '/domain', AnyObjectSchema, o);
  }

  /** GET /domain/{domain}: includes `document_root` and `url`. */
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

  /** POST /domain */
  async addDomain(input: AddDomainInput, o?: CallOptions): Promise<AnyObject> {
    const out = validateDomain(input.domain);
    requireBoolean(input.ssl, 'ssl', out);
    requireBoolean(input.redirect_https, 'redirect_https', out);
    check(out);
    const body = {
      domain: toAsciiDomain(input.domain),
      ssl: input.ssl,
      redirect_https: input.redirect_https,
    };
    return this.call('POST', '/domain', '/domain', AnyObjectSchema, o, { body });
  }

  /** POST /domain/{domain}/reset: destructive; never retried. */
  async resetDomain(domain: string, o?: CallOptions): Promise<AnyObject> {
    assertDomain(domain);
    return this.call(
      'POST',
      '/domain/{domain}/reset',
      `/domain/${encodeDomainSegment(domain)}/reset`,
      AnyObjectSchema,
      o,
    );
  }

  /** GET /subdomain (match by FQDN to find `document_root`). */
  async listSubdomains(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/subdomain', '/subdomain', AnyObjectSchema, o);
  }

  /** POST /subdomain */
  async addSubdomain(input: AddSubdomainInput, o?: CallOptions): Promise<AnyObject> {
    const out = validateDomain(input.subdomain, 'subdomain');
    requireBoolean(input.ssl, 'ssl', out);
    check(out);
    const body = { subdomain: toAsciiDomain(input.subdomain), ssl: input.ssl };
    return this.call('POST', '/subdomain', '/subdomain', AnyObjectSchema, o, { body });
  }

  /** GET /wp, optionally for one parent domain (not a subdomain). */
  async listWordpress(q: { domain?: string } = {}, o?: CallOptions): Promise<HostingWordpressList> {
    if (q.domain !== undefined) assertDomain(q.domain);
    const query = q.domain === undefined ? undefined : { domain: toAsciiDomain(q.domain) };
    return this.call('GET', '/wp', '/wp', HostingWordpressListSchema, o, { query });
  }

  /** POST /wp */
  async installWordpress(input: InstallWordpressInput, o?: CallOptions): Promise<AnyObject> {
    const out: ValidationIssue[] = [];
    for (const f of ['url', 'title', 'admin_username', 'admin_password', 'admin_email'] as const)
      requireString(input[f], f, out);
    if (typeof input.admin_email === 'string' && input.admin_email !== '')
      out.push(...validateMailAddress(input.admin_email, 'admin_email'));
    check(out);
    return this.call('POST', '/wp', '/wp', AnyObjectSchema, o, {
      body: { ...input },
      secrets: [input.admin_password],
    });
  }

  /** DELETE /wp/{wp_id} with a JSON body (provider defaults: db true, db user false, cron true). */
  async deleteWordpress(
    wpId: string | number,
    input: DeleteWordpressInput = {},
    o?: CallOptions,
  ): Promise<AnyObject> {
    assertPathId(wpId, 'wp_id');
    const out: ValidationIssue[] = [];
    requireBoolean(input.delete_db, 'delete_db', out, true);
    requireBoolean(input.delete_db_user, 'delete_db_user', out, true);
    requireBoolean(input.delete_cron, 'delete_cron', out, true);
    check(out);
    const body = {
      delete_db: input.delete_db ?? true,
      delete_db_user: input.delete_db_user ?? false,
      delete_cron: input.delete_cron ?? true,
    };
    return this.call('DELETE', '/wp/{wp_id}', `/wp/${encodeURIComponent(String(wpId))}`, AnyObjectSchema, o, {
      body,
    });
  }

  /** POST /db */
  async createDatabase(input: CreateDatabaseInput, o?: CallOptions): Promise<AnyObject> {
    const out: ValidationIssue[] = [];
    requireString(input.name_suffix, 'name_suffix', out);
    if (input.character_set !== undefined) requireString(input.character_set, 'character_set', out);
    check(out);
    return this.call('POST', '/db', '/db', AnyObjectSchema, o, { body: { ...input } });
  }

  /** POST /db/user */
  async createDatabaseUser(input: CreateDatabaseUserInput, o?: CallOptions): Promise<AnyObject> {
    const out: ValidationIssue[] = [];
    requireString(input.name_suffix, 'name_suffix', out);
    requireString(input.password, 'password', out);
    check(out);
    return this.call('POST', '/db/user', '/db/user', AnyObjectSchema, o, {
      body: { ...input },
      secrets: [input.password],
    });
  }

  /** POST /db/user/{db_user}/grant */
  async grantDatabase(dbUser: string, dbName: string, o?: CallOptions): Promise<AnyObject> {
    assertPathId(dbUser, 'db_user');
    const out: ValidationIssue[] = [];
    requireString(dbName, 'db_name', out);
    check(out);
    return this.call(
      'POST',
      '/db/user/{db_user}/grant',
      `/db/user/${encodeURIComponent(dbUser)}/grant`,
      AnyObjectSchema,
      o,
      { body: { db_name: dbName } },
    );
  }

  /** GET /ssh */
  async getSsh(o?: CallOptions): Promise<AnyObject> {
    return this.call('GET', '/ssh', '/ssh', AnyObjectSchema, o);
  }

  /** PUT /ssh */
  async setSsh(enabled: boolean, o?: CallOptions): Promise<AnyObject> {
    const out: ValidationIssue[] = [];
    requireBoolean(enabled, 'ssh_enabled', out);
    check(out);
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

  /** GET /error-log: `domain` required, `lines` and `keyword` optional; answers `{domain, log}`. */
  async errorLog(q: ErrorLogQuery, o?: CallOptions): Promise<HostingErrorLog> {
    const out = validateDomain(q.domain);
    if (q.lines !== undefined && (!Number.isInteger(q.lines) || q.lines < 1))
      out.push({ field: 'lines', rule: 'range', message: 'a positive whole number' });
    if (q.keyword !== undefined && typeof q.keyword !== 'string')
      out.push({ field: 'keyword', rule: 'type', message: 'must be a string' });
    else if (q.keyword !== undefined) out.push(...validateText(q.keyword, 'keyword'));
    check(out);
    const query = { domain: toAsciiDomain(q.domain), lines: q.lines, keyword: q.keyword };
    return this.call('GET', '/error-log', '/error-log', HostingErrorLogSchema, o, { query });
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
      options,
      ...(extra.body === undefined ? {} : { body: extra.body }),
      ...(extra.query === undefined ? {} : { query: extra.query }),
      ...(extra.secrets === undefined ? {} : { secrets: extra.secrets }),
    });
  }
}
