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
} from 'kysely';
import pg from 'pg';
import type { Logger } from '../log.ts';
import { describeFsError } from './encryption-key.ts';
import { reasonOf, StoreError, type StoreErrorCode } from './errors.ts';
import type { DatabaseKind } from './migrations.ts';
import type { Database } from './schema.ts';

export const SQLITE_FILE_NAME = 'vps-chatops.sqlite';

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

export interface Connection {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for messages: the SQLite file or the redacted address. */
  where: string;
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
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: raw }) }),
    kind: 'sqlite',
    where: file,
  };
}

export async function connectPostgres(url: string, logger: Logger): Promise<Connection> {
  const where = redactUrl(url);
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new StoreError('STORE_UNAVAILABLE', `DATABASE_URL: expected a postgres:// address, got ${where}`);
  }
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
