/**
 * The turns after an ack (src/slack/ack-first.ts), on a time of the test's
 * own: no waiting listener goes on while deliveries keep arriving (one within
 * QUIET_MS), nor in the turn that asked; once quiet, one goes on per turn of
 * the event loop, in the order they asked, and a delivery arriving stops the
 * turns again; a stream that never goes quiet holds a listener HOLD_MS at
 * most; none is ever left waiting. Shown through the real app in
 * test/handlers/ack-first.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AckFirst, type AckFirstTime, HOLD_MS, QUIET_MS } from '../../src/slack/ack-first.ts';

/** A manual clock, its timers, and the loop's turns run one at a time by the test. */
class TestTime implements AckFirstTime {
  ms = 1_000;
  private timers: { at: number; fn: () => void }[] = [];
  private turns: (() => void)[] = [];

  now = () => this.ms;
  after = (ms: number, fn: () => void) => {
    this.timers.push({ at: this.ms + ms, fn });
  };
  nextTurn = (fn: () => void) => {
    this.turns.push(fn);
  };

  /** One turn of the loop: the timers due, then what asked for this turn; settles the promises it resolved. */
  async turn(): Promise<void> {
    const due = this.timers.filter((t) => t.at <= this.ms);
    this.timers = this.timers.filter((t) => t.at > this.ms);
    for (const t of due) t.fn();
    const turns = this.turns;
    this.turns = [];
    for (const fn of turns) fn();
    await new Promise<void>((r) => setImmediate(r));
  }

  /** Moves the clock by `ms`, one turn on the way. */
  async advance(ms: number): Promise<void> {
    this.ms += ms;
    await this.turn();
  }
}

function queue(): { q: AckFirst; time: TestTime; went: number[]; wait(i: number): void } {
  const time = new TestTime();
  const q = new AckFirst(time);
  const went: number[] = [];
  return { q, time, went, wait: (i) => void q.turn().then(() => went.push(i)) };
}

describe('AckFirst', () => {
  it('once quiet, lets one waiting listener go per turn of the event loop, first come first', async () => {
    const { q, time, went, wait } = queue();
    for (const i of [1, 2, 3]) wait(i);
    expect(q.length).toBe(3);
    // Nothing goes in the turn that asked: the rest of that turn (other sockets) comes first.
    await Promise.resolve();
    expect(went).toEqual([]);
    await time.turn();
    expect(went).toEqual([1]);
    await time.turn();
    expect(went).toEqual([1, 2]);
    await time.turn();
    expect(went).toEqual([1, 2, 3]);
    expect(q.length).toBe(0);
  });

  it('holds every listener while deliveries keep arriving, then lets them go in order', async () => {
    const { q, time, went, wait } = queue();
    q.arrived();
    wait(1);
    // A delivery every QUIET_MS / 2: never quiet.
    for (let t = 0; t < 10; t += 1) {
      await time.advance(QUIET_MS / 2);
      q.arrived();
      wait(t + 2);
    }
    expect(went).toEqual([]);
    await time.advance(QUIET_MS - 1);
    expect(went).toEqual([]);
    await time.advance(1);
    expect(went).toEqual([1]);
    for (let i = 0; i < 10; i += 1) await time.turn();
    expect(went).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('stops the turns when a delivery arrives between two of them', async () => {
    const { q, time, went, wait } = queue();
    for (const i of [1, 2, 3]) wait(i);
    await time.turn();
    expect(went).toEqual([1]);
    q.arrived();
    await time.turn();
    await time.turn();
    expect(went).toEqual([1]);
    await time.advance(QUIET_MS);
    await time.turn();
    expect(went).toEqual([1, 2, 3]);
  });

  it('holds a listener HOLD_MS at most under a stream that never goes quiet', async () => {
    const { q, time, went, wait } = queue();
    q.arrived();
    wait(1);
    let waited = 0;
    while (went.length === 0) {
      await time.advance(QUIET_MS / 2);
      waited += QUIET_MS / 2;
      q.arrived();
      if (waited === QUIET_MS * 2) wait(2);
      expect(waited).toBeLessThanOrEqual(HOLD_MS);
    }
    expect(waited).toBe(HOLD_MS);
    // The one that asked later is held its own HOLD_MS, not less, while the stream goes on.
    expect(went).toEqual([1]);
    while (went.length === 1) {
      await time.advance(QUIET_MS / 2);
      waited += QUIET_MS / 2;
      q.arrived();
    }
    expect(waited).toBe(QUIET_MS * 2 + HOLD_MS);
    expect(went).toEqual([1, 2]);
  });

  it('serves a steady stream without end, keeping only what still waits', async () => {
    const { q, time } = queue();
    let went = 0;
    for (let i = 0; i < 3_000; i += 1) {
      void q.turn().then(() => {
        went += 1;
      });
      if (i % 3 === 0) await time.turn();
    }
    while (q.length > 0) await time.turn();
    await Promise.resolve();
    expect(went).toBe(3_000);
  });
});
