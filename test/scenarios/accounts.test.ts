/**
 * Several provider accounts in one bot, through the real app: two accounts
 * of the simulator (each a world of its own, both with a `web-1`), channels
 * bound from Slack, and nothing of one account shown in the other's channel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/slack/ids.ts';
import {
  ADMIN,
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import { approvalHas, approvalOf, startedBy } from '../support/steps.ts';

const OPS = CHANNEL;
const SHOP = 'C0SHOP001';
const ELSEWHERE = 'C0OTHER01';

const policy = (more = '') => `roles:
  admin: [${ADMIN}]
accounts:
  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN, notify_channel: ${OPS} }
  shop: { label: Shop A, key_env: PROVIDER_API_KEY_SHOP, notify_channel: ${SHOP} }
${more}`;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The text of a command's answer in a channel. */
async function answer(x: Harness, text: string, channel: string, user = VIEWER): Promise<string> {
  return messageText(await (await x.command(text, { channel, user })).reply());
}

/** `/vps account use <name>` by the admin in `channel`: said in the channel for everyone. */
async function bind(x: Harness, name: string, channel: string): Promise<string> {
  const before = x.slack.lastSeq;
  await x.command(`account use ${name}`, { channel, user: ADMIN });
  const said = await x.slack.waitFor(
    (c) => c.method === 'chat.postMessage' && c.args.channel === channel && c.seq > before,
  );
  return messageText(said);
}

describe('several provider accounts', () => {
  it('binds channels from Slack, answers each channel from its own account, refuses an unbound one', async () => {
    h = await startHarness({ simAccounts: ['main', 'shop'], policy: policy(), operators: [OPERATOR] });
    const main = h.sim.account('main');
    const shop = h.sim.account('shop');
    const web1 = (a: typeof main) => a.control.servers().find((s) => s.name === 'web-1')!;
    expect(web1(main).uuid).not.toBe(web1(shop).uuid);

    // No default account among two: an unbound channel is told how to bind it, and nothing is read.
    const before = h.sim.control.requests().length;
    const unbound = await answer(h, 'show web-1', OPS);
    expect(unbound).toContain('This channel is not bound to a provider account');
    expect(unbound).toContain('/vps account use <name>');
    expect(unbound).toContain('`main`');
    expect(h.sim.control.requests().length).toBe(before);

    // Only an admin binds; the binding is audited and said in the channel.
    expect(await answer(h, 'account use main', OPS, OPERATOR)).not.toContain('Production');
    expect(await bind(h, 'main', OPS)).toContain('Production');
    expect(await bind(h, 'shop', SHOP)).toContain('Shop A');
    const audited = await h.bot.store.audit.latest({ actor: ADMIN, limit: 10 });
    expect(audited.filter((a) => a.action === 'bind_channel' && a.outcome === 'ok')).toHaveLength(2);

    // The same name, two servers: each channel reads its own account's.
    const inOps = await answer(h, 'show web-1', OPS);
    const inShop = await answer(h, 'show web-1', SHOP);
    expect(inOps).toContain(web1(main).ipAddress!);
    expect(inOps).not.toContain(web1(shop).ipAddress!);
    expect(inShop).toContain(web1(shop).ipAddress!);
    expect(inShop).not.toContain(web1(main).ipAddress!);
    const mainReads = main.control.requests().filter((r) => r.path.includes(web1(main).uuid));
    const shopReads = shop.control.requests().filter((r) => r.path.includes(web1(shop).uuid));
    expect(mainReads.length).toBeGreaterThan(0);
    expect(shopReads.length).toBeGreaterThan(0);

    // /vps accounts lists both, with their channels; a channel still unbound is refused.
    const listed = await answer(h, 'accounts', OPS);
    expect(listed).toContain('Production');
    expect(listed).toContain('Shop A');
    expect(await answer(h, 'list', ELSEWHERE)).toContain('This channel is not bound');
  });

  it("refuses a button naming another account's server: it is looked for in the channel's account only", async () => {
    h = await startHarness({
      simAccounts: ['main', 'shop'],
      policy: policy('default_account: main\n'),
      operators: [OPERATOR],
    });
    const shop = h.sim.account('shop');
    await bind(h, 'shop', SHOP);
    const theirs = shop.control.servers().find((s) => s.name === 'web-1')!;
    // Pressed in #ops (the default account, main) with shop's uuid: not found there, shop never asked.
    const shopBefore = shop.control.requests().length;
    const clicked = await h.click(ACTIONS.cardShow, theirs.uuid, { channel: OPS, user: VIEWER });
    const text = messageText(await clicked.reply());
    expect(text).not.toContain(theirs.ipAddress!);
    expect(text).toContain('No server called');
    expect(shop.control.requests().length).toBe(shopBefore);
    // In #shop the same button shows it.
    const own = await h.click(ACTIONS.cardShow, theirs.uuid, { channel: SHOP, user: VIEWER });
    expect(messageText(await own.reply())).toContain(theirs.ipAddress!);
  });

  it("tells a power change in one account to that account's channel only", async () => {
    h = await startHarness({
      simAccounts: ['main', 'shop'],
      policy: policy('default_account: main\n'),
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: { WATCH_INTERVAL_SECONDS: '1', WATCH_FLAP_SECONDS: '0' },
    });
    const shop = h.sim.account('shop');
    const db1 = shop.control.servers().find((s) => s.name === 'db-1' && s.power === 'running');
    if (!db1) throw new Error('the seed needs a running db-1');
    // The watcher has read it once (its first reading is nobody's news), then it stops.
    await shop.control.nextRequest({ path: new RegExp(`^/v1/vps/servers/${db1.uuid}$`), status: 200 });
    shop.control.setPower(db1.uuid, 'stopped');
    const alert = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes('*db-1*'),
      15_000,
    );
    expect(alert.args.channel).toBe(SHOP);
    // Main's db-1 runs on: nothing about it, and nothing of shop's in #ops.
    expect(
      h.slack.calls.filter(
        (c) => c.method === 'chat.postMessage' && c.args.channel === OPS && messageText(c).includes('db-1'),
      ),
    ).toHaveLength(0);
    const incidents = await h.bot.store.forAccount('shop').incidents.openAlarms();
    expect(incidents.length).toBeGreaterThan(0);
    expect(await h.bot.store.incidents.openAlarms()).toHaveLength(0);
  });

  it('places an order on the account it was quoted on, and names that account in the approval', async () => {
    h = await startHarness({
      simAccounts: ['main', 'shop'],
      policy: policy('default_account: main\n'),
      operators: [OPERATOR],
    });
    const main = h.sim.account('main');
    const shop = h.sim.account('shop');
    await bind(h, 'shop', SHOP);
    const orders = (a: typeof shop) =>
      a.control
        .requests({ method: 'POST' })
        .filter(
          (r) => r.path === '/v1/vps/servers' && !(r.body as { dry_run?: boolean } | undefined)?.dry_run,
        );
    const after = h.slack.lastSeq;
    const step = await h.step('order_vps', {
      ...startedBy(OPERATOR),
      channel: SHOP,
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'shop-new-1',
      approval_channel: SHOP,
    });
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === SHOP && approvalHas(c),
    );
    expect(messageText(posted)).toContain('Shop A');
    // The person who asked is told the quote is for that account too.
    await h.slack.waitFor(
      (c) =>
        c.seq > after &&
        c.method === 'chat.postEphemeral' &&
        messageText(c).includes('provider account Shop A'),
    );
    // Approve pressed in #ops (main): that account holds no such quote; nothing is charged anywhere.
    const wrong = await h.click('vps_signup_approve', approvalOf(posted), { user: ADMIN, channel: OPS });
    await wrong.reply();
    expect(orders(main)).toHaveLength(0);
    expect(orders(shop)).toHaveLength(0);
    // In #shop it is placed once, on shop's key.
    await h.click('vps_signup_approve', approvalOf(posted), { user: ADMIN, channel: SHOP });
    expect((await step.outcome()).method).toBe('functions.completeSuccess');
    expect(orders(shop)).toHaveLength(1);
    expect(orders(main)).toHaveLength(0);
  });

  it("gives a person the role an account's policy names, in that account's channels only", async () => {
    h = await startHarness({
      simAccounts: ['main', 'shop'],
      policy: `roles:
  admin: [${ADMIN}]
accounts:
  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN }
  shop: { label: Shop A, key_env: PROVIDER_API_KEY_SHOP, roles: { operator: [${VIEWER}] } }
default_account: main
`,
      operators: [OPERATOR],
    });
    await bind(h, 'shop', SHOP);
    const inOps = messageText(
      await (await h.command('mute web-1 1h', { channel: OPS, user: VIEWER })).reply(),
    );
    expect(inOps).toContain('This needs the *operator* role; yours is *viewer*.');
    // A mute is said in the channel once it is written.
    const before = h.slack.lastSeq;
    await h.command('mute web-1 1h', { channel: SHOP, user: VIEWER });
    const said = await h.slack.waitFor(
      (c) => c.seq > before && c.method === 'chat.postMessage' && c.args.channel === SHOP,
    );
    expect(messageText(said)).toContain('web-1');
    const now = new Date();
    expect(await h.bot.store.forAccount('shop').mutes.active(now)).toHaveLength(1);
    expect(await h.bot.store.mutes.active(now)).toHaveLength(0);
  });
});
