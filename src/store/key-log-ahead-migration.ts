/**
 * Migration 0014 (migrations.ts holds the list): what the key-use watch knows
 * of the key's log past the last span it judged (key-log.ts).
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './migration-kit.ts';

/**
 * `key_log.ahead` (JSON): how far the log was looked at past the judged span,
 * the entries judged there at the first read that saw them (from addresses
 * the bot never sent from), so that the read judging their span skips them,
 * and the newest entry the log has shown, on the provider's clock (where the
 * reading stands when a replica's clock was wrong).
 */
export function keyLogAhead(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('key_log')
        .addColumn('ahead', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  };
}
