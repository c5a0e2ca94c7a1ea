/**
 * Destructive /hosting operations (domain reset, WordPress delete, SSH key
 * delete, SSH off) through the real app on a manual clock: the confirmation
 * states exactly what will be lost and nothing is sent before it; the click
 * re-checks the role live; only the requester confirms, once; cancel;
 * expiry. With the policy's `approvals.second_person`: the request in the
 * channel with Approve / Reject, no self-approval (unless allow_self), one
 * decision among twenty concurrent clicks, reject, and expiry by the sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import {
  approvalPost,
  buttonsOf,
  buttonValue,
  clickAndAnswer,
  deleteOptions,
  formsFilled,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  submitForm,
} from '../../support/hosting.ts';

const en = catalogs.en;
const NOON = new Date('2026-11-21T03:00:00.000Z');
const OPS_GROUP = 'S0HOSTOPS';
const ALICE = 'U0ALICE01';
const BOB = 'U0BOB0001';
const APPROVER = 'U0APPROVE1';
const SIXTEEN_MINUTES = 16 * 60_000;
const resets = (h: Harness) =>
  h.sim.control.requests({ method: 'POST', path: /\/domain\/[^/]+\/reset$/ }).length;

describe('the requester’s confirmation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      manualClockAt: NOON,
      operators: [OPERATOR, BOB, OPS_GROUP],
    });
    h.slack.setGroup(OPS_GROUP, [ALICE]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('domain reset states the files, the document root and the WordPress sites that go, and sends nothing', async () => {
    const n = hostingWrites(h);
    const ask = await hosting(h, 'domain reset example-shop.com');
    expect(ask.call.args.response_type).toBe('ephemeral');
    expect(ask.text).toContain('Reset domain example-shop.com?');
    expect(ask.text).toContain(
      `Resetting \`example-shop.com\` on ${SERVER} returns it to its initial state: its files under \`/home/xs123456/example-shop.com/public_html\` and its settings are lost. WordPress sites on it now: \`https://example-shop.com/\`, \`https://blog.example-shop.com/\`.`,
    );
    expect(ask.text).toContain('Nothing has been sent yet.');
    expect(hostingWrites(h)).toBe(n);

    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(done.call.args.replace_original).toBe(true);
    expect(done.text).toContain(`Done: <@${OPERATOR}> reset the domain \`example-shop.com\` on ${SERVER}.`);
    expect(buttonsOf(done.call)).toEqual([]);
    expect(resets(h)).toBe(1);
    expect(hostingWrites(h)).toBe(n + 1);
    const sites = h.sim.control.hostingServer(SERVER).wordpress.map((w) => w.url);
    expect(sites).not.toContain('https://example-shop.com/');
    expect(sites).not.toContain('https://blog.example-shop.com/');
    const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL);
    expect(messageText(post)).toContain(`<@${OPERATOR}> reset the domain \`example-shop.com\` on ${SERVER}.`);
  });

  it('WordPress delete states what goes with the site, as chosen in the form, and sends those choices', async () => {
    const before = h.sim.control.hostingServer(SERVER);
    const site = before.wordpress.find((w) => w.id === '1003');
    if (!site) throw new Error('seed site 1003 missing');
    const form = await openedForm(h, 'wp delete 1003');
    const since = h.slack.lastSeq;
    const n = hostingWrites(h);
    await submitForm(h, 'wp_delete', form.privateMetadata, deleteOptions(['delete_db_user']));
    const ask = await h.slack.waitFor((c) => c.method === 'chat.postEphemeral' && c.seq > since);
    expect(messageText(ask)).toContain(
      `Deleting WordPress site \`1003\` (https://xn--n8jyh.jp/) on ${SERVER}: its files are lost. Database: kept. Database user: *deleted*. Cron jobs: kept.`,
    );
    expect(hostingWrites(h)).toBe(n);

    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(done.text).toContain(`deleted WordPress site \`1003\` on ${SERVER}.`);
    const sent = h.sim.control.requests({ method: 'DELETE', path: /\/wp\/1003$/ });
    expect(sent.map((r) => r.body)).toEqual([{ delete_db: false, delete_db_user: true, delete_cron: false }]);
    const after = h.sim.control.hostingServer(SERVER);
    expect(after.wordpress.some((w) => w.id === '1003')).toBe(false);
    expect(after.databases.some((d) => d.name === site.dbName)).toBe(true);
    expect(after.dbUsers).not.toContain(site.dbUser);
    expect(after.cronJobs.some((c) => c.wordpressId === '1003')).toBe(true);
  });

  it('SSH key delete names the key by label and its end', async () => {
    const ask = await hosting(h, 'ssh key delete 2001');
    expect(ask.text).toContain(
      `Deleting SSH key \`2001\` “ci-deploy” (\`ssh-ed25519 …000000000000\`) from ${SERVER}: nobody can log in with it any more.`,
    );
    const n = hostingWrites(h);
    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(done.text).toContain(`deleted SSH key \`2001\` from ${SERVER}.`);
    expect(hostingWrites(h)).toBe(n + 1);
    expect(h.sim.control.hostingServer(SERVER).sshKeys.some((k) => k.keyId === '2001')).toBe(false);
  });

  it('refuses a key that is not there before asking anything (its `key_id` is published)', async () => {
    const n = hostingWrites(h);
    const opened = formsFilled(h).length;
    // A WordPress site's id is not a published field: that one goes to the provider
    // (test/handlers/hosting/unpublished-fields.test.ts).
    const key = await hosting(h, 'ssh key delete 9999');
    expect(key.text).toContain('There is no SSH key `9999` on this server.');
    expect(formsFilled(h).length).toBe(opened);
    expect(await h.bot.store.operations.listByState(['pending'])).toEqual([]);
    expect(hostingWrites(h)).toBe(n);
  });

  it('only the requester can confirm or cancel, and nothing is sent for anyone else', async () => {
    const ask = await hosting(h, 'ssh off');
    expect(ask.text).toContain(
      `Turning SSH off on ${SERVER}: nobody can connect over SSH until it is turned on again.`,
    );
    const value = buttonValue(ask.call, HOSTING_IDS.confirm);
    const n = hostingWrites(h);
    const other = await clickAndAnswer(h, HOSTING_IDS.confirm, value, BOB);
    expect(other.text).toContain(en['hosting.refused.not_requester'].replace('{user}', OPERATOR));
    expect(other.call.args.replace_original).toBe(false);
    const otherCancel = await clickAndAnswer(h, HOSTING_IDS.cancel, value, VIEWER);
    expect(otherCancel.text).toContain(roleText('approver', 'viewer'));
    expect(hostingWrites(h)).toBe(n);
    // Each refused click is audited, like a refused approval of a paid signup.
    const refused = (await h.bot.store.audit.latest({ target: SERVER, limit: 2 })).map((r) => [
      r.actor,
      r.action,
      r.outcome,
      r.errorCode,
    ]);
    expect(refused).toEqual([
      [VIEWER, 'hosting.ssh_off.reject', 'refused', 'role_required'],
      [BOB, 'hosting.ssh_off.decide', 'refused', 'not_requester'],
    ]);
    const [op] = await h.bot.store.operations.listByState(['pending']);
    expect(op?.requesterId).toBe(OPERATOR);

    // The requester cancels it: nothing sent, and a later confirmation decides nothing.
    const cancel = await clickAndAnswer(h, HOSTING_IDS.cancel, value, OPERATOR);
    expect(cancel.call.args.replace_original).toBe(true);
    expect(cancel.text).toContain(en['hosting.op.cancelled'].replace('{user}', OPERATOR));
    const late = await clickAndAnswer(h, HOSTING_IDS.confirm, value, OPERATOR);
    expect(late.text).toContain('Already decided: this request is cancelled.');
    expect(hostingWrites(h)).toBe(n);
    expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(true);
  });

  it('a second click is “already decided”, and only one request is sent', async () => {
    const ask = await hosting(h, 'ssh off');
    const value = buttonValue(ask.call, HOSTING_IDS.confirm);
    const n = hostingWrites(h);
    const first = await clickAndAnswer(h, HOSTING_IDS.confirm, value, OPERATOR);
    expect(first.text).toContain(`turned SSH off for ${SERVER}`);
    const second = await clickAndAnswer(h, HOSTING_IDS.confirm, value, OPERATOR);
    expect(second.text).toContain('Already decided: this request is done.');
    expect(hostingWrites(h)).toBe(n + 1);
    expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(false);
    await announcedOn(h, 'ssh on');
  });

  it('re-checks the role at the click: a requester removed from the operators’ group meanwhile is refused', async () => {
    const ask = await hosting(h, 'ssh off', ALICE);
    expect(ask.text).toContain(`Turn SSH off on ${SERVER}?`);
    h.slack.setGroup(OPS_GROUP, []);
    const n = hostingWrites(h);
    const click = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      ALICE,
    );
    expect(click.text).toContain(roleText('operator', 'viewer'));
    expect(hostingWrites(h)).toBe(n);
    expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(true);
    const [row] = await h.bot.store.audit.latest({ target: SERVER, limit: 1 });
    expect(row).toMatchObject({
      action: 'hosting.ssh_off.decide',
      outcome: 'refused',
      errorCode: 'role_required',
    });
    h.slack.setGroup(OPS_GROUP, [ALICE]);
    // Back in the group, the same confirmation still works: the refusal decided nothing.
    const again = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      ALICE,
    );
    expect(again.text).toContain(`<@${ALICE}> turned SSH off for ${SERVER}.`);
    expect(hostingWrites(h)).toBe(n + 1);
    await announcedOn(h, 'ssh on');
  });

  it('a click on an expired confirmation sends nothing and says it expired', async () => {
    const ask = await hosting(h, 'ssh off');
    h.sim.control.clock.advance(SIXTEEN_MINUTES);
    const n = hostingWrites(h);
    const click = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(click.text).toContain(en['hosting.op.expired']);
    expect(click.call.args.replace_original).toBe(true);
    expect(buttonsOf(click.call)).toEqual([]);
    expect(hostingWrites(h)).toBe(n);
    expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(true);
    expect((await h.bot.store.operations.listByState(['expired'])).length).toBeGreaterThanOrEqual(1);
  });
});

/** The role sentence of the catalog, filled. */
function roleText(role: string, yours: string): string {
  return en['error.role_required']
    .replace('{role}', en[`role.${role}` as keyof typeof en])
    .replace('{yours}', en[`role.${yours}` as keyof typeof en])
    .replace('{how}', en[`error.role_required.how.${role}` as keyof typeof en]);
}

/** A write whose announcement is awaited (to put state back between tests). */
async function announcedOn(h: Harness, text: string, user = OPERATOR): Promise<void> {
  const since = h.slack.lastSeq;
  await h.command(text, { user, command: '/hosting' });
  await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
}

describe('a second person, as the policy asks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      manualClockAt: NOON,
      operators: [OPERATOR, OPS_GROUP],
      approvers: [APPROVER],
      policy: [
        'approvals:',
        '  second_person: [hosting.domain_reset, hosting.wp_delete, hosting.ssh_key_delete, hosting.ssh_off]',
      ].join('\n'),
    });
    h.slack.setGroup(OPS_GROUP, [ALICE]);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Asks for a domain reset: the requester's answer and the approval request in the channel. */
  async function requestReset(domain: string) {
    const since = h.slack.lastSeq;
    const ask = await hosting(h, `domain reset ${domain}`);
    const post = await approvalPost(h, since);
    return { ask, post, value: buttonValue(post, HOSTING_IDS.approve) };
  }

  it('posts the request in the channel with Approve and Reject, tells the requester, and sends nothing', async () => {
    const n = hostingWrites(h);
    const { ask, post } = await requestReset('example-shop.com');
    expect(ask.text).toContain(en['hosting.approval.sent'].replace('{channel}', CHANNEL));
    expect(post.args.channel).toBe(CHANNEL);
    expect(messageText(post)).toContain(
      en['hosting.approval.request'].replace('{user}', OPERATOR).replace('{server}', SERVER),
    );
    expect(messageText(post)).toContain('WordPress sites on it now: `https://example-shop.com/`');
    expect(buttonsOf(post).map((b) => b.action_id)).toEqual([HOSTING_IDS.approve, HOSTING_IDS.reject]);
    expect(hostingWrites(h)).toBe(n);
    // The requester's help says which operations need an approver here.
    expect((await hosting(h, 'help')).text).toContain('`domain reset`');
  });

  it('refuses the requester’s own approval and a confirmation alone, and a viewer’s approval', async () => {
    const [op] = await h.bot.store.operations.listByState(['pending']);
    if (!op) throw new Error('no pending request');
    const value = JSON.stringify({ id: op.id });
    const n = hostingWrites(h);
    expect((await clickAndAnswer(h, HOSTING_IDS.approve, value, OPERATOR)).text).toContain(
      en['hosting.refused.self_approval'],
    );
    expect((await clickAndAnswer(h, HOSTING_IDS.confirm, value, OPERATOR)).text).toContain(
      en['hosting.refused.needs_approval'],
    );
    expect((await clickAndAnswer(h, HOSTING_IDS.approve, value, VIEWER)).text).toContain(
      roleText('approver', 'viewer'),
    );
    expect(hostingWrites(h)).toBe(n);
    expect((await h.bot.store.operations.get(op.id))?.state).toBe('pending');
    const audit = await h.bot.store.audit.latest({ target: SERVER, limit: 3 });
    expect(audit.map((r) => [r.actor, r.action, r.outcome, r.errorCode])).toEqual([
      [VIEWER, 'hosting.domain_reset.decide', 'refused', 'role_required'],
      [OPERATOR, 'hosting.domain_reset.decide', 'refused', 'needs_approval'],
      [OPERATOR, 'hosting.domain_reset.decide', 'refused', 'self_approval'],
    ]);
  });

  it('runs once for twenty concurrent approvals: one provider request, the message redrawn, the change announced', async () => {
    const [op] = await h.bot.store.operations.listByState(['pending']);
    if (!op) throw new Error('no pending request');
    const value = JSON.stringify({ id: op.id });
    const since = h.slack.lastSeq;
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => h.click(HOSTING_IDS.approve, value, { user: APPROVER })),
    );
    for (const c of clicks) expect(c.ack.status).toBe(200);
    const ids = new Set(clicks.map((c) => c.responseId));
    // The nineteen losers are each told alone; the winner's outcome replaces the request.
    await h.slack.waitFor(
      () =>
        h.slack.calls.filter((c) => c.method === 'response_url' && ids.has(c.responseId ?? '')).length >= 19,
    );
    const redrawn = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    const row = await h.bot.store.operations.get(op.id);
    expect(row?.state).toBe('done');
    expect(row?.approverId).toBe(APPROVER);
    expect(redrawn.args.ts).toBe(row?.messageTs);
    expect(messageText(redrawn)).toContain(`Done: <@${OPERATOR}> reset the domain \`example-shop.com\``);
    expect(buttonsOf(redrawn)).toEqual([]);
    expect(resets(h)).toBe(1);
    const losers = h.slack.calls.filter((c) => c.method === 'response_url' && ids.has(c.responseId ?? ''));
    expect(losers).toHaveLength(19);
    for (const l of losers) expect(messageText(l)).toContain('Already decided');
    const post = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.seq > since && messageText(c).includes('reset the domain'),
    );
    expect(post.args.channel).toBe(CHANNEL);
    const audit = await h.bot.store.audit.latest({ target: SERVER, limit: 20 });
    expect(audit.filter((a) => a.action === 'hosting.domain_reset' && a.outcome === 'ok')).toHaveLength(1);
  });

  it('a rejection sends nothing, redraws the request, and a later approval decides nothing', async () => {
    const { value } = await requestReset('xn--n8jyh.jp');
    const n = hostingWrites(h);
    const since = h.slack.lastSeq;
    const reject = await h.click(HOSTING_IDS.reject, value, { user: APPROVER });
    expect(reject.ack.status).toBe(200);
    const redrawn = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    expect(messageText(redrawn)).toContain(en['hosting.op.rejected'].replace('{user}', APPROVER));
    const late = await clickAndAnswer(h, HOSTING_IDS.approve, value, APPROVER);
    expect(late.text).toContain('Already decided: this request is rejected.');
    expect(hostingWrites(h)).toBe(n);
  });

  it('a WordPress delete from its form goes to an approver too, with the options chosen', async () => {
    const form = await openedForm(h, 'wp delete 1003');
    const since = h.slack.lastSeq;
    const n = hostingWrites(h);
    await submitForm(
      h,
      'wp_delete',
      form.privateMetadata,
      deleteOptions(['delete_db', 'delete_db_user', 'delete_cron']),
    );
    const post = await approvalPost(h, since);
    expect(messageText(post)).toContain('Delete WordPress site 1003?');
    expect(messageText(post)).toContain(
      'Database: *deleted*. Database user: *deleted*. Cron jobs: *deleted*.',
    );
    const told = await h.slack.waitFor((c) => c.method === 'chat.postEphemeral' && c.seq > since);
    expect(told.args.user).toBe(OPERATOR);
    expect(messageText(told)).toContain(en['hosting.approval.sent'].replace('{channel}', CHANNEL));
    expect(hostingWrites(h)).toBe(n);
    await h.click(HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), { user: APPROVER });
    const redrawn = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    expect(messageText(redrawn)).toContain(`Done: <@${OPERATOR}> deleted WordPress site \`1003\``);
    const sent = h.sim.control.requests({ method: 'DELETE', path: /\/wp\/1003$/ });
    expect(sent.map((r) => r.body)).toEqual([{ delete_db: true, delete_db_user: true, delete_cron: true }]);
  });

  it('an approval for a requester who lost their role meanwhile is refused, saying so to the approver', async () => {
    const since = h.slack.lastSeq;
    await hosting(h, 'ssh off', ALICE);
    const post = await approvalPost(h, since);
    h.slack.setGroup(OPS_GROUP, []);
    const n = hostingWrites(h);
    const r = await clickAndAnswer(h, HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), APPROVER);
    expect(r.text).toContain(en['error.requester_role'].replace('{user}', ALICE));
    expect(r.text).not.toContain('yours is');
    expect(hostingWrites(h)).toBe(n);
    const [row] = await h.bot.store.audit.latest({ target: SERVER, limit: 1 });
    expect(row).toMatchObject({ action: 'hosting.ssh_off.decide', actor: APPROVER, outcome: 'refused' });
    // Rejected instead, it is closed.
    await h.click(HOSTING_IDS.reject, buttonValue(post, HOSTING_IDS.approve), { user: APPROVER });
    const closed = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    expect(messageText(closed)).toContain(en['hosting.op.rejected'].replace('{user}', APPROVER));
    h.slack.setGroup(OPS_GROUP, [ALICE]);
  });

  it('a request whose approval message cannot be posted is withdrawn, and the requester told', async () => {
    h.slack.fail('chat.postMessage', { error: 'not_in_channel' });
    const r = await hosting(h, 'domain reset xn--n8jyh.jp');
    expect(r.text).toContain(en['hosting.approval.not_posted']);
    const [op] = (await h.bot.store.operations.listByState(['cancelled'])).filter(
      (o) => o.errorCode === 'NOT_POSTED',
    );
    expect(op?.kind).toBe('hosting.domain_reset');
    expect(await h.bot.store.operations.listByState(['pending'])).toEqual([]);
  });

  it('a request nobody decides expires with the sweep, which redraws it; nothing is sent', async () => {
    const since = h.slack.lastSeq;
    const ask = await hosting(h, 'ssh key delete 2001');
    expect(ask.text).toContain(en['hosting.approval.sent'].replace('{channel}', CHANNEL));
    const post = await approvalPost(h, since);
    const value = buttonValue(post, HOSTING_IDS.approve);
    const n = hostingWrites(h);
    h.sim.control.clock.advance(SIXTEEN_MINUTES);
    const report = await h.bot.sweep();
    expect(report.operationsExpired).toBe(1);
    const redrawn = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    expect(redrawn.args.channel).toBe(CHANNEL);
    expect(messageText(redrawn)).toContain(en['hosting.op.expired']);
    expect(buttonsOf(redrawn)).toEqual([]);
    // A late click finds it expired: the request stays (is drawn again) as expired, and nothing is sent.
    const seen = h.slack.lastSeq;
    await h.click(HOSTING_IDS.approve, value, { user: APPROVER });
    const again = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > seen);
    expect(messageText(again)).toContain(en['hosting.op.expired']);
    expect(hostingWrites(h)).toBe(n);
    expect(h.sim.control.hostingServer(SERVER).sshKeys.some((k) => k.keyId === '2001')).toBe(true);
  });
});

describe('a second person, where the policy lets an approver approve their own request', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      operators: [APPROVER],
      approvers: [APPROVER],
      policy: ['approvals:', '  allow_self: true', '  second_person: [hosting.ssh_off]'].join('\n'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('runs the requester’s own approval', async () => {
    const since = h.slack.lastSeq;
    await hosting(h, 'ssh off', APPROVER);
    const post = await approvalPost(h, since);
    const n = hostingWrites(h);
    await h.click(HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), { user: APPROVER });
    const redrawn = await h.slack.waitFor((c) => c.method === 'chat.update' && c.seq > since);
    expect(messageText(redrawn)).toContain(`Done: <@${APPROVER}> turned SSH off for ${SERVER}.`);
    expect(hostingWrites(h)).toBe(n + 1);
  });
});
