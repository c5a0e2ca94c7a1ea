import type { Kysely, Migration, Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, type HostingSnapshotsTable, iso } from './schema.ts';

/**
 * The parts of a hosting server the watcher reads, one request each: its
 * domains, SSH, SSH keys, and its record lists (DNS records, cron jobs, mail
 * and FTP accounts, SSL certificates), read less often when the budget is short.
 */
export const HOSTING_PARTS = ['domains', 'ssh', 'keys', 'dns', 'cron', 'mail', 'ftp', 'ssl'] as const;
export type HostingPart = (typeof HOSTING_PARTS)[number];

/** One part of a hosting server as the watcher last read it. */
export interface HostingSnapshotRow {
  /** The server's name (its initial domain), lower case. */
  server: string;
  part: HostingPart;
  /** What the watcher keeps of the part (src/watch/hosting-state.ts reads it back); stored as JSON. */
  state: unknown;
  observedAt: Date;
  /** When the part's state last changed: the epoch its changes' dedupe keys build on. */
  changedAt: Date;
}

export interface HostingSnapshotRepo {
  get(server: string, part: HostingPart): Promise<HostingSnapshotRow | null>;
  /** Every part of every hosting server read so far. */
  all(): Promise<HostingSnapshotRow[]>;
  /** Writes what the watcher saw; call it inside `transaction()` with the outbox rows it explains. */
  upsert(s: HostingSnapshotRow): Promise<HostingSnapshotRow>;
}

const isPart = (p: string): p is HostingPart => (HOSTING_PARTS as readonly string[]).includes(p);

/** The stored state; an unreadable one (damage) reads as null, which the watcher takes for no baseline. */
function stateOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const toRow = (r: Selectable<HostingSnapshotsTable>): HostingSnapshotRow | null =>
  isPart(r.part)
    ? {
        server: r.server,
        part: r.part,
        state: stateOf(r.state),
        observedAt: date(r.observed_at),
        changedAt: date(r.changed_at),
      }
    : null;

export function hostingSnapshotRepo(ctx: RepoContext): HostingSnapshotRepo {
  const { db, account } = ctx;
  return {
    async get(server, part) {
      const r = await db
        .selectFrom('hosting_snapshots')
        .selectAll()
        .where('account', '=', account)
        .where('server', '=', server)
        .where('part', '=', part)
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async all() {
      const rows = await db
        .selectFrom('hosting_snapshots')
        .selectAll()
        .where('account', '=', account)
        .orderBy('server')
        .orderBy('part')
        .execute();
      return rows.map(toRow).filter((r): r is HostingSnapshotRow => r !== null);
    },

    async upsert(s) {
      const values = {
        account,
        server: s.server,
        part: s.part,
        state: JSON.stringify(s.state ?? null),
        observed_at: iso(s.observedAt),
        changed_at: iso(s.changedAt),
      };
      const r = await db
        .insertInto('hosting_snapshots')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['account', 'server', 'part']).doUpdateSet({
            state: values.state,
            observed_at: values.observed_at,
            changed_at: values.changed_at,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(r) ?? s;
    },
  };
}

/**
 * Migration 0009 (the list is in migrations.ts). What the watcher last saw
 * of each hosting server, one row per part it reads (`domains` with each
 * one's `ssl_status`, `ssh` on or off, `keys`): the part's state as JSON,
 * when it was read, and when it last changed (the epoch the dedupe keys of
 * its changes build on).
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
