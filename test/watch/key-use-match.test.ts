/**
 * The pairing of the key's log with the journal of the bot's own requests,
 * as units and as properties: no request of the bot's is ever left unpaired
 * (so never an alarm), every stranger's request is, whatever the seconds'
 * rounding, the provider's stamp within the request's life, a clock skew
 * within the allowance, and the log's Japan-time text read back; each journal
 * entry pairs with one log entry at most.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProviderTime, providerTime } from '../../src/provider/index.ts';
import {
  journalSpan,
  type LoggedRequest,
  type MatchWindow,
  matchOwnRequests,
  type SentEntry,
} from '../../src/watch/key-use-match.ts';

const W: MatchWindow = { skewMs: 5_000, lateMs: 65_000 };
/** Every second read (the whole log is given). */
const ALL = { read: { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY } };
const T0 = Date.parse('2026-03-02T03:00:00.000Z');
const OWN = '192.0.2.10';
const OTHER_REPLICA = '192.0.2.11';

/** How the provider writes and this bot reads the time of a log entry: Japan time, whole seconds. */
const logged = (stampMs: number): number => parseProviderTime(providerTime(stampMs))!.getTime();

const entry = (method: string, path: string, at: number, ip = OWN, status = 200): LoggedRequest => ({
  method,
  path,
  status,
  ip,
  at,
});

describe('pairing the key log with the journal', () => {
  it('reads the log’s Japan time back to the instant’s second', () => {
    expect(providerTime(Date.parse('2026-03-02T15:04:05.999Z'))).toBe('2026-03-03 00:04:05');
    expect(logged(Date.parse('2026-03-02T15:04:05.999Z'))).toBe(Date.parse('2026-03-02T15:04:05.000Z'));
  });

  it('pairs by method, path and time; a stranger’s request stays unpaired', () => {
    const journal: SentEntry[] = [
      { id: 1, method: 'GET', path: '/v1/vps/servers', sentAt: T0 + 400 },
      { id: 2, method: 'GET', path: '/v1/me', sentAt: T0 + 900 },
    ];
    const log = [
      entry('GET', '/v1/me', logged(T0 + 950)),
      entry('GET', '/v1/vps/servers', logged(T0 + 1_100), '203.0.113.9'),
      entry('GET', '/v1/vps/servers', logged(T0 + 450)),
    ];
    const r = matchOwnRequests(log, journal, new Set([OWN]), W, ALL);
    expect([...r.pairs.entries()].sort()).toEqual([
      [0, 2],
      [2, 1],
    ]);
    expect(r.unmatched).toEqual([1]);
    expect([...r.learned]).toEqual([]);
  });

  it('pairs nothing outside the window: sent long before, or logged before it was sent', () => {
    const journal: SentEntry[] = [{ id: 1, method: 'GET', path: '/v1/me', sentAt: T0 }];
    const tooLate = entry('GET', '/v1/me', T0 + W.lateMs + W.skewMs + 1_000);
    const tooEarly = entry('GET', '/v1/me', T0 - W.skewMs - 1_000);
    expect(matchOwnRequests([tooLate, tooEarly], journal, new Set(), W, ALL).unmatched).toEqual([0, 1]);
    // Within the window on both sides.
    const late = entry('GET', '/v1/me', T0 + W.lateMs + W.skewMs);
    const early = entry('GET', '/v1/me', T0 - W.skewMs - 999);
    expect(matchOwnRequests([late], journal, new Set(), W, ALL).unmatched).toEqual([]);
    expect(matchOwnRequests([early], journal, new Set(), W, ALL).unmatched).toEqual([]);
  });

  it('learns the bot’s address where nothing is contested, and prefers it where something is', () => {
    // One request of ours to /v1/me; a stranger asked the same second. A second group is ours alone.
    const journal: SentEntry[] = [
      { id: 1, method: 'GET', path: '/v1/me', sentAt: T0 + 100 },
      { id: 2, method: 'GET', path: '/v1/vps/servers', sentAt: T0 + 200 },
    ];
    const log = [
      entry('GET', '/v1/me', T0, '203.0.113.9'),
      entry('GET', '/v1/me', T0, OWN),
      entry('GET', '/v1/vps/servers', T0, OWN),
    ];
    const r = matchOwnRequests(log, journal, new Set(), W, ALL);
    expect(r.unmatched).toEqual([0]);
    expect(r.pairs.get(1)).toBe(1);
    // Learned from the list call alone: /v1/me's entry could have been either address's.
    expect([...r.learned]).toEqual([OWN]);
  });

  it('learns nothing from a contested pairing: a burst of strangers asking what the bot asks, just before it', () => {
    const BURST = '198.51.100.77';
    // The bot lists three times at T0; three of the same from elsewhere came three seconds before.
    const journal: SentEntry[] = [1, 2, 3].map((id) => ({
      id,
      method: 'GET',
      path: '/v1/vps/servers',
      sentAt: T0 + 10 * id,
    }));
    const log = [
      ...[1, 2, 3].map(() => entry('GET', '/v1/vps/servers', T0, OWN)),
      ...[1, 2, 3].map(() => entry('GET', '/v1/vps/servers', T0 - 3_000, BURST)),
    ];
    // Nothing known yet, everything read: each journal entry fits both addresses.
    const fresh = matchOwnRequests(log, journal, new Set(), W, ALL);
    expect([...fresh.learned]).toEqual([]);
    // The bot's address known: its own entries take their journal entries, the burst stays unpaired.
    const known = matchOwnRequests(log, journal, new Set([OWN]), W, ALL);
    expect(known.unmatched).toEqual([3, 4, 5]);
    expect([...known.learned]).toEqual([]);
    // The read ends before the bot's own entries: the journal entries' windows reach past it, nothing is learned.
    const burstOnly = log.slice(3);
    const early = matchOwnRequests(burstOnly, journal, new Set([OWN]), W, {
      read: { from: T0 - 60_000, to: T0 - 1 },
    });
    expect([...early.learned]).toEqual([]);
  });

  it('learns nothing from an entry judged already, nor through one', () => {
    const journal: SentEntry[] = [{ id: 1, method: 'GET', path: '/v1/me', sentAt: T0 }];
    const log = [entry('GET', '/v1/me', T0, '203.0.113.9')];
    const r = matchOwnRequests(log, journal, new Set(), W, { ...ALL, skip: new Set([0]) });
    expect([...r.learned]).toEqual([]);
    expect(r.pairs.size).toBe(0);
    expect(r.unmatched).toEqual([]);
  });

  it('compares paths as the log names them: no query, escapes read, case of the method ignored', () => {
    const journal: SentEntry[] = [{ id: 7, method: 'PUT', path: '/v1/vps/servers/u 1/name', sentAt: T0 }];
    const r = matchOwnRequests([entry('put', '/v1/vps/servers/u 1/name', T0)], journal, new Set(), W, ALL);
    expect(r.unmatched).toEqual([]);
  });

  it('the journal span covers every request that may be logged in a span of the log', () => {
    const s = journalSpan(T0, T0 + 59_999, W);
    expect(s.from).toBe(T0 - W.lateMs - W.skewMs);
    expect(s.to).toBe(T0 + 59_999 + W.skewMs + 1_000);
  });
});

/** A request: its method and path from a small set (so strangers collide with the bot), its send time. */
const request = fc.record({
  route: fc.constantFrom('GET /v1/me', 'GET /v1/vps/servers', 'GET /v1/logs', 'PUT /v1/vps/servers/u-1/name'),
  sentAt: fc.integer({ min: 0, max: 120_000 }),
  /** When the provider stamped it, after it was sent (its life at the provider). */
  life: fc.integer({ min: 0, max: W.lateMs }),
  /** The provider's clock against ours. */
  skew: fc.integer({ min: -W.skewMs, max: W.skewMs }),
  replica: fc.constantFrom(OWN, OTHER_REPLICA),
});

const stranger = fc.record({
  route: fc.constantFrom('GET /v1/me', 'GET /v1/vps/servers', 'DELETE /v1/vps/servers/u-1'),
  at: fc.integer({ min: -10_000, max: 200_000 }),
  ip: fc.constantFrom('203.0.113.9', '2001:db8::7', '198.51.100.1'),
  status: fc.constantFrom(200, 401, 403, 404),
});

interface Scenario {
  log: LoggedRequest[];
  journal: SentEntry[];
  own: Set<number>;
}

function scenario(
  ours: readonly { route: string; sentAt: number; life: number; skew: number; replica: string }[],
  theirs: readonly { route: string; at: number; ip: string; status: number }[],
  seed: number,
): Scenario {
  const log: LoggedRequest[] = [];
  const journal: SentEntry[] = [];
  const own = new Set<number>();
  ours.forEach((r, i) => {
    const [method, path] = r.route.split(' ') as [string, string];
    journal.push({ id: i + 1, method, path, sentAt: T0 + r.sentAt });
    own.add(log.length);
    log.push(entry(method, path, logged(T0 + r.sentAt + r.life + r.skew), r.replica));
  });
  for (const s of theirs) {
    const [method, path] = s.route.split(' ') as [string, string];
    log.push(entry(method, path, logged(T0 + s.at), s.ip, s.status));
  }
  // The log comes newest first; entries of one second in any order.
  const order = log
    .map((_, i) => i)
    .sort((a, b) => log[b]!.at - log[a]!.at || ((a * seed) % 7) - ((b * seed) % 7));
  return {
    log: order.map((i) => log[i]!),
    journal,
    own: new Set(order.map((i, k) => (own.has(i) ? k : -1)).filter((k) => k >= 0)),
  };
}

function pairedOnce(journal: readonly SentEntry[], pairs: ReadonlyMap<number, number>): boolean {
  const ids = [...pairs.values()];
  return new Set(ids).size === ids.length && ids.every((id) => journal.some((j) => j.id === id));
}

describe('pairing, as properties', () => {
  it('whatever part of the log was read: the addresses learned are the bot’s, never a stranger’s', () => {
    fc.assert(
      fc.property(
        fc.array(request, { maxLength: 40 }),
        fc.array(stranger, { maxLength: 15 }),
        fc.integer({ min: 1, max: 97 }),
        fc.integer({ min: -20, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        (ours, theirs, seed, start, length, knowOwn) => {
          const s = scenario(ours, theirs, seed);
          // What a read gives: whole seconds from `from` to `to`, and the journal of every replica.
          const read = { from: T0 + start * 1_000, to: T0 + (start + length) * 1_000 - 1 };
          const log = s.log.filter((e) => e.at >= read.from && e.at <= read.to);
          const r = matchOwnRequests(log, s.journal, new Set(knowOwn ? [OWN] : []), W, { read });
          for (const ip of r.learned) expect([OWN, OTHER_REPLICA]).toContain(ip);
          expect(pairedOnce(s.journal, r.pairs)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('with the bot’s addresses known: no own request is unpaired, every stranger’s is', () => {
    fc.assert(
      fc.property(
        fc.array(request, { maxLength: 40 }),
        fc.array(stranger, { maxLength: 15 }),
        fc.integer({ min: 1, max: 97 }),
        (ours, theirs, seed) => {
          const s = scenario(ours, theirs, seed);
          const r = matchOwnRequests(s.log, s.journal, new Set([OWN, OTHER_REPLICA]), W, ALL);
          const unmatched = new Set(r.unmatched);
          for (const i of s.own) expect(unmatched.has(i)).toBe(false);
          for (let i = 0; i < s.log.length; i += 1) if (!s.own.has(i)) expect(unmatched.has(i)).toBe(true);
          expect(pairedOnce(s.journal, r.pairs)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with nothing known yet: a stranger on paths the bot did not use is always unpaired, the bot never', () => {
    const apart = stranger.map((s) => ({ ...s, route: 'DELETE /v1/vps/servers/u-1' }));
    fc.assert(
      fc.property(
        fc.array(request, { maxLength: 40 }),
        fc.array(apart, { maxLength: 15 }),
        fc.integer({ min: 1, max: 97 }),
        (ours, theirs, seed) => {
          const s = scenario(ours, theirs, seed);
          const r = matchOwnRequests(s.log, s.journal, new Set(), W, ALL);
          const unmatched = new Set(r.unmatched);
          for (let i = 0; i < s.log.length; i += 1) expect(unmatched.has(i)).toBe(!s.own.has(i));
          // The addresses learned are the replicas' only.
          for (const ip of r.learned) expect([OWN, OTHER_REPLICA]).toContain(ip);
          expect(pairedOnce(s.journal, r.pairs)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
