/**
 * The day's request cap, as the watcher meets it: with a configured daily
 * limit it spreads the day evenly and stops at the people's reserve; refused
 * for the day by the provider, it stops until the day ends. People's requests
 * go on in both cases.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorld, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The world starts at 12:00 in Japan; its day ends at 00:00 JST. */
const MIDNIGHT_JST = Date.parse('2026-03-02T15:00:00Z');

describe('the watcher and the day’s cap', () => {
  it('spreads a configured daily limit over the day, then leaves the reserve to people', async () => {
    world = await makeWorld({
      servers: 3,
      intervalMs: 10_000,
      rateLimit: { limit: 600, windowSeconds: 60, concurrent: 5, daily: 10_000 },
      dailyLimit: 300,
    });
    const w = world;
    w.a.watcher.start();
    await w.time.advance(10 * 60_000);
    // 270 requests above the reserve for the 12 hours left: one every 160 s, not four every 10 s.
    const paced = w.sim.control.requests().length;
    expect(paced).toBeGreaterThanOrEqual(2);
    expect(paced).toBeLessThanOrEqual(8);
    expect(w.a.watcher.stats().budget.rate).toBeCloseTo(270 / (12 * 3600 - 600), 3);

    // People use the day down to the reserve (30 of 300).
    while ((w.a.client.daily.remaining ?? 0) > 30) await w.a.client.me({ priority: 'read' });
    expect(w.a.client.daily).toMatchObject({ level: 'low', backgroundHeldUntil: MIDNIGHT_JST });
    const heldAt = w.sim.control.requests().length;
    await w.time.advance(10 * 60_000);
    expect(w.sim.control.requests().length).toBe(heldAt);
    expect(w.a.watcher.stats().budget.dailyHeldUntil).toBe(MIDNIGHT_JST);
    // The reserve is there for a person.
    await w.a.client.me({ priority: 'read' });
    expect(w.sim.control.requests().length).toBe(heldAt + 1);
    expect(w.sim.control.rateLimited().total).toBe(0);
    await w.a.watcher.stop();
  });

  it('refused for the day by the provider, stops until the day ends instead of knocking', async () => {
    world = await makeWorld({
      servers: 3,
      intervalMs: 10_000,
      rateLimit: { limit: 600, windowSeconds: 60, concurrent: 5, daily: 40 },
    });
    const w = world;
    w.a.watcher.start();
    await w.time.advance(10 * 60_000);
    // One refusal told the client; nothing was sent after it.
    expect(w.sim.control.rateLimited().total).toBe(1);
    const last = w.sim.control.requests().at(-1);
    expect(last?.status).toBe(429);
    expect(w.a.client.daily.level).toBe('exhausted');
    expect(Math.abs((w.a.watcher.stats().budget.dailyHeldUntil ?? 0) - MIDNIGHT_JST)).toBeLessThanOrEqual(
      2_000,
    );
    const n = w.sim.control.requests().length;
    await w.time.advance(10 * 60_000);
    expect(w.sim.control.requests().length).toBe(n);
    await w.a.watcher.stop();
  });
});
