/**
 * Routes of the hosting API under /v1/server/{servername}/...
 * (docs/provider-api.md, Hosting endpoints).
 *
 * Simulator assumptions (the spec names only some fields; "not shown" for the
 * rest). The bot must parse these leniently:
 * - GET /server-info -> flat {ip_address, name_servers, php_versions,
 *   db_versions:[{product,version}], domain_validation_token, hostname};
 * - GET /server-info/usage -> {disk:{used_mb, quota_mb}, file_count,
 *   counts:{domains, subdomains, wordpress, databases, db_users, ssh_keys,
 *   cron_jobs}};
 * - GET /domain -> {domains:[domain]}; GET /domain/{domain} -> one flat
 *   domain {domain, url, ssl_status, redirect_https, document_root};
 *   POST /domain -> {message, ...domain}; `ssl` and `redirect_https` default
 *   false; a Unicode domain in the body is stored as Punycode;
 * - ownership verification (spec: TXT `_service-verify.{domain}` =
 *   `domain_validation_token`): POST /domain, once the body is valid, looks
 *   the record up in the simulated DNS (control.setTxtRecord; a record is
 *   seen only after its propagation delay on the simulated clock). Without
 *   the token there it answers 422 VALIDATION_ERROR, message
 *   "ドメインの所有権を確認できませんでした。", errors
 *   ["domain: TXTレコード _service-verify.{domain} に domain_validation_token
 *   の値が見つかりません。…"] (the spec names no code for this: the
 *   simulator's choice); nothing is added. Subdomains need no record;
 * - a new domain (or subdomain) with ssl gets ssl_status `active`, or
 *   `failed_nameserver` when the domain is not on the service's name servers:
 *   set by control.setExternalNameServers, else a name containing "external".
 *   That control also moves the held domain and its subdomains with SSL
 *   between `active` and `failed_nameserver` at once;
 * - POST /domain/{d}/reset removes the WordPress sites (files) of the domain
 *   and its subdomains and clears their error logs -> {message}; databases,
 *   DB users, cron jobs and the subdomains themselves stay;
 * - GET /subdomain -> {subdomains:[{subdomain, domain, url, ssl_status,
 *   document_root}]}; POST /subdomain -> {message, ...subdomain};
 * - GET /wp -> {wordpress:[{id, url, title, admin_username, admin_email,
 *   version, domain}]}; `domain` lists the sites of that parent domain and
 *   its subdomains; a subdomain there is a 422;
 *   POST /wp -> {message, id, url}, creating database and DB user
 *   `<account>_wp<id>` and a WP-Cron job of the site; DELETE /wp/{id} ->
 *   {message}: removes the site, and per the flags its database (delete_db,
 *   default true), its DB user with its grants (delete_db_user, default
 *   false) and its cron jobs (delete_cron, default true). Cron has no
 *   endpoint here (its paths are not shown): see usage `cron_jobs` or
 *   control.hostingServer;
 * - POST /db -> {message, db_name} (name = `<account>_<name_suffix>`,
 *   suffix [a-z0-9_] 1-16, character_set utf8mb4 (default)|utf8|ujis|sjis|binary);
 *   POST /db/user -> {message, db_user}, password 8-64 half-width;
 *   POST /db/user/{u}/grant -> {message};
 * - GET /ssh -> {ssh_enabled, host, user, port:10022}; PUT /ssh -> {message, ssh_enabled};
 * - GET /ssh/key -> {ssh_keys:[{key_id, public_key, label, created_at}]};
 *   POST /ssh/key -> {message, key_id, public_key, label} plus `private_key`
 *   (PKCS#8 PEM, ed25519) once when `generate` is true: only the public key
 *   is kept, so no later answer can carry the private one; DELETE -> {message};
 * - GET /error-log -> {domain, log} with `log` one string of lines joined by
 *   "\n"; `lines` 1-1000 (default 100), `keyword` keeps lines containing it.
 * Domains in paths and queries must be Punycode (a Unicode name is a 404 in a
 * path, a 422 in a query); a raw `@` in a path is a 400 (must be URL-encoded).
 * Unknown body fields are a 422, as on the VPS side.
 */
import { generateKeyPairSync } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { ApiError, validationError } from './api-error.ts';
import { type Category, checkPermission, checkTarget } from './api-keys.ts';
import { verificationRecordName } from './dns.ts';
import { formatJstDateTime } from './japan-time.ts';
import type { RequestContext, Route } from './routing.ts';
import { documentRoot, wpCronJob } from './seed.ts';
import {
  asObject,
  isOpenSshPublicKey,
  optionalBoolean,
  optionalString,
  rejectUnknown,
  requireBoolean,
  requireString,
} from './validation.ts';
import type { DomainState, HostingServerState, SubdomainState, WordPressState } from './world.ts';

const P = '/v1/server/:servername';

function server(
  ctx: RequestContext,
  category: Category<'server'>,
  scope: 'read' | 'write',
): HostingServerState {
  if (ctx.path.includes('@')) {
    throw new ApiError('BAD_REQUEST', 'パスに含まれる @ はURLエンコード（%40）してください。');
  }
  const grant = checkPermission(ctx.key, 'server', category, scope);
  const name = ctx.params.servername ?? '';
  checkTarget(grant, name);
  const h = ctx.core.world.hosting.get(name);
  if (!h) throw new ApiError('NOT_FOUND', '指定されたサーバーが見つかりません。');
  return h;
}

const account = (h: HostingServerState): string => h.servername.split('.')[0] ?? h.servername;

const isPunycodeForm = (d: string): boolean => /^[a-z0-9.-]+$/.test(d) && domainToASCII(d) === d;

function pathDomain(ctx: RequestContext, h: HostingServerState): DomainState {
  const d = ctx.params.domain ?? '';
  if (!isPunycodeForm(d))
    throw new ApiError('NOT_FOUND', 'ドメインが見つかりません。日本語ドメインはPunycodeで指定してください。');
  const dom = h.domains.get(d);
  if (!dom) throw new ApiError('NOT_FOUND', '指定されたドメインが見つかりません。');
  return dom;
}

function renderDomain(d: DomainState): Record<string, unknown> {
  return {
    domain: d.domain,
    url: `${d.sslStatus === 'active' ? 'https' : 'http'}://${d.domain}/`,
    ssl_status: d.sslStatus,
    redirect_https: d.redirectHttps,
    document_root: d.documentRoot,
  };
}

function renderSubdomain(s: SubdomainState): Record<string, unknown> {
  return {
    subdomain: s.subdomain,
    domain: s.parent,
    url: `${s.sslStatus === 'active' ? 'https' : 'http'}://${s.subdomain}/`,
    ssl_status: s.sslStatus,
    document_root: s.documentRoot,
  };
}

function wpHost(w: WordPressState): string {
  try {
    return new URL(w.url).hostname;
  } catch {
    return '';
  }
}

function parentOf(h: HostingServerState, host: string): string | undefined {
  if (h.domains.has(host)) return host;
  return h.subdomains.get(host)?.parent;
}

function renderWp(h: HostingServerState, w: WordPressState): Record<string, unknown> {
  return {
    id: w.id,
    url: w.url,
    title: w.title,
    admin_username: w.adminUsername,
    admin_email: w.adminEmail,
    version: w.version,
    domain: parentOf(h, wpHost(w)) ?? wpHost(w),
  };
}

/** A body domain: Unicode is accepted and stored as Punycode. */
export function normaliseDomain(value: string, field: string, errors: string[]): string | undefined {
  const ascii = domainToASCII(value.trim().toLowerCase());
  const labelOk = (l: string) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l);
  if (!ascii || ascii.length > 253 || !ascii.includes('.') || !ascii.split('.').every(labelOk)) {
    errors.push(`${field}: ドメイン名の形式が正しくありません。`);
    return undefined;
  }
  return ascii;
}

function sshPublicKeyFromRaw(raw: Buffer): string {
  const type = Buffer.from('ssh-ed25519');
  const len = (b: Buffer) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(b.length);
    return l;
  };
  return `ssh-ed25519 ${Buffer.concat([len(type), type, len(raw), raw]).toString('base64')}`;
}

export function generateSshKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const raw = Buffer.from(jwk.x ?? '', 'base64url');
  return {
    publicKey: sshPublicKeyFromRaw(raw),
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

const body = (ctx: RequestContext) => asObject(ctx.body());

export const hostingRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/server-info`,
    handle: (ctx) => {
      const h = server(ctx, 'server_info', 'read');
      return {
        ip_address: h.ipAddress,
        name_servers: h.nameServers,
        php_versions: h.phpVersions,
        db_versions: h.dbVersions,
        domain_validation_token: h.domainValidationToken,
        hostname: h.hostname,
      };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/server-info/usage`,
    handle: (ctx) => {
      const h = server(ctx, 'server_info', 'read');
      return {
        disk: { used_mb: h.diskUsedMb, quota_mb: h.diskQuotaMb },
        file_count: h.fileCount,
        counts: {
          domains: h.domains.size,
          subdomains: h.subdomains.size,
          wordpress: h.wordpress.size,
          databases: h.databases.size,
          db_users: h.dbUsers.size,
          ssh_keys: h.sshKeys.size,
          cron_jobs: h.cronJobs.size,
        },
      };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/domain`,
    handle: (ctx) => ({ domains: [...server(ctx, 'domain', 'read').domains.values()].map(renderDomain) }),
  },
  {
    method: 'GET',
    pattern: `${P}/domain/:domain`,
    handle: (ctx) => renderDomain(pathDomain(ctx, server(ctx, 'domain', 'read'))),
  },
  {
    method: 'POST',
    pattern: `${P}/domain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['domain', 'ssl', 'redirect_https'], errors);
      const raw = requireString(b, 'domain', errors);
      const ssl = optionalBoolean(b, 'ssl', errors) ?? false;
      const redirect = optionalBoolean(b, 'redirect_https', errors) ?? false;
      const domain = raw !== undefined ? normaliseDomain(raw, 'domain', errors) : undefined;
      if (redirect && !ssl) errors.push('redirect_https: SSLを有効にする場合のみ指定できます。');
      if (domain) {
        for (const other of ctx.core.world.hosting.values()) {
          if (other.domains.has(domain)) errors.push('domain: 既に登録されているドメインです。');
        }
      }
      if (errors.length > 0 || !domain) throw validationError(errors);
      const dns = ctx.core.world.dns;
      const record = verificationRecordName(domain);
      if (!dns.resolveTxt(record, ctx.core.clock.nowMs()).includes(h.domainValidationToken)) {
        throw new ApiError('VALIDATION_ERROR', 'ドメインの所有権を確認できませんでした。', [
          `domain: TXTレコード ${record} に domain_validation_token の値が見つかりません。DNSへの反映を待ってから再度お試しください。`,
        ]);
      }
      const d: DomainState = {
        domain,
        sslStatus: !ssl ? 'none' : dns.usesExternalNameServers(domain) ? 'failed_nameserver' : 'active',
        redirectHttps: redirect,
        documentRoot: documentRoot(h.servername, domain),
      };
      h.domains.set(domain, d);
      h.errorLogs.set(domain, []);
      return { message: 'ドメインを追加しました。', ...renderDomain(d) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/domain/:domain/reset`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const d = pathDomain(ctx, h);
      const errors: string[] = [];
      rejectUnknown(body(ctx), [], errors);
      if (errors.length > 0) throw validationError(errors);
      const under = (host: string) => host === d.domain || host.endsWith(`.${d.domain}`);
      for (const [id, w] of h.wordpress) if (under(wpHost(w))) h.wordpress.delete(id);
      for (const host of h.errorLogs.keys()) if (under(host)) h.errorLogs.set(host, []);
      return { message: 'ドメインを初期化しました。' };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/subdomain`,
    handle: (ctx) => ({
      subdomains: [...server(ctx, 'domain', 'read').subdomains.values()].map(renderSubdomain),
    }),
  },
  {
    method: 'POST',
    pattern: `${P}/subdomain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['subdomain', 'ssl'], errors);
      const raw = requireString(b, 'subdomain', errors);
      const ssl = optionalBoolean(b, 'ssl', errors) ?? false;
      const fqdn = raw !== undefined ? normaliseDomain(raw, 'subdomain', errors) : undefined;
      let parent: string | undefined;
      if (fqdn) {
        parent = [...h.domains.keys()]
          .filter((d) => fqdn.endsWith(`.${d}`))
          .sort((a, z) => z.length - a.length)[0];
        if (!parent)
          errors.push(
            'subdomain: このサーバーに登録されたドメインのサブドメイン（FQDN）を指定してください。',
          );
        if (h.subdomains.has(fqdn)) errors.push('subdomain: 既に登録されているサブドメインです。');
      }
      if (errors.length > 0 || !fqdn || !parent) throw validationError(errors);
      const s: SubdomainState = {
        subdomain: fqdn,
        parent,
        sslStatus: !ssl
          ? 'none'
          : ctx.core.world.dns.usesExternalNameServers(parent)
            ? 'failed_nameserver'
            : 'active',
        documentRoot: documentRoot(h.servername, fqdn),
      };
      h.subdomains.set(fqdn, s);
      h.errorLogs.set(fqdn, []);
      return { message: 'サブドメインを追加しました。', ...renderSubdomain(s) };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/wp`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'read');
      const d = ctx.query.domain;
      let sites = [...h.wordpress.values()];
      if (d !== undefined) {
        if (!isPunycodeForm(d)) throw validationError(['domain: ドメインはPunycodeで指定してください。']);
        if (h.subdomains.has(d))
          throw validationError(['domain: サブドメインは指定できません（親ドメインを指定してください）。']);
        if (!h.domains.has(d))
          throw validationError(['domain: このサーバーに登録されていないドメインです。']);
        sites = sites.filter((w) => {
          const host = wpHost(w);
          return host === d || host.endsWith(`.${d}`);
        });
      }
      return { wordpress: sites.map((w) => renderWp(h, w)) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/wp`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['url', 'title', 'admin_username', 'admin_password', 'admin_email'], errors);
      const url = requireString(b, 'url', errors);
      const title = requireString(b, 'title', errors);
      const user = requireString(b, 'admin_username', errors);
      const pw = requireString(b, 'admin_password', errors);
      const email = requireString(b, 'admin_email', errors);
      let normalised: string | undefined;
      if (url !== undefined) {
        let u: URL | undefined;
        try {
          u = new URL(url);
        } catch {
          u = undefined;
        }
        if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash) {
          errors.push('url: http:// または https:// で始まるURLを指定してください。');
        } else if (!parentOf(h, u.hostname)) {
          errors.push('url: このサーバーに登録されたドメインまたはサブドメインのURLを指定してください。');
        } else {
          normalised = `${u.protocol}//${u.hostname}${u.pathname.endsWith('/') ? u.pathname : `${u.pathname}/`}`;
          const key = normalised.replace(/^https?:/, '');
          if ([...h.wordpress.values()].some((w) => w.url.replace(/^https?:/, '') === key)) {
            errors.push('url: このURLには既にWordPressがインストールされています。');
          }
        }
      }
      if (title !== undefined && (title.length === 0 || [...title].length > 100))
        errors.push('title: 1文字以上100文字以内で入力してください。');
      if (user !== undefined && !/^[A-Za-z0-9_.@-]{1,60}$/.test(user)) {
        errors.push('admin_username: 半角英数字と _ . @ - の60文字以内で入力してください。');
      }
      if (pw !== undefined && !/^[\x21-\x7e]{8,64}$/.test(pw))
        errors.push('admin_password: 半角英数字記号8文字以上64文字以内で入力してください。');
      if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        errors.push('admin_email: メールアドレスの形式が正しくありません。');
      if (
        errors.length > 0 ||
        !normalised ||
        title === undefined ||
        user === undefined ||
        email === undefined
      ) {
        throw validationError(errors);
      }
      const id = ctx.core.world.allocHostingId();
      const dbName = `${account(h)}_wp${id}`;
      h.databases.set(dbName, { name: dbName, characterSet: 'utf8mb4', grants: new Set([dbName]) });
      h.dbUsers.set(dbName, { name: dbName });
      const site: WordPressState = {
        id,
        url: normalised,
        title,
        adminUsername: user,
        adminEmail: email,
        version: '6.7.1',
        dbName,
        dbUser: dbName,
        createdAt: ctx.core.now(),
      };
      h.wordpress.set(id, site);
      const cronId = ctx.core.world.allocCronId();
      h.cronJobs.set(cronId, wpCronJob(h.servername, cronId, site));
      return { message: 'WordPressをインストールしました。', id, url: normalised };
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/wp/:wp_id`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'write');
      const w = h.wordpress.get(ctx.params.wp_id ?? '');
      if (!w) throw new ApiError('NOT_FOUND', '指定されたWordPressが見つかりません。');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['delete_db', 'delete_db_user', 'delete_cron'], errors);
      const deleteDb = optionalBoolean(b, 'delete_db', errors) ?? true;
      const deleteDbUser = optionalBoolean(b, 'delete_db_user', errors) ?? false;
      const deleteCron = optionalBoolean(b, 'delete_cron', errors) ?? true;
      if (errors.length > 0) throw validationError(errors);
      h.wordpress.delete(w.id);
      if (deleteDb) h.databases.delete(w.dbName);
      if (deleteDbUser) {
        h.dbUsers.delete(w.dbUser);
        for (const db of h.databases.values()) db.grants.delete(w.dbUser);
      }
      if (deleteCron) {
        for (const [cid, c] of h.cronJobs) if (c.wordpressId === w.id) h.cronJobs.delete(cid);
      }
      return { message: 'WordPressを削除しました。' };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/db`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['name_suffix', 'character_set'], errors);
      const suffix = requireString(b, 'name_suffix', errors);
      const cs = optionalString(b, 'character_set', errors) ?? 'utf8mb4';
      if (suffix !== undefined && !/^[a-z0-9_]{1,16}$/.test(suffix)) {
        errors.push('name_suffix: 半角英小文字、数字、_ の16文字以内で入力してください。');
      }
      if (!['utf8mb4', 'utf8', 'ujis', 'sjis', 'binary'].includes(cs)) {
        errors.push('character_set: utf8mb4, utf8, ujis, sjis, binary のいずれかを指定してください。');
      }
      const name = `${account(h)}_${suffix ?? ''}`;
      if (suffix !== undefined && h.databases.has(name))
        errors.push('name_suffix: 既に存在するデータベース名です。');
      if (errors.length > 0) throw validationError(errors);
      h.databases.set(name, { name, characterSet: cs, grants: new Set() });
      return { message: 'データベースを作成しました。', db_name: name };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/db/user`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['name_suffix', 'password'], errors);
      const suffix = requireString(b, 'name_suffix', errors);
      const pw = requireString(b, 'password', errors);
      if (suffix !== undefined && !/^[a-z0-9_]{1,16}$/.test(suffix)) {
        errors.push('name_suffix: 半角英小文字、数字、_ の16文字以内で入力してください。');
      }
      if (pw !== undefined && !/^[\x21-\x7e]{8,64}$/.test(pw))
        errors.push('password: 半角英数字記号8文字以上64文字以内で入力してください。');
      const name = `${account(h)}_${suffix ?? ''}`;
      if (suffix !== undefined && h.dbUsers.has(name))
        errors.push('name_suffix: 既に存在するユーザー名です。');
      if (errors.length > 0) throw validationError(errors);
      h.dbUsers.set(name, { name });
      return { message: 'MySQLユーザーを作成しました。', db_user: name };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/db/user/:db_user/grant`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const user = h.dbUsers.get(ctx.params.db_user ?? '');
      if (!user) throw new ApiError('NOT_FOUND', '指定されたMySQLユーザーが見つかりません。');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['db_name'], errors);
      const dbName = requireString(b, 'db_name', errors);
      const db = dbName !== undefined ? h.databases.get(dbName) : undefined;
      if (dbName !== undefined && !db) errors.push('db_name: 存在しないデータベースです。');
      if (errors.length > 0 || !db) throw validationError(errors);
      db.grants.add(user.name);
      return { message: 'アクセス権を付与しました。' };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/ssh`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'read');
      return { ssh_enabled: h.sshEnabled, host: h.servername, user: account(h), port: 10022 };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/ssh`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['ssh_enabled'], errors);
      const enabled = requireBoolean(b, 'ssh_enabled', errors);
      if (errors.length > 0 || enabled === undefined) throw validationError(errors);
      h.sshEnabled = enabled;
      return { message: enabled ? 'SSHを有効にしました。' : 'SSHを無効にしました。', ssh_enabled: enabled };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/ssh/key`,
    handle: (ctx) => ({
      ssh_keys: [...server(ctx, 'ssh', 'read').sshKeys.values()].map((k) => ({
        key_id: k.keyId,
        public_key: k.publicKey,
        label: k.label,
        created_at: formatJstDateTime(k.createdAt),
      })),
    }),
  },
  {
    method: 'POST',
    pattern: `${P}/ssh/key`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['public_key', 'label', 'generate'], errors);
      const generate = optionalBoolean(b, 'generate', errors) === true;
      const publicKey = generate
        ? optionalString(b, 'public_key', errors)
        : requireString(b, 'public_key', errors);
      const label = generate ? optionalString(b, 'label', errors) : requireString(b, 'label', errors);
      if (generate && publicKey !== undefined) errors.push('public_key: generate と同時には指定できません。');
      if (publicKey !== undefined && !isOpenSshPublicKey(publicKey))
        errors.push('public_key: OpenSSH形式の公開鍵を指定してください。');
      if (publicKey !== undefined && [...h.sshKeys.values()].some((k) => k.publicKey === publicKey.trim())) {
        errors.push('public_key: 既に登録されている公開鍵です。');
      }
      if (label !== undefined && (label.length === 0 || [...label].length > 50))
        errors.push('label: 1文字以上50文字以内で入力してください。');
      if (errors.length > 0) throw validationError(errors);
      const keyId = ctx.core.world.allocHostingId();
      const pair = generate ? generateSshKeyPair() : undefined;
      const stored = pair?.publicKey ?? publicKey?.trim() ?? '';
      const finalLabel = label ?? `generated-${keyId}`;
      h.sshKeys.set(keyId, { keyId, publicKey: stored, label: finalLabel, createdAt: ctx.core.now() });
      return {
        message: '公開鍵を登録しました。',
        key_id: keyId,
        public_key: stored,
        label: finalLabel,
        ...(pair ? { private_key: pair.privateKey } : {}),
      };
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/ssh/key/:key_id`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'write');
      const id = ctx.params.key_id ?? '';
      if (!h.sshKeys.has(id)) throw new ApiError('NOT_FOUND', '指定された公開鍵が見つかりません。');
      h.sshKeys.delete(id);
      return { message: '公開鍵を削除しました。' };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/error-log`,
    handle: (ctx) => {
      const h = server(ctx, 'log', 'read');
      const errors: string[] = [];
      for (const k of Object.keys(ctx.query)) {
        if (!['domain', 'lines', 'keyword'].includes(k)) errors.push(`${k}: 不明なパラメータです。`);
      }
      const d = ctx.query.domain;
      if (d === undefined || d === '') errors.push('domain: 必須項目です。');
      else if (!isPunycodeForm(d)) errors.push('domain: ドメインはPunycodeで指定してください。');
      let lines = 100;
      const l = ctx.query.lines;
      if (l !== undefined) {
        if (!/^\d+$/.test(l) || Number(l) < 1 || Number(l) > 1000)
          errors.push('lines: 1から1000までの整数で指定してください。');
        else lines = Number(l);
      }
      if (errors.length > 0 || d === undefined) throw validationError(errors);
      if (!h.domains.has(d) && !h.subdomains.has(d))
        throw new ApiError('NOT_FOUND', '指定されたドメインが見つかりません。');
      const kw = ctx.query.keyword;
      const log = h.errorLogs.get(d) ?? [];
      const picked = (kw ? log.filter((x) => x.includes(kw)) : log).slice(-lines);
      return { domain: d, log: picked.join('\n') };
    },
  },
];
