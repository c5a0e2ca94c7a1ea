import type { ColumnDefinitionBuilder, Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * The one set of migrations, for both databases. Column types are the portable
 * ones (text, integer, bigint); the only fork is the auto-numbered key, which
 * SQLite spells `integer primary key autoincrement` and PostgreSQL an identity.
 * Names sort in order; never edit a released migration, add the next one.
 */

export type DatabaseKind = 'sqlite' | 'postgres';

// Migrations run before the schema exists, so they see an untyped database.
type AnyDb = Kysely<unknown>;

function autoId(kind: DatabaseKind) {
  return (col: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}

function initial(_kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('secrets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('ciphertext', 'text', (c) => c.notNull())
        .addColumn('key_fingerprint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('secrets_expires_at').on('secrets').column('expires_at').execute();

      await db.schema
        .createTable('signups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull())
        .addColumn('image_id', 'text', (c) => c.notNull())
        .addColumn('server_name', 'text')
        .addColumn('ssh_key_name', 'text')
        .addColumn('ssh_public_key', 'text')
        .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('partner_code', 'text')
        .addColumn('quoted_price', 'integer', (c) => c.notNull())
        .addColumn('regular_price', 'integer')
        .addColumn('campaign_applied', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('requester_id', 'text', (c) => c.notNull())
        .addColumn('approver_id', 'text')
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('thread_ts', 'text')
        .addColumn('locale', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('secret_id', 'text', (c) => c.references('secrets.id').onDelete('set null'))
        .addColumn('provider_service_id', 'bigint')
        .addColumn('uuid', 'text')
        .addColumn('ip_address', 'text')
        .addColumn('provider_status', 'text')
        .addColumn('error_code', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_check_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('signups_state_next_check')
        .on('signups')
        .columns(['state', 'next_check_at'])
        .execute();
      await db.schema
        .createIndex('signups_channel_created')
        .on('signups')
        .columns(['channel_id', 'created_at'])
        .execute();
      await db.schema.createIndex('signups_created').on('signups').column('created_at').execute();
      await db.schema.createIndex('signups_secret').on('signups').column('secret_id').execute();

      await db.schema
        .createTable('watches')
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('watches_pk', ['target', 'channel_id'])
        .execute();
      await db.schema.createIndex('watches_channel').on('watches').column('channel_id').execute();

      await db.schema
        .createTable('snapshots')
        .addColumn('server_uuid', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('power_status', 'text')
        .addColumn('contract_status', 'text')
        .addColumn('observed_at', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

function messagingAndCoordination(kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', autoId(kind))
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('thread_ts', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('sent_ts', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['next_attempt_at', 'id']).execute();

      await db.schema
        .createTable('audit')
        .addColumn('id', 'integer', autoId(kind))
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_target').on('audit').columns(['target', 'id']).execute();

      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('acquired_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('deliveries')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deliveries_expires_at').on('deliveries').column('expires_at').execute();
    },
  };
}

function operations(_kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('operations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('requester_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('needs_approval', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('approver_id', 'text')
        .addColumn('message_ts', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('result', 'text')
        .execute();
      await db.schema
        .createIndex('operations_state_expires')
        .on('operations')
        .columns(['state', 'expires_at'])
        .execute();
    },
  };
}

export function migrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '0001_signups_secrets_watches_snapshots': initial(kind),
    '0002_outbox_audit_leases_deliveries': messagingAndCoordination(kind),
    '0003_operations': operations(kind),
  };
}

export const LATEST_MIGRATION = '0003_operations';

export function migrationProvider(kind: DatabaseKind): MigrationProvider {
  return { getMigrations: async () => migrations(kind) };
}
