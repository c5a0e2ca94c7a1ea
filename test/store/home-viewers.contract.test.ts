/**
 * The store's contract for the people who opened their App Home, on SQLite
 * and PostgreSQL alike: opening remembers them and marks their Home (whatever
 * was published), marks for some or all, the longest waiting first, a publish
 * that clears only the marks it saw, the fingerprint kept, and the quiet ones
 * forgotten.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

describe.each<[Kind]>([['sqlite'], ['postgres']])('home viewers contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const at = (seconds: number) => new Date(place.clock.now().getTime() + seconds * 1000);

  it('remembers who opened their Home, marked to be published, once per person', async () => {
    expect(await store.homeViewers.get('U0ALICE01')).toBeNull();
    await store.homeViewers.opened('U0ALICE01', at(0));
    await store.homeViewers.opened('U0BOB0001', at(1));
    await store.homeViewers.opened('U0ALICE01', at(2));
    const alice = await store.homeViewers.get('U0ALICE01');
    expect(alice).toMatchObject({ openedAt: at(2), staleSince: at(0), viewHash: null, publishedAt: null });
    expect((await store.homeViewers.stale(10)).map((v) => v.userId)).toEqual(['U0ALICE01', 'U0BOB0001']);
    expect((await store.homeViewers.stale(1)).map((v) => v.userId)).toEqual(['U0ALICE01']);
  });

  it('clears a mark only when no later one came, and keeps what was published', async () => {
    await store.homeViewers.opened('U0ALICE01', at(0));
    const seen = (await store.homeViewers.get('U0ALICE01'))!;
    // A change while the view was being drawn: the publish does not clear its mark.
    expect(await store.homeViewers.touch(at(1), ['U0ALICE01'])).toBe(1);
    expect(await store.homeViewers.settle('U0ALICE01', seen.staleGen, { hash: 'h-1', at: at(1) })).toBe(
      false,
    );
    const after = (await store.homeViewers.get('U0ALICE01'))!;
    expect(after).toMatchObject({ staleSince: at(0), viewHash: 'h-1', publishedAt: at(1) });
    expect(await store.homeViewers.settle('U0ALICE01', after.staleGen)).toBe(true);
    expect(await store.homeViewers.get('U0ALICE01')).toMatchObject({ staleSince: null, viewHash: 'h-1' });
    expect(await store.homeViewers.stale(10)).toEqual([]);
    // Opening again forgets the fingerprint: the Home is published whatever it was.
    await store.homeViewers.opened('U0ALICE01', at(5));
    expect(await store.homeViewers.get('U0ALICE01')).toMatchObject({ staleSince: at(5), viewHash: null });
  });

  it('marks some or all, keeps the first mark’s time, and never adds anyone', async () => {
    for (const [i, u] of ['U0A000001', 'U0B000001', 'U0C000001'].entries()) {
      await store.homeViewers.opened(u, at(i));
      await store.homeViewers.settle(u, (await store.homeViewers.get(u))!.staleGen);
    }
    expect(await store.homeViewers.touch(at(10), ['U0B000001', 'U0NOBODY1', 'U0B000001'])).toBe(1);
    expect(await store.homeViewers.touch(at(11))).toBe(3);
    expect(await store.homeViewers.touch(at(12), [])).toBe(0);
    const stale = await store.homeViewers.stale(10);
    expect(stale.map((v) => [v.userId, v.staleSince])).toEqual([
      ['U0B000001', at(10)],
      ['U0A000001', at(11)],
      ['U0C000001', at(11)],
    ]);
    expect(await store.homeViewers.get('U0NOBODY1')).toBeNull();
  });

  it('forgets a person, and those who have not opened their Home for a while', async () => {
    await store.homeViewers.opened('U0OLD0001', at(0));
    await store.homeViewers.opened('U0NEW0001', at(100));
    await store.homeViewers.opened('U0GONE001', at(100));
    await store.homeViewers.forget('U0GONE001');
    expect(await store.homeViewers.purgeQuiet(at(50))).toBe(1);
    expect((await store.homeViewers.stale(10)).map((v) => v.userId)).toEqual(['U0NEW0001']);
  });

  it('is bound to a transaction: marks made in a failed one are undone', async () => {
    await store.homeViewers.opened('U0ALICE01', at(0));
    await store.homeViewers.settle('U0ALICE01', (await store.homeViewers.get('U0ALICE01'))!.staleGen);
    await expect(
      store.transaction(async (tx) => {
        await tx.homeViewers.touch(at(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await store.homeViewers.stale(10)).toEqual([]);
  });
});
