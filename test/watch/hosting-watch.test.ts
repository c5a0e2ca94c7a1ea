/**
 * The hosting watch end to end with the manual clock: the simulator (its
 * control panel and name servers), a real store, the watcher and the
 * notifier. The first read is a baseline; a domain added outside the bot is
 * told once (after a second look, which lets the bot's own audit row arrive),
 * one the bot added is never told; a domain's SSL failing on its name servers
 * is the `ssl` alarm, naming them, with "I'm on it", and resolved in place
 * when it works again; SSH turned on or off and keys added or removed outside
 * are told, the bot's own are not; NOTIFY_CHANNEL hears of every hosting
 * server the key names; two replicas tell each change once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hostingWatchTarget, type IncidentRow, OUTSIDE_CHANGE_ACTION } from '../../src/store/index.ts';
import { proveOwnership } from '../support/ownership.ts';
import { listSaysSslStatus } from '../support/ssl-status.ts';
import { claim } from './support/on-call.ts';
import { drain as drainFor, read } from './support/steps.ts';
import { CHANNEL, type Instance, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

const S = 'xs100001.xsrv.jp';
const OTHER = 'C0OTHER01';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const drain = (w: World, inst: Instance = w.a) => drainFor(w, 3_000, inst);

/** A world with one hosting server (shop.jp on it), watched by CHANNEL; NOTIFY_CHANNEL off unless asked. */
async function hostingWorld(
  o: { kind?: Kind; notify?: string; keyServers?: readonly string[]; watch?: boolean } = {},
): Promise<World> {
  const w = await makeWorld({
    kind: o.kind ?? 'sqlite',
    servers: 1,
    notifyChannel: o.notify,
    hostingServers: () => o.keyServers,
  });
  w.sim.control.addHostingServer(S, { domains: ['shop.jp'] });
  if (o.watch !== false)
    await w.a.store.watches.add({ target: hostingWatchTarget(S), channelId: CHANNEL, createdBy: 'U0OPS' });
  return w;
}

/** What the bot writes in its audit trail when it makes a change through /hosting. */
async function botDid(w: World, action: string, params: Record<string, unknown>): Promise<void> {
  await w.a.store.audit.append({
    actor: 'U0OPS',
    channelId: CHANNEL,
    action,
    target: S,
    params,
    outcome: 'ok',
  });
}

const hostingRequests = (w: World) =>
  w.sim.control.requests().filter((r) => r.path.startsWith(`/v1/server/${S}`));

/** The changes made outside the bot that the audit trail recorded. */
async function outsideRows(w: World) {
  return (await w.a.store.audit.latest({ target: S, limit: 100 })).filter(
    (r) => r.action === OUTSIDE_CHANGE_ACTION,
  );
}

async function sslAlarm(w: World, domain: string): Promise<IncidentRow> {
  const inc = await w.a.store.incidents.latestFor('ssl', `ssl:${S}/${domain}`);
  if (!inc) throw new Error(`no ssl alarm for ${domain}`);
  return inc;
}

describe.each<Kind>(['sqlite', 'postgres'])('the hosting watch on %s', (kind) => {
  it('takes the first read as a baseline; a domain added outside is told once, one the bot added never', async () => {
    world = await hostingWorld({ kind });
    const w = world;
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    // Each part is one background request: the domains, SSH, the keys, and the record lists.
    expect(hostingRequests(w).map((r) => r.path)).toEqual([
      `/v1/server/${S}/domain`,
      `/v1/server/${S}/ssh`,
      `/v1/server/${S}/ssh/key`,
      `/v1/server/${S}/dns`,
      `/v1/server/${S}/cron`,
      `/v1/server/${S}/mail`,
      `/v1/server/${S}/ftp`,
      `/v1/server/${S}/ssl`,
    ]);

    w.sim.control.panelAddDomain(S, 'outside.jp');
    await read(w);
    await drain(w);
    // Seen once: the bot's own audit row may still be on its way, so it is looked at again first.
    expect(w.slack.posts).toHaveLength(0);
    await read(w);
    await drain(w);
    expect(w.slack.topLevel(CHANNEL)).toHaveLength(1);
    expect(w.slack.posts[0]!.text).toMatch(
      /^:globe_with_meridians: The domain \*outside\.jp\* was added to the hosting server `xs100001\.xsrv\.jp` outside Slack \(in the control panel or by another API client\) <!date\^/,
    );
    expect(JSON.stringify(w.slack.posts[0]!.blocks)).toContain('/hosting xs100001.xsrv.jp domains');
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);
    // The audit trail records it too, once (the daily digest reads changes made outside the bot there).
    expect(await outsideRows(w)).toEqual([
      expect.objectContaining({
        actor: 'outside',
        target: S,
        params: { change: 'domain-added', domain: 'outside.jp' },
      }),
    ]);

    // The bot adds one (through the API, audited as /hosting does): never told.
    proveOwnership(w.sim.control, S, 'mine.jp');
    await w.a.client.hosting(S).addDomain({ domain: 'mine.jp', ssl: true, redirect_https: false });
    await botDid(w, 'hosting.domain_add', { domain: 'mine.jp', ssl: true, redirectHttps: false });
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);
    // The bot's own change is no outside change.
    expect(await outsideRows(w)).toHaveLength(1);
    const stored = await w.a.store.hostingSnapshots.get(S, 'domains');
    expect(Object.keys((stored!.state as { domains: object }).domains).sort()).toEqual([
      'mine.jp',
      'outside.jp',
      'shop.jp',
      S,
    ]);
  });

  it('a burst of domains added outside is one notice naming each (a lookalike with its Punycode), pointing to /hosting … domains', async () => {
    world = await hostingWorld({ kind });
    const w = world;
    await read(w);
    await drain(w);
    for (const d of ['a.jp', 'b.jp', 'xn--exmple-4nf.com', 'c.jp']) w.sim.control.panelAddDomain(S, d);
    await read(w);
    await read(w);
    await drain(w);
    const top = w.slack.topLevel(CHANNEL);
    expect(top).toHaveLength(1);
    const shown = JSON.stringify(top[0]!.blocks);
    expect(shown).toContain('4 × domain added outside Slack');
    for (const d of ['a.jp', 'b.jp', 'c.jp', 'ex\u0430mple.com (xn--exmple-4nf.com)'])
      expect(shown).toContain(`domain added outside Slack: ${d}`);
    expect(shown).toContain('Now: `/hosting xs100001.xsrv.jp domains`');
    expect(shown).not.toContain('/vps show');
  });

  it('raises the ssl alarm naming the name servers, with “I’m on it”, and resolves it in place', async () => {
    world = await hostingWorld({ kind });
    const w = world;
    await read(w);
    w.sim.control.clearRequests();
    w.sim.control.setExternalNameServers('shop.jp', true);
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    await drain(w);
    // One more read, of the server information, for the name servers the alarm names.
    expect(hostingRequests(w).map((r) => r.path)).toContain(`/v1/server/${S}/server-info`);
    expect(w.slack.topLevel(CHANNEL)).toHaveLength(1);
    const alert = w.slack.posts[0]!;
    expect(alert.text.split('\n')[0]).toBe(
      `:rotating_light: ${ONCALL} SSL for *shop.jp* failed: \`failed_nameserver\` (hosting server xs100001.xsrv.jp)`,
    );
    expect(alert.text).toContain(
      'Set its name servers to `ns1.xserver.jp`, `ns2.xserver.jp`, `ns3.xserver.jp`, `ns4.xserver.jp`, `ns5.xserver.jp`, or set up free SSL in the control panel.',
    );
    expect(JSON.stringify(alert.blocks)).toContain('watch_incident_claim');
    // Still failing at the next reads: the same alarm, nothing new.
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);

    const r = await claim(w, await sslAlarm(w, 'shop.jp'), 'U0ALICE');
    expect(r.decision.kind).toBe('approved');
    await drain(w);
    expect(w.slack.current.get(alert.ts)!.text).toContain('<@U0ALICE> is on it');

    await w.time.advance(5 * 60_000);
    w.sim.control.setExternalNameServers('shop.jp', false);
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    await drain(w);
    const top = w.slack.current.get(alert.ts)!;
    expect(top.text).toMatch(/^:white_check_mark: SSL for \*shop\.jp\* no longer fails, after 5 min/);
    expect(top.text).toContain('<@U0ALICE> was on it');
    expect(JSON.stringify(top.blocks)).not.toContain('watch_incident_claim');
    expect(w.slack.replies(alert.ts).map((p) => p.text)).toEqual([
      expect.stringMatching(/^:raising_hand: <@U0ALICE> is on it/),
      expect.stringMatching(/no longer fails, after 5 min/),
    ]);
    expect((await sslAlarm(w, 'shop.jp')).resolvedAt).not.toBeNull();
  });
});

describe('the hosting watch', () => {
  it('tells SSH turned on or off and keys added or removed outside; the bot’s own are not told', async () => {
    world = await hostingWorld();
    const w = world;
    await read(w);
    w.sim.control.panelSetSsh(S, true);
    const key = w.sim.control.panelAddSshKey(S, 'old laptop');
    await read(w);
    await read(w);
    await drain(w);
    const texts = () => w.slack.posts.map((p) => p.text);
    expect(texts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^:unlock: SSH was turned \*on\* for the hosting server `xs100001\.xsrv\.jp` outside Slack/,
        ),
        expect.stringMatching(
          new RegExp(
            `^:key: The SSH key \\*old laptop\\* \\(ID \`${key}\`\\) was added to the hosting server`,
          ),
        ),
      ]),
    );
    expect(w.slack.posts).toHaveLength(2);

    // The bot turns SSH off and registers a key (audited as /hosting does): not told.
    await w.a.client.hosting(S).setSsh(false);
    await botDid(w, 'hosting.ssh_off', { kind: 'hosting.ssh_off', operation: 'op-1', approver: 'U0OPS' });
    await w.a.client.hosting(S).addSshKey({ generate: true, label: 'ci-2' });
    await botDid(w, 'hosting.ssh_key_generate', { label: 'ci-2' });
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(2);

    // Removed outside: told.
    w.sim.control.panelRemoveSshKey(S, key);
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.posts[2]!.text).toMatch(
      new RegExp(
        `^:key: The SSH key \\*old laptop\\* \\(ID \`${key}\`\\) was removed from the hosting server`,
      ),
    );
    expect(w.slack.posts).toHaveLength(3);
  });

  it('lets an audit row that arrives after the first sight still explain the change', async () => {
    world = await hostingWorld();
    const w = world;
    await read(w);
    // The provider has made the change; the bot's audit row is written only after its answer.
    await w.a.client.hosting(S).setSsh(true);
    await read(w);
    await botDid(w, 'hosting.ssh_on', { ssh_enabled: true });
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    expect((await w.a.store.hostingSnapshots.get(S, 'ssh'))!.state).toEqual({ enabled: true });
  });

  it('tells a domain removed outside at its second look (the bot removes domains too), and resolves its ssl alarm', async () => {
    world = await hostingWorld();
    const w = world;
    w.sim.control.setExternalNameServers('shop.jp', true);
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    // Failing at the baseline: no alarm then (a baseline tells nothing).
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    w.sim.control.setExternalNameServers('shop.jp', false);
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    w.sim.control.setExternalNameServers('shop.jp', true);
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(1);
    w.sim.control.panelRemoveDomain(S, 'shop.jp');
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    // No audit row of the bot's own delete explains it at the second look: told then.
    await read(w);
    await drain(w);
    expect(w.slack.topLevel(CHANNEL).map((p) => p.text.split('\n')[0])).toEqual([
      expect.stringMatching(/^:white_check_mark: SSL for \*shop\.jp\* no longer fails/),
      expect.stringMatching(/^:wastebasket: The domain \*shop\.jp\* was removed from the hosting server/),
    ]);
  });

  it('sends NOTIFY_CHANNEL what happens on every hosting server the key names, and reads none it does not', async () => {
    world = await hostingWorld({ notify: OTHER, keyServers: [S], watch: false });
    const w = world;
    w.sim.control.addHostingServer('xs100002.xsrv.jp');
    await read(w);
    w.sim.control.panelAddDomain(S, 'told.jp');
    w.sim.control.panelAddDomain('xs100002.xsrv.jp', 'unread.jp');
    await read(w);
    await read(w);
    await drain(w);
    expect(w.slack.topLevel(OTHER).map((p) => p.text)).toEqual([
      expect.stringContaining('The domain *told.jp* was added to the hosting server `xs100001.xsrv.jp`'),
    ]);
    expect(w.slack.posts.filter((p) => p.channel === CHANNEL)).toHaveLength(0);
    expect(w.sim.control.requests().filter((r) => r.path.includes('xs100002'))).toEqual([]);
  });

  it('reads nothing of hosting when nobody listens (no watch, NOTIFY_CHANNEL unset)', async () => {
    world = await hostingWorld({ keyServers: [S], watch: false });
    const w = world;
    await read(w);
    await read(w);
    expect(hostingRequests(w)).toEqual([]);
  });

  it('re-reads a part with a change waiting sooner than the interval, on the budget like any other', async () => {
    world = await hostingWorld();
    const w = world;
    const a = w.a;
    const ssh = () => w.sim.control.nextRequest({ path: `/v1/server/${S}/ssh`, status: 200 });
    const baseline = ssh();
    a.watcher.start();
    try {
      await w.time.drive(baseline);
      w.sim.control.panelSetSsh(S, true);
      // The next read of /ssh, an interval (10 s) later, sees it once; the second look
      // follows at the re-read cadence (2.5 s here), well before another interval.
      const at1 = (await w.time.drive(ssh())).at.getTime();
      const at2 = (await w.time.drive(ssh())).at.getTime();
      expect(at2 - at1).toBeLessThanOrEqual(2_600);
      await drain(w);
      expect(w.slack.posts.map((p) => p.text)).toEqual([expect.stringContaining('SSH was turned *on*')]);
    } finally {
      await a.watcher.stop();
    }
  });
});

describe('the hosting watch, two replicas on PostgreSQL', () => {
  it('tells each change once, whichever replica looks', async () => {
    world = await hostingWorld({ kind: 'postgres' });
    const w = world;
    const b = await w.instance('b');
    await read(w);
    await read(w, b);
    w.sim.control.setExternalNameServers('shop.jp', true);
    w.sim.control.panelAddDomain(S, 'twice.jp');
    listSaysSslStatus(w.sim.control, S);
    await read(w);
    await read(w, b);
    await read(w);
    await read(w, b);
    await drain(w);
    await drain(w, b);
    const top = w.slack.topLevel(CHANNEL).map((p) => p.text.split('\n')[0]);
    expect(top).toHaveLength(2);
    expect(top.filter((t) => t?.includes('*twice.jp* was added'))).toHaveLength(1);
    expect(top.filter((t) => t?.includes('SSL for *shop.jp* failed'))).toHaveLength(1);
    // Recorded once in the audit trail, whichever replica saw it (the ssl alarm is no change of anyone's).
    expect((await outsideRows(w)).map((r) => r.params)).toEqual([
      { change: 'domain-added', domain: 'twice.jp' },
    ]);
  });
});
