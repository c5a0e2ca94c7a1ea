import { afterEach, describe, expect, it } from 'vitest';
import { createWatcherRuntime } from '../../src/watch/runtime.ts';
import { Notifier } from '../../src/workers/notifier/notifier.ts';
import { CHANNEL, makeWorld, ONCALL, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('createWatcherRuntime (the wiring main.ts uses)', () => {
  it('runs watcher and notifier from settings: SQLite leads alone, a stop reaches the channel once', async () => {
    world = await makeWorld({ servers: 3 });
    const w = world;
    let notifier: Notifier | undefined;
    const rt = createWatcherRuntime({
      settings: { intervalSeconds: 5, budgetShare: 0.5, notifyChannel: CHANNEL, flapSeconds: 20 },
      store: w.a.store,
      provider: w.a.client,
      logger: w.logger,
      clock: w.time,
      timers: w.time,
      onOutbox: () => notifier?.kick(),
    });
    notifier = new Notifier({
      store: w.a.store,
      slack: w.slack,
      logger: w.logger,
      clock: w.time,
      timers: w.time,
      render: { locale: 'en', oncallMention: ONCALL },
      isLeader: () => rt.leadership.isLeader(),
      flapWindowMs: rt.flapWindowMs,
    });
    rt.watcher.start();
    notifier.start();
    await w.time.advance(12_000);
    expect(rt.leadership.isLeader()).toBe(true);
    w.sim.control.setPower(w.uuids[2]!, 'stopped');
    await w.time.advance(60_000);
    await rt.watcher.stop();
    await notifier.stop();
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.textOf(0)).toContain(ONCALL);
    expect(rt.watcher.stats().transitions).toBe(1);
  });
});

describe('subscriptions made while the watcher runs', () => {
  it('are picked up without a restart, even when nothing was watched before', async () => {
    world = await makeWorld({ servers: 2, notifyChannel: undefined, intervalMs: 5_000 });
    const w = world;
    w.a.watcher.start();
    w.a.notifier.start();
    await w.time.advance(20_000);
    // Every server's power state is kept fresh, watched or not; nothing is posted without a subscriber.
    expect(
      w.sim.control.requests().filter((r) => r.path.startsWith('/v1/vps/servers')).length,
    ).toBeGreaterThan(2);
    const snaps = await w.a.store.snapshots.all();
    expect(snaps.map((s) => s.powerStatus)).toEqual(['running', 'running']);
    expect(Math.min(...snaps.map((s) => s.observedAt.getTime()))).toBeGreaterThan(w.time.ms() - 10_000);
    expect(w.slack.posts).toHaveLength(0);
    await w.a.store.watches.add({ target: 'all', channelId: 'C0LATE001', createdBy: 'U0OPERATOR' });
    await w.time.advance(20_000);
    w.sim.control.setPower(w.uuids[0]!, 'error');
    await w.time.advance(60_000);
    await w.a.watcher.stop();
    await w.a.notifier.stop();
    expect(w.slack.posts.map((p) => p.channel)).toEqual(['C0LATE001']);
  });
});

describe('a watcher whose key is refused', () => {
  it('spends nothing while paused, and reads again once its key works', async () => {
    let refused = true;
    const w = await makeWorld({ servers: 3, paused: () => refused });
    try {
      w.a.watcher.start();
      await w.time.advance(60_000);
      expect(w.sim.control.requests()).toHaveLength(0);
      refused = false;
      await w.time.advance(60_000);
      expect(w.sim.control.requests().length).toBeGreaterThan(0);
      await w.a.watcher.stop();
    } finally {
      await w.close();
    }
  });
});
