/**
 * The store as a whole: the connection, its migrations and sealing key, and
 * every repo bound to it (or to one transaction).
 */
import { Migrator, sql } from 'kysely';
import { type Clock, systemClock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { type AccountBindingRepo, accountBindingRepo } from './account-bindings.ts';
import { type AuditRepo, auditRepo } from './audit.ts';
import { type ChannelRepo, channelRepo } from './channels.ts';
import { type Connection, connectPostgres, connectSqlite, sqliteFailureCode } from './connect.ts';
import { ACCOUNT_NAME, DEFAULT_ACCOUNT, type RepoContext } from './context.ts';
import { type ContractRepo, contractRepo } from './contracts.ts';
import { type DailyDigestRepo, dailyDigestRepo } from './daily-digests.ts';
import { type DailyRequestRepo, dailyRequestRepo } from './daily-requests.ts';
import { type DeliveryRepo, deliveryRepo } from './deliveries.ts';
import { loadSealingKey, type SealingKey } from './encryption-key.ts';
import { reasonOf, StoreError } from './errors.ts';
import { type HomeViewerRepo, homeViewerRepo } from './home-viewers.ts';
import { type HostingSnapshotRepo, hostingSnapshotRepo } from './hosting-snapshots.ts';
import { type IncidentRepo, incidentRepo } from './incidents.ts';
import { type KeyLogRepo, keyLogRepo } from './key-log.ts';
import { type KeyRequestRepo, keyRequestRepo } from './key-requests.ts';
import { type LeaseRepo, leaseRepo } from './leases.ts';
import { migrationProvider } from './migrations.ts';
import { type MuteRepo, muteRepo } from './mutes.ts';
import { type OperationRepo, operationRepo } from './operations.ts';
import { type OutboxRepo, outboxRepo } from './outbox.ts';
import { type SecretRepo, secretRepo } from './secrets.ts';
import { type SignupRepo, signupRepo } from './signups.ts';
import { type SnapshotRepo, snapshotRepo } from './snapshots.ts';
import { type WatchRepo, watchRepo } from './watches.ts';

/**
 * The repos of one provider account: the account-scoped ones (signups,
 * operations, watches, snapshots, hosting snapshots, incidents, mutes,
 * channels, contracts, audit, daily requests, the key-use journal and log,
 * the outbox (its `backlog` excepted: every account's) and the daily digests)
 * read and write only `account`'s rows; the others (secrets, leases,
 * deliveries, Home viewers, account bindings) are every account's.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** The account whose rows the scoped repos see; `default` for the store `openStore` returns. */
  readonly account: string;
  readonly signups: SignupRepo;
  readonly operations: OperationRepo;
  readonly secrets: SecretRepo;
  readonly watches: WatchRepo;
  readonly snapshots: SnapshotRepo;
  readonly hostingSnapshots: HostingSnapshotRepo;
  readonly outbox: OutboxRepo;
  readonly incidents: IncidentRepo;
  readonly mutes: MuteRepo;
  readonly channels: ChannelRepo;
  readonly contracts: ContractRepo;
  readonly audit: AuditRepo;
  readonly leases: LeaseRepo;
  readonly deliveries: DeliveryRepo;
  readonly dailyRequests: DailyRequestRepo;
  readonly dailyDigests: DailyDigestRepo;
  /** The people who opened the app's Home tab, and whose Home waits to be published again. */
  readonly homeViewers: HomeViewerRepo;
  /** The bot's own provider requests, journaled by every replica for the key-use watch. */
  readonly keyRequests: KeyRequestRepo;
  /** Where the key-use watch's reading of the key's API log stands. */
  readonly keyLog: KeyLogRepo;
  /** The channels bound to an account from Slack (every account's). */
  readonly accountBindings: AccountBindingRepo;
  /**
   * The same connection (or transaction) seen as another account: its scoped
   * repos read and write only that account's rows, its transactions keep it.
   * Throws STORE_INVALID_ACCOUNT for a name that is not an account's
   * (`/^[a-z][a-z0-9-]{0,31}$/`). Closing it closes the connection it shares.
   */
  forAccount(name: string): Store;
  /**
   * Runs `fn` in one database transaction; the `tx` store's repos are bound to
   * it, and all of it is undone if `fn` throws. Use only `tx` inside: on SQLite
   * the one connection is held by the transaction, so the outer store would wait.
   * Called on a `tx` store it joins the running transaction.
   */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  /** A round trip to the database, for /healthz; rejects when it is unreachable. */
  ping(): Promise<void>;
  /** Closes the connection(s); the outer store only. */
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; unset means SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** 32 bytes as 64 hex digits or base64; unset means a 0600 key file in `dataDir`. */
  encryptionKey?: string | undefined;
  logger: Logger;
  /** Time for expiry, leases and timestamps; tests pass a controllable one. */
  clock?: Clock;
}

/**
 * Opens the store: connects, runs pending migrations (safe when several
 * processes start at once on PostgreSQL: Kysely holds an advisory lock), and
 * loads the sealing key. Failures reject with a StoreError of one line.
 */
export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const logger = opts.logger.child({ component: 'store' });
  const clock = opts.clock ?? systemClock;
  const databaseUrl = opts.databaseUrl?.trim() ? opts.databaseUrl.trim() : undefined;
  const conn = databaseUrl
    ? await connectPostgres(databaseUrl, logger)
    : await connectSqlite(opts.dataDir, logger);
  try {
    await migrate(conn, logger);
    const key = await loadSealingKey({
      dataDir: opts.dataDir,
      encryptionKey: opts.encryptionKey,
      kind: conn.kind,
      logger,
    });
    logger.info({ kind: conn.kind }, 'store ready');
    return buildStore(
      {
        conn,
        clock,
        key,
        deliveryCounter: { calls: 0 },
        outer: true,
        closed: { done: false },
        views: new Map(),
      },
      DEFAULT_ACCOUNT,
    );
  } catch (err) {
    await conn.db.destroy().catch(() => undefined);
    throw err;
  }
}

async function migrate(conn: Connection, logger: Logger): Promise<void> {
  const migrator = new Migrator({ db: conn.db, provider: migrationProvider(conn.kind) });
  const run = () => migrator.migrateToLatest();
  const { error, results } = conn.exclusively ? await conn.exclusively(run) : await run();
  for (const r of results ?? []) {
    if (r.status === 'Success') logger.info({ migration: r.migrationName }, 'migrated');
    else if (r.status === 'Error') logger.error({ migration: r.migrationName }, 'migration failed');
  }
  if (error !== undefined) {
    const code =
      conn.kind === 'sqlite'
        ? (sqliteFailureCode(error) ?? 'STORE_MIGRATION_FAILED')
        : 'STORE_MIGRATION_FAILED';
    throw new StoreError(code, `cannot migrate the database at ${conn.where}: ${reasonOf(error)}`, {
      cause: error,
    });
  }
}

/** What every account's view of one connection (or one transaction) shares. */
interface Shared {
  conn: Connection;
  clock: Clock;
  key: SealingKey;
  deliveryCounter: { calls: number };
  /** The store `openStore` returned, or one of its accounts' views: not a transaction's. */
  outer: boolean;
  closed: { done: boolean };
  /** One view per account: forAccount in a loop builds no new repos, and comes back to the same stores. */
  views: Map<string, Store>;
}

function buildStore(shared: Shared, account: string): Store {
  const { conn, clock, key, deliveryCounter, outer } = shared;
  const ctx: RepoContext = { db: conn.db, kind: conn.kind, clock, account };
  const store: Store = {
    kind: conn.kind,
    account,
    signups: signupRepo(ctx),
    operations: operationRepo(ctx),
    secrets: secretRepo(ctx, key),
    watches: watchRepo(ctx),
    snapshots: snapshotRepo(ctx),
    hostingSnapshots: hostingSnapshotRepo(ctx),
    outbox: outboxRepo(ctx),
    incidents: incidentRepo(ctx),
    mutes: muteRepo(ctx),
    channels: channelRepo(ctx),
    contracts: contractRepo(ctx),
    audit: auditRepo(ctx),
    leases: leaseRepo(ctx),
    deliveries: deliveryRepo(ctx, deliveryCounter),
    dailyRequests: dailyRequestRepo(ctx),
    dailyDigests: dailyDigestRepo(ctx),
    homeViewers: homeViewerRepo(ctx),
    keyRequests: keyRequestRepo(ctx),
    keyLog: keyLogRepo(ctx),
    accountBindings: accountBindingRepo(ctx),

    forAccount(name) {
      const view = shared.views.get(name);
      if (view) return view;
      if (!ACCOUNT_NAME.test(name))
        throw new StoreError('STORE_INVALID_ACCOUNT', `${JSON.stringify(name)} is not an account name`);
      return buildStore(shared, name);
    },

    async transaction(fn) {
      if (conn.db.isTransaction) return fn(store);
      return conn.db.transaction().execute((trx) =>
        fn(
          buildStore(
            {
              ...shared,
              conn: { ...conn, db: trx },
              outer: false,
              closed: { done: false },
              views: new Map(),
            },
            account,
          ),
        ),
      );
    },

    async ping() {
      try {
        await sql`select 1`.execute(conn.db);
      } catch (err) {
        throw new StoreError(
          'STORE_UNAVAILABLE',
          `the database at ${conn.where} does not answer: ${reasonOf(err)}`,
          {
            cause: err,
          },
        );
      }
    },

    async close() {
      if (!outer)
        throw new StoreError(
          'STORE_CLOSED',
          'a transaction store cannot be closed; return from the callback',
        );
      if (shared.closed.done) return;
      shared.closed.done = true;
      await conn.db.destroy();
    },
  };
  shared.views.set(account, store);
  return store;
}
