/**
 * Changes made to a server outside the bot, end to end with the manual
 * clock: the simulator's control panel, a real store, the watcher and the
 * notifier. The first read is a baseline; a rename, memo or reverse hostname
 * changed outside is told once after a second look (the bot's own audit row
 * may still be on its way); the bot's own changes (through the API, audited
 * as /vps rename|memo|rdns audits them) never; an IP address or plan moved is
 * told at once; several changes at once are one notice; a field an answer
 * could not read changes nothing; a server gone from the list is told once;
 * mutes hold them; many at once fold into a digest; two replicas tell each
 * change once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WRITE } from '../../src/provider/index.ts';
import { storedFacts } from '../../src/watch/server-facts.ts';
import { drain as drainFor, nameOf, read as readAll } from './support/steps.ts';
import { CHANNEL, type Instance, type Kind, makeWorld, type World } from './support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const drain = (w: World, inst: Instance = w.a) => drainFor(w, 3_000, inst);
const OUTSIDE = 'outside Slack (in the control panel or by another API client)';

/** One full read after `ms` of test time (more than the re-read cadence, 2.5 s here). */
async function read(w: World, inst: Instance = w.a, ms = 10_000) {
  await w.time.advance(ms);
  return readAll(w, inst);
}

const texts = (w: World) => w.slack.posts.map((p) => p.text);
const snapshot = async (w: World, uuid: string) => (await w.a.store.snapshots.get(uuid))!;

/** What /vps rename|memo|rdns writes in the audit trail once the provider has answered. */
async function botDid(w: World, action: 'rename' | 'memo' | 'rdns', uuid: string, value: string) {
  await w.a.store.audit.append({
    actor: 'U0OPS',
    channelId: CHANNEL,
    action,
    target: uuid,
    params: { ref: nameOf(w, uuid), value, name: nameOf(w, uuid), before: null },
    outcome: 'ok',
  });
}

describe.each<Kind>(['sqlite', 'postgres'])('changes made outside the bot, on %s', (kind) => {
  it('tells a rename made outside once, after a second look; the first read is a baseline', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    const old = nameOf(w, u0);
    await readAll(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);

    w.sim.control.renameServer(u0, 'db-primary');
    await read(w);
    await drain(w);
    // Seen once: the bot's own audit row may still be on its way. The name stays until it is decided.
    expect(w.slack.posts).toHaveLength(0);
    expect((await snapshot(w, u0)).name).toBe(old);
    await read(w);
    await drain(w);
    expect(texts(w)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^:pencil2: \\*${old}\\* was renamed to \\*db-primary\\* ${OUTSIDE.replace(/[()]/g, '\\$&')} <!date\\^`,
        ),
      ),
    ]);
    expect(JSON.stringify(w.slack.posts[0]!.blocks)).toContain('/vps show db-primary');
    expect((await snapshot(w, u0)).name).toBe('db-primary');
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);
    // In the audit trail too, beside the bot's own changes, once.
    const trail = await w.a.store.audit.latest({ target: u0, limit: 10 });
    expect(trail.map((r) => [r.actor, r.action, r.params])).toEqual([
      ['outside', 'outside_change', { name: 'db-primary', fields: ['name'] }],
    ]);
  });

  it('never tells the bot’s own rename, memo or reverse hostname, even when its audit row comes after the first sight', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string];
    await readAll(w);

    // Audited before the watcher looks.
    await w.a.client.setName(u0, 'web-primary', WRITE);
    await botDid(w, 'rename', u0, 'web-primary');
    await w.a.client.setMemo(u0, 'the front door', WRITE);
    await botDid(w, 'memo', u0, 'the front door');
    await read(w);
    // The provider answered, the watcher looked, and only then the row was written.
    await w.a.client.setReverseDns(u1, 'www.example.jp', WRITE);
    await read(w);
    await botDid(w, 'rdns', u1, 'www.example.jp');
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    expect((await snapshot(w, u0)).name).toBe('web-primary');
    expect(storedFacts((await snapshot(w, u0)).facts).memo).toBe('the front door');
    expect(storedFacts((await snapshot(w, u1)).facts).rdns).toBe('www.example.jp');

    // A row explains only the value the bot sent: another memo set in the panel meanwhile is told.
    await botDid(w, 'memo', u1, 'what the bot sent');
    w.sim.control.panelSetMemo(u1, 'what the panel set');
    await read(w);
    await read(w);
    await drain(w);
    expect(texts(w)).toEqual([
      expect.stringMatching(
        /^:memo: The memo of \*.+\* was changed outside Slack .*\nMemo: \(none\) → what the panel set$/,
      ),
    ]);
  });

  it('tells memo, reverse hostname, IP address and plan changed at once in one notice; a plan changed alone at once', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string];
    const name = nameOf(w, u0);
    const ip = w.sim.control.servers().find((s) => s.uuid === u0)!.ipAddress;
    await readAll(w);
    w.sim.control.panelSetMemo(u0, 'replica *bold* <tag>');
    w.sim.control.panelSetReverseHostname(u0, 'db.example.jp');
    w.sim.control.panelSetIpAddress(u0, '203.0.113.70');
    w.sim.control.panelSetPlan(u0, 'vps-4gb');
    await read(w);
    await drain(w);
    // The IP address and plan wait with the memo and reverse hostname: one notice, not four.
    expect(w.slack.posts).toHaveLength(0);
    await read(w);
    await drain(w);
    expect(texts(w)).toHaveLength(1);
    const lines = texts(w)[0]!.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^:pencil2: \\*${name}\\* was changed outside Slack \\(in the control panel, by another API client or at the provider\\) <!date\\^\\d+\\^[^>]+>:$`,
      ),
    );
    expect(lines.slice(1)).toEqual([
      // mrkdwn from outside is shown as typed: its marks fenced with zero-width spaces, never bold.
      '• Memo: (none) → replica \u200b*\u200bbold\u200b*\u200b &lt;tag&gt;',
      expect.stringMatching(/^• Reverse hostname: x.*\.static\.xvps\.ne\.jp → db\.example\.jp$/),
      `• IP address: ${ip} → 203.0.113.70`,
      '• Plan: VPS 2GB (3 vCPU, 2 GB memory, 50 GB disk) → VPS 4GB (4 vCPU, 4 GB memory, 100 GB disk)',
    ]);

    // A plan alone: the bot never changes one, so it is told at the first sight.
    w.sim.control.panelSetPlan(u1, 'vps-8gb');
    await read(w);
    await drain(w);
    expect(texts(w)[1]).toMatch(
      /^:arrow_up_down: The plan of \*.+\* changed outside Slack \(in the control panel or at the provider\) <!date[^\n]+\nPlan: VPS 2GB \(3 vCPU, 2 GB memory, 50 GB disk\) → VPS 8GB \(.+\)$/,
    );
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(2);
  });

  it('changes nothing for a field an answer could not read, and tells a server gone from the list once', async () => {
    world = await makeWorld({ kind, servers: 3 });
    const w = world;
    const [u0, u1] = w.uuids as [string, string];
    await readAll(w);
    const before = await snapshot(w, u0);
    // The list and the detail break the spec for these fields: they say nothing about them.
    w.sim.control.corruptServer(u0, {
      set: { name: null, memo: 42, ip_address: 7 },
      omit: ['reverse_hostname', 'plan'],
    });
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    const after = await snapshot(w, u0);
    expect([after.name, after.facts]).toEqual([before.name, before.facts]);
    w.sim.control.corruptServer(u0, null);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);

    // Gone from the list: said once, by this replica or another, now or after a restart.
    const gone = nameOf(w, u1);
    w.sim.control.removeServer(u1);
    await read(w);
    await read(w);
    const b = await w.instance('b');
    await read(w, b);
    await drain(w);
    expect(texts(w)).toEqual([
      expect.stringMatching(
        new RegExp(`^:wastebasket: \\*${gone}\\* is no longer in the server list <!date`),
      ),
    ]);
  });

  it('holds a change told while its server is muted until the mute ends', async () => {
    world = await makeWorld({ kind, servers: 2 });
    const w = world;
    const u0 = w.uuids[0]!;
    await readAll(w);
    await w.a.store.mutes.set({
      target: u0,
      channelId: CHANNEL,
      until: new Date(w.time.ms() + 3_600_000),
      createdBy: 'U0OPS',
    });
    w.sim.control.panelSetPlan(u0, 'vps-4gb');
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    const held = await w.a.store.outbox.due(new Date(w.time.ms() + 2 * 3_600_000), 10);
    expect(held.map((r) => r.kind)).toEqual(['held']);
    await w.time.advance(3_600_000);
    await drain(w);
    // One calm summary of what was held.
    expect(texts(w)).toEqual([expect.stringContaining('1 × changed outside Slack: Plan')]);
  });
});

describe('changes made outside the bot', () => {
  it('folds many servers changed at once into one digest', async () => {
    world = await makeWorld({ servers: 4 });
    const w = world;
    await readAll(w);
    // A new address moves the reverse hostname (the standard one) with it: both wait for a second look.
    for (const [i, u] of w.uuids.entries()) w.sim.control.panelSetIpAddress(u, `203.0.113.${90 + i}`);
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);
    expect(texts(w)[0]).toContain('4 changes on the servers');
    expect(texts(w)[0]).toContain('4 × changed outside Slack: Reverse hostname, IP address');
  });

  it('re-reads a server with a change waiting sooner than the interval, on the budget like any other', async () => {
    world = await makeWorld({ servers: 2 });
    const w = world;
    const a = w.a;
    const u0 = w.uuids[0]!;
    const detail = () => w.sim.control.nextRequest({ path: `/v1/vps/servers/${u0}`, status: 200 });
    const baseline = detail();
    a.watcher.start();
    try {
      await w.time.drive(baseline);
      w.sim.control.renameServer(u0, 'soon-renamed');
      const list = w.sim.control.nextRequest({ path: '/v1/vps/servers', status: 200 });
      const seenAt = (await w.time.drive(list)).at.getTime();
      // The list saw it: the server's detail is due at the re-read cadence (2.5 s here), and so
      // is its second look, which tells it: well before another interval (10 s) has passed.
      await w.time.advance(5_100);
      const queued = await a.store.outbox.due(new Date(w.time.ms() + 86_400_000), 10);
      expect(queued.map((r) => (r.payload as { kind: string }).kind)).toEqual(['server-changed']);
      expect(w.time.ms() - seenAt).toBeLessThan(10_000);
      await drain(w);
      expect(texts(w)).toEqual([expect.stringContaining('was renamed to *soon-renamed*')]);
    } finally {
      await a.watcher.stop();
    }
  });
});

const a = (w: World) => w.a;

describe('changes made outside the bot, two replicas on PostgreSQL', () => {
  it('tells each change once, whichever replica looks', async () => {
    world = await makeWorld({ kind: 'postgres', servers: 2 });
    const w = world;
    const b = await w.instance('b');
    const u0 = w.uuids[0]!;
    await readAll(w);
    await readAll(w, b);
    w.sim.control.renameServer(u0, 'twice-renamed');
    w.sim.control.panelSetIpAddress(w.uuids[1]!, '203.0.113.99');
    // Both replicas see the changes first (each waits for its second look)...
    await read(w);
    await read(w, b);
    // ...and look again at the same moment, each from the same stored state: the outbox keeps one.
    await w.time.advance(10_000);
    await w.time.drive(Promise.all([a(w).watcher.runCycle(), b.watcher.runCycle()]));
    await read(w);
    await read(w, b);
    await drain(w);
    await drain(w, b);
    const top = texts(w);
    expect(top.filter((t) => t.includes('was renamed to *twice-renamed*'))).toHaveLength(1);
    expect(top.filter((t) => t.includes('203.0.113.99'))).toHaveLength(1);
    expect(top).toHaveLength(2);
    const outside = await w.a.store.audit.latest({ target: u0, limit: 10 });
    expect(outside.filter((r) => r.action === 'outside_change')).toHaveLength(1);
  });
});
