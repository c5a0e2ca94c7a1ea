/** WordPress easy install (docs/provider-api.md, WordPress). */
import { ApiError } from './api-error.ts';
import { body, domainFilter, done, fail, P, server } from './hosting-common.ts';
import { accountOf, addCronJob, hasCertificate, parentOf, wpCacheJob, wpHost } from './hosting-model.ts';
import type { HostingServerState, WordPressState } from './hosting-state.ts';
import type { RequestContext, Route } from './routing.ts';
import {
  checkMaxLength,
  checkMinLength,
  MAIL_ADDRESS_RE,
  optionalBoolean,
  optionalString,
  rejectUnknown,
  requireText,
} from './validation.ts';

function render(h: HostingServerState, w: WordPressState): Record<string, unknown> {
  const host = wpHost(w);
  return {
    id: w.id,
    domain: parentOf(h, host) ?? host,
    url: w.url,
    title: w.title,
    version: w.version,
    db_name: w.dbName,
    db_user: w.dbUser,
    memo: w.memo,
  };
}

function site(ctx: RequestContext, h: HostingServerState): WordPressState {
  const w = h.wordpress.get(ctx.params.wp_id ?? '');
  if (!w) throw new ApiError('NOT_FOUND', '指定されたWordPressが見つかりません。');
  return w;
}

/**
 * The site's address from `url` (the scheme may be left out: then https when
 * the host has a certificate), or why not: on a domain or subdomain of the
 * server, no query or fragment (the simulator's rules; the reference gives
 * only the length).
 */
function siteUrl(h: HostingServerState, raw: string, errors: string[]): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `//${raw}`;
  let u: URL | undefined;
  try {
    u = new URL(withScheme.startsWith('//') ? `http:${withScheme}` : withScheme);
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username) {
    errors.push('url: URLの形式が正しくありません。');
    return undefined;
  }
  if (!parentOf(h, u.hostname)) {
    errors.push('url: このサーバーに登録されたドメインまたはサブドメインのURLを指定してください。');
    return undefined;
  }
  const scheme = withScheme.startsWith('//')
    ? hasCertificate(h, u.hostname)
      ? 'https:'
      : 'http:'
    : u.protocol;
  return `${scheme}//${u.hostname}${u.pathname.endsWith('/') ? u.pathname : `${u.pathname}/`}`;
}

export const wordpressRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/wp`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'read');
      const d = domainFilter(ctx, h);
      const sites = [...h.wordpress.values()].filter((w) => {
        if (d === undefined) return true;
        const host = wpHost(w);
        return host === d || host.endsWith(`.${d}`);
      });
      return { wordpress: sites.map((w) => render(h, w)) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/wp`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['url', 'title', 'admin_username', 'admin_password', 'admin_email', 'memo'], errors);
      const url = requireText(b, 'url', errors);
      const title = requireText(b, 'title', errors);
      const user = requireText(b, 'admin_username', errors);
      const pw = requireText(b, 'admin_password', errors);
      const email = requireText(b, 'admin_email', errors);
      const memo = optionalString(b, 'memo', errors) ?? '';
      checkMaxLength(url, 512, 'url', errors);
      checkMaxLength(title, 255, 'title', errors);
      checkMaxLength(user, 255, 'admin_username', errors);
      checkMinLength(pw, 7, 'admin_password', errors);
      checkMaxLength(email, 255, 'admin_email', errors);
      checkMaxLength(memo, 500, 'memo', errors);
      let normalised: string | undefined;
      if (url !== undefined && [...url].length <= 512) {
        normalised = siteUrl(h, url.trim(), errors);
        const key = normalised?.replace(/^https?:/, '');
        if (key && [...h.wordpress.values()].some((w) => w.url.replace(/^https?:/, '') === key))
          errors.push('url: このURLには既にWordPressがインストールされています。');
      }
      if (user !== undefined && !/^[A-Za-z0-9_.@-]+$/.test(user))
        errors.push('admin_username: 半角英数字と _ . @ - で入力してください。');
      if (pw !== undefined && /[^\x21-\x7e]/.test(pw))
        errors.push('admin_password: 半角英数字記号で入力してください（空白は使用できません）。');
      if (email !== undefined && !MAIL_ADDRESS_RE.test(email))
        errors.push('admin_email: メールアドレスの形式が正しくありません。');
      fail(errors);
      if (!normalised || title === undefined || user === undefined || email === undefined)
        throw new ApiError('VALIDATION_ERROR');
      const id = ctx.core.world.allocHostingId();
      const dbName = `${accountOf(h)}_wp${id}`;
      h.databases.set(dbName, {
        name: dbName,
        characterSet: 'utf8mb4',
        grants: new Set([dbName]),
        memo: '',
        sizeMb: 2.5,
      });
      h.dbUsers.set(dbName, { name: dbName, memo: '' });
      const w: WordPressState = {
        id,
        url: normalised,
        title,
        adminUsername: user,
        adminEmail: email,
        version: '6.7.1',
        dbName,
        dbUser: dbName,
        memo,
        createdAt: ctx.core.now(),
      };
      h.wordpress.set(id, w);
      addCronJob(ctx.core.world, h, wpCacheJob(h, w), id);
      return { id, message: 'WordPressをインストールしました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/wp/:wp_id`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'write');
      const w = site(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['memo'], errors);
      const memo = optionalString(b, 'memo', errors);
      checkMaxLength(memo, 500, 'memo', errors);
      fail(errors);
      // Unlike the other PUTs, a memo left out is emptied (docs/provider-api.md, WordPress).
      w.memo = memo ?? '';
      return done('メモを更新しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/wp/:wp_id`,
    handle: (ctx) => {
      const h = server(ctx, 'wordpress', 'write');
      const w = site(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['delete_db', 'delete_db_user', 'delete_cron'], errors);
      const deleteDb = optionalBoolean(b, 'delete_db', errors) ?? true;
      const deleteDbUser = optionalBoolean(b, 'delete_db_user', errors) ?? false;
      const deleteCron = optionalBoolean(b, 'delete_cron', errors) ?? true;
      fail(errors);
      h.wordpress.delete(w.id);
      if (deleteDb) {
        h.databases.delete(w.dbName);
      }
      if (deleteDbUser) {
        h.dbUsers.delete(w.dbUser);
        for (const db of h.databases.values()) db.grants.delete(w.dbUser);
      }
      if (deleteCron) {
        for (const [cid, c] of h.cronJobs) if (c.wordpressId === w.id) h.cronJobs.delete(cid);
      }
      return done('WordPressを削除しました。');
    },
  },
];
