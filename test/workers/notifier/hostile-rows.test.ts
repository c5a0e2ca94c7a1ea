/**
 * What the provider or a stranger says cannot silence the notifier, end to
 * end with the manual clock (the simulator, a real store, the watcher, the
 * notifier, a Slack that refuses what real Slack refuses): a request path of
 * 3,100 characters in the key's log, a server name of 4,000 characters, are
 * told cut to fit; a row nothing can draw is set aside, logged and counted,
 * and the alarm behind it is posted in the same step, in its own channel and
 * in every other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { assertBlocksWithinLimits } from '../../../src/slack/views/limits.ts';
import type { Notice } from '../../../src/store/index.ts';
import { KEY_USE_SETTLE_MS } from '../../../src/watch/key-use-watch.ts';
import { drain, read, step } from '../../watch/support/steps.ts';
import { CHANNEL, makeWorld, type World } from '../../watch/support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const OTHER = 'C0OTHER01';

/** A notice whose time no calendar can show: drawing its message throws (a damaged row). */
const undrawable = (at: number): Notice => ({
  kind: 'server-added',
  uuid: 'u-bad',
  name: 'bad',
  at: at * 1e290,
});

/** Every message Slack took is within Block Kit's limits, as the fake Slack already made sure. */
function allWithinLimits(w: World): void {
  for (const p of w.slack.posts) assertBlocksWithinLimits(p.blocks ?? [], 'message');
  expect(w.slack.refused).toEqual([]);
}

describe('rows the notifier cannot post as they are', () => {
  it('sets aside a row it cannot draw, logs and counts it, and posts the alarm behind it in the same step', async () => {
    world = await makeWorld({ servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    // Written first, in a channel of its own and in the alarm's: both are ahead of the alarm.
    for (const channel of [OTHER, CHANNEL]) {
      await w.a.store.outbox.enqueue({
        dedupeKey: `bad@${channel}`,
        channelId: channel,
        payload: undrawable(w.time.ms()),
      });
    }
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    const first = await step(w);
    expect(first.posted).toBe(1);
    expect(w.slack.posts.map((p) => p.channel)).toEqual([CHANNEL]);
    expect(w.slack.posts[0]!.text).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> \*.+\* stopped/);
    // The bad rows are kept unsent, never tried again, logged and counted; nothing else is held.
    await drain(w, 5_000);
    expect(w.a.notifier.stats().setAside).toBe(2);
    await w.sink.waitFor((l) => l.msg === 'outbox row set aside; the rest of the outbox goes on');
    for (const id of [1, 2]) {
      const row = await w.a.store.outbox.get(id);
      expect(row?.sentAt).toBeNull();
      expect(row?.nextAttemptAt).toBeNull();
      expect(row?.lastError).toMatch(/^not drawable: /);
    }
    // The incident goes on: its recovery is told in its thread, and the other channel is told too.
    w.sim.control.setPower(u0, 'running');
    await w.time.advance(60_000);
    await read(w);
    await w.a.store.outbox.enqueue({
      dedupeKey: 'later@other',
      channelId: OTHER,
      payload: { kind: 'server-added', uuid: 'u-new', name: 'web-new', at: w.time.ms() },
    });
    await drain(w, 5_000);
    expect(w.slack.replies(w.slack.posts[0]!.ts).map((p) => p.text)).toEqual([
      expect.stringContaining('recovered'),
    ]);
    expect(w.slack.posts.filter((p) => p.channel === OTHER).map((p) => p.text)).toEqual([
      expect.stringContaining('web-new'),
    ]);
    expect(w.a.notifier.stats().setAside).toBe(2);
    allWithinLimits(w);
  });

  it('tells an outside rename to a name of 4,000 characters, cut to fit, and the alarm after it', async () => {
    world = await makeWorld({ servers: 2 });
    const w = world;
    const [u0, u1] = [w.uuids[0]!, w.uuids[1]!];
    await read(w);
    // The provider answers a name far beyond its own limit of 50 (in the list and the detail).
    w.sim.control.corruptServer(u0, { set: { name: `web-${'n'.repeat(3_996)}` } });
    // Seen twice (the bot's own audit row may still be on its way), then told.
    for (let i = 0; i < 2; i += 1) {
      await w.time.advance(10_000);
      await read(w);
    }
    w.sim.control.setPower(u1, 'error');
    await read(w);
    await drain(w, 5_000);
    const renamed = w.slack.posts.find((p) => p.text.includes('outside Slack'));
    expect(renamed?.text).toMatch(/was renamed to \*web-n+…\*/);
    expect(JSON.stringify(renamed?.blocks)).toMatch(/\/vps show web-n+…/);
    expect(w.slack.posts.some((p) => p.text.includes('reports a power *error*'))).toBe(true);
    expect(w.a.notifier.stats().setAside).toBe(0);
    allWithinLimits(w);
  });

  it('raises the key-use alarm for a request path of 3,100 characters, cut to fit, and tells what follows', async () => {
    world = await makeWorld({ servers: 2, keyUse: { expected: [], burst: { count: 5, windowMinutes: 10 } } });
    const w = world;
    const cycles = async (ms: number) => {
      for (let t = 0; t < ms; t += 20_000) {
        await read(w);
        await w.time.advance(20_000);
      }
      await read(w);
    };
    await cycles(KEY_USE_SETTLE_MS + 60_000);
    const path = `/v1/vps/servers/${'a'.repeat(3_084)}`;
    w.sim.control.keyUse({ ip: '203.0.113.9', method: 'GET', path, status: 404 });
    await cycles(KEY_USE_SETTLE_MS + 60_000);
    await drain(w, 3_000);
    const alarm = w.slack.topLevel(CHANNEL).find((p) => p.text.includes('used by a client other than'));
    expect(alarm?.text).toMatch(/`GET \/v1\/vps\/servers\/a+…` → 404 from `203\.0\.113\.9`/);
    // A later stranger's ordinary request is told too: nothing is held behind the long one.
    w.sim.control.keyUse({ ip: '198.51.100.7', method: 'GET', path: '/v1/me', status: 200 });
    await cycles(KEY_USE_SETTLE_MS + 60_000);
    await drain(w, 3_000);
    expect(
      w.slack.topLevel(CHANNEL).some((p) => p.text.includes('`GET /v1/me` → 200 from `198.51.100.7`')),
    ).toBe(true);
    expect(w.a.notifier.stats().setAside).toBe(0);
    allWithinLimits(w);
  }, 120_000);
});
