import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { type AuditTable, date, iso } from './schema.ts';
import type { AuditEntry, AuditOutcome, AuditRow } from './types.ts';

export interface AuditRepo {
  /** Append-only; secret-looking keys of `params` are removed at any depth before storing. */
  append(entry: AuditEntry): Promise<AuditRow>;
  /** Newest first. */
  latest(opts: { target?: string; actor?: string; channelId?: string; limit: number }): Promise<AuditRow[]>;
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

const toRow = (r: Selectable<AuditTable>): AuditRow => ({
  id: Number(r.id),
  actor: r.actor,
  channelId: r.channel_id,
  action: r.action,
  target: r.target,
  params: JSON.parse(r.params) as Record<string, unknown>,
  outcome: r.outcome as AuditOutcome,
  errorCode: r.error_code,
  at: date(r.at),
});

export function auditRepo(ctx: RepoContext): AuditRepo {
  const { db, clock } = ctx;
  return {
    async append(e) {
      const row = await db
        .insertInto('audit')
        .values({
          actor: e.actor,
          channel_id: e.channelId ?? null,
          action: e.action,
          target: e.target ?? null,
          params: JSON.stringify(stripSecrets(e.params ?? {})),
          outcome: e.outcome,
          error_code: e.errorCode ?? null,
          at: iso(e.at ?? clock.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    async latest({ target, actor, channelId, limit }) {
      let q = db.selectFrom('audit').selectAll();
      if (target !== undefined) q = q.where('target', '=', target);
      if (actor !== undefined) q = q.where('actor', '=', actor);
      if (channelId !== undefined) q = q.where('channel_id', '=', channelId);
      return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toRow);
    },
  };
}
