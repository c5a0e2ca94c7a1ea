/**
 * The store's contract for a server's facts (memo, reverse hostname, IP
 * address, plan: what the watcher tells changes of), on SQLite and
 * PostgreSQL alike: read back as written, kept by an upsert that does not
 * name them, replaced by one that does, bound by the transaction; a snapshot
 * written before migration 0010 reads as none (no baseline), and so does a
 * damaged text.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION, type Store } from '../../src/store/index.ts';
import { connectAt, type Kind, newPlace, type Place, storePerTest } from './harness.ts';

describe.each<[Kind]>([['sqlite'], ['postgres']])('snapshot facts contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const at = (minutes: number) => new Date(place.clock.now().getTime() + minutes * 60_000);
  const facts = {
    memo: 'primary — 本番',
    rdns: null,
    ip: '203.0.113.7',
    plan: 'VPS 2GB',
    vcpu: 3,
    memoryGb: 2,
    diskGb: 50,
  };

  it('reads the facts back as written, keeps them when an upsert does not name them, and replaces them', async () => {
    const first = await store.snapshots.upsert({
      serverUuid: 'uuid-1',
      name: 'db-1',
      contractStatus: 'active',
      observedAt: at(0),
    });
    // A new server knows nothing yet.
    expect(first.row.facts).toBeNull();
    await store.snapshots.upsert({ serverUuid: 'uuid-1', facts, observedAt: at(1) });
    expect((await store.snapshots.get('uuid-1'))?.facts).toEqual(facts);
    // A power reading alone leaves them as they are.
    const power = await store.snapshots.upsert({
      serverUuid: 'uuid-1',
      powerStatus: 'running',
      observedAt: at(2),
    });
    expect(power.previous?.facts).toEqual(facts);
    expect(power.row.facts).toEqual(facts);
    const moved = { ...facts, memo: null, plan: 'VPS 4GB', memoryGb: 4 };
    await store.snapshots.upsert({ serverUuid: 'uuid-1', facts: moved, observedAt: at(3) });
    expect((await store.snapshots.all()).map((s) => s.facts)).toEqual([moved]);
    await store.snapshots.upsert({ serverUuid: 'uuid-1', facts: null, observedAt: at(4) });
    expect((await store.snapshots.get('uuid-1'))?.facts).toBeNull();
  });

  it('writes the facts with the transaction, or not at all', async () => {
    await store.snapshots.upsert({ serverUuid: 'uuid-1', name: 'db-1', facts, observedAt: at(0) });
    await expect(
      store.transaction(async (tx) => {
        await tx.snapshots.upsert({
          serverUuid: 'uuid-1',
          facts: { ...facts, ip: '203.0.113.8' },
          observedAt: at(1),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await store.snapshots.get('uuid-1'))?.facts).toEqual(facts);
  });

  it('reads a snapshot from before migration 0010, and a damaged text, as no facts', async () => {
    await store.snapshots.upsert({ serverUuid: 'uuid-1', name: 'db-1', facts, observedAt: at(0) });
    await store.snapshots.upsert({ serverUuid: 'uuid-2', name: 'db-2', facts, observedAt: at(0) });
    const conn = await connectAt(place, LATEST_MIGRATION);
    try {
      await sql`update snapshots set facts = ${'{not json'} where server_uuid = 'uuid-1'`.execute(conn.db);
    } finally {
      await conn.db.destroy();
    }
    expect((await store.snapshots.get('uuid-1'))?.facts).toBeNull();
    expect((await store.snapshots.get('uuid-2'))?.facts).toEqual(facts);
  });
});

describe.each<[Kind]>([['sqlite'], ['postgres']])('migration 0010 on %s', (kind) => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.dispose();
    place = undefined;
  });

  it('adds the facts to the snapshots a store at 0009 kept, as none', async () => {
    place = await newPlace(kind);
    const conn = await connectAt(place, '0009_hosting_snapshots');
    const t = '2026-01-01T00:00:00.000Z';
    await conn.db
      .insertInto('snapshots' as never)
      .values({
        server_uuid: 'uuid-old',
        name: 'db-1',
        power_status: 'running',
        contract_status: 'active',
        observed_at: t,
        changed_at: t,
      } as never)
      .execute();
    await conn.db.destroy();
    const store = await place.open();
    try {
      expect(await store.snapshots.get('uuid-old')).toMatchObject({
        name: 'db-1',
        powerStatus: 'running',
        facts: null,
      });
    } finally {
      await store.close();
    }
  });
});
