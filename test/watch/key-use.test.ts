/**
 * The key-use watch end to end with the manual clock: the simulator (its key
 * log, and requests made "from another client" through its control), a real
 * store with the journal of the bot's own requests, the watcher and the
 * notifier. The bot's own requests are never told; a request from an unknown
 * address is one alarm, told once, naming what it did; a client of
 * KEY_EXPECTED_IPS is only counted; a burst of 403s is the key-auth alarm,
 * resolved once a window passes without one; with two replicas on
 * PostgreSQL, both replicas' requests are the bot's own, a restart loses
 * none, and a stranger is one alarm.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { alarmDetail } from '../../src/store/index.ts';
import { KEY_USE_SETTLE_MS, type KeyUseSettings } from '../../src/watch/key-use-watch.ts';
import { drain as drainFor, read } from './support/steps.ts';
import { ReplicaClock } from './support/time.ts';
import { CHANNEL, type Instance, type Kind, makeWorld, type World } from './support/world.ts';

const SETTINGS: KeyUseSettings = { expected: [], burst: { count: 5, windowMinutes: 10 } };
const STRANGER = '203.0.113.9';
/** The address the simulator sees the bot's requests come from. */
const BOT_IP = '127.0.0.1';
const FORTY_MINUTES = 40 * 60_000;

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const drain = (w: World, inst: Instance = w.a) => drainFor(w, 3_000, inst);

/** Cycles of the watcher (each one reads the key log's next span) over `ms` of test time. */
async function cycles(w: World, ms: number, inst: Instance = w.a): Promise<void> {
  for (let t = 0; t < ms; t += 20_000) {
    await read(w, inst);
    await w.time.advance(20_000);
  }
  await read(w, inst);
}

/** Long enough for what happened now to be judged: the settle time and a span's read. */
const JUDGED = KEY_USE_SETTLE_MS + 60_000;

async function keyWorld(kind: Kind = 'sqlite', settings: KeyUseSettings = SETTINGS): Promise<World> {
  const w = await makeWorld({ kind, servers: 2, keyUse: settings });
  await read(w);
  return w;
}

const keyAlarms = (w: World, kind: 'key-use' | 'key-auth' = 'key-use') =>
  w.a.store.incidents.openAlarms().then((rows) => rows.filter((r) => r.kind === kind));

describe.each<Kind>(['sqlite', 'postgres'])('the key-use watch on %s', (kind) => {
  it('says nothing of the bot’s own requests, and one alarm, told once, of a stranger’s', async () => {
    world = await keyWorld(kind);
    const w = world;
    // The bot works as usual: every one of these requests is in the key's log.
    await cycles(w, JUDGED);
    await w.a.client.me();
    await cycles(w, JUDGED);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    expect(w.a.watcher.stats().keyUse?.own).toBeGreaterThan(10);
    expect(w.a.watcher.stats().keyUse?.foreign).toBe(0);

    w.sim.control.keyUse({ ip: STRANGER, method: 'GET', path: '/v1/vps/servers' });
    w.sim.control.keyUse({
      ip: STRANGER,
      method: 'PUT',
      path: `/v1/vps/servers/${w.uuids[0]}/name`,
      status: 200,
    });
    await cycles(w, JUDGED);
    await drain(w);
    const posts = w.slack.topLevel(CHANNEL);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text).toContain('The API key was used by a client other than this bot');
    expect(posts[0]!.text).toContain('`GET /v1/vps/servers` → 200 from `203.0.113.9`');
    expect(posts[0]!.text).toContain('and 1 more request from there');
    const [alarm] = await keyAlarms(w);
    expect(alarm?.subject).toBe(`key-use:${STRANGER}`);
    expect(alarmDetail('key-use', alarm?.detail)).toMatchObject({ ip: STRANGER, more: 1, status: 200 });
    // Told once: more cycles, nothing new.
    await cycles(w, JUDGED);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);
    expect(w.a.watcher.stats().keyUse?.foreign).toBe(2);
  });
});

describe.each<Kind>(['sqlite', 'postgres'])(
  'the key-use watch’s progress on %s, under a clock that was wrong',
  (kind) => {
    it('reads on at once after a clock 40 minutes fast is set right: a stranger in between is told', async () => {
      world = await keyWorld(kind);
      const w = world;
      await cycles(w, JUDGED);
      // The replica's clock steps 40 minutes ahead for a few reads (each judges as far as it
      // believes the log settled), then back, as NTP or a restart with the right clock would.
      w.aClock.offsetMs = FORTY_MINUTES;
      for (let i = 0; i < 6; i += 1) {
        await read(w);
        await w.time.advance(20_000);
      }
      const future = (await w.a.store.keyLog.get())!.judgedThrough.getTime();
      expect(future).toBeGreaterThan(w.time.ms() + FORTY_MINUTES / 2);
      w.aClock.offsetMs = 0;
      await cycles(w, 20_000);
      w.sim.control.keyUse({ ip: STRANGER, method: 'DELETE', path: `/v1/vps/servers/${w.uuids[0]}` });
      await cycles(w, JUDGED);
      await drain(w);
      expect((await keyAlarms(w)).map((a) => a.subject)).toContain(`key-use:${STRANGER}`);
      expect(
        w.slack.topLevel(CHANNEL).some((p) => p.text.includes(`DELETE /v1/vps/servers/${w.uuids[0]}`)),
      ).toBe(true);
      // Progress is where this clock says the log settled, not 40 minutes ahead.
      const judged = (await w.a.store.keyLog.get())!.judgedThrough.getTime();
      expect(judged).toBeLessThanOrEqual(w.time.ms());
      expect(w.time.ms() - judged).toBeLessThan(KEY_USE_SETTLE_MS + 20_000);
    }, 60_000);

    if (kind === 'sqlite')
      it('its own loop keeps reading after the clock is set back 40 minutes: a stop and a stranger are told', async () => {
        world = await keyWorld(kind);
        const w = world;
        w.a.watcher.start();
        w.a.notifier.start();
        await w.time.advance(JUDGED);
        w.aClock.offsetMs = FORTY_MINUTES;
        await w.time.advance(60_000);
        w.aClock.offsetMs = 0;
        // What was read, and when, was stamped 40 minutes ahead: none of it may wait for the clock to get there.
        await w.time.advance(30_000);
        const posted = w.slack.posts.length;
        w.sim.control.setPower(w.uuids[0]!, 'stopped');
        w.sim.control.keyUse({ ip: STRANGER, method: 'DELETE', path: `/v1/vps/servers/${w.uuids[1]}` });
        await w.time.advance(JUDGED);
        const told = w.slack.posts.slice(posted).map((p) => p.text);
        expect(told.some((t) => t.includes('stopped'))).toBe(true);
        expect(told.some((t) => t.includes(`DELETE /v1/vps/servers/${w.uuids[1]}`))).toBe(true);
      }, 60_000);

    if (kind === 'postgres')
      it('reads on after another replica whose clock is 40 minutes fast judged the log', async () => {
        world = await keyWorld(kind);
        const w = world;
        await cycles(w, JUDGED);
        const fast = new ReplicaClock(w.time);
        fast.offsetMs = FORTY_MINUTES;
        const b = await w.instance('b', { clock: fast });
        for (let i = 0; i < 6; i += 1) {
          await read(w, b);
          await w.time.advance(20_000);
        }
        expect((await w.a.store.keyLog.get())!.judgedThrough.getTime()).toBeGreaterThan(
          w.time.ms() + FORTY_MINUTES / 2,
        );
        await b.watcher.stop();
        w.sim.control.keyUse({ ip: STRANGER, method: 'DELETE', path: `/v1/vps/servers/${w.uuids[0]}` });
        await cycles(w, JUDGED);
        await drain(w);
        expect((await keyAlarms(w)).map((a) => a.subject)).toContain(`key-use:${STRANGER}`);
      }, 60_000);
  },
);

describe('the key-use watch and a stranger who asks what the bot asks', () => {
  const BURST = '198.51.100.77';

  it('never learns the stranger’s address from free journal entries: the bot’s own stay its own', async () => {
    world = await keyWorld();
    const w = world;
    await cycles(w, JUDGED);
    expect(Object.keys((await w.a.store.keyLog.get())!.ownIps)).toEqual([BOT_IP]);
    const t = w.time.ms();
    const second = Math.floor(t / 1000) * 1000;
    // A burst of the bot's own list call from elsewhere, three seconds before three of the bot's.
    for (let i = 0; i < 3; i += 1)
      w.sim.control.keyUse({
        ip: BURST,
        method: 'GET',
        path: '/v1/vps/servers',
        at: new Date(second - 3_000),
      });
    for (let i = 0; i < 3; i += 1) await w.a.client.listServers();
    // The next span ends just before the bot's lists: their journal entries are free in it, and
    // fit the burst's second (a journal entry may be logged up to the clocks' skew before it was sent).
    await w.time.advance(second + KEY_USE_SETTLE_MS + 500 - t);
    await read(w);
    await cycles(w, 2 * JUDGED);
    await drain(w);
    expect((await keyAlarms(w)).map((a) => a.subject)).toEqual([`key-use:${BURST}`]);
    expect(Object.keys((await w.a.store.keyLog.get())!.ownIps)).toEqual([BOT_IP]);
    const told = w.slack.topLevel(CHANNEL).map((p) => p.text);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`\`GET /v1/vps/servers\` → 200 from \`${BURST}\``);
    expect(told.join('\n')).not.toContain('This address is the bot’s own');
  });
});

describe('the key-use watch’s delay for a request from an address the bot never sent from', () => {
  it('tells it within 30 s of the log showing it, and nothing of the bot’s own', async () => {
    world = await keyWorld();
    const w = world;
    w.a.watcher.start();
    w.a.notifier.start();
    await w.time.advance(JUDGED);
    expect(w.slack.posts).toHaveLength(0);
    w.sim.control.keyUse({ ip: STRANGER, method: 'POST', path: '/v1/vps/servers' });
    const shown = w.time.ms();
    let toldAfter: number | undefined;
    for (let s = 0; s < 90 && toldAfter === undefined; s += 1) {
      await w.time.advance(1_000);
      if (w.slack.topLevel(CHANNEL).length > 0) toldAfter = w.time.ms() - shown;
    }
    expect(toldAfter).toBeLessThanOrEqual(30_000);
    expect(w.slack.topLevel(CHANNEL)[0]!.text).toContain(
      `\`POST /v1/vps/servers\` → 200 from \`${STRANGER}\``,
    );
    // Everything of the bot's judged since (its own requests waited for the log to settle): still one alarm.
    await w.time.advance(2 * JUDGED);
    expect((await keyAlarms(w)).map((a) => a.subject)).toEqual([`key-use:${STRANGER}`]);
    expect(w.a.watcher.stats().keyUse?.foreign).toBe(1);
    expect(w.a.watcher.stats().keyUse?.own).toBeGreaterThan(10);
  }, 60_000);
});

describe('the key-use watch’s other findings', () => {
  it('only counts a client of KEY_EXPECTED_IPS', async () => {
    world = await keyWorld('sqlite', {
      ...SETTINGS,
      expected: [{ text: '203.0.113.0/24', address: '203.0.113.0', prefix: 24, family: 'ipv4' }],
    });
    const w = world;
    await cycles(w, JUDGED);
    w.sim.control.keyUse({ ip: STRANGER, method: 'GET', path: '/v1/me' });
    w.sim.control.keyUse({ ip: '203.0.113.200', method: 'GET', path: '/v1/me' });
    await cycles(w, JUDGED);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    expect(await keyAlarms(w)).toHaveLength(0);
    expect(w.a.watcher.stats().keyUse?.expected).toBe(2);
    expect((await w.a.store.keyLog.get())?.expected['203.0.113.0/24']?.count).toBe(2);
  });

  it('tells a request from the bot’s own address that the bot did not make, as such (another process there)', async () => {
    world = await keyWorld();
    const w = world;
    await cycles(w, JUDGED);
    // The simulator sees the bot at 127.0.0.1: a request from there the journal lacks.
    w.sim.control.keyUse({ ip: '127.0.0.1', method: 'POST', path: '/v1/vps/servers' });
    await cycles(w, JUDGED);
    await drain(w);
    const [alarm] = await keyAlarms(w);
    expect(alarmDetail('key-use', alarm?.detail)).toMatchObject({
      ip: '127.0.0.1',
      own: true,
      method: 'POST',
    });
    expect(w.slack.topLevel(CHANNEL)[0]?.text).toContain('This address is the bot’s own');
    expect(Object.keys((await w.a.store.keyLog.get())!.ownIps)).toEqual(['127.0.0.1']);
  });

  it('ends a stranger’s alarm after an hour without a request from its address', async () => {
    world = await keyWorld();
    const w = world;
    await cycles(w, JUDGED);
    w.sim.control.keyUse({ ip: STRANGER, method: 'GET', path: '/v1/me' });
    await cycles(w, JUDGED);
    expect(await keyAlarms(w)).toHaveLength(1);
    await cycles(w, 61 * 60_000);
    expect(await keyAlarms(w)).toHaveLength(0);
    expect(
      (await w.a.store.incidents.latestFor('key-use', `key-use:${STRANGER}`))?.resolvedAt,
    ).not.toBeNull();
  }, 120_000);

  it('raises key-auth on a burst of 403s, and resolves it once a window passes without one', async () => {
    world = await keyWorld();
    const w = world;
    await cycles(w, JUDGED);
    w.sim.control.keyDenied({ count: 4, ip: '198.51.100.23' });
    await cycles(w, JUDGED);
    await drain(w);
    expect(await keyAlarms(w, 'key-auth')).toHaveLength(0);
    w.sim.control.keyDenied({ count: 2, ip: '198.51.100.24' });
    await cycles(w, JUDGED);
    await drain(w);
    const [burst] = await keyAlarms(w, 'key-auth');
    expect(alarmDetail('key-auth', burst?.detail)).toMatchObject({
      count: 6,
      windowMinutes: 10,
      statuses: [403],
      ips: ['198.51.100.24', '198.51.100.23'],
    });
    const top = w.slack.topLevel(CHANNEL).map((p) => p.text);
    expect(top.some((t) => t.includes('6 requests with the API key were refused (403) within 10 min'))).toBe(
      true,
    );
    await cycles(w, 11 * 60_000);
    await drain(w);
    expect(await keyAlarms(w, 'key-auth')).toHaveLength(0);
    expect((await w.a.store.incidents.latestFor('key-auth', 'key-auth'))?.resolvedAt).not.toBeNull();
  });
});

describe('the key-use watch with two replicas on one PostgreSQL', () => {
  it('takes both replicas’ requests for the bot’s own, across a restart and a new leader; a stranger once', async () => {
    world = await makeWorld({ kind: 'postgres', servers: 2, keyUse: SETTINGS });
    const w = world;
    // a leads first (as in replicas.test.ts): started together, either could
    // take the lease, whichever query PostgreSQL answers first.
    w.a.watcher.start();
    w.a.notifier.start();
    await w.time.advance(1_000);
    expect(w.a.leadership.isLeader()).toBe(true);
    let b = await w.instance('b');
    b.watcher.start();
    b.notifier.start();
    await w.time.advance(30_000);
    expect(w.a.leadership.isLeader()).toBe(true);
    expect(b.leadership.isLeader()).toBe(false);
    // The follower works for people: its requests are in the key's log, and in the journal.
    await b.client.me();
    await b.client.listServers();
    await w.time.advance(JUDGED);
    // It restarts: what it sent is journaled before it goes, and the new process journals its own.
    await b.watcher.stop();
    await b.notifier.stop();
    await b.client.me();
    await b.client.close();
    b = await w.instance('b2');
    b.watcher.start();
    b.notifier.start();
    await b.client.me();
    // The leader dies right after its own requests: the new leader judges them from the journal.
    await w.a.client.listServers();
    await w.a.kill();
    w.sim.control.keyUse({ ip: STRANGER, method: 'DELETE', path: `/v1/vps/servers/${w.uuids[0]}` });
    for (let t = 0; t < 4 * JUDGED; t += 5_000) await w.time.advance(5_000);
    expect(b.leadership.isLeader()).toBe(true);
    const alarms = await keyAlarms(w);
    expect(alarms.map((a) => a.subject)).toEqual([`key-use:${STRANGER}`]);
    expect(w.slack.topLevel(CHANNEL)).toHaveLength(1);
    expect(w.slack.posts[0]!.text).toContain(`DELETE /v1/vps/servers/${w.uuids[0]}`);
    // Every second of the log judged once, by one replica or the other.
    const judged = (await b.store.keyLog.get())!.judgedThrough.getTime();
    expect(w.time.ms() - judged).toBeLessThan(KEY_USE_SETTLE_MS + 20_000);
    await b.watcher.stop();
    await b.notifier.stop();
  }, 120_000);
});

describe('the key-use watch and a stranger asking what the bot asks, while the bot asks it all the time', () => {
  it('tells it once its span is judged, with a watch interval of a second; nothing of the bot’s own', async () => {
    // Spans as short as the interval allows (the key log is read every 10 s): the bot's address
    // must still be learned, and the stranger's request must not be paired off as the bot's.
    world = await makeWorld({ kind: 'sqlite', servers: 2, keyUse: SETTINGS, intervalMs: 1_000 });
    const w = world;
    // The bot lists its servers several times a second of the log, as a watcher of many servers does.
    const lister = setInterval(() => void w.a.client.listServers().catch(() => undefined), 5);
    try {
      w.a.watcher.start();
      w.a.notifier.start();
      await w.time.advance(JUDGED);
      expect(w.slack.posts).toHaveLength(0);
      w.sim.control.keyUse({ ip: STRANGER, method: 'GET', path: '/v1/vps/servers' });
      const shown = w.time.ms();
      let toldAfter: number | undefined;
      for (let s = 0; s < 200 && toldAfter === undefined; s += 1) {
        await w.time.advance(1_000);
        if (w.slack.topLevel(CHANNEL).length > 0) toldAfter = w.time.ms() - shown;
      }
      expect(toldAfter).toBeLessThanOrEqual(KEY_USE_SETTLE_MS + 30_000);
      expect(w.slack.topLevel(CHANNEL)[0]!.text).toContain(
        `\`GET /v1/vps/servers\` → 200 from \`${STRANGER}\``,
      );
      expect((await keyAlarms(w)).map((a) => a.subject)).toEqual([`key-use:${STRANGER}`]);
      expect(Object.keys((await w.a.store.keyLog.get())!.ownIps)).toEqual([BOT_IP]);
    } finally {
      clearInterval(lister);
    }
  }, 120_000);
});
