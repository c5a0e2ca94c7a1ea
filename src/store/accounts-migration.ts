/**
 * Migration 0016 (migrations.ts holds the list): several provider accounts in
 * one store. Every table whose rows belong to one account gets the column
 * `account` (existing rows: `default`, the one account there was), and where
 * a table is keyed by a provider's id or by a fact of one key (a server's
 * uuid, a day's requests, the key log's one row), the account becomes the
 * first part of its key, so that two accounts' same server uuid, same day or
 * same channel never collide. The outbox gains the column only: each account's
 * notifier posts its own rows (their dedupe keys are told apart in outbox.ts).
 * The tables every account shares (deliveries, leases, home_viewers, secrets)
 * stay as they are.
 * Beside them, `account_bindings`: the channels bound to an account from Slack
 * (account-bindings.ts).
 */
import { type Migration, sql } from 'kysely';
import { DEFAULT_ACCOUNT } from './context.ts';
import type { AnyDb, DatabaseKind } from './migration-kit.ts';

/** Scoped tables whose key does not change: their ids are the bot's own (random uuids, auto-numbers). */
const COLUMN_ONLY = ['signups', 'operations', 'audit', 'key_requests', 'outbox'] as const;

/** Scoped tables keyed by what another account may have too: their key, which the account now leads. */
const REKEYED: readonly (readonly [string, readonly string[]])[] = [
  ['watches', ['target', 'channel_id']],
  ['snapshots', ['server_uuid']],
  ['hosting_snapshots', ['server', 'part']],
  ['mutes', ['target', 'channel_id']],
  ['channels', ['channel_id']],
  ['contracts', ['id']],
  ['daily_requests', ['day_ends_at']],
  ['key_log', ['name']],
  ['daily_digests', ['day']],
];

/**
 * `incidents` is keyed by its first change's key, which two accounts' watchers
 * may both make; its posts point at it by (account, incident id).
 */
const INCIDENT_KEY = ['id'];
const POST_KEY = ['incident_id', 'channel_id'];

export function accounts(kind: DatabaseKind): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of [...COLUMN_ONLY, ...REKEYED.map(([t]) => t), 'incidents', 'incident_posts'])
        await db.schema
          .alterTable(table)
          .addColumn('account', 'text', (c) => c.notNull().defaultTo(DEFAULT_ACCOUNT))
          .execute();
      if (kind === 'sqlite') await rekeySqlite(db);
      else await rekeyPostgres(db);
      await db.schema
        .createTable('account_bindings')
        .addColumn('channel_id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('bound_by', 'text', (c) => c.notNull())
        .addColumn('bound_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

async function rekeyPostgres(db: AnyDb): Promise<void> {
  const constraintOf = async (table: string, type: 'p' | 'f'): Promise<string[]> => {
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = ${table}::regclass and contype = ${type} order by conname`.execute(db);
    return rows.map((r) => r.conname);
  };
  // The key keeps its name (`watches_pk`, `snapshots_pkey`, …), so the schema reads as before.
  const rekey = async (table: string, key: readonly string[]) => {
    const [name = `${table}_pkey`] = await constraintOf(table, 'p');
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)}
      primary key (${sql.raw(quoted(['account', ...key]))})`.execute(db);
  };
  for (const [table, key] of REKEYED) await rekey(table, key);
  // The posts' reference to incidents goes before the key it names, and comes back on the new key.
  const [reference = 'incident_posts_incident_id_fkey'] = await constraintOf('incident_posts', 'f');
  await sql`alter table incident_posts drop constraint ${sql.id(reference)}`.execute(db);
  await rekey('incidents', INCIDENT_KEY);
  await rekey('incident_posts', POST_KEY);
  await sql`alter table incident_posts add constraint ${sql.id(reference)}
    foreign key (account, incident_id) references incidents (account, id) on delete cascade`.execute(db);
}

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
}

interface ForeignKey {
  columns: readonly string[];
  parent: string;
  parentColumns: readonly string[];
  onDelete: string;
}

/**
 * SQLite cannot change a table's key in place: each table is copied into a
 * new one with the new key (its columns, defaults, unique constraints and
 * references read from the schema as it is), and the copy takes the old one's
 * name and indexes. It all runs in the migration's transaction (connect.ts).
 */
async function rekeySqlite(db: AnyDb): Promise<void> {
  for (const [table, key] of REKEYED) await (await copySqlite(db, table, key)).swap();
  // The posts' copy points at the incidents' copy, which SQLite (3.26 and later,
  // legacy_alter_table off) renames in that reference too; the old posts go first,
  // so dropping the old incidents deletes nothing through `on delete cascade`.
  const incidents = await copySqlite(db, 'incidents', INCIDENT_KEY);
  const posts = await copySqlite(db, 'incident_posts', POST_KEY, {
    columns: ['account', 'incident_id'],
    parent: incidents.copy,
    parentColumns: ['account', 'id'],
    onDelete: 'cascade',
  });
  await posts.swap();
  await incidents.swap();
}

async function copySqlite(
  db: AnyDb,
  table: string,
  key: readonly string[],
  reference?: ForeignKey,
): Promise<{ copy: string; swap(): Promise<void> }> {
  const copy = `${table}__accounts`;
  const columns = (await sql<ColumnInfo>`select * from pragma_table_info(${table})`.execute(db)).rows;
  const defs = columns.map(
    (c) =>
      `"${c.name}" ${c.type}${c.notnull ? ' not null' : ''}${c.dflt_value === null ? '' : ` default ${c.dflt_value}`}`,
  );
  const uniques = (
    await sql<{ name: string }>`select name from pragma_index_list(${table}) where origin = 'u'`.execute(db)
  ).rows;
  for (const u of uniques) {
    const cols = (
      await sql<{ name: string }>`select name from pragma_index_info(${u.name}) order by seqno`.execute(db)
    ).rows.map((r) => r.name);
    defs.push(`unique (${quoted(cols)})`);
  }
  const references = reference ? [reference] : await foreignKeysOf(db, table);
  for (const f of references)
    defs.push(
      `foreign key (${quoted(f.columns)}) references "${f.parent}" (${quoted(f.parentColumns)}) on delete ${f.onDelete}`,
    );
  defs.push(`primary key (${quoted(['account', ...key])})`);
  const indexes = (
    await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'index' and tbl_name = ${table} and sql is not null order by name`.execute(db)
  ).rows.map((r) => r.sql);
  const names = quoted(columns.map((c) => c.name));
  await sql.raw(`create table "${copy}" (${defs.join(', ')})`).execute(db);
  await sql.raw(`insert into "${copy}" (${names}) select ${names} from "${table}"`).execute(db);
  return {
    copy,
    async swap() {
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
    },
  };
}

async function foreignKeysOf(db: AnyDb, table: string): Promise<ForeignKey[]> {
  const { rows } = await sql<{ id: number; table: string; from: string; to: string; on_delete: string }>`
    select * from pragma_foreign_key_list(${table}) order by id, seq`.execute(db);
  const byId = new Map<number, ForeignKey & { columns: string[]; parentColumns: string[] }>();
  for (const r of rows) {
    const f = byId.get(r.id) ?? {
      columns: [],
      parent: r.table,
      parentColumns: [],
      onDelete: r.on_delete.toLowerCase(),
    };
    f.columns.push(r.from);
    f.parentColumns.push(r.to);
    byId.set(r.id, f);
  }
  return [...byId.values()];
}
