import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase as SqliteHandle,
} from 'kysely';
import type { Logger } from '../log.ts';
import { describeFsError } from './encryption-key.ts';
import { reasonOf, StoreError, type StoreErrorCode } from './errors.ts';
import type { DatabaseKind } from './migrations.ts';
import type { Database } from './schema.ts';

export const SQLITE_FILE_NAME = 'vps-chatops.sqlite';

/**
 * SQLite's page cache, at most (KiB). better-sqlite3 builds SQLite with a
 * 16 MB cache (SQLITE_DEFAULT_CACHE_SIZE=-16000), which the bot's file, read
 * a few rows at a time, fills only slowly as its tables grow: the memory
 * benchmark saw the resident size climb about 0.37 MB per thousand commands
 * for 50,000 commands, all of it that cache (docs/benchmarks.md, memory). SQLite's own
 * default of 2 MiB holds the hot pages (deliveries, leases, the latest audit
 * rows); the rest is a read from the operating system's file cache.
 */
export const SQLITE_CACHE_KIB = 2048;

/** `postgres://user:***@host:port/db`: the address without its password, fit for a message. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the DATABASE_URL (not a valid address)';
  }
}

function passwordOf(url: string): string | null {
  try {
    const p = new URL(url).password;
    return p ? decodeURIComponent(p) : null;
  } catch {
    return null;
  }
}

/** Which start-up failure a SQLite error is, if it is one we can name. */
export function sqliteFailureCode(err: unknown): StoreErrorCode | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) return 'STORE_CORRUPT';
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_PERM') ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_FULL')
  ) {
    return 'STORE_UNWRITABLE';
  }
  return null;
}

// SQLite's plain BEGIN takes the write lock only at the first write; if another
// process wrote meanwhile that upgrade fails at once with SQLITE_BUSY, whatever
// busy_timeout says. BEGIN IMMEDIATE takes it up front, where busy_timeout waits.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * better-sqlite3 behind Kysely with its statements kept: Kysely prepares every
 * query afresh, and each prepared statement holds native memory until the
 * garbage collector finds its wrapper. The bot runs a few dozen query shapes
 * over and over, so they are prepared once and reused (least recently used
 * out past `size`, for shapes such as `in (?, ?, ?)` that vary). A statement
 * still iterating (a streamed query) is not handed out twice: a fresh one is
 * prepared for that call.
 */
export class StatementCache implements SqliteHandle {
  readonly #db: SqliteDatabase.Database;
  readonly #size: number;
  readonly #statements = new Map<string, SqliteDatabase.Statement>();

  constructor(db: SqliteDatabase.Database, size = 200) {
    this.#db = db;
    this.#size = size;
  }

  prepare(sql: string): SqliteDatabase.Statement {
    const kept = this.#statements.get(sql);
    if (kept && !kept.busy) {
      // Most recently used last.
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const fresh = this.#db.prepare(sql);
    if (kept) return fresh;
    this.#statements.set(sql, fresh);
    if (this.#statements.size > this.#size) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return fresh;
  }

  /** How many statements are kept. */
  get kept(): number {
    return this.#statements.size;
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}

export interface Connection {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for messages: the SQLite file or the redacted address. */
  where: string;
  /**
   * Runs `fn` while holding the database's write lock, for migrations.
   * Kysely's SQLite adapter takes no migration lock and runs migrations outside
   * a transaction, so two processes starting on a fresh file both create the
   * tables and one fails ("table … already exists"). PostgreSQL has Kysely's
   * advisory lock and needs nothing here.
   */
  exclusively?: <T>(fn: () => Promise<T>) => Promise<T>;
}

// better-sqlite3 waits for a lock synchronously: a second store in this same
// process taking the write lock while the first one's migration awaits would
// block the thread the first needs to finish. Same-process openers queue here.
const fileQueues = new Map<string, Promise<unknown>>();

function inFileOrder<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const previous = fileQueues.get(file) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  const settled = next.catch(() => undefined);
  fileQueues.set(file, settled);
  void settled.then(() => {
    if (fileQueues.get(file) === settled) fileQueues.delete(file);
  });
  return next;
}

export async function connectSqlite(dataDir: string, logger: Logger): Promise<Connection> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.access(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    throw new StoreError(
      'STORE_UNWRITABLE',
      `DATA_DIR ${dataDir} is not a writable folder: ${describeFsError(err)}`,
      {
        cause: err,
      },
    );
  }
  let raw: SqliteDatabase.Database | undefined;
  try {
    const isNew = !existsSync(file);
    raw = new SqliteDatabase(file);
    // Audit trails and chat ids are nobody else's business; SQLite gives the
    // -wal and -shm files the main file's mode.
    if (isNew) await fs.chmod(file, 0o600);
    raw.pragma('busy_timeout = 5000');
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.pragma('foreign_keys = ON');
    raw.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    // The bot's database is small; a quick check at start names a damaged file
    // at once instead of failing some query hours later.
    const check = raw.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      throw Object.assign(new Error(`quick_check: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
    }
  } catch (err) {
    raw?.close();
    const code = sqliteFailureCode(err) ?? 'STORE_UNAVAILABLE';
    const what =
      code === 'STORE_CORRUPT'
        ? `the SQLite file ${file} is damaged or not a database; move it away to start afresh`
        : code === 'STORE_UNWRITABLE'
          ? `cannot open the SQLite file ${file} for writing`
          : `cannot open the SQLite file ${file}`;
    throw new StoreError(code, `${what}: ${reasonOf(err)}`, { cause: err });
  }
  logger.debug({ file }, 'opened SQLite');
  const db = raw;
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: new StatementCache(db) }) }),
    kind: 'sqlite',
    where: file,
    // Kysely drives this same better-sqlite3 handle, so the migrator's statements
    // run inside this transaction; busy_timeout makes a second process wait here.
    exclusively: (fn) =>
      inFileOrder(file, async () => {
        db.exec('begin immediate');
        try {
          const result = await fn();
          db.exec('commit');
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('rollback');
          throw err;
        }
      }),
  };
}

export async function connectPostgres(url: string, logger: Logger): Promise<Connection> {
  const where = redactUrl(url);
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new StoreError('STORE_UNAVAILABLE', `DATABASE_URL: expected a postgres:// address, got ${where}`);
  }
  // Loaded here, not at the top: a bot on SQLite never carries the driver (about 3 MB of heap).
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', (err) => logger.warn({ err: reasonOf(err) }, 'PostgreSQL connection lost'));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    const secret = passwordOf(url);
    let reason = reasonOf(err);
    if (secret) reason = reason.split(secret).join('***');
    throw new StoreError('STORE_UNAVAILABLE', `cannot reach PostgreSQL at ${where}: ${reason}`, {
      cause: err,
    });
  }
  logger.debug({ where }, 'connected to PostgreSQL');
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', where };
}
