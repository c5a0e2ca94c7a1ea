/**
 * What every hosting route does first (docs/provider-api.md, Hosting paths):
 * the key's permission and range, the server, a domain in a path or a query
 * (Punycode only), a domain in a body, a path's `@`, a query's parameters.
 */
import { domainToASCII } from 'node:url';
import { ApiError, validationError } from './api-error.ts';
import { type Category, checkPermission, checkTarget } from './api-keys.ts';
import type { DomainState, HostingServerState } from './hosting-state.ts';
import type { RequestContext } from './routing.ts';
import { asObject, type Body, rejectUnknown } from './validation.ts';

export const P = '/v1/server/:servername';

/**
 * Permission, then the key's range (403), then the server (404). A mail
 * address in a path must be URL-encoded (the reference says so of
 * `{mail_account}`): a raw `@` there is a 400.
 */
export function server(
  ctx: RequestContext,
  category: Category<'server'>,
  scope: 'read' | 'write',
): HostingServerState {
  if (/\/mail\/[^/]*@/.test(ctx.path)) {
    throw new ApiError('BAD_REQUEST', 'パスに含まれる @ はURLエンコード（%40）してください。');
  }
  const grant = checkPermission(ctx.key, 'server', category, scope);
  const name = ctx.params.servername ?? '';
  checkTarget(grant, name);
  const h = ctx.core.world.hosting.get(name);
  if (!h) throw new ApiError('NOT_FOUND', '指定されたサーバーが見つかりません。');
  return h;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A domain already in Punycode, lower case (the form every path, query and body but POST /domain takes). */
export const isPunycodeForm = (d: string): boolean =>
  /^[a-z0-9.-]+$/.test(d) &&
  d.includes('.') &&
  d.split('.').every((l) => LABEL.test(l)) &&
  domainToASCII(d) === d;

/** A domain of the server named in the path: Punycode, held, else 404. */
export function pathDomain(ctx: RequestContext, h: HostingServerState, param = 'domain'): DomainState {
  const d = ctx.params[param] ?? '';
  if (!isPunycodeForm(d))
    throw new ApiError('NOT_FOUND', 'ドメインが見つかりません。日本語ドメインはPunycodeで指定してください。');
  const dom = h.domains.get(d);
  if (!dom) throw new ApiError('NOT_FOUND', '指定されたドメインが見つかりません。');
  return dom;
}

/** Query parameters the endpoint does not define are a 422 (a misspelt filter never lists everything). */
export function checkQuery(ctx: RequestContext, allowed: readonly string[]): void {
  const errors = Object.keys(ctx.query)
    .filter((k) => !allowed.includes(k))
    .map((k) => `${k}: 不明なパラメータです。`);
  if (errors.length > 0) throw validationError(errors);
}

/**
 * The optional `domain` filter of a list: Punycode, a domain the server
 * holds, never a subdomain (the reference: filtering by a subdomain is not
 * supported); each a 422.
 */
export function domainFilter(
  ctx: RequestContext,
  h: HostingServerState,
  extra: string[] = [],
): string | undefined {
  checkQuery(ctx, ['domain', ...extra]);
  const d = ctx.query.domain;
  if (d === undefined) return undefined;
  if (!isPunycodeForm(d)) throw validationError(['domain: ドメインはPunycodeで指定してください。']);
  if (h.subdomains.has(d))
    throw validationError(['domain: サブドメインは指定できません（親ドメインを指定してください）。']);
  if (!h.domains.has(d)) throw validationError(['domain: このサーバーに登録されていないドメインです。']);
  return d;
}

/** A domain in a body other than POST /domain's: Punycode only, at most 253 characters. */
export function bodyDomain(value: string | undefined, field: string, errors: string[]): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > 253) {
    errors.push(`${field}: 253文字以内で入力してください。`);
    return undefined;
  }
  if (!isPunycodeForm(value)) {
    errors.push(
      domainToASCII(value) && domainToASCII(value) !== value
        ? `${field}: 日本語ドメインはPunycodeで指定してください。`
        : `${field}: ドメイン名の形式が正しくありません。`,
    );
    return undefined;
  }
  return value;
}

/** POST /domain's body domain: the Japanese form is taken as is and kept in Punycode. */
export function normaliseDomain(value: string, field: string, errors: string[]): string | undefined {
  const ascii = domainToASCII(value.trim().toLowerCase());
  if (!ascii || ascii.length > 253 || !ascii.includes('.') || !ascii.split('.').every((l) => LABEL.test(l))) {
    errors.push(`${field}: ドメイン名の形式が正しくありません。`);
    return undefined;
  }
  return ascii;
}

export const body = (ctx: RequestContext): Body => asObject(ctx.body());

/** An endpoint that takes no body: any field in one is unknown (an empty body or `{}` is fine). */
export function noBody(ctx: RequestContext): void {
  const errors: string[] = [];
  rejectUnknown(body(ctx), [], errors);
  if (errors.length > 0) throw validationError(errors);
}

export function fail(errors: string[]): void {
  if (errors.length > 0) throw validationError(errors);
}

export const done = (message: string): { message: string } => ({ message });

/** The JST calendar day of an instant, `YYYY-MM-DD`. */
export function jstDate(d: Date): string {
  return new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** An instant as ISO 8601 with the Japan offset, `YYYY-MM-DDTHH:MM:SS+09:00` (the SSL list's form). */
export function jstIso(d: Date): string {
  return `${new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}
