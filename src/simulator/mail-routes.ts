/** Mail accounts, their forwarding, and mail sorting rules (docs/provider-api.md, Mail, Mail sorting). */
import { ApiError, validationError } from './api-error.ts';
import { body, bodyDomain, domainFilter, done, fail, noBody, P, server } from './hosting-common.ts';
import { hashId, ownershipSeen, verificationRecordName } from './hosting-model.ts';
import type { HostingServerState, MailAccountState, MailFilterState } from './hosting-state.ts';
import type { RequestContext, Route } from './routing.ts';
import {
  type Body,
  checkMaxLength,
  checkMinLength,
  checkOneOf,
  checkRange,
  MAIL_ADDRESS_RE,
  optionalBoolean,
  optionalInteger,
  optionalString,
  rejectUnknown,
  requireString,
  requireText,
} from './validation.ts';

/** The simulator's own bounds where the reference gives none. */
export const MAIL_DEFAULT_QUOTA_MB = 2000;
export const MEMO_MAX = 255;
const FORWARDING_MAX = 20;
const CONDITIONS_MAX = 10;
const LOCAL_PART = /^[a-z0-9][a-z0-9._+-]{0,63}$/;

const FIELDS = ['subject', 'from', 'to', 'body', 'header'] as const;
const MATCH_TYPES = ['contain', 'match', 'start_from'] as const;
const ACTIONS = ['mail_address', 'spam_folder', 'trash', 'delete'] as const;
const METHODS = ['move', 'copy'] as const;

function account(ctx: RequestContext, h: HostingServerState): MailAccountState {
  const a = (ctx.params.mail_account ?? '').toLowerCase();
  const m = h.mail.get(a);
  if (!m) throw new ApiError('NOT_FOUND', '指定されたメールアカウントが見つかりません。');
  return m;
}

/** A mail address a new account may take: `local@domain`, the domain one of the server's (Punycode). */
function newAddress(h: HostingServerState, raw: string | undefined, errors: string[]): string | undefined {
  if (raw === undefined) return undefined;
  const v = raw.trim().toLowerCase();
  const at = v.lastIndexOf('@');
  const local = v.slice(0, at);
  const domain = at > 0 ? bodyDomain(v.slice(at + 1), 'mail_address', errors) : undefined;
  if (at <= 0 || !LOCAL_PART.test(local)) {
    errors.push('mail_address: メールアドレスの形式が正しくありません。');
    return undefined;
  }
  if (!domain) return undefined;
  if (!h.domains.has(domain)) {
    errors.push('mail_address: このサーバーに登録されたドメインのアドレスを指定してください。');
    return undefined;
  }
  if (h.mail.has(v)) errors.push('mail_address: 既に存在するメールアカウントです。');
  return v;
}

/** The mail password's rules: at least 6 half-width characters, no space (beyond 6: the simulator's). */
function checkPassword(pw: string | undefined, min: number, errors: string[]): void {
  checkMinLength(pw, min, 'password', errors);
  if (pw !== undefined && /[^\x21-\x7e]/.test(pw))
    errors.push('password: 半角英数字記号で入力してください（空白は使用できません）。');
}

function mailFields(b: Body, errors: string[]): { password?: string; quota?: number; memo?: string } {
  const password = optionalString(b, 'password', errors);
  const quota = optionalInteger(b, 'quota_mb', errors);
  const memo = optionalString(b, 'memo', errors);
  checkPassword(password, 6, errors);
  checkRange(quota, 1, 50_000, 'quota_mb', errors);
  checkMaxLength(memo, MEMO_MAX, 'memo', errors);
  return {
    ...(password === undefined ? {} : { password }),
    ...(quota === undefined ? {} : { quota }),
    ...(memo === undefined ? {} : { memo }),
  };
}

function renderFilter(f: MailFilterState): Record<string, unknown> {
  return {
    id: f.id,
    domain: f.domain,
    priority: f.priority,
    conditions: f.conditions.map((c) => ({ keyword: c.keyword, field: c.field, match_type: c.matchType })),
    action: { type: f.action.type, target: f.action.target, method: f.action.method },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Renumbers a domain's rules 1, 2, … in their order. */
function renumber(h: HostingServerState, domain: string): void {
  const rules = [...h.mailFilters.values()]
    .filter((f) => f.domain === domain)
    .sort((a, z) => a.priority - z.priority);
  for (const [i, f] of rules.entries()) f.priority = i + 1;
}

export const mailRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/mail`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'read');
      const d = domainFilter(ctx, h);
      const list = [...h.mail.values()].filter((m) => d === undefined || m.address.endsWith(`@${d}`));
      return { accounts: list.map((m) => ({ mail_address: m.address, quota_mb: m.quotaMb, memo: m.memo })) };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/mail/:mail_account`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'read');
      const m = account(ctx, h);
      return { mail_address: m.address, quota_mb: m.quotaMb, used_mb: m.usedMb, memo: m.memo };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/mail`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['mail_address', 'password', 'quota_mb', 'memo'], errors);
      const address = newAddress(h, requireText(b, 'mail_address', errors), errors);
      requireString(b, 'password', errors);
      const f = mailFields(b, errors);
      fail(errors);
      if (!address || f.password === undefined) throw new ApiError('VALIDATION_ERROR');
      const domain = address.slice(address.lastIndexOf('@') + 1);
      if (!ownershipSeen(ctx.core.world, domain, h.domainValidationToken, ctx.core.clock.nowMs())) {
        throw new ApiError(
          'OPERATION_ERROR',
          `ドメインの所有権をTXTレコードで認証できませんでした。${verificationRecordName(domain)} に xserver-verify=（ドメイン認証用トークン）を設定し、DNSへの反映を待ってから再度お試しください。`,
        );
      }
      h.mail.set(address, {
        address,
        quotaMb: f.quota ?? MAIL_DEFAULT_QUOTA_MB,
        usedMb: 0,
        memo: f.memo ?? '',
        forwarding: [],
        keepInMailbox: true,
      });
      return { mail_address: address, message: 'メールアカウントを作成しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/mail/:mail_account`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'write');
      const m = account(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['password', 'quota_mb', 'memo'], errors);
      const f = mailFields(b, errors);
      fail(errors);
      if (f.quota !== undefined) m.quotaMb = f.quota;
      if (f.memo !== undefined) m.memo = f.memo;
      return done('メールアカウントを変更しました。');
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/mail/:mail_account`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'write');
      const m = account(ctx, h);
      noBody(ctx);
      h.mail.delete(m.address);
      return done('メールアカウントを削除しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/mail/:mail_account/forwarding`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'read');
      const m = account(ctx, h);
      return { forwarding_addresses: [...m.forwarding], keep_in_mailbox: m.keepInMailbox };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/mail/:mail_account/forwarding`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'write');
      const m = account(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['forwarding_addresses', 'keep_in_mailbox'], errors);
      const keep = optionalBoolean(b, 'keep_in_mailbox', errors);
      const list = b.forwarding_addresses;
      let addresses: string[] | undefined;
      if (list !== undefined) {
        if (!Array.isArray(list) || list.some((x) => typeof x !== 'string'))
          errors.push('forwarding_addresses: メールアドレスの配列で指定してください。');
        else {
          addresses = list as string[];
          for (const a of addresses)
            if (!MAIL_ADDRESS_RE.test(a))
              errors.push(`forwarding_addresses: ${a} はメールアドレスの形式ではありません。`);
          if (addresses.length > FORWARDING_MAX)
            errors.push(`forwarding_addresses: 転送先は${FORWARDING_MAX}件までです。`);
          if (addresses.map((a) => a.toLowerCase()).includes(m.address))
            errors.push('forwarding_addresses: 自分自身には転送できません。');
        }
      }
      fail(errors);
      // The list is replaced whole ([] clears it); one left out stays as it was (the reference is silent).
      if (addresses !== undefined) m.forwarding = [...addresses];
      if (keep !== undefined) m.keepInMailbox = keep;
      return done('転送設定を変更しました。');
    },
  },
  {
    method: 'GET',
    pattern: `${P}/mail-filter`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'read');
      const d = domainFilter(ctx, h);
      const list = [...h.mailFilters.values()]
        .filter((f) => d === undefined || f.domain === d)
        .sort((a, z) => a.domain.localeCompare(z.domain) || a.priority - z.priority);
      return { filters: list.map(renderFilter) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/mail-filter`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['domain', 'conditions', 'action'], errors);
      const domain = bodyDomain(requireText(b, 'domain', errors), 'domain', errors);
      if (domain && !h.domains.has(domain))
        errors.push('domain: このサーバーに登録されていないドメインです。');
      const conditions: MailFilterState['conditions'] = [];
      if (!Array.isArray(b.conditions) || b.conditions.length === 0) {
        errors.push('conditions: 条件を1つ以上指定してください。');
      } else {
        if (b.conditions.length > CONDITIONS_MAX)
          errors.push(`conditions: 条件は${CONDITIONS_MAX}件までです。`);
        for (const [i, raw] of b.conditions.entries()) {
          const at = `conditions[${i}]`;
          if (!isObject(raw)) {
            errors.push(`${at}: オブジェクトで指定してください。`);
            continue;
          }
          const e: string[] = [];
          rejectUnknown(raw, ['keyword', 'field', 'match_type'], e);
          const keyword = requireText(raw, 'keyword', e);
          const field = requireString(raw, 'field', e);
          const matchType = requireString(raw, 'match_type', e);
          checkOneOf(field, FIELDS, 'field', e);
          checkOneOf(matchType, MATCH_TYPES, 'match_type', e);
          checkMaxLength(keyword, 255, 'keyword', e);
          errors.push(...e.map((x) => `${at}.${x}`));
          if (e.length === 0 && keyword && field && matchType) conditions.push({ keyword, field, matchType });
        }
      }
      let action: MailFilterState['action'] | undefined;
      if (!isObject(b.action)) errors.push('action: 必須項目です。');
      else {
        const e: string[] = [];
        rejectUnknown(b.action, ['type', 'target', 'method'], e);
        const type = requireString(b.action, 'type', e);
        const target = optionalString(b.action, 'target', e);
        const method = requireString(b.action, 'method', e);
        checkOneOf(type, ACTIONS, 'type', e);
        checkOneOf(method, METHODS, 'method', e);
        if (type === 'mail_address' && (target === undefined || target === ''))
          e.push('target: 転送先のメールアドレスを指定してください。');
        if (type === 'mail_address' && target && !MAIL_ADDRESS_RE.test(target))
          e.push('target: メールアドレスの形式が正しくありません。');
        errors.push(...e.map((x) => `action.${x}`));
        if (e.length === 0 && type && method)
          action = { type, target: type === 'mail_address' ? (target ?? '') : '', method };
      }
      fail(errors);
      if (!domain || !action) throw validationError(['action: 必須項目です。']);
      const priority = [...h.mailFilters.values()].filter((f) => f.domain === domain).length + 1;
      const serial = ctx.core.world.allocSerial();
      const id = hashId(h.servername, 'mail-filter', serial).slice(0, 8);
      h.mailFilters.set(id, { id, domain, priority, conditions, action });
      return { id, message: '振り分け設定を追加しました。' };
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/mail-filter/:filter_id`,
    handle: (ctx) => {
      const h = server(ctx, 'mail', 'write');
      const f = h.mailFilters.get(ctx.params.filter_id ?? '');
      if (!f) throw new ApiError('NOT_FOUND', '指定された振り分け設定が見つかりません。');
      noBody(ctx);
      h.mailFilters.delete(f.id);
      renumber(h, f.domain);
      return done('振り分け設定を削除しました。');
    },
  },
];
