/**
 * The on-call loop end to end with the manual clock: the simulator, a real
 * store, the watcher, the notifier and the reminders share one time. A
 * suspended contract is an alarm told like a power alarm and resolved in
 * place; "I'm on it" edits the alert and says so in its thread (a takeover
 * too); the recovery says how long it lasted and who had it; a relapse within
 * the flap window reopens the same message; an alarm nobody took is raised
 * again, at most so often, and a claim, a mute or the recovery stops it; two
 * replicas remind once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { IncidentRow } from '../../src/store/index.ts';
import type { Renotifier } from '../../src/workers/renotifier.ts';
import { claim, renotifier } from './support/on-call.ts';
import { drain as drainFor, nameOf, read } from './support/steps.ts';
import { CHANNEL, type Instance, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const drain = (w: World, ms = 3_000, inst: Instance = w.a) => drainFor(w, ms, inst);

async function latest(w: World, kind: string, subject: string): Promise<IncidentRow> {
  const inc = await w.a.store.incidents.latestFor(kind, subject);
  if (!inc) throw new Error(`no ${kind} incident about ${subject}`);
  return inc;
}

/** One look of the reminders, as the notifier's loop makes it: on PostgreSQL only while the lease is held. */
async function remind(w: World, reminders: Renotifier, inst: Instance = w.a): Promise<number> {
  await inst.leadership.ensure();
  return reminders.runOnce();
}

/** Thread replies sent to the channel too. */
const broadcasts = (w: World) => w.slack.posts.filter((p) => p.reply_broadcast === true);

describe.each<Kind>(['sqlite', 'postgres'])('alarms on %s', (kind) => {
  it('a suspended contract is an alarm with “I’m on it”; active again, it is resolved in place and in its thread', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setContractStatus(u0, 'suspended');
    await read(w);
    await drain(w);
    expect(w.slack.topLevel()).toHaveLength(1);
    const alert = w.slack.posts[0]!;
    expect(alert.text.split('\n')[0]).toBe(
      `:rotating_light: ${ONCALL} The contract of *${nameOf(w, u0)}* is *suspended*`,
    );
    const blocks = JSON.stringify(alert.blocks);
    for (const id of ['watch_incident_claim', 'watch_alert_mute', 'vps_card_show'])
      expect(blocks).toContain(id);
    expect(alert.text).toContain('Nobody is on it yet');
    await w.time.advance(2 * 60_000);
    w.sim.control.setContractStatus(u0, 'active');
    await read(w);
    await drain(w);
    expect(w.slack.topLevel()).toHaveLength(1);
    const now = w.slack.current.get(alert.ts)!;
    expect(now.text).toMatch(
      /^:white_check_mark: The contract of \*.+\* is no longer suspended, after 2 min/,
    );
    expect(now.text).toContain('nobody had taken it');
    expect(JSON.stringify(now.blocks)).not.toContain('watch_incident_claim');
    const [reply] = w.slack.replies(alert.ts);
    expect(reply?.text).toMatch(/no longer suspended, after 2 min · <!date\^.*; nobody had taken it/);
    expect((await latest(w, 'contract', u0)).resolvedAt).not.toBeNull();
  });

  it('a contract back to active that a server read sees before the list does is still resolved', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setContractStatus(u0, 'suspended');
    await read(w);
    await drain(w);
    const alert = w.slack.posts[0]!;
    w.sim.control.setContractStatus(u0, 'active');
    // The list read fails: the server's own read is the first to see the contract active.
    w.sim.control.addFault({
      method: 'GET',
      path: '/v1/vps/servers',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      times: 1,
    });
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.current.get(alert.ts)!.text).toMatch(
      /^:white_check_mark: The contract of .* is no longer suspended/,
    );
    expect((await latest(w, 'contract', u0)).resolvedAt).not.toBeNull();
  });

  it('“I’m on it” edits the alert, says so in its thread; a takeover shows the latest; the recovery names who had it', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    await drain(w);
    const alert = w.slack.posts[0]!;
    expect(alert.text).toContain(ONCALL);
    const r1 = await claim(w, await latest(w, 'power', u0), 'U0ALICE');
    expect(r1.decision.kind).toBe('approved');
    await drain(w);
    let top = w.slack.current.get(alert.ts)!;
    expect(top.text).toContain(':raising_hand: <@U0ALICE> is on it (since <!date^');
    // Who is on it is named; on-call is not mentioned again in the edit.
    expect(top.text.split('\n')[0]).not.toContain(ONCALL);
    await w.time.advance(60_000);
    const r2 = await claim(w, await latest(w, 'power', u0), 'U0BOB');
    expect(r2).toMatchObject({ decision: { kind: 'approved' }, previous: 'U0ALICE' });
    await drain(w);
    top = w.slack.current.get(alert.ts)!;
    expect(top.text).toContain('<@U0BOB> is on it');
    expect(top.text).not.toContain('U0ALICE');
    expect(w.slack.replies(alert.ts).map((r) => r.text)).toEqual([
      expect.stringMatching(/^:raising_hand: <@U0ALICE> is on it · <!date\^/),
      expect.stringMatching(/^:raising_hand: <@U0BOB> took it over from <@U0ALICE> · <!date\^/),
    ]);
    // The same person again: already theirs, nothing written.
    const again = await claim(w, await latest(w, 'power', u0), 'U0BOB');
    expect(again.decision.kind).toBe('already_handled');
    // Recovered after the flap window: resolved, how long, who had it.
    await w.time.advance(3 * 60_000);
    w.sim.control.setPower(u0, 'running');
    await read(w);
    await drain(w);
    top = w.slack.current.get(alert.ts)!;
    expect(top.text).toMatch(/^:white_check_mark: \*.+\* recovered after 4 min/);
    expect(top.text).toContain('Resolved <!date^');
    expect(top.text).toContain('after 4 min; <@U0BOB> was on it.');
    expect(JSON.stringify(top.blocks)).not.toContain('watch_incident_claim');
    const replies = w.slack.replies(alert.ts);
    expect(replies).toHaveLength(3);
    expect(replies[2]!.text).toMatch(
      /recovered after 4 min: \*running\* again · <!date\^.*; <@U0BOB> was on it$/,
    );
    // Resolved: nobody takes it any more.
    expect((await claim(w, await latest(w, 'power', u0), 'U0CAROL')).decision.kind).toBe('already_handled');
    // The audit trail has each claim.
    const audit = await w.a.store.audit.latest({ limit: 10 });
    expect(audit.filter((a) => a.action === 'incident.claim').map((a) => [a.actor, a.outcome])).toEqual([
      ['U0BOB', 'ok'],
      ['U0ALICE', 'ok'],
    ]);
  });

  it('a relapse within the flap window after the resolve reopens the same message, mentioning on-call in its thread', async () => {
    world = await makeWorld({ kind, servers: 2, flapWindowMs: 30_000 });
    const w = world;
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setContractStatus(u0, 'suspended');
    await read(w);
    await drain(w, 1_000);
    w.sim.control.setContractStatus(u0, 'active');
    await read(w);
    await drain(w, 1_000);
    // Ten seconds after the resolve: within the flap window of its last change.
    w.sim.control.setContractStatus(u0, 'suspended');
    await w.time.advance(10_000);
    await read(w);
    await drain(w);
    expect(w.slack.topLevel()).toHaveLength(1);
    const alert = w.slack.posts[0]!;
    expect(w.slack.current.get(alert.ts)!.text).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> The contract/,
    );
    const replies = w.slack.replies(alert.ts);
    expect(replies.at(-1)?.text).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> The contract of .* again · /,
    );
    const inc = await latest(w, 'contract', u0);
    expect(inc.changes.map((c) => c.to)).toEqual(['alarm', 'ok', 'alarm']);
    expect(inc.resolvedAt).toBeNull();
  });

  it('an alarm nobody took is raised again every 15 min, at most 3 times, in its thread and the channel', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    const reminders = renotifier(w, { everyMinutes: 15, max: 3 });
    await read(w);
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    await drain(w);
    const alert = w.slack.posts[0]!;
    await w.time.advance(14 * 60_000);
    expect(await remind(w, reminders)).toBe(0);
    for (let round = 1; round <= 3; round += 1) {
      await w.time.advance(round === 1 ? 60_000 : 15 * 60_000);
      expect(await remind(w, reminders)).toBe(1);
      await drain(w, 1_500);
      expect(broadcasts(w)).toHaveLength(round);
    }
    const sent = broadcasts(w);
    expect(sent.every((p) => p.thread_ts === alert.ts && p.channel === CHANNEL)).toBe(true);
    expect(sent[0]!.text).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> Still nobody on it \(reminder 1 of 3\): \*.+\* stopped with no power operation to explain it, since <!date\^/,
    );
    expect(sent[2]!.text).toContain('reminder 3 of 3');
    await w.time.advance(60 * 60_000);
    expect(await remind(w, reminders)).toBe(0);
    await drain(w, 1_500);
    expect(broadcasts(w)).toHaveLength(3);
    expect(w.slack.topLevel()).toHaveLength(1);
  });

  it('a claim, a mute or the recovery stops the reminders; the alarm nobody touched is reminded of', async () => {
    world = await makeWorld({ kind, servers: 5, flapWindowMs: 30_000 });
    const w = world;
    const [claimed, muted, recovered, untouched] = w.uuids as [string, string, string, string];
    const reminders = renotifier(w);
    await read(w);
    w.sim.control.setPower(claimed, 'stopped');
    await read(w);
    await drain(w, 1_500);
    w.sim.control.setPower(muted, 'error');
    await w.time.advance(2_000);
    await read(w);
    await drain(w, 1_500);
    w.sim.control.setPower(recovered, 'stopped');
    await w.time.advance(2_000);
    await read(w);
    await drain(w, 1_500);
    w.sim.control.setPower(untouched, 'stopped');
    await w.time.advance(2_000);
    await read(w);
    await drain(w, 1_500);
    expect(w.slack.topLevel()).toHaveLength(4);
    await claim(w, await latest(w, 'power', claimed), 'U0ALICE');
    await w.a.store.mutes.set({
      target: muted,
      channelId: CHANNEL,
      until: new Date(w.time.ms() + 3_600_000),
      createdBy: 'U0OPERATOR',
    });
    await w.time.advance(60_000);
    w.sim.control.setPower(recovered, 'running');
    await read(w);
    await drain(w, 1_500);
    await w.time.advance(15 * 60_000);
    expect(await remind(w, reminders)).toBe(1);
    await drain(w, 1_500);
    const sent = broadcasts(w);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`*${nameOf(w, untouched)}*`);
    // A claim after the first reminder stops the next ones.
    await claim(w, await latest(w, 'power', untouched), 'U0BOB');
    await w.time.advance(15 * 60_000);
    expect(await remind(w, reminders)).toBe(0);
  });
});

describe('reminders across replicas', () => {
  it('two replicas that both think they lead (a lease changing hands) remind once', async () => {
    world = await makeWorld({ kind: 'postgres', servers: 2 });
    const w = world;
    const b = await w.instance('b');
    const u0 = w.uuids[0]!;
    await read(w);
    w.sim.control.setPower(u0, 'stopped');
    await read(w);
    await drain(w);
    await w.time.advance(15 * 60_000);
    const both = await Promise.all([
      renotifier(w, { isLeader: () => true }).runOnce(),
      renotifier(w, { inst: b, isLeader: () => true }).runOnce(),
    ]);
    expect(both.sort()).toEqual([0, 1]);
    const inc = await latest(w, 'power', u0);
    expect(inc.renotifyCount).toBe(1);
    await drain(w);
    expect(broadcasts(w)).toHaveLength(1);
    // With the lease as it is, only its holder reminds.
    await w.time.advance(15 * 60_000);
    await w.a.leadership.ensure();
    await b.leadership.ensure();
    expect(w.a.leadership.isLeader() && b.leadership.isLeader()).toBe(false);
    const led = [await renotifier(w).runOnce(), await renotifier(w, { inst: b }).runOnce()];
    expect(led.sort()).toEqual([0, 1]);
  });
});
