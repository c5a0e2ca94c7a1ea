/**
 * The store's contract for contract dates, on SQLite and PostgreSQL alike:
 * an order's date as the signup status told it, dates set by hand beside
 * it, the orders whose date is still to be read, and the reminder told once
 * per date and threshold (compare-and-set).
 */
import { describe, expect, it } from 'vitest';
import { type ContractOrder, contractDate, type SignupQuote, type Store } from '../../src/store/index.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function quote(over: Partial<SignupQuote> = {}): SignupQuote {
  return {
    planId: 'vps-2gb',
    period: 3,
    imageId: 'ubuntu-24.04',
    serverName: 'web-new',
    autoRenew: false,
    quotedPrice: 3960,
    requesterId: 'U0REQ',
    channelId: 'C0OPS',
    expiresAt: new Date(Date.parse('2026-01-15T09:00:00.000Z') + HOUR),
    ...over,
  };
}

/** A signup as far as `state`, paid with service code `serviceId`. */
async function paid(
  store: Store,
  state: 'submitted' | 'active',
  serviceId: number,
  over: Partial<SignupQuote> = {},
) {
  const row = await store.signups.create(quote(over));
  await store.signups.transition(row.id, ['quoted'], 'approved', { approverId: 'U0APP' });
  await store.signups.transition(row.id, ['approved'], 'executing');
  const r = await store.signups.transition(row.id, ['executing'], state, {
    providerServiceId: serviceId,
    providerStatus: state === 'active' ? 'active' : 'building',
    uuid: state === 'active' ? `uuid-${serviceId}` : null,
  });
  return r.row!;
}

function orderOf(
  row: { id: string; planId: string; period: number; autoRenew: boolean; channelId: string },
  uuid: string | null = null,
): ContractOrder {
  return {
    signupId: row.id,
    serverUuid: uuid,
    serverName: 'web-new',
    planId: row.planId,
    period: row.period,
    autoRenew: row.autoRenew,
    channelId: row.channelId,
  };
}

describe.each<[Kind]>([['sqlite'], ['postgres']])('contracts contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  const now = () => place.clock.now();

  it('records an order’s date as read, keeps when it was first read, and never erases it with a null', async () => {
    const s = await paid(store, 'submitted', 501);
    const first = await store.contracts.recordRead(orderOf(s), null, now());
    expect(first).toMatchObject({
      id: `signup:${s.id}`,
      signupId: s.id,
      planId: 'vps-2gb',
      period: 3,
      autoRenew: false,
      channelId: 'C0OPS',
      providerDate: null,
      providerDateAt: null,
      providerReadAt: now(),
    });
    place.clock.advance(HOUR);
    const dated = await store.contracts.recordRead(orderOf(s, 'uuid-501'), '2026-04-30', now());
    expect(dated).toMatchObject({
      serverUuid: 'uuid-501',
      providerDate: '2026-04-30',
      providerDateAt: now(),
    });
    const since = now();
    place.clock.advance(HOUR);
    const again = await store.contracts.recordRead(orderOf(s), '2026-04-30', now());
    // Unchanged: the first reading's moment stays; the uuid already known stays too.
    expect(again).toMatchObject({ serverUuid: 'uuid-501', providerDateAt: since, providerReadAt: now() });
    const nothing = await store.contracts.recordRead(orderOf(s), null, now());
    expect(nothing.providerDate).toBe('2026-04-30');
    expect(contractDate(nothing)).toEqual({ date: '2026-04-30', since, by: 'provider' });
    expect(await store.contracts.all()).toHaveLength(1);
  });

  it('lists the active orders whose date is still to be read, and again a day after a read that told none', async () => {
    const a = await paid(store, 'active', 601);
    // Oldest first: b is ordered a second after a (ids are random, the order is by time).
    place.clock.advance(1_000);
    const b = await paid(store, 'active', 602);
    const submitted = await paid(store, 'submitted', 603);
    // An order never paid is not a contract.
    await store.signups.create(quote());
    const ids = async (before: Date) => (await store.contracts.undatedOrders(before, 10)).map((r) => r.id);
    expect(await ids(now())).toEqual([a.id, b.id]);
    await store.contracts.recordRead(orderOf(a), '2026-04-30', now());
    await store.contracts.recordRead(orderOf(b), null, now());
    await store.contracts.recordRead(orderOf(submitted), null, now());
    expect(await ids(new Date(now().getTime() - DAY))).toEqual([]);
    // b told no date: asked again once its last read is older than the retry moment.
    expect(await ids(now())).toEqual([b.id]);
    expect((await store.contracts.undatedOrders(now(), 1)).map((r) => r.id)).toEqual([b.id]);
  });

  it('with a day given, an order whose date has passed is read again, a day after its last read', async () => {
    const a = await paid(store, 'active', 611);
    const b = await paid(store, 'active', 612);
    await store.contracts.recordRead(orderOf(a), '2026-01-31', now());
    await store.contracts.recordRead(orderOf(b), '2026-04-30', now());
    const ids = async (before: Date, passedBefore?: string) =>
      (await store.contracts.undatedOrders(before, 10, passedBefore)).map((r) => r.id);
    // Without the day, a dated order is never read again.
    expect(await ids(new Date(now().getTime() + DAY))).toEqual([]);
    // a's date is before 2026-02-01; b's is not. Read just now: not yet.
    expect(await ids(now(), '2026-02-01')).toEqual([a.id]);
    expect(await ids(new Date(now().getTime() - 1), '2026-02-01')).toEqual([]);
    expect(await ids(now(), '2026-01-31')).toEqual([]);
    // Read again and told a new date: not passed any more.
    place.clock.advance(DAY);
    await store.contracts.recordRead(orderOf(a), '2026-04-30', now());
    expect(await ids(now(), '2026-02-01')).toEqual([]);
    expect((await store.contracts.get(`signup:${a.id}`))?.providerDateAt).toEqual(now());
  });

  it('keeps a date set by hand beside the provider’s on an order, and clearing it brings the provider’s back', async () => {
    const s = await paid(store, 'active', 701);
    await store.contracts.recordRead(orderOf(s, 'uuid-701'), '2026-04-30', now());
    place.clock.advance(HOUR);
    const { row, previous } = await store.contracts.setByPerson(
      {
        serverUuid: 'uuid-701',
        serverName: 'web-new',
        date: '2026-07-31',
        userId: 'U0OPS',
        channelId: 'C0OTHER',
      },
      now(),
    );
    expect(previous).toBeNull();
    // The order's channel stays where its reminders go.
    expect(row).toMatchObject({
      id: `signup:${s.id}`,
      personDate: '2026-07-31',
      personSetBy: 'U0OPS',
      channelId: 'C0OPS',
    });
    expect(contractDate(row)).toEqual({ date: '2026-07-31', since: now(), by: 'person' });
    const cleared = await store.contracts.clearByPerson(row.id);
    expect(cleared).toMatchObject({ personDate: null, personSetBy: null, providerDate: '2026-04-30' });
    expect(contractDate(cleared!)?.by).toBe('provider');
  });

  it('a server ordered elsewhere gets a row of its own; setting again replaces, clearing removes it', async () => {
    const input = {
      serverUuid: 'uuid-panel',
      serverName: 'db-1',
      date: '2026-05-31',
      userId: 'U0OPS',
      channelId: 'C0OPS',
    };
    const first = await store.contracts.setByPerson(input, now());
    expect(first.row).toMatchObject({
      id: 'server:uuid-panel',
      signupId: null,
      planId: null,
      period: null,
      autoRenew: null,
      channelId: 'C0OPS',
      personDate: '2026-05-31',
    });
    const second = await store.contracts.setByPerson(
      { ...input, date: '2026-06-30', channelId: 'C0OTHER' },
      now(),
    );
    expect(second.previous).toBe('2026-05-31');
    expect(second.row).toMatchObject({
      id: 'server:uuid-panel',
      personDate: '2026-06-30',
      channelId: 'C0OTHER',
    });
    expect(await store.contracts.byServer('uuid-panel')).toHaveLength(1);
    expect(await store.contracts.clearByPerson('server:uuid-panel')).toBeNull();
    expect(await store.contracts.get('server:uuid-panel')).toBeNull();
    expect(await store.contracts.clearByPerson('server:uuid-panel')).toBeNull();
  });

  it('marks a reminder once per date and threshold: a farther one after a nearer is refused, a new date starts again', async () => {
    await store.contracts.setByPerson(
      { serverUuid: 'u1', serverName: 'db-1', date: '2026-05-31', userId: 'U0OPS', channelId: 'C0OPS' },
      now(),
    );
    const id = 'server:u1';
    expect(await store.contracts.markReminded(id, '2026-05-31', 30)).toBe(true);
    expect(await store.contracts.markReminded(id, '2026-05-31', 30)).toBe(false);
    expect(await store.contracts.markReminded(id, '2026-05-31', 7)).toBe(true);
    expect(await store.contracts.markReminded(id, '2026-05-31', 30)).toBe(false);
    expect(await store.contracts.markReminded(id, '2026-06-30', 30)).toBe(true);
    expect(await store.contracts.get(id)).toMatchObject({ remindedDate: '2026-06-30', remindedDays: 30 });
    expect(await store.contracts.markReminded('server:none', '2026-06-30', 30)).toBe(false);
  });

  it('a reminder mark and its outbox row commit together or not at all', async () => {
    await store.contracts.setByPerson(
      { serverUuid: 'u2', serverName: 'db-1', date: '2026-05-31', userId: 'U0OPS', channelId: 'C0OPS' },
      now(),
    );
    await expect(
      store.transaction(async (tx) => {
        await tx.contracts.markReminded('server:u2', '2026-05-31', 7);
        await tx.outbox.enqueue({ dedupeKey: 'renewal:x', channelId: 'C0OPS', payload: { kind: 'x' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.contracts.get('server:u2')).toMatchObject({ remindedDate: null, remindedDays: null });
    expect(await store.outbox.due(new Date(now().getTime() + DAY), 10)).toEqual([]);
  });
});
