/** The audit trail (`audit`): who did what, appended and read back in camelCase with `Date` values. */
import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { type AuditTable, date, iso } from './schema.ts';

export type AuditOutcome = 'ok' | 'refused' | 'failed';

export interface AuditEntry {
  actor: string;
  channelId?: string | null;
  action: string;
  target?: string | null;
  /** Secret-looking keys (password, token, private key, api key, secret …) are removed, at any depth. */
  params?: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode?: string | null;
  /** Default: now. */
  at?: Date;
}

export interface AuditRow {
  id: number;
  actor: string;
  channelId: string | null;
  action: string;
  target: string | null;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode: string | null;
  at: Date;
}

/**
 * The row the hosting watch writes for a change it saw that the bot did not
 * make (the control panel, another API client): the audit trail records
 * changes made outside the bot beside those made through it, and the daily
 * digest reads both from here. Its actor is `OUTSIDE_ACTOR` (nobody the bot
 * knows), its target the hosting server, its params what changed.
 */
export const OUTSIDE_CHANGE_ACTION = 'hosting.outside_change';
export const OUTSIDE_ACTOR = 'outside';
/**
 * The same for a server (its name, memo, reverse hostname, IP address or
 * plan, src/watch/server-changes.ts): target the server's uuid, params its
 * name now and the fields that changed.
 */
export const SERVER_OUTSIDE_CHANGE_ACTION = 'outside_change';

export interface AuditRepo {
  /**
   * Append-only; secret-looking keys of `params` are removed at any depth
   * before storing, and every value is bounded (AUDIT_BOUNDS), cut with a
   * visible marker: one refused command with a huge argument makes one short row.
   */
  append(entry: AuditEntry): Promise<AuditRow>;
  /** Newest first; `since`: only rows at or after it. */
  latest(opts: {
    target?: string;
    actor?: string;
    channelId?: string;
    since?: Date;
    limit: number;
  }): Promise<AuditRow[]>;
  /**
   * The rows of these actions (and outcomes, when given) written in `[from,
   * to)`, oldest first, at most `limit`; `total` counts them all.
   */
  during(opts: {
    from: Date;
    to: Date;
    actions: readonly string[];
    outcomes?: readonly AuditOutcome[];
    limit: number;
  }): Promise<{ rows: AuditRow[]; total: number }>;
}

// Compared after lower-casing and dropping `_` and `-`: root_password, rootPassword, api-key …
const SECRET_KEY_PARTS = [
  'password',
  'passwd',
  'secret',
  'token',
  'privatekey',
  'apikey',
  'authorization',
  'credential',
];
const SECRET_KEYS = new Set(['key', 'encryptionkey', 'signature']);

export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[_-]/g, '');
  return SECRET_KEYS.has(k) || SECRET_KEY_PARTS.some((p) => k.includes(p));
}

/** A copy of `value` without secret-looking keys, at any depth (arrays included). */
export function stripSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => stripSecrets(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!isSecretKey(k)) out[k] = stripSecrets(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** How much of what a person typed an audit row keeps. */
export const AUDIT_BOUNDS = {
  /** Characters of one string (a param value, the target, the actor, an error code). */
  text: 200,
  /** Elements of one array and keys of one object in `params`. */
  items: 20,
  /** Nesting of `params`. */
  depth: 5,
} as const;

/** `s` as at most `max` characters; a longer one ends in `…[+N]`, N the characters left out. */
export function boundText(s: string, max: number = AUDIT_BOUNDS.text): string {
  const chars = [...s];
  if (chars.length <= max) return s;
  const marker = `…[+${chars.length - (max - 12)}]`;
  return `${chars.slice(0, max - 12).join('')}${marker}`;
}

/** A copy of `value` with every string, array and object within AUDIT_BOUNDS (a cut list ends in `…[+N]`). */
export function boundValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return boundText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= AUDIT_BOUNDS.depth) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, AUDIT_BOUNDS.items).map((v) => boundValue(v, depth + 1));
    return value.length > AUDIT_BOUNDS.items ? [...kept, `…[+${value.length - AUDIT_BOUNDS.items}]`] : kept;
  }
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, AUDIT_BOUNDS.items)) out[boundText(k, 60)] = boundValue(v, depth + 1);
  if (entries.length > AUDIT_BOUNDS.items) out['…'] = `+${entries.length - AUDIT_BOUNDS.items}`;
  return out;
}

const boundOrNull = (s: string | null | undefined): string | null => (s == null ? null : boundText(s));

/** A stored row's params, whatever was stored (an older, unbounded or unreadable row shows as `{}`). */
function paramsOf(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const toRow = (r: Selectable<AuditTable>): AuditRow => ({
  id: Number(r.id),
  actor: r.actor,
  channelId: r.channel_id,
  action: r.action,
  target: r.target,
  params: paramsOf(r.params),
  outcome: r.outcome as AuditOutcome,
  errorCode: r.error_code,
  at: date(r.at),
});

export function auditRepo(ctx: RepoContext): AuditRepo {
  const { db, clock, account } = ctx;
  return {
    async append(e) {
      const row = await db
        .insertInto('audit')
        .values({
          account,
          actor: boundText(e.actor),
          channel_id: boundOrNull(e.channelId),
          action: boundText(e.action),
          target: boundOrNull(e.target),
          params: JSON.stringify(boundValue(stripSecrets(e.params ?? {}))),
          outcome: e.outcome,
          error_code: boundOrNull(e.errorCode),
          at: iso(e.at ?? clock.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    async latest({ target, actor, channelId, since, limit }) {
      let q = db.selectFrom('audit').selectAll().where('account', '=', account);
      if (since !== undefined) q = q.where('at', '>=', iso(since));
      if (target !== undefined) q = q.where('target', '=', target);
      if (actor !== undefined) q = q.where('actor', '=', actor);
      if (channelId !== undefined) q = q.where('channel_id', '=', channelId);
      return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toRow);
    },

    async during({ from, to, actions, outcomes, limit }) {
      if (actions.length === 0 || outcomes?.length === 0) return { rows: [], total: 0 };
      let q = db
        .selectFrom('audit')
        .where('account', '=', account)
        .where('at', '>=', iso(from))
        .where('at', '<', iso(to))
        .where('action', 'in', [...actions]);
      if (outcomes) q = q.where('outcome', 'in', [...outcomes]);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('at').orderBy('id').limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
    },
  };
}
