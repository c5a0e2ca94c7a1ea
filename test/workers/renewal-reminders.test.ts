/**
 * Renewal reminders over weeks of manual time: the simulator's clock, the real
 * provider client, the real store (SQLite, and PostgreSQL shared by two
 * replicas) and the real notifier posting to an in-process Slack. A paid
 * order's date comes from the signup status the watcher reads; each
 * threshold of the reminder days is told once, on its Japan calendar day,
 * whatever the replicas and restarts. Nothing waits for wall time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { japanDayStart, ProviderClient, parseProviderDate } from '../../src/provider/index.ts';
import { RenewalReminders, type RenewalRemindersOptions } from '../../src/workers/renewal-reminders.ts';
import { ORDER_CHANNEL, paidSignup } from '../watch/support/paid-signup.ts';
import { CHANNEL, type Instance, type Kind, makeWorld, type World } from '../watch/support/world.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let world: World | undefined;
const running: RenewalReminders[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
  await world?.close();
  world = undefined;
});

function reminders(w: World, inst: Instance, over: Partial<RenewalRemindersOptions> = {}): RenewalReminders {
  const r = new RenewalReminders({
    store: w.time.trackAll(inst.store),
    provider: w.time.trackAll(inst.client),
    clock: w.time,
    timers: w.time,
    logger: w.logger,
    isLeader: () => inst.leadership.isLeader(),
    days: [30, 7, 1],
    // Between the Japan midnights it wakes at, a look every few hours (a date set meanwhile).
    pollMs: 6 * HOUR,
    onOutbox: () => inst.notifier.kick(),
    ...over,
  });
  running.push(r);
  return r;
}

/** A paid order active at once, and the contract date the simulator gave it. */
async function paidOrder(w: World, opts: { autoRenew?: boolean } = {}) {
  const { id, serviceId } = await paidSignup(w, 'active', { ...opts, name: 'shop-db' });
  const expiry = w.sim.control.signups().find((x) => x.id === serviceId)!.expiryDate!;
  return { id, expiry };
}

/** What the order's channel has been told so far (the notifier drained first). */
async function told(w: World, inst: Instance = w.a, channel = ORDER_CHANNEL): Promise<string[]> {
  await inst.leadership.ensure();
  // A channel's posts are paced: a second between two drains lets the next one go.
  for (let i = 0; i < 3; i += 1) {
    await inst.notifier.drainOnce();
    await w.time.advance(1_000);
  }
  return w.slack.posts.filter((p) => p.channel === channel).map((p) => p.text);
}

/** 00:00 Japan time `days` before a contract date, plus `ms`. */
function beforeDate(date: string, days: number, ms = 0): number {
  return japanDayStart(parseProviderDate(date)! - days) + ms;
}

async function advanceTo(w: World, at: number): Promise<void> {
  await w.time.advance(at - w.time.ms());
}

const plansReads = (w: World) => w.sim.control.requests({ path: '/v1/vps/plans' }).length;

describe('renewal reminders', () => {
  it('an order’s date from the signup status, then each threshold once on its Japan day, with the price of the day', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { expiry } = await paidOrder(w);
    // 2 March 2026 (JST): a 3-month order runs to the end of June.
    expect(expiry).toBe('2026-06-30');
    // The watcher reads the order's status once, for its date.
    await w.time.drive(w.a.watcher.runCycle());
    expect(await w.a.store.contracts.all()).toMatchObject([
      { providerDate: expiry, channelId: ORDER_CHANNEL },
    ]);

    const r = reminders(w, w.a);
    r.start();
    await w.time.advance(HOUR);
    expect(await told(w)).toEqual([]);
    const before = plansReads(w);

    // The 30-day reminder: not a minute before its day begins in Japan, within a poll after.
    await advanceTo(w, beforeDate(expiry, 30, -60_000));
    expect(await told(w)).toEqual([]);
    await advanceTo(w, beforeDate(expiry, 30, 2 * 60_000));
    const [d30] = await told(w);
    expect(d30).toContain(
      '*shop-db*: the contract renews on *2026-06-30* (in 30 days), paid from the prepaid balance.',
    );
    expect(d30).toContain('e-mails only the account owner');
    expect(d30).toContain('The API does not show the prepaid balance, so the bot cannot check');
    // The price of that plan and period in the list of that day, read once, as background work.
    expect(plansReads(w)).toBe(before + 1);
    const list = w.sim.control.requests({ path: '/v1/vps/plans' }).at(-1)!;
    expect(list.status).toBe(200);
    const post = w.slack.posts.find((p) => p.text === d30)!;
    const client = new ProviderClient({
      baseUrl: w.sim.url,
      apiKey: w.sim.keys.full,
      clock: w.time.clientClock,
    });
    const price = (await client.plans()).plans
      .find((p) => p.plan_id === 'vps-2gb')!
      .periods.find((p) => p.months === 3)!.total_price;
    await client.close();
    expect(JSON.stringify(post.blocks)).toContain(
      `*Renewal price:* ¥${price.toLocaleString('en-US')} (tax included) for *VPS 2GB*, 3 months`,
    );

    // Nothing more that day, nor until the 7-day one, whatever the polls.
    await advanceTo(w, beforeDate(expiry, 7, -60_000));
    expect(await told(w)).toHaveLength(1);
    // The plan stops being offered: the next reminder says so instead of a price.
    w.sim.control.setPlanClosed('vps-2gb', null, true);
    await advanceTo(w, beforeDate(expiry, 7, 2 * 60_000));
    const seven = await told(w);
    expect(seven).toHaveLength(2);
    expect(seven[1]).toContain('(in 7 days)');
    expect(JSON.stringify(w.slack.posts.at(-1)!.blocks)).toContain(
      'The plan `vps-2gb` is no longer in today’s price list',
    );

    await advanceTo(w, beforeDate(expiry, 1, 2 * 60_000));
    const one = await told(w);
    expect(one).toHaveLength(3);
    expect(one[2]).toContain('(tomorrow)');
    // The day itself and after: nothing more; three reminders, three price reads.
    await w.time.advance(3 * DAY);
    expect(await told(w)).toHaveLength(3);
    // Three reminders, three reads of the list (and the test's own read of the price above).
    expect(plansReads(w)).toBe(before + 3 + 1);
    // Only the order's channel: never the notify channel.
    expect(w.slack.posts.filter((p) => p.channel === CHANNEL)).toEqual([]);
  });

  it('a date known late tells the nearest threshold reached, not the ones it missed; auto-renewal off is said', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const { expiry } = await paidOrder(w, { autoRenew: false });
    // Ten days before the date, the watcher reads it for the first time.
    await advanceTo(w, beforeDate(expiry, 10, 9 * HOUR));
    await w.time.drive(w.a.watcher.runCycle());
    const r = reminders(w, w.a);
    await w.time.drive(r.runOnce());
    const posts = await told(w);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('the contract expires on *2026-06-30* (in 10 days)');
    expect(posts[0]).toContain('ordered here with auto-renewal off');
    expect(await w.time.drive(r.runOnce())).toEqual({ queued: 0, priceRead: false });
  });

  it('turned off (no days): nothing is read or told', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    await w.a.store.contracts.setByPerson(
      {
        serverUuid: w.uuids[0]!,
        serverName: 'srv',
        date: '2026-03-10',
        userId: 'U0OPS',
        channelId: ORDER_CHANNEL,
      },
      w.time.now(),
    );
    const r = reminders(w, w.a, { days: [] });
    expect(await w.time.drive(r.runOnce())).toEqual({ queued: 0, priceRead: false });
    expect(await told(w)).toEqual([]);
  });

  for (const kind of ['sqlite', 'postgres'] as Kind[]) {
    it(`${kind}: once per threshold with two replicas on one database and across a restart`, async () => {
      world = await makeWorld({ kind, servers: 1 });
      const w = world;
      const b = kind === 'postgres' ? await w.instance('b') : w.a;
      const uuid = w.uuids[0]!;
      // A server ordered in the panel, its date set by hand 20 days ahead.
      const date = '2026-03-22';
      await w.a.store.contracts.setByPerson(
        { serverUuid: uuid, serverName: 'panel-vps', date, userId: 'U0OPS', channelId: ORDER_CHANNEL },
        w.time.now(),
      );
      // Both believe they lead (a lease that overlaps for a moment): the store's mark decides.
      const first = reminders(w, w.a, { isLeader: () => true });
      const second = reminders(w, b, { isLeader: () => true });
      const [x, y] = await w.time.drive(Promise.all([first.runOnce(), second.runOnce()]));
      expect(x.queued + y.queued).toBe(1);
      // A date set by hand on a server not ordered here: no plan to price, no list read.
      expect(x.priceRead || y.priceRead).toBe(false);
      const posts = await told(w);
      expect(posts).toHaveLength(1);
      expect(posts[0]).toContain('*panel-vps*: the contract renews on *2026-03-22* (in 20 days)');
      expect(JSON.stringify(w.slack.posts[0]!.blocks)).toContain('Date set by <@U0OPS>');

      // Restarted: a new worker on the same store finds it told.
      await first.stop();
      const restarted = reminders(w, w.a, { isLeader: () => true });
      expect(await w.time.drive(restarted.runOnce())).toMatchObject({ queued: 0 });
      // A replica that does not lead writes nothing, even when a reminder is due.
      const follower = reminders(w, b, { isLeader: () => false });
      await advanceTo(w, beforeDate(date, 7, HOUR));
      expect(await w.time.drive(follower.runOnce())).toMatchObject({ queued: 0 });
      const [p, q] = await w.time.drive(Promise.all([restarted.runOnce(), second.runOnce()]));
      expect(p.queued + q.queued).toBe(1);
      expect(await told(w)).toHaveLength(2);
      expect(
        w.slack.posts.filter((m) => m.channel === ORDER_CHANNEL).map((m) => m.text.split('\n')[0]),
      ).toEqual([expect.stringContaining('(in 20 days)'), expect.stringContaining('(in 7 days)')]);
      // A new date starts its reminders again.
      await w.a.store.contracts.setByPerson(
        {
          serverUuid: uuid,
          serverName: 'panel-vps',
          date: '2026-04-10',
          userId: 'U0OPS',
          channelId: ORDER_CHANNEL,
        },
        w.time.now(),
      );
      const [s, t] = await w.time.drive(Promise.all([restarted.runOnce(), second.runOnce()]));
      expect(s.queued + t.queued).toBe(1);
      expect((await told(w)).at(-1)).toContain('*2026-04-10*');
    });
  }
});
