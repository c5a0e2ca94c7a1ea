/**
 * Approving and paying are decided on current facts, through the real app
 * with signed requests and the simulator behind: the approver's group
 * membership is read from Slack at the click, the requester must still hold
 * the role to order when the approved order is about to be paid, a click
 * counts only in the channel the request was posted in, and the policy's
 * channel list applies to approvals. Every refusal charges nothing and is
 * audited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { HOSTING_IDS, SIGNUP_IDS } from '../../src/slack/ids.ts';
import { approvalOf, stateValues, TYPED_ORDER } from '../scenarios/signup-harness.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import {
  approvalPost,
  buttonValue,
  clickAndAnswer,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  SERVER,
} from '../support/hosting.ts';

const en = catalogs.en;
/** 10 March 2026, 12:00 JST: a quote lives its whole 30 minutes. */
const NOON_JST = new Date('2026-03-10T03:00:00.000Z');
const REQUESTER = 'U0REQUEST1';
const APPROVER = 'U0APPROVE1';
/** An approver by user id: deciding their role reads no group, so nothing refreshes the cache for them. */
const DIRECT_APPROVER = 'U0APPROVE2';
const ORDERERS = 'S0ORDERERS';
const APPROVERS = 'S0APPROVERS';
const ELSEWHERE = 'C0ELSEWHR1';

const form = TYPED_ORDER;

const realOrders = (h: Harness) =>
  h.sim.control
    .requests({ method: 'POST', path: '/v1/vps/servers' })
    .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);

let views = 0;

/** The requester submits the order form; resolves with the approval request posted in the channel. */
async function quote(h: Harness, user = REQUESTER) {
  const since = h.slack.lastSeq;
  const ack = await h.submit({
    callbackId: SIGNUP_IDS.modalCallback,
    userId: user,
    // Each form is its own view: one view id submitted twice is a retried delivery.
    viewId: `V0ORDER${String(++views).padStart(3, '0')}`,
    privateMetadata: JSON.stringify({ channelId: CHANNEL, planId: form.plan_id }),
    values: stateValues(form) as Parameters<Harness['submit']>[0]['values'],
  });
  expect(ack.status).toBe(200);
  const posted = await h.slack.waitFor(
    (c) =>
      c.seq > since && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && !c.args.thread_ts,
  );
  const [row] = await h.bot.store.signups.listRecent({ limit: 1 });
  if (!row) throw new Error('no signup row');
  return { row, ...approvalOf(posted) };
}

const inThread = (since: number) => (c: RecordedCall) =>
  c.seq > since && c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string';

describe('paid signup: approving and paying on current facts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      manualClockAt: NOON_JST,
      rateLimit: NO_RATE_LIMIT,
      operators: [OPERATOR, ORDERERS],
      approvers: [APPROVERS, DIRECT_APPROVER],
    });
  });
  beforeEach(() => {
    // Quoting may use the 60 s membership cache: each test starts past what the last one left there.
    h.sim.control.clock.advance(61_000);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an approver removed from the approvers’ group between the quote and the click is refused; nothing is charged', async () => {
    h.slack.setGroup(ORDERERS, [REQUESTER]);
    h.slack.setGroup(APPROVERS, [APPROVER]);
    // Reading the requester's role at the quote puts the approvers' group in the short cache.
    const q = await quote(h);
    expect(h.slack.callsOf('usergroups.users.list').map((c) => c.args.usergroup)).toContain(APPROVERS);
    h.slack.setGroup(APPROVERS, []);
    const r = await clickAndAnswer(h, SIGNUP_IDS.approve, q.value, APPROVER);
    expect(r.text).toContain(en['signup.click.forbidden'].replace('{role}', 'viewer'));
    expect(realOrders(h)).toHaveLength(0);
    expect(h.sim.control.charges()).toHaveLength(0);
    expect((await h.bot.store.signups.get(q.row.id))?.state).toBe('quoted');
    const [audit] = await h.bot.store.audit.latest({ limit: 1 });
    expect(audit).toMatchObject({ actor: APPROVER, action: 'signup.approve', outcome: 'refused' });
  });

  it('a requester removed from the role to order before the approval runs: not ordered, the thread says why, nothing charged', async () => {
    h.slack.setGroup(ORDERERS, [REQUESTER]);
    h.slack.setGroup(APPROVERS, [APPROVER]);
    const q = await quote(h);
    // Still in the short cache from the quote: only a live read sees the change.
    h.slack.setGroup(ORDERERS, []);
    const since = h.slack.lastSeq;
    await h.click(SIGNUP_IDS.approve, q.value, { user: DIRECT_APPROVER });
    const thread = await h.slack.waitFor(inThread(since));
    const row = await h.bot.store.signups.get(q.row.id);
    expect(thread.args.thread_ts).toBe(row?.messageTs);
    expect(thread.args.text).toBe(en['signup.outcome.failed.REQUESTER_ROLE'].replace('{user}', REQUESTER));
    expect(realOrders(h)).toHaveLength(0);
    expect(h.sim.control.charges()).toHaveLength(0);
    expect(row).toMatchObject({ state: 'failed', errorCode: 'REQUESTER_ROLE', secretId: null });
    const [audit] = await h.bot.store.audit.latest({ target: q.row.id, limit: 1 });
    expect(audit).toMatchObject({
      action: 'signup.execute',
      outcome: 'refused',
      errorCode: 'role_required',
      params: { requester: REQUESTER },
    });
    // The message itself is redrawn as not ordered, with no buttons left.
    const redrawn = await h.slack.waitFor(
      (c) => c.seq > thread.seq && c.method === 'chat.update' && c.args.ts === row?.messageTs,
    );
    expect(JSON.stringify(redrawn.args.blocks)).not.toContain(SIGNUP_IDS.approve);
  });

  it('an Approve click delivered from another channel is refused and decides nothing; in the request’s channel it pays once', async () => {
    h.slack.setGroup(ORDERERS, [REQUESTER]);
    h.slack.setGroup(APPROVERS, [APPROVER]);
    const q = await quote(h);
    const click = await h.click(SIGNUP_IDS.approve, q.value, { user: APPROVER, channel: ELSEWHERE });
    expect((await click.reply()).args.text).toBe(en['error.approval_wrong_channel']);
    const reject = await h.click(SIGNUP_IDS.reject, q.value, { user: APPROVER, channel: ELSEWHERE });
    expect((await reject.reply()).args.text).toBe(en['error.approval_wrong_channel']);
    expect((await h.bot.store.signups.get(q.row.id))?.state).toBe('quoted');
    expect(realOrders(h)).toHaveLength(0);
    const refused = await h.bot.store.audit.latest({ target: q.row.id, limit: 2 });
    expect(refused.map((a) => [a.action, a.outcome, a.errorCode, a.channelId])).toEqual([
      ['signup.reject', 'refused', 'approval_wrong_channel', ELSEWHERE],
      ['signup.approve', 'refused', 'approval_wrong_channel', ELSEWHERE],
    ]);
    const since = h.slack.lastSeq;
    await h.click(SIGNUP_IDS.approve, q.value, { user: APPROVER });
    expect(messageText(await h.slack.waitFor(inThread(since)))).toContain('The server is active');
    expect(h.sim.control.charges().map((c) => c.amount)).toEqual([q.row.quotedPrice]);
  });

  it('the bot removed from the channel before the outcome: the requester is told it directly, once', async () => {
    h.slack.setGroup(ORDERERS, [REQUESTER]);
    h.slack.setGroup(APPROVERS, [APPROVER]);
    const q = await quote(h);
    const charged = h.sim.control.charges().length;
    h.slack.closeChannel(CHANNEL);
    try {
      const since = h.slack.lastSeq;
      await h.click(SIGNUP_IDS.approve, q.value, { user: APPROVER });
      const direct = await h.slack.waitFor(
        (c) => c.seq > since && c.method === 'chat.postMessage' && c.args.channel === REQUESTER,
      );
      const text = messageText(direct);
      expect(text).toContain(
        en['signup.outcome.direct'].replace('{name}', String(form.name)).replace('{channel}', CHANNEL),
      );
      expect(text).toContain('The server is active');
      // The thread was tried first and refused; nothing else went to the requester.
      const tried = h.slack.calls.filter((c) => c.seq > since && c.method === 'chat.postMessage');
      expect(tried.map((c) => [c.args.channel, c.error ?? 'ok'])).toEqual([
        [CHANNEL, 'not_in_channel'],
        [REQUESTER, 'ok'],
      ]);
      expect(
        h.sim.control
          .charges()
          .slice(charged)
          .map((c) => c.amount),
      ).toEqual([q.row.quotedPrice]);
    } finally {
      h.slack.openChannel(CHANNEL);
    }
  });
});

describe('paid signup: the policy’s channel list applies to approvals', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      manualClockAt: NOON_JST,
      rateLimit: NO_RATE_LIMIT,
      operators: [REQUESTER],
      approvers: [APPROVER],
      policy: `channels: [${CHANNEL}]\n`,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a quote left in a channel the policy no longer lists cannot be approved there', async () => {
    // A quote made before the policy dropped its channel: its row and sealed password, at today's price.
    const RETIRED = 'C0RETIRED1';
    const { plans } = await h.bot.provider.plans();
    const price = plans
      .find((p) => p.plan_id === 'vps-2gb')!
      .periods.find((p) => p.months === 1)!.total_price;
    const expiresAt = new Date(NOON_JST.getTime() + 30 * 60_000);
    const secretId = await h.bot.store.secrets.seal('Typed-Passw0rd-77', {
      purpose: 'signup.root_password',
      expiresAt: new Date(expiresAt.getTime() + 86_400_000),
    });
    const row = await h.bot.store.signups.create({
      planId: 'vps-2gb',
      period: 1,
      imageId: 'ubuntu-24.04',
      serverName: 'web-43',
      quotedPrice: price,
      requesterId: REQUESTER,
      channelId: RETIRED,
      expiresAt,
      secretId,
    });
    const value = JSON.stringify({ id: row.id, price });
    // Clicked in the request's own channel: the channel list refuses it.
    const click = await h.click(SIGNUP_IDS.approve, value, { user: APPROVER, channel: RETIRED });
    // The channels it may be used in are named, never the sentence's placeholder.
    const refused = messageText(await click.reply());
    expect(refused).toContain('The bot’s commands cannot be used in this channel. Use them in <#');
    expect(refused).not.toContain('{channels}');
    expect((await h.bot.store.signups.get(row.id))?.state).toBe('quoted');
    expect(realOrders(h)).toHaveLength(0);
    expect(h.sim.control.charges()).toHaveLength(0);
    const [audit] = await h.bot.store.audit.latest({ target: row.id, limit: 1 });
    expect(audit).toMatchObject({
      action: 'signup.approve',
      outcome: 'refused',
      errorCode: 'channel_not_allowed',
      channelId: RETIRED,
    });
  });
});

describe('/hosting approvals on current facts', () => {
  const OPS = 'S0HOSTOPS';
  const APPROVER_GROUP = 'S0HOSTAPPR';
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      manualClockAt: NOON_JST,
      operators: [OPERATOR, OPS],
      approvers: [APPROVER_GROUP],
      policy: [
        `channels: [${CHANNEL}, ${ELSEWHERE}]`,
        'approvals:',
        '  second_person: [hosting.ssh_off, hosting.domain_reset]',
      ].join('\n'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  async function requestSshOff(user = OPERATOR) {
    const since = h.slack.lastSeq;
    await hosting(h, 'ssh off', user);
    const post = await approvalPost(h, since);
    const value = buttonValue(post, HOSTING_IDS.approve);
    return { value, id: (JSON.parse(value) as { id: string }).id };
  }

  /** The requester withdraws it: the approval message is redrawn. */
  async function withdraw(value: string): Promise<void> {
    const since = h.slack.lastSeq;
    await h.click(HOSTING_IDS.reject, value, { user: OPERATOR });
    await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
  }

  it('an approver removed from the approvers’ group after the request is refused at the click; nothing is sent', async () => {
    h.slack.setGroup(APPROVER_GROUP, [APPROVER]);
    const { value, id } = await requestSshOff();
    h.slack.setGroup(APPROVER_GROUP, []);
    const n = hostingWrites(h);
    const r = await clickAndAnswer(h, HOSTING_IDS.approve, value, APPROVER);
    expect(r.text).toContain('This needs the *approver* role');
    expect(hostingWrites(h)).toBe(n);
    expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(true);
    expect((await h.bot.store.operations.get(id))?.state).toBe('pending');
    await withdraw(value);
  });

  it('an Approve (or Reject) click from another channel, even one the policy lists, is refused; nothing is sent', async () => {
    h.slack.setGroup(APPROVER_GROUP, [APPROVER]);
    const { value, id } = await requestSshOff();
    const n = hostingWrites(h);
    for (const id of [HOSTING_IDS.approve, HOSTING_IDS.reject]) {
      const click = await h.click(id, value, { user: APPROVER, channel: ELSEWHERE });
      expect(messageText(await click.reply())).toContain(en['error.approval_wrong_channel']);
    }
    expect(hostingWrites(h)).toBe(n);
    expect((await h.bot.store.operations.get(id))?.state).toBe('pending');
    const audit = await h.bot.store.audit.latest({ target: SERVER, limit: 2 });
    expect(audit.map((a) => [a.action, a.outcome, a.errorCode, a.channelId])).toEqual([
      ['hosting.ssh_off.reject', 'refused', 'approval_wrong_channel', ELSEWHERE],
      ['hosting.ssh_off.decide', 'refused', 'approval_wrong_channel', ELSEWHERE],
    ]);
    // In the request's channel it goes through, once.
    const since = h.slack.lastSeq;
    await h.click(HOSTING_IDS.approve, value, { user: APPROVER });
    await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    expect((await h.bot.store.operations.get(id))?.state).toBe('done');
    expect(hostingWrites(h)).toBe(n + 1);
    expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(false);
  });

  it('the requester’s own confirmation counts only in the channel it was asked in', async () => {
    const ask = await hosting(h, 'ssh key delete 2001');
    const value = buttonValue(ask.call, HOSTING_IDS.confirm);
    const n = hostingWrites(h);
    const click = await h.click(HOSTING_IDS.confirm, value, { user: OPERATOR, channel: ELSEWHERE });
    expect(messageText(await click.reply())).toContain(en['error.approval_wrong_channel']);
    expect(hostingWrites(h)).toBe(n);
    const done = await clickAndAnswer(h, HOSTING_IDS.confirm, value, OPERATOR);
    expect(done.call.args.replace_original).toBe(true);
    expect(hostingWrites(h)).toBe(n + 1);
  });
});
