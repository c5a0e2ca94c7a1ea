/**
 * The gate's promises, over random traffic: whatever arrives in whatever
 * order, (1) our requests in flight never exceed the provider's concurrency
 * limit, (2) a place never goes to a priority while a higher one waits,
 * (3) each priority leaves its floor of the window to the ones above it, and
 * (4) nobody is left waiting when the window and the places would let them go
 * (background spacing given the window's time to pass); and inside a priority
 * (5) people are served in turn: a request that had k - 1 of its person's own
 * before it in its line sees any other person served at most k times there
 * before it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GatePermit,
  GateTicket,
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

type PersonOp = { kind: 'ask'; person: number; priority: Priority } | { kind: 'finish'; pick: number };

const personOp: fc.Arbitrary<PersonOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      // Person 0 is the bot's own (no person): one more participant.
      person: fc.nat(4),
      priority: fc.constantFrom<Priority>('write', 'read', 'background'),
    }),
  },
  { weight: 2, arbitrary: fc.nat(50).map((pick) => ({ kind: 'finish' as const, pick })) },
);

describe('RateLimitGate: people in turn (property)', () => {
  it('nobody is served more than k times in a line before another’s k-th waiting request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(personOp, { minLength: 1, maxLength: 80 }),
        async (concurrent, ops) => {
          const clock = new ManualClock();
          const gate = new RateLimitGate(clock, { maxConcurrency: 10, queueBound: { maxWaiting: 1_000 } });
          gate.observe({
            limit: 10_000,
            remaining: 10_000,
            reset: Math.floor(clock.now() / 1000) + 60,
            concurrentLimit: concurrent + 2,
            concurrentRemaining: concurrent + 2,
            seenAt: clock.now(),
          });
          const person = (n: number) => (n === 0 ? undefined : `U0PERSON${n}`);
          interface Req {
            person: number;
            priority: Priority;
            /** Its person's requests in its line before it, itself included (k). */
            k: number;
            granted: boolean;
            permit?: GatePermit;
            done: boolean;
          }
          const reqs: Req[] = [];
          const events: { kind: 'ask' | 'grant'; id: number }[] = [];
          for (const o of ops) {
            if (o.kind === 'ask') {
              const k =
                reqs.filter((r) => !r.granted && r.person === o.person && r.priority === o.priority).length +
                1;
              const r: Req = { person: o.person, priority: o.priority, k, granted: false, done: false };
              const id = reqs.push(r) - 1;
              events.push({ kind: 'ask', id });
              const ticket = new GateTicket(o.priority, person(o.person));
              gate.admit(ticket);
              void gate.acquire(ticket).then((permit) => {
                r.granted = true;
                r.permit = permit;
                events.push({ kind: 'grant', id });
              });
            } else {
              const held = reqs.filter((r) => r.permit && !r.done);
              const r = held[o.pick % Math.max(1, held.length)];
              if (r) {
                r.done = true;
                r.permit?.release();
              }
            }
            await flush();
          }
          // Let everyone through.
          for (let round = 0; round < reqs.length + 1; round += 1) {
            for (const r of reqs) {
              if (r.permit && !r.done) {
                r.done = true;
                r.permit.release();
              }
            }
            await flush();
          }
          expect(reqs.every((r) => r.granted)).toBe(true);
          // (5) between a request's ask and its grant, each other person was served at most k times in its line.
          for (const [id, r] of reqs.entries()) {
            const from = events.findIndex((e) => e.kind === 'ask' && e.id === id);
            const to = events.findIndex((e) => e.kind === 'grant' && e.id === id);
            const served = new Map<number, number>();
            for (const e of events.slice(from + 1, to)) {
              const other = reqs[e.id]!;
              if (e.kind !== 'grant' || other.priority !== r.priority || other.person === r.person) continue;
              served.set(other.person, (served.get(other.person) ?? 0) + 1);
            }
            for (const [who, n] of served)
              expect(n, `person ${who} served ${n} times before a request with k=${r.k}`).toBeLessThanOrEqual(
                r.k,
              );
          }
          gate.close();
        },
      ),
      { numRuns: Number(process.env.FAIRNESS_RUNS ?? 200) },
    );
  });
});
