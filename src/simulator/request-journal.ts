/**
 * What the simulator saw: every request (for tests and benchmarks, via
 * control.requests) and each key's execution log (served by GET /v1/logs).
 * Secrets never enter either: the Authorization value is not stored and
 * password fields are masked.
 */
import { validationError } from './api-error.ts';
import { formatJstDateTime, parseJstDateTime } from './japan-time.ts';
import type { RecordedRequest, RequestFilter } from './types.ts';

const SECRET_FIELDS = new Set(['root_password', 'admin_password', 'password', 'private_key']);

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELDS.has(k) ? '********' : maskSecrets(v);
    return out;
  }
  return value;
}

/**
 * Long benchmarks must not grow memory without bound: beyond these counts the
 * oldest entries go (in chunks, so trimming stays cheap). Charges and signups
 * are never trimmed, so "charged exactly once" stays provable.
 */
const MAX_RECORDED = 200_000;
const MAX_LOGGED = 500_000;

function trim<T>(list: T[], max: number): void {
  if (list.length > max + max / 10) list.splice(0, list.length - max);
}

function matches(r: RecordedRequest, f: RequestFilter): boolean {
  if (f.method && r.method !== f.method.toUpperCase()) return false;
  if (f.keyName && r.keyName !== f.keyName) return false;
  if (f.status !== undefined && r.status !== f.status) return false;
  if (f.path !== undefined) {
    if (typeof f.path === 'string' ? r.path !== f.path : !f.path.test(r.path)) return false;
  }
  return true;
}

export class RequestJournal {
  private list: RecordedRequest[] = [];
  private waiters: { filter: RequestFilter; resolve: (r: RecordedRequest) => void }[] = [];

  add(r: RecordedRequest): void {
    this.list.push(r);
    trim(this.list, MAX_RECORDED);
    if (this.waiters.length === 0) return;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (matches(r, w.filter)) w.resolve(r);
      else still.push(w);
    }
    this.waiters = still;
  }

  clear(): void {
    this.list = [];
  }

  query(f: RequestFilter = {}): RecordedRequest[] {
    return this.list.filter((r) => matches(r, f));
  }

  /** The next request recorded from now on that matches (an event to await, not a poll). */
  next(f: RequestFilter = {}): Promise<RecordedRequest> {
    return new Promise((resolve) => this.waiters.push({ filter: f, resolve }));
  }
}

export interface LogEntry {
  seq: number;
  keyName: string;
  method: string;
  path: string;
  statusCode: number;
  responseTimeMs: number | null;
  ipAddress: string;
  createdAt: Date;
}

const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
const LOG_QUERY_PARAMS = new Set(['from', 'to', 'status_class', 'status_code', 'method', 'limit', 'cursor']);

export class ApiLog {
  /** Oldest first, by time and then by arrival: the order GET /v1/logs reads backwards. */
  private entries: LogEntry[] = [];
  private seq = 0;

  /**
   * Records one request. Entries arrive in time order, except those a control
   * records in the past (a request from another client a while ago): those
   * are put where their time belongs.
   */
  add(e: Omit<LogEntry, 'seq'>): void {
    this.seq += 1;
    const entry = { ...e, seq: this.seq };
    const t = entry.createdAt.getTime();
    let i = this.entries.length;
    while (i > 0 && (this.entries[i - 1]?.createdAt.getTime() ?? 0) > t) i -= 1;
    this.entries.splice(i, 0, entry);
    trim(this.entries, MAX_LOGGED);
  }

  /** Drops entries older than 90 days of simulated time. */
  prune(now: Date): void {
    const oldest = now.getTime() - RETENTION_MS;
    if (this.entries.length > 0 && (this.entries[0]?.createdAt.getTime() ?? oldest) < oldest) {
      this.entries = this.entries.filter((e) => e.createdAt.getTime() >= oldest);
    }
  }

  /**
   * GET /v1/logs. Simulator choices: unknown query parameters are a 422 (a
   * misspelt filter must not silently return everything); `from`/`to` accept
   * `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD` (JST) or ISO 8601 with an offset; the
   * cursor is base64url JSON bound to the calling key.
   */
  query(keyName: string, q: Record<string, string>, now: Date): Record<string, unknown> {
    this.prune(now);
    const errors: string[] = [];
    for (const name of Object.keys(q))
      if (!LOG_QUERY_PARAMS.has(name)) errors.push(`${name}: 不明なパラメータです。`);
    let limit = 50;
    if (q.limit !== undefined) {
      if (!/^\d+$/.test(q.limit) || Number(q.limit) < 1 || Number(q.limit) > 500) {
        errors.push('limit: 1から500までの整数で指定してください。');
      } else limit = Number(q.limit);
    }
    let from: Date | null = null;
    let to: Date | null = null;
    if (q.from !== undefined) {
      from = parseJstDateTime(q.from, false);
      if (!from) errors.push('from: YYYY-MM-DD HH:MM:SS 形式で指定してください。');
    }
    if (q.to !== undefined) {
      to = parseJstDateTime(q.to, true);
      if (!to) errors.push('to: YYYY-MM-DD HH:MM:SS 形式で指定してください。');
    }
    if (from && to && from.getTime() > to.getTime()) errors.push('from: to 以前の日時を指定してください。');
    if (q.status_class !== undefined && q.status_class !== 'success' && q.status_class !== 'error') {
      errors.push('status_class: success または error を指定してください。');
    }
    let statusCode: number | null = null;
    if (q.status_code !== undefined) {
      if (!/^\d{3}$/.test(q.status_code) || Number(q.status_code) < 100 || Number(q.status_code) > 599) {
        errors.push('status_code: HTTPステータスコード（整数）を指定してください。');
      } else statusCode = Number(q.status_code);
    }
    if (q.method !== undefined && !['GET', 'POST', 'PUT', 'DELETE'].includes(q.method)) {
      errors.push('method: GET, POST, PUT, DELETE のいずれかを大文字で指定してください。');
    }
    let after: Position | null = null;
    if (q.cursor !== undefined) {
      after = decodeCursor(q.cursor, keyName);
      if (after === null) errors.push('cursor: 不正なカーソルです。');
    }
    if (errors.length > 0) throw validationError(errors);

    const matches: LogEntry[] = [];
    let hasMore = false;
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const e = this.entries[i];
      if (!e || e.keyName !== keyName || (after && !before(e, after))) continue;
      if (from && e.createdAt.getTime() < from.getTime()) continue;
      if (to && e.createdAt.getTime() > to.getTime()) continue;
      if (q.status_class === 'success' && e.statusCode >= 400) continue;
      if (q.status_class === 'error' && e.statusCode < 400) continue;
      if (statusCode !== null && e.statusCode !== statusCode) continue;
      if (q.method !== undefined && e.method !== q.method) continue;
      if (matches.length === limit) {
        hasMore = true;
        break;
      }
      matches.push(e);
    }
    const last = matches[matches.length - 1];
    return {
      logs: matches.map((e) => ({
        method: e.method,
        path: e.path,
        status_code: e.statusCode,
        response_time_ms: e.responseTimeMs,
        ip_address: e.ipAddress,
        created_at: formatJstDateTime(e.createdAt),
      })),
      count: matches.length,
      limit,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor(last, keyName) : null,
    };
  }
}

/** Where a page ended: the last entry given, by its time and arrival. */
interface Position {
  t: number;
  s: number;
}

/** Whether `e` comes after `p` going backwards (older, or as old and earlier in arrival). */
const before = (e: LogEntry, p: Position): boolean => {
  const t = e.createdAt.getTime();
  return t < p.t || (t === p.t && e.seq < p.s);
};

function encodeCursor(e: LogEntry, keyName: string): string {
  return Buffer.from(JSON.stringify({ v: 2, k: keyName, t: e.createdAt.getTime(), s: e.seq })).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string, keyName: string): Position | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    if (o.v !== 2 || o.k !== keyName) return null;
    if (!Number.isInteger(o.t) || !Number.isInteger(o.s)) return null;
    return { t: o.t as number, s: o.s as number };
  } catch {
    return null;
  }
}
