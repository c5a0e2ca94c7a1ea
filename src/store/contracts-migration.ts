/**
 * Migration 0008 (migrations.ts holds the list): contract dates (contracts.ts).
 */
import type { Kysely, Migration } from 'kysely';

/**
 * Contract dates: one row per server the bot ordered (its date read from the
 * signup status) and per server whose date a person set by hand, with the
 * last renewal reminder told about it.
 */
export function contracts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contracts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('signup_id', 'text', (c) => c.unique())
        .addColumn('server_uuid', 'text')
        .addColumn('server_name', 'text')
        .addColumn('plan_id', 'text')
        .addColumn('period', 'integer')
        .addColumn('auto_renew', 'integer')
        .addColumn('channel_id', 'text')
        .addColumn('provider_date', 'text')
        .addColumn('provider_date_at', 'text')
        .addColumn('provider_read_at', 'text')
        .addColumn('person_date', 'text')
        .addColumn('person_date_at', 'text')
        .addColumn('person_set_by', 'text')
        .addColumn('reminded_date', 'text')
        .addColumn('reminded_days', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contracts_server').on('contracts').column('server_uuid').execute();
    },
  };
}
