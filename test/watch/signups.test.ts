import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderClient } from '../../src/provider/index.ts';
import { CHANNEL, makeWorld, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A real signup on the simulator with the given outcome, recorded in the store as `submitted`. */
async function submittedSignup(w: World, outcome: 'building' | 'setup_pending') {
  const full = new ProviderClient({ baseUrl: w.sim.url, apiKey: w.sim.keys.full, clock: w.time.clientClock });
  const { plans, os_images } = await full.plans();
  const plan = plans.find((p) => p.vps_type === 'vps')!;
  const period = plan.periods[0]!;
  const image = os_images.find((i) => i.minimum_memory_mb <= plan.memory_mb)!;
  w.sim.control.setNextSignupOutcome(outcome);
  const input = {
    plan_id: plan.plan_id,
    period: period.months,
    image_id: image.image_id,
    root_password: 'Str0ng-pass-word',
    name: 'new-web-1',
    expected_total_price: period.total_price,
    agree_to_terms: true as const,
  };
  const result = await full.signup(input, randomUUID());
  await full.close();
  const s = w.a.store.signups;
  const row = await s.create({
    planId: plan.plan_id,
    period: period.months,
    imageId: image.image_id,
    serverName: 'new-web-1',
    quotedPrice: period.total_price,
    requesterId: 'U0REQUESTER',
    channelId: 'C0APPROVAL',
    messageTs: '1772420000.000100',
    expiresAt: new Date(w.time.ms() + 3_600_000),
  });
  await s.transition(row.id, ['quoted'], 'approved', { approverId: 'U0APPROVER' });
  await s.transition(row.id, ['approved'], 'executing');
  await s.transition(row.id, ['executing'], 'submitted', {
    providerServiceId: result.server.id,
    providerStatus: outcome,
  });
  return { id: row.id, serviceId: result.server.id };
}

describe('signup tracking', () => {
  it('posts completion once in the approval thread with uuid, IP and the requester', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { id, serviceId } = await submittedSignup(w, 'building');
    await w.time.drive(w.a.watcher.runCycle());
    expect((await w.a.store.signups.get(id))?.state).toBe('submitted');
    w.sim.control.completeSignup(serviceId);
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    const row = await w.a.store.signups.get(id);
    expect(row?.state).toBe('active');
    expect(row?.uuid).toBeTruthy();
    for (let t = 0; t < 5_000; t += 500) {
      await w.a.notifier.drainOnce();
      await w.time.advance(500);
    }
    const inThread = w.slack.posts.filter((p) => p.thread_ts === '1772420000.000100');
    expect(inThread).toHaveLength(1);
    expect(inThread[0]?.channel).toBe('C0APPROVAL');
    expect(inThread[0]?.text).toContain('<@U0REQUESTER>');
    expect(inThread[0]?.text).toContain(row!.uuid!);
    expect(inThread[0]?.text).toContain(row!.ipAddress!);
    // NOTIFY_CHANNEL gets a copy, outside any thread.
    const copies = w.slack.posts.filter((p) => p.channel === CHANNEL && p.text.includes(row!.uuid!));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.thread_ts).toBeUndefined();
    // Later cycles do not repeat it.
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    for (let t = 0; t < 5_000; t += 500) {
      await w.a.notifier.drainOnce();
      await w.time.advance(500);
    }
    expect(w.slack.posts.filter((p) => p.thread_ts === '1772420000.000100')).toHaveLength(1);
    // The list saw the new server before the order was asked about (a cycle lists first): it waited
    // for that, and took it as the bot's own. No third message says it appeared.
    expect(w.slack.posts).toHaveLength(2);
    expect(w.slack.posts.filter((p) => p.text.includes('A new server'))).toHaveLength(0);
    expect((await w.a.store.snapshots.get(row!.uuid!))?.name).toBe('new-web-1');
  });

  it('tells a server added in the control panel while an order is on its way, once the order was asked about', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    await submittedSignup(w, 'setup_pending');
    await w.time.drive(w.a.watcher.runCycle());
    const [panel] = w.sim.control.addServers(1, { name: 'panel-made', power: 'running', status: 'active' });
    // Seen by the list before the order was asked about: it may be the order's, so it waits.
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    for (let t = 0; t < 5_000; t += 500) {
      await w.a.notifier.drainOnce();
      await w.time.advance(500);
    }
    // The order is still pending: the server is not its, and is news.
    const told = w.slack.posts.filter((p) => p.text.includes('A new server'));
    expect(told.map((p) => p.text.split('\n')[0])).toEqual([expect.stringContaining('*panel-made*')]);
    expect((await w.a.store.snapshots.get(panel!))?.name).toBe('panel-made');
  });

  it('escalates a long setup_pending once, with the advice to contact support', async () => {
    world = await makeWorld({ servers: 1, setupPendingEscalateMs: 60_000 });
    const w = world;
    const { serviceId } = await submittedSignup(w, 'setup_pending');
    await w.time.drive(w.a.watcher.runCycle());
    await w.time.advance(61_000);
    await w.time.drive(w.a.watcher.runCycle());
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    for (let t = 0; t < 5_000; t += 500) {
      await w.a.notifier.drainOnce();
      await w.time.advance(500);
    }
    const stuck = w.slack.posts.filter((p) => p.text.includes('support') && p.channel === 'C0APPROVAL');
    expect(stuck).toHaveLength(1);
    expect(stuck[0]?.thread_ts).toBe('1772420000.000100');
    expect(stuck[0]?.text).toContain(String(serviceId));
    // An alarm: on-call is mentioned and anyone may take it, in the approval thread and NOTIFY_CHANNEL.
    expect(stuck[0]?.text).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> The signup of \*new-web-1\*/);
    expect(JSON.stringify(stuck[0]?.blocks)).toContain('watch_incident_claim');
    const copy = w.slack.posts.filter((p) => p.channel === CHANNEL && p.text.includes('setup_pending'));
    expect(copy).toHaveLength(1);
    expect(copy[0]?.thread_ts).toBeUndefined();
    w.sim.control.completeSignup(serviceId);
    await w.time.advance(10_000);
    await w.time.drive(w.a.watcher.runCycle());
    for (let t = 0; t < 5_000; t += 500) {
      await w.a.notifier.drainOnce();
      await w.time.advance(500);
    }
    expect(
      w.slack.posts.filter((p) => p.text.includes('is ready') && p.channel === 'C0APPROVAL'),
    ).toHaveLength(1);
    // Ready: the alarm is resolved in place in both channels, and its threads say so.
    for (const alert of [stuck[0]!, copy[0]!]) {
      const now = w.slack.current.get(alert.ts)!;
      expect(now.text).toMatch(
        /^:white_check_mark: The signup of \*new-web-1\* is no longer `setup_pending`/,
      );
      expect(JSON.stringify(now.blocks)).not.toContain('watch_incident_claim');
    }
    const thread = w.slack.posts.filter((p) => p.thread_ts === copy[0]!.ts);
    expect(thread.map((p) => p.text)).toEqual([expect.stringContaining('nobody had taken it')]);
  });
});
