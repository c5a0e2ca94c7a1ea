/**
 * Migration 0012 (migrations.ts holds the list): the people who opened the
 * app's Home tab (home-viewers.ts).
 */
import type { Kysely, Migration } from 'kysely';

/**
 * One row per person who opened the Home: when they last opened it, whether
 * what it shows may have changed since it was last published (`stale_since`,
 * with a counter every mark bumps, so a publish clears only the marks it
 * saw), and the fingerprint of the view last published (an unchanged view is
 * not published again).
 */
export function homeViewers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('home_viewers')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('stale_since', 'text')
        .addColumn('stale_gen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_hash', 'text')
        .addColumn('published_at', 'text')
        .execute();
      await db.schema.createIndex('home_viewers_stale').on('home_viewers').column('stale_since').execute();
    },
  };
}
