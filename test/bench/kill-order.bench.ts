/**
 * The bot killed with SIGKILL while a paid order is being executed, and
 * restarted on the same DATA_DIR: the provider must have charged once, and
 * the approval message must say at once that the order is being checked, and
 * its thread the outcome.
 *
 * The bot runs as a real child process (`src/main.ts`, as `npm start` runs
 * it, HTTP mode, SQLite in a temporary DATA_DIR); the simulator (real clock)
 * and the fake Slack run here. Signed requests submit the signup form as the
 * requester and press Approve as the approver. The real order (the POST after
 * the dry run) is held by the simulator (a latency fault of HOLD_MS on that
 * path); the moment the simulator has taken it, the bot is killed. The
 * simulator finishes the request as a server would (the client is gone, the
 * order is still charged). The bot is then started again on the same data,
 * at once and on the real clock: it asks about the order it finds
 * `executing` as it starts, with the same Idempotency-Key, instead of leaving
 * it "being placed" until the 10-minute orphan window has passed (what it did
 * before; the figures' bound).
 *
 * Figures: charges at the simulator (goal 1), real order POSTs the simulator
 * received (the first, killed, and the re-check with the same
 * Idempotency-Key), whether the approval thread was told the outcome (goal
 * 1), seconds from the restart (and from the restarted bot's "started" line)
 * to the approval message reading "checking what happened to this order" and
 * to the thread's outcome, against the 600 s an orphaned order waited before,
 * and the order's final state.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/log.ts';
import { startSimulator } from '../../src/simulator/index.ts';
import { openStore } from '../../src/store/index.ts';
import { approvalOf, stateValues } from '../scenarios/signup-harness.ts';
import { startFakeSlack } from '../support/fake-slack.ts';
import { deliver } from '../support/slack-request.ts';
import { freePort, MAIN, spawnBot, stopBot } from './support/spawn-bot.ts';

const REQUESTER = 'U0REQUEST1';
const APPROVER = 'U0APPROVE1';
const CHANNEL = 'C0OPS0001';
const HOLD_MS = 3_000;
/** How long an `executing` order waited for the sweep's orphan window before it was asked about. */
const ORPHAN_WINDOW_S = 600;

function emit(bench: string, value: number, unit: string, bound: number | null): void {
  const ratio = bound === null || bound === 0 ? null : Number((value / bound).toFixed(3));
  process.stdout.write(`${JSON.stringify({ bench, value, unit, bound, ratio })}\n`);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function payload(p: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(p) }).toString();
}
const team = { id: 'T0FAKE', domain: 'fake' };
const userOf = (id: string) => ({ id, username: id.toLowerCase(), team_id: 'T0FAKE' });

async function main(): Promise<void> {
  const sim = await startSimulator({ clock: 'real', seed: 'empty' });
  const slack = await startFakeSlack();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kill-order-bench-'));
  const signingSecret = randomBytes(16).toString('hex');
  const port = await freePort();
  const env = {
    SLACK_BOT_TOKEN: `xoxb-bench-${randomBytes(8).toString('hex')}`,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.apiUrl,
    PROVIDER_API_URL: sim.url,
    PROVIDER_API_KEY: sim.keys.full,
    DATA_DIR: dataDir,
    PORT: String(port),
    OPERATORS: REQUESTER,
    APPROVERS: APPROVER,
    BOT_LOCALE: 'en',
    LOG_LEVEL: 'info',
  };
  const url = `http://127.0.0.1:${port}/slack/events`;
  const first = spawnBot(MAIN, env);
  let second: ReturnType<typeof spawnBot> | undefined;
  try {
    await first.ready;

    // The requester submits the form: the dry run, then the approval message in the channel.
    const plan = 'vps-2gb';
    const before = slack.lastSeq;
    const submitted = await deliver(
      url,
      signingSecret,
      payload({
        type: 'view_submission',
        team,
        user: userOf(REQUESTER),
        api_app_id: 'A0FAKE',
        token: 'legacy-verification-token',
        trigger_id: `trig.${randomUUID()}`,
        view: {
          id: 'V0KILL0001',
          team_id: 'T0FAKE',
          type: 'modal',
          callback_id: 'vps_signup_modal',
          private_metadata: JSON.stringify({ channelId: CHANNEL, planId: plan }),
          hash: 'h1',
          state: {
            values: stateValues({
              plan_id: plan,
              period: '1',
              image_id: 'ubuntu-24.04',
              name: 'killed-1',
              root_password: 'Typed-Passw0rd-77',
              agree_to_terms: true,
            }),
          },
          blocks: [],
          title: { type: 'plain_text', text: 'Order a VPS' },
          app_id: 'A0FAKE',
          bot_id: 'BBOT0001',
        },
        response_urls: [],
      }),
    );
    if (submitted.status !== 200) throw new Error(`the form was answered ${submitted.status}`);
    const approvalPost = await slack.waitFor(
      (c) =>
        c.seq > before && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && !c.args.thread_ts,
      30_000,
    );
    const approval = approvalOf(approvalPost);

    // The real order will be held by the simulator; the approver presses Approve.
    const faultId = sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', latencyMs: HOLD_MS });
    const clicked = await deliver(
      url,
      signingSecret,
      payload({
        type: 'block_actions',
        team,
        user: userOf(APPROVER),
        api_app_id: 'A0FAKE',
        token: 'legacy-verification-token',
        container: { type: 'message', message_ts: '1.000', channel_id: CHANNEL, is_ephemeral: false },
        trigger_id: `trig.${randomUUID()}`,
        channel: { id: CHANNEL, name: 'ops' },
        message: { type: 'message', ts: '1.000', text: 'approval' },
        response_url: slack.responseUrl('approve-1'),
        actions: [
          {
            type: 'button',
            action_id: 'vps_signup_approve',
            block_id: 'vps_signup_actions',
            text: { type: 'plain_text', text: 'Approve' },
            value: approval.value,
            action_ts: '1.000',
          },
        ],
      }),
    );
    if (clicked.status !== 200) throw new Error(`Approve was answered ${clicked.status}`);
    // The simulator took the fault (and so holds the order) once it is no longer listed.
    const held = (): boolean =>
      !((sim.control.state().faults as { id: number }[]) ?? []).some((f) => f.id === faultId);
    const deadline = Date.now() + 30_000;
    while (!held()) {
      if (Date.now() > deadline) throw new Error('the order never reached the simulator');
      await sleep(5);
    }
    first.child.kill('SIGKILL');
    const how = await first.exited;
    const killedAt = performance.now();
    // The simulator finishes the held request (and charges) though nobody listens any more.
    await sleep(HOLD_MS + 500);
    const chargesAtKill = sim.control.charges().length;

    // Restart on the same data, at once, as `npm start`.
    const restartedAt = performance.now();
    const mark = slack.lastSeq;
    second = spawnBot(MAIN, env);
    await second.ready;
    const readyAt = performance.now();
    const checking = await slack
      .waitFor(
        (c) =>
          c.seq > mark &&
          c.method === 'chat.update' &&
          JSON.stringify(c.args).includes('checking what happened to this order'),
        120_000,
      )
      .then(() => performance.now())
      .catch(() => undefined);
    const told = await slack
      .waitFor(
        (c) =>
          c.seq > mark &&
          c.method === 'chat.postMessage' &&
          c.args.channel === CHANNEL &&
          typeof c.args.thread_ts === 'string' &&
          !c.error,
        120_000,
      )
      .catch(() => undefined);
    const toldAt = performance.now();
    await stopBot(second);

    const logger = createLogger({ level: 'silent' });
    const store = await openStore({ dataDir, logger });
    const [row] = await store.signups.listRecent({ limit: 1 });
    await store.close();
    const orders = sim.control
      .requests({ method: 'POST', path: '/v1/vps/servers' })
      .filter((r) => (r.body as { dry_run?: unknown } | null)?.dry_run !== true);
    const keys = new Set(orders.map((r) => r.idempotencyKey));
    const text = told ? JSON.stringify([told.args.text, told.args.blocks]) : '';

    emit('kill-order.killed-by-sigkill', how === 'SIGKILL' ? 1 : 0, 'processes', 1);
    emit('kill-order.charges-at-kill', chargesAtKill, 'charges', 1);
    emit('kill-order.charges', sim.control.charges().length, 'charges', 1);
    emit('kill-order.order-posts', orders.length, 'requests', null);
    emit('kill-order.idempotency-keys', keys.size, 'keys', 1);
    const secs = (from: number, to: number | undefined) =>
      to === undefined ? Number.NaN : Number(((to - from) / 1000).toFixed(2));
    emit('kill-order.thread-told', told ? 1 : 0, 'messages', 1);
    emit('kill-order.thread-told-active', /server is active/.test(text) ? 1 : 0, 'messages', 1);
    emit('kill-order.restart-to-checking', secs(restartedAt, checking), 's', ORPHAN_WINDOW_S);
    emit('kill-order.started-to-checking', secs(readyAt, checking), 's', ORPHAN_WINDOW_S);
    emit('kill-order.restart-to-told', secs(restartedAt, told ? toldAt : undefined), 's', ORPHAN_WINDOW_S);
    emit('kill-order.kill-to-told', secs(killedAt, told ? toldAt : undefined), 's', null);
    const settled = row?.state === 'active' || row?.state === 'submitted';
    emit('kill-order.order-settled', settled ? 1 : 0, `orders (state ${row?.state ?? 'none'})`, 1);
  } finally {
    await stopBot(first);
    if (second) await stopBot(second);
    await slack.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`kill-order benchmark failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
