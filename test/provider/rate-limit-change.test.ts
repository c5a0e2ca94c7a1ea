/**
 * The gate obeys the last answer's rate-limit headers, also when the limit has
 * just changed (docs/provider-api.md, Rate limits: "they can change: read them
 * from the headers"): the client against the simulator over HTTP, on one
 * manual clock, the provider lowering (or raising) the key's limit and
 * concurrency while reads are under way. No request is answered 429.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { flush, ManualClock } from './support/manual-clock.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

/** 12:00:00 in Japan: the start of a 10-second window, and of a 2-second one. */
const START = new Date('2026-03-02T03:00:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Lets I/O run until `cond` holds (or `turns` event-loop turns have passed). */
async function until(cond: () => boolean, turns = 2000): Promise<void> {
  for (let i = 0; i < turns && !cond(); i += 1) await new Promise<void>((r) => setImmediate(r));
}

/** Until `done`: lets what the gate let go be answered, then moves to the gate's next wake-up. */
async function drive(x: Harness, done: () => boolean): Promise<void> {
  const clock = x.clock as ManualClock;
  for (let i = 0; i < 10_000 && !done(); i += 1) {
    await until(() => done() || (x.sim.control.inFlight() === 0 && x.client.metrics().inFlight === 0));
    if (done()) return;
    if (!(await clock.next())) await flush();
  }
}

/** `n` distinct server reads at once (identical reads in flight would be one request). */
function reads(x: Harness, uuids: readonly string[]): { done: () => boolean; all: Promise<unknown[]> } {
  let finished = false;
  const all = Promise.all(uuids.map((u) => x.client.getServer(u, { priority: 'read' }))).finally(() => {
    finished = true;
  });
  return { done: () => finished, all };
}

async function world(limit: { limit: number; windowSeconds: number; concurrent: number }): Promise<Harness> {
  const x = await startHarness({ now: START, rateLimit: limit }, { clockKind: 'manual' });
  x.sim.control.addServers(40);
  return x;
}

const uuids = (x: Harness) => x.sim.control.servers().map((s) => s.uuid);

describe('the gate and a limit that just changed', () => {
  it('a limit lowered mid-window (30 per 10 s to 5 per 2 s, 2 at once): the next reads keep to it', async () => {
    h = await world({ limit: 30, windowSeconds: 10, concurrent: 5 });
    const x = h;
    const all = uuids(x);
    const warm = reads(x, all.slice(0, 3));
    await drive(x, warm.done);
    await warm.all;
    await (x.clock as ManualClock).advance(4_200);
    x.sim.control.setRateLimit({ limit: 5, windowSeconds: 2, concurrent: 2 });
    const flood = reads(x, all.slice(3, 15));
    await drive(x, flood.done);
    await flood.all;
    expect(x.sim.control.rateLimited().total).toBe(0);
    // Five a window at most, and never more than two at once: what the new headers said.
    const perWindow = new Map<number, number>();
    for (const r of x.sim.control.requests({ path: /^\/v1\/vps\/servers\/[^/]+$/ }).slice(3)) {
      const w = Math.floor(r.at.getTime() / 2_000);
      perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
    }
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(5);
  });

  it('an answer saying what is left of a window that ends 0.8 s away holds the reads beyond it until then', async () => {
    // The case: the limit lowered to 5 per 2 s, 2 at once, in a window whose first
    // requests it already counts; one read learns it, and the window's end is 0.8 s away.
    h = await world({ limit: 30, windowSeconds: 10, concurrent: 5 });
    const x = h;
    const all = uuids(x);
    const warm = reads(x, all.slice(0, 2));
    await drive(x, warm.done);
    await warm.all;
    await (x.clock as ManualClock).advance(1_200);
    x.sim.control.setRateLimit({ limit: 5, windowSeconds: 2, concurrent: 2 });
    await x.client.getServer(all[2]!, { priority: 'read' });
    expect(x.client.rateLimit).toMatchObject({ limit: 5, remaining: 2, reset: START.getTime() / 1000 + 2 });
    const flood = reads(x, all.slice(3, 20));
    await drive(x, flood.done);
    await flood.all;
    expect(x.sim.control.rateLimited().total).toBe(0);
    const inFirst = x.sim.control
      .requests({ path: /^\/v1\/vps\/servers\/[^/]+$/ })
      .filter((r) => r.at.getTime() < START.getTime() + 2_000);
    expect(inFirst).toHaveLength(5);
  });

  it('a limit raised (5 per 2 s to 30 per 10 s): the reads take the new room at once, none refused', async () => {
    h = await world({ limit: 5, windowSeconds: 2, concurrent: 2 });
    const x = h;
    const all = uuids(x);
    const warm = reads(x, all.slice(0, 3));
    await drive(x, warm.done);
    await warm.all;
    await (x.clock as ManualClock).advance(600);
    x.sim.control.setRateLimit({ limit: 30, windowSeconds: 10, concurrent: 5 });
    const t0 = (x.clock as ManualClock).now();
    const flood = reads(x, all.slice(3, 23));
    await drive(x, flood.done);
    await flood.all;
    expect(x.sim.control.rateLimited().total).toBe(0);
    // Twenty reads fit in the new window: none waits for the next one.
    expect((x.clock as ManualClock).now() - t0).toBeLessThan(10_000);
  });

  it('an answer saying another client holds places of the key: the next requests leave them to it', async () => {
    h = await world({ limit: 1000, windowSeconds: 60, concurrent: 2 });
    const x = h;
    const [u0, u1, u2, u3] = uuids(x);
    await x.client.me();
    await (x.clock as ManualClock).advance(1_000);
    // Another client of the same key, its request held at the provider for a while.
    x.sim.control.setLatency(5_000);
    const other = x.makeClient(x.sim.keys.full, { clock: new ManualClock(START.getTime()) });
    const otherCall = other.getServer(u0!);
    await x.sim.control.waitForInFlight(1);
    x.sim.control.setLatency(0);
    // One read: its answer says no place of the two was free when it was let in, one of them not ours.
    await x.client.getServer(u1!, { priority: 'read' });
    expect(x.client.rateLimit).toMatchObject({ concurrentLimit: 2, concurrentRemaining: 0 });
    // Two changes at once (a change may take every place the gate knows of), each held a second
    // at the provider: one at a time.
    x.sim.control.setLatency(1_000);
    let done = false;
    const writes = Promise.all([
      x.client.getServer(u2!, { priority: 'write' }),
      x.client.getServer(u3!, { priority: 'write' }),
    ]).finally(() => {
      done = true;
    });
    // Each step: once every request the client let go is at the provider (parked) or refused.
    const settled = () => x.sim.control.inFlight() === 1 + x.client.metrics().inFlight;
    for (let s = 0; s < 4 && !done; s += 1) {
      await until(() => done || (settled() && x.client.metrics().inFlight > 0));
      await (x.clock as ManualClock).advance(1_000);
    }
    await writes;
    expect(x.sim.control.rateLimited().total).toBe(0);
    await (x.clock as ManualClock).advance(5_000);
    await otherCall;
  });
});
