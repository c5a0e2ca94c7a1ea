/**
 * The whole bot as users meet it: the provider simulator, a SQLite store in a
 * temporary folder, the fake Slack Web API, and the real app in HTTP mode on a
 * free port. `command()` sends a signed slash command and returns the ack and
 * a promise of the reply posted to its response_url.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnownBlock, ModalView } from '@slack/types';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink, SecretRegistry } from '../../src/log.ts';
import { type RunningBot, type StartOptions, startBot } from '../../src/main.ts';
import {
  type Simulator,
  type SimulatorKeys,
  type SimulatorOptions,
  startSimulator,
} from '../../src/simulator/index.ts';
import { assertBlocksWithinLimits } from '../../src/slack/views/limits.ts';
import { type FakeSlack, type RecordedCall, startFakeSlack } from './fake-slack.ts';
import {
  appHomeOpenedBody,
  blockActionBody,
  type Delivery,
  type DeliveryOptions,
  deliver,
  directMessageBody,
  functionExecutedBody,
  globalShortcutBody,
  type HomeOpenedFields,
  homeClickBody,
  JSON_CONTENT,
  messageShortcutBody,
  type SubmissionFields,
  slashCommandBody,
  viewSubmissionBody,
} from './slack-request.ts';

export const OPERATOR = 'U0OPERATOR';
export const VIEWER = 'U0VIEWER1';
export const ADMIN = 'U0ADMIN01';
export const CHANNEL = 'C0OPS0001';

export interface HarnessOptions {
  key?: keyof SimulatorKeys;
  /** Use a key made with the simulator's control API instead of a preset one. */
  keyOf?: (sim: Simulator) => string;
  operators?: string[];
  approvers?: string[];
  policy?: string;
  locale?: 'en' | 'ja';
  latencyMs?: number;
  /** Provider rate limit of the simulator (benchmarks lift it). */
  rateLimit?: { limit: number; windowSeconds: number; concurrent: number; daily?: number };
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Socket Mode (SLACK_APP_TOKEN set) over the fake Slack's WebSocket link instead of HTTP. */
  socketMode?: boolean;
  env?: Record<string, string>;
  /** Run the watcher and notifier (default off: most tests count the requests a command makes). */
  watcher?: boolean;
  /**
   * A manual clock shared by the simulator and the bot, starting at this
   * instant: tests move time with `sim.control.clock.advance` (expiries),
   * never by waiting.
   */
  manualClockAt?: Date;
  /** The provider client's retry policy and timeouts instead of the harness's short ones (benchmarks). */
  provider?: Pick<NonNullable<StartOptions['provider']>, 'retry' | 'timeouts'>;
  /** Seed of the simulator's random source (faults with a probability). */
  randomSeed?: number;
  /** The names the simulator's custom-key categories go by (the real ones are not published). */
  categoryNames?: SimulatorOptions['categoryNames'];
  /** The Enterprise Grid organisation the bot's workspace belongs to (auth.test); none by default. */
  enterpriseId?: string;
  /**
   * Provider accounts the simulator serves, each a world of its own; each
   * one's full key is in `PROVIDER_API_KEY_<NAME>` (upper case, `-` as `_`)
   * for a policy's `key_env` to name. Default: one account.
   */
  simAccounts?: string[];
  /** The provider accounts' port of `/vps accounts` and `/vps account use` (startBot's `accounts`). */
  accounts?: StartOptions['accounts'];
}

/** The variable the harness puts an account's key in. */
export const keyEnvOf = (account: string): string =>
  `PROVIDER_API_KEY_${account.toUpperCase().replaceAll('-', '_')}`;

export interface Harness {
  sim: Simulator;
  slack: FakeSlack;
  bot: RunningBot;
  url: string;
  signingSecret: string;
  logs: MemoryLogSink;
  /** The provider key in use, to check it never leaks. */
  apiKey: string;
  /** The bot's DATA_DIR (its SQLite file), to read every row a test must check. */
  dataDir: string;
  command(
    text: string,
    opts?: {
      user?: string;
      channel?: string;
      triggerId?: string;
      delivery?: DeliveryOptions;
      command?: string;
      /** The workspace it comes from; default the bot's own. */
      team?: string;
      /** Its Enterprise Grid organisation; default none. */
      enterprise?: string;
    },
  ): Promise<{
    ack: Delivery;
    reply: () => Promise<RecordedCall>;
    /** The reply through the response_url, or an ephemeral message to the user in the channel (what `/vps watch` answers with when its check of the channel is the answer). */
    answer: () => Promise<RecordedCall>;
    responseId: string;
    triggerId: string;
  }>;
  click(
    actionId: string,
    value: string,
    opts?: { user?: string; channel?: string; triggerId?: string; team?: string; enterprise?: string },
  ): Promise<{ ack: Delivery; reply: () => Promise<RecordedCall>; responseId: string }>;
  submit(fields: SubmissionFields, delivery?: DeliveryOptions): Promise<Delivery>;
  /** A global shortcut (callback_id as in manifest.yml); its answer is a modal opened with `triggerId`. */
  shortcut(
    callbackId: string,
    opts?: { user?: string; triggerId?: string; team?: string; delivery?: DeliveryOptions },
  ): Promise<{ ack: Delivery; triggerId: string }>;
  /** A message shortcut on `message`; its answer goes to its response_url. */
  messageShortcut(
    callbackId: string,
    message: Record<string, unknown>,
    opts?: {
      user?: string;
      channel?: string;
      triggerId?: string;
      team?: string;
      delivery?: DeliveryOptions;
    },
  ): Promise<{ ack: Delivery; responseId: string; triggerId: string; reply: () => Promise<RecordedCall> }>;
  /** Socket Mode: a slash command as an envelope; resolves with the app's ack and the reply. */
  envelopeCommand(
    text: string,
    opts?: { user?: string; channel?: string },
  ): Promise<{ ack: RecordedCall; reply: () => Promise<RecordedCall> }>;
  deliverRaw(body: string, opts?: DeliveryOptions): Promise<Delivery>;
  /**
   * A Workflow Builder step to run (a signed `function_executed` event);
   * `outcome` resolves with the step's functions.completeSuccess or
   * functions.completeError, `over` Socket Mode as an events_api envelope.
   */
  step(
    callbackId: string,
    inputs: Record<string, unknown>,
    opts?: { executionId?: string; delivery?: DeliveryOptions; socket?: boolean },
  ): Promise<{
    ack: Delivery | RecordedCall;
    executionId: string;
    /** The step's workflow token (`bot_access_token`), revoked by the fake Slack once the step is over. */
    workflowToken: string;
    outcome: () => Promise<RecordedCall>;
  }>;
  /** A person's message in their direct message with the bot (the Messages tab). */
  directMessage(text: string, opts?: { user?: string; ts?: string }): Promise<Delivery>;
  /** The person opens the app's Home tab (a signed `app_home_opened` event, as JSON). */
  openHome(opts?: HomeOpenedFields & { delivery?: DeliveryOptions }): Promise<Delivery>;
  /** A button pressed in the person's App Home: no channel, no message, no response_url. */
  homeClick(
    actionId: string,
    value: string,
    opts?: { user?: string; triggerId?: string; viewId?: string; blockId?: string; inWindow?: boolean },
  ): Promise<{ ack: Delivery; triggerId: string }>;
  close(): Promise<void>;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const sim = await startSimulator({
    latencyMs: opts.latencyMs ?? 0,
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
    ...(opts.manualClockAt ? { clock: 'manual' as const, now: opts.manualClockAt } : {}),
    ...(opts.randomSeed !== undefined ? { randomSeed: opts.randomSeed } : {}),
    ...(opts.categoryNames ? { categoryNames: opts.categoryNames } : {}),
    ...(opts.simAccounts ? { accounts: opts.simAccounts } : {}),
  });
  const manual = opts.manualClockAt !== undefined;
  const slack = await startFakeSlack(opts.enterpriseId ? { enterpriseId: opts.enterpriseId } : {});
  // On simulated time, trigger ids expire as Slack's do (on real time a loaded machine would make
  // that a matter of luck).
  if (manual) slack.timeTriggers(() => sim.control.clock.now().getTime());
  const dataDir = await mkdtemp(join(tmpdir(), 'vps-chatops-app-'));
  const signingSecret = randomBytes(16).toString('hex');
  const apiKey = opts.keyOf ? opts.keyOf(sim) : sim.keys[opts.key ?? 'full'];
  const env: Record<string, string> = {
    SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(8).toString('hex')}`,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.apiUrl,
    PROVIDER_API_URL: sim.url,
    PROVIDER_API_KEY: apiKey,
    DATA_DIR: dataDir,
    OPERATORS: (opts.operators ?? [OPERATOR]).join(','),
    APPROVERS: (opts.approvers ?? []).join(','),
    BOT_LOCALE: opts.locale ?? 'en',
    LOG_LEVEL: 'debug',
    // Tests change the provider behind the bot's back (the simulator's controls) and read it at
    // once; the read cache has its own tests, which set READ_CACHE_SECONDS through `env`.
    READ_CACHE_SECONDS: '0',
    ...(opts.socketMode ? { SLACK_APP_TOKEN: `xapp-test-${randomBytes(8).toString('hex')}` } : {}),
    ...Object.fromEntries(sim.accounts.map((a) => [keyEnvOf(a.name), a.keys.full])),
    ...opts.env,
  };
  if (opts.policy !== undefined) {
    const file = join(dataDir, 'policy.yml');
    await writeFile(file, opts.policy);
    env.POLICY_FILE = file;
  }
  const config = loadConfig(env);
  const secrets = new SecretRegistry();
  for (const s of [env.SLACK_BOT_TOKEN, signingSecret, apiKey, ...sim.accounts.map((a) => a.keys.full)])
    secrets.add(s);
  const logs = new MemoryLogSink();
  const logger = createLogger({ level: opts.logLevel ?? 'debug', stream: logs, secrets });
  // Retries keep their shape but not their seconds of backoff; a Retry-After gives up at once.
  const bot = await startBot(config, {
    logger,
    secrets,
    // Tests drive the signup sweep themselves; no timer runs behind them.
    sweepMs: 0,
    watcher: opts.watcher ?? false,
    // Socket Mode's receiver does not report the port it bound, so pick one first.
    port: opts.socketMode ? await freePort() : 0,
    provider: {
      retry: opts.provider?.retry ?? { baseDelayMs: 1, minDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 0 },
      ...(opts.provider?.timeouts ? { timeouts: opts.provider.timeouts } : {}),
      // On the manual clock the provider's waits pass on simulated time too: a wait ends at
      // once (yielding to the event loop, so a wait for a time that never comes cannot
      // starve it) and the client sees time move only when the test moves it.
      ...(manual
        ? {
            clock: {
              now: () => sim.control.clock.now().getTime(),
              sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
            },
          }
        : {}),
    },
    ...(manual ? { clock: { now: () => sim.control.clock.now() } } : {}),
    ...(opts.accounts ? { accounts: opts.accounts } : {}),
  });
  const url = `http://127.0.0.1:${bot.port}/slack/events`;
  let n = 0;

  return {
    sim,
    slack,
    bot,
    url,
    signingSecret,
    logs,
    apiKey,
    dataDir,
    async command(text, o = {}) {
      const responseId = `cmd-${++n}`;
      const triggerId = o.triggerId ?? `trig.${randomUUID()}`;
      const body = slashCommandBody({
        text,
        userId: o.user ?? VIEWER,
        channelId: o.channel ?? CHANNEL,
        responseUrl: slack.responseUrl(responseId),
        triggerId,
        ...(o.command ? { command: o.command } : {}),
        ...(o.team ? { teamId: o.team } : {}),
        ...(o.enterprise ? { enterpriseId: o.enterprise } : {}),
      });
      const after = slack.lastSeq;
      slack.issueTrigger(triggerId);
      const ack = await deliver(url, signingSecret, body, o.delivery);
      const user = o.user ?? VIEWER;
      const channel = o.channel ?? CHANNEL;
      return {
        ack,
        responseId,
        triggerId,
        reply: () => slack.waitForResponse(responseId),
        answer: () =>
          slack.waitFor(
            (c) =>
              c.responseId === responseId ||
              (c.method === 'chat.postEphemeral' &&
                !c.error &&
                c.seq > after &&
                c.args.user === user &&
                c.args.channel === channel),
          ),
      };
    },
    async click(actionId, value, o = {}) {
      const responseId = `act-${++n}`;
      const triggerId = o.triggerId ?? `trig.${randomUUID()}`;
      const body = blockActionBody({
        actionId,
        value,
        userId: o.user ?? VIEWER,
        channelId: o.channel ?? CHANNEL,
        responseUrl: slack.responseUrl(responseId),
        triggerId,
        ...(o.team ? { teamId: o.team } : {}),
        ...(o.enterprise ? { enterpriseId: o.enterprise } : {}),
      });
      slack.issueTrigger(triggerId);
      const ack = await deliver(url, signingSecret, body);
      return { ack, responseId, reply: () => slack.waitForResponse(responseId) };
    },
    async envelopeCommand(text, o = {}) {
      const responseId = `env-cmd-${++n}`;
      const payload = Object.fromEntries(
        new URLSearchParams(
          slashCommandBody({
            text,
            userId: o.user ?? VIEWER,
            channelId: o.channel ?? CHANNEL,
            responseUrl: slack.responseUrl(responseId),
          }),
        ),
      );
      const ack = await slack.sendEnvelope('slash_commands', payload);
      return { ack, reply: () => slack.waitForResponse(responseId) };
    },
    submit: (fields, delivery) => deliver(url, signingSecret, viewSubmissionBody(fields), delivery),
    async shortcut(callbackId, o = {}) {
      const triggerId = o.triggerId ?? `trig.${randomUUID()}`;
      const body = globalShortcutBody({
        callbackId,
        userId: o.user ?? VIEWER,
        triggerId,
        ...(o.team ? { teamId: o.team } : {}),
      });
      return { ack: await deliver(url, signingSecret, body, o.delivery), triggerId };
    },
    async messageShortcut(callbackId, message, o = {}) {
      const responseId = `msc-${++n}`;
      const triggerId = o.triggerId ?? `trig.${randomUUID()}`;
      const body = messageShortcutBody({
        callbackId,
        message,
        userId: o.user ?? VIEWER,
        channelId: o.channel ?? CHANNEL,
        responseUrl: slack.responseUrl(responseId),
        triggerId,
        ...(o.team ? { teamId: o.team } : {}),
      });
      const ack = await deliver(url, signingSecret, body, o.delivery);
      return { ack, responseId, triggerId, reply: () => slack.waitForResponse(responseId) };
    },
    deliverRaw: (body, o) => deliver(url, signingSecret, body, o),
    async step(callbackId, inputs, o = {}) {
      const body = functionExecutedBody({
        callbackId,
        inputs,
        ...(o.executionId ? { executionId: o.executionId } : {}),
      });
      const event = body.event as { function_execution_id: string; bot_access_token: string };
      const executionId = event.function_execution_id;
      const workflowToken = event.bot_access_token;
      slack.bindWorkflowToken(workflowToken, executionId);
      const ack = o.socket
        ? await slack.sendEnvelope('events_api', body)
        : await deliver(url, signingSecret, JSON.stringify(body), {
            ...o.delivery,
            contentType: JSON_CONTENT,
          });
      return {
        ack,
        executionId,
        workflowToken,
        outcome: () =>
          slack.waitFor(
            (c) =>
              (c.method === 'functions.completeSuccess' || c.method === 'functions.completeError') &&
              c.args.function_execution_id === executionId,
          ),
      };
    },
    directMessage: (text, o = {}) =>
      deliver(
        url,
        signingSecret,
        directMessageBody({ userId: o.user ?? VIEWER, text, ...(o.ts ? { ts: o.ts } : {}) }),
        {
          contentType: JSON_CONTENT,
        },
      ),
    openHome: (o = {}) =>
      deliver(url, signingSecret, appHomeOpenedBody({ userId: VIEWER, ...o }), {
        ...o.delivery,
        contentType: JSON_CONTENT,
      }),
    async homeClick(actionId, value, o = {}) {
      const triggerId = o.triggerId ?? `trig.${randomUUID()}`;
      slack.issueTrigger(triggerId);
      const body = homeClickBody({
        actionId,
        value,
        userId: o.user ?? VIEWER,
        triggerId,
        viewId: o.viewId,
        blockId: o.blockId,
        inWindow: o.inWindow,
      });
      return { ack: await deliver(url, signingSecret, body), triggerId };
    },
    async close() {
      await bot.stop();
      await slack.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The modal a views.open / views.update call carried, held to what Slack
 * takes (a modal's Block Kit limits, a title of at most 24 characters).
 */
export function modalIn(call: RecordedCall): ModalView {
  const view = call.args.view as ModalView;
  assertBlocksWithinLimits(view.blocks as KnownBlock[], 'modal');
  const title = [...view.title.text].length;
  if (title > 24) throw new Error(`modal title of ${title} characters: Slack takes 24`);
  return view;
}

/** All text of a recorded message (text, section texts and fields), for assertions. */
export function messageText(call: RecordedCall): string {
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'text' && typeof x === 'string') parts.push(x);
        else walk(x);
      }
    }
  };
  walk(call.args);
  return parts.join('\n');
}
