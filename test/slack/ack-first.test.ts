/**
 * The turns after an ack (src/slack/ack-first.ts): one listener goes on per
 * turn of the event loop, in the order they asked, so that what arrives on a
 * socket between two of them is read first (shown through the real app in
 * test/handlers/ack-first.test.ts); none is ever left waiting.
 */
import { describe, expect, it } from 'vitest';
import { AckFirst } from '../../src/slack/ack-first.ts';

const loopTurn = () => new Promise<void>((r) => setImmediate(r));

describe('AckFirst', () => {
  it('lets one waiting listener go per turn of the event loop, first come first', async () => {
    const q = new AckFirst();
    const went: number[] = [];
    for (const i of [1, 2, 3]) void q.turn().then(() => went.push(i));
    expect(q.length).toBe(3);
    // Nothing goes in the turn that asked: the rest of that turn (other sockets) comes first.
    await Promise.resolve();
    expect(went).toEqual([]);
    await loopTurn();
    expect(went).toEqual([1]);
    await loopTurn();
    expect(went).toEqual([1, 2]);
    await loopTurn();
    expect(went).toEqual([1, 2, 3]);
    expect(q.length).toBe(0);
  });

  it('serves a steady stream without end, keeping only what still waits', async () => {
    const q = new AckFirst();
    let went = 0;
    for (let i = 0; i < 3_000; i += 1) {
      void q.turn().then(() => {
        went += 1;
      });
      if (i % 3 === 0) await loopTurn();
    }
    while (q.length > 0) await loopTurn();
    expect(went).toBe(3_000);
  });
});
