/**
 * Server information, usage, domains and subdomains (docs/provider-api.md,
 * Hosting endpoints, Hosting resources).
 */
import { ApiError } from './api-error.ts';
import {
  body,
  bodyDomain,
  checkQuery,
  done,
  fail,
  isPunycodeForm,
  jstDate,
  normaliseDomain,
  P,
  pathDomain,
  server,
} from './hosting-common.ts';
import {
  AWAITING_MS,
  addDnsRecord,
  addHostingDomain,
  defaultDnsRecords,
  documentRoot,
  hasCertificate,
  issueFreeCertificate,
  ownershipSeen,
  removeHostingDomain,
  setSslState,
  sslOutcome,
  verificationRecordName,
  wpHost,
} from './hosting-model.ts';
import type { DomainState, HostingServerState, SubdomainState } from './hosting-state.ts';
import type { RequestContext, Route } from './routing.ts';
import { checkOneOf, optionalBoolean, optionalString, rejectUnknown, requireString } from './validation.ts';

/** More subdomains than this made within BURST_MS meet the reference's temporary error. */
const BURST_COUNT = 3;
const BURST_MS = 10_000;

const isAwaiting = (ctx: RequestContext, d: DomainState) => ctx.core.clock.nowMs() < d.awaitingUntil;

function listItem(ctx: RequestContext, h: HostingServerState, d: DomainState): Record<string, unknown> {
  return {
    domain: d.domain,
    type: d.type,
    ssl: hasCertificate(h, d.domain),
    memo: d.memo,
    is_awaiting: isAwaiting(ctx, d),
  };
}

function detail(ctx: RequestContext, h: HostingServerState, d: DomainState): Record<string, unknown> {
  const ssl = hasCertificate(h, d.domain);
  return {
    domain: d.domain,
    type: d.type,
    document_root: d.documentRoot,
    url: `${ssl ? 'https' : 'http'}://${d.domain}/`,
    php_version: d.phpVersion,
    ssl,
    memo: d.memo,
    is_awaiting: isAwaiting(ctx, d),
    created_at: jstDate(d.createdAt),
  };
}

function subdomainItem(h: HostingServerState, s: SubdomainState): Record<string, unknown> {
  return {
    subdomain: s.subdomain,
    domain: s.parent,
    document_root: s.documentRoot,
    ssl: hasCertificate(h, s.subdomain),
    memo: s.memo,
  };
}

/** What `ssl_status` says of an SSL asked for; none when it was not asked for (the reference is silent). */
function sslStatusOf(state: string): string | undefined {
  if (state === 'active') return 'success';
  if (state === 'failed_nameserver' || state === 'failed') return state;
  return undefined;
}

function pathSubdomain(ctx: RequestContext, h: HostingServerState): SubdomainState {
  const s = ctx.params.subdomain ?? '';
  if (!isPunycodeForm(s))
    throw new ApiError(
      'NOT_FOUND',
      'サブドメインが見つかりません。日本語ドメインはPunycodeで指定してください。',
    );
  const sub = h.subdomains.get(s);
  if (!sub) throw new ApiError('NOT_FOUND', '指定されたサブドメインが見つかりません。');
  return sub;
}

function memoOnly(ctx: RequestContext): string {
  const b = body(ctx);
  const errors: string[] = [];
  rejectUnknown(b, ['memo'], errors);
  const memo = requireString(b, 'memo', errors);
  fail(errors);
  return memo ?? '';
}

function deleteFilesFlag(ctx: RequestContext): boolean {
  const b = body(ctx);
  const errors: string[] = [];
  rejectUnknown(b, ['delete_files'], errors);
  const v = optionalBoolean(b, 'delete_files', errors);
  fail(errors);
  return v ?? false;
}

export const domainRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/server-info`,
    handle: (ctx) => {
      const h = server(ctx, 'server_info', 'read');
      checkQuery(ctx, []);
      return {
        server_id: h.serverId,
        hostname: h.hostname,
        ip_address: h.ipAddress,
        os: h.os,
        cpu: h.cpu,
        memory: h.memory,
        apache_version: h.apacheVersion,
        perl_versions: h.perlVersions,
        php_versions: h.phpVersions,
        db_versions: h.dbVersions,
        name_servers: h.nameServers,
        domain_validation_token: h.domainValidationToken,
      };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/server-info/usage`,
    handle: (ctx) => {
      const h = server(ctx, 'server_info', 'read');
      checkQuery(ctx, []);
      return {
        disk: {
          quota_gb: h.diskQuotaGb,
          used_gb: h.diskUsedGb,
          file_limit: h.fileLimit,
          file_count: h.fileCount,
        },
        counts: {
          domains: [...h.domains.values()].filter((d) => d.type !== 'initial').length,
          subdomains: h.subdomains.size,
          mail_accounts: h.mail.size,
          ftp_accounts: h.ftp.size,
          mysql_databases: h.databases.size,
        },
      };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/domain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'read');
      checkQuery(ctx, []);
      return { domains: [...h.domains.values()].map((d) => listItem(ctx, h, d)) };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/domain/:domain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'read');
      checkQuery(ctx, []);
      return detail(ctx, h, pathDomain(ctx, h));
    },
  },
  {
    method: 'POST',
    pattern: `${P}/domain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['domain', 'ssl', 'redirect_https', 'ai_crawler_block_enabled', 'memo'], errors);
      const raw = requireString(b, 'domain', errors);
      const ssl = optionalBoolean(b, 'ssl', errors) ?? true;
      const redirect = optionalBoolean(b, 'redirect_https', errors) ?? ssl;
      const aiBlock = optionalBoolean(b, 'ai_crawler_block_enabled', errors) ?? true;
      const memo = optionalString(b, 'memo', errors) ?? '';
      const domain = raw !== undefined ? normaliseDomain(raw, 'domain', errors) : undefined;
      if (redirect && !ssl) errors.push('redirect_https: SSLを有効にする場合のみ指定できます。');
      if (domain) {
        for (const other of ctx.core.world.hosting.values()) {
          if (other.domains.has(domain) || other.subdomains.has(domain))
            errors.push('domain: 既に登録されているドメインです。');
        }
      }
      fail(errors);
      if (!domain) throw new ApiError('VALIDATION_ERROR');
      if (!ownershipSeen(ctx.core.world, domain, h.domainValidationToken, ctx.core.clock.nowMs())) {
        throw new ApiError(
          'OPERATION_ERROR',
          `ドメインの所有権をTXTレコードで認証できませんでした。${verificationRecordName(domain)} に xserver-verify=（ドメイン認証用トークン）を設定し、DNSへの反映を待ってから再度お試しください。`,
        );
      }
      const state = ssl ? sslOutcome(ctx.core.world, domain) : 'none';
      const now = ctx.core.now();
      addHostingDomain(ctx.core.world, h, domain, {
        ssl: state,
        redirectHttps: redirect,
        aiCrawlerBlock: aiBlock,
        memo,
        now,
        awaitingMs: AWAITING_MS,
      });
      const status = sslStatusOf(state);
      return { domain, message: 'ドメインを追加しました。', ...(status ? { ssl_status: status } : {}) };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/domain/:domain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const d = pathDomain(ctx, h);
      d.memo = memoOnly(ctx);
      return done('メモを更新しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/domain/:domain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const d = pathDomain(ctx, h);
      const deleteFiles = deleteFilesFlag(ctx);
      if (d.type === 'initial') throw new ApiError('OPERATION_ERROR', '初期ドメインは削除できません。');
      removeHostingDomain(h, d.domain, deleteFiles);
      return done('ドメインを削除しました。');
    },
  },
  {
    method: 'POST',
    pattern: `${P}/domain/:domain/reset`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const d = pathDomain(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['type'], errors);
      const type = requireString(b, 'type', errors);
      checkOneOf(type, ['all', 'web', 'other'], 'type', errors);
      fail(errors);
      const under = (host: string) => host === d.domain || host.endsWith(`.${d.domain}`);
      if (type === 'all' || type === 'web') {
        for (const [id, w] of h.wordpress) if (under(wpHost(w))) h.wordpress.delete(id);
        for (const host of h.errorLogs.keys()) if (under(host)) h.errorLogs.set(host, []);
        for (const host of h.accessLogs.keys()) if (under(host)) h.accessLogs.set(host, []);
      }
      if (type === 'all' || type === 'other') {
        const now = ctx.core.clock.nowMs();
        for (const [id, r] of h.dns) if (r.domain === d.domain) h.dns.delete(id);
        for (const r of defaultDnsRecords(h, d.domain)) addDnsRecord(ctx.core.world, h, r, now);
        for (const [id, f] of h.mailFilters) if (f.domain === d.domain) h.mailFilters.delete(id);
        d.phpVersion = h.defaultPhp;
      }
      return done('ドメインを初期化しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/subdomain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'read');
      checkQuery(ctx, ['domain']);
      const d = ctx.query.domain;
      if (d !== undefined && !isPunycodeForm(d))
        throw new ApiError('VALIDATION_ERROR', undefined, ['domain: ドメインはPunycodeで指定してください。']);
      const subs = [...h.subdomains.values()].filter((s) => d === undefined || s.parent === d);
      return { subdomains: subs.map((s) => subdomainItem(h, s)) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/subdomain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['subdomain', 'ssl', 'memo'], errors);
      const raw = requireString(b, 'subdomain', errors);
      const ssl = optionalBoolean(b, 'ssl', errors) ?? true;
      const memo = optionalString(b, 'memo', errors) ?? '';
      const fqdn = bodyDomain(raw, 'subdomain', errors);
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
      fail(errors);
      if (!fqdn || !parent) throw new ApiError('VALIDATION_ERROR');
      const now = ctx.core.clock.nowMs();
      h.subdomainBurst = h.subdomainBurst.filter((t) => t > now - BURST_MS);
      if (h.subdomainBurst.length >= BURST_COUNT) {
        throw new ApiError(
          'OPERATION_ERROR',
          'サブドメインの作成が短時間に集中したため、一時的に処理できませんでした。しばらく待ってから再度お試しください。',
        );
      }
      h.subdomainBurst.push(now);
      const state = ssl ? sslOutcome(ctx.core.world, parent) : 'none';
      const s: SubdomainState = {
        subdomain: fqdn,
        parent,
        sslStatus: state,
        documentRoot: documentRoot(h.servername, fqdn),
        memo,
      };
      h.subdomains.set(fqdn, s);
      h.errorLogs.set(fqdn, []);
      h.accessLogs.set(fqdn, []);
      if (state === 'active') issueFreeCertificate(ctx.core.world, h, fqdn, ctx.core.now());
      const status = sslStatusOf(state);
      return {
        subdomain: fqdn,
        message: 'サブドメインを追加しました。',
        ...(status ? { ssl_status: status } : {}),
      };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/subdomain/:subdomain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const s = pathSubdomain(ctx, h);
      s.memo = memoOnly(ctx);
      return done('メモを更新しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/subdomain/:subdomain`,
    handle: (ctx) => {
      const h = server(ctx, 'domain', 'write');
      const s = pathSubdomain(ctx, h);
      const deleteFiles = deleteFilesFlag(ctx);
      h.subdomains.delete(s.subdomain);
      h.errorLogs.delete(s.subdomain);
      h.accessLogs.delete(s.subdomain);
      setSslState(ctx.core.world, h, s, s.subdomain, 'none', ctx.core.now());
      for (const [id, c] of h.ssl) if (c.commonName === s.subdomain) h.ssl.delete(id);
      if (deleteFiles)
        for (const [id, site] of h.wordpress) if (wpHost(site) === s.subdomain) h.wordpress.delete(id);
      return done('サブドメインを削除しました。');
    },
  },
];
