/**
 * The record lists of a hosting server as the watcher tells them: which
 * audit row makes a change the bot's own, the notice of one made outside the
 * bot, and the free certificates' expiry.
 *
 * The bot's own: every change /hosting makes is audited once the provider
 * answered (src/services/hosting/hosting-calls.ts), a destructive one with the
 * request it confirmed (`id`, `address`, `account`) beside its operation. A
 * row naming the same record, job or account explains one change; a cron job
 * the bot edited is one change (its old id gone, a new one listed) explained by
 * its `cron_change` row, which names the old id.
 *
 * Certificates: a free certificate (`letsencrypt`) whose `expires_at` is
 * within SSL_EXPIRY_NOTICE_DAYS is a notice, once per expiry; one past it (or
 * listed `expired`) raises the `ssl-expired` alarm, resolved when the list
 * shows it renewed or removed. The provider renews free certificates by
 * itself, so either means its renewal failed.
 */
import { toUnicodeDomain } from '../provider/index.ts';
import type { AuditRow, HostingNotice, OperationRow } from '../store/index.ts';
import { raiseAlarm, resolveAlarm } from './alarms.ts';
import {
  type CertificateKept,
  dnsName,
  FREE_SSL_TYPE,
  type RecordChange,
  type SslState,
} from './hosting-record-state.ts';
import type { IncidentTx } from './incidents.ts';
import { enqueueNotice } from './notice-rows.ts';

/** How close to its expiry a free certificate is told (docs/operators.md, Watching: alerts and notices). */
export const SSL_EXPIRY_NOTICE_DAYS = 14;
const NOTICE_MS = SSL_EXPIRY_NOTICE_DAYS * 86_400_000;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const lower = (v: unknown): string | undefined => text(v)?.toLowerCase();

/** Whether an audit row (done, or sent with its outcome unknown) is the bot's own making of `c`. */
export function explainsRecord(row: AuditRow, c: RecordChange): boolean {
  const p = row.params;
  switch (c.what) {
    case 'dns-added':
      return (
        row.action === 'hosting.dns_add' &&
        lower(p.domain) === c.record.domain.toLowerCase() &&
        (text(p.host) === '' ? '@' : text(p.host)) === (c.record.host === '' ? '@' : c.record.host) &&
        text(p.type)?.toUpperCase() === c.record.type
      );
    case 'dns-changed':
      return row.action === 'hosting.dns_change' && text(p.id) === c.id;
    case 'dns-removed':
      return row.action === 'hosting.dns_delete' && text(p.id) === c.id;
    case 'cron-added':
      return row.action === 'hosting.cron_add' && text(p.schedule) === c.job.schedule;
    case 'cron-changed':
      return row.action === 'hosting.cron_change' && text(p.id) === c.from;
    case 'cron-removed':
      return row.action === 'hosting.cron_delete' && text(p.id) === c.id;
    case 'mail-added':
      return row.action === 'hosting.mail_add' && lower(p.mail_address) === c.id;
    case 'mail-removed':
      return row.action === 'hosting.mail_delete' && lower(p.address) === c.id;
    case 'ftp-added':
      return row.action === 'hosting.ftp_add' && (lower(p.ftp_account) ?? lower(p.account)) === c.id;
    case 'ftp-removed':
      return row.action === 'hosting.ftp_delete' && (lower(p.account) ?? lower(p.ftp_account)) === c.id;
  }
}

/**
 * A destructive /hosting operation being run now (`executing`: its one request
 * sent, its audit row written once the provider answers), read as the row it
 * will write: what it deletes or changes may already show in a list before
 * the row is there, and is the bot's own.
 */
export function inFlightRows(ops: readonly OperationRow[], server: string): AuditRow[] {
  return ops
    .filter((op) => op.target === server && op.kind.startsWith('hosting.'))
    .map((op) => {
      const request = op.params.request;
      return {
        id: 0,
        actor: op.requesterId,
        channelId: op.channelId,
        action: op.kind,
        target: op.target,
        params: request && typeof request === 'object' ? { ...(request as Record<string, unknown>) } : {},
        outcome: 'ok' as const,
        errorCode: null,
        at: op.updatedAt,
      };
    });
}

/** The notice of a record change made outside the bot. */
export function recordNoticeOf(server: string, c: RecordChange, at: number): HostingNotice | undefined {
  if ((c.what === 'dns-added' || c.what === 'dns-removed') && c.withDomain) return undefined;
  const base = { kind: 'hosting' as const, server, at, change: c.what };
  switch (c.what) {
    case 'dns-added':
    case 'dns-changed':
    case 'dns-removed':
      return {
        ...base,
        item: dnsName(c.record),
        detail: `${c.record.type} ${c.record.content}`,
      };
    case 'cron-added':
    case 'cron-changed':
    case 'cron-removed':
      return { ...base, item: c.id, label: c.job.comment || null, detail: c.job.schedule };
    case 'mail-added':
    case 'mail-removed':
      return { ...base, item: c.id };
    case 'ftp-added':
    case 'ftp-removed':
      return { ...base, item: c.id, ...(c.directory === null ? {} : { detail: c.directory }) };
  }
}

/**
 * What the audit row of a record change made outside the bot names, under the
 * names the daily digest and `/hosting audit` read a subject by: a DNS
 * record's name as `domain`, a cron job's id or an account as `id`.
 */
export function recordOutsideParams(n: HostingNotice): Record<string, unknown> {
  const item = n.item === undefined ? {} : n.change.startsWith('dns-') ? { domain: n.item } : { id: n.item };
  return {
    change: n.change,
    ...item,
    ...(n.detail === undefined ? {} : { detail: n.detail }),
    ...(n.label ? { comment: n.label } : {}),
  };
}

const isFree = (c: CertificateKept) => c.type === FREE_SSL_TYPE;
const expiredAt = (c: CertificateKept, t: number) =>
  c.status === 'expired' || (c.expiresAt !== null && c.expiresAt <= t);
const nearAt = (c: CertificateKept, t: number) =>
  c.expiresAt !== null && !expiredAt(c, t) && c.expiresAt - t <= NOTICE_MS;

export const sslExpirySubject = (server: string, domain: string) => `ssl-expiry:${server}/${domain}`;

/**
 * The notices and alarms of the free certificates, from the last reading
 * (`before`, read at `lastRead`; none at the first read) to this one. Each
 * is told when it becomes true between two reads, so keys built from the
 * certificate's expiry are the same for every observer, and a later read
 * tells nothing again.
 */
export async function judgeCertificates(
  tx: IncidentTx,
  o: {
    server: string;
    before: SslState | undefined;
    lastRead: number | undefined;
    seen: SslState;
    now: Date;
    flapMs: number;
    channels: readonly string[];
  },
): Promise<number> {
  const { server, before, lastRead, seen, now, channels } = o;
  const t = now.getTime();
  const ctx = { now, flapMs: o.flapMs };
  let enqueued = 0;
  for (const [k, c] of Object.entries(seen.certificates)) {
    if (!isFree(c)) continue;
    const prev = before?.certificates[k];
    const subject = sslExpirySubject(server, c.name);
    const expiry = c.expiresAt === null ? 'unknown' : String(c.expiresAt);
    const was = (judge: (x: CertificateKept, at: number) => boolean) =>
      prev !== undefined && lastRead !== undefined && judge(prev, lastRead);
    if (expiredAt(c, t)) {
      if (was(expiredAt) && prev?.expiresAt === c.expiresAt) continue;
      const r = await raiseAlarm(
        tx,
        {
          kind: 'ssl-expired',
          subject,
          name: toUnicodeDomain(c.name) || c.name,
          detail: { server, domain: c.name, expiresAt: c.expiresAt },
          key: `${subject}:${expiry}`,
          at: c.expiresAt !== null && c.expiresAt <= t ? c.expiresAt : t,
          channels: channels.map((channelId) => ({ channelId })),
        },
        ctx,
      );
      enqueued += r.enqueued;
      continue;
    }
    if (was(expiredAt))
      enqueued += (
        await resolveAlarm(
          tx,
          { kind: 'ssl-expired', subject, key: `${subject}:renewed:${expiry}`, at: t },
          ctx,
        )
      ).enqueued;
    if (nearAt(c, t) && !(was(nearAt) && prev?.expiresAt === c.expiresAt)) {
      const notice: HostingNotice = {
        kind: 'hosting',
        server,
        change: 'ssl-expiring',
        item: c.name,
        ...(c.expiresAt === null ? {} : { expiresAt: c.expiresAt }),
        at: t,
      };
      enqueued += await enqueueNotice(
        tx,
        `ssl-expiring:${server}/${k}:${expiry}`,
        notice,
        `hosting:${server}`,
        channels,
        now,
      );
    }
  }
  // A certificate removed while expired: its alarm is over.
  for (const [k, prev] of Object.entries(before?.certificates ?? {})) {
    if (!isFree(prev) || seen.certificates[k] || lastRead === undefined || !expiredAt(prev, lastRead))
      continue;
    const subject = sslExpirySubject(server, prev.name);
    enqueued += (await resolveAlarm(tx, { kind: 'ssl-expired', subject, key: `${subject}:gone`, at: t }, ctx))
      .enqueued;
  }
  return enqueued;
}
