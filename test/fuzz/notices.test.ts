/**
 * Property: whatever text the provider (or a person, through it) puts in what
 * the bot tells a channel, the notifier keeps posting. Every kind of notice
 * the outbox carries, and an alarm of every kind, is written with over-long
 * and control-laden text (names, memos, paths, domains, power states, plans)
 * and drained through the real notifier into a Slack that refuses what real
 * Slack refuses (Block Kit's limits, a repeated block_id): every row is
 * posted, none is set aside, nothing is refused, and no control character
 * or bidi override reaches Slack as it is (issue 29).
 *
 * Not here: the daily digest's pages (drawn from the digest worker's stored
 * report, fuzzed with the digest) and an alarm's thread notices (`alarm`
 * rows, written by the alarms raised here).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_KINDS, type AlarmKind, HOSTING_CHANGES, type Notice } from '../../src/store/index.ts';
import { raiseAlarm } from '../../src/watch/alarms.ts';
import { step } from '../watch/support/steps.ts';
import { CHANNEL, makeWorld, type World } from '../watch/support/world.ts';
import { nastyText, params } from './support.ts';

/** Provider text: adversarial pieces, or one far longer than any field it lands in. */
const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', '\u202e', '\u0007', '*', '<!channel>', 'ｗ', '😀', '`'),
        fc.integer({ min: 1_000, max: 5_000 }),
      )
      .map(([c, n]) => c.repeat(Math.ceil(n / c.length))),
  },
);
/** A power state: the store keeps 1 to 64 characters of it. */
const powerState = hostile.map((s) => (s.length === 0 ? 'x' : s.slice(0, 64)));

/** Every kind of notice a channel is told, each with hostile text wherever the provider's words go. */
function notices(at: number): fc.Arbitrary<Notice[]> {
  const t = hostile;
  return fc
    .record({
      name: t,
      other: t,
      memo: t,
      ip: t,
      plan: t,
      domain: t,
      label: t,
      date: t,
      from: powerState,
      to: powerState,
      change: fc.constantFrom(...HOSTING_CHANGES),
      servers: fc.array(t, { maxLength: 30 }),
    })
    .map((x): Notice[] => [
      { kind: 'power', uuid: 'u-1', name: x.name, from: x.from, to: x.to, at },
      { kind: 'contract', uuid: 'u-1', name: x.name, from: x.other, to: x.memo, at },
      { kind: 'server-added', uuid: 'u-2', name: x.name, at },
      { kind: 'server-removed', uuid: 'u-3', name: x.other, at },
      {
        kind: 'server-changed',
        uuid: 'u-4',
        name: x.name,
        changes: [
          { field: 'name', from: x.other, to: x.name },
          { field: 'memo', from: null, to: x.memo },
          { field: 'rdns', from: x.domain, to: x.other },
          { field: 'ip', from: x.ip, to: null },
          { field: 'plan', from: { plan: x.plan, vcpu: 1 }, to: { plan: x.other, memoryGb: 2 } },
        ],
        at,
      },
      {
        kind: 'signup-active',
        signupId: 'sig-1',
        serviceId: x.other,
        uuid: 'u-5',
        name: x.name,
        ip: x.ip,
        requesterId: 'U0BOB0001',
        at,
      },
      {
        kind: 'signup-stuck',
        signupId: 'sig-2',
        serviceId: x.other,
        name: x.name,
        requesterId: 'U0BOB0001',
        since: at - 3_600_000,
        at,
      },
      { kind: 'key-expiring', expiresAt: at + 3 * 86_400_000, days: 3, at },
      { kind: 'key-expired', expiresAt: at - 60_000, at },
      { kind: 'key-refused', expiresAt: null, at },
      { kind: 'channel-parked', channelId: 'C0GONE001', error: x.other, summariseAfterMs: 600_000, at },
      { kind: 'backlog', since: at - 7_200_000, changes: 4, alarms: 1, servers: x.servers, others: 2, at },
      {
        kind: 'renewal',
        contractId: 'c-1',
        serverUuid: 'u-6',
        name: x.name,
        date: x.date,
        days: 7,
        left: 7,
        source: 'provider',
        setBy: null,
        autoRenew: true,
        price: {
          kind: 'listed',
          planId: x.plan,
          planName: x.other,
          months: 1,
          total: 1_254,
          regular: 1_320,
          campaign: false,
        },
        at,
      },
      {
        kind: 'renewal',
        contractId: 'c-2',
        serverUuid: null,
        name: x.other,
        date: '2026-04-01',
        days: 1,
        left: 1,
        source: 'person',
        setBy: 'U0BOB0001',
        autoRenew: null,
        price: { kind: 'plan_not_offered', planId: x.plan, months: 12 },
        at,
      },
      { kind: 'hosting', server: x.domain, change: x.change, item: x.other, label: x.label, at },
      { kind: 'hosting', server: x.domain, change: 'key-added', item: x.name, label: null, at },
    ]);
}

/** An alarm of every kind, its facts in hostile text, as the watcher raises them. */
function alarms(): fc.Arbitrary<{ kind: AlarmKind; subject: string; name: string; detail: unknown }[]> {
  const t = hostile;
  return fc
    .record({ name: t, a: t, b: t, c: t, list: fc.array(t, { maxLength: 12 }) })
    .map(({ name, a, b, c, list }) => {
      const all: Record<AlarmKind, { subject: string; detail: unknown }> = {
        contract: { subject: `u-${a.length}`, detail: { from: a, to: b } },
        'signup-stuck': {
          subject: `signup:${a.slice(0, 40)}`,
          detail: { signupId: 'sig-3', serviceId: a, requesterId: 'U0BOB0001', since: 0 },
        },
        ssl: { subject: `ssl:${a}/${b}`, detail: { server: a, domain: b, status: c, nameServers: list } },
        'ssl-expired': { subject: `ssl-expiry:${a}/${b}`, detail: { server: a, domain: b, expiresAt: 0 } },
        'key-use': {
          subject: `key-use:${b}`,
          detail: { method: c, path: a, status: 404, ip: b, requestedAt: 0, more: 3, lastAt: 0 },
        },
        'key-auth': {
          subject: 'key-auth',
          detail: { count: 9, windowMinutes: 10, statuses: [401, 403], ips: list },
        },
        'key-expired': { subject: 'key', detail: { expiresAt: null, refused: true } },
      };
      return ALARM_KINDS.map((kind) => ({ kind, name, ...all[kind] }));
    });
}

/** A character Slack must never be handed as it is in shown text: C0 (but a newline), C1, bidi controls, a lone surrogate. */
function rawControl(s: string): string | undefined {
  for (const c of s) {
    const code = c.codePointAt(0) ?? 0;
    if (
      (code < 0x20 && code !== 0x0a) ||
      (code >= 0x7f && code <= 0x9f) ||
      [0x061c, 0x200e, 0x200f, 0x2028, 0x2029].includes(code) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      (code >= 0xd800 && code <= 0xdfff)
    )
      return `U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(s.slice(0, 200))}`;
  }
  return undefined;
}

/** Every string a message carries where a person reads it (its text, and each block's texts). */
function shownStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) shownStrings(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      // Ids and button values are the bot's own, never shown.
      if (k === 'value' || k === 'action_id' || k === 'block_id' || k === 'url') continue;
      shownStrings(x, out);
    }
  return out;
}

describe('the notifier under hostile provider text', () => {
  let w: World;
  let n = 0;
  beforeAll(async () => {
    w = await makeWorld({ servers: 1 });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('posts every notice kind and an alarm of every kind, each within Slack’s limits, controls shown visibly', {
    timeout: 180_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(notices(0), alarms(), async (told, raised) => {
        const at = w.time.ms();
        const seen = w.slack.posts.length + w.slack.updates.length;
        const ids: number[] = [];
        for (const notice of told) {
          n += 1;
          const { id } = await w.a.store.outbox.enqueue({
            dedupeKey: `fuzz-${n}`,
            channelId: CHANNEL,
            payload: { ...notice, at } as Notice,
          });
          if (id !== null) ids.push(id);
        }
        for (const a of raised) {
          n += 1;
          await w.a.store.transaction((tx) =>
            raiseAlarm(
              tx,
              {
                kind: a.kind,
                subject: `${a.subject}#${n}`,
                name: a.name,
                detail: a.detail as never,
                key: `fuzz-alarm-${n}`,
                at,
                channels: [{ channelId: CHANNEL }],
              },
              { now: new Date(at), flapMs: 30_000 },
            ),
          );
        }
        // Until nothing is due (the channel is paced at one call a second), at most two minutes.
        for (let t = 0; t < 120_000; t += 1_000) {
          await step(w);
          if ((await w.a.store.outbox.backlog()).depth === 0) break;
          await w.time.advance(1_000);
        }
        expect(w.slack.refused).toEqual([]);
        expect(w.a.notifier.stats().setAside).toBe(0);
        expect((await w.a.store.outbox.backlog()).depth).toBe(0);
        for (const id of ids) expect((await w.a.store.outbox.get(id))?.sentAt).not.toBeNull();
        const calls = [...w.slack.posts, ...w.slack.updates].slice(seen);
        expect(calls.length).toBeGreaterThan(0);
        for (const c of calls)
          for (const s of shownStrings({ text: c.text, blocks: c.blocks }))
            expect(rawControl(s)).toBeUndefined();
        // Each case on a fresh minute: the open alarms of one never fold into the next's.
        await w.time.advance(60_000);
      }),
      params(6, 0.1),
    );
  });
});
