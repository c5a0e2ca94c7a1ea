/**
 * The provider requests of each day, counted by every replica together: the
 * provider key's daily cap is the key's, not a process's, so each replica
 * adds what it sent to the day's one row and reads back the total.
 */

import type { Kysely, Migration } from 'kysely';
import type { RepoContext } from './context.ts';
import { iso } from './schema.ts';

export interface DailyRequestRepo {
  /**
   * Adds `requests` to the day that ends at `dayEndsAt` (one atomic upsert, so
   * replicas adding at once lose nothing) and answers that day's total.
   * `add(day, 0)` only reads it.
   */
  add(dayEndsAt: Date, requests: number): Promise<number>;
  /** The total of the day that ends at `dayEndsAt` (0 when none was counted), without writing. */
  total(dayEndsAt: Date): Promise<number>;
  /** Deletes the days that ended before `before`; returns how many. */
  purgeEnded(before: Date): Promise<number>;
}

/** Days kept after they ended (for nobody in particular: small enough never to need a sweep). */
const KEEP_DAYS_MS = 7 * 86_400_000;

export function dailyRequestRepo(ctx: RepoContext): DailyRequestRepo {
  const { db, clock, account } = ctx;

  async function purgeEnded(before: Date): Promise<number> {
    const r = await db
      .deleteFrom('daily_requests')
      .where('account', '=', account)
      .where('day_ends_at', '<', iso(before))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  return {
    async add(dayEndsAt, requests) {
      const day = iso(dayEndsAt);
      const now = iso(clock.now());
      const r = await db
        .insertInto('daily_requests')
        .values({ account, day_ends_at: day, requests, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['account', 'day_ends_at']).doUpdateSet((eb) => ({
            requests: eb('daily_requests.requests', '+', eb.ref('excluded.requests')),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('requests')
        .executeTakeFirstOrThrow();
      const total = Number(r.requests);
      // A new day's first row: the days long over go (one row a day, so this is rare and small).
      if (total === requests && !db.isTransaction)
        await purgeEnded(new Date(dayEndsAt.getTime() - KEEP_DAYS_MS));
      return total;
    },
    async total(dayEndsAt) {
      const r = await db
        .selectFrom('daily_requests')
        .select('requests')
        .where('account', '=', account)
        .where('day_ends_at', '=', iso(dayEndsAt))
        .executeTakeFirst();
      return Number(r?.requests ?? 0);
    },
    purgeEnded,
  };
}

/**
 * Migration 0007 (the list is in migrations.ts). The provider requests of
 * each day, counted by every replica together (PROVIDER_DAILY_LIMIT is the
 * key's, not a process's).
 */
export function dailyRequests(): Migration {
  return {
    // Migrations run before the schema exists, so they see an untyped database.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('daily_requests')
        .addColumn('day_ends_at', 'text', (c) => c.primaryKey())
        .addColumn('requests', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
