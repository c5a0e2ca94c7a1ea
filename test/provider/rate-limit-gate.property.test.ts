/**
 * The gate's promises, over random traffic: whatever arrives in whatever
 * order, (1) our requests in flight never exceed the provider's concurrency
 * limit, (2) a place never goes to a priority while a higher one waits,
 * (3) each priority leaves its floor of the window to the ones above it, and
 * (4) nobody is left waiting when the window and the places would let them go
 * (background spacing given the window's time to pass).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GatePermit,
  outranks,
  PRIORITIES,
  type Priority,
  RateLimitGate,
  windowFloor,
} from '../../src/provider/index.ts';
import { flush, ManualClock } from './support/manual-clock.ts';

type Op = { kind: 'ask'; priority: Priority } | { kind: 'finish'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(...PRIORITIES).map((priority) => ({ kind: 'ask' as const, priority })),
  },
  { weight: 2, arbitrary: fc.nat(50).map((pick) => ({ kind: 'finish' as const, pick })) },
);

interface Asked {
  id: number;
  priority: Priority;
  permit?: GatePermit;
  done: boolean;
}

describe('RateLimitGate (property)', () => {
  it('places, priorities and window floors hold for any traffic', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 3, max: 120 }),
        fc.integer({ min: 0, max: 120 }),
        fc.array(op, { minLength: 1, maxLength: 60 }),
        async (concurrent, limit, remainingRaw, ops) => {
          const remaining = Math.min(limit, remainingRaw);
          const clock = new ManualClock();
          const gate = new RateLimitGate(clock, { maxConcurrency: 10 });
          gate.observe({
            limit,
            remaining,
            reset: Math.floor(clock.now() / 1000) + 60,
            concurrentLimit: concurrent,
            concurrentRemaining: concurrent,
            seenAt: clock.now(),
          });
          const asked: Asked[] = [];
          const events: { kind: 'ask' | 'grant'; id: number }[] = [];
          let maxInFlight = 0;
          for (const o of ops) {
            if (o.kind === 'ask') {
              const a: Asked = { id: asked.length, priority: o.priority, done: false };
              asked.push(a);
              events.push({ kind: 'ask', id: a.id });
              gate.acquire(o.priority).then(
                (permit) => {
                  a.permit = permit;
                  events.push({ kind: 'grant', id: a.id });
                },
                () => undefined,
              );
            } else {
              const held = asked.filter((a) => a.permit && !a.done);
              const a = held[o.pick % Math.max(1, held.length)];
              if (a) {
                a.done = true;
                a.permit?.release();
              }
            }
            await flush();
            maxInFlight = Math.max(maxInFlight, gate.inFlight);
          }
          // (1) never more in flight than the provider allows.
          expect(maxInFlight).toBeLessThanOrEqual(concurrent);
          // (2) no grant while someone of a higher priority was waiting.
          const waiting = new Set<number>();
          for (const e of events) {
            if (e.kind === 'ask') waiting.add(e.id);
            else {
              waiting.delete(e.id);
              const granted = asked[e.id]!.priority;
              const above = [...waiting].filter((id) => outranks(asked[id]!.priority, granted));
              expect(above, `${granted} went before ${above.map((id) => asked[id]!.priority)}`).toEqual([]);
            }
          }
          // (3) each priority leaves its floor: the grants at or below it never dig into it.
          const granted = asked.filter((a) => a.permit);
          for (const p of PRIORITIES) {
            const atOrBelow = granted.filter((a) => !outranks(a.priority, p)).length;
            expect(atOrBelow).toBeLessThanOrEqual(Math.max(0, remaining - windowFloor(p, limit)));
          }
          expect(granted.length).toBeLessThanOrEqual(remaining);
          // (4) with every place handed back, whoever still waits is held by the window alone.
          for (const a of asked) {
            if (a.permit && !a.done) {
              a.done = true;
              a.permit.release();
            }
          }
          for (let round = 0; round < asked.length + 1; round += 1) {
            // Background spacing spreads requests over the window: let its time pass, not the window's end.
            await clock.advance(59_000 / (asked.length + 1));
            for (const a of asked) {
              if (a.permit && !a.done) {
                a.done = true;
                a.permit.release();
              }
            }
          }
          const used = asked.filter((a) => a.permit).length;
          for (const a of asked.filter((x) => !x.permit)) {
            // Those at or below its priority already took what its floor leaves them.
            const atOrBelow = asked.filter((x) => x.permit && !outranks(x.priority, a.priority)).length;
            const left = remaining - used;
            expect(
              left <= windowFloor(a.priority, limit) ||
                atOrBelow >= remaining - windowFloor(a.priority, limit),
              `${a.priority} left waiting with ${left} of the window left`,
            ).toBe(true);
          }
          gate.close();
        },
      ),
      { numRuns: Number(process.env.FAIRNESS_RUNS ?? 200) },
    );
  });
});
