/**
 * Migration 0010 (migrations.ts holds the list): what the watcher knows of a
 * server besides its power and contract (snapshots.ts).
 */
import type { Kysely, Migration } from 'kysely';

/**
 * The facts of a server the watcher tells changes of (its memo, reverse
 * hostname, IP address and plan), as JSON: a field is there once an answer
 * has said it, so a snapshot written before this migration (null) is no
 * baseline, and its first read tells nothing.
 */
export function snapshotFacts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('snapshots').addColumn('facts', 'text').execute();
    },
  };
}
