/**
 * Channels the bot cannot post in, end to end with the manual clock: the
 * simulator, a real store (SQLite and PostgreSQL), the watcher and the
 * notifier. A channel Slack refuses for good is parked after one call: its
 * rows wait, the watch's creator is told once in a direct message (across a
 * restart too), and nothing is retried there until the next probe. After an
 * invite, one message sums up what is older than the cut and recent alerts
 * are posted as usual; an incident told only in the summary starts a new
 * message when it changes again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Instance, type Kind, makeWorld, type World } from './support/world.ts';

const CHANNEL = 'C0PARKED1';
const OPERATOR = 'U0CREATOR';
const MIN = 60_000;

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function read(w: World, inst: Instance = w.a) {
  return w.time.drive(inst.watcher.runCycle());
}

async function step(w: World, inst: Instance = w.a) {
  await inst.leadership.ensure();
  return inst.notifier.drainOnce();
}

/** Notifier steps over `ms` of test time. */
async function drain(w: World, ms: number, inst: Instance = w.a): Promise<void> {
  for (let t = 0; t < ms; t += 500) {
    await step(w, inst);
    await w.time.advance(500);
  }
  await step(w, inst);
}

const refusedIn = (w: World, channel: string) => w.slack.refused.filter((r) => r.args.channel === channel);
const dms = (w: World) => w.slack.posts.filter((p) => p.channel === OPERATOR);
const nameOf = (w: World, uuid: string) => w.sim.control.servers().find((s) => s.uuid === uuid)!.name;

async function parkedWorld(kind: Kind): Promise<World> {
  world = await makeWorld({ kind, servers: 3, notifyChannel: undefined });
  const w = world;
  await w.a.store.watches.add({ target: 'all', channelId: CHANNEL, createdBy: OPERATOR });
  await read(w);
  w.slack.close(CHANNEL, 'not_in_channel');
  return w;
}

describe.each<Kind>(['sqlite', 'postgres'])('a channel the bot cannot post in, on %s', (kind) => {
  it('is parked after one refused call; the watch’s creator is told once; nothing is retried there', async () => {
    const w = await parkedWorld(kind);
    const [u0, u1] = w.uuids;
    w.sim.control.setPower(u0!, 'stopped');
    await read(w);
    await drain(w, 3_000);
    expect(refusedIn(w, CHANNEL)).toHaveLength(1);
    const told = dms(w);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`<#${CHANNEL}>`);
    expect(told[0]!.text).toContain('I’m not a member of it');
    expect(told[0]!.text).toContain('`/invite @vps-bot`');
    expect(told[0]!.text).toContain('older than 30 min');
    expect((await w.a.store.channels.parked()).map((c) => c.channelId)).toEqual([CHANNEL]);

    // More changes while parked: parked on sight, no call to Slack, nobody told again.
    w.sim.control.setPower(u1!, 'error');
    await w.time.advance(10_000);
    await read(w);
    w.sim.control.setPower(u0!, 'running');
    await w.time.advance(10_000);
    await read(w);
    await drain(w, 60_000);
    expect(refusedIn(w, CHANNEL)).toHaveLength(1);
    expect(dms(w)).toHaveLength(1);
    expect(w.slack.posts.filter((p) => p.channel === CHANNEL)).toHaveLength(0);
    expect(await w.a.store.outbox.due(new Date(w.time.ms() + 3_600_000), 100)).toEqual([]);
    expect(await w.a.store.outbox.parkedRows(CHANNEL)).not.toHaveLength(0);
    expect(w.a.notifier.stats().parked).toBe(1);
  });

  it('is tried again every 5 min without telling anyone twice, and a restarted process does not tell again', async () => {
    const w = await parkedWorld(kind);
    w.sim.control.setPower(w.uuids[0]!, 'stopped');
    await read(w);
    await drain(w, 2_000);
    expect(refusedIn(w, CHANNEL)).toHaveLength(1);
    // Each probe is one call, refused again: parked again, no second direct message.
    await w.time.advance(5 * MIN);
    await drain(w, 2_000);
    expect(refusedIn(w, CHANNEL)).toHaveLength(2);
    await w.a.kill();
    const b = await w.instance('b');
    w.sim.control.setPower(w.uuids[1]!, 'stopped');
    await w.time.advance(20_000);
    await read(w, b);
    await drain(w, 2_000, b);
    expect(refusedIn(w, CHANNEL)).toHaveLength(2);
    await w.time.advance(5 * MIN);
    await drain(w, 2_000, b);
    expect(refusedIn(w, CHANNEL)).toHaveLength(3);
    expect(dms(w)).toHaveLength(1);
  });

  it('after an invite sums up what is old in one message, posts what is recent, and revives a summarised alert that changes again', async () => {
    const w = await parkedWorld(kind);
    const [u0, u1, u2] = w.uuids;
    // Old: u0 stops (an alarm) and u2 flaps; both stay unposted for over 30 min.
    w.sim.control.setPower(u0!, 'stopped');
    w.sim.control.setPower(u2!, 'error');
    await read(w);
    await drain(w, 2_000);
    w.sim.control.setPower(u2!, 'running');
    await w.time.advance(10_000);
    await read(w);
    await w.time.advance(35 * MIN);
    // Recent: u1 stops four minutes before the bot is invited.
    w.sim.control.setPower(u1!, 'stopped');
    await read(w);
    await drain(w, 2_000);
    expect(w.slack.topLevel(CHANNEL)).toHaveLength(0);
    w.slack.open(CHANNEL);
    await w.time.advance(5 * MIN);
    await drain(w, 5_000);

    const top = w.slack.topLevel(CHANNEL);
    expect(top).toHaveLength(2);
    const summary = top.find((p) => p.text.startsWith(':inbox_tray:'))!;
    expect(summary.text).toMatch(/I couldn’t post here from <!date\^\d+\^[^>]+> until now/);
    // u0's stop, u2's error and its recovery: three changes on two servers, two of them alarms.
    expect(summary.text).toContain('3 power changes on');
    expect(summary.text).toContain(`*${nameOf(w, u0!)}*`);
    expect(summary.text).toContain(`*${nameOf(w, u2!)}*`);
    expect(summary.text).not.toContain(nameOf(w, u1!));
    expect(summary.text).toContain('2 of them alarms');
    const alert = top.find((p) => p !== summary)!;
    expect(alert.text).toContain(nameOf(w, u1!));
    expect(alert.text).toContain('stopped');
    // Nothing else: no thread replies for the summarised incidents, nothing left waiting.
    expect(w.slack.posts.filter((p) => p.channel === CHANNEL && p.thread_ts)).toHaveLength(0);
    expect(await w.a.store.outbox.parkedRows(CHANNEL)).toEqual([]);
    expect(await w.a.store.outbox.due(new Date(w.time.ms() + 3_600_000), 100)).toEqual([]);
    expect(await w.a.store.channels.parked()).toEqual([]);

    // u0 was told only in the summary; when it starts again, that is a new message.
    w.sim.control.setPower(u0!, 'running');
    await w.time.advance(10_000);
    await read(w);
    await drain(w, 3_000);
    const after = w.slack.topLevel(CHANNEL);
    expect(after).toHaveLength(3);
    expect(after[2]!.text).toContain(nameOf(w, u0!));
    expect(after[2]!.text).toContain('running');
    expect(await w.a.store.outbox.due(new Date(w.time.ms() + 3_600_000), 100)).toEqual([]);
    expect(dms(w)).toHaveLength(1);
  });

  it('a channel with nobody to tell (the notify channel) is parked and logged, not retried', async () => {
    world = await makeWorld({ kind, servers: 2, notifyChannel: CHANNEL });
    const w = world;
    await read(w);
    w.slack.close(CHANNEL, 'is_archived');
    w.sim.control.setPower(w.uuids[0]!, 'stopped');
    await read(w);
    await drain(w, 30_000);
    expect(refusedIn(w, CHANNEL)).toHaveLength(1);
    expect(w.slack.posts).toHaveLength(0);
    expect(w.sink.lines.some((l) => l.includes('no watch there names anyone to tell'))).toBe(true);
  });
});
