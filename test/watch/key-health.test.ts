/**
 * The provider key's health over days of manual time: the simulator's clock,
 * the real provider client, the real store and notifier (posting to an
 * in-process Slack). Nothing waits for wall time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderClient } from '../../src/provider/index.ts';
import { healthReport } from '../../src/services/health.ts';
import {
  KeyHealth,
  type KeyHealthOptions,
  keyFingerprint,
  ProviderKeyError,
} from '../../src/watch/key-health.ts';
import { caught } from '../support/caught.ts';
import { CHANNEL, type Instance, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let world: World | undefined;
const running: KeyHealth[] = [];
afterEach(async () => {
  for (const k of running.splice(0)) await k.stop();
  await world?.close();
  world = undefined;
});

function keyHealth(w: World, inst: Instance, over: Partial<KeyHealthOptions> = {}): KeyHealth {
  const k = new KeyHealth({
    provider: w.time.trackAll(inst.client),
    store: w.time.trackAll(inst.store),
    clock: w.time,
    timers: w.time,
    logger: w.logger,
    keyId: keyFingerprint(w.sim.keys.full),
    baseUrl: w.sim.url,
    isLeader: () => inst.leadership.isLeader(),
    notifyChannel: CHANNEL,
    checkEveryMs: 6 * HOUR,
    leaderPollMs: HOUR,
    ...over,
  });
  running.push(k);
  return k;
}

/** The key's expiry, `ms` from now, to the second (the provider writes seconds). */
function expireFullKeyIn(w: World, ms: number): Date {
  const at = new Date(Math.floor((w.time.ms() + ms) / 1000) * 1000);
  w.sim.control.setKeyExpiry('full', at);
  return at;
}

/** What the notify channel has been told so far (the notifier drained first). */
async function told(w: World, inst: Instance = w.a): Promise<string[]> {
  // On PostgreSQL the notifier posts only while its instance holds the lease.
  await inst.leadership.ensure();
  await inst.notifier.drainOnce();
  return w.slack.posts.filter((p) => p.channel === CHANNEL).map((p) => p.text);
}

/** Moves the time to `at` + `ms` (ms may be negative). */
async function advanceTo(w: World, at: number, ms = 0): Promise<void> {
  await w.time.advance(at + ms - w.time.ms());
}

describe('the provider key’s expiry, watched', () => {
  it('tells the notify channel 14, 3 and 1 day before the expiry, each once on its day, then once when it stops working', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const expiresAt = expireFullKeyIn(w, 20 * DAY);
    const kh = keyHealth(w, w.a);
    expect(await kh.startupCheck()).toMatchObject({ state: 'ok', expiresAt, error: null });
    kh.start();
    expect(await told(w)).toEqual([]);

    const expected: [number, string][] = [
      [14, 'expires in 14 days'],
      [3, 'expires in 3 days'],
      [1, 'expires in 1 day'],
    ];
    for (const [days, words] of expected) {
      const moment = expiresAt.getTime() - days * DAY;
      await advanceTo(w, moment, -60_000);
      const before = await told(w);
      await advanceTo(w, moment, 60_000);
      const after = await told(w);
      expect(after, `${days} days`).toHaveLength(before.length + 1);
      expect(after.at(-1)).toContain(words);
      expect(after.at(-1)).toContain('PROVIDER_API_KEY');
    }
    const [d14, d3, d1] = await told(w);
    // The last day wakes on-call; the earlier ones do not.
    expect(d1).toContain(ONCALL);
    expect(`${d14}${d3}`).not.toContain(ONCALL);

    // The moment it expires the provider refuses it: said once, however long it stays so.
    await advanceTo(w, expiresAt.getTime(), -60_000);
    expect(await told(w)).toHaveLength(3);
    // The first 401 is asked again a minute later before anyone is told.
    await advanceTo(w, expiresAt.getTime(), 30_000);
    expect(await told(w)).toHaveLength(3);
    expect(kh.status()).toMatchObject({ state: 'refused', error: 'UNAUTHORIZED' });
    await advanceTo(w, expiresAt.getTime(), 2 * 60_000);
    const dead = await told(w);
    expect(dead).toHaveLength(4);
    // The key-expired alarm: on-call woken, "I'm on it" offered.
    expect(dead[3]).toContain('The provider refuses the API key (401)');
    expect(dead[3]).toContain(ONCALL);
    expect(JSON.stringify(w.slack.posts[3]!.blocks)).toContain('watch_incident_claim');
    expect(kh.status()).toMatchObject({ state: 'refused', error: 'UNAUTHORIZED' });
    const alarm = await w.a.store.incidents.latestFor('key-expired', 'key');
    expect(alarm).toMatchObject({ state: 'alarm', resolvedAt: null, detail: { refused: true } });
    await w.time.advance(3 * DAY);
    expect(await told(w)).toHaveLength(4);

    // A new key is in place (here: the same key given a later expiry): the alarm is resolved, in place.
    expireFullKeyIn(w, 300 * DAY);
    await w.time.advance(6 * HOUR + 60_000);
    await told(w);
    expect(kh.status().state).toBe('ok');
    const over = await w.a.store.incidents.latestFor('key-expired', 'key');
    expect(over?.resolvedAt).not.toBeNull();
    const edits = w.slack.updates.filter((u) => u.channel === CHANNEL).map((u) => u.text);
    expect(edits.at(-1)).toMatch(/^:white_check_mark: The provider API key works and has not expired/);
    // The key never reaches a message or a log line.
    expect(JSON.stringify(w.slack.posts)).not.toContain(w.sim.keys.full);
    expect(w.sink.text).not.toContain(w.sim.keys.full);
  });

  for (const kind of ['sqlite', 'postgres'] as Kind[]) {
    it(`${kind}: a restart or another replica says nothing twice; only the leader writes, and a new leader says what is due`, async () => {
      world = await makeWorld({ kind, servers: 1 });
      const w = world;
      const expiresAt = expireFullKeyIn(w, 10 * DAY);
      // Already inside the 14 days: the first check says so at once.
      const first = keyHealth(w, w.a, { isLeader: () => true });
      await first.startupCheck();
      const once = await told(w);
      expect(once).toHaveLength(1);
      expect(once[0]).toContain('expires in 10 days');
      await first.stop();

      // Restarted: a new process finds the warning already said.
      const second = keyHealth(w, w.a, { isLeader: () => true });
      await second.startupCheck();
      second.start();
      // A replica beside it, which does not lead (yet).
      let replicaLeads = false;
      const replica = keyHealth(w, w.a, { isLeader: () => replicaLeads });
      await replica.startupCheck();
      replica.start();
      await w.time.advance(2 * DAY);
      expect(await told(w)).toHaveLength(1);

      await advanceTo(w, expiresAt.getTime() - 3 * DAY, 60_000);
      const three = await told(w);
      expect(three).toHaveLength(2);
      expect(three[1]).toContain('expires in 3 days');

      // The leader goes away before the last day: nobody leads, nothing is said.
      await second.stop();
      await advanceTo(w, expiresAt.getTime() - DAY, 60_000);
      expect(await told(w)).toHaveLength(2);
      // The replica takes the lead and says what is due, within its poll, once.
      replicaLeads = true;
      await w.time.advance(HOUR);
      const last = await told(w);
      expect(last).toHaveLength(3);
      expect(last[2]).toMatch(/expires in (1 day|2\d hours)/);
      await w.time.advance(6 * HOUR);
      expect(await told(w)).toHaveLength(3);
    });
  }

  it('a key revoked before its expiry: told once that the provider refuses it', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    expireFullKeyIn(w, 300 * DAY);
    const kh = keyHealth(w, w.a);
    await kh.startupCheck();
    kh.start();
    await w.time.advance(DAY);
    expect(await told(w)).toEqual([]);
    // Revoked: the provider answers 401 from now on.
    w.sim.control.setKeyExpiry('full', new Date(w.time.ms() - 1_000));
    await w.time.advance(6 * HOUR + 2 * 60_000);
    const said = await told(w);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('The provider refuses the API key (401)');
    expect(said[0]).toContain(ONCALL);
    await w.time.advance(2 * DAY);
    expect(await told(w)).toHaveLength(1);
  });

  it('one stray 401 that the next check does not repeat wakes nobody', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const kh = keyHealth(w, w.a);
    await kh.startupCheck();
    kh.start();
    w.sim.control.addFault({ path: '/v1/me', status: 401, code: 'UNAUTHORIZED', times: 1 });
    await w.time.advance(6 * HOUR + 1_000);
    expect(kh.status().state).toBe('refused');
    await w.time.advance(2 * 60_000);
    expect(kh.status()).toMatchObject({ state: 'ok', error: null });
    await w.time.advance(DAY);
    expect(await told(w)).toEqual([]);
  });

  it('without NOTIFY_CHANNEL the warning is logged, and nothing is queued', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    expireFullKeyIn(w, 2 * DAY);
    const kh = keyHealth(w, w.a, { notifyChannel: undefined });
    await kh.startupCheck();
    expect(await told(w)).toEqual([]);
    expect(w.sink.text).toContain('the provider key expires soon');
  });
});

describe('an expired key the provider still answers', () => {
  it('is expired everywhere from its moment on: one alarm, never "expires soon" after it, not ready', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const expiresAt = new Date(Math.floor((w.time.ms() + 2 * DAY) / 1000) * 1000);
    // The fault: the provider tells the expiry but keeps answering the key after it.
    w.sim.control.setKeyExpiry('full', expiresAt, { enforced: false });
    const kh = keyHealth(w, w.a);
    expect(await kh.startupCheck()).toMatchObject({ state: 'ok', expiresAt });
    kh.start();
    expect(await told(w)).toHaveLength(1);
    await advanceTo(w, expiresAt.getTime() - DAY, 60_000);
    const beforeExpiry = await told(w);
    expect(beforeExpiry.at(-1)).toContain('expires in 1 day');
    await advanceTo(w, expiresAt.getTime(), -60_000);
    expect(await told(w)).toHaveLength(beforeExpiry.length);

    // Just past the moment: expired at once, whatever the last check said.
    await advanceTo(w, expiresAt.getTime(), 500);
    expect(kh.status()).toMatchObject({ state: 'expired', expiresAt });
    await advanceTo(w, expiresAt.getTime(), 2 * 60_000);
    expect(kh.status()).toMatchObject({ state: 'expired', expiresAt, error: null });
    const health = await healthReport(
      w.a.store,
      [{ name: 'default', provider: w.a.client, status: kh.status() }],
      w.time.now(),
    );
    expect(health).toMatchObject({ ok: true, ready: false, providerKey: { state: 'expired', daysLeft: 0 } });
    const after = await told(w);
    expect(after).toHaveLength(beforeExpiry.length + 1);
    expect(after.at(-1)).toContain('The provider API key expired');
    expect(after.at(-1)).toContain('The provider still answers it for now');
    expect(after.at(-1)).toContain(ONCALL);
    // Said once, however many checks follow; never "expires in …" or "less than an hour" again.
    await w.time.advance(2 * DAY);
    const later = await told(w);
    expect(later).toHaveLength(after.length);
    expect(later.slice(beforeExpiry.length).join('\n')).not.toMatch(
      /expires in|less than an hour|within a day/,
    );
    expect(kh.nextCheckInMs()).toBe(6 * HOUR);

    // When the provider starts refusing it, that is told too (the refusal of an expired key).
    w.sim.control.setKeyExpiry('full', expiresAt);
    await w.time.advance(6 * HOUR + 60_000);
    await w.time.advance(2 * 60_000);
    const refused = await told(w);
    expect(kh.status()).toMatchObject({ state: 'refused' });
    // The same alarm, edited to say so, and said in its thread.
    expect(refused).toHaveLength(later.length + 1);
    expect(refused.at(-1)).toContain('the provider API key is refused');
    expect(w.slack.updates.at(-1)?.text).toMatch(
      /^:rotating_light: .*The provider refuses the API key \(401\)/,
    );
    // One alarm all along: raised when it expired, updated when refused.
    const inc = await w.a.store.incidents.latestFor('key-expired', 'key');
    expect(inc?.changes.map((c) => c.to)).toEqual(['alarm', 'alarm']);
  });

  it('already expired at start-up: the bot starts, and says so at once', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const expiresAt = new Date(Math.floor((w.time.ms() - 3 * HOUR) / 1000) * 1000);
    w.sim.control.setKeyExpiry('full', expiresAt, { enforced: false });
    const kh = keyHealth(w, w.a);
    expect(await kh.startupCheck()).toMatchObject({ state: 'expired', expiresAt, error: null });
    const said = await told(w);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('The provider API key expired');
    expect(said[0]).not.toMatch(/expires in|less than an hour/);
    expect(w.sink.text).toContain('the provider key has expired, yet the provider still answers it');
  });
});

describe('the provider key at start-up', () => {
  it('a refused key (401) stops start-up with one line saying what to do, without the key', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const client = new ProviderClient({ baseUrl: w.sim.url, apiKey: w.sim.keys.expired });
    try {
      const kh = keyHealth(w, { ...w.a, client }, { keyId: keyFingerprint(w.sim.keys.expired) });
      const err = await caught(kh.startupCheck());
      expect(err).toBeInstanceOf(ProviderKeyError);
      const line = (err as Error).message;
      expect(line.split('\n')).toHaveLength(1);
      expect(line).toMatch(
        /^PROVIDER_API_KEY was refused by the provider at http:\/\/127\.0\.0\.1:\d+ \(401/,
      );
      expect(line).toContain('issue a new key');
      expect(line).not.toContain(w.sim.keys.expired);
      expect(kh.status().state).toBe('refused');
    } finally {
      await client.close();
    }
  });

  it('403 and an unreachable provider are recorded, not thrown; a later check that works clears them', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const forbidden = new ProviderClient({ baseUrl: w.sim.url, apiKey: w.sim.keys.ipRestricted });
    const nowhere = new ProviderClient({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: w.sim.keys.full,
      retry: { maxAttempts: 1 },
    });
    try {
      const f = keyHealth(w, { ...w.a, client: forbidden });
      expect(await f.startupCheck()).toMatchObject({ state: 'forbidden', error: 'FORBIDDEN' });
      const u = keyHealth(w, { ...w.a, client: nowhere });
      const s = await u.startupCheck();
      expect(s.state).toBe('unreachable');
      expect(s.error).toMatch(/^network_/);
      // A failed check is asked again within a minute.
      expect(u.nextCheckInMs()).toBe(60_000);

      // The same bot once the provider answers.
      let reachable = false;
      const flaky = keyHealth(w, {
        ...w.a,
        client: new Proxy(w.a.client, {
          get: (t, p) => (p === 'me' && !reachable ? () => nowhere.me() : Reflect.get(t, p)),
        }),
      });
      expect((await flaky.startupCheck()).state).toBe('unreachable');
      flaky.start();
      reachable = true;
      await w.time.advance(61_000);
      expect(flaky.status()).toMatchObject({ state: 'ok', error: null, expiresAt: null });
    } finally {
      await forbidden.close();
      await nowhere.close();
    }
  });
});
