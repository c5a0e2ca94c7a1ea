/**
 * The store's contract for the key-use watch, on SQLite and PostgreSQL alike:
 * the journal of the bot's own requests (appended by every replica, read by
 * span, each entry consumed once, pruned by age) and the one row saying where
 * the reading of the key's log stands (compare-and-set: of two writers of the
 * same version exactly one wins).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyLogInput, Store } from '../../src/store/index.ts';
import { connectAt, type Kind, newPlace, type Place, storePerTest } from './harness.ts';

const T0 = Date.parse('2026-01-15T09:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);

describe.each<[Kind]>([['sqlite'], ['postgres']])('key-use contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  it('journals requests and reads a span of them back, oldest first, with ms kept', async () => {
    await store.keyRequests.append([
      { method: 'GET', path: '/v1/vps/servers', sentAt: new Date(T0 + 2_250) },
      { method: 'GET', path: '/v1/me', sentAt: at(0) },
      { method: 'PUT', path: '/v1/vps/servers/u-1/name', sentAt: at(10) },
    ]);
    const rows = await store.keyRequests.between(at(0), at(5));
    expect(rows.map((r) => [r.method, r.path, r.sentAt.getTime() - T0])).toEqual([
      ['GET', '/v1/me', 0],
      ['GET', '/v1/vps/servers', 2_250],
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
    expect((await store.keyRequests.between(at(0), at(10))).length).toBe(3);
  });

  it('takes a batch larger than one statement, and every replica’s rows alike', async () => {
    const other = await place.open();
    const batch = Array.from({ length: 700 }, (_, i) => ({
      method: 'GET',
      path: `/v1/vps/servers/u-${i}`,
      sentAt: new Date(T0 + i),
    }));
    await Promise.all([store.keyRequests.append(batch), other.keyRequests.append(batch.slice(0, 5))]);
    expect((await other.keyRequests.between(at(0), at(1))).length).toBe(705);
  });

  it('consumes each entry once, and prunes by age', async () => {
    await store.keyRequests.append([
      { method: 'GET', path: '/a', sentAt: at(0) },
      { method: 'GET', path: '/b', sentAt: at(1) },
      { method: 'GET', path: '/c', sentAt: at(100) },
    ]);
    const [a, b] = await store.keyRequests.between(at(0), at(1));
    expect(await store.keyRequests.consume([a!.id])).toBe(1);
    expect(await store.keyRequests.consume([a!.id])).toBe(0);
    expect((await store.keyRequests.between(at(0), at(200))).map((r) => r.path)).toEqual(['/b', '/c']);
    expect(await store.keyRequests.purgeBefore(at(50))).toBe(1);
    expect((await store.keyRequests.between(at(0), at(200))).map((r) => r.id)).not.toContain(b!.id);
    expect(await store.keyRequests.consume([])).toBe(0);
  });

  it('keeps where the log’s reading stands, by compare-and-set', async () => {
    expect(await store.keyLog.get()).toBeNull();
    const first: KeyLogInput = {
      judgedThrough: at(59),
      ownIps: { '192.0.2.7': T0 },
      denied: [{ at: T0, ip: '203.0.113.9', status: 403 }],
      expected: { '198.51.100.0/24': { count: 2, lastAt: T0 } },
      ahead: {
        through: T0 + 109_999,
        judged: { [`${T0 + 100_000} 203.0.113.9 200 GET /v1/me`]: 2 },
        seen: T0,
      },
    };
    const other = await place.open();
    // Two replicas writing the first row at once: one wins.
    const [x, y] = await Promise.all([store.keyLog.save(first, null), other.keyLog.save(first, null)]);
    expect([x, y].filter((r) => r !== null)).toHaveLength(1);
    const saved = (await store.keyLog.get())!;
    expect(saved).toMatchObject({ ...first, version: 1 });
    const next = { ...first, judgedThrough: at(119) };
    const [p, q] = await Promise.all([store.keyLog.save(next, 1), other.keyLog.save(next, 1)]);
    expect([p, q].filter((r) => r !== null)).toHaveLength(1);
    // A writer that read an older version writes nothing.
    expect(await store.keyLog.save({ ...first, judgedThrough: at(999) }, 1)).toBeNull();
    expect((await other.keyLog.get())?.judgedThrough.getTime()).toBe(at(119).getTime());
    expect((await other.keyLog.get())?.version).toBe(2);
  });

  it('writes the state and consumes the journal in one transaction, or neither', async () => {
    await store.keyRequests.append([{ method: 'GET', path: '/a', sentAt: at(0) }]);
    const [a] = await store.keyRequests.between(at(0), at(0));
    await expect(
      store.transaction(async (tx) => {
        await tx.keyRequests.consume([a!.id]);
        const ahead = { through: at(1).getTime(), judged: {}, seen: 0 };
        await tx.keyLog.save({ judgedThrough: at(1), ownIps: {}, denied: [], expected: {}, ahead }, null);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.keyLog.get()).toBeNull();
    expect((await store.keyRequests.between(at(0), at(0))).length).toBe(1);
  });

  it('a mute of `key` covers every alarm of the key, and its held rows move with it', async () => {
    await store.mutes.set({ target: 'key', channelId: 'C1', until: at(600), createdBy: 'U1' });
    for (const subject of ['key-use:203.0.113.9', 'key-auth', 'key'])
      expect((await store.mutes.activeFor(subject, at(0))).map((m) => m.target)).toEqual(['key']);
    expect(await store.mutes.activeFor('0f8fad5b-d9cb-469f-a165-70867728950e', at(0))).toEqual([]);
    const held = (dedupeKey: string, subject: string) =>
      store.outbox.enqueue({
        dedupeKey,
        channelId: 'C1',
        payload: {},
        kind: 'held',
        subject,
        nextAttemptAt: at(600),
      });
    await held('a', 'key-use:203.0.113.9');
    await held('b', 'key-auth');
    await held('c', '0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(await store.outbox.rescheduleHeld({ channelId: 'C1', subject: 'key', at: at(1) })).toBe(2);
    expect((await store.outbox.due(at(1), 10)).map((r) => r.dedupeKey).sort()).toEqual(['a', 'b']);
  });
});

describe.each<[Kind]>([['sqlite'], ['postgres']])('migration 0014 on %s', (kind) => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.dispose();
    place = undefined;
  });

  it('keeps the key log’s row a store at 0013 wrote: looked at as far as it was judged, nothing judged ahead', async () => {
    place = await newPlace(kind);
    const conn = await connectAt(place, '0013_daily_digests');
    await conn.db
      .insertInto('key_log' as never)
      .values({
        name: 'key',
        judged_through: at(59).toISOString(),
        own_ips: JSON.stringify({ '192.0.2.7': T0 }),
        denied: '[]',
        expected: '{}',
        version: 3,
        updated_at: at(60).toISOString(),
      } as never)
      .execute();
    await conn.db.destroy();
    const store = await place.open();
    try {
      expect(await store.keyLog.get()).toMatchObject({
        judgedThrough: at(59),
        ownIps: { '192.0.2.7': T0 },
        version: 3,
        ahead: { through: at(59).getTime(), judged: {}, seen: 0 },
      });
    } finally {
      await store.close();
    }
  });
});
