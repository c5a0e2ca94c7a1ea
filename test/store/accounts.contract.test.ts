/**
 * The store's contract for several provider accounts, on SQLite and
 * PostgreSQL alike: each account's view of one store reads and writes only
 * its own rows in every account-scoped repo, with the same server uuid,
 * hosting server, incident id, channel, day and key-log row in both; what
 * one account changes or deletes never touches the other's; transactions
 * keep their account; the channel bindings are every account's.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT, type Store, StoreError } from '../../src/store/index.ts';
import {
  at,
  CHANNEL,
  DAY,
  fillAccount,
  HOSTING,
  INCIDENT,
  KEY_INCIDENT,
  readAccount,
  UUID,
} from './accounts-fixture.ts';
import { type Kind, type Place, storePerTest } from './harness.ts';

describe.each<[Kind]>([['sqlite'], ['postgres']])('accounts contract on %s', (kind) => {
  let place: Place;
  let store: Store;

  storePerTest(kind, (p, s) => {
    place = p;
    store = s;
  });

  it('the store openStore returns is the default account; forAccount gives one view per name', async () => {
    expect(DEFAULT_ACCOUNT).toBe('default');
    expect(store.account).toBe('default');
    const shop = store.forAccount('shop-a');
    expect(shop.account).toBe('shop-a');
    expect(store.forAccount('shop-a')).toBe(shop);
    expect(store.forAccount('default')).toBe(store);
    expect(shop.forAccount('default')).toBe(store);
    for (const bad of ['', 'Shop', '1shop', 'shop a', 'a'.repeat(33)]) {
      expect(() => store.forAccount(bad)).toThrow(StoreError);
    }
    // A second store on the same data sees the first one's rows per account too.
    await shop.snapshots.upsert({ serverUuid: UUID, name: 'shop', observedAt: at(0) });
    const again = await place.open();
    expect((await again.forAccount('shop-a').snapshots.get(UUID))?.name).toBe('shop');
    expect(await again.snapshots.get(UUID)).toBeNull();
  });

  it('two accounts keep the same keys apart in every scoped repo, each seeing only its own rows', async () => {
    const main = store;
    const shop = store.forAccount('shop');
    const empty = await readAccount(store.forAccount('nobody'));
    const mainIds = await fillAccount(main, 'main', 5);
    const shopIds = await fillAccount(shop, 'shop', 7);
    const mine = await readAccount(main);
    const theirs = await readAccount(shop);

    expect(mine.signups.map((s) => s.id).sort()).toEqual([...mainIds.signupIds].sort());
    expect(theirs.signups.map((s) => s.id).sort()).toEqual([...shopIds.signupIds].sort());
    expect(mine.signupGets).toEqual(mine.signups);
    expect(theirs.signupsInChannel).toHaveLength(3);
    expect(mine.steps).toEqual([mainIds.signupIds[2]]);
    expect(mine.operations.map((o) => o.id).sort()).toEqual([...mainIds.operationIds].sort());
    expect(theirs.operations.map((o) => o.id).sort()).toEqual([...shopIds.operationIds].sort());
    expect(mine.operationGets).toEqual(mine.operations);
    expect(mine.watches.map((w) => w.createdBy)).toEqual(['U-main', 'U-main']);
    expect(theirs.watches.map((w) => w.createdBy)).toEqual(['U-shop', 'U-shop']);
    expect(theirs.watchesOfServer).toHaveLength(2);
    expect(mine.snapshot?.name).toBe('main-web-1');
    expect(theirs.snapshot?.name).toBe('shop-web-1');
    expect(theirs.snapshots.map((s) => s.facts)).toEqual([{ memo: 'shop' }]);
    expect(mine.hosting?.state).toEqual({ enabled: true, tag: 'main' });
    expect(theirs.hostingAll.map((h) => h.state)).toEqual([{ enabled: true, tag: 'shop' }]);
    expect(mine.incident?.name).toBe('main-web-1');
    expect(theirs.incident?.name).toBe('shop-web-1');
    expect(theirs.incidents.map((i) => i.name).sort()).toEqual(['shop', 'shop-web-1']);
    expect(theirs.latest?.name).toBe('shop-web-1');
    expect(theirs.latestKey?.detail).toEqual({ tag: 'shop' });
    expect(theirs.openAlarms).toEqual([INCIDENT]);
    expect(theirs.alarmsDuring).toEqual([INCIDENT]);
    expect(theirs.post).toMatchObject({ incidentId: INCIDENT, messageTs: '1700000000.000400' });
    expect(theirs.posts).toHaveLength(2);
    expect(theirs.postsOf).toHaveLength(2);
    expect(theirs.postsOfMessage.map((p) => p.incidentId)).toEqual([INCIDENT]);
    expect(mine.mutes.map((m) => m.createdBy)).toEqual(['U-main', 'U-main']);
    expect(theirs.mutesOfServer.map((m) => m.createdBy)).toEqual(['U-shop', 'U-shop']);
    expect(mine.channel?.error).toBe('not_in_channel-main');
    expect(theirs.parked.map((c) => c.error)).toEqual(['not_in_channel-shop']);
    expect(mine.contracts.map((c) => c.serverName).sort()).toEqual(['main-db-1', 'main-web-1']);
    expect(theirs.contractsOfServer.map((c) => c.signupId)).toEqual([shopIds.signupIds[0]]);
    expect(theirs.undated).toEqual([shopIds.signupIds[0]]);
    expect(mine.audit.map((a) => a.actor)).toEqual(['U-main']);
    expect(theirs.auditOfTarget.map((a) => a.actor)).toEqual(['U-shop']);
    expect(theirs.auditDuring.total).toBe(1);
    expect(mine.requests).toBe(5);
    expect(theirs.requests).toBe(7);
    expect(mine.keyRequests.map((r) => r.path)).toEqual(['/v1/main']);
    expect(theirs.keyRequests.map((r) => r.path)).toEqual(['/v1/shop']);
    expect(mine.keyLog?.ownIps).toEqual({ '203.0.113.5': at(0).getTime() });
    expect(theirs.keyLog?.ownIps).toEqual({ '203.0.113.7': at(0).getTime() });
    // An account with no rows of its own sees none of the others'.
    expect(await readAccount(store.forAccount('nobody'))).toEqual(empty);
    expect(empty.requests).toBe(0);
    expect(empty.keyLog).toBeNull();
  });

  it('what one account changes, claims or deletes leaves the other account’s rows as they were', async () => {
    const main = store;
    const shop = store.forAccount('shop');
    const mainIds = await fillAccount(main, 'main', 5);
    await fillAccount(shop, 'shop', 7);
    const before = await readAccount(main);

    // The other account's ids, asked for through this one: not found, not moved.
    for (const id of mainIds.signupIds) {
      expect(await shop.signups.get(id)).toBeNull();
      expect(await shop.signups.transition(id, ['quoted'], 'rejected')).toEqual({ won: false, row: null });
      expect(await shop.signups.claimStep(id, at(1000))).toBeNull();
      await shop.signups.setMessage(id, { messageTs: '1.1' });
      await shop.signups.settleStep(id, true);
    }
    for (const id of mainIds.operationIds) {
      expect(await shop.operations.get(id)).toBeNull();
      expect(await shop.operations.transition(id, ['pending'], 'approved')).toEqual({
        won: false,
        row: null,
      });
      await shop.operations.setMessage(id, '1.1');
    }

    // Every change shop makes to its own rows with the same keys.
    const shopSteps = await shop.signups.stepsToComplete(10);
    expect(await shop.signups.claimStep(shopSteps[0]!.id, at(1000))).not.toBeNull();
    await shop.signups.settleStep(shopSteps[0]!.id, true);
    expect(await shop.signups.expireDue(at(10))).toHaveLength(1);
    expect(await shop.operations.expireDue(at(10))).toHaveLength(1);
    expect(await shop.watches.add({ target: UUID, channelId: CHANNEL, createdBy: 'U-again' })).toBe(false);
    expect(await shop.watches.remove(UUID, CHANNEL)).toBe(true);
    await shop.snapshots.upsert({ serverUuid: UUID, powerStatus: 'stopped', observedAt: at(3) });
    expect(await shop.snapshots.remove(UUID)).toBe(true);
    await shop.hostingSnapshots.upsert({
      server: HOSTING,
      part: 'ssh',
      state: { enabled: false },
      observedAt: at(3),
      changedAt: at(3),
    });
    const incident = (await shop.incidents.get(INCIDENT))!;
    expect((await shop.incidents.claim(INCIDENT, null, 'U-shop', at(2))).won).toBe(true);
    await shop.incidents.save({ ...incident, name: 'renamed' });
    await shop.incidents.markRendered(CHANNEL, [{ incidentId: INCIDENT, version: 9 }]);
    await shop.incidents.markSummarised(CHANNEL, [KEY_INCIDENT], at(2));
    expect(await shop.incidents.purgeSettled(at(100))).toBe(1);
    expect(
      await shop.mutes.set({ target: UUID, channelId: CHANNEL, until: at(90), createdBy: 'U-x' }),
    ).toMatchObject({ until: at(90) });
    expect(await shop.mutes.purgeEnded(at(3))).toBe(1);
    expect(await shop.mutes.remove(CHANNEL)).toHaveLength(1);
    expect(await shop.channels.probeAt(CHANNEL, at(4))).toBe(true);
    expect(await shop.channels.open(CHANNEL, at(4))).toBe(true);
    const shopContracts = await shop.contracts.all();
    const ordered = shopContracts.find((c) => c.signupId !== null)!;
    const byHand = shopContracts.find((c) => c.signupId === null)!;
    expect(await shop.contracts.markReminded(ordered.id, '2026-04-30', 7)).toBe(true);
    expect(await shop.contracts.clearByPerson(byHand.id)).toBeNull();
    expect(await shop.dailyRequests.add(DAY, 3)).toBe(10);
    expect(await shop.dailyRequests.purgeEnded(at(100_000))).toBe(1);
    const shopRequests = await shop.keyRequests.between(at(0), at(60));
    const mainRequests = await main.keyRequests.between(at(0), at(60));
    expect(await shop.keyRequests.consume(mainRequests.map((r) => r.id))).toBe(0);
    expect(await shop.keyRequests.consume(shopRequests.map((r) => r.id))).toBe(1);
    expect(await shop.keyRequests.purgeBefore(at(100))).toBe(0);
    const log = (await shop.keyLog.get())!;
    expect(await shop.keyLog.save({ ...log, denied: [] }, log.version)).not.toBeNull();
    await shop.audit.append({
      actor: 'U-shop',
      action: 'server.stop',
      target: UUID,
      outcome: 'ok',
      at: at(2),
    });

    expect(await readAccount(main)).toEqual(before);
    // And the same the other way round: main's purge of everything leaves shop's rows.
    expect(await main.incidents.purgeSettled(at(100))).toBe(1);
    expect(await shop.incidents.get(INCIDENT)).toMatchObject({ name: 'renamed', claimedBy: 'U-shop' });
    expect(await main.keyRequests.purgeBefore(at(100))).toBe(1);
    expect(await shop.audit.latest({ limit: 10 })).toHaveLength(2);
  });

  it('a transaction on an account’s store keeps the account, and so does one it joins', async () => {
    const shop = store.forAccount('shop');
    const seen = await shop.transaction(async (tx) => {
      await tx.snapshots.upsert({ serverUuid: UUID, name: 'shop-web-1', observedAt: at(0) });
      await tx.dailyRequests.add(DAY, 4);
      // Another account's view of the same transaction writes in it too.
      await tx
        .forAccount('default')
        .snapshots.upsert({ serverUuid: UUID, name: 'main-web-1', observedAt: at(0) });
      const joined = await tx.transaction(async (inner) => inner.account);
      return { account: tx.account, joined, other: tx.forAccount('default').account };
    });
    expect(seen).toEqual({ account: 'shop', joined: 'shop', other: 'default' });
    expect((await shop.snapshots.get(UUID))?.name).toBe('shop-web-1');
    expect((await store.snapshots.get(UUID))?.name).toBe('main-web-1');
    expect(await shop.dailyRequests.total(DAY)).toBe(4);
    expect(await store.dailyRequests.total(DAY)).toBe(0);

    await expect(
      shop.transaction(async (tx) => {
        await tx.snapshots.upsert({ serverUuid: UUID, name: 'changed', observedAt: at(1) });
        await tx.forAccount('default').snapshots.remove(UUID);
        throw new Error('the outbox write failed');
      }),
    ).rejects.toThrow('the outbox write failed');
    expect((await shop.snapshots.get(UUID))?.name).toBe('shop-web-1');
    expect((await store.snapshots.get(UUID))?.name).toBe('main-web-1');

    // A transaction begun on the default store, moving to an account inside it.
    await store.transaction(async (tx) => {
      const inShop = tx.forAccount('shop');
      expect(inShop.account).toBe('shop');
      await inShop.transaction(async (inner) => {
        expect(inner.account).toBe('shop');
        await inner.snapshots.upsert({ serverUuid: UUID, name: 'moved', observedAt: at(2) });
      });
    });
    expect((await shop.snapshots.get(UUID))?.name).toBe('moved');
    expect((await store.snapshots.get(UUID))?.name).toBe('main-web-1');
  });

  it('binds a channel to an account, rebinds and unbinds it; every account sees the bindings', async () => {
    const shop = store.forAccount('shop');
    expect(await store.accountBindings.of('C0SHOP')).toBeNull();
    expect(await store.accountBindings.all()).toEqual([]);
    expect(await shop.accountBindings.bind('C0SHOP', 'shop', 'U0ADMIN1')).toEqual({
      channelId: 'C0SHOP',
      account: 'shop',
      boundBy: 'U0ADMIN1',
      boundAt: at(0),
    });
    await store.accountBindings.bind('C0OPS', 'main', 'U0ADMIN1');
    expect(await store.accountBindings.of('C0SHOP')).toMatchObject({ account: 'shop' });
    place.clock.advance(60_000);
    expect(await store.accountBindings.bind('C0SHOP', 'main', 'U0ADMIN2')).toMatchObject({
      account: 'main',
      boundBy: 'U0ADMIN2',
      boundAt: at(1),
    });
    expect((await shop.accountBindings.all()).map((b) => [b.channelId, b.account])).toEqual([
      ['C0OPS', 'main'],
      ['C0SHOP', 'main'],
    ]);
    expect(await shop.accountBindings.unbind('C0SHOP')).toBe(true);
    expect(await shop.accountBindings.unbind('C0SHOP')).toBe(false);
    expect(await store.accountBindings.of('C0SHOP')).toBeNull();
    expect((await store.accountBindings.all()).map((b) => b.channelId)).toEqual(['C0OPS']);
  });
});
