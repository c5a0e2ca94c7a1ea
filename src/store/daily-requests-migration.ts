/**
 * Migration 0007 (migrations.ts holds the list): the day's provider requests,
 * one row a day that every replica adds to (daily-requests.ts).
 */
import type { Kysely, Migration } from 'kysely';

/**
 * The provider requests of each day, counted by every replica together
 * (PROVIDER_DAILY_LIMIT is the key's, not a process's).
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
