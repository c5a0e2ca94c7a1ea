/**
 * When the sandbox counts the bot as done answering: nothing outstanding
 * (deliveries awaiting their ack, interactions awaiting their first answer)
 * and a quiet period passed; provider work in flight holds it, but not for
 * ever. Time is the fake timers' here, moved by the test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pending } from '../../src/sandbox/pending.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

function watch(p: Promise<void>): { done: boolean } {
  const state = { done: false };
  void p.then(() => {
    state.done = true;
  });
  return state;
}

describe('Pending', () => {
  it('settles a quiet period after the last activity, and not before', async () => {
    const pending = new Pending({ quietMs: 400, answerTimeoutMs: 15_000 });
    pending.activity();
    const s = watch(pending.settled());
    await vi.advanceTimersByTimeAsync(300);
    pending.activity();
    await vi.advanceTimersByTimeAsync(300);
    expect(s.done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(s.done).toBe(true);
  });

  it('holds while a delivery awaits its ack and an interaction its first answer', async () => {
    const pending = new Pending({ quietMs: 100, answerTimeoutMs: 15_000 });
    let ack: () => void = () => undefined;
    const delivery = pending.track(new Promise<void>((resolve) => (ack = resolve)));
    const answer = pending.expectAnswer(() => undefined);
    const s = watch(pending.settled());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.done).toBe(false);
    ack();
    await delivery;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.done).toBe(false);
    answer.answered();
    await vi.advanceTimersByTimeAsync(99);
    expect(s.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.done).toBe(true);
  });

  it('gives up on an answer that never comes, and says so', async () => {
    const timedOut = vi.fn();
    const pending = new Pending({ quietMs: 100, answerTimeoutMs: 15_000 });
    pending.expectAnswer(timedOut);
    const s = watch(pending.settled());
    await vi.advanceTimersByTimeAsync(15_000);
    expect(timedOut).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(100);
    expect(s.done).toBe(true);
  });

  it('counts provider work in flight as the bot working, up to its limit', async () => {
    let busy = true;
    const pending = new Pending({
      quietMs: 100,
      answerTimeoutMs: 15_000,
      busy: () => busy,
      busyLimitMs: 2_000,
    });
    pending.activity();
    const s = watch(pending.settled());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.done).toBe(false);
    busy = false;
    await vi.advanceTimersByTimeAsync(50);
    expect(s.done).toBe(true);
    busy = true;
    pending.activity();
    const again = watch(pending.settled());
    await vi.advanceTimersByTimeAsync(1_990);
    expect(again.done).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(again.done).toBe(true);
  });
});
