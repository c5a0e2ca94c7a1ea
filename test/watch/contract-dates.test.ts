/**
 * The contract date of every server the bot ordered, as the watcher reads it
 * from the signup status (docs/provider-api.md, Signup status): recorded at
 * each read while the order is not `active` (null while `setup_pending`),
 * read once for an order the provider answered `active` at once, and a read
 * the provider refuses for good asked again a day later, not every round.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { paidSignup } from './support/paid-signup.ts';
import { makeWorld, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const DAY = 86_400_000;

const statusReads = (w: World, serviceId: number) =>
  w.sim.control.requests({ path: `/v1/vps/signup-status/${serviceId}` }).length;

describe('contract dates from the signup status', () => {
  it('building -> active: the date is recorded at the first read and kept, with the order’s plan, period, renewal and channel', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { id, serviceId } = await paidSignup(w, 'building', { autoRenew: false });
    const expected = w.sim.control.signups().find((s) => s.id === serviceId)!.expiryDate;
    expect(expected).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await w.time.drive(w.a.watcher.runCycle());
    const first = await w.a.store.contracts.get(`signup:${id}`);
    expect(first).toMatchObject({
      signupId: id,
      planId: 'vps-2gb',
      period: 3,
      autoRenew: false,
      channelId: 'C0APPROVAL',
      providerDate: expected,
      providerDateAt: w.time.now(),
    });
    const since = first!.providerDateAt;
    w.sim.control.completeSignup(serviceId);
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    expect((await w.a.store.signups.get(id))?.state).toBe('active');
    const after = await w.a.store.contracts.get(`signup:${id}`);
    expect(after).toMatchObject({ providerDate: expected, providerDateAt: since, serverName: 'new-web-1' });
    expect(after?.serverUuid).toBeTruthy();
    // Active and dated: not read again.
    const reads = statusReads(w, serviceId);
    await w.time.advance(60_000);
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(reads);
  });

  it('setup_pending tells no date; the read that finds it active records it', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { id, serviceId } = await paidSignup(w, 'setup_pending');
    await w.time.drive(w.a.watcher.runCycle());
    expect(await w.a.store.contracts.get(`signup:${id}`)).toMatchObject({ providerDate: null });
    w.sim.control.completeSignup(serviceId);
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    const expected = w.sim.control.signups().find((s) => s.id === serviceId)!.expiryDate;
    expect(await w.a.store.contracts.get(`signup:${id}`)).toMatchObject({
      providerDate: expected,
      providerDateAt: w.time.now(),
    });
  });

  it('an order active at once is read once, for its date alone', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { id, serviceId } = await paidSignup(w, 'active');
    expect(await w.a.store.contracts.get(`signup:${id}`)).toBeNull();
    await w.time.drive(w.a.watcher.runCycle());
    const expected = w.sim.control.signups().find((s) => s.id === serviceId)!.expiryDate;
    expect(await w.a.store.contracts.get(`signup:${id}`)).toMatchObject({ providerDate: expected });
    expect(statusReads(w, serviceId)).toBe(1);
    await w.time.advance(60_000);
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(1);
    // Nothing was posted for it: the order's thread was told when it was placed.
    for (let t = 0; t < 3_000; t += 500) {
      await w.a.notifier.drainOnce();
      await w.time.advance(500);
    }
    expect(w.slack.posts.filter((p) => p.channel === 'C0APPROVAL')).toHaveLength(0);
  });

  it('a date read the provider refuses for good is asked again a day later, not every round', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { id, serviceId } = await paidSignup(w, 'active');
    const path = `/v1/vps/signup-status/${serviceId}`;
    w.sim.control.addFault({ path, status: 404, times: 1 });
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(1);
    expect(await w.a.store.contracts.get(`signup:${id}`)).toMatchObject({
      providerDate: null,
      providerReadAt: w.time.now(),
    });
    await w.time.advance(60_000);
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(1);
    await w.time.advance(DAY);
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(2);
    expect((await w.a.store.contracts.get(`signup:${id}`))?.providerDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a date that has passed is asked again a day at a time: a new date is kept', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { id, serviceId } = await paidSignup(w, 'active');
    await w.time.drive(w.a.watcher.runCycle());
    const first = (await w.a.store.contracts.get(`signup:${id}`))!.providerDate!;
    expect(statusReads(w, serviceId)).toBe(1);
    // The day after the date (Japan time): read again once, then not until a day later.
    const dayAfter = Date.parse(`${first}T00:00:00+09:00`) + DAY + 60_000;
    await w.time.advance(dayAfter - w.time.ms());
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(2);
    await w.time.advance(60_000);
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(2);
    // The simulator's status keeps the date it had: it stays, read at most once a day.
    expect((await w.a.store.contracts.get(`signup:${id}`))?.providerDate).toBe(first);
    await w.time.advance(DAY);
    await w.time.drive(w.a.watcher.runCycle());
    expect(statusReads(w, serviceId)).toBe(3);
  });
});
