/**
 * The SQLite handle behind Kysely keeps its prepared statements: one query
 * shape is prepared once however often it runs, the number kept is bounded
 * (least recently used out), and a statement still iterating is never handed
 * out to a second caller.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { connectSqlite, SQLITE_CACHE_KIB, StatementCache } from '../../src/store/connect.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function open(size?: number) {
  dir = mkdtempSync(path.join(tmpdir(), 'stmt-cache-'));
  const raw = new SqliteDatabase(path.join(dir, 'x.sqlite'));
  raw.exec('create table t (id integer primary key, v text)');
  let prepared = 0;
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((text: string) => {
    prepared += 1;
    return prepare(text);
  }) as typeof raw.prepare;
  const cache = new StatementCache(raw, size);
  return { raw, cache, prepared: () => prepared };
}

describe('StatementCache', () => {
  it('prepares a query shape once through Kysely, with each call’s own parameters', async () => {
    const { cache, prepared } = open();
    const db = new Kysely<{ t: { id: number; v: string } }>({
      dialect: new SqliteDialect({ database: cache }),
    });
    for (let i = 1; i <= 50; i += 1)
      await db
        .insertInto('t')
        .values({ id: i, v: `v${i}` })
        .execute();
    const rows = [];
    for (let i = 1; i <= 50; i += 7) {
      rows.push(await db.selectFrom('t').select('v').where('id', '=', i).executeTakeFirst());
    }
    expect(rows.map((r) => r?.v)).toEqual(['v1', 'v8', 'v15', 'v22', 'v29', 'v36', 'v43', 'v50']);
    expect(prepared()).toBe(2);
    expect(cache.kept).toBe(2);
    await db.destroy();
  });

  it('keeps at most `size` statements, the least recently used going first', () => {
    const { cache, prepared } = open(3);
    const q = (n: number) => `select ${n} as n`;
    for (const n of [1, 2, 3]) cache.prepare(q(n));
    cache.prepare(q(1)); // 1 is now the most recent; 2 the least
    cache.prepare(q(4)); // 2 goes
    expect(cache.kept).toBe(3);
    const before = prepared();
    cache.prepare(q(1));
    cache.prepare(q(3));
    cache.prepare(q(4));
    expect(prepared()).toBe(before);
    cache.prepare(q(2));
    expect(prepared()).toBe(before + 1);
  });

  it('hands a fresh statement to a second caller while the kept one is still iterating', async () => {
    const { raw, cache } = open();
    raw.exec("insert into t (id, v) values (1, 'a'), (2, 'b'), (3, 'c')");
    const text = 'select v from t order by id';
    const first = cache.prepare(text);
    const outer = first.iterate();
    expect((outer.next().value as { v: string }).v).toBe('a');
    const second = cache.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all().map((r) => (r as { v: string }).v)).toEqual(['a', 'b', 'c']);
    expect([...outer].map((r) => (r as { v: string }).v)).toEqual(['b', 'c']);
    expect(cache.prepare(text)).toBe(first);
    const db = new Kysely<{ t: { id: number; v: string } }>({
      dialect: new SqliteDialect({ database: cache }),
    });
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]?.n).toBe(3);
    await db.destroy();
  });
});

describe('connectSqlite', () => {
  it('bounds SQLite’s page cache at SQLITE_CACHE_KIB, not better-sqlite3’s 16 MB', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-cache-'));
    const conn = await connectSqlite(dir, createLogger({ level: 'silent' }));
    try {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(conn.db);
      expect(rows[0]?.cache_size).toBe(-SQLITE_CACHE_KIB);
      // better-sqlite3's own build default, which the pragma overrides.
      const bare = new SqliteDatabase(':memory:');
      expect(bare.pragma('cache_size', { simple: true })).toBe(-16000);
      bare.close();
    } finally {
      await conn.db.destroy();
    }
  });
});
