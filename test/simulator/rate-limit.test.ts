import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { type CallResult, call, codeOf, start } from './sim-client.ts';

let sim: Simulator;
afterEach(async () => {
  await sim.close();
});

const H = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-concurrent-limit',
  'x-ratelimit-concurrent-remaining',
];
const hdr = (r: CallResult, name: string) => r.headers.get(name);

describe('rate limit headers', () => {
  it('all five headers on every answer: 200, 404, 422, 401', async () => {
    sim = await start();
    const answers = [
      await call(sim, 'GET', '/v1/me'),
      await call(sim, 'GET', '/v1/nothing'),
      await call(sim, 'GET', '/v1/logs', { query: { limit: '0' } }),
      await call(sim, 'GET', '/v1/me', { key: 'bad' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 422, 401]);
    for (const a of answers) for (const h of H) expect(hdr(a, h), h).toMatch(/^\d+$/);
    expect(hdr(answers[0] as CallResult, 'x-ratelimit-limit')).toBe('60');
    expect(hdr(answers[0] as CallResult, 'x-ratelimit-remaining')).toBe('59');
    expect(hdr(answers[2] as CallResult, 'x-ratelimit-remaining')).toBe('57');
    expect(hdr(answers[0] as CallResult, 'x-ratelimit-concurrent-limit')).toBe('5');
    expect(hdr(answers[0] as CallResult, 'x-ratelimit-concurrent-remaining')).toBe('4');
    // Window aligned to the minute: ends at 03:01:00Z.
    expect(hdr(answers[0] as CallResult, 'x-ratelimit-reset')).toBe(
      String(Date.parse('2026-11-21T03:01:00Z') / 1000),
    );
  });
});

describe('window limit', () => {
  it('429 RATE_LIMIT_EXCEEDED with Retry-After to the window end, then a new window', async () => {
    sim = await start({ rateLimit: { limit: 3, windowSeconds: 60, concurrent: 5 } });
    const rem: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) rem.push(hdr(await call(sim, 'GET', '/v1/me'), 'x-ratelimit-remaining'));
    expect(rem).toEqual(['2', '1', '0']);
    sim.control.clock.advance(20_000);
    const over = await call(sim, 'GET', '/v1/me');
    expect([over.status, codeOf(over)]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(hdr(over, 'retry-after')).toBe('40');
    expect(hdr(over, 'x-ratelimit-remaining')).toBe('0');
    sim.control.clock.advance(39_500);
    const stillOver = await call(sim, 'GET', '/v1/me');
    expect(stillOver.status).toBe(429);
    expect(hdr(stillOver, 'retry-after')).toBe('1'); // never below 1
    sim.control.clock.advance(500);
    const next = await call(sim, 'GET', '/v1/me');
    expect(next.status).toBe(200);
    expect(hdr(next, 'x-ratelimit-remaining')).toBe('2');
    expect(sim.control.rateLimited()).toEqual({ total: 2, byKey: { full: 2 } });
    // 429s are the key's own requests, so they are in its execution log.
    const logs = await call(sim, 'GET', '/v1/logs', { query: { status_code: '429' } });
    expect((logs.json as { count: number }).count).toBe(2);
  });

  it('limits are per key and can be set per key', async () => {
    sim = await start({ rateLimit: { limit: 2, windowSeconds: 60, concurrent: 5 } });
    sim.control.setRateLimit({ limit: 5, windowSeconds: 30, concurrent: 3 }, 'read');
    await call(sim, 'GET', '/v1/me');
    await call(sim, 'GET', '/v1/me');
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(429);
    const r = await call(sim, 'GET', '/v1/me', { key: sim.keys.read });
    expect(r.status).toBe(200);
    expect([
      hdr(r, 'x-ratelimit-limit'),
      hdr(r, 'x-ratelimit-remaining'),
      hdr(r, 'x-ratelimit-concurrent-limit'),
    ]).toEqual(['5', '4', '3']);
    expect(hdr(r, 'x-ratelimit-reset')).toBe(String(Date.parse('2026-11-21T03:00:30Z') / 1000));
  });

  it('daily cap: 429 with Retry-After until the next JST day', async () => {
    sim = await start({ rateLimit: { limit: 100, windowSeconds: 60, concurrent: 5, daily: 2 } });
    await call(sim, 'GET', '/v1/me');
    sim.control.clock.advance(60_000);
    await call(sim, 'GET', '/v1/me');
    sim.control.clock.advance(60_000);
    const r = await call(sim, 'GET', '/v1/me');
    expect([r.status, codeOf(r)]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(hdr(r, 'retry-after')).toBe(String(12 * 3600 - 120)); // 12:02 JST -> midnight
    sim.control.clock.advance((12 * 3600 - 120) * 1000);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
  });
});

describe('concurrency limit', () => {
  it('429 when more requests of one key are in flight than allowed; free again when one ends', async () => {
    sim = await start({ rateLimit: { limit: 100, windowSeconds: 60, concurrent: 2 } });
    sim.control.addFault({ path: '/v1/me', latencyMs: 1000, times: 2 });
    const a = call(sim, 'GET', '/v1/me');
    const b = call(sim, 'GET', '/v1/me');
    await sim.control.waitForInFlight(2);
    const c = await call(sim, 'GET', '/v1/vps/servers');
    expect([c.status, codeOf(c)]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(Number(hdr(c, 'retry-after'))).toBeGreaterThanOrEqual(1);
    expect(hdr(c, 'x-ratelimit-concurrent-remaining')).toBe('0');
    // Another key is not affected.
    expect((await call(sim, 'GET', '/v1/me', { key: sim.keys.read })).status).toBe(200);
    sim.control.clock.advance(1000);
    const [ra, rb] = await Promise.all([a, b]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(hdr(ra, 'x-ratelimit-concurrent-remaining')).toBe('1');
    const d = await call(sim, 'GET', '/v1/vps/servers');
    expect(d.status).toBe(200);
    expect(sim.control.rateLimited().total).toBe(1);
  });
});
