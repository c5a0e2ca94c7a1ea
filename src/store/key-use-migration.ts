/**
 * Migration 0011 (migrations.ts holds the list): the journal of the bot's own
 * provider requests and the key-use watch's place in the key's API log
 * (key-requests.ts, key-log.ts).
 */
import type { Migration } from 'kysely';
import { type AnyDb, autoId as autoIdOf, type DatabaseKind } from './migration-kit.ts';

/**
 * `key_requests`: every request a replica sent with the provider key (method,
 * path, when), written in batches as they leave, read and consumed by the
 * watcher's leader as it matches them to the key's log, pruned by age.
 * `key_log`: one row, where the reading of the key's log stands (the last
 * second judged, the bot's own source addresses learned, the refused requests
 * of the last burst window, the counts of the clients the team expects), with
 * a version every write bumps (compare-and-set: a stale leader writes nothing).
 */
export function keyUse(kind: DatabaseKind): Migration {
  const autoId = autoIdOf(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('key_requests')
        .addColumn('id', 'integer', autoId)
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('key_requests_sent_at').on('key_requests').column('sent_at').execute();
      await db.schema
        .createTable('key_log')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('judged_through', 'text', (c) => c.notNull())
        .addColumn('own_ips', 'text', (c) => c.notNull())
        .addColumn('denied', 'text', (c) => c.notNull())
        .addColumn('expected', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
