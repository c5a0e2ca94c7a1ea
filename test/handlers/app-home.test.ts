/**
 * The App Home through the real app (startBot) with signed deliveries, the
 * simulator and the fake Slack: opening it publishes the person's Home
 * (views.publish, held to Slack's rules by the fake) in their language;
 * someone without a role sees why and nothing else; the delivery check and
 * the team guard serve the new event; an approval clicked in the Home goes
 * through the channel's own listener and the one decision machine, placed in
 * the request's channel (self-approval refused, a channel the approver cannot
 * read refused, a decision from the Home paid once); the Homes of those it
 * concerns are published again, and an incident the watcher opens too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { HOME_IDS, SIGNUP_IDS, WATCH_IDS } from '../../src/slack/ids.ts';
import { approvalOf, stateValues, TYPED_ORDER } from '../scenarios/signup-harness.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { NO_RATE_LIMIT } from '../support/hosting.ts';

const en = catalogs.en;
const ja = catalogs.ja;
const NOON_JST = new Date('2026-03-10T03:00:00.000Z');
const REQUESTER = 'U0REQUEST1';
const APPROVER = 'U0APPROVE1';
const KENJI = 'U0KENJI01';
const NOBODY = 'U0NOBODY1';
const ORDERERS = 'S0ORDERERS';
const APPROVERS = 'S0APPROVERS';
const PRIVATE = 'G0SECRET1';

const POLICY = `
roles:
  viewer: [${VIEWER}, ${KENJI}, ${REQUESTER}, ${APPROVER}]
  operator: [${OPERATOR}, ${ORDERERS}]
  approver: [${APPROVERS}]
default_role: none
`;

const realOrders = (h: Harness) =>
  h.sim.control
    .requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);

/** Every action_id and value of the buttons of a published view. */
function buttonsOf(call: RecordedCall): { action_id: string; value?: string }[] {
  const out: { action_id: string; value?: string }[] = [];
  const walk = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    const o = v as Record<string, unknown>;
    if (o.type === 'button' && typeof o.action_id === 'string')
      out.push({ action_id: o.action_id, ...(typeof o.value === 'string' ? { value: o.value } : {}) });
    for (const x of Object.values(o)) walk(x);
  };
  walk((call.args.view as { blocks: unknown }).blocks);
  return out;
}

let views = 0;

/** The requester submits the order form in `channel`; the approval request's button value. */
async function quote(h: Harness, channel = CHANNEL) {
  const since = h.slack.lastSeq;
  const ack = await h.submit({
    callbackId: SIGNUP_IDS.modalCallback,
    userId: REQUESTER,
    viewId: `V0HOME${String(++views).padStart(3, '0')}`,
    privateMetadata: JSON.stringify({ channelId: channel, planId: TYPED_ORDER.plan_id }),
    values: stateValues(TYPED_ORDER) as Parameters<Harness['submit']>[0]['values'],
  });
  expect(ack.status).toBe(200);
  const posted = await h.slack.waitFor(
    (c) =>
      c.seq > since && c.method === 'chat.postMessage' && c.args.channel === channel && !c.args.thread_ts,
  );
  const [row] = await h.bot.store.signups.listRecent({ limit: 1 });
  if (!row) throw new Error('no signup row');
  return { row, ...approvalOf(posted) };
}

/** Opens the person's Home and resolves with what Slack was asked to show. */
async function openHome(h: Harness, user: string): Promise<RecordedCall> {
  const since = h.slack.lastSeq;
  const ack = await h.openHome({ userId: user });
  expect(ack.status).toBe(200);
  return h.slack.waitForHome(user, since);
}

/** The window a Home click answered in. */
const windowAfter = (h: Harness, since: number) =>
  h.slack.waitFor((c) => c.seq > since && c.method === 'views.open' && !c.error);

describe('the App Home through the real app', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      manualClockAt: NOON_JST,
      rateLimit: NO_RATE_LIMIT,
      policy: POLICY,
      operators: [OPERATOR],
    });
    h.slack.setUser(KENJI, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    h.slack.setGroup(ORDERERS, [REQUESTER]);
    h.slack.setGroup(APPROVERS, [APPROVER]);
    h.slack.setChannel(CHANNEL, { private: false, members: [] });
  });
  beforeEach(() => {
    // Each test on its own second: a Home is published at most once a second per person.
    h.sim.control.clock.advance(61_000);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('opening the Home publishes it in the person’s language; the Messages tab publishes nothing', async () => {
    const home = await openHome(h, VIEWER);
    const view = home.args.view as { type: string; blocks: unknown[] };
    expect(view.type).toBe('home');
    const text = messageText(home);
    for (const key of ['home.waiting.title', 'home.now.title', 'home.key.title', 'home.may.title'] as const)
      expect(text).toContain(en[key]);
    expect(text).toContain(en['home.waiting.none']);
    expect(text).toContain(en['home.incidents.none']);

    const japanese = await openHome(h, KENJI);
    expect(messageText(japanese)).toContain(ja['home.waiting.title']);
    expect(messageText(japanese)).toContain(ja['home.now.title']);

    const since = h.slack.lastSeq;
    expect((await h.openHome({ userId: OPERATOR, tab: 'messages' })).status).toBe(200);
    await openHome(h, VIEWER);
    expect(
      h.slack.callsOf('views.publish').filter((c) => c.seq > since && c.args.user_id === OPERATOR),
    ).toEqual([]);
  });

  it('someone without a role sees why, and nothing else', async () => {
    const home = await openHome(h, NOBODY);
    const view = home.args.view as { blocks: unknown[] };
    expect(view.blocks).toHaveLength(2);
    expect(messageText(home)).toContain(en['home.no_role']);
    expect(buttonsOf(home)).toEqual([]);
  });

  it('the event is served by the delivery check and the team guard: malformed 400, another workspace refused', async () => {
    const group = await h.openHome({ userId: 'S0OPSGROUP' });
    expect(group.status).toBe(400);
    const since = h.slack.lastSeq;
    const foreign = await h.openHome({ userId: OPERATOR, teamId: 'T0OTHER01' });
    expect(foreign.status).toBe(200);
    await h.logs.waitFor((l) => l.msg === 'request from another workspace refused');
    await openHome(h, VIEWER);
    expect(
      h.slack.callsOf('views.publish').filter((c) => c.seq > since && c.args.user_id === OPERATOR),
    ).toEqual([]);
    expect(await h.bot.store.homeViewers.get(OPERATOR)).toBeNull();
  });

  it('an approval waits in the approver’s Home with the channel’s own buttons; the requester may not approve it from theirs; the approver’s click pays once and republishes', async () => {
    await openHome(h, APPROVER);
    await openHome(h, REQUESTER);
    const since = h.slack.lastSeq;
    const q = await quote(h);
    // A new quote concerns both: each Home is published again, the approver's with its buttons.
    const approverHome = await h.slack.waitFor(
      (c) =>
        c.seq > since &&
        c.method === 'views.publish' &&
        c.args.user_id === APPROVER &&
        buttonsOf(c).some((b) => b.action_id === SIGNUP_IDS.approve),
    );
    const approve = buttonsOf(approverHome).find((b) => b.action_id === SIGNUP_IDS.approve)!;
    expect(approve.value).toBe(q.value);
    expect(messageText(approverHome)).toContain(`<@${REQUESTER}>`);
    const requesterHome = await h.slack.waitFor(
      (c) => c.seq > since && c.method === 'views.publish' && c.args.user_id === REQUESTER,
    );
    expect(buttonsOf(requesterHome).some((b) => b.action_id === SIGNUP_IDS.approve)).toBe(false);
    expect(messageText(requesterHome)).toContain(en['home.own.title']);

    // The requester presses Approve from their Home anyway: the machine refuses it as in the channel.
    let mark = h.slack.lastSeq;
    await h.homeClick(SIGNUP_IDS.approve, q.value, { user: REQUESTER });
    expect(messageText(await windowAfter(h, mark))).toContain(en['signup.click.self_approval']);
    expect((await h.bot.store.signups.get(q.row.id))?.state).toBe('quoted');

    // The approver approves from their Home: decided in the request's channel, paid once.
    mark = h.slack.lastSeq;
    await h.homeClick(SIGNUP_IDS.approve, q.value, { user: APPROVER });
    const window = await windowAfter(h, mark);
    expect(messageText(window)).toContain(`<@${APPROVER}>`);
    await h.slack.waitFor(
      (c) => c.seq > mark && c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string',
    );
    expect(realOrders(h)).toHaveLength(1);
    expect(h.sim.control.charges()).toHaveLength(1);
    const trail = await h.bot.store.audit.latest({ target: q.row.id, actor: APPROVER, limit: 5 });
    expect(trail.find((a) => a.action === 'signup.approve')).toMatchObject({
      outcome: 'ok',
      channelId: CHANNEL,
    });
    // The decided request leaves the approver's Home.
    const after = await h.slack.waitFor(
      (c) =>
        c.seq > mark &&
        c.method === 'views.publish' &&
        c.args.user_id === APPROVER &&
        !buttonsOf(c).some((b) => b.action_id === SIGNUP_IDS.approve),
      15_000,
    );
    expect(messageText(after)).toContain(en['home.waiting.none']);
    // A second click from the Home decides nothing more.
    mark = h.slack.lastSeq;
    await h.homeClick(SIGNUP_IDS.approve, q.value, { user: APPROVER });
    await windowAfter(h, mark);
    expect(realOrders(h)).toHaveLength(1);
  });

  it('two orders waiting: the approver’s Home is published with both, each with its own buttons (Slack refuses a repeated block_id)', async () => {
    await openHome(h, APPROVER);
    const first = await quote(h);
    h.sim.control.clock.advance(2_000);
    const second = await quote(h);
    h.sim.control.clock.advance(2_000);
    const mark = h.slack.lastSeq;
    await h.openHome({ userId: APPROVER });
    const home = await h.slack.waitFor(
      (c) => c.seq > mark && c.method === 'views.publish' && c.args.user_id === APPROVER,
    );
    expect(home.error).toBeUndefined();
    const values = buttonsOf(home)
      .filter((b) => b.action_id === SIGNUP_IDS.approve)
      .map((b) => b.value);
    expect(values).toEqual(expect.arrayContaining([first.value, second.value]));
    const ids = (home.args.view as { blocks: { block_id?: string }[] }).blocks.flatMap((b) =>
      b.block_id ? [b.block_id] : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('Order a VPS opens the order form for someone who may order, and says why in a window to someone who may not; Price list shows the plans', async () => {
    const refused = h.slack.lastSeq;
    await h.homeClick(HOME_IDS.orderVps, 'order', { user: VIEWER });
    expect(messageText(await windowAfter(h, refused))).toContain('needs the operator role; yours is viewer');
    const opened = h.slack.lastSeq;
    await h.homeClick(HOME_IDS.orderVps, 'order', { user: REQUESTER });
    const form = await windowAfter(h, opened);
    expect((form.args.view as { callback_id?: string }).callback_id).toBe(SIGNUP_IDS.modalCallback);
    const plans = h.slack.lastSeq;
    await h.homeClick(HOME_IDS.priceList, 'plans', { user: VIEWER });
    const list = await windowAfter(h, plans);
    expect((list.args.view as { callback_id?: string }).callback_id).toBe(HOME_IDS.windowCallback);
    expect(messageText(list)).toMatch(/¥[\d,]+/);
  });

  it('a request in a channel the approver cannot read is not in their Home, and a click from the Home is refused', async () => {
    h.slack.setChannel(PRIVATE, { private: true, members: [REQUESTER] });
    await openHome(h, APPROVER);
    const q = await quote(h, PRIVATE);
    h.sim.control.clock.advance(2_000);
    const home = await openHome(h, APPROVER);
    expect(buttonsOf(home).some((b) => b.value === q.value)).toBe(false);
    const mark = h.slack.lastSeq;
    await h.homeClick(SIGNUP_IDS.approve, q.value, { user: APPROVER });
    expect(messageText(await windowAfter(h, mark))).toContain(en['error.approval_wrong_channel']);
    expect((await h.bot.store.signups.get(q.row.id))?.state).toBe('quoted');
    expect(realOrders(h)).toHaveLength(1);
  });
});

describe('an incident the watcher opens, on people’s Homes', () => {
  let h: Harness;
  afterAll(async () => {
    await h?.close();
  });

  it('is published to those who opened their Home, with its claim button; a claim from the Home takes it', {
    timeout: 60_000,
  }, async () => {
    h = await startHarness({
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: { WATCH_INTERVAL_SECONDS: '1', WATCH_FLAP_SECONDS: '0', NOTIFY_CHANNEL: CHANNEL },
    });
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1' && s.power === 'running');
    if (!db1) throw new Error('the seed needs a running db-1');
    await openHome(h, VIEWER);
    // The watcher has read it running once: the stop is a change.
    await h.sim.control.nextRequest({ path: new RegExp(`^/v1/vps/servers/${db1.uuid}$`), status: 200 });
    const since = h.slack.lastSeq;
    h.sim.control.setPower(db1.uuid, 'stopped');
    const home = await h.slack.waitFor(
      (c) =>
        c.seq > since &&
        c.method === 'views.publish' &&
        c.args.user_id === VIEWER &&
        buttonsOf(c).some((b) => b.action_id.startsWith(WATCH_IDS.claim)),
      20_000,
    );
    expect(messageText(home)).toContain('*db-1*');
    const claim = buttonsOf(home).find((b) => b.action_id.startsWith(WATCH_IDS.claim))!;
    const mark = h.slack.lastSeq;
    await h.homeClick(claim.action_id, claim.value!, { user: VIEWER });
    expect(messageText(await windowAfter(h, mark))).toContain('*db-1*');
    const open = await h.bot.store.incidents.openAlarms();
    expect(open.map((i) => i.claimedBy)).toEqual([VIEWER]);
    await h.slack.waitFor(
      (c) =>
        c.seq > mark &&
        c.method === 'views.publish' &&
        c.args.user_id === VIEWER &&
        messageText(c).includes(`<@${VIEWER}>`),
      15_000,
    );
  });
});
