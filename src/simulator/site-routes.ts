/**
 * A site's PHP version, its SSL certificates and its logs (docs/provider-api.md,
 * PHP versions, SSL and name servers, Error log).
 */
import { ApiError, validationError } from './api-error.ts';
import {
  body,
  bodyDomain,
  checkQuery,
  domainFilter,
  done,
  fail,
  isPunycodeForm,
  jstIso,
  noBody,
  P,
  pathDomain,
  server,
} from './hosting-common.ts';
import { issueFreeCertificate, phpMinors, removeFreeCertificate } from './hosting-model.ts';
import type { HostingServerState } from './hosting-state.ts';
import type { RequestContext, Route } from './routing.ts';
import { rejectUnknown, requireText } from './validation.ts';

/** A domain or subdomain of the server, for SSL and the logs. */
function heldName(h: HostingServerState, name: string): { sslStatus: string } | undefined {
  return h.domains.get(name) ?? h.subdomains.get(name);
}

/** The logs' query: `domain` (required, Punycode, held), `lines`, `keyword`. */
function logQuery(
  ctx: RequestContext,
  h: HostingServerState,
  lines: { byDefault: number | undefined; max: number },
): { domain: string; lines: number | undefined; keyword: string | undefined } {
  checkQuery(ctx, ['domain', 'lines', 'keyword']);
  const errors: string[] = [];
  const d = ctx.query.domain;
  if (d === undefined || d === '') errors.push('domain: 必須項目です。');
  else if (!isPunycodeForm(d)) errors.push('domain: ドメインはPunycodeで指定してください。');
  let n = lines.byDefault;
  const l = ctx.query.lines;
  if (l !== undefined) {
    if (!/^\d+$/.test(l) || Number(l) < 1 || Number(l) > lines.max)
      errors.push(`lines: 1から${lines.max}までの整数で指定してください。`);
    else n = Number(l);
  }
  fail(errors);
  if (d === undefined) throw new ApiError('VALIDATION_ERROR');
  if (!heldName(h, d)) throw new ApiError('NOT_FOUND', '指定されたドメインが見つかりません。');
  return { domain: d, lines: n, keyword: ctx.query.keyword };
}

function logAnswer(
  log: string[],
  q: { domain: string; lines: number | undefined; keyword: string | undefined },
) {
  const kept = q.keyword ? log.filter((x) => x.includes(q.keyword ?? '')) : log;
  return { domain: q.domain, log: (q.lines === undefined ? kept : kept.slice(-q.lines)).join('\n') };
}

export const siteRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/php-version`,
    handle: (ctx) => {
      const h = server(ctx, 'php', 'read');
      const d = domainFilter(ctx, h);
      const minors = phpMinors(h);
      const available =
        ctx.core.world.answerForms.phpAvailableVersions === 'list'
          ? minors
          : Object.fromEntries(minors.map((v) => [v, `PHP ${v}.x`]));
      const domains = [...h.domains.values()].filter((x) => d === undefined || x.domain === d);
      return {
        available_versions: available,
        domains: domains.map((x) => ({ domain: x.domain, current_version: x.phpVersion })),
      };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/php-version/:domain`,
    handle: (ctx) => {
      const h = server(ctx, 'php', 'write');
      const d = pathDomain(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['version'], errors);
      const version = requireText(b, 'version', errors);
      const minors = phpMinors(h);
      if (version !== undefined && !minors.includes(version))
        errors.push(`version: ${minors.join(', ')} のいずれかを指定してください。`);
      fail(errors);
      d.phpVersion = version ?? d.phpVersion;
      return done('PHPバージョンを変更しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/ssl`,
    handle: (ctx) => {
      const h = server(ctx, 'ssl', 'read');
      const d = domainFilter(ctx, h);
      const now = ctx.core.clock.nowMs();
      const list = [...h.ssl.values()].filter(
        (c) => d === undefined || c.commonName === d || c.commonName.endsWith(`.${d}`),
      );
      return {
        ssl_list: list.map((c) => ({
          id: c.id,
          common_name: c.commonName,
          type: c.type,
          expires_at: jstIso(c.expiresAt),
          status: c.expiresAt.getTime() <= now ? 'expired' : 'active',
        })),
      };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/ssl`,
    handle: (ctx) => {
      const h = server(ctx, 'ssl', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['common_name'], errors);
      const cn = bodyDomain(requireText(b, 'common_name', errors), 'common_name', errors);
      const held = cn ? heldName(h, cn) : undefined;
      if (cn && !held)
        errors.push('common_name: このサーバーに登録されたドメインまたはサブドメインを指定してください。');
      fail(errors);
      if (!cn || !held) throw validationError(['common_name: 必須項目です。']);
      const w = ctx.core.world;
      const zone = h.domains.has(cn) ? cn : (h.subdomains.get(cn)?.parent ?? cn);
      if (w.dns.usesExternalNameServers(zone)) {
        throw new ApiError(
          'OPERATION_ERROR',
          'ネームサーバーがエックスサーバーに設定されていないため、無料独自SSLを設定できません。サーバーパネルから設定してください。',
        );
      }
      if (w.dns.sslFails(cn)) throw new ApiError('OPERATION_ERROR', '無料独自SSLの発行に失敗しました。');
      if ([...h.ssl.values()].some((c) => c.commonName === cn && c.type === 'letsencrypt'))
        throw new ApiError('OPERATION_ERROR', 'このドメインには既に無料独自SSLが設定されています。');
      issueFreeCertificate(w, h, cn, ctx.core.now());
      held.sslStatus = 'active';
      return done('無料独自SSLを設定しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/ssl/:common_name`,
    handle: (ctx) => {
      const h = server(ctx, 'ssl', 'write');
      const cn = ctx.params.common_name ?? '';
      if (!isPunycodeForm(cn)) throw new ApiError('NOT_FOUND', '指定されたSSL設定が見つかりません。');
      noBody(ctx);
      if (!removeFreeCertificate(h, cn)) {
        if ([...h.ssl.values()].some((c) => c.commonName === cn))
          throw new ApiError('OPERATION_ERROR', 'オプション独自SSLはAPIから削除できません。');
        throw new ApiError('NOT_FOUND', '指定されたSSL設定が見つかりません。');
      }
      const held = heldName(h, cn);
      if (held && ![...h.ssl.values()].some((c) => c.commonName === cn)) held.sslStatus = 'none';
      return done('無料独自SSLを削除しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/access-log`,
    handle: (ctx) => {
      const h = server(ctx, 'log', 'read');
      const q = logQuery(ctx, h, { byDefault: undefined, max: 100_000 });
      return logAnswer(h.accessLogs.get(q.domain) ?? [], q);
    },
  },
  {
    method: 'GET',
    pattern: `${P}/error-log`,
    handle: (ctx) => {
      const h = server(ctx, 'log', 'read');
      const q = logQuery(ctx, h, { byDefault: 100, max: 1000 });
      return logAnswer(h.errorLogs.get(q.domain) ?? [], q);
    },
  },
];
