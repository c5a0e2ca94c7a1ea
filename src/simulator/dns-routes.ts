/** DNS records (docs/provider-api.md, DNS records). */
import { isIP } from 'node:net';
import { ApiError } from './api-error.ts';
import { body, bodyDomain, domainFilter, fail, noBody, P, server } from './hosting-common.ts';
import { addDnsRecord, type DnsRecordInput } from './hosting-model.ts';
import type { DnsRecordState, HostingServerState } from './hosting-state.ts';
import type { RequestContext, Route } from './routing.ts';
import {
  type Body,
  checkMaxLength,
  checkOneOf,
  checkRange,
  optionalInteger,
  optionalString,
  rejectUnknown,
  requireText,
} from './validation.ts';
import type { World } from './world.ts';

export const DNS_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'] as const;
const WITH_PRIORITY = new Set(['MX', 'SRV']);
/** An MX or SRV record given no priority gets this one (the reference gives no default). */
export const DEFAULT_PRIORITY = 10;

const HOST_LABEL = /^(?:\*|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)$/;
const NAME_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const isHostName = (v: string) => {
  const n = v.replace(/\.$/, '');
  return n.length > 0 && n.length <= 253 && n.split('.').every((l) => NAME_LABEL.test(l));
};

/** The simulator's check of a record's value by its type (the reference says only "value"). */
export function contentProblem(type: string, content: string): string | undefined {
  switch (type) {
    case 'A':
      return isIP(content) === 4 ? undefined : 'content: IPv4アドレスを指定してください。';
    case 'AAAA':
      return isIP(content) === 6 ? undefined : 'content: IPv6アドレスを指定してください。';
    case 'CNAME':
    case 'MX':
      return isHostName(content) ? undefined : 'content: ホスト名を指定してください。';
    case 'SRV':
      return /^\d{1,5} \d{1,5} \S+$/.test(content)
        ? undefined
        : 'content: 「重み ポート ターゲット」の形式で指定してください。';
    case 'CAA':
      return /^\d{1,3} (issue|issuewild|iodef) "[^"]*"$/.test(content)
        ? undefined
        : 'content: 「フラグ タグ "値"」の形式で指定してください。';
    default:
      return content.length <= 4096 ? undefined : 'content: 4096文字以内で入力してください。';
  }
}

function checkHost(host: string | undefined, errors: string[]): void {
  if (host === undefined) return;
  checkMaxLength(host, 255, 'host', errors);
  if (host !== '@' && !host.split('.').every((l) => HOST_LABEL.test(l)))
    errors.push('host: @ または半角英数字、-、_ のラベルで指定してください。');
}

function render(w: World, r: DnsRecordState): Record<string, unknown> {
  const priority = WITH_PRIORITY.has(r.type) ? r.priority : w.answerForms.dnsPriority === 'null' ? null : 0;
  return {
    id: r.id,
    domain: r.domain,
    host: r.host,
    type: r.type,
    content: r.content,
    ttl: r.ttl,
    priority,
  };
}

/** A record's fields as sent (each optional here), checked one by one. */
function fields(h: HostingServerState, b: Body, errors: string[]): Partial<DnsRecordInput> {
  const domain = bodyDomain(optionalString(b, 'domain', errors), 'domain', errors);
  if (domain && !h.domains.has(domain)) errors.push('domain: このサーバーに登録されていないドメインです。');
  else if (domain && h.domains.get(domain)?.type === 'initial')
    errors.push('domain: 初期ドメインのDNSレコードは設定できません。');
  const host = optionalString(b, 'host', errors);
  checkHost(host, errors);
  const type = optionalString(b, 'type', errors);
  checkOneOf(type, DNS_TYPES, 'type', errors);
  const content = optionalString(b, 'content', errors);
  const ttl = optionalInteger(b, 'ttl', errors);
  checkRange(ttl, 60, 86_400, 'ttl', errors);
  const priority = optionalInteger(b, 'priority', errors);
  checkRange(priority, 0, 65_535, 'priority', errors);
  return {
    ...(domain === undefined ? {} : { domain }),
    ...(host === undefined ? {} : { host }),
    ...(type === undefined ? {} : { type }),
    ...(content === undefined ? {} : { content }),
    ...(ttl === undefined ? {} : { ttl }),
    ...(priority === undefined ? {} : { priority }),
  };
}

function record(ctx: RequestContext, h: HostingServerState): DnsRecordState {
  const raw = ctx.params.dns_id ?? '';
  const r = /^\d{1,15}$/.test(raw) ? h.dns.get(Number(raw)) : undefined;
  if (!r) throw new ApiError('NOT_FOUND', '指定されたDNSレコードが見つかりません。');
  return r;
}

export const dnsRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/dns`,
    handle: (ctx) => {
      const h = server(ctx, 'dns', 'read');
      const d = domainFilter(ctx, h);
      const list = [...h.dns.values()].filter((r) => d === undefined || r.domain === d);
      return { records: list.map((r) => render(ctx.core.world, r)) };
    },
  },
  {
    method: 'POST',
    pattern: `${P}/dns`,
    handle: (ctx) => {
      const h = server(ctx, 'dns', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['domain', 'host', 'type', 'content', 'ttl', 'priority'], errors);
      for (const k of ['domain', 'host', 'type', 'content']) requireText(b, k, errors);
      const f = fields(h, b, errors);
      if (f.type && f.content !== undefined && DNS_TYPES.includes(f.type as never)) {
        const p = contentProblem(f.type, f.content);
        if (p) errors.push(p);
      }
      fail(errors);
      if (!f.domain || !f.host || !f.type || f.content === undefined) throw new ApiError('VALIDATION_ERROR');
      const rec = addDnsRecord(
        ctx.core.world,
        h,
        {
          domain: f.domain,
          host: f.host,
          type: f.type,
          content: f.content,
          ttl: f.ttl ?? 3600,
          priority: WITH_PRIORITY.has(f.type) ? (f.priority ?? DEFAULT_PRIORITY) : 0,
        },
        ctx.core.clock.nowMs(),
      );
      return { id: rec.id, message: 'DNSレコードを追加しました。' };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/dns/:dns_id`,
    handle: (ctx) => {
      const h = server(ctx, 'dns', 'write');
      const r = record(ctx, h);
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['domain', 'host', 'type', 'content', 'ttl', 'priority'], errors);
      const f = fields(h, b, errors);
      for (const k of ['host', 'type', 'content'] as const)
        if (f[k] !== undefined && f[k].trim() === '') errors.push(`${k}: 空にはできません。`);
      const next = { ...r, ...f };
      if (errors.length === 0) {
        const p = contentProblem(next.type, next.content);
        if (p) errors.push(p);
      }
      fail(errors);
      Object.assign(r, next, {
        priority: WITH_PRIORITY.has(next.type)
          ? (f.priority ?? (WITH_PRIORITY.has(r.type) ? r.priority : DEFAULT_PRIORITY))
          : 0,
        writtenAt: ctx.core.clock.nowMs(),
      });
      return { message: 'DNSレコードを変更しました。' };
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/dns/:dns_id`,
    handle: (ctx) => {
      const h = server(ctx, 'dns', 'write');
      const r = record(ctx, h);
      noBody(ctx);
      h.dns.delete(r.id);
      return { message: 'DNSレコードを削除しました。' };
    },
  },
];
