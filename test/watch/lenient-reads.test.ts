/**
 * The watcher on answers that break the spec (the simulator's answer faults,
 * real HTTP, a real store): a power state the spec does not list is a change
 * worth a notice, stored as said with the time it was read and never taken
 * for the old state; a power state that cannot be read says nothing; a list
 * entry that breaks the spec is still a server in the list, and while an
 * entry's uuid cannot be read no server is taken for gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function drain(w: World): Promise<string[]> {
  for (let i = 0; i < 20; i += 1) {
    await w.a.leadership.ensure();
    await w.a.notifier.drainOnce();
    await w.time.advance(500);
  }
  return w.slack.posts.map((_, i) => w.slack.textOf(i));
}

async function cycleAfter(w: World, ms = 10_000) {
  await w.time.advance(ms);
  return w.time.drive(w.a.watcher.runCycle());
}

const UNLISTED = '“suspended” (a state the provider’s spec does not list)';

describe.each<Kind>(['sqlite', 'postgres'])('the watcher on answers that break the spec (%s)', (kind) => {
  it('a power state the spec does not list: a notice, stored as said with its time; an unreadable one says nothing', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    await w.time.drive(w.a.watcher.runCycle());

    w.sim.control.corruptServer(u0, { set: { 'power.status': 'suspended' } });
    const changed = await cycleAfter(w);
    expect(changed.transitions.map((t) => [t.uuid, t.from, t.to, t.alarm])).toEqual([
      [u0, 'running', 'suspended', false],
    ]);
    const readAt = w.time.ms();
    const snap = await w.a.store.snapshots.get(u0);
    expect(snap).toMatchObject({ powerStatus: 'suspended' });
    expect(Math.abs(snap!.observedAt.getTime() - readAt)).toBeLessThan(10_000);
    const posts = await drain(w);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain(UNLISTED);
    expect(posts[0]).not.toContain(ONCALL);
    expect(w.slack.posts[0]?.channel).toBe(CHANNEL);

    // The same unlisted state again is not news; one that cannot be read at all changes nothing.
    expect((await cycleAfter(w)).transitions).toEqual([]);
    const seen = (await w.a.store.snapshots.get(u0))!.observedAt.getTime();
    w.sim.control.corruptServer(u0, { set: { 'power.status': null, name: 42 } });
    expect((await cycleAfter(w)).transitions).toEqual([]);
    expect(await w.a.store.snapshots.get(u0)).toMatchObject({ powerStatus: 'suspended' });
    expect((await w.a.store.snapshots.get(u0))!.observedAt.getTime()).toBe(seen);

    // Back to a state the spec lists: told, calmly, from the state it was really in.
    w.sim.control.corruptServer(u0, null);
    const back = await cycleAfter(w);
    expect(back.transitions.map((t) => [t.from, t.to, t.alarm])).toEqual([['suspended', 'running', false]]);
    const all = (await drain(w)).join('\n');
    expect(all).not.toContain(ONCALL);
  });

  it('a broken list entry is still a server; while a uuid cannot be read, no server is taken for gone', async () => {
    world = await makeWorld({ kind, servers: 3 });
    const w = world;
    const [u0, u1, u2] = w.uuids as [string, string, string];
    await w.time.drive(w.a.watcher.runCycle());
    const named = (await w.a.store.snapshots.get(u0))!.name;

    // Name and contract status unreadable: what was known stays, nothing is told.
    w.sim.control.corruptServer(u0, { set: { name: null, status: 42 } });
    await cycleAfter(w);
    expect(await w.a.store.snapshots.get(u0)).toMatchObject({ name: named, contractStatus: 'active' });

    // An entry whose uuid cannot be read may be any server: none is taken for gone meanwhile.
    w.sim.control.corruptServer(u1, { set: { uuid: 17 } });
    w.sim.control.removeServer(u2);
    await cycleAfter(w);
    expect((await w.a.store.snapshots.all()).map((s) => s.contractStatus)).not.toContain('gone');
    expect((await drain(w)).join('\n')).not.toContain('no longer in the server list');

    // Once every entry reads again, the server that really left is told.
    w.sim.control.corruptServer(u1, null);
    await cycleAfter(w);
    expect((await w.a.store.snapshots.get(u2))?.contractStatus).toBe('gone');
    expect((await drain(w)).join('\n')).toContain('no longer in the server list');
  });
});
