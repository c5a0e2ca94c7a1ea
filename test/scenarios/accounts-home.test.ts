/**
 * The App Home with several provider accounts, through the real app (signed
 * deliveries, two accounts of the simulator, the strict fake Slack): one part
 * per account the person has a role in, each with that account's fleet; an
 * account where they have none is left out; a button pressed in a part acts
 * on that part's account (an order approved there is placed on it alone), and
 * a block_id naming an account the clicker has no role in is refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { ACTIONS, accountBlockId, accountOfBlockId, SIGNUP_IDS } from '../../src/slack/ids.ts';
import { type Harness, messageText, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { NO_RATE_LIMIT } from '../support/hosting.ts';
import { approvalOf, stateValues, TYPED_ORDER } from './signup-harness.ts';

const en = catalogs.en;
const OPS = 'C0OPS0001';
const SHOP = 'C0SHOP001';
const ADMIN = 'U0ADMIN01';
/** A viewer of both accounts. */
const BOTH = 'U0BOTH001';
/** A viewer of the shop's account only. */
const SHOPPER = 'U0SHOPPER';
/** Orders on the shop's account. */
const REQUESTER = 'U0REQUEST1';
/** An approver of both accounts. */
const APPROVER = 'U0APPROVE1';

const POLICY = `roles:
  admin: [${ADMIN}]
  approver: [${APPROVER}]
default_role: none
accounts:
  main: { label: Production, key_env: PROVIDER_API_KEY_MAIN, notify_channel: ${OPS}, roles: { viewer: [${BOTH}] } }
  shop:
    label: Shop A
    key_env: PROVIDER_API_KEY_SHOP
    notify_channel: ${SHOP}
    roles: { viewer: [${BOTH}, ${SHOPPER}], operator: [${REQUESTER}] }
default_account: main
channels:
  - { id: ${OPS}, account: main }
  - { id: ${SHOP}, account: shop }
`;

const title = (label: string) => en['home.account.title'].replace('{label}', label);

type Block = { block_id?: string; elements?: { action_id?: string; value?: string }[] };
const blocksOf = (call: RecordedCall): Block[] => (call.args.view as { blocks: Block[] }).blocks;

/** The text of each account's part of a published Home, by the account its blocks name. */
function parts(call: RecordedCall): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of blocksOf(call)) {
    const account = accountOfBlockId(b.block_id);
    if (account) out.set(account, `${out.get(account) ?? ''}${JSON.stringify(b)}`);
  }
  return out;
}

const realOrders = (sim: Harness['sim'], account: string) =>
  sim
    .account(account)
    .control.requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);

describe('the App Home with several provider accounts', () => {
  let h: Harness;
  let views = 0;
  beforeAll(async () => {
    h = await startHarness({
      simAccounts: ['main', 'shop'],
      policy: POLICY,
      rateLimit: NO_RATE_LIMIT,
      manualClockAt: new Date('2026-03-10T03:00:00.000Z'),
    });
    h.slack.setChannel(OPS, { private: false, members: [] });
    h.slack.setChannel(SHOP, { private: false, members: [] });
  });
  beforeEach(() => {
    // Each test on its own second: a Home is published at most once a second per person.
    h.sim.control.clock.advance(61_000);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function openHome(user: string): Promise<RecordedCall> {
    const since = h.slack.lastSeq;
    expect((await h.openHome({ userId: user })).status).toBe(200);
    return h.slack.waitForHome(user, since);
  }

  it('shows one part per account the person has a role in, each with its own fleet', async () => {
    // The shop has three servers more than production: each part counts its own.
    const shop = h.sim.account('shop');
    shop.control.addServers(3);
    const count = (a: string) => h.sim.account(a).control.servers().length;
    expect(count('shop')).toBe(count('main') + 3);
    const mainLists = h.sim
      .account('main')
      .control.requests({ method: 'GET', path: '/v1/vps/servers' }).length;

    const home = await openHome(BOTH);
    const text = messageText(home);
    expect(text).toContain(title('Production'));
    expect(text).toContain(title('Shop A'));
    const byAccount = parts(home);
    expect([...byAccount.keys()]).toEqual(['main', 'shop']);
    // Each part read its own account's list.
    expect(byAccount.get('shop')).toContain(`*Servers:* ${count('shop')} —`);
    expect(byAccount.get('main')).toContain(`*Servers:* ${count('main')} —`);
    expect(
      h.sim.account('main').control.requests({ method: 'GET', path: '/v1/vps/servers' }).length,
    ).toBeGreaterThan(mainLists);

    // A viewer of the shop only: its part, nothing of Production, not even its label.
    const theirs = await openHome(SHOPPER);
    expect([...parts(theirs).keys()]).toEqual(['shop']);
    expect(messageText(theirs)).toContain(title('Shop A'));
    expect(messageText(theirs)).not.toContain('Production');
  });

  it('an Approve pressed in the shop’s part places the order on the shop’s account, once', async () => {
    await openHome(APPROVER);
    const since = h.slack.lastSeq;
    const ack = await h.submit({
      callbackId: SIGNUP_IDS.modalCallback,
      userId: REQUESTER,
      viewId: `V0ACCHOME${String(++views).padStart(2, '0')}`,
      privateMetadata: JSON.stringify({ channelId: SHOP, planId: TYPED_ORDER.plan_id }),
      values: stateValues(TYPED_ORDER) as Parameters<Harness['submit']>[0]['values'],
    });
    expect(ack.status).toBe(200);
    const posted = await h.slack.waitFor(
      (c) => c.seq > since && c.method === 'chat.postMessage' && c.args.channel === SHOP && !c.args.thread_ts,
    );
    const q = approvalOf(posted);
    const [row] = await h.bot.store.forAccount('shop').signups.listRecent({ limit: 1 });
    if (!row) throw new Error('no signup row in the shop account');
    expect(await h.bot.store.signups.get(row.id)).toBeNull();

    // The approver's Home shows the request in the shop's part, its block naming the shop.
    const home = await h.slack.waitFor(
      (c) =>
        c.seq > since &&
        c.method === 'views.publish' &&
        c.args.user_id === APPROVER &&
        blocksOf(c).some((b) => b.elements?.some((e) => e.action_id === SIGNUP_IDS.approve)),
    );
    const block = blocksOf(home).find((b) => b.elements?.some((e) => e.action_id === SIGNUP_IDS.approve))!;
    expect(accountOfBlockId(block.block_id)).toBe('shop');

    const mark = h.slack.lastSeq;
    await h.homeClick(SIGNUP_IDS.approve, q.value, { user: APPROVER, blockId: block.block_id });
    const window = await h.slack.waitFor((c) => c.seq > mark && c.method === 'views.open' && !c.error);
    // The window it answers in belongs to the shop's part too: its buttons would act on the shop.
    const inWindow = blocksOf(window).map((b) => accountOfBlockId(b.block_id));
    expect(inWindow.length).toBeGreaterThan(0);
    expect(new Set(inWindow)).toEqual(new Set(['shop']));
    await expect.poll(() => realOrders(h.sim, 'shop').length, { timeout: 10_000 }).toBe(1);
    expect(realOrders(h.sim, 'main')).toHaveLength(0);
    expect((await h.bot.store.forAccount('shop').signups.get(row.id))?.approverId).toBe(APPROVER);
  });

  it('a block_id naming an account the clicker has no role in is refused, and that account is never asked', async () => {
    const main = h.sim.account('main');
    const web1 = main.control.servers().find((s) => s.name === 'web-1')!;
    const before = main.control.requests().length;
    for (const blockId of [accountBlockId('main', 'vps_card'), accountBlockId('nowhere', 'vps_card')]) {
      const mark = h.slack.lastSeq;
      await h.homeClick(ACTIONS.cardShow, web1.uuid, { user: SHOPPER, blockId });
      const window = await h.slack.waitFor((c) => c.seq > mark && c.method === 'views.open' && !c.error);
      const text = messageText(window);
      expect(text).not.toContain(web1.ipAddress!);
      expect(text).toContain('you have no role here');
    }
    expect(main.control.requests().length).toBe(before);
    // Their own account's part works: the card of the shop's web-1.
    const shopWeb1 = h.sim
      .account('shop')
      .control.servers()
      .find((s) => s.name === 'web-1')!;
    const mark = h.slack.lastSeq;
    await h.homeClick(ACTIONS.cardShow, shopWeb1.uuid, {
      user: SHOPPER,
      blockId: accountBlockId('shop', 'x'),
    });
    const window = await h.slack.waitFor((c) => c.seq > mark && c.method === 'views.open' && !c.error);
    expect(messageText(window)).toContain(shopWeb1.ipAddress!);
    // In the window a Home click opened, as in the Home: its own account acts, another is refused.
    const at = h.slack.lastSeq;
    const inWindow = { user: SHOPPER, inWindow: true, viewId: 'V0WINDOW1' };
    await h.homeClick(ACTIONS.cardShow, shopWeb1.uuid, { ...inWindow, blockId: accountBlockId('shop', 'y') });
    const updated = await h.slack.waitFor((c) => c.seq > at && c.method === 'views.update');
    expect(JSON.stringify(updated.args.view)).toContain(shopWeb1.ipAddress!);
    const at2 = h.slack.lastSeq;
    await h.homeClick(ACTIONS.cardShow, web1.uuid, { ...inWindow, blockId: accountBlockId('main', 'y') });
    const refused = await h.slack.waitFor((c) => c.seq > at2 && c.method === 'views.update');
    expect(JSON.stringify(refused.args.view)).toContain('you have no role here');
    expect(main.control.requests().length).toBe(before);
  });
});
