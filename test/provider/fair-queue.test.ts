/**
 * People served in turn at the gate: inside a priority each person's requests
 * wait in their own queue and the next place goes to whoever's turn it is, so
 * one person's burst holds another's one request for one turn at most; a
 * shared read joined by someone whose turn comes sooner moves into it; a
 * person is refused a new request only when their own waiting ones reach the
 * bound (never an order, never the bot's own); and the share reads leave to
 * changes goes to reads in the window's last stretch when no change took it.
 */
import { describe, expect, it } from 'vitest';
import {
  asPerson,
  GateTicket,
  type Priority,
  QueueFullError,
  RateLimitGate,
  READ,
  windowFloor,
} from '../../src/provider/index.ts';
import { flush, ManualClock } from './support/manual-clock.ts';
import { snap } from './support/rate-limit-snapshot.ts';

/** Headers of a window with room for everyone: only the places in flight hold anyone. */
const roomy = { limit: 1000, remaining: 1000, concurrentLimit: 1, concurrentRemaining: 1 };

/** A gate with one place, held: whatever is asked now waits, and is let through one by one. */
async function heldGate(opts: { maxWaiting?: number; maxWaitMs?: number } = {}) {
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
  const gate = new RateLimitGate(clock, { maxConcurrency: 1, queueBound: opts });
  gate.observe(snap(clock, roomy));
  const first = await gate.acquire('write');
  const order: string[] = [];
  const ask = (name: string, priority: Priority, person?: string) => {
    const ticket = new GateTicket(priority, person);
    gate.admit(ticket);
    return gate.acquire(ticket).then((p) => {
      order.push(name);
      p.release();
    });
  };
  return { clock, gate, first, order, ask };
}

describe('people in turn', () => {
  it('one person’s five reads hold another’s one read for one turn, not five', async () => {
    const { gate, first, order, ask } = await heldGate();
    const all = [
      ...[1, 2, 3, 4, 5].map((i) => ask(`alice-${i}`, 'read', 'U0ALICE')),
      ask('bob-1', 'read', 'U0BOB'),
      ask('watcher', 'read'),
    ];
    await flush();
    expect(gate.waitingOf('U0ALICE')).toBe(5);
    first.release();
    await Promise.all(all);
    expect(order).toEqual(['alice-1', 'bob-1', 'watcher', 'alice-2', 'alice-3', 'alice-4', 'alice-5']);
  });

  it('priorities still come first: a change goes before everyone’s reads, whoever’s turn it is', async () => {
    const { first, order, ask } = await heldGate();
    const all = [
      ask('alice-read-1', 'read', 'U0ALICE'),
      ask('alice-read-2', 'read', 'U0ALICE'),
      ask('bob-read', 'read', 'U0BOB'),
      ask('bob-change', 'write', 'U0BOB'),
      ask('approval', 'order', 'U0CAROL'),
    ];
    first.release();
    await Promise.all(all);
    expect(order).toEqual(['approval', 'bob-change', 'alice-read-1', 'bob-read', 'alice-read-2']);
  });

  it('someone joining a read that waits in another person’s queue takes it into their own turn', async () => {
    const { gate, first, order, ask } = await heldGate();
    const alice = [1, 2, 3].map((i) => ask(`alice-${i}`, 'read', 'U0ALICE'));
    // Alice's fourth read, which Bob will ask for too (an identical read in flight).
    const shared = new GateTicket('read', 'U0ALICE');
    const sharedDone = gate.acquire(shared).then((p) => {
      order.push('shared');
      p.release();
    });
    gate.join(shared, 'read', 'U0BOB');
    expect(shared.person).toBe('U0BOB');
    // Bob has nothing else waiting: it goes in his turn, after one of Alice's.
    first.release();
    await Promise.all([...alice, sharedDone]);
    expect(order).toEqual(['alice-1', 'shared', 'alice-2', 'alice-3']);
  });

  it('a joiner whose own queue is longer leaves the read where it is', async () => {
    const { gate, first, ask } = await heldGate();
    const bob = [1, 2, 3].map((i) => ask(`bob-${i}`, 'read', 'U0BOB'));
    const shared = new GateTicket('read', 'U0ALICE');
    const done = gate.acquire(shared).then((p) => p.release());
    gate.join(shared, 'read', 'U0BOB');
    expect(shared.person).toBe('U0ALICE');
    first.release();
    await Promise.all([...bob, done]);
  });
});

describe('the bound on a person’s waiting requests', () => {
  it('refuses the one past the count, before it is queued; others, orders and the bot’s own go on', async () => {
    const { gate, first, ask } = await heldGate({ maxWaiting: 3 });
    const waiting = [1, 2, 3].map((i) => ask(`alice-${i}`, 'read', 'U0ALICE'));
    let refused: unknown;
    try {
      gate.admit(new GateTicket('read', 'U0ALICE'));
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).facts).toMatchObject({
      reason: 'count',
      waiting: 3,
      bound: 3,
      limit: 1000,
    });
    expect(gate.waitingOf('U0ALICE')).toBe(3);
    // Her changes count too, but an approval she executes never waits on her haste.
    expect(() => gate.admit(new GateTicket('write', 'U0ALICE'))).toThrow(QueueFullError);
    expect(() => gate.admit(new GateTicket('order', 'U0ALICE'))).not.toThrow();
    // Bob and the watcher are not held by her bound.
    expect(() => gate.admit(new GateTicket('read', 'U0BOB'))).not.toThrow();
    expect(() => gate.admit(new GateTicket('background'))).not.toThrow();
    first.release();
    await Promise.all(waiting);
    // Once hers have gone, she may ask again.
    expect(() => gate.admit(new GateTicket('read', 'U0ALICE'))).not.toThrow();
  });

  it('a command let in once is never refused halfway: its later requests pass the bound', async () => {
    const { gate, first, ask } = await heldGate({ maxWaiting: 2 });
    const actor = { userId: 'U0ALICE', channelId: 'C0OPS0001' };
    const opts = asPerson(READ, actor);
    expect(opts).toEqual({ priority: 'read', person: 'U0ALICE', command: actor });
    // The command's first request is let in while she has one waiting.
    const one = ask('alice-1', 'read', 'U0ALICE');
    gate.admit(new GateTicket('read', opts.person), opts.command);
    const two = ask('alice-2', 'read', 'U0ALICE');
    // At her bound now: a new command is refused, the admitted one's next request is not.
    expect(() => gate.admit(new GateTicket('read', 'U0ALICE'), { userId: 'U0ALICE' })).toThrow(
      QueueFullError,
    );
    expect(() => gate.admit(new GateTicket('read', opts.person), opts.command)).not.toThrow();
    first.release();
    await Promise.all([one, two]);
  });

  it('refuses the one that would wait longer than the bound, and says when one would fit again', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const gate = new RateLimitGate(clock, { maxConcurrency: 5, queueBound: { maxWaitMs: 5_000 } });
    // Two windows of 2 s seen: the gate knows a window's length. This one is used up.
    const reset = Math.floor(clock.now() / 1000) + 2;
    gate.observe(snap(clock, { limit: 5, remaining: 5, reset: reset - 2, concurrentLimit: 5 }));
    gate.observe(snap(clock, { limit: 5, remaining: 0, reset, concurrentLimit: 5 }));
    expect(gate.windowMs).toBe(2_000);
    const asked: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i += 1) {
      const t = new GateTicket('read', 'U0ALICE');
      gate.admit(t);
      asked.push(gate.acquire(t).then((p) => p.release()));
    }
    // Ten before it: the eleventh goes in the third window from now, 2.05 + 2 + 2 s away.
    let refused: QueueFullError | undefined;
    try {
      gate.admit(new GateTicket('read', 'U0ALICE'));
    } catch (err) {
      refused = err as QueueFullError;
    }
    expect(refused?.facts).toMatchObject({
      reason: 'wait',
      waiting: 10,
      bound: 5_000,
      waitMs: 6_050,
      retryAfterMs: 1_050,
      limit: 5,
      windowMs: 2_000,
    });
    // Bob's first read goes after one of hers: within the bound.
    expect(() => gate.admit(new GateTicket('read', 'U0BOB'))).not.toThrow();
    gate.close();
    await Promise.allSettled(asked);
  });
});

describe('the share reads leave to changes', () => {
  const t0 = Date.UTC(2026, 0, 1, 0, 0, 0);

  async function lowWindow(latencyMs: number | null) {
    const clock = new ManualClock(t0);
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    const reset = Math.floor(t0 / 1000) + 10;
    if (latencyMs !== null) gate.noteLatency(latencyMs);
    // 30 a window, and only the 4 reads leave to a change and an order are left.
    gate.observe(snap(clock, { limit: 30, remaining: windowFloor('read', 30), reset, concurrentLimit: 5 }));
    return { clock, gate, reset: reset * 1000 };
  }

  it('is held while the window lasts: a change arriving mid-window goes at once', async () => {
    const { clock, gate } = await lowWindow(100);
    let readAt = 0;
    const read = gate.acquire('read').then((p) => {
      readAt = clock.now();
      p.release();
    });
    await flush();
    expect(readAt).toBe(0);
    await clock.advance(5_000);
    const write = await gate.acquire('write');
    expect(clock.now()).toBe(t0 + 5_000);
    write.release();
    expect(readAt).toBe(0);
    gate.close();
    await expect(read).rejects.toThrow(/closed/);
  });

  it('goes to reads in the window’s last stretch (a latency a round, and one to get there) when no change took it', async () => {
    const { clock, gate, reset } = await lowWindow(100);
    const started: number[] = [];
    const reads = Array.from({ length: 4 }, () =>
      gate.acquire('read').then((p) => {
        started.push(clock.now());
        p.release();
      }),
    );
    await flush();
    expect(started).toEqual([]);
    await clock.advance(10_000);
    await Promise.all(reads);
    // All four in the same window (one round of places), two latencies before its end: one for
    // the round and one for it to reach the provider. None waited for the next window.
    expect(started).toEqual([reset - 200, reset - 200, reset - 200, reset - 200]);
    gate.close();
  });

  it('goes to a flood’s tail after a fifth of a window; reads spilling into the next window leave it to the stretch', async () => {
    const run = async (reads: number) => {
      const clock = new ManualClock(t0);
      const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
      gate.noteLatency(100);
      const reset = Math.floor(t0 / 1000) + 10;
      // Two windows seen: a window is 10 s long.
      gate.observe(snap(clock, { limit: 30, remaining: 30, reset: reset - 10, concurrentLimit: 5 }));
      gate.observe(snap(clock, { limit: 30, remaining: 4, reset, concurrentLimit: 5 }));
      const started: number[] = [];
      const all = Array.from({ length: reads }, () =>
        gate.acquire('read').then((p) => {
          started.push(clock.now() - t0);
          p.release();
        }),
      );
      await clock.advance(10_000);
      gate.close();
      await Promise.allSettled(all);
      return started;
    };
    // Three reads, and four places left: the flood ends in this window. A change has 2 s to come.
    expect(await run(3)).toEqual([2_000, 2_000, 2_000]);
    // Six: they wait for the next window anyway, so the share is held to the window's last stretch.
    expect(await run(6)).toEqual([9_800, 9_800, 9_800, 9_800]);
  });

  it('holds it for a flood’s last window a fifth of a window from that window’s start, however long its first reads take', async () => {
    const clock = new ManualClock(t0);
    const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
    gate.noteLatency(100);
    const reset = Math.floor(t0 / 1000) + 10;
    gate.observe(snap(clock, { limit: 30, remaining: 30, reset: reset - 10, concurrentLimit: 5 }));
    gate.observe(snap(clock, { limit: 30, remaining: 30, reset, concurrentLimit: 5 }));
    // Thirty reads, each answered 100 ms after it started, four at a time: the last window's worth.
    const started: number[] = [];
    const all = Array.from({ length: 30 }, () =>
      gate.acquire('read').then(async (p) => {
        started.push(clock.now() - t0);
        await clock.sleep(100);
        p.release();
      }),
    );
    await flush();
    await clock.advance(5_000);
    // 26 went in seven rounds (the share reached at 600 ms); the last four 2 s after the gate
    // first saw the rest all waiting, fitting and reaching the share (at 100 ms: the first four went
    // as they were asked for), not 2 s after the share was reached.
    expect(started.slice(0, 26).at(-1)).toBe(600);
    expect(started.slice(26)).toEqual([2_100, 2_100, 2_100, 2_100]);
    gate.close();
    await Promise.allSettled(all);
  });

  it('starts its stretch as much earlier as the gate’s wake-ups came late, so the reads still go in the window', async () => {
    const clock = new ManualClock(t0);
    // A busy process: every timed wake-up comes 80 ms after its time.
    const late = { now: () => clock.now(), sleep: (ms: number, s?: AbortSignal) => clock.sleep(ms + 80, s) };
    const gate = new RateLimitGate(late, { maxConcurrency: 10 });
    gate.noteLatency(100);
    const lastStretch = async (reset: number, reads: number) => {
      gate.observe(snap(clock, { limit: 30, remaining: windowFloor('read', 30), reset, concurrentLimit: 5 }));
      const started: number[] = [];
      for (let i = 0; i < reads; i += 1)
        gate.acquire('read').then(
          (p) => {
            started.push(reset * 1000 - clock.now());
            p.release();
          },
          () => undefined,
        );
      await clock.advance(reset * 1000 - clock.now());
      return started;
    };
    const first = Math.floor(t0 / 1000) + 10;
    // The first wake-up is late: the reads go 120 ms before the window's end instead of 200.
    expect(await lastStretch(first, 4)).toEqual([120, 120, 120, 120]);
    // Learned: the next window's stretch starts 80 ms earlier, and the late wake-up lands on time
    // (six reads for its four places: they spill into the window after, no flood's tail ends early).
    expect(await lastStretch(first + 10, 6)).toEqual([200, 200, 200, 200]);
    gate.close();
  });

  it('stays held until the next window before the gate knows a request’s latency', async () => {
    const { clock, gate, reset } = await lowWindow(null);
    let readAt = 0;
    const read = gate.acquire('read').then((p) => {
      readAt = clock.now();
      p.release();
    });
    await clock.advance(10_100);
    await read;
    expect(readAt).toBeGreaterThanOrEqual(reset);
    gate.close();
  });

  it('background work keeps its floor to the end', async () => {
    const { clock, gate, reset } = await lowWindow(100);
    let bgAt = 0;
    const bg = gate.acquire('background').then((p) => {
      bgAt = clock.now();
      p.release();
    });
    await clock.advance(10_100);
    await bg;
    expect(bgAt).toBeGreaterThanOrEqual(reset);
    gate.close();
  });
});
