import { afterEach, describe, expect, it } from 'vitest';
import { makeWorld, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('two replicas on one PostgreSQL', () => {
  it('the follower takes over within two cycles of the leader’s death; nothing posted twice or missed', async () => {
    const intervalMs = 10_000;
    world = await makeWorld({ kind: 'postgres', servers: 6, intervalMs, flapWindowMs: 20_000 });
    const w = world;
    const names = new Map(w.sim.control.servers().map((s) => [s.uuid, s.name]));
    const [u0, u1, u2] = w.uuids as [string, string, string];
    const b = await w.instance('b');
    w.a.watcher.start();
    w.a.notifier.start();
    await w.time.advance(1_000);
    b.watcher.start();
    b.notifier.start();
    await w.time.advance(30_000);
    expect(w.a.leadership.isLeader()).toBe(true);
    expect(b.leadership.isLeader()).toBe(false);

    w.sim.control.setPower(u0, 'stopped');
    await w.time.advance(45_000);
    expect(w.slack.posts.filter((p) => p.text.includes(names.get(u0)!))).toHaveLength(1);

    // The leader dies; a change happens at that very moment and another while nobody leads.
    await w.a.kill();
    const killedAt = w.time.ms();
    w.sim.control.setPower(u1, 'error');
    await w.time.advance(5_000);
    w.sim.control.setPower(u2, 'stopped');
    let tookOverAt: number | undefined;
    for (let t = 0; t < 60_000; t += 1_000) {
      await w.time.advance(1_000);
      if (tookOverAt === undefined && b.leadership.isLeader()) tookOverAt = w.time.ms();
    }
    expect(tookOverAt).toBeDefined();
    expect(tookOverAt! - killedAt).toBeLessThanOrEqual(2 * intervalMs);
    await w.time.advance(60_000);

    for (const u of [u0, u1, u2]) {
      const mentions = w.slack.posts.filter((p) => JSON.stringify(p).includes(names.get(u)!));
      expect(mentions, names.get(u)).toHaveLength(1);
    }
    expect(w.slack.posts.length).toBeLessThanOrEqual(3);
    const unsent = await b.store.outbox.due(new Date(w.time.ms() + 86_400_000), 100);
    expect(unsent).toHaveLength(0);
    await b.watcher.stop();
    await b.notifier.stop();
  }, 120_000);
});
