/**
 * Acks before work (src/slack/ack-first.ts), on vitest's fake timers (time,
 * timers and setImmediate): work waits while deliveries keep arriving, goes
 * on once none has for QUIET_MS, one listener per turn in the order they
 * acknowledged, and never waits more than HOLD_MS under a stream.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AckFirst, HOLD_MS, QUIET_MS } from '../../src/slack/ack-first.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Each turn's name once it is given. */
function record(a: AckFirst, names: string[]): string[] {
  const given: string[] = [];
  for (const name of names) void a.turn().then(() => given.push(name));
  return given;
}

describe('AckFirst', () => {
  it('holds work while deliveries arrive, then gives the turns in order once quiet', async () => {
    const a = new AckFirst();
    a.arrived();
    const given = record(a, ['first', 'second', 'third']);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 5);
    a.arrived();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 5);
    expect(given).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(given).toEqual(['first', 'second', 'third']);
  });

  it('gives one turn per turn of the event loop: a delivery arriving between two stops the rest', async () => {
    const a = new AckFirst();
    const given = record(a, ['first', 'second']);
    // Quiet from the start: the first goes on the next turn of the loop, then a delivery arrives.
    await vi.advanceTimersToNextTimerAsync();
    expect(given).toEqual(['first']);
    a.arrived();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(given).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(2);
    expect(given).toEqual(['first', 'second']);
  });

  it('holds a listener HOLD_MS at most under a stream that never leaves the bot quiet', async () => {
    const a = new AckFirst();
    a.arrived();
    const given = record(a, ['held']);
    const arriveFor = async (ms: number) => {
      for (let t = 0; t < ms; t += 10) {
        a.arrived();
        await vi.advanceTimersByTimeAsync(10);
      }
    };
    await arriveFor(HOLD_MS - 20);
    expect(given).toEqual([]);
    // Still arriving every 10 ms: never quiet, and the hold runs out.
    await arriveFor(40);
    expect(given).toEqual(['held']);
  });
});
