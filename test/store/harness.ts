import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, afterEach, beforeEach } from 'vitest';
import type { Clock } from '../../src/clock.ts';
import { createLogger, type Logger, MemoryLogSink } from '../../src/log.ts';
import { type Connection, connectPostgres, connectSqlite } from '../../src/store/connect.ts';
import { type OpenStoreOptions, openStore, type Store } from '../../src/store/index.ts';
import { migrationProvider } from '../../src/store/migrations.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

export type Kind = 'sqlite' | 'postgres';

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start = '2026-01-15T09:00:00.000Z') {
    this.t = Date.parse(start);
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const TEST_KEY = randomBytes(32).toString('hex');

export function quietLogger(): { logger: Logger; sink: MemoryLogSink } {
  const sink = new MemoryLogSink();
  return { logger: createLogger({ level: 'debug', stream: sink }), sink };
}

export function tempDir(prefix = 'vps-chatops-store-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * One place to keep data: a fresh SQLite folder or a fresh PostgreSQL
 * database (plus a DATA_DIR for the key file). `open` may be called several
 * times to get several stores on the same data.
 */
export interface Place {
  readonly kind: Kind;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly clock: ManualClock;
  open(extra?: Partial<OpenStoreOptions>): Promise<Store>;
  dispose(): Promise<void>;
}

// One migrated database per test file for the contract tests, emptied between
// tests: much cheaper than CREATE DATABASE + migrate + DROP for every test.
let sharedDb: Promise<TestDatabase> | null = null;

/** For `afterAll` in a file that used `newPlace(kind, { shared: true })`. */
export async function dropSharedDatabase(): Promise<void> {
  const db = sharedDb;
  sharedDb = null;
  if (db) await (await db).drop();
}

/**
 * `shared`: on PostgreSQL, reuse the file's database (emptied on dispose)
 * instead of a fresh one; tests that need an unmigrated database must not share.
 */
export async function newPlace(kind: Kind, opts: { shared?: boolean } = {}): Promise<Place> {
  const dataDir = tempDir();
  let db: TestDatabase | null = null;
  if (kind === 'postgres') {
    if (opts.shared) {
      sharedDb ??= createTestDatabase('store');
      db = await sharedDb;
    } else {
      db = await createTestDatabase('store');
    }
  }
  const clock = new ManualClock();
  const opened: Store[] = [];
  return {
    kind,
    dataDir,
    databaseUrl: db?.url,
    clock,
    async open(extra = {}) {
      const store = await openStore({
        dataDir,
        databaseUrl: db?.url,
        encryptionKey: TEST_KEY,
        logger: quietLogger().logger,
        clock,
        ...extra,
      });
      opened.push(store);
      return store;
    },
    async dispose() {
      for (const s of opened) await s.close().catch(() => undefined);
      if (opts.shared) await db?.truncate();
      else await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The contract tests' set-up: before each test a store on the file's shared
 * database (emptied between tests), handed to `use`; after each, disposed;
 * after the file, the database dropped.
 */
export function storePerTest(kind: Kind, use: (place: Place, store: Store) => void): void {
  let place: Place | undefined;
  beforeEach(async () => {
    place = await newPlace(kind, { shared: true });
    use(place, await place.open());
  });
  afterEach(async () => {
    await place?.dispose();
  });
  afterAll(async () => {
    await dropSharedDatabase();
  });
}

/**
 * The place's database migrated up to `migration` only, on a connection of
 * its own (destroy it before opening the store): to write rows as an older
 * version did, and see the later migrations keep them.
 */
export async function connectAt(place: Place, migration: string): Promise<Connection> {
  const { logger } = quietLogger();
  const conn =
    place.kind === 'sqlite'
      ? await connectSqlite(place.dataDir, logger)
      : await connectPostgres(place.databaseUrl ?? '', logger);
  const r = await new Migrator({ db: conn.db, provider: migrationProvider(place.kind) }).migrateTo(migration);
  if (r.error) throw r.error;
  return conn;
}
