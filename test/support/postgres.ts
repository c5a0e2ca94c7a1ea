import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh, empty database on the test run's PostgreSQL (see global-setup.ts),
 * so every test file (or test) starts from nothing. `drop()` removes it even
 * while connections remain.
 */
export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  /** Empties every table but the migration bookkeeping (all connections to it should be closed). */
  truncate(): Promise<void>;
  drop(): Promise<void>;
}

export function postgresAdminUrl(): string {
  return inject('postgresUrl');
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = `${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  const truncate = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ tablename: string }>(
        "select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'",
      );
      if (rows.length > 0) {
        const list = rows.map((r) => client.escapeIdentifier(r.tablename)).join(', ');
        await client.query(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
      }
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    name,
    truncate,
    drop: () =>
      admin((c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
