/**
 * Provider answers read leniently, through the real app (startBot, signed
 * requests, real HTTP to the simulator): one server whose entry breaks the
 * spec never takes `/vps list` or `/vps show` down for the others, is itself
 * shown as far as it can be read and logged once; one whose uuid cannot be
 * read is said to be unaddressable; a power state the spec does not list is
 * shown as the provider said it, with the time it was read, and told to the
 * channel as a notice, never an alarm and never as the old state.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';

const en = catalogs.en;
const NOTIFY = 'C0NOTIFY01';
const ONCALL = '<!subteam^S0ONCALL>';

function server(h: Harness, name: string) {
  const s = h.sim.control.servers().find((x) => x.name === name);
  if (!s) throw new Error(`the seed has no ${name}`);
  return s;
}

/** The client's log lines about an entry that breaks the spec, for one entry. */
function malformedLogLines(h: Harness, entry: string) {
  return h.logs.records().filter((l) => String(l.msg).includes('breaks the spec') && l.entry === entry);
}

describe('one server entry that breaks the spec', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ rateLimit: { limit: 600, windowSeconds: 60, concurrent: 5 } });
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    for (const s of h.sim.control.servers()) h.sim.control.corruptServer(s.uuid, null);
  });

  it('/vps list shows every good server and the bad one by its uuid, marked; the problem is logged once', async () => {
    const bad = server(h, 'db-2');
    h.sim.control.corruptServer(bad.uuid, { set: { name: null, plan_name: null, memo: 42 } });
    const text = messageText(await (await h.command('list')).reply());
    expect(text).not.toContain('unexpected');
    expect(text).toContain('12 servers');
    for (const s of h.sim.control.servers()) if (s.uuid !== bad.uuid) expect(text).toContain(`*${s.name}*`);
    expect(text).toContain(`*${bad.uuid}*`);
    expect(text).toContain(bad.ipAddress!);
    expect(text).toContain('breaks its spec (`name`, `plan_name`, `memo`)');
    expect(text).toContain(`\`/vps show ${bad.uuid}\``);
    // Read again and again: logged once.
    await (await h.command('list')).reply();
    await (await h.command('list db')).reply();
    expect(malformedLogLines(h, bad.uuid)).toHaveLength(1);
    expect(malformedLogLines(h, bad.uuid)[0]).toMatchObject({
      endpoint: 'GET /v1/vps/servers',
      fields: ['name', 'plan_name', 'memo'],
    });
  });

  it('/vps show of a good server works; of the bad one shows what can be read, marked', async () => {
    const bad = server(h, 'db-2');
    h.sim.control.corruptServer(bad.uuid, { set: { name: null, plan_name: null, memo: 42 } });
    const good = messageText(await (await h.command('show web-1')).reply());
    expect(good).toContain('web-1');
    expect(good).not.toContain(en['card.unreadable']);

    const card = await (await h.command(`show ${bad.uuid}`)).reply();
    const text = messageText(card);
    expect(text).toContain(`:warning: ${en['card.unreadable']}`);
    expect(text).toContain('breaks its spec (`name`, `memo`)');
    expect(text).toContain(bad.ipAddress!);
    expect(text).toContain(bad.os!);
    // Its detail names it by uuid: the header, and the buttons that carry it.
    expect(JSON.stringify(card.args.blocks)).toContain(bad.uuid);
    expect(malformedLogLines(h, bad.uuid).map((l) => l.endpoint)).toContain('GET /v1/vps/servers/{uuid}');
  });

  it('a change to the bad server is refused in words before anything is sent', async () => {
    const bad = server(h, 'db-2');
    h.sim.control.corruptServer(bad.uuid, { set: { memo: 42 } });
    h.sim.control.clearRequests();
    const text = messageText(await (await h.command(`memo ${bad.uuid} hello`, { user: OPERATOR })).reply());
    expect(text).toContain(`The provider’s answer for \`${bad.uuid}\` breaks its spec (memo)`);
    expect(text).toContain('nothing was changed');
    expect(h.sim.control.requests({ method: 'PUT' })).toEqual([]);
    const audit = await h.bot.store.audit.latest({ limit: 1 });
    expect(audit[0]).toMatchObject({ action: 'memo', outcome: 'refused', errorCode: 'server_malformed' });
  });

  it('an entry whose uuid cannot be read is said to be unaddressable, in the list and when named', async () => {
    const bad = server(h, 'web-2');
    h.sim.control.corruptServer(bad.uuid, { set: { uuid: 'not/a/uuid' } });
    const text = messageText(await (await h.command('list')).reply());
    expect(text).toContain('12 servers');
    expect(text).toMatch(/\*web-2\* Entry \d+ of the provider’s list breaks its spec \(`uuid`\)/);
    expect(text).toContain('cannot be shown or changed from here');
    const show = messageText(await (await h.command('show web-2')).reply());
    expect(show).toContain(
      '`web-2` names an entry of the provider’s list that breaks its spec and has no readable uuid',
    );
  });
});

describe('a power state the spec does not list', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is shown as said with its real time, and told to the channel as a notice, never as the old state', async () => {
    h = await startHarness({
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: {
        NOTIFY_CHANNEL: NOTIFY,
        ONCALL_MENTION: ONCALL,
        WATCH_INTERVAL_SECONDS: '1',
        WATCH_FLAP_SECONDS: '0',
      },
    });
    const web1 = server(h, 'web-1');
    const detail = new RegExp(`^/v1/vps/servers/${web1.uuid}$`);
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    h.sim.control.corruptServer(web1.uuid, { set: { 'power.status': 'suspended' } });
    const told = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === NOTIFY && messageText(c).includes('web-1'),
      15_000,
    );
    const unlisted = '“suspended” (a state the provider’s spec does not list)';
    expect(messageText(told)).toContain(unlisted);
    expect(messageText(told)).toContain('running');
    // A notice, not an alarm: no on-call mention, no alarm marker.
    expect(messageText(told)).not.toContain(':rotating_light:');
    expect(messageText(told)).not.toContain(ONCALL);

    const snap = await h.bot.store.snapshots.get(web1.uuid);
    expect(snap?.powerStatus).toBe('suspended');
    const list = messageText(await (await h.command('list web-1')).reply());
    expect(list).toContain(`${unlisted} (seen`);
    expect(list).not.toContain('running (seen');
    const card = messageText(await (await h.command('show web-1')).reply());
    expect(card).toContain(unlisted);

    // A power state that cannot be read at all says nothing: the last one stays, with its own time.
    h.sim.control.corruptServer(web1.uuid, { set: { 'power.status': 42 } });
    // A read already under way may still have said `suspended`: look once one answered after it.
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    const before = await h.bot.store.snapshots.get(web1.uuid);
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    const after = await h.bot.store.snapshots.get(web1.uuid);
    expect(after?.powerStatus).toBe('suspended');
    expect(after?.observedAt.getTime()).toBe(before?.observedAt.getTime());
  });
});
