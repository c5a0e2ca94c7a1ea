import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetrySafe,
  parseRateLimitHeaders,
  RateLimitGate,
  type RateLimitSnapshot,
  realClock,
  resolveRetryPolicy,
} from '../../src/provider/index.ts';
import { flush, ManualClock } from './support/manual-clock.ts';

function snap(clock: ManualClock, over: Partial<RateLimitSnapshot>): RateLimitSnapshot {
  return {
    limit: 60,
    remaining: 59,
    reset: Math.floor(clock.now() / 1000) + 60,
    concurrentLimit: 3,
    concurrentRemaining: 2,
    seenAt: clock.now(),
    ...over,
  };
}

describe('parseRateLimitHeaders', () => {
  it('reads the five headers', () => {
    const s = parseRateLimitHeaders(
      {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '45',
        'x-ratelimit-reset': '1709654400',
        'x-ratelimit-concurrent-limit': '5',
        'x-ratelimit-concurrent-remaining': '4',
      },
      1000,
    );
    expect(s).toEqual({
      limit: 60,
      remaining: 45,
      reset: 1709654400,
      concurrentLimit: 5,
      concurrentRemaining: 4,
      seenAt: 1000,
    });
    expect(parseRateLimitHeaders({}, 1)).toBeNull();
    expect(parseRateLimitHeaders({ 'x-ratelimit-limit': 'x' }, 1)).toBeNull();
  });
});

describe('RateLimitGate', () => {
  it('starts with one request in flight until the provider tells its concurrency limit', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const p1 = await gate.acquire('interactive');
    let second = false;
    const p2 = gate.acquire('interactive').then((p) => {
      second = true;
      return p;
    });
    await flush();
    expect(second).toBe(false);
    gate.observe(snap(clock, { concurrentLimit: 3 }));
    await flush();
    expect(second).toBe(true);
    p1.release();
    (await p2).release();
  });

  it('keeps in flight within the concurrency limit; background never takes the last place', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    gate.observe(snap(clock, { concurrentLimit: 3 }));
    const bg1 = await gate.acquire('background');
    const bg2 = await gate.acquire('background');
    let bg3 = false;
    void gate.acquire('background').then((p) => {
      bg3 = true;
      p.release();
    });
    await flush();
    expect(bg3).toBe(false);
    expect(gate.inFlight).toBe(2);
    // The last place is there for a person.
    const i1 = await gate.acquire('interactive');
    expect(gate.inFlight).toBe(3);
    let i2 = false;
    void gate.acquire('interactive').then((p) => {
      i2 = true;
      p.release();
    });
    await flush();
    expect(i2).toBe(false);
    bg1.release();
    await flush();
    // The freed place goes to the interactive waiter first.
    expect(i2).toBe(true);
    expect(bg3).toBe(false);
    i1.release();
    await flush();
    expect(bg3).toBe(true);
    bg2.release();
    expect(gate.inFlight).toBe(0);
  });

  it('spaces background requests when Remaining runs low, until Reset', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(clock.now() / 1000) + 10;
    // 100 per window: 10 kept for people, 10 above that spaced out.
    gate.observe(snap(clock, { limit: 100, remaining: 14, reset, concurrentLimit: 5 }));
    const started: number[] = [];
    const all = Array.from({ length: 6 }, () =>
      gate.acquire('background').then((p) => {
        started.push(clock.now());
        p.release();
      }),
    );
    await flush();
    // The first goes at once, the next ones are spread out.
    expect(started.length).toBe(1);
    for (let i = 0; i < 40 && started.length < 6; i += 1) await clock.next();
    await Promise.all(all);
    const t0 = Date.UTC(2026, 0, 1, 0, 0, 0);
    // Four above the reserve are spread over the 10 s; the rest wait for the reset.
    expect(started.slice(0, 4).every((t) => t >= t0 && t < reset * 1000)).toBe(true);
    expect(started[1]! - started[0]!).toBeGreaterThan(1000);
    expect(started[4]!).toBeGreaterThanOrEqual(reset * 1000);
  });

  it('interactive requests use the budget at once, then wait for Reset', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(clock.now() / 1000) + 10;
    gate.observe(snap(clock, { limit: 100, remaining: 3, reset, concurrentLimit: 5 }));
    const started: number[] = [];
    const all = Array.from({ length: 4 }, () =>
      gate.acquire('interactive').then((p) => {
        started.push(clock.now());
        p.release();
      }),
    );
    await flush();
    expect(started).toEqual([clock.now(), clock.now(), clock.now()]);
    await clock.advance(10_100);
    await Promise.all(all);
    expect(started[3]!).toBeGreaterThanOrEqual(reset * 1000);
  });

  it('a background request waits for the next window when only the interactive reserve is left', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(clock.now() / 1000) + 30;
    gate.observe(snap(clock, { limit: 60, remaining: 6, reset, concurrentLimit: 5 }));
    let bgAt = 0;
    void gate.acquire('background').then((p) => {
      bgAt = clock.now();
      p.release();
    });
    await flush();
    expect(bgAt).toBe(0);
    await clock.advance(30_100);
    expect(bgAt).toBeGreaterThanOrEqual(reset * 1000);
  });

  it('after a window 429 nothing goes before Retry-After', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    gate.observe(snap(clock, { concurrentLimit: 5 }));
    gate.blockFor(5000);
    let at = 0;
    const t0 = clock.now();
    void gate.acquire('interactive').then((p) => {
      at = clock.now();
      p.release();
    });
    await clock.advance(4999);
    expect(at).toBe(0);
    await clock.advance(2000);
    expect(at - t0).toBeGreaterThanOrEqual(5000);
  });

  it('waitForRelease resolves when one of our requests ends; abort removes a waiter', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 2, initialConcurrency: 1 });
    const p = await gate.acquire('interactive');
    let released = false;
    void gate.waitForRelease().then(() => {
      released = true;
    });
    const ctl = new AbortController();
    const aborted = gate.acquire('interactive', ctl.signal);
    ctl.abort(new Error('gone'));
    await expect(aborted).rejects.toThrow('gone');
    p.release();
    await flush();
    expect(released).toBe(true);
    expect(gate.queued).toBe(0);
    gate.close();
    await expect(gate.acquire('interactive')).rejects.toThrow(/closed/);
  });
});

describe('shared concurrency', () => {
  it('after a concurrency 429 holds back to what fit, then grows again one by one', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    gate.observe(snap(clock, { concurrentLimit: 4, concurrentRemaining: 3 }));
    const held = [
      await gate.acquire('interactive'),
      await gate.acquire('interactive'),
      await gate.acquire('interactive'),
    ];
    // The third was refused by the provider: only two fit beside someone else's requests.
    gate.noteConcurrencyRefused();
    held.pop()?.release();
    let third = false;
    void gate.acquire('interactive').then((p) => {
      third = true;
      held.push(p);
    });
    await flush();
    expect(third).toBe(false);
    gate.observe(snap(clock, { concurrentLimit: 4, concurrentRemaining: 1 }));
    await flush();
    expect(third).toBe(true);
    for (const p of held) p.release();
  });

  it('realClock.sleep rejects with the abort reason', async () => {
    const ctl = new AbortController();
    const p = realClock.sleep(60_000, ctl.signal);
    ctl.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
  });
});

describe('RetryPolicy', () => {
  it('retries reads and PUTs; POST and DELETE only with a key or as a dry run', () => {
    const p = DEFAULT_RETRY_POLICY;
    expect(isRetrySafe(p, 'GET', {})).toBe(true);
    expect(isRetrySafe(p, 'PUT', {})).toBe(true);
    expect(isRetrySafe(p, 'POST', {})).toBe(false);
    expect(isRetrySafe(p, 'DELETE', {})).toBe(false);
    expect(isRetrySafe(p, 'POST', { idempotencyKey: 'abcd1234' })).toBe(true);
    expect(isRetrySafe(p, 'POST', { dryRun: true })).toBe(true);
    expect(p.doNotRetry).toEqual([400, 401, 402, 403, 404, 409, 422]);
  });
  it('backs off exponentially with jitter, never under one second', () => {
    const p = resolveRetryPolicy({ baseDelayMs: 1000, maxDelayMs: 8000 });
    expect(backoffDelayMs(p, 1, () => 0)).toBe(1000);
    expect(backoffDelayMs(p, 3, () => 1)).toBe(4000);
    expect(backoffDelayMs(p, 10, () => 1)).toBe(8000);
    expect(backoffDelayMs(p, 3, () => 0.5)).toBe(2000);
  });
});
