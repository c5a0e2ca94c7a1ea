/**
 * The journal of the bot's own provider requests: every replica appends what
 * it sent (in batches, src/provider/sent-requests.ts), the watcher's leader
 * reads the span of the key's log it judges and consumes the entries it
 * matched, and what nobody matched goes by age.
 */
import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import type { KeyRequestRow, NewKeyRequest } from './key-use-types.ts';
import { date, iso, type KeyRequestsTable } from './schema.ts';

export interface KeyRequestRepo {
  /** Journals requests sent (one statement per few hundred). */
  append(rows: readonly NewKeyRequest[]): Promise<void>;
  /** The requests sent within [from, to], oldest first. */
  between(from: Date, to: Date): Promise<KeyRequestRow[]>;
  /** Removes requests matched to the log (each matches once); returns how many went. */
  consume(ids: readonly number[]): Promise<number>;
  /** Removes requests sent before `before`; returns how many went. */
  purgeBefore(before: Date): Promise<number>;
}

/** Rows per statement: well under both databases' limits on bound values. */
const CHUNK = 300;

const toRow = (r: Selectable<KeyRequestsTable>): KeyRequestRow => ({
  id: Number(r.id),
  method: r.method,
  path: r.path,
  sentAt: date(r.sent_at),
});

export function keyRequestRepo(ctx: RepoContext): KeyRequestRepo {
  const { db, account } = ctx;
  return {
    async append(rows) {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const values = rows
          .slice(i, i + CHUNK)
          .map((r) => ({ account, method: r.method, path: r.path, sent_at: iso(r.sentAt) }));
        await db.insertInto('key_requests').values(values).execute();
      }
    },

    async between(from, to) {
      const rows = await db
        .selectFrom('key_requests')
        .selectAll()
        .where('account', '=', account)
        .where('sent_at', '>=', iso(from))
        .where('sent_at', '<=', iso(to))
        .orderBy('sent_at')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    async consume(ids) {
      let n = 0;
      for (let i = 0; i < ids.length; i += CHUNK) {
        const r = await db
          .deleteFrom('key_requests')
          .where('account', '=', account)
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .executeTakeFirst();
        n += Number(r.numDeletedRows);
      }
      return n;
    },

    async purgeBefore(before) {
      const r = await db
        .deleteFrom('key_requests')
        .where('account', '=', account)
        .where('sent_at', '<', iso(before))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
