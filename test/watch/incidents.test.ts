/**
 * Power incidents end to end with the manual clock: the simulator, a real
 * store, the watcher and the notifier share one time, advanced by the test.
 * The first change is posted within one read and one notifier step; what
 * follows within the flap window edits that message; later changes and the
 * recovery answer in its thread; a restart between the post and its edit
 * loses nothing and posts nothing twice; a mute holds everything back for one
 * summary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { drain, nameOf, read, step } from './support/steps.ts';
import { CHANNEL, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe.each<Kind>(['sqlite', 'postgres'])('power incidents on %s', (kind) => {
  it('posts the first change within one read and one notifier step, with everything a person needs', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    const server = w.sim.control.servers().find((s) => s.uuid === u0)!;
    await read(w);
    await w.time.advance(3 * 3_600_000);
    w.sim.control.setPower(u0, 'stopped');
    const r = await read(w);
    expect(r.transitions.map((t) => t.to)).toEqual(['stopped']);
    expect((await step(w)).posted).toBe(1);
    expect(w.slack.posts).toHaveLength(1);
    const post = w.slack.posts[0]!;
    expect(post.channel).toBe(CHANNEL);
    // The first line: the alarm, its own marker, on-call.
    expect(post.text.split('\n')[0]).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> \*.+\* stopped with no power operation/,
    );
    const all = w.slack.textOf(0);
    expect(all).not.toContain(':white_circle:');
    // New and previous state, for how long (the first read was 3 h before), IP, plan, no operation.
    expect(post.text).toMatch(
      /\*stopped\* since <!date\^\d+\^\{date_short_pretty\} \{time\}\|\d{4}-\d\d-\d\d \d\d:\d\d UTC>/,
    );
    expect(post.text).toContain('(was *running* for at least 3 h)');
    expect(post.text).toContain(`IP address ${server.ipAddress}`);
    expect(post.text).toContain('power operation: none seen');
    expect(all).toContain('"action_id":"vps_card_show"');
    expect(all).toContain('"action_id":"watch_alert_mute"');
    expect(all).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
  });

  it('folds a flap into the one message it edits, and tells no one twice', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'error');
    await w.time.advance(5_000);
    await read(w);
    await step(w);
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.textOf(0)).toContain(ONCALL);
    w.sim.control.setPower(u0, 'running');
    await w.time.advance(10_000);
    await read(w);
    await drain(w, 60_000);
    // Still one message, edited once: it flapped, and when; the alarm is gone from it.
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.updates).toHaveLength(1);
    expect(w.slack.updates[0]!.ts).toBe(w.slack.posts[0]!.ts);
    const text = w.slack.textOf(0);
    expect(text).toContain('flapped');
    expect(text).toMatch(/between <!date\^\d+.*and <!date\^\d+/);
    expect(text).not.toContain(ONCALL);
    expect(w.slack.replies(w.slack.posts[0]!.ts)).toHaveLength(0);
    expect(await w.a.store.outbox.due(new Date(w.time.ms() + 86_400_000), 100)).toEqual([]);
    // A new change after the flap settled is a new incident: a new message.
    await w.time.advance(60_000);
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    await step(w);
    expect(w.slack.topLevel()).toHaveLength(2);
  });

  it('answers a recovery in the thread and rewrites the first line', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'stopped');
    await w.time.advance(1_000);
    await read(w);
    await step(w);
    const alert = w.slack.posts[0]!;
    // A power operation later in the incident: a reply in the thread, no new message.
    await w.time.advance(40_000);
    w.sim.control.setPower(u0, 'processing');
    await read(w);
    await drain(w, 3_000);
    w.sim.control.setPower(u0, 'running');
    await w.time.advance(15_000);
    await read(w);
    await drain(w, 5_000);
    expect(w.slack.topLevel()).toHaveLength(1);
    const replies = w.slack.replies(alert.ts);
    expect(replies.map((p) => p.text)).toEqual([
      expect.stringContaining('is now *processing* (was *stopped* for 40 s)'),
      expect.stringMatching(/^:white_check_mark: \*.+\* recovered after 5\d s: \*running\* again/),
    ]);
    const first = w.slack.current.get(alert.ts)!.text.split('\n')[0]!;
    expect(first).toMatch(/^:white_check_mark: \*.+\* recovered after 5\d s: \*running\* again/);
    expect(w.slack.current.get(alert.ts)!.text).not.toContain(ONCALL);
  });

  it('an incident survives a restart between its post and its update: edited, never posted again', async () => {
    world = await makeWorld({ kind, servers: 3, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'error');
    await read(w);
    await step(w);
    expect(w.slack.posts).toHaveLength(1);
    // The flip back is recorded (its update queued with the snapshot), then the process dies
    // before its notifier edits the message.
    w.sim.control.setPower(u0, 'running');
    await w.time.advance(5_000);
    await read(w);
    await w.a.kill();
    const b = await w.instance('b');
    // On PostgreSQL b takes the lease once a's has lapsed.
    await w.time.advance(20_000);
    expect((await read(w, b)).transitions).toEqual([]);
    await drain(w, 10_000, b);
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.updates.map((u) => u.ts)).toEqual([w.slack.posts[0]!.ts]);
    expect(w.slack.textOf(0)).toContain('flapped');
    expect(await b.store.outbox.due(new Date(w.time.ms() + 86_400_000), 100)).toEqual([]);
  });

  it('a restart between the change and its post posts it once, showing what happened meanwhile', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    // Slack fails the post; the process dies before it is retried.
    w.slack.failNext({ kind: 'throw-network' });
    await step(w);
    expect(w.slack.posts).toHaveLength(0);
    await w.a.kill();
    w.sim.control.setPower(u0, 'running');
    await w.time.advance(25_000);
    const b = await w.instance('b');
    await read(w, b);
    await drain(w, 10_000, b);
    // One message, drawn from the incident as it is now; the update it made moot costs no call.
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.updates).toHaveLength(0);
    expect(w.slack.textOf(0)).toContain('flapped');
    expect(b.notifier.stats().rowsSent).toBe(2);
  });

  it('a mute records changes without telling them, then sums them up once', async () => {
    world = await makeWorld({ kind, servers: 3, flapWindowMs: 30_000 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string];
    await read(w);
    const until = new Date(w.time.ms() + 10 * 60_000);
    await w.a.store.mutes.set({ target: 'all', channelId: CHANNEL, until, createdBy: 'U0OPERATOR' });
    w.sim.control.setPower(u0, 'stopped');
    w.sim.control.setPower(u1, 'error');
    await w.time.advance(60_000);
    await read(w);
    w.sim.control.setPower(u1, 'running');
    await w.time.advance(60_000);
    await read(w);
    await drain(w, 5_000);
    expect(w.slack.posts).toHaveLength(0);
    // Recorded all the same.
    expect((await w.a.store.snapshots.get(u0))?.powerStatus).toBe('stopped');
    expect((await w.a.store.incidents.latestFor('power', u1))?.changes).toHaveLength(2);
    await w.time.advance(10 * 60_000);
    await drain(w, 3_000);
    expect(w.slack.posts).toHaveLength(1);
    const summary = w.slack.textOf(0);
    expect(summary).toContain('While they were muted: 3 changes');
    expect(summary).toContain(`*${nameOf(w, u0)}*: running → stopped`);
    expect(summary).toContain(`*${nameOf(w, u1)}*: flapped`);
    // What is over wakes nobody.
    expect(summary).not.toContain(ONCALL);
    // The stopped server's incident is still open: its next change is posted as the incident so far.
    w.sim.control.setPower(u0, 'running');
    await read(w);
    await drain(w, 3_000);
    expect(w.slack.topLevel()).toHaveLength(2);
    expect(w.slack.textOf(1)).toMatch(/recovered after 1\d min: \*running\* again/);
  });

  it('an alarm within the window is said in the thread too, so the mention notifies', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'processing');
    await read(w);
    await step(w);
    expect(w.slack.textOf(0)).not.toContain(ONCALL);
    w.sim.control.setPower(u0, 'error');
    await w.time.advance(5_000);
    await read(w);
    await drain(w, 3_000);
    expect(w.slack.topLevel()).toHaveLength(1);
    const [reply] = w.slack.replies(w.slack.posts[0]!.ts);
    expect(reply?.text).toMatch(/^:rotating_light: <!subteam\^S0ONCALL> \*.+\* reports a power \*error\*/);
    expect(w.slack.textOf(0)).toMatch(/^:rotating_light: <!subteam\^S0ONCALL>/);
  });

  it('a mute still edits an alert posted before it, and holds back its thread reply', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    await step(w);
    const alert = w.slack.posts[0]!;
    const until = new Date(w.time.ms() + 10 * 60_000);
    await w.a.store.mutes.set({ target: u0, channelId: CHANNEL, until, createdBy: 'U0OPERATOR' });
    await w.time.advance(60_000);
    w.sim.control.setPower(u0, 'running');
    await read(w);
    await drain(w, 3_000);
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.current.get(alert.ts)!.text).toMatch(/^:white_check_mark: .* recovered after 1 min/);
    await w.time.advance(10 * 60_000);
    await drain(w, 2_000);
    expect(w.slack.posts).toHaveLength(2);
    expect(w.slack.posts[1]!.thread_ts).toBeUndefined();
    expect(w.slack.textOf(1)).toContain('While they were muted: 1 change on the servers');
  });

  it('a new alert goes ahead of waiting replies, and edits do not take its turn', async () => {
    world = await makeWorld({ kind, servers: 6, flapWindowMs: 30_000 });
    const w = world;
    const [a, b, c, d] = w.uuids as [string, string, string, string];
    await read(w);
    // Two alerts out, one at a time (a pair is not a digest).
    w.sim.control.setPower(a, 'stopped');
    await read(w);
    await step(w);
    w.sim.control.setPower(b, 'stopped');
    await w.time.advance(2_000);
    await read(w);
    await step(w);
    expect(w.slack.topLevel()).toHaveLength(2);
    // Later, both change again (replies and edits wait), and a third server stops.
    await w.time.advance(40_000);
    w.sim.control.setPower(a, 'processing');
    w.sim.control.setPower(b, 'processing');
    w.sim.control.setPower(c, 'error');
    await read(w);
    await step(w);
    // The new alert first; an edit went out beside it on its own lane.
    expect(w.slack.topLevel()).toHaveLength(3);
    expect(w.slack.textOf(2)).toContain(nameOf(w, c));
    expect(w.slack.updates.length).toBeGreaterThanOrEqual(1);
    await drain(w, 5_000);
    expect(w.slack.replies(w.slack.posts[0]!.ts)).toHaveLength(1);
    expect(w.slack.replies(w.slack.posts[1]!.ts)).toHaveLength(1);
    // Two alerts at once: the second follows the first without waiting out the pace.
    w.sim.control.setPower(d, 'error');
    w.sim.control.setPower(w.uuids[4]!, 'error');
    await w.time.advance(2_000);
    await read(w);
    const before = w.slack.posts.length;
    await step(w);
    await w.time.advance(10);
    await step(w);
    expect(w.slack.posts.length - before).toBe(2);
  });

  it('a burst is one digest per channel, edited in place when the servers come back', async () => {
    world = await makeWorld({ kind, servers: 6, flapWindowMs: 30_000 });
    const w = world;
    await read(w);
    for (const u of w.uuids) w.sim.control.setPower(u, 'stopped');
    await read(w);
    await drain(w, 2_000);
    expect(w.slack.posts).toHaveLength(1);
    const digest = w.slack.textOf(0);
    // The time in brackets: "at today 19:44" is no English.
    expect(digest).toContain('6 changes on the servers (<!date^');
    for (const u of w.uuids) expect(digest).toContain(`*${nameOf(w, u)}*: running → stopped`);
    // One time for the burst, not one per line.
    expect(
      w.slack.posts[0]!.blocks!.map((b) => JSON.stringify(b))
        .join('')
        .match(/<!date\^/g),
    ).toHaveLength(1);
    for (const u of w.uuids) w.sim.control.setPower(u, 'running');
    await w.time.advance(5_000);
    await read(w);
    await drain(w, 5_000);
    expect(w.slack.posts).toHaveLength(1);
    expect(w.slack.updates).toHaveLength(1);
    expect(w.slack.textOf(0)).toContain('6 × flapped');
  });
});

describe('the watcher and notifier loops', () => {
  it('post a stop within one read of it, not after the flap window', async () => {
    const intervalMs = 10_000;
    world = await makeWorld({ servers: 3, intervalMs, flapWindowMs: 30_000 });
    const w = world;
    w.a.watcher.start();
    w.a.notifier.start();
    await w.time.advance(15_000);
    const changedAt = w.time.ms();
    w.sim.control.setPower(w.uuids[1]!, 'stopped');
    for (let t = 0; t < 30_000 && w.slack.posts.length === 0; t += 100) await w.time.advance(100);
    expect(w.slack.posts).toHaveLength(1);
    // Within one read of the server (the interval) and one notifier step.
    expect(w.slack.posts[0]!.at - changedAt).toBeLessThanOrEqual(intervalMs + 1_100);
  });
});
