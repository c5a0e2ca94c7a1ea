/**
 * A bot killed (SIGKILL, a process of its own) while it was placing a paid
 * order, its real POST taken by the provider and its answer never recorded,
 * then started again on the same data: the new bot asks about the order at
 * once with the same Idempotency-Key, not after the 10-minute orphan window.
 * Meanwhile the approval message and `/vps signups` read "checking what
 * happened to this order"; the balance is charged once. The provider runs on
 * a manual clock, so holding a request costs no wall time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { type RunningBot, startBot } from '../../src/main.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { type FakeSlack, type RecordedCall, startFakeSlack } from '../support/fake-slack.ts';
import {
  blockActionBody,
  deliver,
  type SubmissionFields,
  slashCommandBody,
  viewSubmissionBody,
} from '../support/slack-request.ts';
import { APPROVER, allText, approvalOf, CHANNEL, REQUESTER, stateValues } from './signup-harness.ts';

const root = new URL('../../', import.meta.url).pathname;
const HOLD_MS = 30_000;
const CHECKING = 'checking what happened to this order';

const isThread = (c: RecordedCall) => c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string';

interface World {
  sim: Simulator;
  slack: FakeSlack;
  env: Record<string, string>;
  dataDir: string;
  killed: ChildProcess | undefined;
  restarted: RunningBot | undefined;
}

describe('an order interrupted by a killed bot', () => {
  let w: World | undefined;
  afterEach(async () => {
    w?.killed?.kill('SIGKILL');
    await w?.restarted?.stop();
    await w?.slack.close();
    await w?.sim.close();
    if (w) await rm(w.dataDir, { recursive: true, force: true });
    w = undefined;
  });

  /** A bot of its own process quotes and is approved; the provider holds the order; the bot is killed. */
  async function interrupted(): Promise<World> {
    const sim = await startSimulator({ clock: 'manual', now: new Date(), seed: 'empty' });
    const slack = await startFakeSlack();
    const dataDir = await mkdtemp(join(tmpdir(), 'signup-restart-'));
    const env: Record<string, string> = {
      SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(6).toString('hex')}`,
      SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
      SLACK_API_URL: slack.apiUrl,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATA_DIR: dataDir,
      BOT_ENCRYPTION_KEY: 'd'.repeat(64),
      OPERATORS: REQUESTER,
      APPROVERS: APPROVER,
      BOT_LOCALE: 'en',
    };
    const world: World = { sim, slack, env, dataDir, killed: undefined, restarted: undefined };
    w = world;
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/watch/fixtures/bot-process.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    world.killed = child;
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const port = /^ready (\d+)/.exec(line.toString())?.[1];
    if (!port) throw new Error(`the bot did not start: ${line.toString()}`);
    const url = `http://127.0.0.1:${port}/slack/events`;

    const before = slack.lastSeq;
    const values = stateValues({
      plan_id: 'vps-2gb',
      period: '1',
      image_id: 'ubuntu-24.04',
      name: 'restart-1',
      root_password: 'Typed-Passw0rd-77',
      agree_to_terms: true,
    }) as SubmissionFields['values'];
    const submitted = await deliver(
      url,
      env.SLACK_SIGNING_SECRET!,
      viewSubmissionBody({
        callbackId: 'vps_signup_modal',
        privateMetadata: JSON.stringify({ channelId: CHANNEL, planId: 'vps-2gb' }),
        values,
        userId: REQUESTER,
      }),
    );
    expect(submitted.status).toBe(200);
    const quoted = await slack.waitFor(
      (c) =>
        c.seq > before && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && !c.args.thread_ts,
    );
    // The provider takes the order and holds it (on its manual clock).
    sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', latencyMs: HOLD_MS });
    const clicked = await deliver(
      url,
      env.SLACK_SIGNING_SECRET!,
      blockActionBody({
        actionId: 'vps_signup_approve',
        blockId: 'vps_signup_actions',
        value: approvalOf(quoted).value,
        userId: APPROVER,
        channelId: CHANNEL,
        responseUrl: slack.responseUrl('approve-1'),
      }),
    );
    expect(clicked.status).toBe(200);
    await sim.control.waitForInFlight(1);
    child.kill('SIGKILL');
    await once(child, 'exit');
    world.killed = undefined;
    return world;
  }

  /** The bot started again on the same data, in this process. */
  async function restart(world: World): Promise<RunningBot> {
    world.restarted = await startBot(loadConfig(world.env), {
      logger: createLogger({ level: 'warn', stream: new MemoryLogSink() }),
      port: 0,
      sweepMs: 0,
      watcher: false,
      // The bot's time, and the provider client's waits, pass on the provider's clock.
      clock: { now: () => world.sim.control.clock.now() },
      provider: {
        clock: {
          now: () => world.sim.control.clock.now().getTime(),
          sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
        },
      },
    });
    return world.restarted;
  }

  async function signupsText(world: World, bot: RunningBot): Promise<string> {
    const responseId = `signups-${randomUUID()}`;
    await deliver(
      `http://127.0.0.1:${bot.port}/slack/events`,
      world.env.SLACK_SIGNING_SECRET!,
      slashCommandBody({
        text: 'signups',
        userId: REQUESTER,
        channelId: CHANNEL,
        responseUrl: world.slack.responseUrl(responseId),
      }),
    );
    return allText((await world.slack.waitForResponse(responseId)).args);
  }

  const realPosts = (world: World) =>
    world.sim.control
      .requests({ method: 'POST', path: '/v1/vps/servers' })
      .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);

  it('the provider had finished it: asked at once, shown as being checked meanwhile, paid once', async () => {
    const world = await interrupted();
    // The provider finishes the held order, and charges, though nobody listens any more.
    world.sim.control.clock.advance(HOLD_MS);
    while (world.sim.control.inFlight() > 0) await world.sim.control.nextRequest();
    expect(world.sim.control.charges()).toHaveLength(1);
    // Its answer to the restarted bot is held a while too, to read the order meanwhile.
    world.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', latencyMs: HOLD_MS });
    const mark = world.slack.lastSeq;
    const bot = await restart(world);
    const redrawn = await world.slack.waitFor((c) => c.seq > mark && c.method === 'chat.update');
    expect(allText(redrawn.args)).toContain(CHECKING);
    await world.sim.control.waitForInFlight(1);
    expect(await signupsText(world, bot)).toContain(CHECKING);

    world.sim.control.clock.advance(HOLD_MS);
    const told = await world.slack.waitFor((c) => c.seq > mark && isThread(c));
    expect(allText(told.args)).toContain('The server is active');
    const final = await world.slack.waitFor((c) => c.seq > told.seq && c.method === 'chat.update');
    expect(allText(final.args)).toContain('VPS ordered and paid: active');
    expect(world.sim.control.charges()).toHaveLength(1);
    const posts = realPosts(world);
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    expect((await bot.store.signups.listRecent({ limit: 1 }))[0]?.state).toBe('active');
  });

  it('the provider is still processing it: its 409 is told in the thread, and the order paid once when done', async () => {
    const world = await interrupted();
    const mark = world.slack.lastSeq;
    const bot = await restart(world);
    const told = await world.slack.waitFor((c) => c.seq > mark && isThread(c));
    expect(allText(told.args)).toContain('still being processed');
    expect(await signupsText(world, bot)).toContain('being checked');
    expect(world.sim.control.charges()).toHaveLength(0);

    // The held order completes; the next check, a minute later, finds it paid.
    world.sim.control.clock.advance(HOLD_MS);
    while (world.sim.control.inFlight() > 0) await world.sim.control.nextRequest();
    world.sim.control.clock.advance(HOLD_MS);
    expect((await bot.sweep()).rechecked).toBe(1);
    const paid = await world.slack.waitFor((c) => c.seq > told.seq && isThread(c));
    expect(allText(paid.args)).toContain('The server is active');
    expect(world.sim.control.charges()).toHaveLength(1);
    expect(new Set(realPosts(world).map((p) => p.idempotencyKey)).size).toBe(1);
  });
});
