/**
 * The signup part of the bot as users meet it: the real composition root
 * (startBot) in HTTP mode, requests signed with the signing secret, Web API
 * calls answered by the fake Slack server, the simulator on a manual clock
 * behind the real provider client, and the real store (SQLite, or PostgreSQL
 * shared by several app instances). Roles come from OPERATORS / APPROVERS,
 * approvers by a user group whose membership is read live at click time. The
 * watcher and the sweep's timer are off: tests run the sweep themselves.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink, SecretRegistry } from '../../src/log.ts';
import { type RunningBot, startBot } from '../../src/main.ts';
import { startSimulator } from '../../src/simulator/index.ts';
import type { Simulator } from '../../src/simulator/types.ts';
import type { Store } from '../../src/store/index.ts';
import { type FakeSlack, type RecordedCall, startFakeSlack } from '../support/fake-slack.ts';
import { type Delivery, deliver, slashCommandBody } from '../support/slack-request.ts';

export const REQUESTER = 'U0REQUEST1';
export const APPROVER = 'U0APPROVE1';
export const VIEWER = 'U0VIEWER1';
export const APPROVER_GROUP = 'S0APPROVERS';
export const CHANNEL = 'C0OPS0001';
/** 10 March 2026, 12:00 JST. */
export const NOON_JST = new Date('2026-03-10T03:00:00.000Z');
const SEALING_KEY = 'b'.repeat(64);

export interface SignupBot {
  url: string;
  store: Store;
  bot: RunningBot;
  stop(): Promise<void>;
}

export interface Scene {
  sim: Simulator;
  slack: FakeSlack;
  logs: MemoryLogSink;
  registry: SecretRegistry;
  signingSecret: string;
  botToken: string;
  bots: SignupBot[];
  /** Another app instance on the same data (PostgreSQL only makes sense). */
  addBot(): Promise<SignupBot>;
  command(text: string, user: string, bot?: SignupBot): Promise<{ ack: Delivery; responseId: string }>;
  submit(
    values: SubmitValues,
    user: string,
    opts?: { viewId?: string; hash?: string; retryNum?: number; bot?: SignupBot },
  ): Promise<Delivery>;
  choosePlan(planId: string, user: string, viewId: string): Promise<Delivery>;
  click(
    actionId: string,
    value: string,
    user: string,
    opts?: { bot?: SignupBot; messageTs?: string; retryNum?: number },
  ): Promise<{ ack: Delivery; responseId: string }>;
  sweep(bot?: SignupBot): ReturnType<RunningBot['sweep']>;
  close(): Promise<void>;
}

export interface SceneOptions {
  databaseUrl?: string;
  now?: Date;
}

export interface SubmitValues {
  plan_id: string;
  period: string;
  image_id: string;
  name?: string;
  ssh_key_name?: string;
  ssh_public_key?: string;
  root_password?: string;
  partner_code?: string;
  auto_renew?: boolean;
  agree_to_terms?: boolean;
}

/** An order form as a requester fills it in: a plan, a period, an image, a name and a typed root password. */
export const TYPED_ORDER: SubmitValues = {
  plan_id: 'vps-2gb',
  period: '1',
  image_id: 'ubuntu-24.04',
  name: 'web-42',
  root_password: 'Typed-Passw0rd-77',
  agree_to_terms: true,
};

export function stateValues(v: SubmitValues): Record<string, Record<string, unknown>> {
  const text = (value: string | undefined) => ({ type: 'plain_text_input', value: value ?? null });
  const select = (value: string) => ({ type: 'static_select', selected_option: { value } });
  const box = (on: boolean | undefined) => ({
    type: 'checkboxes',
    selected_options: on ? [{ value: 'yes' }] : [],
  });
  return {
    vps_signup_plan_id: { plan_id: select(v.plan_id) },
    [`vps_signup_period@${v.plan_id}`]: { period: select(v.period) },
    [`vps_signup_image_id@${v.plan_id}`]: { image_id: select(v.image_id) },
    vps_signup_name: { name: text(v.name) },
    vps_signup_ssh_key_name: { ssh_key_name: text(v.ssh_key_name) },
    vps_signup_ssh_public_key: { ssh_public_key: text(v.ssh_public_key) },
    vps_signup_root_password: { root_password: text(v.root_password) },
    vps_signup_auto_renew: { auto_renew: box(v.auto_renew ?? true) },
    vps_signup_partner_code: { partner_code: text(v.partner_code) },
    vps_signup_agree_to_terms: { agree_to_terms: box(v.agree_to_terms) },
  };
}

function payload(p: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(p) }).toString();
}

const team = { id: 'T0FAKE', domain: 'fake' };
const userOf = (id: string) => ({ id, username: id.toLowerCase(), team_id: 'T0FAKE' });

export async function startScene(opts: SceneOptions = {}): Promise<Scene> {
  const sim = await startSimulator({ clock: 'manual', now: opts.now ?? NOON_JST, seed: 'empty' });
  const slack = await startFakeSlack();
  slack.setGroup(APPROVER_GROUP, [APPROVER]);
  const logs = new MemoryLogSink();
  const registry = new SecretRegistry();
  const signingSecret = randomBytes(16).toString('hex');
  const botToken = `xoxb-test-${randomBytes(8).toString('hex')}`;
  registry.add(botToken);
  registry.add(signingSecret);
  registry.add(sim.keys.full);
  const logger = createLogger({ level: 'debug', stream: logs, secrets: registry });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signup-scene-'));
  const clock = { now: () => sim.control.clock.now() };
  const bots: SignupBot[] = [];
  let n = 0;

  async function addBot(): Promise<SignupBot> {
    const config = loadConfig({
      SLACK_BOT_TOKEN: botToken,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.apiUrl,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATA_DIR: dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      BOT_ENCRYPTION_KEY: SEALING_KEY,
      OPERATORS: REQUESTER,
      APPROVERS: APPROVER_GROUP,
      BOT_LOCALE: 'en',
    });
    const bot = await startBot(config, {
      logger: logger.child({ replica: bots.length + 1 }),
      secrets: registry,
      clock,
      port: 0,
      watcher: false,
      sweepMs: 0,
      // The provider's waits pass on the simulator's clock: a retry does not wait for wall time.
      provider: {
        clock: { now: () => sim.control.clock.now().getTime(), sleep: async () => undefined },
        retry: { maxAttempts: 2 },
      },
    });
    const signupBot: SignupBot = {
      url: `http://127.0.0.1:${bot.port}/slack/events`,
      store: bot.store,
      bot,
      stop: () => bot.stop(),
    };
    bots.push(signupBot);
    return signupBot;
  }

  await addBot();
  const first = () => bots[0]!;

  return {
    sim,
    slack,
    logs,
    registry,
    signingSecret,
    botToken,
    bots,
    addBot,
    async command(text, user, bot = first()) {
      const responseId = `cmd-${++n}`;
      const body = slashCommandBody({
        text,
        userId: user,
        channelId: CHANNEL,
        responseUrl: slack.responseUrl(responseId),
        triggerId: `trig.${randomUUID()}`,
      });
      return { ack: await deliver(bot.url, signingSecret, body), responseId };
    },
    submit(values, user, o = {}) {
      const body = payload({
        type: 'view_submission',
        team,
        user: userOf(user),
        api_app_id: 'A0FAKE',
        token: 'legacy-verification-token',
        trigger_id: `trig.${randomUUID()}`,
        view: {
          id: o.viewId ?? `V${randomBytes(4).toString('hex').toUpperCase()}`,
          team_id: 'T0FAKE',
          type: 'modal',
          callback_id: 'vps_signup_modal',
          private_metadata: JSON.stringify({ channelId: CHANNEL, planId: values.plan_id }),
          hash: o.hash ?? `h${++n}`,
          state: { values: stateValues(values) },
          blocks: [],
          title: { type: 'plain_text', text: 'Order a VPS' },
          app_id: 'A0FAKE',
          bot_id: 'BBOT0001',
        },
        response_urls: [],
      });
      return deliver(
        (o.bot ?? first()).url,
        signingSecret,
        body,
        o.retryNum === undefined ? {} : { retryNum: o.retryNum },
      );
    },
    choosePlan(planId, user, viewId) {
      const body = payload({
        type: 'block_actions',
        team,
        user: userOf(user),
        api_app_id: 'A0FAKE',
        token: 'legacy-verification-token',
        container: { type: 'view', view_id: viewId },
        trigger_id: `trig.${randomUUID()}`,
        view: {
          id: viewId,
          type: 'modal',
          callback_id: 'vps_signup_modal',
          private_metadata: JSON.stringify({ channelId: CHANNEL, planId: 'vps-1gb' }),
          hash: `h${++n}`,
          state: { values: {} },
          blocks: [],
        },
        actions: [
          {
            type: 'static_select',
            action_id: 'plan_id',
            block_id: 'vps_signup_plan_id',
            selected_option: { text: { type: 'plain_text', text: planId }, value: planId },
            action_ts: '1.000',
          },
        ],
      });
      return deliver(first().url, signingSecret, body);
    },
    async click(actionId, value, user, o = {}) {
      const responseId = `act-${++n}`;
      const ts = o.messageTs ?? '1.000';
      const body = payload({
        type: 'block_actions',
        team,
        user: userOf(user),
        api_app_id: 'A0FAKE',
        token: 'legacy-verification-token',
        container: { type: 'message', message_ts: ts, channel_id: CHANNEL, is_ephemeral: false },
        trigger_id: `trig.${randomUUID()}`,
        channel: { id: CHANNEL, name: 'ops' },
        message: { type: 'message', ts, text: 'approval' },
        response_url: slack.responseUrl(responseId),
        actions: [
          {
            type: 'button',
            action_id: actionId,
            block_id: 'vps_signup_actions',
            text: { type: 'plain_text', text: 'x' },
            value,
            action_ts: '1.000',
          },
        ],
      });
      const delivery = o.retryNum === undefined ? {} : { retryNum: o.retryNum };
      return { ack: await deliver((o.bot ?? first()).url, signingSecret, body, delivery), responseId };
    },
    sweep: (bot = first()) => bot.bot.sweep(),
    async close() {
      for (const b of bots) await b.stop();
      await slack.close();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The approval request posted for a quote: the call, its ts and its Approve button's value. */
export function approvalOf(call: RecordedCall): { value: string; price: number } {
  const blocks = (call.args.blocks ?? []) as {
    type: string;
    elements?: { action_id?: string; value?: string }[];
  }[];
  const approve = blocks
    .find((b) => b.type === 'actions')
    ?.elements?.find((e) => e.action_id === 'vps_signup_approve');
  if (!approve?.value) throw new Error('no Approve button in the message');
  const v = JSON.parse(approve.value) as { price: number };
  return { value: approve.value, price: v.price };
}

export function allText(v: unknown): string {
  return JSON.stringify(v);
}
