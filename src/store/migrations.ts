import { type Migration, type MigrationProvider, sql } from 'kysely';
import { accounts } from './accounts-migration.ts';
import { contracts } from './contracts.ts';
import { dailyDigests } from './daily-digests.ts';
import { dailyRequests } from './daily-requests.ts';
import { homeViewers } from './home-viewers.ts';
import { hostingSnapshots } from './hosting-snapshots.ts';
import { keyLogAhead } from './key-log-ahead-migration.ts';
import { keyUse } from './key-use-migration.ts';
import { type AnyDb, autoId, type DatabaseKind } from './migration-kit.ts';
import { signupSteps } from './signups.ts';
import { snapshotFacts } from './snapshots.ts';

export type { DatabaseKind } from './migration-kit.ts';

/**
 * The one set of migrations, for both databases, in portable column types
 * (text, integer, bigint; the auto-numbered key: migration-kit.ts). Names sort
 * in order; never edit a released migration, add the next one.
 */

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

/**
 * Incidents (a server's power changes posted once and then edited in place),
 * their messages per channel, mutes, and the outbox columns that tie a row to
 * an incident. Existing outbox rows become `notice` rows, which is what they were.
 */
function incidentsAndMutes(_kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('snapshots').addColumn('power_changed_at', 'text').execute();

      await db.schema
        .alterTable('outbox')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('notice'))
        .execute();
      await db.schema.alterTable('outbox').addColumn('incident_id', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('incident_version', 'integer').execute();
      await db.schema.alterTable('outbox').addColumn('subject', 'text').execute();
      await db.schema.createIndex('outbox_incident').on('outbox').column('incident_id').execute();
      await db.schema
        .createIndex('outbox_channel_kind')
        .on('outbox')
        .columns(['channel_id', 'kind', 'sent_at'])
        .execute();

      await db.schema
        .createTable('incidents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('server_uuid', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('plan', 'text')
        .addColumn('baseline', 'text', (c) => c.notNull())
        .addColumn('baseline_since', 'text', (c) => c.notNull())
        .addColumn('baseline_since_known', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('power', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('last_change_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('incidents_server_started')
        .on('incidents')
        .columns(['server_uuid', 'started_at'])
        .execute();

      await db.schema
        .createTable('incident_posts')
        .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('rendered_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('incident_posts_pk', ['incident_id', 'channel_id'])
        .execute();
      await db.schema
        .createIndex('incident_posts_message')
        .on('incident_posts')
        .columns(['channel_id', 'message_ts'])
        .execute();

      await db.schema
        .createTable('mutes')
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('mutes_pk', ['target', 'channel_id'])
        .execute();
      await db.schema.createIndex('mutes_until').on('mutes').column('until').execute();
    },
  };
}

/**
 * Channels the bot cannot post in (not a member, gone, archived): the
 * notifier parks their rows instead of retrying them, notifies the watches'
 * creators once, and summarises the old ones when it can post again.
 */
function channelReach(_kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('channels')
        .addColumn('channel_id', 'text', (c) => c.primaryKey())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('parked_at', 'text', (c) => c.notNull())
        .addColumn('probe_at', 'text')
        .addColumn('told_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('outbox').addColumn('parked_at', 'text').execute();
      await db.schema
        .createIndex('outbox_channel_parked')
        .on('outbox')
        .columns(['channel_id', 'parked_at'])
        .execute();
      await db.schema.alterTable('incident_posts').addColumn('summarised_at', 'text').execute();
    },
  };
}

/**
 * Alarms: an incident is no longer only a server's power changes but any
 * condition that wakes on-call (a contract suspended, a signup stuck in
 * `setup_pending`, and the kinds that follow), posted the same way: one post per
 * channel, edited in place, with a thread. `server_uuid` becomes `subject`
 * (what the incident is about, which says who watches it) and `power` becomes
 * `state` (a power state, or `alarm` / `ok`); existing rows are power
 * incidents. Beside them: the kind's facts (`detail`), when it was opened,
 * alarming and resolved, who claimed it (a compare-and-set), its reminders,
 * a version every edit bumps, and the thread a post lives in when it is
 * posted into one (a signup's approval thread).
 */
function alarms(_kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.dropIndex('incidents_server_started').execute();
      await db.schema.alterTable('incidents').renameColumn('server_uuid', 'subject').execute();
      await db.schema.alterTable('incidents').renameColumn('power', 'state').execute();
      await db.schema
        .alterTable('incidents')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('power'))
        .execute();
      await db.schema
        .alterTable('incidents')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      for (const column of [
        'raised_at',
        'alarm_since',
        'resolved_at',
        'claimed_by',
        'claimed_at',
        'renotified_at',
      ]) {
        await db.schema.alterTable('incidents').addColumn(column, 'text').execute();
      }
      for (const column of ['claims', 'renotify_count', 'version']) {
        await db.schema
          .alterTable('incidents')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      // A post's version was its incident's number of changes: keep that meaning for rows in flight.
      // A post's version was its incident's number of changes: keep that meaning for rows in
      // flight. A power incident alarming now (an error, or a stop no operation explains, that
      // did not flap back) becomes an open alarm, so it can be claimed after the upgrade.
      const { rows } = await sql<{ id: string; changes: string; baseline: string; state: string }>`
        select id, changes, baseline, state from incidents`.execute(db);
      for (const r of rows) {
        const parsed = JSON.parse(r.changes) as unknown;
        const list = Array.isArray(parsed)
          ? (parsed as { from: string; to: string; at: number; later: boolean }[])
          : [];
        const last = list[list.length - 1];
        const flap = list.length > 1 && list.every((c) => !c.later) && last?.to === r.baseline;
        const alarming =
          last !== undefined &&
          !flap &&
          r.state === last.to &&
          (last.to === 'error' || (last.to === 'stopped' && last.from !== 'processing'));
        const since = alarming ? new Date(last.at).toISOString() : null;
        await sql`update incidents set version = ${list.length}, raised_at = ${since}, alarm_since = ${since}
          where id = ${r.id}`.execute(db);
      }
      await db.schema
        .createIndex('incidents_kind_subject_started')
        .on('incidents')
        .columns(['kind', 'subject', 'started_at'])
        .execute();
      await db.schema
        .createIndex('incidents_open_alarms')
        .on('incidents')
        .columns(['resolved_at', 'raised_at'])
        .execute();
      await db.schema.alterTable('incident_posts').addColumn('thread_ts', 'text').execute();
    },
  };
}

export function migrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '0001_signups_secrets_watches_snapshots': initial(kind),
    '0002_outbox_audit_leases_deliveries': messagingAndCoordination(kind),
    '0003_operations': operations(kind),
    '0004_incidents_mutes': incidentsAndMutes(kind),
    '0005_channel_reach': channelReach(kind),
    '0006_alarms': alarms(kind),
    '0007_daily_requests': dailyRequests(),
    '0008_contracts': contracts(),
    '0009_hosting_snapshots': hostingSnapshots(),
    '0010_snapshot_facts': snapshotFacts(),
    '0011_key_use': keyUse(kind),
    '0012_home_viewers': homeViewers(),
    '0013_daily_digests': dailyDigests(),
    '0014_key_log_ahead': keyLogAhead(),
    '0015_signup_steps': signupSteps(),
    '0016_accounts': accounts(kind),
  };
}

export const LATEST_MIGRATION = '0016_accounts';

export function migrationProvider(kind: DatabaseKind): MigrationProvider {
  return { getMigrations: async () => migrations(kind) };
}
