import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Runs the notifier until nothing is left that may go out within `ms` of test time. */
async function drainFor(w: World, ms: number): Promise<void> {
  const step = 500;
  for (let t = 0; t < ms; t += step) {
    // runCycle() is driven by hand here; on PostgreSQL the notifier posts only while it holds the lease.
    await w.a.leadership.ensure();
    await w.a.notifier.drainOnce();
    await w.time.advance(step);
  }
  await w.a.leadership.ensure();
  await w.a.notifier.drainOnce();
}

/** Lets `ms` of test time pass, then runs one full watcher cycle. */
async function cycleAfter(w: World, ms = 10_000) {
  await w.time.advance(ms);
  return w.time.drive(w.a.watcher.runCycle());
}

async function outboxRows(w: World) {
  return w.a.store.outbox.due(new Date(w.time.ms() + 10 * 86_400_000), 10_000);
}

describe.each<Kind>(['sqlite', 'postgres'])('watcher on %s against the simulator', (kind) => {
  it('posts each power transition exactly once, with on-call on an unexpected stop', async () => {
    world = await makeWorld({ kind, servers: 3 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string, string];
    const first = await w.time.drive(w.a.watcher.runCycle());
    expect(first.transitions).toEqual([]);
    await drainFor(w, 2_000);
    expect(w.slack.posts).toHaveLength(0);

    w.sim.control.setPower(u0, 'stopped');
    const second = await cycleAfter(w);
    expect(second.transitions.map((t) => [t.uuid, t.from, t.to, t.alarm])).toEqual([
      [u0, 'running', 'stopped', true],
    ]);
    // A second look at the same state is not news.
    expect((await cycleAfter(w)).transitions).toEqual([]);

    // Posted at once (no flap-window hold any more), and once.
    await drainFor(w, 40_000);
    expect(w.slack.posts).toHaveLength(1);
    const text = w.slack.textOf(0);
    expect(w.slack.posts[0]?.channel).toBe(CHANNEL);
    expect(text).toContain(ONCALL);
    expect(text).toContain('/vps show');
    expect(text).toMatch(/stopped/);

    // A processing server is looked at again sooner, and the full sequence is one calm message.
    w.sim.control.setPower(u1, 'processing');
    await cycleAfter(w);
    w.sim.control.setPower(u1, 'stopped');
    await cycleAfter(w);
    await drainFor(w, 40_000);
    expect(w.slack.posts).toHaveLength(2);
    const seq = w.slack.textOf(1);
    expect(seq).toContain('running → processing → stopped');
    expect(seq).not.toContain(ONCALL);

    await drainFor(w, 60_000);
    expect(w.slack.posts).toHaveLength(2);
    expect((await outboxRows(w)).length).toBe(0);
  });

  it('reports a state that flips back within the window once, as a flap', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await w.time.drive(w.a.watcher.runCycle());
    w.sim.control.setPower(u0, 'error');
    await cycleAfter(w);
    w.sim.control.setPower(u0, 'running');
    await cycleAfter(w);
    await drainFor(w, 60_000);
    expect(w.slack.posts).toHaveLength(1);
    const text = w.slack.textOf(0);
    expect(text).toContain('flapped');
    expect(text).not.toContain(ONCALL);
  });

  it('records new, removed, renamed and suspended servers from the list call', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string];
    await w.time.drive(w.a.watcher.runCycle());
    const before = w.sim.control.servers().find((s) => s.uuid === u1)!.name;
    w.sim.control.setContractStatus(u0, 'suspended');
    w.sim.control.renameServer(u1, 'renamed-1');
    const [u2] = w.sim.control.addServers(1, { name: 'fresh-1', power: 'running' });
    await cycleAfter(w);
    let snaps = await w.a.store.snapshots.all();
    // A rename waits for a second look (the bot's own audit row may be on its way): the name follows then.
    expect(snaps.find((s) => s.serverUuid === u1)?.name).toBe(before);
    await cycleAfter(w);
    snaps = await w.a.store.snapshots.all();
    expect(snaps.find((s) => s.serverUuid === u1)?.name).toBe('renamed-1');
    expect(snaps.find((s) => s.serverUuid === u0)?.contractStatus).toBe('suspended');
    expect(snaps.find((s) => s.serverUuid === u2)?.powerStatus).toBe('running');
    w.sim.control.removeServer(u1);
    await cycleAfter(w);
    await drainFor(w, 5_000);
    const all = w.slack.posts.map((_, i) => w.slack.textOf(i)).join('\n');
    expect(all).toContain('suspended');
    expect(all).toContain('fresh-1');
    expect(all).toContain('renamed-1');
  });

  it('folds a 100-server storm into at most a few messages', async () => {
    world = await makeWorld({ kind, servers: 100 });
    const w = world;
    await w.time.drive(w.a.watcher.runCycle());
    for (const u of w.uuids) w.sim.control.setPower(u, 'stopped');
    const r = await cycleAfter(w);
    expect(r.transitions).toHaveLength(100);
    await drainFor(w, 60_000);
    expect(w.slack.posts.length).toBeGreaterThan(0);
    expect(w.slack.posts.length).toBeLessThanOrEqual(3);
    const text = w.slack.textOf(0);
    expect(text).toContain('100 changes');
    expect(text).toContain(ONCALL);
    expect((await outboxRows(w)).length).toBe(0);
    expect(w.a.notifier.stats().rowsSent).toBe(100);
  });

  it('a restart in the middle of a cycle neither repeats nor misses a change', async () => {
    world = await makeWorld({ kind, servers: 4 });
    const w = world;
    await w.time.drive(w.a.watcher.runCycle());
    for (const u of w.uuids) w.sim.control.setPower(u, 'stopped');
    await w.time.advance(10_000);
    // Instance a reads two servers, then dies while reading the third: that read
    // never completes, and nothing a does after the crash reaches the store.
    let reads = 0;
    let crash: (e: Error) => void = () => undefined;
    const crashed = new Promise<never>((_, reject) => {
      crash = reject;
    });
    crashed.catch(() => undefined);
    const realGet = w.a.provider.getServer.bind(w.a.provider);
    (w.a.provider as { getServer: typeof realGet }).getServer = (uuid, o) => {
      reads += 1;
      return reads <= 2 ? realGet(uuid, o) : crashed;
    };
    const cycle = w.a.watcher.runCycle();
    await w.time.advance(1_000);
    expect(reads).toBe(3);
    expect(await outboxRows(w)).toHaveLength(2);
    crash(new Error('process killed'));
    await cycle;

    const b = await w.instance('b');
    const r = await w.time.drive(b.watcher.runCycle());
    expect(r.transitions).toHaveLength(2);
    const rows = await outboxRows(w);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((x) => x.dedupeKey)).size).toBe(4);
    // b's notifier posts them (a digest, since four arrived at once), each once.
    for (let t = 0; t < 60_000; t += 500) {
      // b takes the lease once a's has lapsed.
      await b.leadership.ensure();
      await b.notifier.drainOnce();
      await w.time.advance(500);
    }
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.textOf(0)).toContain('4 changes');
    expect(b.notifier.stats().rowsSent).toBe(4);
    // And a cycle after the restart finds nothing new.
    await w.time.advance(10_000);
    expect((await w.time.drive(b.watcher.runCycle())).transitions).toEqual([]);
  });
});
