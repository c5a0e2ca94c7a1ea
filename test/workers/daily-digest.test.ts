/**
 * The daily digest over days of manual time: the simulator's clock, the real
 * provider client, the real store (SQLite, and PostgreSQL shared by two
 * replicas), the real digest service and the real notifier posting to an
 * in-process Slack. Posted at DIGEST_TIME Japan time and not a minute
 * before, once, again the next day; its details in its thread once the top
 * message has its ts; once whatever the replicas and restarts; late within
 * the late window, skipped after it. Nothing waits for wall time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { japanDay } from '../../src/provider/index.ts';
import { AccessService } from '../../src/services/access/index.ts';
import { Audit } from '../../src/services/audit.ts';
import { DIGEST_LATE_MS, DigestService, slotOfDay } from '../../src/services/digest/index.ts';
import { RenewalsService } from '../../src/services/renewals/index.ts';
import { ServersService } from '../../src/services/servers/index.ts';
import { DailyDigest, type DailyDigestOptions } from '../../src/workers/daily-digest.ts';
import { type Instance, type Kind, makeWorld, type World } from '../watch/support/world.ts';

const HOUR = 3_600_000;
const DIGEST_CHANNEL = 'C0DIGEST1';
/** 09:00. */
const NINE = 9 * 60;

let world: World | undefined;
const running: DailyDigest[] = [];
afterEach(async () => {
  for (const d of running.splice(0)) await d.stop();
  await world?.close();
  world = undefined;
});

/** The digest service as the composition root builds it, over one replica's store and client. */
function digestService(w: World, inst: Instance): DigestService {
  const access = new AccessService({
    operators: [],
    approvers: [],
    groups: { membersOf: async () => [] },
    provider: inst.client,
    clock: w.time,
  });
  const audit = new Audit(inst.store, w.logger);
  const servers = new ServersService({
    provider: inst.client,
    store: inst.store,
    access,
    audit,
    clock: w.time,
    readCacheMs: 0,
    powerStaleAfterMs: () => HOUR,
  });
  const renewals = new RenewalsService({
    store: inst.store,
    servers,
    access,
    audit,
    clock: w.time,
    reminderDays: [30, 7, 1],
  });
  return new DigestService({
    store: inst.store,
    provider: inst.client,
    renewals,
    access,
    clock: w.time,
    renewalWithinDays: 30,
  });
}

function digest(w: World, inst: Instance, over: Partial<DailyDigestOptions> = {}): DailyDigest {
  const d = new DailyDigest({
    digest: digestService(w, inst),
    store: w.time.trackAll(inst.store),
    clock: w.time,
    timers: w.time,
    logger: w.logger,
    isLeader: () => inst.leadership.isLeader(),
    channelId: DIGEST_CHANNEL,
    minutes: NINE,
    locale: 'en',
    pollMs: 6 * HOUR,
    onOutbox: () => inst.notifier.kick(),
    ...over,
  });
  running.push(d);
  return d;
}

/** What the digest channel was told so far (the notifier drained first), top messages and replies apart. */
async function told(w: World, inst: Instance = w.a) {
  await inst.leadership.ensure();
  // A channel's posts are paced: a second between two drains lets the next one go.
  for (let i = 0; i < 8; i += 1) {
    await inst.notifier.drainOnce();
    await w.time.advance(1_100);
  }
  const posts = w.slack.posts.filter((p) => p.channel === DIGEST_CHANNEL);
  return {
    tops: posts.filter((p) => !p.thread_ts),
    replies: posts.filter((p) => p.thread_ts),
  };
}

/** The world's first day in Japan: 2 March 2026 (it starts at 12:00 JST). */
const START_DAY = japanDay(Date.parse('2026-03-02T03:00:00Z'));

/** 09:00 Japan time `dayAfter` days after the world's first day, plus `ms`. */
function nineOn(_w: World, dayAfter: number, ms = 0): number {
  return slotOfDay(START_DAY + dayAfter, NINE).at + ms;
}

async function advanceTo(w: World, at: number): Promise<void> {
  await w.time.advance(at - w.time.ms());
}

describe('the daily digest', () => {
  it('posts at 09:00 Japan time and not before, its details in its thread, once; again the next day; no provider request', async () => {
    world = await makeWorld({ servers: 2 });
    const w = world;
    // Something to tell: a server stopped.
    w.sim.control.setPower(w.uuids[0]!, 'stopped');
    await w.time.drive(w.a.watcher.runCycle());
    const d = digest(w, w.a);
    d.start();
    await advanceTo(w, nineOn(w, 1, -60_000));
    expect((await told(w)).tops).toEqual([]);
    const requests = w.sim.control.requests().length;
    await advanceTo(w, nineOn(w, 1, 2_000));
    const first = await told(w);
    expect(first.tops).toHaveLength(1);
    const top = first.tops[0]!;
    expect(top.text).toMatch(/\*Daily digest for \d{4}-\d{2}-\d{2}\*: the 24 hours to 09:00 Japan time/);
    expect(top.text).toContain('*Servers not running: 1*');
    // Its details, in its thread, posted after it.
    expect(first.replies.length).toBeGreaterThanOrEqual(1);
    for (const r of first.replies) expect(r.thread_ts).toBe(top.ts);
    expect(first.replies.map((r) => r.text).join('\n')).toContain('*Provider budget*');
    // The digest itself asked the provider nothing (the watcher's own cycles aside, none ran).
    expect(w.sim.control.requests().length).toBe(requests);

    // All day: nothing more, whatever the looks.
    await advanceTo(w, nineOn(w, 2, -60_000));
    expect((await told(w)).tops).toHaveLength(1);
    await advanceTo(w, nineOn(w, 2, 2_000));
    const second = await told(w);
    expect(second.tops).toHaveLength(2);
    expect(second.tops[1]!.text).not.toBe(top.text);
    const days = new Set(second.tops.map((t) => /Daily digest for ([\d-]+)/.exec(t.text)?.[1]));
    expect(days.size).toBe(2);
  });

  it('down at the hour: posted late within the late window, saying so; a day missed past it is skipped', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const d = digest(w, w.a);
    // Not started (the bot is down) until an hour after nine.
    await advanceTo(w, nineOn(w, 1, HOUR));
    expect(await w.time.drive(d.runOnce())).toMatchObject({ queued: expect.any(String) });
    const late = await told(w);
    expect(late.tops).toHaveLength(1);
    expect(late.tops[0]!.text).toContain('Posted late: the bot was not running at 09:00 Japan time.');
    // The next day, down until past the late window: nothing that day.
    await advanceTo(w, nineOn(w, 2, DIGEST_LATE_MS + 60_000));
    expect(await w.time.drive(d.runOnce())).toEqual({ queued: undefined });
    expect((await told(w)).tops).toHaveLength(1);
    // Nor until the day after's hour.
    await advanceTo(w, nineOn(w, 3, -1_000));
    expect(await w.time.drive(d.runOnce())).toEqual({ queued: undefined });
    await advanceTo(w, nineOn(w, 3));
    expect((await w.time.drive(d.runOnce())).queued).toBeDefined();
    expect((await told(w)).tops).toHaveLength(2);
  });

  it('without DIGEST_CHANNEL nothing is written; a replica that does not lead writes nothing', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    await advanceTo(w, nineOn(w, 1, 1_000));
    expect(await w.time.drive(digest(w, w.a, { channelId: undefined }).runOnce())).toEqual({
      queued: undefined,
    });
    expect(await w.time.drive(digest(w, w.a, { isLeader: () => false }).runOnce())).toEqual({
      queued: undefined,
    });
    expect(await w.a.store.outbox.due(w.time.now(), 10)).toEqual([]);
  });

  for (const kind of ['sqlite', 'postgres'] as Kind[]) {
    it(`${kind}: once with two replicas on one database and across a restart`, async () => {
      world = await makeWorld({ kind, servers: 1 });
      const w = world;
      const b = kind === 'postgres' ? await w.instance('b') : w.a;
      await advanceTo(w, nineOn(w, 1, 1_000));
      // Both believe they lead (a lease that overlaps for a moment): the store's row decides.
      const first = digest(w, w.a, { isLeader: () => true });
      const second = digest(w, b, { isLeader: () => true });
      const [x, y] = await w.time.drive(Promise.all([first.runOnce(), second.runOnce()]));
      expect([x.queued, y.queued].filter(Boolean)).toHaveLength(1);
      const posts = await told(w);
      expect(posts.tops).toHaveLength(1);
      const replies = posts.replies.length;
      expect(replies).toBeGreaterThanOrEqual(1);
      // Restarted after posting: a new worker on the same store finds the day written.
      await first.stop();
      const restarted = digest(w, w.a, { isLeader: () => true });
      await w.time.advance(HOUR);
      const [p, q] = await w.time.drive(Promise.all([restarted.runOnce(), second.runOnce()]));
      expect([p.queued, q.queued]).toEqual([undefined, undefined]);
      const after = await told(w, b);
      expect(after.tops).toHaveLength(1);
      expect(after.replies).toHaveLength(replies);
      // The next day: once more, by one of them.
      await advanceTo(w, nineOn(w, 2, 1_000));
      const [s, t] = await w.time.drive(Promise.all([restarted.runOnce(), second.runOnce()]));
      expect([s.queued, t.queued].filter(Boolean)).toHaveLength(1);
      expect((await told(w)).tops).toHaveLength(2);
    });
  }
});
