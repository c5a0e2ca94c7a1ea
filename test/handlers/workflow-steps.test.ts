/**
 * The bot's Workflow Builder steps through the real app: signed
 * `function_executed` events over HTTP (and one over Socket Mode), the
 * outcome read from what the fake Slack recorded (functions.completeSuccess /
 * completeError), the actor rule held against a builder who tries to act as
 * someone else.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { type RunningBot, startBot } from '../../src/main.ts';
import { startSimulator } from '../../src/simulator/index.ts';
import { catalogs } from '../../src/slack/i18n/index.ts';
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
import { type RecordedCall, startFakeSlack } from '../support/fake-slack.ts';
import { hostingWrites, NO_RATE_LIMIT, SERVER } from '../support/hosting.ts';
import { blockActionBody, deliver, functionExecutedBody, JSON_CONTENT } from '../support/slack-request.ts';
import { approvalHas, approvalOf, realOrders, startedBy } from '../support/steps.ts';

const as = startedBy;
const memoOf = (h: Harness, name: string) => h.sim.control.servers().find((s) => s.name === name)?.memo;

describe('Workflow Builder steps over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ approvers: [ADMIN] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('show_server answers the server’s name, IP address, power state and plan', async () => {
    const web = h.sim.control.servers().find((s) => s.name === 'web-1')!;
    const { ack, outcome } = await h.step('show_server', {
      ...as(VIEWER),
      server: 'web-1',
      channel: CHANNEL,
    });
    expect((ack as { status: number }).status).toBe(200);
    const done = await outcome();
    expect(done.method).toBe('functions.completeSuccess');
    expect(done.args.outputs).toMatchObject({ name: 'web-1', ip_address: web.ipAddress });
    const outputs = done.args.outputs as Record<string, string>;
    expect(outputs.power_status).toMatch(/^[a-z]+$/);
    expect(outputs.plan?.length).toBeGreaterThan(0);
  });

  it('a scheduled workflow (no person) may read, with the policy’s default role', async () => {
    const done = await (await h.step('show_server', { server: 'web-1' })).outcome();
    expect(done.method).toBe('functions.completeSuccess');
    const digest = await (await h.step('daily_digest', {})).outcome();
    expect(digest.method).toBe('functions.completeSuccess');
    expect(String((digest.args.outputs as { text: string }).text).length).toBeGreaterThan(0);
  });

  it('fails with the command’s sentence when the server is unknown, once for a retried event', async () => {
    const first = await h.step('show_server', { ...as(VIEWER), server: 'no-such-server' });
    const failed = await first.outcome();
    expect(failed.method).toBe('functions.completeError');
    expect(String(failed.args.error)).toContain('no-such-server');
    const again = await h.step(
      'show_server',
      { ...as(VIEWER), server: 'no-such-server' },
      { executionId: first.executionId, delivery: { retryNum: 1 } },
    );
    expect((again.ack as { status: number }).status).toBe(200);
    await h.step('show_server', { ...as(VIEWER), server: 'web-1' }).then((s) => s.outcome());
    const told = h.slack.calls.filter(
      (c) => c.method.startsWith('functions.complete') && c.args.function_execution_id === first.executionId,
    );
    expect(told).toHaveLength(1);
  });

  it('acts only in a channel the person can read, as a command typed there', async () => {
    const done = await (
      await h.step('show_server', { ...as(VIEWER), server: 'web-1', channel: 'G0SECRET1' })
    ).outcome();
    expect(done.method).toBe('functions.completeError');
    expect(String(done.args.error)).toMatch(/channel/i);
    h.slack.setChannel('G0SECRET1', { private: true, members: [VIEWER] });
    const member = await (
      await h.step('show_server', { ...as(VIEWER), server: 'web-1', channel: 'G0SECRET1' })
    ).outcome();
    expect(member.method).toBe('functions.completeSuccess');
  });

  it('a missing input fails with a sentence that names it', async () => {
    const done = await (await h.step('show_server', as(VIEWER))).outcome();
    expect(done.method).toBe('functions.completeError');
    expect(done.args.error).toContain('“server”');
  });

  it('set_server_memo as an operator changes the memo and announces it in the step’s channel', async () => {
    const before = h.slack.lastSeq;
    const done = await (
      await h.step('set_server_memo', {
        ...as(OPERATOR),
        server: 'web-1',
        memo: 'from a workflow',
        channel: CHANNEL,
      })
    ).outcome();
    expect(done.method).toBe('functions.completeSuccess');
    expect(memoOf(h, 'web-1')).toBe('from a workflow');
    const post = await h.slack.waitFor(
      (c) => c.seq > before && c.method === 'chat.postMessage' && c.args.channel === CHANNEL,
    );
    expect(messageText(post)).toContain(`<@${OPERATOR}>`);
  });

  it('a builder cannot act as someone else: only Slack’s user context is the actor', async () => {
    const memo = memoOf(h, 'web-2');
    // The viewer starts it; the builder typed the operator's id into every input they could.
    const viewer = await (
      await h.step('set_server_memo', {
        ...as(VIEWER),
        server: 'web-2',
        memo: 'not yours',
        user: OPERATOR,
        user_id: OPERATOR,
        requester: OPERATOR,
      })
    ).outcome();
    expect(viewer.method).toBe('functions.completeError');
    expect(String(viewer.args.error)).toContain('operator');
    // Nobody started it: a user id as a plain input makes no person.
    const nobody = await (
      await h.step('set_server_memo', {
        server: 'web-2',
        memo: 'not yours',
        user_id: OPERATOR,
        user: OPERATOR,
      })
    ).outcome();
    expect(nobody.method).toBe('functions.completeError');
    expect(nobody.args.error).toContain('a person must start it');
    // A context that is not a person's (a user group) is nobody too.
    const group = await (
      await h.step('set_server_memo', { user_context: { id: 'S0OPS' }, server: 'web-2', memo: 'not yours' })
    ).outcome();
    expect(group.args.error).toContain('a person must start it');
    expect(memoOf(h, 'web-2')).toBe(memo);
  });

  it('the interactor of a click acts when there is no user context', async () => {
    const done = await (
      await h.step('set_server_memo', {
        interactivity: { interactor: { id: OPERATOR, secret: 'c2VjcmV0' }, interactivity_pointer: 'ip.1' },
        server: 'db-2',
        memo: 'clicked',
        channel: CHANNEL,
      })
    ).outcome();
    expect(done.method).toBe('functions.completeSuccess');
    expect(memoOf(h, 'db-2')).toBe('clicked');
  });

  it('servers_not_running lists what the watcher last saw not running', async () => {
    const now = new Date();
    const [a, b] = h.sim.control.servers();
    await h.bot.store.snapshots.upsert({
      serverUuid: a!.uuid,
      name: a!.name,
      powerStatus: 'stopped',
      observedAt: now,
    });
    await h.bot.store.snapshots.upsert({
      serverUuid: b!.uuid,
      name: b!.name,
      powerStatus: 'running',
      observedAt: now,
    });
    const done = await (await h.step('servers_not_running', as(VIEWER))).outcome();
    expect(done.method).toBe('functions.completeSuccess');
    const out = done.args.outputs as { text: string; count: number };
    expect(out.count).toBe(1);
    expect(out.text).toContain(a!.name);
    expect(out.text).not.toContain(b!.name);
  });

  it('a button clicked in a step’s message (function_data) is served as the channel’s', async () => {
    const web = h.sim.control.servers().find((s) => s.name === 'web-1')!;
    const stepScoped = (functionData: unknown) => {
      const body = new URLSearchParams(
        blockActionBody({
          actionId: ACTIONS.cardRefresh,
          value: web.uuid,
          userId: VIEWER,
          channelId: CHANNEL,
          responseUrl: h.slack.responseUrl('step-scoped'),
        }),
      );
      const payload = JSON.parse(body.get('payload')!) as Record<string, unknown>;
      return new URLSearchParams({
        payload: JSON.stringify({ ...payload, function_data: functionData, bot_access_token: 'xwfp-test-1' }),
      }).toString();
    };
    const ack = await h.deliverRaw(stepScoped({ execution_id: 'Fx0CLICK01', inputs: { server: 'web-1' } }));
    expect(ack.status).toBe(200);
    const reply = await h.slack.waitForResponse('step-scoped');
    expect(messageText(reply)).toContain('web-1');
    expect((await h.deliverRaw(stepScoped({ inputs: {} }))).status).toBe(400);
  });

  it('order_vps: a person without the role gets the step failed and nothing quoted', async () => {
    const done = await (
      await h.step('order_vps', {
        ...as(VIEWER),
        plan_id: 'vps-2gb',
        period: '1',
        image_id: 'ubuntu-24.04',
        approval_channel: CHANNEL,
      })
    ).outcome();
    expect(done.method).toBe('functions.completeError');
    expect(String(done.args.error)).toContain('operator');
    expect(await h.bot.store.signups.listRecent({ limit: 5 })).toHaveLength(0);
  });

  it('order_vps: a bad input is refused by the form’s rules', async () => {
    const done = await (
      await h.step('order_vps', {
        ...as(OPERATOR),
        plan_id: 'vps-2gb',
        period: '7',
        image_id: 'ubuntu-24.04',
        approval_channel: CHANNEL,
      })
    ).outcome();
    expect(done.method).toBe('functions.completeError');
    expect(done.args.error).toContain('“period”');
    expect(h.sim.control.requests({ method: 'POST' }).filter((r) => r.path.includes('servers'))).toHaveLength(
      0,
    );
  });

  it('order_vps: quotes, posts the approval request, charges once on approval and completes with the server', async () => {
    const after = h.slack.lastSeq;
    const step = await h.step('order_vps', {
      ...as(OPERATOR),
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'from-step-1',
      approval_channel: CHANNEL,
    });
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    const [row] = await h.bot.store.signups.listRecent({ limit: 1 });
    expect(row?.stepExecutionId).toBe(step.executionId);
    expect(row?.state).toBe('quoted');
    expect(realOrders(h)).toHaveLength(0);
    // Nothing is told before the decision.
    expect(h.slack.calls.some((c) => c.args.function_execution_id === step.executionId)).toBe(false);
    await h.click('vps_signup_approve', approvalOf(posted), { user: ADMIN });
    const done = await step.outcome();
    expect(done.method).toBe('functions.completeSuccess');
    expect(done.args.outputs).toEqual({ name: 'from-step-1', status: 'active' });
    expect(realOrders(h)).toHaveLength(1);
    // The sweep (every replica's) finds nothing left to tell.
    await h.bot.sweep();
    await h.bot.sweep();
    expect(h.slack.calls.filter((c) => c.args.function_execution_id === step.executionId)).toHaveLength(1);
  });

  it('order_vps: rejected, it fails with the reason and nothing is charged', async () => {
    const after = h.slack.lastSeq;
    const orders = realOrders(h).length;
    const step = await h.step('order_vps', {
      ...as(OPERATOR),
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'from-step-2',
      approval_channel: CHANNEL,
    });
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    await h.click('vps_signup_reject', approvalOf(posted), { user: ADMIN });
    const done = await step.outcome();
    expect(done.method).toBe('functions.completeError');
    expect(done.args.error).toContain('rejected');
    expect(realOrders(h)).toHaveLength(orders);
  });

  it('order_vps: a price changed before the approval fails the step with the reason, and nothing is paid', async () => {
    const after = h.slack.lastSeq;
    const charges = h.sim.control.charges().length;
    // The simulator's seeded monthly price of the plan, given back afterwards.
    const monthly = 1_700;
    const step = await h.step('order_vps', {
      ...as(OPERATOR),
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'from-step-price',
      approval_channel: CHANNEL,
    });
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    h.sim.control.setMonthlyPrice('vps-2gb', monthly + 500);
    try {
      await h.click('vps_signup_approve', approvalOf(posted), { user: ADMIN });
      const done = await step.outcome();
      expect(done.method).toBe('functions.completeError');
      expect(done.args.error).toBe(
        catalogs.en['step.order.price_changed'].replace('{name}', 'from-step-price'),
      );
      expect(h.sim.control.charges()).toHaveLength(charges);
      // As for /vps signup, a new approval request at the new price; the step is over, whatever becomes of it.
      await h.slack.waitFor(
        (c) =>
          c.seq > done.seq && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
      );
      const [fresh] = await h.bot.store.signups.listRecent({ limit: 1 });
      expect(fresh?.serverName).toBe('from-step-price');
      expect(fresh?.stepExecutionId ?? null).toBeNull();
      await h.bot.sweep();
      expect(h.slack.calls.filter((c) => c.args.function_execution_id === step.executionId)).toHaveLength(1);
    } finally {
      h.sim.control.setMonthlyPrice('vps-2gb', monthly);
    }
  });

  it('order_vps: an order the provider refuses fails the step with the reason', async () => {
    const after = h.slack.lastSeq;
    const balance = h.sim.control.balance();
    const step = await h.step('order_vps', {
      ...as(OPERATOR),
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'from-step-broke',
      approval_channel: CHANNEL,
    });
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    h.sim.control.setBalance(0);
    try {
      await h.click('vps_signup_approve', approvalOf(posted), { user: ADMIN });
      const done = await step.outcome();
      expect(done.method).toBe('functions.completeError');
      expect(done.args.error).toBe(catalogs.en['step.order.failed'].replace('{name}', 'from-step-broke'));
    } finally {
      h.sim.control.setBalance(balance);
    }
  });

  it('order_vps: an approval channel the bot cannot post in fails the step at once, told once', async () => {
    h.slack.closeChannel('C0CLOSED01', 'not_in_channel');
    h.slack.setChannel('C0CLOSED01', { private: false, members: [OPERATOR, ADMIN] });
    const step = await h.step('order_vps', {
      ...as(OPERATOR),
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'from-step-closed',
      approval_channel: 'C0CLOSED01',
    });
    const done = await step.outcome();
    expect(done.method).toBe('functions.completeError');
    expect(done.args.error).toBe(catalogs.en['step.order.not_posted'].replace('{channel}', 'C0CLOSED01'));
    await h.bot.sweep();
    expect(h.slack.calls.filter((c) => c.args.function_execution_id === step.executionId)).toHaveLength(1);
  });

  it('order_vps: an order whose step was not told (a replica died) is told by the next sweep, once', async () => {
    const after = h.slack.lastSeq;
    const step = await h.step('order_vps', {
      ...as(OPERATOR),
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'from-step-3',
      approval_channel: CHANNEL,
    });
    await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    const [row] = await h.bot.store.signups.listRecent({ limit: 1 });
    // Another replica expired it, and died before telling the step: only the store knows.
    await h.bot.store.signups.transition(row!.id, ['quoted'], 'expired', { secretId: null });
    await h.bot.sweep();
    await h.bot.sweep();
    const done = await step.outcome();
    expect(done.method).toBe('functions.completeError');
    expect(done.args.error).toContain('expired');
    expect(h.slack.calls.filter((c) => c.args.function_execution_id === step.executionId)).toHaveLength(1);
  });
});

describe('add_dns_record: /hosting dns add as a step', () => {
  const SHOP = 'example-shop.com';
  let h: Harness;
  const records = () => h.sim.control.hostingServer(SERVER).dnsRecords;
  const record = (host: string) => ({
    hosting_server: SERVER,
    domain: SHOP,
    host,
    type: 'A',
    content: '203.0.113.20',
    channel: CHANNEL,
  });
  beforeAll(async () => {
    h = await startHarness({ rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds the record at once, announces it in the channel and completes with its id, once for a retry', async () => {
    const before = h.slack.lastSeq;
    const n = hostingWrites(h);
    const step = await h.step('add_dns_record', { ...as(OPERATOR), ...record('step'), type: 'a', ttl: 600 });
    const done = await step.outcome();
    expect(done.method, String(done.args.error)).toBe('functions.completeSuccess');
    const added = records().find((r) => r.domain === SHOP && r.host === 'step');
    expect(added).toMatchObject({ type: 'A', content: '203.0.113.20', ttl: 600 });
    expect(done.args.outputs).toEqual({ id: String(added!.id) });
    const sent = h.sim.control.requests({ method: 'POST', path: /\/dns$/ }).at(-1);
    expect(sent?.body).toEqual({ domain: SHOP, host: 'step', type: 'A', content: '203.0.113.20', ttl: 600 });
    const post = await h.slack.waitFor(
      (c) => c.seq > before && c.method === 'chat.postMessage' && c.args.channel === CHANNEL,
    );
    expect(messageText(post)).toContain(
      `<@${OPERATOR}> added the DNS record \`step.${SHOP} A 203.0.113.20\` on ${SERVER} (id \`${added!.id}\`).`,
    );
    // Slack's retried delivery of the same run adds nothing more and tells Slack nothing more.
    await h.step(
      'add_dns_record',
      { ...as(OPERATOR), ...record('step'), ttl: 600 },
      { executionId: step.executionId, delivery: { retryNum: 1 } },
    );
    await (await h.step('show_server', { ...as(VIEWER), server: 'web-1' })).outcome();
    expect(hostingWrites(h)).toBe(n + 1);
    expect(h.slack.calls.filter((c) => c.args.function_execution_id === step.executionId)).toHaveLength(1);
  });

  it('a viewer gets the step failed with the command’s reason, and nothing is sent', async () => {
    const n = hostingWrites(h);
    const done = await (await h.step('add_dns_record', { ...as(VIEWER), ...record('viewer') })).outcome();
    expect(done.method).toBe('functions.completeError');
    expect(String(done.args.error)).toContain('operator');
    expect(hostingWrites(h)).toBe(n);
    expect(records().some((r) => r.host === 'viewer')).toBe(false);
  });

  it('a field the reference refuses fails the step with its sentence before anything is sent', async () => {
    const n = hostingWrites(h);
    const type = await (
      await h.step('add_dns_record', { ...as(OPERATOR), ...record('bad'), type: 'PTR' })
    ).outcome();
    expect(type.method).toBe('functions.completeError');
    expect(type.args.error).toBe(`The step’s input “type” is not valid: ${catalogs.en['field.type.one_of']}`);
    const ttl = await (
      await h.step('add_dns_record', { ...as(OPERATOR), ...record('bad'), ttl: 30 })
    ).outcome();
    expect(String(ttl.args.error)).toContain('“ttl” is not valid: TTL must be from 60 to 86,400 seconds');
    const typed = await (
      await h.step('add_dns_record', { ...as(OPERATOR), ...record('bad'), ttl: 'an hour' })
    ).outcome();
    expect(typed.args.error).toContain(catalogs.en['field.ttl.whole_number']);
    const server = await (
      await h.step('add_dns_record', { ...as(OPERATOR), ...record('bad'), hosting_server: 'not a server' })
    ).outcome();
    expect(server.args.error).toContain('“hosting_server” is not valid');
    const missing = await (
      await h.step('add_dns_record', { ...as(OPERATOR), ...record('bad'), content: ' ' })
    ).outcome();
    expect(missing.args.error).toContain('“content”');
    expect(hostingWrites(h)).toBe(n);
  });

  it('a builder’s user id in a plain input is not the actor: refused as the viewer, or as nobody', async () => {
    const n = hostingWrites(h);
    const viewer = await (
      await h.step('add_dns_record', {
        ...as(VIEWER),
        ...record('builder'),
        user: OPERATOR,
        user_id: OPERATOR,
      })
    ).outcome();
    expect(viewer.method).toBe('functions.completeError');
    expect(String(viewer.args.error)).toContain('operator');
    const nobody = await (
      await h.step('add_dns_record', { ...record('builder'), user: OPERATOR, user_id: OPERATOR })
    ).outcome();
    expect(nobody.method).toBe('functions.completeError');
    expect(nobody.args.error).toContain('a person must start it');
    expect(hostingWrites(h)).toBe(n);
    expect(records().some((r) => r.host === 'builder')).toBe(false);
  });
});

describe('the Messages tab', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => h.slack.clearFailures());

  it('answers a command typed without the slash in the bot’s direct message', async () => {
    const before = h.slack.lastSeq;
    expect((await h.directMessage('show web-1')).status).toBe(200);
    const post = await h.slack.waitFor((c) => c.seq > before && c.method === 'chat.postMessage');
    expect(post.args.channel).toBe(`D${VIEWER.slice(1)}`);
    expect(messageText(post)).toContain('web-1');
  });

  it('answers /hosting’s words after “hosting”, and a short help to anything else', async () => {
    let before = h.slack.lastSeq;
    await h.directMessage('rename web-1 other', { user: OPERATOR });
    const help = await h.slack.waitFor((c) => c.seq > before && c.method === 'chat.postMessage');
    expect(messageText(help)).toContain('without the slash');
    expect(h.sim.control.servers().some((s) => s.name === 'other')).toBe(false);
    before = h.slack.lastSeq;
    await h.directMessage('hosting help');
    const hosting = await h.slack.waitFor((c) => c.seq > before && c.method === 'chat.postMessage');
    expect(messageText(hosting)).toContain('/hosting');
  });

  it('opening the Messages tab publishes no Home', async () => {
    const before = h.slack.lastSeq;
    expect((await h.openHome({ userId: OPERATOR, tab: 'messages' })).status).toBe(200);
    await h.directMessage('list');
    await h.slack.waitFor((c) => c.seq > before && c.method === 'chat.postMessage');
    expect(h.slack.calls.filter((c) => c.seq > before && c.method === 'views.publish')).toHaveLength(0);
  });
});

describe('a Workflow Builder step over Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ socketMode: true });
    await h.slack.socketModeConnected();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('acknowledges the envelope and completes the step', async () => {
    const { ack, outcome } = await h.step(
      'show_server',
      { ...as(VIEWER), server: 'web-1' },
      { socket: true },
    );
    expect((ack as RecordedCall).args.envelope_id).toBeTruthy();
    const done = await outcome();
    expect(done.method).toBe('functions.completeSuccess');
    expect(done.args.outputs).toMatchObject({ name: 'web-1' });
  });
});

describe('an order step waiting across a restart', () => {
  it('is completed once by the bot started again on the same data, when the approval comes', async () => {
    const sim = await startSimulator({});
    const slack = await startFakeSlack();
    const dataDir = await mkdtemp(join(tmpdir(), 'steps-restart-'));
    const signingSecret = randomBytes(16).toString('hex');
    const env: Record<string, string> = {
      SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(6).toString('hex')}`,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.apiUrl,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATA_DIR: dataDir,
      BOT_ENCRYPTION_KEY: 'e'.repeat(64),
      OPERATORS: OPERATOR,
      APPROVERS: ADMIN,
      BOT_LOCALE: 'en',
    };
    const sink = new MemoryLogSink();
    const start = () =>
      startBot(loadConfig(env), {
        logger: createLogger({ level: 'info', stream: sink }),
        port: 0,
        sweepMs: 0,
        watcher: false,
      });
    let bot = await start();
    try {
      const body = functionExecutedBody({
        callbackId: 'order_vps',
        inputs: {
          ...as(OPERATOR),
          plan_id: 'vps-2gb',
          period: '1',
          image_id: 'ubuntu-24.04',
          name: 'after-restart',
          approval_channel: CHANNEL,
        },
      });
      const executionId = (body.event as { function_execution_id: string }).function_execution_id;
      const url = (b: RunningBot) => `http://127.0.0.1:${b.port}/slack/events`;
      await deliver(url(bot), signingSecret, JSON.stringify(body), { contentType: JSON_CONTENT });
      const posted = await slack.waitFor(
        (c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
      );
      // The step is waiting: its run ended (the approval posted, the requester told).
      await sink.waitFor((l) => l.msg === 'step run');
      await bot.stop();
      bot = await start();
      await deliver(
        url(bot),
        signingSecret,
        blockActionBody({
          actionId: 'vps_signup_approve',
          value: approvalOf(posted),
          userId: ADMIN,
          channelId: CHANNEL,
          responseUrl: slack.responseUrl('approve-after-restart'),
        }),
      );
      const done = await slack.waitFor(
        (c) => c.method.startsWith('functions.complete') && c.args.function_execution_id === executionId,
      );
      expect(done.args.error, sink.text).toBeUndefined();
      expect(done.method).toBe('functions.completeSuccess');
      expect(done.args.outputs).toEqual({ name: 'after-restart', status: 'active' });
      // Told with the bot's own token: a step's token does not outlive the step.
      expect(done.token).toBe(env.SLACK_BOT_TOKEN);
      await bot.sweep();
      expect(slack.calls.filter((c) => c.args.function_execution_id === executionId)).toHaveLength(1);
      expect(
        sim.control
          .requests({ method: 'POST' })
          .filter(
            (r) => r.path === '/v1/vps/servers' && !(r.body as { dry_run?: boolean } | undefined)?.dry_run,
          ),
      ).toHaveLength(1);
    } finally {
      await bot.stop();
      await slack.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
