/** MySQL databases, their users and grants (docs/provider-api.md, MySQL). */
import { ApiError } from './api-error.ts';
import { body, checkQuery, done, fail, noBody, P, server } from './hosting-common.ts';
import { accountOf } from './hosting-model.ts';
import type { DatabaseState, DbUserState, HostingServerState } from './hosting-state.ts';
import { MEMO_MAX } from './mail-routes.ts';
import type { RequestContext, Route } from './routing.ts';
import {
  checkMaxLength,
  checkMinLength,
  checkOneOf,
  optionalString,
  rejectUnknown,
  requireString,
} from './validation.ts';

export const CHARACTER_SETS = ['utf8mb4', 'UTF-8', 'EUC-JP', 'SHIFT-JIS', 'Binary'] as const;
const SUFFIX = /^[a-z0-9_]{1,16}$/;

function database(ctx: RequestContext, h: HostingServerState): DatabaseState {
  const db = h.databases.get(ctx.params.db_name ?? '');
  if (!db) throw new ApiError('NOT_FOUND', '指定されたデータベースが見つかりません。');
  return db;
}

function user(ctx: RequestContext, h: HostingServerState): DbUserState {
  const u = h.dbUsers.get(ctx.params.db_user ?? '');
  if (!u) throw new ApiError('NOT_FOUND', '指定されたMySQLユーザーが見つかりません。');
  return u;
}

function checkSuffix(suffix: string | undefined, errors: string[]): void {
  if (suffix !== undefined && !SUFFIX.test(suffix))
    errors.push('name_suffix: 半角英小文字、数字、_ の16文字以内で入力してください。');
}

function checkPassword(pw: string | undefined, errors: string[]): void {
  checkMinLength(pw, 6, 'password', errors);
  if (pw !== undefined && /[^\x21-\x7e]/.test(pw))
    errors.push('password: 半角英数字記号で入力してください（空白は使用できません）。');
}

/** The body's `db_name`, a database the server holds. */
function grantTarget(ctx: RequestContext, h: HostingServerState): DatabaseState {
  const b = body(ctx);
  const errors: string[] = [];
  rejectUnknown(b, ['db_name'], errors);
  const dbName = requireString(b, 'db_name', errors);
  const db = dbName !== undefined ? h.databases.get(dbName) : undefined;
  if (dbName !== undefined && !db) errors.push('db_name: 存在しないデータベースです。');
  fail(errors);
  if (!db) throw new ApiError('VALIDATION_ERROR');
  return db;
}

export const databaseRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/db/user`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'read');
      checkQuery(ctx, []);
      return {
        users: [...h.dbUsers.values()].map((u) => ({
          db_user: u.name,
          version_name: h.dbVersionName,
          memo: u.memo,
        })),
      };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/db/user`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['name_suffix', 'password', 'memo'], errors);
      const suffix = requireString(b, 'name_suffix', errors);
      const pw = requireString(b, 'password', errors);
      const memo = optionalString(b, 'memo', errors);
      checkSuffix(suffix, errors);
      checkPassword(pw, errors);
      checkMaxLength(memo, MEMO_MAX, 'memo', errors);
      const name = `${accountOf(h)}_${suffix ?? ''}`;
      if (suffix !== undefined && h.dbUsers.has(name))
        errors.push('name_suffix: 既に存在するユーザー名です。');
      fail(errors);
      h.dbUsers.set(name, { name, memo: memo ?? '' });
      return { db_user: name, message: 'MySQLユーザーを作成しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/db/user/:db_user`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const u = user(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['password', 'memo'], errors);
      const pw = optionalString(b, 'password', errors);
      const memo = optionalString(b, 'memo', errors);
      checkPassword(pw, errors);
      checkMaxLength(memo, MEMO_MAX, 'memo', errors);
      fail(errors);
      if (memo !== undefined) u.memo = memo;
      return done('MySQLユーザーを変更しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/db/user/:db_user`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const u = user(ctx, h);
      noBody(ctx);
      h.dbUsers.delete(u.name);
      for (const db of h.databases.values()) db.grants.delete(u.name);
      return done('MySQLユーザーを削除しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/db/user/:db_user/grant`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'read');
      const u = user(ctx, h);
      checkQuery(ctx, []);
      return { databases: [...h.databases.values()].filter((d) => d.grants.has(u.name)).map((d) => d.name) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/db/user/:db_user/grant`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const u = user(ctx, h);
      const db = grantTarget(ctx, h);
      if (db.grants.has(u.name))
        throw new ApiError('OPERATION_ERROR', 'このユーザーには既にアクセス権が付与されています。');
      db.grants.add(u.name);
      return done('アクセス権を付与しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/db/user/:db_user/grant`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const u = user(ctx, h);
      const db = grantTarget(ctx, h);
      if (!db.grants.has(u.name))
        throw new ApiError('OPERATION_ERROR', 'このユーザーにはこのデータベースへのアクセス権がありません。');
      db.grants.delete(u.name);
      return done('アクセス権を削除しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/db`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'read');
      checkQuery(ctx, []);
      return {
        databases: [...h.databases.values()].map((d) => ({
          db_name: d.name,
          version_name: h.dbVersionName,
          size_mb: d.sizeMb,
          granted_users: [...d.grants],
          memo: d.memo,
        })),
      };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/db`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['name_suffix', 'character_set', 'memo'], errors);
      const suffix = requireString(b, 'name_suffix', errors);
      const cs = optionalString(b, 'character_set', errors) ?? 'utf8mb4';
      const memo = optionalString(b, 'memo', errors);
      checkSuffix(suffix, errors);
      checkOneOf(cs, CHARACTER_SETS, 'character_set', errors);
      checkMaxLength(memo, MEMO_MAX, 'memo', errors);
      const name = `${accountOf(h)}_${suffix ?? ''}`;
      if (suffix !== undefined && h.databases.has(name))
        errors.push('name_suffix: 既に存在するデータベース名です。');
      fail(errors);
      h.databases.set(name, { name, characterSet: cs, grants: new Set(), memo: memo ?? '', sizeMb: 0 });
      return { db_name: name, message: 'データベースを作成しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/db/:db_name`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const db = database(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['memo'], errors);
      const memo = requireString(b, 'memo', errors);
      checkMaxLength(memo, MEMO_MAX, 'memo', errors);
      fail(errors);
      db.memo = memo ?? '';
      return done('メモを更新しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/db/:db_name`,
    handle: (ctx) => {
      const h = server(ctx, 'database', 'write');
      const db = database(ctx, h);
      noBody(ctx);
      h.databases.delete(db.name);
      return done('データベースを削除しました。');
    },
  },
];
