import { afterEach, describe, expect, it } from 'vitest';
import { type KnownRateLimit, RequestBudget } from '../../src/watch/budget.ts';
import { makeWorld, type World } from './support/world.ts';

describe('RequestBudget', () => {
  it('takes at most its share of a window and spreads it over the window', () => {
    let now = 1_000_000;
    let rl: KnownRateLimit = {
      limit: 100,
      remaining: 100,
      reset: (now + 60_000) / 1000,
      concurrentLimit: 4,
      concurrentRemaining: 4,
      seenAt: now,
    };
    const b = new RequestBudget(() => rl, { share: 0.5, clock: { now: () => new Date(now) } });
    let started = 0;
    // Over one window, starting whenever allowed.
    while (now < 1_060_000) {
      const d = b.delayMs();
      if (d === 0) {
        b.take();
        b.done();
        started += 1;
        rl = { ...rl, remaining: rl.remaining - 1 };
      } else now += Math.min(d, 1_000);
    }
    expect(started).toBeLessThanOrEqual(50);
    expect(started).toBeGreaterThanOrEqual(45);
  });

  it('leaves people their part of the window even when they use it first', () => {
    const now = 0;
    const rl: KnownRateLimit = {
      limit: 100,
      remaining: 45, // people already used 55
      reset: 60,
      concurrentLimit: 4,
      concurrentRemaining: 4,
      seenAt: 0,
    };
    const b = new RequestBudget(() => rl, { share: 0.5, clock: { now: () => new Date(now) } });
    // People used more than their half: the watcher may only use what keeps one for them.
    let started = 0;
    while (b.delayMs() === 0 && started < 100) {
      b.take();
      b.done();
      started += 1;
      rl.remaining -= 1;
    }
    expect(rl.remaining).toBeGreaterThanOrEqual(1);
  });

  it('never takes the last concurrency place and backs off after a 429', () => {
    const now = 0;
    const rl: KnownRateLimit = {
      limit: 100,
      remaining: 100,
      reset: 60,
      concurrentLimit: 2,
      concurrentRemaining: 2,
      seenAt: 0,
    };
    const b = new RequestBudget(() => rl, { share: 0.5, clock: { now: () => new Date(now) } });
    expect(b.maxInFlight()).toBe(1);
    expect(b.delayMs()).toBe(0);
    b.take();
    expect(b.delayMs()).toBeGreaterThan(0);
    b.done();
    b.backOff(5);
    expect(b.delayMs()).toBe(5_000);
  });
});

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('the watcher within the rate limit', () => {
  it('keeps to its share with no 429 while a user runs commands, and still covers every server', async () => {
    const limit = 60;
    world = await makeWorld({
      servers: 20,
      intervalMs: 10_000,
      rateLimit: { limit, windowSeconds: 60, concurrent: 3, daily: 1_000_000 },
    });
    const w = world;
    const userLatencies: number[] = [];
    let userFailures = 0;
    const userCommand = w.time.track(async () => {
      const started = w.time.ms();
      try {
        await w.a.client.me({ priority: 'read' });
      } catch {
        userFailures += 1;
      }
      userLatencies.push(w.time.ms() - started);
    });
    const every = (ms: number, fn: () => void) => {
      const tick = () => {
        fn();
        w.time.setTimeout(tick, ms);
      };
      w.time.setTimeout(tick, ms);
    };
    every(4_000, () => void userCommand());
    const startAt = w.time.ms();
    w.a.watcher.start();
    await w.time.advance(5 * 60_000);
    await w.a.watcher.stop();

    expect(w.sim.control.rateLimited().total).toBe(0);
    expect(userFailures).toBe(0);
    expect(Math.max(...userLatencies)).toBeLessThanOrEqual(1_000);
    const log = w.sim.control.requests().filter((r) => r.at.getTime() >= startAt);
    const byWindow = new Map<number, { watcher: number; people: number }>();
    for (const r of log) {
      const win = Math.floor(r.at.getTime() / 60_000);
      const e = byWindow.get(win) ?? { watcher: 0, people: 0 };
      if (r.path === '/v1/me') e.people += 1;
      else e.watcher += 1;
      byWindow.set(win, e);
    }
    for (const e of byWindow.values()) {
      expect(e.watcher).toBeLessThanOrEqual(limit * 0.5);
      expect(e.watcher + e.people).toBeLessThanOrEqual(limit);
    }
    // With 30 requests a minute for 20 servers and a list call, each server is read every ~42 s.
    const snaps = await w.a.store.snapshots.all();
    for (const s of snaps) expect(w.time.ms() - s.observedAt.getTime()).toBeLessThanOrEqual(60_000);
    const stats = w.a.watcher.stats();
    expect(stats.budget.limit).toBe(limit);
    expect(stats.budget.windowMs).toBe(60_000);
    expect(stats.budget.maxInFlight).toBe(1);
    const watcherTotal = [...byWindow.values()].reduce((a, e) => a + e.watcher, 0);
    expect(watcherTotal).toBeGreaterThanOrEqual(5 * 30 * 0.8);
  });
});

describe('the watcher adapts', () => {
  it('to a lower limit announced by the headers mid-run, without a 429', async () => {
    world = await makeWorld({
      servers: 10,
      intervalMs: 5_000,
      rateLimit: { limit: 120, windowSeconds: 60, concurrent: 4, daily: 1_000_000 },
    });
    const w = world;
    w.a.watcher.start();
    await w.time.advance(120_000);
    // Align to a window start, then the plan shrinks to a quarter.
    const toNextWindow = 60_000 - (w.time.ms() % 60_000);
    await w.time.advance(toNextWindow);
    w.sim.control.setRateLimit({ limit: 30, windowSeconds: 60, concurrent: 4, daily: 1_000_000 });
    const changedAt = w.time.ms();
    await w.time.advance(180_000);
    await w.a.watcher.stop();
    expect(w.sim.control.rateLimited().total).toBe(0);
    const after = w.sim.control.requests().filter((r) => r.at.getTime() >= changedAt);
    const perWindow = new Map<number, number>();
    for (const r of after) {
      const k = Math.floor(r.at.getTime() / 60_000);
      perWindow.set(k, (perWindow.get(k) ?? 0) + 1);
    }
    // The first window after the change may still see one request planned on the old figures.
    for (const [k, n] of perWindow) {
      if (k > Math.floor(changedAt / 60_000)) expect(n).toBeLessThanOrEqual(15);
    }
  });

  it('reads a server in processing again sooner than the interval', async () => {
    world = await makeWorld({ servers: 3, intervalMs: 40_000 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string, string];
    w.a.watcher.start();
    await w.time.advance(5_000);
    w.sim.control.setPower(u0, 'processing');
    await w.time.advance(40_000);
    const since = w.time.ms();
    await w.time.advance(39_000);
    await w.a.watcher.stop();
    const reads = (u: string) =>
      w.sim.control.requests().filter((r) => r.path === `/v1/vps/servers/${u}` && r.at.getTime() >= since)
        .length;
    expect(reads(u0)).toBeGreaterThanOrEqual(3);
    expect(reads(u1)).toBeLessThanOrEqual(1);
  });
});

describe('flap detection with a long interval', () => {
  it('re-reads a server that just changed, so a flip back within the window is one flap message', async () => {
    world = await makeWorld({ servers: 3, intervalMs: 60_000, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    w.a.watcher.start();
    w.a.notifier.start();
    await w.time.advance(61_000);
    w.sim.control.setPower(u0, 'stopped');
    // Seen at the next read (within the interval), then back to running 10 s later.
    let seen = false;
    for (let i = 0; i < 70 && !seen; i += 1) {
      await w.time.advance(1_000);
      seen = (await w.a.store.snapshots.get(u0))?.powerStatus === 'stopped';
    }
    expect(seen).toBe(true);
    await w.time.advance(10_000);
    w.sim.control.setPower(u0, 'running');
    await w.time.advance(120_000);
    await w.a.watcher.stop();
    await w.a.notifier.stop();
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.textOf(0)).toContain('flapped');
  });
});

describe('fairness under a tight budget', () => {
  it('servers stuck in processing are read sooner but never starve the others', async () => {
    world = await makeWorld({
      servers: 10,
      intervalMs: 60_000,
      rateLimit: { limit: 24, windowSeconds: 60, concurrent: 3, daily: 1_000_000 },
    });
    const w = world;
    const stuck = w.uuids.slice(0, 5);
    for (const u of stuck) w.sim.control.setPower(u, 'processing');
    w.a.watcher.start();
    await w.time.advance(10 * 60_000);
    const since = w.time.ms() - 4 * 60_000;
    await w.a.watcher.stop();
    expect(w.sim.control.rateLimited().total).toBe(0);
    const reads = (u: string) =>
      w.sim.control.requests().filter((r) => r.path === `/v1/vps/servers/${u}` && r.at.getTime() >= since)
        .length;
    for (const u of w.uuids.slice(5)) expect(reads(u)).toBeGreaterThanOrEqual(1);
    const stuckReads = stuck.map(reads).reduce((a, b) => a + b, 0);
    const others = w.uuids
      .slice(5)
      .map(reads)
      .reduce((a, b) => a + b, 0);
    expect(stuckReads).toBeGreaterThanOrEqual(others);
  });
});
