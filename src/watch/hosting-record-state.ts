/**
 * What the watcher keeps of a hosting server's record lists, and what changed
 * between two reads of one. Pure. The lists (docs/provider-api.md, Hosting
 * resources): DNS records by their integer `id`; cron jobs by their string
 * `id`, which changes when a job's content is edited; mail accounts by
 * address; FTP accounts by account name; certificates by common name and
 * type, with their `expires_at`.
 *
 * A cron job's command is kept only as a digest: it may hold a password, and
 * a snapshot, a notice and an audit row never do. What is told of a job is
 * its schedule, its comment and its id; `/hosting cron` shows the command
 * with its obvious secrets masked.
 *
 * An item an answer lists in a shape that cannot be read (its key unreadable)
 * makes the answer say nothing of what was removed: every item the last
 * reading held and this answer does not name is kept.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  type CronJob,
  type DnsRecord,
  type FtpAccount,
  type Listing,
  type MailAccount,
  type SslCertificate,
  toAsciiDomain,
} from '../provider/index.ts';

const dnsRecord = z.object({
  domain: z.string(),
  host: z.string(),
  type: z.string(),
  content: z.string(),
  ttl: z.number().nullable(),
  priority: z.number().nullable(),
});
const cronJob = z.object({
  schedule: z.string(),
  /** A digest of the command, never the command (it may hold a password). */
  command: z.string(),
  comment: z.string(),
  enabled: z.boolean().nullable(),
});
const certificate = z.object({
  name: z.string(),
  type: z.string().nullable(),
  /** Epoch ms; null when the answer's `expires_at` could not be read. */
  expiresAt: z.number().nullable(),
  status: z.string().nullable(),
});

// Each part's state has its own top-level field, so a state says which part it is.
export const RECORD_SCHEMAS = {
  dns: z.object({ records: z.record(z.string(), dnsRecord) }),
  cron: z.object({ jobs: z.record(z.string(), cronJob) }),
  mail: z.object({ mailboxes: z.record(z.string(), z.object({})) }),
  ftp: z.object({ ftpAccounts: z.record(z.string(), z.object({ directory: z.string().nullable() })) }),
  ssl: z.object({ certificates: z.record(z.string(), certificate) }),
} as const;

export type RecordPart = keyof typeof RECORD_SCHEMAS;
export const RECORD_PARTS = Object.keys(RECORD_SCHEMAS) as RecordPart[];
export const isRecordPart = (p: string): p is RecordPart => p in RECORD_SCHEMAS;

export type DnsState = z.infer<typeof RECORD_SCHEMAS.dns>;
export type CronState = z.infer<typeof RECORD_SCHEMAS.cron>;
export type MailState = z.infer<typeof RECORD_SCHEMAS.mail>;
export type FtpState = z.infer<typeof RECORD_SCHEMAS.ftp>;
export type SslState = z.infer<typeof RECORD_SCHEMAS.ssl>;
export type RecordState = DnsState | CronState | MailState | FtpState | SslState;
export type DnsRecordKept = z.infer<typeof dnsRecord>;
export type CronJobKept = z.infer<typeof cronJob>;
export type CertificateKept = z.infer<typeof certificate>;

/** What the client answered for a record part. */
export type RecordAnswer =
  | { part: 'dns'; listing: Listing<DnsRecord> }
  | { part: 'cron'; listing: Listing<CronJob> }
  | { part: 'mail'; listing: Listing<MailAccount> }
  | { part: 'ftp'; listing: Listing<FtpAccount> }
  | { part: 'ssl'; listing: Listing<SslCertificate> };

/** The published free certificate type (docs/provider-api.md, SSL and name servers). */
export const FREE_SSL_TYPE = 'letsencrypt';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const commandDigest = (command: string): string =>
  createHash('sha256').update(`cron command:${command}`).digest('hex').slice(0, 16);

/** A job's schedule as cron writes it. */
export const cronSchedule = (j: {
  minute?: unknown;
  hour?: unknown;
  day?: unknown;
  month?: unknown;
  weekday?: unknown;
}): string => [j.minute, j.hour, j.day, j.month, j.weekday].map((f) => str(f) ?? '?').join(' ');

/** A certificate's key: its name (Punycode) and its type, as a free and a paid one may share a name. */
export const certificateKey = (name: string, type: string | null): string =>
  `${toAsciiDomain(name) || name}#${type ?? ''}`;

/** `expires_at` read as an instant: ISO 8601 (with `+09:00`), or the provider's `YYYY-MM-DD HH:MM:SS` in Japan time. */
export function expiryOf(v: unknown): number | null {
  const s = str(v)?.trim();
  if (!s) return null;
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(s);
  const t = plain ? Date.parse(`${plain[1]}T${plain[2]}+09:00`) : Date.parse(s);
  return Number.isFinite(t) ? t : null;
}

/** The items a listing names, each by its key, and whether some item could not be named. */
function entries<T>(
  listing: Listing<T>,
  keyOf: (item: Partial<T>) => string | undefined,
  keep: (item: Partial<T>) => unknown,
): { items: Record<string, unknown>; partial: boolean } {
  const items: Record<string, unknown> = {};
  let partial = false;
  for (const item of listing.items as Partial<T>[]) {
    const k = keyOf(item);
    if (k === undefined) partial = true;
    else items[k] = keep(item);
  }
  for (const m of listing.malformed) {
    const readable = m.readable as Partial<T>;
    const k = keyOf(readable);
    if (k === undefined) partial = true;
    else items[k] = keep(readable);
  }
  return { items, partial };
}

/** What one answer says of its part. `previous` keeps what an answer with an unreadable item cannot deny. */
export function readRecordPart(a: RecordAnswer, previous?: RecordState): RecordState {
  const carry = (field: string, r: { items: Record<string, unknown>; partial: boolean }) => {
    const before =
      previous && field in previous ? (previous as Record<string, Record<string, unknown>>)[field] : {};
    return r.partial ? { ...before, ...r.items } : r.items;
  };
  switch (a.part) {
    case 'dns': {
      const r = entries(
        a.listing,
        (d) => (typeof d.id === 'number' ? String(d.id) : undefined),
        (d): DnsRecordKept => ({
          domain: toAsciiDomain(d.domain ?? '') || (d.domain ?? ''),
          host: d.host ?? '',
          type: (d.type ?? '').toUpperCase(),
          content: d.content ?? '',
          ttl: num(d.ttl),
          priority: num(d.priority),
        }),
      );
      return { records: carry('records', r) as DnsState['records'] };
    }
    case 'cron': {
      const r = entries(
        a.listing,
        (j) => str(j.id),
        (j): CronJobKept => ({
          schedule: cronSchedule(j),
          command: commandDigest(j.command ?? ''),
          comment: j.comment ?? '',
          enabled: typeof j.enabled === 'boolean' ? j.enabled : null,
        }),
      );
      return { jobs: carry('jobs', r) as CronState['jobs'] };
    }
    case 'mail': {
      const r = entries(
        a.listing,
        (m) => str(m.mail_address)?.toLowerCase(),
        () => ({}),
      );
      return { mailboxes: carry('mailboxes', r) as MailState['mailboxes'] };
    }
    case 'ftp': {
      const r = entries(
        a.listing,
        (f) => str(f.ftp_account)?.toLowerCase(),
        (f) => ({ directory: str(f.directory) ?? null }),
      );
      return { ftpAccounts: carry('ftpAccounts', r) as FtpState['ftpAccounts'] };
    }
    case 'ssl': {
      const r = entries(
        a.listing,
        (c) => {
          const name = str(c.common_name);
          return name === undefined ? undefined : certificateKey(name, str(c.type) ?? null);
        },
        (c): CertificateKept => ({
          name: toAsciiDomain(c.common_name ?? '') || (c.common_name ?? ''),
          type: str(c.type) ?? null,
          expiresAt: expiryOf(c.expires_at),
          status: str(c.status) ?? null,
        }),
      );
      return { certificates: carry('certificates', r) as SslState['certificates'] };
    }
  }
}

/** One thing that changed in a record list between two reads. */
export type RecordChange =
  /**
   * `withDomain`: the first records of a domain, or its last ones gone: they
   * came or went with the domain (the provider writes a new domain's records
   * itself), which the domains' own change tells.
   */
  | { what: 'dns-added'; id: string; record: DnsRecordKept; withDomain?: boolean }
  | { what: 'dns-changed'; id: string; from: DnsRecordKept; record: DnsRecordKept }
  | { what: 'dns-removed'; id: string; record: DnsRecordKept; withDomain?: boolean }
  | { what: 'cron-added'; id: string; job: CronJobKept }
  /** `from`: the job's id before (a job's id changes when its content is edited). */
  | { what: 'cron-changed'; id: string; from: string; job: CronJobKept }
  | { what: 'cron-removed'; id: string; job: CronJobKept }
  | { what: 'mail-added'; id: string }
  | { what: 'mail-removed'; id: string }
  | { what: 'ftp-added'; id: string; directory: string | null }
  | { what: 'ftp-removed'; id: string; directory: string | null };

export const isRecordChange = (c: { what: string }): c is RecordChange =>
  /^(dns|cron|mail|ftp)-/.test(c.what);

const sameRecord = (a: DnsRecordKept, b: DnsRecordKept) =>
  a.domain === b.domain &&
  a.host === b.host &&
  a.type === b.type &&
  a.content === b.content &&
  a.ttl === b.ttl &&
  (a.priority ?? 0) === (b.priority ?? 0);

const sameJob = (a: CronJobKept, b: CronJobKept) =>
  a.schedule === b.schedule && a.command === b.command && a.comment === b.comment && a.enabled === b.enabled;

/** Names a change, the same for every observer of it (part of its dedupe key). */
export function recordChangeId(c: RecordChange): string {
  switch (c.what) {
    case 'dns-changed':
      return `dns~${c.id}:${createHash('sha256').update(JSON.stringify(c.record)).digest('hex').slice(0, 12)}`;
    case 'cron-changed':
      return `cron~${c.from}>${c.id}:${c.job.command}:${c.job.enabled ?? ''}`;
    default:
      return `${c.what}:${c.id}`;
  }
}

/** What changed from `before` to `after` (both of the same record part); certificates are judged elsewhere. */
export function recordChangesOf(before: RecordState, after: RecordState): RecordChange[] {
  const out: RecordChange[] = [];
  if ('records' in before && 'records' in after) {
    const domainsOf = (s: DnsState) => new Set(Object.values(s.records).map((r) => r.domain));
    const [had, has] = [domainsOf(before), domainsOf(after)];
    for (const [id, r] of Object.entries(after.records)) {
      const was = before.records[id];
      if (!was)
        out.push({ what: 'dns-added', id, record: r, ...(had.has(r.domain) ? {} : { withDomain: true }) });
      else if (!sameRecord(was, r)) out.push({ what: 'dns-changed', id, from: was, record: r });
    }
    for (const [id, r] of Object.entries(before.records))
      if (!after.records[id])
        out.push({ what: 'dns-removed', id, record: r, ...(has.has(r.domain) ? {} : { withDomain: true }) });
  } else if ('jobs' in before && 'jobs' in after) {
    const added = Object.entries(after.jobs).filter(([id]) => !before.jobs[id]);
    const removed = Object.entries(before.jobs).filter(([id]) => !after.jobs[id]);
    for (const [id, j] of Object.entries(after.jobs)) {
      const was = before.jobs[id];
      if (was && !sameJob(was, j)) out.push({ what: 'cron-changed', id, from: id, job: j });
    }
    // An edit gives the job a new id: a job gone and one new with the same command, or the only
    // one gone and the only one new, are one job changed.
    const pairs: [string, string][] = [];
    if (added.length === 1 && removed.length === 1) pairs.push([removed[0]![0], added[0]![0]]);
    else
      for (const [from, was] of removed) {
        const match = added.find(([id, j]) => j.command === was.command && !pairs.some((p) => p[1] === id));
        if (match) pairs.push([from, match[0]]);
      }
    for (const [from, id] of pairs) out.push({ what: 'cron-changed', id, from, job: after.jobs[id]! });
    for (const [id, j] of added)
      if (!pairs.some((p) => p[1] === id)) out.push({ what: 'cron-added', id, job: j });
    for (const [id, j] of removed)
      if (!pairs.some((p) => p[0] === id)) out.push({ what: 'cron-removed', id, job: j });
  } else if ('mailboxes' in before && 'mailboxes' in after) {
    for (const id of Object.keys(after.mailboxes))
      if (!before.mailboxes[id]) out.push({ what: 'mail-added', id });
    for (const id of Object.keys(before.mailboxes))
      if (!after.mailboxes[id]) out.push({ what: 'mail-removed', id });
  } else if ('ftpAccounts' in before && 'ftpAccounts' in after) {
    for (const [id, f] of Object.entries(after.ftpAccounts))
      if (!before.ftpAccounts[id]) out.push({ what: 'ftp-added', id, directory: f.directory });
    for (const [id, f] of Object.entries(before.ftpAccounts))
      if (!after.ftpAccounts[id]) out.push({ what: 'ftp-removed', id, directory: f.directory });
  }
  return out;
}

/** `state` with one change applied (the others left as they were). */
export function applyRecordChange(state: RecordState, c: RecordChange): RecordState {
  if ('records' in state) {
    const records = { ...state.records };
    if (c.what === 'dns-added' || c.what === 'dns-changed') records[c.id] = c.record;
    else if (c.what === 'dns-removed') delete records[c.id];
    return { records };
  }
  if ('jobs' in state) {
    const jobs = { ...state.jobs };
    if (c.what === 'cron-changed') delete jobs[c.from];
    if (c.what === 'cron-added' || c.what === 'cron-changed') jobs[c.id] = c.job;
    else if (c.what === 'cron-removed') delete jobs[c.id];
    return { jobs };
  }
  if ('mailboxes' in state) {
    const mailboxes = { ...state.mailboxes };
    if (c.what === 'mail-added') mailboxes[c.id] = {};
    else if (c.what === 'mail-removed') delete mailboxes[c.id];
    return { mailboxes };
  }
  if ('ftpAccounts' in state) {
    const ftpAccounts = { ...state.ftpAccounts };
    if (c.what === 'ftp-added') ftpAccounts[c.id] = { directory: c.directory };
    else if (c.what === 'ftp-removed') delete ftpAccounts[c.id];
    return { ftpAccounts };
  }
  return state;
}

/** A DNS record's name as people read it: the host under its domain, `@` the domain itself. */
export const dnsName = (r: { host: string; domain: string }): string =>
  r.host === '@' || r.host === '' ? r.domain : `${r.host}.${r.domain}`;
