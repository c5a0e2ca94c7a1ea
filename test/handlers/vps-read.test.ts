import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { ACTIONS } from '../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';
import { fill } from '../support/words.ts';

const en = catalogs.en;

interface ButtonLike {
  type: string;
  action_id?: string;
  value?: string;
}
function buttons(call: { args: Record<string, unknown> }): ButtonLike[] {
  const blocks = (call.args.blocks ?? []) as { type: string; elements?: ButtonLike[] }[];
  return blocks.flatMap((b) => (b.type === 'actions' ? (b.elements ?? []) : []));
}

describe('/vps read commands through the real app', () => {
  let h: Harness;
  beforeAll(async () => {
    // One bot for the whole file: its ~60 reads within a minute would take a 60-a-minute window
    // down to what reads leave to changes, and a test would wait up to a minute for the next one.
    h = await startHarness({ rateLimit: { limit: 600, windowSeconds: 60, concurrent: 5 } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('acks a list at once and replies ephemerally with every server', async () => {
    const { ack, reply } = await h.command('list');
    expect(ack.status).toBe(200);
    expect(ack.text).toBe('');
    const r = await reply();
    expect(r.args.response_type).toBe('ephemeral');
    const text = messageText(r);
    expect(text).toContain('12 servers');
    expect(text).toContain('web-1');
    expect(text).toContain('gpu-ml-1');
    expect(text).toContain(en['list.power_unknown']);
  });

  it('answers ephemerally in the channel when Slack refuses the response_url', async () => {
    h.slack.fail('response_url', { status: 404 });
    const before = h.slack.lastSeq;
    const c = await h.command('list');
    const refused = await c.reply();
    expect(refused.error).toBe('expired_url');
    const told = await h.slack.waitFor((x) => x.method === 'chat.postEphemeral' && x.seq > before);
    expect(told.args).toMatchObject({ user: VIEWER, channel: 'C0OPS0001' });
    expect(messageText(told)).toContain('12 servers');
    expect(h.logs.text).not.toContain('unhandled error after ack');
  });

  it('filters the list by words and type=', async () => {
    const r = await (await h.command('list type=gpu')).reply();
    expect(messageText(r)).toContain('1 server matching “type=gpu”');
    expect(messageText(r)).toContain('gpu-ml-1');
    const none = await (await h.command('list nothing-like-this')).reply();
    expect(messageText(none)).toContain(en['list.empty']);
  });

  it('shows the last known power from the store in the list', async () => {
    const uuid = h.sim.control.servers().find((s) => s.name === 'db-2')!.uuid;
    await h.bot.store.snapshots.upsert({
      serverUuid: uuid,
      name: 'db-2',
      powerStatus: 'stopped',
      observedAt: new Date(),
    });
    const r = await (await h.command('list db-2')).reply();
    expect(messageText(r)).toMatch(/stopped \(seen /);
  });

  it('pages a long list with buttons that rebuild the next page', async () => {
    h.sim.control.addServers(30, { name: 'fleet' });
    const r = await (await h.command('list fleet')).reply();
    expect(messageText(r)).toContain('Page 1 of 2');
    const next = buttons(r).find((b) => b.action_id?.startsWith(ACTIONS.listPage));
    expect(next?.value).toBeTruthy();
    const click = await h.click(next!.action_id!, next!.value!);
    expect(click.ack.status).toBe(200);
    const page2 = await click.reply();
    expect(page2.args.replace_original).toBe(true);
    expect(messageText(page2)).toContain('Page 2 of 2');
    expect(messageText(page2)).toContain('fleet-30');
  });

  it('shows the card without edit buttons to a viewer, with them to an operator', async () => {
    const viewerCard = await (await h.command('show db-1', { user: VIEWER })).reply();
    const ids = buttons(viewerCard).map((b) => b.action_id);
    expect(ids).toEqual([ACTIONS.cardRefresh]);
    const opCard = await (await h.command('show db-1', { user: OPERATOR })).reply();
    expect(buttons(opCard).map((b) => b.action_id)).toEqual([
      ACTIONS.cardRefresh,
      ACTIONS.cardRename,
      ACTIONS.cardMemo,
      ACTIONS.cardRdns,
    ]);
    const text = messageText(opCard);
    for (const label of ['Plan', 'IP address', 'Hostname', 'Reverse DNS', 'OS', 'Memo', 'Power']) {
      expect(text).toContain(label);
    }
  });

  it('refreshes the card in place with the power read now', async () => {
    const s = h.sim.control.servers().find((x) => x.name === 'web-1')!;
    h.sim.control.setPower(s.uuid, 'stopped');
    const click = await h.click(ACTIONS.cardRefresh, s.uuid);
    const r = await click.reply();
    expect(r.args.replace_original).toBe(true);
    expect(messageText(r)).toContain('stopped');
  });

  it('finds a server by uuid and by IP', async () => {
    const s = h.sim.control.servers().find((x) => x.name === 'db-1')!;
    expect(messageText(await (await h.command(`show ${s.uuid}`)).reply())).toContain('db-1');
    expect(messageText(await (await h.command(`power ${s.ipAddress}`)).reply())).toContain('*db-1*');
  });

  it('lists the candidates of an ambiguous name', async () => {
    const r = await (await h.command('show web')).reply();
    const text = messageText(r);
    expect(text).toContain('`web` matches 2 servers');
    expect(text).toContain('web-1');
    expect(text).toContain('web-2');
  });

  it('says when no server has that name', async () => {
    const r = await (await h.command('show nosuch')).reply();
    expect(messageText(r)).toContain('No server called `nosuch`');
  });

  it('reads the power state now', async () => {
    const s = h.sim.control.servers().find((x) => x.name === 'cache-1')!;
    h.sim.control.setPower(s.uuid, 'processing');
    const r = await (await h.command('power cache-1')).reply();
    expect(messageText(r)).toContain('*cache-1* is *:large_yellow_circle: processing*');
  });

  it('reads the power from the server detail when the power body holds no documented value', async () => {
    const s = h.sim.control.servers().find((x) => x.name === 'batch-1')!;
    h.sim.control.setPower(s.uuid, 'stopped');
    // The power body's shape is not published: one naming only the contract status and a value
    // the provider never documented says nothing about the power state.
    h.sim.control.addFault({
      method: 'GET',
      path: `/v1/vps/servers/${s.uuid}/power`,
      status: 200,
      rawBody: JSON.stringify({ server: { status: 'active', state: 'booting' } }),
    });
    const details = () => h.sim.control.requests({ method: 'GET', path: `/v1/vps/servers/${s.uuid}` }).length;
    const before = details();
    const r = messageText(await (await h.command('power batch-1')).reply());
    expect(r).toContain('*batch-1* is *');
    expect(r).toContain('stopped');
    expect(r).not.toContain('active');
    expect(r).not.toContain('booting');
    expect(details()).toBe(before + 1);
  });

  it('pages the key’s API log with the cursor, filters passed through', async () => {
    for (let i = 0; i < 25; i++) await (await h.command('power web-2')).reply();
    const r = await (await h.command('logs method=GET status=success')).reply();
    const text = messageText(r);
    expect(text).toContain(en['logs.header']);
    expect(text).toContain('Filters: method=GET status=success');
    expect(text).toContain('/v1/vps/servers');
    const more = buttons(r).find((b) => b.action_id === ACTIONS.logsMore);
    expect(more).toBeDefined();
    const logsCalls = () => h.sim.control.requests({ path: '/v1/logs' });
    const click = await h.click(ACTIONS.logsMore, more!.value!);
    const page2 = await click.reply();
    expect(page2.args.replace_original).toBe(true);
    const last = logsCalls().at(-1)!;
    expect(last.query.cursor).toBeTruthy();
    expect(last.query.method).toBe('GET');
    expect(last.query.status_class).toBe('success');
  });

  it('asks the provider for limit= entries a page, and pages on with the same limit', async () => {
    const logsCalls = () => h.sim.control.requests({ path: '/v1/logs' });
    for (let i = 0; i < 8; i++) await (await h.command('power web-2')).reply();
    const r = await (await h.command('logs limit=3 method=GET')).reply();
    expect(logsCalls().at(-1)!.query).toMatchObject({ limit: '3', method: 'GET' });
    const text = messageText(r);
    expect(text).toContain('Filters: limit=3 method=GET');
    expect(text).toContain(fill(en['logs.count'], { count: 3 }));
    const more = buttons(r).find((b) => b.action_id === ACTIONS.logsMore)!;
    expect(JSON.parse(more.value!)).toMatchObject({ f: { limit: 3, method: 'GET' } });
    const page2 = await (await h.click(ACTIONS.logsMore, more.value!)).reply();
    expect(logsCalls().at(-1)!.query).toMatchObject({ limit: '3', method: 'GET' });
    expect(logsCalls().at(-1)!.query.cursor).toBeTruthy();
    expect(messageText(page2)).toContain(fill(en['logs.count'], { count: 3 }));
    // The provider's whole range: 500 in one page.
    await (await h.command('logs limit=500')).reply();
    expect(logsCalls().at(-1)!.query.limit).toBe('500');
  });

  it('refuses a limit outside 1 to 500 on its field, in the user’s language, before any request', async () => {
    const before = h.sim.control.requests({ path: '/v1/logs' }).length;
    const en1 = messageText(await (await h.command('logs limit=501')).reply());
    expect(en1).toContain('`limit=` takes a whole number of entries per page, 1–500');
    h.slack.setUser('U0JAPAN01', { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const ja1 = messageText(await (await h.command('logs limit=0', { user: 'U0JAPAN01' })).reply());
    expect(ja1).toContain('`limit=` には1ページの件数を 1–500 の整数で指定します');
    // A forged pager value with a limit the provider would refuse is not sent either.
    const forged = JSON.stringify({ c: 'abc', f: { limit: 9999 } });
    const click = await (await h.click(ACTIONS.logsMore, forged)).reply();
    expect(messageText(click)).not.toContain(en['logs.header']);
    expect(h.sim.control.requests({ path: '/v1/logs' }).length).toBe(before);
  });

  it('/vps help logs gives every filter’s rule, limit= included, in both languages', async () => {
    const text = messageText(await (await h.command('help logs')).reply());
    expect(text).toContain(en['help.rules.logs_time']);
    expect(text).toContain(en['help.rules.logs_limit']);
    h.slack.setUser('U0JAPAN01', { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const ja = messageText(await (await h.command('help logs', { user: 'U0JAPAN01' })).reply());
    expect(ja).toContain(catalogs.ja['help.rules.logs_limit']);
  });

  it('explains a bad log filter without calling the provider', async () => {
    const before = h.sim.control.requests({ path: '/v1/logs' }).length;
    const r = await (await h.command('logs status=maybe')).reply();
    expect(messageText(r)).toContain('The filter `status` expects success|error');
    expect(h.sim.control.requests({ path: '/v1/logs' }).length).toBe(before);
  });

  it('shows the key and the user’s role with `me`', async () => {
    const r = await (await h.command('me', { user: OPERATOR })).reply();
    const text = messageText(r);
    expect(text).toContain(en['me.never']);
    expect(text).toContain('*VPS* `vps`\nPermission: *full*\nTargets: all, everything in the account');
    // The full key covers four services, each with what GET /v1/me documents for it.
    for (const service of ['server', 'domain', 'wphosting', 'vps']) expect(text).toContain(`\`${service}\``);
    expect(text).toContain(en['me.allow_acquisition_no']);
    expect(text).toContain(en['me.sites_all']);
    expect(text).toContain(en['me.signup_yes']);
    expect(text).toContain('Your role here: *operator*');
  });

  it('shows the audit trail, for all and for one server', async () => {
    await (await h.command('rename web-1 web-y', { user: VIEWER })).reply();
    const all = await (await h.command('audit')).reply();
    // What was tried and why it was refused, in words: never a raw code.
    expect(messageText(all)).toContain(
      `<@${VIEWER}> · rename → \`web-y\` · web-1 · refused: lacked the role it needs`,
    );
    expect(messageText(all)).not.toContain('role_required');
    const one = await (await h.command('audit web-1')).reply();
    expect(messageText(one)).toContain('for *web-1*');
  });

  it('helps with what this user may do', async () => {
    const viewer = messageText(await (await h.command('help', { user: VIEWER })).reply());
    expect(viewer).toContain('Your role here: *viewer*');
    expect(viewer).toContain('/vps list');
    expect(viewer).not.toContain('/vps rename <server>');
    // Commands as typed, and approving in words: never the action's id (`approve`).
    expect(viewer).toContain(
      'Needs a higher role: `rename`, `memo`, `rdns`, `signup`, approving orders, `watch`',
    );
    expect(viewer).toContain('/vps watches');
    expect(viewer).toContain(en['help.coming']);
    const operator = messageText(await (await h.command('', { user: OPERATOR })).reply());
    expect(operator).toContain('/vps rename <server> <new-name>');
  });

  it('answers a redelivered command once', async () => {
    const triggerId = 'trig.read-retry';
    await (await h.command('list', { triggerId })).reply();
    const again = await h.command('list', { triggerId, delivery: { retryNum: 1 } });
    expect(again.ack.status).toBe(200);
    await (await h.command('help')).reply();
    expect(h.slack.calls.filter((c) => c.responseId === again.responseId)).toHaveLength(0);
  });

  it('answers unknown words, usage mistakes, signup and watch for a viewer, and /hosting', async () => {
    expect(messageText(await (await h.command('reboot web-1')).reply())).toContain('I don’t know `reboot`');
    expect(messageText(await (await h.command('show')).reply())).toContain(en['usage.show']);
    // /vps routes signup to the order form, which a viewer may not open.
    expect(messageText(await (await h.command('signup')).reply())).toContain(
      'Ordering a VPS needs the operator role; yours is viewer.',
    );
    expect(messageText(await (await h.command('watch web-1')).reply())).toContain(
      'This needs the *operator* role',
    );
    const hosting = await (await h.command('xs1.xsrv.jp frobnicate', { command: '/hosting' })).reply();
    expect(messageText(hosting)).toContain('I don’t know `frobnicate`. Run `/hosting help`');
  });
});
