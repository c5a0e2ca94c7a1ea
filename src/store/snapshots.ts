import type { Kysely, Migration, Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, dateOrNull, iso, isoOrNull, type SnapshotsTable } from './schema.ts';

export interface SnapshotRow {
  serverUuid: string;
  name: string | null;
  powerStatus: string | null;
  contractStatus: string | null;
  observedAt: Date;
  /** When `powerStatus` or `contractStatus` last changed. */
  changedAt: Date;
  /** When the power state was last seen to change; null while it is still the one first seen. */
  powerChangedAt: Date | null;
  /**
   * What the watcher knows of the server besides its name, power and contract
   * (src/watch/server-facts.ts reads it back); null when nothing was read yet,
   * or when what is stored cannot be read (damage).
   */
  facts: unknown;
}

export interface SnapshotInput {
  serverUuid: string;
  name?: string | null;
  powerStatus?: string | null;
  contractStatus?: string | null;
  observedAt: Date;
  /** Default: `observedAt` when the statuses differ from the stored ones (or it is new), else unchanged. */
  changedAt?: Date;
  /**
   * Default: `observedAt` when a known power state changed to another one, else
   * unchanged (null for a new server or one whose power was not known yet).
   */
  powerChangedAt?: Date | null;
  /** Stored as JSON; default: unchanged (null for a new server). */
  facts?: unknown;
}

export interface SnapshotRepo {
  get(serverUuid: string): Promise<SnapshotRow | null>;
  all(): Promise<SnapshotRow[]>;
  /**
   * Writes what the watcher saw and returns the stored row with the one before
   * (null when new). Call it inside `transaction()` with the outbox enqueue.
   */
  upsert(s: SnapshotInput): Promise<{ previous: SnapshotRow | null; row: SnapshotRow }>;
  /** A server that left the list; true when there was a snapshot. */
  remove(serverUuid: string): Promise<boolean>;
}

const toRow = (r: Selectable<SnapshotsTable>): SnapshotRow => ({
  serverUuid: r.server_uuid,
  name: r.name,
  powerStatus: r.power_status,
  contractStatus: r.contract_status,
  observedAt: date(r.observed_at),
  changedAt: date(r.changed_at),
  powerChangedAt: dateOrNull(r.power_changed_at),
  facts: factsOf(r.facts),
});

/** The stored facts; an unreadable text (damage) reads as null, which the watcher takes for no baseline. */
function factsOf(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function snapshotRepo(ctx: RepoContext): SnapshotRepo {
  const { db, account } = ctx;

  async function get(serverUuid: string): Promise<SnapshotRow | null> {
    const r = await db
      .selectFrom('snapshots')
      .selectAll()
      .where('account', '=', account)
      .where('server_uuid', '=', serverUuid)
      .executeTakeFirst();
    return r ? toRow(r) : null;
  }

  return {
    get,

    async all() {
      const rows = await db
        .selectFrom('snapshots')
        .selectAll()
        .where('account', '=', account)
        .orderBy('server_uuid')
        .execute();
      return rows.map(toRow);
    },

    async upsert(s) {
      const previous = await get(s.serverUuid);
      const name = s.name === undefined ? (previous?.name ?? null) : s.name;
      const powerStatus = s.powerStatus === undefined ? (previous?.powerStatus ?? null) : s.powerStatus;
      const contractStatus =
        s.contractStatus === undefined ? (previous?.contractStatus ?? null) : s.contractStatus;
      const changed =
        !previous || previous.powerStatus !== powerStatus || previous.contractStatus !== contractStatus;
      const changedAt = s.changedAt ?? (changed || !previous ? s.observedAt : previous.changedAt);
      const powerChanged =
        previous !== null &&
        previous.powerStatus !== null &&
        powerStatus !== null &&
        previous.powerStatus !== powerStatus;
      const powerChangedAt =
        s.powerChangedAt !== undefined
          ? s.powerChangedAt
          : powerChanged
            ? s.observedAt
            : (previous?.powerChangedAt ?? null);
      const facts = s.facts === undefined ? previous?.facts : s.facts;
      const values = {
        account,
        server_uuid: s.serverUuid,
        name,
        power_status: powerStatus,
        contract_status: contractStatus,
        observed_at: iso(s.observedAt),
        changed_at: iso(changedAt),
        power_changed_at: isoOrNull(powerChangedAt),
        facts: facts === null || facts === undefined ? null : JSON.stringify(facts),
      };
      const row = await db
        .insertInto('snapshots')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['account', 'server_uuid']).doUpdateSet({
            name: values.name,
            power_status: values.power_status,
            contract_status: values.contract_status,
            observed_at: values.observed_at,
            changed_at: values.changed_at,
            power_changed_at: values.power_changed_at,
            facts: values.facts,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return { previous, row: toRow(row) };
    },

    async remove(serverUuid) {
      const r = await db
        .deleteFrom('snapshots')
        .where('account', '=', account)
        .where('server_uuid', '=', serverUuid)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

/**
 * Migration 0010 (the list is in migrations.ts). The facts of a server the
 * watcher reports changes of (its memo, reverse hostname, IP address and
 * plan), as JSON: a field is there once an answer has said it, so a snapshot
 * written before this migration (null) is no baseline, and its first read
 * reports nothing.
 */
export function snapshotFacts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('snapshots').addColumn('facts', 'text').execute();
    },
  };
}
