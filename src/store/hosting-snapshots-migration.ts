/**
 * Migration 0009 (migrations.ts holds the list): what the watcher last saw of each hosting server (hosting-snapshots.ts).
 */
import type { Kysely, Migration } from 'kysely';

/**
 * What the watcher last saw of each hosting server, one row per part it reads
 * (`domains` with each one's `ssl_status`, `ssh` on or off, `keys`): the
 * part's state as JSON, when it was read, and when it last changed (the
 * epoch the dedupe keys of its changes build on).
 */
export function hostingSnapshots(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hosting_snapshots')
        .addColumn('server', 'text', (c) => c.notNull())
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('observed_at', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hosting_snapshots_pk', ['server', 'part'])
        .execute();
    },
  };
}
