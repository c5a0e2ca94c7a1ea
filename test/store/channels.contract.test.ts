/**
 * The store's contract for channels the bot cannot post in, on SQLite and
 * PostgreSQL alike: parking a channel and its rows, telling once, probing,
 * opening with compare-and-set, and the summarised rows and posts.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

const MIN = 60_000;
const DAY = 86_400_000;

describe.each<[Kind]>([['sqlite'], ['postgres']])('channels contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const now = () => place.clock.now();
  const opts = (o: { probeIn?: number; tellAgain?: number; spell?: number } = {}) => {
    const at = now();
    return {
      at,
      probeAt: new Date(at.getTime() + (o.probeIn ?? 5 * MIN)),
      tellAgainAfter: new Date(at.getTime() - (o.tellAgain ?? DAY)),
      sameSpellAfter: new Date(at.getTime() - (o.spell ?? 5 * MIN)),
    };
  };

  it('parks a channel once and says to tell its creators the first time only', async () => {
    expect(await store.channels.park('C1', 'not_in_channel', opts())).toEqual({ parked: true, tell: true });
    expect(await store.channels.park('C1', 'not_in_channel', opts())).toEqual({ parked: false, tell: false });
    const [row] = await store.channels.parked();
    expect(row).toMatchObject({ channelId: 'C1', error: 'not_in_channel', parkedAt: now(), toldAt: now() });
    expect(row!.probeAt).toEqual(new Date(now().getTime() + 5 * MIN));
  });

  it('opens by compare-and-set on the probe time, and parks again without telling within a day', async () => {
    await store.channels.park('C1', 'not_in_channel', opts());
    const [row] = await store.channels.parked();
    const probe = row!.probeAt!;
    // Another notifier moved the probe meanwhile: this one does not open it.
    expect(await store.channels.open('C1', new Date(probe.getTime() + 1))).toBe(false);
    expect(await store.channels.open('C1', probe)).toBe(true);
    expect(await store.channels.open('C1', probe)).toBe(false);
    expect(await store.channels.parked()).toEqual([]);
    expect((await store.channels.get('C1'))!.probeAt).toBeNull();

    // The probe failed at once: parked again, same spell, nobody told again.
    place.clock.advance(2_000);
    expect(await store.channels.park('C1', 'is_archived', opts())).toEqual({ parked: true, tell: false });
    const again = (await store.channels.get('C1'))!;
    expect(again.error).toBe('is_archived');
    expect(again.parkedAt).toEqual(row!.parkedAt);

    // A new spell a day later: a new start, and the creators are told again.
    await store.channels.open('C1', again.probeAt!);
    place.clock.advance(DAY + MIN);
    expect(await store.channels.park('C1', 'not_in_channel', opts())).toEqual({ parked: true, tell: true });
    expect((await store.channels.get('C1'))!.parkedAt).toEqual(now());
  });

  it('moves a parked channel’s probe, and not an open one’s', async () => {
    expect(await store.channels.probeAt('C1', now())).toBe(false);
    await store.channels.park('C1', 'not_in_channel', opts());
    expect(await store.channels.probeAt('C1', now())).toBe(true);
    expect((await store.channels.parked())[0]!.probeAt).toEqual(now());
  });

  it('parks a channel’s rows (not another’s, not a mute still running), summarises some and makes the rest due', async () => {
    const t = now();
    const a = await store.outbox.enqueue({ dedupeKey: 'a', channelId: 'C1', payload: { n: 1 } });
    const b = await store.outbox.enqueue({
      dedupeKey: 'b',
      channelId: 'C1',
      payload: { n: 2 },
      kind: 'open',
    });
    await store.outbox.enqueue({ dedupeKey: 'other', channelId: 'C2', payload: {} });
    await store.outbox.enqueue({
      dedupeKey: 'held',
      channelId: 'C1',
      payload: {},
      kind: 'held',
      nextAttemptAt: new Date(t.getTime() + 60 * MIN),
    });
    // A row backing off after a failure is parked too.
    await store.outbox.markFailed(b.id!, 'not_in_channel', new Date(t.getTime() + 10 * MIN));
    expect(await store.outbox.parkChannel('C1', t)).toBe(2);
    expect((await store.outbox.due(t, 10)).map((r) => r.dedupeKey)).toEqual(['other']);
    const parked = await store.outbox.parkedRows('C1');
    expect(parked.map((r) => r.dedupeKey)).toEqual(['a', 'b']);
    expect(parked[0]!.parkedAt).toEqual(t);
    expect(parked[0]!.nextAttemptAt).toBeNull();

    await store.outbox.markSummarised([a.id!], null);
    const done = await store.outbox.get(a.id!);
    expect(done).toMatchObject({ lastError: 'summarised', parkedAt: null, nextAttemptAt: null });
    expect(done!.sentAt).toEqual(t);

    place.clock.advance(MIN);
    expect(await store.outbox.unparkChannel('C1', now())).toBe(1);
    expect(await store.outbox.parkedRows('C1')).toEqual([]);
    expect((await store.outbox.due(now(), 10)).map((r) => r.dedupeKey)).toEqual(['b', 'other']);
    // The mute's row keeps its own time.
    expect((await store.outbox.due(new Date(t.getTime() + 61 * MIN), 10)).map((r) => r.dedupeKey)).toContain(
      'held',
    );
  });

  it('counts the outbox backlog for /metrics: waiting and parked rows, not sent or given-up ones', async () => {
    expect(await store.outbox.backlog()).toEqual({ depth: 0, parked: 0, oldestCreatedAt: null });
    const t0 = now();
    const a = await store.outbox.enqueue({ dedupeKey: 'a', channelId: 'C1', payload: {} });
    place.clock.advance(MIN);
    const b = await store.outbox.enqueue({ dedupeKey: 'b', channelId: 'C2', payload: {} });
    await store.outbox.enqueue({ dedupeKey: 'c', channelId: 'C2', payload: {} });
    await store.outbox.enqueue({ dedupeKey: 'd', channelId: 'C3', payload: {} });
    await store.outbox.markSent(b.id!, '1.2');
    await store.outbox.parkChannel('C1', now());
    const gaveUp = await store.outbox.enqueue({ dedupeKey: 'e', channelId: 'C3', payload: {} });
    await store.outbox.markFailed(gaveUp.id!, 'unreadable payload', null);
    expect(a.created).toBe(true);
    expect(await store.outbox.backlog()).toEqual({ depth: 3, parked: 1, oldestCreatedAt: t0 });
  });

  it('marks never-posted incident posts summarised, and leaves posted ones alone', async () => {
    const t = now().getTime();
    for (const id of ['i1', 'i2']) {
      await store.incidents.create({
        id,
        subject: `u-${id}`,
        name: id,
        ipAddress: null,
        plan: null,
        baseline: 'running',
        baselineSince: new Date(t - MIN),
        baselineSinceKnown: true,
        state: 'stopped',
        changes: [{ key: id, from: 'running', to: 'stopped', at: t, later: false }],
      });
      await store.incidents.addPost(id, 'C1');
    }
    await store.incidents.markPosted('C1', '1.000100', [{ incidentId: 'i2', version: 1 }]);
    await store.incidents.markSummarised('C1', ['i1', 'i2'], now());
    const posts = await store.incidents.posts('C1', ['i1', 'i2']);
    expect(posts.find((p) => p.incidentId === 'i1')!.summarisedAt).toEqual(now());
    expect(posts.find((p) => p.incidentId === 'i2')!.summarisedAt).toBeNull();
  });
});
