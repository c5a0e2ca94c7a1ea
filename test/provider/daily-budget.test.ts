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
