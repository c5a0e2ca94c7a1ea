/**
 * The Home's read model through the real app: built from what the store and
 * the watcher hold, opening a Home asks the provider nothing while the
 * watcher's power states are fresher than the read cache (READ_CACHE_SECONDS);
 * once they are older, an opening reads the server list once (the read cache
 * serves the next ones); a Home published again after a change never asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import { NO_RATE_LIMIT } from '../../support/hosting.ts';
import { fill } from '../../support/words.ts';

const NOON_JST = new Date('2026-03-10T03:00:00.000Z');
const en = catalogs.en;

describe('the Home read model', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      manualClockAt: NOON_JST,
      rateLimit: NO_RATE_LIMIT,
      operators: [OPERATOR],
      env: { READ_CACHE_SECONDS: '15' },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const listReads = () => h.sim.control.requests({ method: 'GET', path: '/v1/vps/servers' }).length;
  const providerRequests = () => h.sim.control.requests().length;

  async function open(user: string) {
    const since = h.slack.lastSeq;
    expect((await h.openHome({ userId: user })).status).toBe(200);
    return h.slack.waitForHome(user, since);
  }

  it('asks the provider nothing while what the watcher holds is fresh, and once when it is older', async () => {
    const servers = h.sim.control.servers();
    const now = h.sim.control.clock.now();
    for (const s of servers)
      await h.bot.store.snapshots.upsert({
        serverUuid: s.uuid,
        name: s.name,
        powerStatus: s.power,
        contractStatus: 'active',
        observedAt: now,
      });
    const before = providerRequests();
    const home = await open(VIEWER);
    expect(providerRequests()).toBe(before);
    const stopped = servers.filter((s) => s.power !== 'running');
    expect(messageText(home)).toContain(
      fill(en['home.fleet.summary'], { total: servers.length, states: '' }).split(' —')[0]!,
    );
    for (const s of stopped) expect(messageText(home)).toContain(`*${s.name}*`);

    // Older than the read cache: an opening reads the list once, and the next one is served by the cache.
    h.sim.control.clock.advance(20_000);
    const lists = listReads();
    await open(VIEWER);
    expect(listReads()).toBe(lists + 1);
    h.sim.control.clock.advance(1_100);
    await open(OPERATOR);
    expect(listReads()).toBe(lists + 1);
  });

  it('a Home published again after a change asks the provider nothing', async () => {
    h.sim.control.clock.advance(60_000);
    await open(VIEWER);
    const before = providerRequests();
    // A quote's decision, a claim, the watcher: any change marks the Homes; here a mute set by hand.
    const since = h.slack.lastSeq;
    const uuid = h.sim.control.servers()[0]!.uuid;
    await h.bot.store.mutes.set({
      target: uuid,
      channelId: 'C0OPS0001',
      until: new Date(h.sim.control.clock.now().getTime() + 3_600_000),
      createdBy: OPERATOR,
    });
    // The command that mutes marks the Homes: here the mark is set as a change would.
    await h.bot.store.homeViewers.touch(h.sim.control.clock.now());
    h.sim.control.clock.advance(1_100);
    const again = await h.slack.waitForHome(VIEWER, since);
    expect(messageText(again)).toContain(en['home.mutes.title'].replace(/\*/g, ''));
    expect(providerRequests()).toBe(before);
  });
});
