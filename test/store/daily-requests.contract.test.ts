/**
 * The store's contract for the day's provider requests, on SQLite and
 * PostgreSQL alike: each replica adds what it sent to the day's one row and
 * reads back every replica's total; adds at once from two stores on the same
 * database lose nothing; a new day starts from zero; days long over go.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

const DAY = 86_400_000;

describe.each<[Kind]>([['sqlite'], ['postgres']])('daily requests contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const today = () => new Date(place.clock.now().getTime() + 6 * 3_600_000);

  it('adds to the day’s row and answers the total; adding nothing only reads it', async () => {
    expect(await store.dailyRequests.add(today(), 0)).toBe(0);
    expect(await store.dailyRequests.add(today(), 3)).toBe(3);
    expect(await store.dailyRequests.add(today(), 2)).toBe(5);
    expect(await store.dailyRequests.add(today(), 0)).toBe(5);
    // Another day has its own count.
    expect(await store.dailyRequests.add(new Date(today().getTime() + DAY), 1)).toBe(1);
    expect(await store.dailyRequests.add(today(), 0)).toBe(5);
  });

  it('two stores on one database (two replicas) adding at once lose nothing', async () => {
    const other = await place.open();
    const adds = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? store : other).dailyRequests.add(today(), 1),
    );
    const totals = await Promise.all(adds);
    expect(Math.max(...totals)).toBe(40);
    // Each add saw its own one counted: no two answered the same total.
    expect(new Set(totals).size).toBe(40);
    expect(await other.dailyRequests.add(today(), 0)).toBe(40);
    expect(await store.dailyRequests.add(today(), 0)).toBe(40);
  });

  it('forgets days a week after they ended, when a new day’s row is made', async () => {
    const old = new Date(today().getTime() - 8 * DAY);
    await store.dailyRequests.add(old, 7);
    await store.dailyRequests.add(new Date(today().getTime() - DAY), 4);
    await store.dailyRequests.add(today(), 1);
    expect(await store.dailyRequests.add(old, 0)).toBe(0);
    expect(await store.dailyRequests.add(new Date(today().getTime() - DAY), 0)).toBe(4);
    expect(await store.dailyRequests.purgeEnded(new Date(today().getTime() + 1))).toBeGreaterThanOrEqual(2);
  });
});
