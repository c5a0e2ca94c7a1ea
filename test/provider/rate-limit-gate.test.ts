import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  GateTicket,
  isRetrySafe,
  parseRateLimitHeaders,
  RateLimitGate,
  realClock,
  resolveRetryPolicy,
  windowFloor,
} from '../../src/provider/index.ts';
import { flush, ManualClock } from './support/manual-clock.ts';
import { snap } from './support/rate-limit-snapshot.ts';

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
    const p1 = await gate.acquire('read');
    let second = false;
    const p2 = gate.acquire('read').then((p) => {
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

  it('keeps in flight within the concurrency limit: reads leave one place, background two', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    gate.observe(snap(clock, { concurrentLimit: 4 }));
    const bg1 = await gate.acquire('background');
    const bg2 = await gate.acquire('background');
    let bg3 = false;
    void gate.acquire('background').then((p) => {
      bg3 = true;
      p.release();
    });
    await flush();
    expect(bg3).toBe(false);
    // A read takes the third place, never the last one.
    const r1 = await gate.acquire('read');
    let r2 = false;
    void gate.acquire('read').then((p) => {
      r2 = true;
      p.release();
    });
    await flush();
    expect(r2).toBe(false);
    expect(gate.inFlight).toBe(3);
    // The last place is there for a change: it goes at once.
    const w = await gate.acquire('write');
    expect(gate.inFlight).toBe(4);
    bg1.release();
    await flush();
    // Three in flight: the one free place stays the changes'.
    expect([r2, bg3]).toEqual([false, false]);
    w.release();
    await flush();
    // The freed place goes to the read, although the background request asked first.
    expect([r2, bg3]).toEqual([true, false]);
    r1.release();
    await flush();
    expect(bg3).toBe(true);
    bg2.release();
    expect(gate.inFlight).toBe(0);
  });

  it('hands each free place to the highest priority waiting, first come first served within one', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 1 });
    gate.observe(snap(clock, { concurrentLimit: 1 }));
    const first = await gate.acquire('read');
    const order: string[] = [];
    const ask = (p: 'order' | 'write' | 'read' | 'background', name: string) =>
      gate.acquire(p).then((permit) => {
        order.push(name);
        permit.release();
      });
    const all = [
      ask('background', 'bg'),
      ask('read', 'read-1'),
      ask('read', 'read-2'),
      ask('write', 'write'),
      ask('order', 'order'),
    ];
    await flush();
    expect(gate.queuedBy()).toEqual({ order: 1, write: 1, read: 2, background: 1 });
    first.release();
    await Promise.all(all);
    expect(order).toEqual(['order', 'write', 'read-1', 'read-2', 'bg']);
  });

  it('a raised ticket moves up while it waits', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 1 });
    const first = await gate.acquire('write');
    const order: string[] = [];
    const ticket = new GateTicket('background');
    const joined = gate.acquire(ticket).then((p) => {
      order.push('raised');
      p.release();
    });
    const read = gate.acquire('read').then((p) => {
      order.push('read');
      p.release();
    });
    gate.raise(ticket, 'write');
    // Never lowered again.
    gate.raise(ticket, 'background');
    expect(ticket.priority).toBe('write');
    first.release();
    await Promise.all([joined, read]);
    expect(order).toEqual(['raised', 'read']);
  });

  it('spaces background requests when Remaining runs low, until Reset', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(clock.now() / 1000) + 10;
    // 100 per window: 16 kept for people (1 for orders, 5 for changes, 10 more from background), 4 above that spaced out.
    gate.observe(snap(clock, { limit: 100, remaining: 20, reset, concurrentLimit: 5 }));
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

  it('reads leave the end of the window to changes, changes leave the last request to orders', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(clock.now() / 1000) + 10;
    // 30 a window (the figure): reads keep 4 (a change's three and an order's one), changes keep 1.
    expect([windowFloor('order', 30), windowFloor('write', 30), windowFloor('read', 30)]).toEqual([0, 1, 4]);
    gate.observe(snap(clock, { limit: 30, remaining: 6, reset, concurrentLimit: 5 }));
    const started: string[] = [];
    const go = (p: 'order' | 'write' | 'read', name: string) =>
      gate.acquire(p).then((permit) => {
        started.push(name);
        permit.release();
      });
    const reads = Array.from({ length: 5 }, (_, i) => go('read', `read-${i}`));
    await flush();
    expect(started).toEqual(['read-0', 'read-1']);
    const writes = Array.from({ length: 4 }, (_, i) => go('write', `write-${i}`));
    await flush();
    // A change's three requests at once, although five reads came first; the fourth waits: the last is the orders'.
    expect(started.slice(2)).toEqual(['write-0', 'write-1', 'write-2']);
    await go('order', 'order');
    expect(started.at(-1)).toBe('order');
    await clock.advance(10_100);
    await Promise.all([...reads, ...writes]);
    // The new window: the change first, then the reads.
    expect(started.slice(6)).toEqual(['write-3', 'read-2', 'read-3', 'read-4']);
  });

  it('a background request waits for the next window when only the people’s reserve is left', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(clock.now() / 1000) + 30;
    gate.observe(snap(clock, { limit: 60, remaining: 10, reset, concurrentLimit: 5 }));
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
    void gate.acquire('read').then((p) => {
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
    const p = await gate.acquire('read');
    let released = false;
    void gate.waitForRelease().then(() => {
      released = true;
    });
    const ctl = new AbortController();
    const aborted = gate.acquire('read', ctl.signal);
    ctl.abort(new Error('gone'));
    await expect(aborted).rejects.toThrow('gone');
    p.release();
    await flush();
    expect(released).toBe(true);
    expect(gate.queued).toBe(0);
    gate.close();
    await expect(gate.acquire('read')).rejects.toThrow(/closed/);
  });
});

describe('shared concurrency', () => {
  it('after a concurrency 429 holds back to what fit, then grows again one by one', async () => {
    const clock = new ManualClock();
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    gate.observe(snap(clock, { concurrentLimit: 4, concurrentRemaining: 3 }));
    const held = [await gate.acquire('write'), await gate.acquire('write'), await gate.acquire('write')];
    // The third was refused by the provider: only two fit beside someone else's requests.
    gate.noteConcurrencyRefused();
    held.pop()?.release();
    let third = false;
    void gate.acquire('write').then((p) => {
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
