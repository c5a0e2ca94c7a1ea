/** FTP accounts (docs/provider-api.md, FTP). The main account is not one of them. */
import { ApiError } from './api-error.ts';
import { body, bodyDomain, domainFilter, done, fail, noBody, P, server } from './hosting-common.ts';
import type { FtpAccountState, HostingServerState } from './hosting-state.ts';
import { MEMO_MAX } from './mail-routes.ts';
import type { RequestContext, Route } from './routing.ts';
import {
  type Body,
  checkMaxLength,
  checkMinLength,
  optionalInteger,
  optionalString,
  rejectUnknown,
  requireString,
  requireText,
} from './validation.ts';

const USER = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const DIRECTORY = /^\/[A-Za-z0-9._/-]*$/;

function ftpAccount(ctx: RequestContext, h: HostingServerState): FtpAccountState {
  const a = h.ftp.get((ctx.params.ftp_account ?? '').toLowerCase());
  if (!a) throw new ApiError('NOT_FOUND', '指定されたFTPアカウントが見つかりません。');
  return a;
}

/** The list's form: from the home, without a leading slash (`example.org/public_html`). */
function listedDirectory(a: FtpAccountState): string {
  const domain = a.account.slice(a.account.lastIndexOf('@') + 1);
  return a.directory === '/' ? domain : `${domain}${a.directory.replace(/\/$/, '')}`;
}

function fields(
  b: Body,
  errors: string[],
): { password?: string; directory?: string; quota?: number; memo?: string } {
  const password = optionalString(b, 'password', errors);
  const directory = optionalString(b, 'directory', errors);
  const quota = optionalInteger(b, 'quota_mb', errors);
  const memo = optionalString(b, 'memo', errors);
  checkMinLength(password, 8, 'password', errors);
  if (password !== undefined && /[^\x21-\x7e]/.test(password))
    errors.push('password: 半角英数字記号で入力してください（空白は使用できません）。');
  if (directory !== undefined && (!DIRECTORY.test(directory) || directory.split('/').includes('..')))
    errors.push('directory: / で始まるディレクトリを半角英数字と . _ - / で指定してください。');
  checkMaxLength(directory, 255, 'directory', errors);
  if (quota !== undefined && quota < 0) errors.push('quota_mb: 0以上の整数で指定してください（0は無制限）。');
  checkMaxLength(memo, MEMO_MAX, 'memo', errors);
  return {
    ...(password === undefined ? {} : { password }),
    ...(directory === undefined ? {} : { directory }),
    ...(quota === undefined ? {} : { quota }),
    ...(memo === undefined ? {} : { memo }),
  };
}

export const ftpRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/ftp`,
    handle: (ctx) => {
      const h = server(ctx, 'ftp', 'read');
      const d = domainFilter(ctx, h);
      const list = [...h.ftp.values()].filter((a) => d === undefined || a.account.endsWith(`@${d}`));
      return {
        accounts: list.map((a) => ({
          ftp_account: a.account,
          directory: listedDirectory(a),
          quota_mb: a.quotaMb,
          memo: a.memo,
        })),
      };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/ftp`,
    handle: (ctx) => {
      const h = server(ctx, 'ftp', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['ftp_account', 'password', 'directory', 'quota_mb', 'memo'], errors);
      const raw = requireText(b, 'ftp_account', errors)?.trim().toLowerCase();
      requireString(b, 'password', errors);
      const f = fields(b, errors);
      let name: string | undefined;
      if (raw !== undefined) {
        const at = raw.lastIndexOf('@');
        const domain = at > 0 ? bodyDomain(raw.slice(at + 1), 'ftp_account', errors) : undefined;
        if (at <= 0 || !USER.test(raw.slice(0, at)))
          errors.push('ftp_account: ユーザー名@ドメイン の形式で指定してください。');
        else if (domain && !h.domains.has(domain))
          errors.push('ftp_account: このサーバーに登録されたドメインを指定してください。');
        else if (domain) name = raw;
        if (name && h.ftp.has(name)) errors.push('ftp_account: 既に存在するFTPアカウントです。');
      }
      fail(errors);
      if (!name) throw new ApiError('VALIDATION_ERROR');
      h.ftp.set(name, {
        account: name,
        directory: f.directory ?? '/',
        quotaMb: f.quota ?? 0,
        memo: f.memo ?? '',
      });
      return { ftp_account: name, message: 'FTPアカウントを作成しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/ftp/:ftp_account`,
    handle: (ctx) => {
      const h = server(ctx, 'ftp', 'write');
      const a = ftpAccount(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['password', 'directory', 'quota_mb', 'memo'], errors);
      const f = fields(b, errors);
      fail(errors);
      if (f.directory !== undefined) a.directory = f.directory;
      if (f.quota !== undefined) a.quotaMb = f.quota;
      if (f.memo !== undefined) a.memo = f.memo;
      return done('FTPアカウントを変更しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/ftp/:ftp_account`,
    handle: (ctx) => {
      const h = server(ctx, 'ftp', 'write');
      const a = ftpAccount(ctx, h);
      noBody(ctx);
      h.ftp.delete(a.account);
      return done('FTPアカウントを削除しました。');
    },
  },
];
