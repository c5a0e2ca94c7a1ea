import { afterEach, describe, expect, it } from 'vitest';
import {
  backgroundDailyDelayMs,
  DailyBudget,
  nextJapanMidnight,
  ProviderRateLimitError,
} from '../../src/provider/index.ts';
import { caught } from '../support/caught.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** 2026-03-02 12:00 in Japan. */
const NOON_JST = Date.parse('2026-03-02T03:00:00Z');
const MIDNIGHT_JST = Date.parse('2026-03-02T15:00:00Z');

describe('nextJapanMidnight', () => {
  it('is the next 00:00 in Japan, whatever the hour in UTC', () => {
    expect(nextJapanMidnight(NOON_JST)).toBe(MIDNIGHT_JST);
    expect(nextJapanMidnight(MIDNIGHT_JST - 1)).toBe(MIDNIGHT_JST);
    expect(nextJapanMidnight(MIDNIGHT_JST)).toBe(MIDNIGHT_JST + 86_400_000);
    // 23:30 UTC on the 1st is already 08:30 on the 2nd in Japan.
    expect(nextJapanMidnight(Date.parse('2026-03-01T23:30:00Z'))).toBe(MIDNIGHT_JST);
  });
});

describe('DailyBudget', () => {
  it('without a configured limit knows nothing but the provider’s refusal', () => {
    const d = new DailyBudget();
    for (let i = 0; i < 50; i += 1) d.count(NOON_JST);
    expect(d.state(NOON_JST)).toMatchObject({
      limit: null,
      used: 50,
      remaining: null,
      level: 'ok',
      backgroundHeldUntil: null,
      resetsAt: MIDNIGHT_JST,
    });
    // A 429 whose Retry-After reaches 00:15 JST: the provider's day ends then.
    const until = MIDNIGHT_JST + 15 * 60_000;
    d.refusedForDay(NOON_JST, until);
    expect(d.state(NOON_JST + 1000)).toMatchObject({
      level: 'exhausted',
      backgroundHeldUntil: until,
      resetsAt: until,
    });
    // Once it has passed, a new day: counted from zero, nothing held.
    expect(d.state(until)).toMatchObject({ level: 'ok', used: 0, backgroundHeldUntil: null });
  });

  it('with a limit: low at a fifth left, background held at the last tenth, a new count at 00:00 JST', () => {
    const d = new DailyBudget({ limit: 100 });
    for (let i = 0; i < 79; i += 1) d.count(NOON_JST);
    expect(d.state(NOON_JST)).toMatchObject({ remaining: 21, reserve: 10, level: 'ok' });
    d.count(NOON_JST);
    expect(d.state(NOON_JST)).toMatchObject({ remaining: 20, level: 'low', backgroundHeldUntil: null });
    for (let i = 0; i < 10; i += 1) d.count(NOON_JST);
    expect(d.state(NOON_JST)).toMatchObject({
      remaining: 10,
      level: 'low',
      backgroundHeldUntil: MIDNIGHT_JST,
    });
    // People may use the reserve; our count alone never says the provider will refuse.
    for (let i = 0; i < 20; i += 1) d.count(NOON_JST);
    expect(d.state(NOON_JST)).toMatchObject({ remaining: 0, level: 'low' });
    expect(d.state(MIDNIGHT_JST)).toMatchObject({
      used: 0,
      remaining: 100,
      level: 'ok',
      backgroundHeldUntil: null,
      resetsAt: MIDNIGHT_JST + 86_400_000,
    });
  });

  it('spreads what the day has left above the reserve evenly until it ends', () => {
    const d = new DailyBudget({ limit: 1000 });
    for (let i = 0; i < 460; i += 1) d.count(NOON_JST);
    // 540 left, 100 kept: 440 over the 12 hours to midnight, one each ~98 s.
    const s = d.state(NOON_JST);
    const spacing = (12 * 3_600_000) / 440;
    expect(backgroundDailyDelayMs(s, NOON_JST, Number.NEGATIVE_INFINITY)).toBe(0);
    expect(backgroundDailyDelayMs(s, NOON_JST, NOON_JST)).toBe(Math.ceil(spacing));
    expect(backgroundDailyDelayMs(s, NOON_JST + spacing, NOON_JST)).toBe(0);
    // No limit: no daily pacing.
    expect(backgroundDailyDelayMs(new DailyBudget().state(NOON_JST), NOON_JST, NOON_JST)).toBe(0);
    // Held: until the day ends.
    for (let i = 0; i < 440; i += 1) d.count(NOON_JST);
    expect(backgroundDailyDelayMs(d.state(NOON_JST), NOON_JST, NOON_JST)).toBe(MIDNIGHT_JST - NOON_JST);
  });
});

/** The store's count as the provider layer sees it: one total a day, shared by every budget given it. */
class SharedCount {
  readonly days = new Map<number, number>();
  failing = false;
  writes = 0;
  async add(day: number, n: number): Promise<number> {
    await new Promise<void>((r) => setImmediate(r));
    this.writes += 1;
    if (this.failing) throw new Error('database down');
    const total = (this.days.get(day) ?? 0) + n;
    this.days.set(day, total);
    return total;
  }
}

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((r) => setImmediate(r));
};

describe('DailyBudget shared by replicas', () => {
  it('counts every replica’s requests: each adds what it sent to the day and reads the total back', async () => {
    const count = new SharedCount();
    const a = new DailyBudget({ limit: 100, counter: count });
    const b = new DailyBudget({ limit: 100, counter: count });
    for (let i = 0; i < 30; i += 1) a.count(NOON_JST);
    // Counted at once in its own figure, before the store has answered.
    expect(a.state(NOON_JST).used).toBe(30);
    await settle();
    expect(count.days.get(MIDNIGHT_JST)).toBe(30);
    // Batched: one write on the way at a time, not one per request.
    expect(count.writes).toBeLessThan(30);
    for (let i = 0; i < 55; i += 1) b.count(NOON_JST);
    await settle();
    // B sees A's thirty with its own fifty-five: low (15 left), and the watcher's reserve is near.
    expect(b.state(NOON_JST)).toMatchObject({ used: 85, remaining: 15, level: 'low' });
    // A learns B's on its next write, or when asked to read the count now.
    expect((await a.sync(NOON_JST)).used).toBe(85);
    a.count(NOON_JST);
    await settle();
    expect(b.state(NOON_JST).used).toBe(85);
    expect((await b.sync(NOON_JST)).used).toBe(86);
  });

  it('a write that failed is kept and added to the next; a new day starts from zero', async () => {
    const count = new SharedCount();
    const logged: unknown[] = [];
    const a = new DailyBudget({ limit: 100, counter: count, onCountFailed: (e) => logged.push(e) });
    count.failing = true;
    for (let i = 0; i < 5; i += 1) a.count(NOON_JST);
    await settle();
    expect(logged.length).toBeGreaterThan(0);
    // Not retried in a loop while the store is down: the next request brings it along.
    const writes = count.writes;
    await settle();
    expect(count.writes).toBe(writes);
    expect(a.state(NOON_JST).used).toBe(5);
    count.failing = false;
    a.count(NOON_JST);
    await settle();
    expect(count.days.get(MIDNIGHT_JST)).toBe(6);
    a.count(MIDNIGHT_JST);
    await settle();
    expect(a.state(MIDNIGHT_JST).used).toBe(1);
    expect(count.days.get(MIDNIGHT_JST + 86_400_000)).toBe(1);
    expect(count.days.get(MIDNIGHT_JST)).toBe(6);
  });
});

describe('the client learns the day from the provider', () => {
  it('a 429 reaching past the window’s reset is the day’s cap: exhausted, background refused without a request', async () => {
    h = await startHarness({
      now: new Date(NOON_JST),
      rateLimit: { limit: 100, windowSeconds: 60, concurrent: 5, daily: 3 },
    });
    for (let i = 0; i < 3; i += 1) await h.client.me({ priority: 'read' });
    expect(h.client.daily.level).toBe('ok');
    const err = await caught(h.client.me({ priority: 'read' }));
    expect(err).toBeInstanceOf(ProviderRateLimitError);
    const day = h.client.daily;
    expect(day.level).toBe('exhausted');
    // The simulator's day ends at 00:00 JST; Retry-After said so.
    expect(Math.abs((day.backgroundHeldUntil ?? 0) - MIDNIGHT_JST)).toBeLessThanOrEqual(2_000);
    const sent = h.sim.control.requests().length;
    expect(await caught(h.client.listServers({ priority: 'background' }))).toBeInstanceOf(
      ProviderRateLimitError,
    );
    expect(h.sim.control.requests().length).toBe(sent);
    expect(h.client.metrics().daily.level).toBe('exhausted');
  });

  it('a window 429 is not the day’s cap', async () => {
    h = await startHarness({
      now: new Date(NOON_JST),
      rateLimit: { limit: 2, windowSeconds: 60, concurrent: 5, daily: 1000 },
    });
    // Another user of the key takes the window.
    const other = h.makeClient(h.sim.keys.full);
    await other.me({ priority: 'order' });
    await other.me({ priority: 'order' });
    // Refused for the window, then answered once Retry-After has passed.
    await h.client.me({ priority: 'read' });
    expect(h.sim.control.rateLimited().total).toBe(1);
    expect(h.client.daily.level).toBe('ok');
  });
});
