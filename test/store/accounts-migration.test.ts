/**
 * Migration 0016 on SQLite and PostgreSQL: a store migrated only up to
 * 0015 (as the release before accounts left it), holding rows in every
 * account-scoped table, opened by this version: every row is the `default`
 * account's and reads back through the repos exactly as before; another
 * account sees none of them and may write the same keys beside them; the
 * tables keep their indexes, unique constraints and the posts' reference to
 * their incident.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/store/connect.ts';
import { LATEST_MIGRATION, type Store } from '../../src/store/index.ts';
import { fillAccount, INCIDENT, readAccount } from './accounts-fixture.ts';
import { connectAt, type Kind, newPlace, type Place } from './harness.ts';

const BEFORE = '0015_signup_steps';

/** Every account-scoped table, parents before children; the auto-numbered ones are written in id order. */
const SCOPED = [
  'signups',
  'operations',
  'watches',
  'snapshots',
  'hosting_snapshots',
  'incidents',
  'incident_posts',
  'mutes',
  'channels',
  'contracts',
  'audit',
  'daily_requests',
  'key_requests',
  'key_log',
] as const;
const AUTO_NUMBERED = new Set<string>(['audit', 'key_requests']);

type Row = Record<string, unknown>;

async function rowsOf(db: Connection['db'], table: string): Promise<Row[]> {
  const order = AUTO_NUMBERED.has(table) ? sql`order by id` : sql``;
  return (await sql<Row>`select * from ${sql.table(table)} ${order}`.execute(db)).rows;
}

async function indexNames(conn: Connection): Promise<string[]> {
  const { rows } =
    conn.kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and sql is not null order by name`.execute(conn.db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = 'public' order by indexname`.execute(conn.db);
  return rows.map((r) => r.name);
}

describe.each<[Kind]>([['sqlite'], ['postgres']])('migration 0016 (accounts) on %s', (kind) => {
  const places: Place[] = [];
  afterEach(async () => {
    for (const p of places.splice(0)) await p.dispose();
  });
  const place = async () => {
    const p = await newPlace(kind);
    places.push(p);
    return p;
  };

  it('gives every row a store at 0015 kept to the default account, read back unchanged', async () => {
    // The rows as this version's repos write them, taken from a store of their own…
    const source = await place();
    const written = await source.open();
    await fillAccount(written, 'main', 5);
    const expected = await readAccount(written);
    const nobody = await readAccount(written.forAccount('nobody'));
    const sourceConn = await connectAt(source, LATEST_MIGRATION);
    const rows = new Map<string, Row[]>();
    try {
      for (const table of SCOPED) {
        const kept = (await rowsOf(sourceConn.db, table)).map(
          ({ account: _account, id, ...rest }): Row =>
            AUTO_NUMBERED.has(table) ? rest : id === undefined ? rest : { id, ...rest },
        );
        expect(kept.length, table).toBeGreaterThan(0);
        rows.set(table, kept);
      }
    } finally {
      await sourceConn.db.destroy();
    }

    // …written into a store at 0015, as the release before accounts kept them.
    const old = await place();
    const conn = await connectAt(old, BEFORE);
    let indexesBefore: string[];
    try {
      for (const table of SCOPED)
        for (const row of rows.get(table)!)
          await conn.db
            .insertInto(table as never)
            .values(row as never)
            .execute();
      indexesBefore = await indexNames(conn);
    } finally {
      await conn.db.destroy();
    }

    const store: Store = await old.open();
    expect(await readAccount(store)).toEqual(expected);
    expect(await readAccount(store.forAccount('shop'))).toEqual(nobody);

    const after = await connectAt(old, LATEST_MIGRATION);
    try {
      for (const table of SCOPED) {
        const accounts = await sql<{
          account: string;
        }>`select distinct account from ${sql.table(table)}`.execute(after.db);
        expect(
          accounts.rows.map((r) => r.account),
          table,
        ).toEqual(['default']);
      }
      expect(await indexNames(after)).toEqual(expect.arrayContaining(indexesBefore));
      if (kind === 'sqlite') {
        expect((await sql`pragma foreign_key_check`.execute(after.db)).rows).toEqual([]);
        expect((await sql`pragma integrity_check`.execute(after.db)).rows).toEqual([
          { integrity_check: 'ok' },
        ]);
      }
      // An order's contract is still one per signup.
      const [contract] = await rowsOf(after.db, 'contracts');
      await expect(
        after.db
          .insertInto('contracts')
          .values({ ...(contract as object), id: 'signup:again', account: 'default' } as never)
          .execute(),
      ).rejects.toThrow();
    } finally {
      await after.db.destroy();
    }

    // Another account writes the same server, hosting server, incident, channel, day and
    // key-log row beside them, and the default account's rows stay as they were.
    await fillAccount(store.forAccount('shop'), 'shop', 7);
    expect(await readAccount(store)).toEqual(expected);
    expect((await readAccount(store.forAccount('shop'))).requests).toBe(7);

    // The posts still go with their incident, in its account only.
    const cascade = await connectAt(old, LATEST_MIGRATION);
    try {
      await sql`delete from incidents where account = 'default' and id = ${INCIDENT}`.execute(cascade.db);
      const posts = await sql<{ account: string }>`select account from incident_posts
        where incident_id = ${INCIDENT} order by account`.execute(cascade.db);
      expect(posts.rows.map((r) => r.account)).toEqual(['shop']);
    } finally {
      await cascade.db.destroy();
    }
  });
});
