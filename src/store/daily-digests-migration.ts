/**
 * Migration 0013 (migrations.ts holds the list): the daily digests
 * (daily-digests.ts), and an index on the audit trail's time, which the
 * digest reads a day of.
 */
import type { Kysely, Migration } from 'kysely';

/**
 * One row per Japan day whose digest was written: its primary key is the
 * compare-and-set that makes it once whatever the replicas and restarts. It
 * keeps the digest as posted (JSON), where it goes, and the ts of its top
 * message once Slack accepted it (its thread's pages wait for that).
 */
export function dailyDigests(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('daily_digests')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .execute();
      await db.schema.createIndex('audit_at').on('audit').columns(['at', 'id']).execute();
    },
  };
}
