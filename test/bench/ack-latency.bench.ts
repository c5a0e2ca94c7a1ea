/**
 * Ack latency of /vps while the provider is slow, side by side with an empty
 * Bolt app (one `/vps` listener that only acks) in the same run. The simulator
 * answers every request after 2 s; Slack wants the ack within 3 s whatever the
 * provider does, so the ack must not wait for it.
 *
 * The bot and the empty app each run as a process of their own, as in
 * production: the bot is the compiled JavaScript the image runs (built first
 * as its build stage builds it, support/build.ts; ACK_BUILD=0 reuses the last
 * build, ACK_RUNTIME=tsx runs `src/main.ts` through tsx instead, whose loader
 * weighs on the heap and its collections), in HTTP mode, SQLite, the watcher
 * on, LOG_LEVEL info, READ_CACHE_SECONDS=0 so that every command asks the
 * provider; the empty app is support/empty-bolt.mjs; both with the node flags
 * and malloc settings of the Dockerfile (support/image-runtime.ts;
 * ACK_IMAGE_FLAGS=0 runs them with node's defaults, ACK_NODE_ARGS adds flags
 * to both after the image's, a later one winning, to weigh others). The simulator, the
 * fake Slack and the commands' sender run here, in the benchmark's process,
 * and serve both the same way. ACK_IN_PROCESS=1 runs the bot through the test
 * harness and the empty app in this process instead (the figures of earlier
 * versions of this benchmark: there the simulator's and fake Slack's work for
 * the bot's 200 provider requests shares the bot's thread, and the empty
 * app's none of it).
 *
 * Single commands: after 20 of warm-up, ACK_SINGLE_ROUNDS rounds (default 5)
 * of 200, one at a time, alternating between the two apps (which goes first
 * in a pair alternates too), the bot's replies awaited between rounds, and
 * then ACK_PAUSE_MS more (default 500): a record of the bot's collections
 * lined up with its acks (ACK_EACH's epoch start) showed the first ack of
 * every round but the first meeting the tail of the previous round's work
 * (what follows each answer: a young-generation collection every 3 to 7 ms
 * for some 40 ms after the last answer arrived), and with it 2 of the bot's
 * 4 slowest acks (35 and 26 ms). A single command is one sent to a bot with
 * nothing else to do; every step (singles and bursts) now starts so.
 * Judged: the bot's p99 over all rounds against the empty app's (goal: at or
 * below it, ratio <= 1); each round's ratio and their median are printed
 * too. One round's p99 is its second-slowest ack, which moves by 2x between
 * runs for both apps alike.
 *
 * The burst: 200 commands sent at once (all in flight together), to each app
 * in turn, ACK_ROUNDS times (default 4; which app goes first alternates, and
 * every reply of the bot's burst is awaited before the next burst, so its
 * provider work does not colour the empty app's figures). Judged: burst p50
 * and p99 against the empty app's (goal <= 1.2 each), the slowest ack against
 * Slack's 3 s and how many took longer (goal 0). Each round's ratios are
 * printed too, and the machine's load average before and after.
 *
 * ACK_EACH=1 also prints every ack as its own line (the singles with when
 * each was sent, from the epoch start it prints first).
 * ACK_BOT_NODE_ARGS adds node flags to the bot's process (`--cpu-prof
 * --cpu-prof-dir=<dir>` profiles it from start to stop), ACK_EMPTY_NODE_ARGS
 * to the empty app's.
 * ACK_PROFILE=<dir> writes a CPU profile of each burst of the in-process run
 * (`<dir>/burst-<round>.cpuprofile`, the empty app's `burst-empty-<round>`,
 * sampled every 100 µs) for Chrome DevTools.
 *
 * Run: npm run bench ack-latency
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import { startSimulator } from '../../src/simulator/index.ts';
import { commonCatalog } from '../../src/slack/i18n/common.ts';
import { startHarness } from '../support/app-harness.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { deliver, slashCommandBody } from '../support/slack-request.ts';
import { BUILT_MAIN, build } from './support/build.ts';
import { imageRuntime } from './support/image-runtime.ts';
import { freePort, MAIN, spawnBot, stopBot } from './support/spawn-bot.ts';

const TOTAL = 200;
const SINGLE_ROUNDS = Number(process.env.ACK_SINGLE_ROUNDS ?? 5);
const WARMUP = 20;
/** After a step's answers, how long both apps are left to finish their work before the next (ms). */
const PAUSE_MS = Number(process.env.ACK_PAUSE_MS ?? 500);
const PROVIDER_LATENCY_MS = 2000;
const BURST = 200;
const ROUNDS = Number(process.env.ACK_ROUNDS ?? 4);
const SLACK_ACK_MS = 3000;
const BURST_GOAL = 1.2;
const SINGLE_GOAL = 1;
const EMPTY_BOLT = 'test/bench/support/empty-bolt.mjs';
const inProcess = process.env.ACK_IN_PROCESS === '1';

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

const round = (n: number) => Math.round(n * 100) / 100;

function emit(bench: string, value: number, unit: string, bound: number | null, ratio?: number): void {
  const r = ratio ?? (bound === null || bound === 0 ? null : value / bound);
  const line = {
    bench: `ack-latency.${bench}`,
    value: round(value),
    unit,
    bound,
    ratio: r === null ? null : round(r),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** p50, p99 and the slowest of a set of acks. */
function summary(ms: number[]): { p50: number; p99: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? Number.NaN };
}

/** An app under test: where its deliveries go, how its replies are awaited, how it stops. */
interface Target {
  url: string;
  stop(): Promise<void>;
}

/**
 * CPU profile of what follows, when ACK_PROFILE names a directory (in-process
 * runs only: the profile is of this process).
 */
async function startProfile(): Promise<{ stop(name: string): Promise<void> }> {
  const dir = process.env.ACK_PROFILE;
  if (!dir || !inProcess) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

/** The empty Bolt app in this process (ACK_IN_PROCESS=1). */
async function emptyBoltHere(slackApiUrl: string, signingSecret: string): Promise<Target> {
  const receiver = new HTTPReceiver({ signingSecret, endpoints: '/slack/events', logLevel: LogLevel.ERROR });
  const app = new App({
    token: `xoxb-bench-${randomBytes(4).toString('hex')}`,
    receiver,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl },
  });
  app.command('/vps', async ({ ack }) => {
    await ack();
  });
  const server = (await app.start(0)) as Server;
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/slack/events`, stop: () => app.stop().then(() => undefined) };
}

interface Setup {
  app: Target;
  empty: Target;
  slack: FakeSlack;
  signingSecret: string;
  close(): Promise<void>;
}

/** The bot through the test harness, the empty app beside it, all in this process. */
async function inThisProcess(): Promise<Setup> {
  const h = await startHarness({
    latencyMs: PROVIDER_LATENCY_MS,
    rateLimit: { limit: 1_000_000, windowSeconds: 60, concurrent: 10_000 },
    logLevel: 'warn',
  });
  const emptySlack = await startFakeSlack();
  const empty = await emptyBoltHere(emptySlack.apiUrl, h.signingSecret);
  return {
    app: { url: h.url, stop: async () => undefined },
    empty,
    slack: h.slack,
    signingSecret: h.signingSecret,
    async close() {
      await empty.stop();
      await emptySlack.close();
      await h.close();
    },
  };
}

/** The bot and the empty app as processes of their own; the simulator and Slack here. */
async function asProcesses(): Promise<Setup> {
  const sim = await startSimulator({
    clock: 'real',
    latencyMs: PROVIDER_LATENCY_MS,
    rateLimit: { limit: 1_000_000, windowSeconds: 60, concurrent: 10_000, daily: 100_000_000 },
  });
  const slack = await startFakeSlack();
  const signingSecret = randomBytes(16).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'ack-bench-'));
  const common = {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.apiUrl,
    LOG_LEVEL: 'info',
  };
  // Both apps run as the image runs node (its flags and jemalloc), the bot compiled as in the image.
  const image = imageRuntime(process.env.ACK_IMAGE_FLAGS !== '0');
  const nodeArgs = [...image.nodeArgs, ...(process.env.ACK_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const useTsx = process.env.ACK_RUNTIME === 'tsx';
  if (!useTsx && process.env.ACK_BUILD !== '0') build();
  process.stderr.write(
    `ack-latency: the bot runs as ${useTsx ? 'src/main.ts through tsx' : 'compiled JavaScript'}, both apps with ${
      [...nodeArgs, ...Object.entries(image.env).map(([k, v]) => `${k}=${v}`)].join(' ') || "node's defaults"
    }\n`,
  );
  if (image.missing)
    process.stderr.write(
      `ack-latency: the image preloads ${image.missing}, which this machine does not have: glibc's malloc instead\n`,
    );
  const botPort = await freePort();
  const bot = spawnBot(
    useTsx ? MAIN : BUILT_MAIN,
    {
      ...common,
      SLACK_BOT_TOKEN: `xoxb-bench-${randomBytes(8).toString('hex')}`,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATA_DIR: dataDir,
      PORT: String(botPort),
      BOT_LOCALE: 'en',
      READ_CACHE_SECONDS: '0',
      ...image.env,
    },
    {
      nodeArgs: [...nodeArgs, ...(process.env.ACK_BOT_NODE_ARGS ?? '').split(' ').filter(Boolean)],
      tsx: useTsx,
    },
  );
  const emptyPort = await freePort();
  const emptyApp = spawnBot(
    EMPTY_BOLT,
    {
      ...common,
      SLACK_BOT_TOKEN: `xoxb-bench-${randomBytes(8).toString('hex')}`,
      PORT: String(emptyPort),
      EMPTY_BOLT_ACK_ONLY: '1',
      ...image.env,
    },
    {
      tsx: false,
      nodeArgs: [...nodeArgs, ...(process.env.ACK_EMPTY_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    },
  );
  try {
    await Promise.all([bot.ready, emptyApp.ready]);
  } catch (err) {
    await Promise.all([stopBot(bot), stopBot(emptyApp)]);
    throw err;
  }
  const stop = async () => {
    await Promise.all([stopBot(bot), stopBot(emptyApp)]);
    await slack.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    app: { url: `http://127.0.0.1:${botPort}/slack/events`, stop: async () => undefined },
    empty: { url: `http://127.0.0.1:${emptyPort}/slack/events`, stop: async () => undefined },
    slack,
    signingSecret,
    close: stop,
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const s = await (inProcess ? inThisProcess() : asProcesses());
  process.stderr.write(
    `ack-latency: ${inProcess ? 'the bot and the empty app in this process' : 'the bot and the empty app as processes of their own'}\n`,
  );
  const texts = ['list', 'show web-1', 'power db-1', 'me', 'logs', 'list web', 'help'];
  const users = Array.from({ length: 7 }, (_, i) => `U0BENCH${String(i).padStart(2, '0')}`);
  for (const u of users) s.slack.setUser(u, { locale: 'en-US', tz: 'Asia/Tokyo' });
  let n = 0;
  const command = async (url: string, i: number): Promise<{ ms: number; id: string }> => {
    const id = `bench-${++n}`;
    const r = await deliver(
      url,
      s.signingSecret,
      slashCommandBody({
        text: texts[i % texts.length]!,
        userId: users[i % users.length]!,
        responseUrl: s.slack.responseUrl(id),
      }),
    );
    if (r.status !== 200) throw new Error(`ack answered ${r.status}`);
    return { ms: r.ms, id };
  };
  /** `count` commands at once; resolves with every ack's time once all are acked. */
  const send = (url: string, count: number, from: number) =>
    Promise.all(Array.from({ length: count }, (_, k) => command(url, from + k)));
  /**
   * Every command's answer (after the provider's 2 s), before the next step: the answer itself,
   * not the "Reading from the provider…" line the bot shows after 1 s, so that no step's acks
   * meet the rendering and posting of an earlier step's answers.
   */
  const progress = commonCatalog.en['command.progress'];
  const replies = async (sent: { id: string }[], { pause = true } = {}) => {
    for (const c of sent)
      await s.slack.waitFor(
        (x) => x.responseId === c.id && !JSON.stringify(x.args).includes(progress),
        600_000,
      );
    s.slack.calls.length = 0;
    // What follows each answer (its audit row, its log lines, the collections) is done before the next step.
    if (pause) await new Promise<void>((r) => setTimeout(r, PAUSE_MS));
  };

  try {
    // Warm both apps (JIT, first users.info) before measuring.
    for (let i = 0; i < WARMUP; i += 1) {
      await send(s.empty.url, 1, i);
      // One warm-up command after another; the pause only before the first measured step.
      await replies(await send(s.app.url, 1, i), { pause: i === WARMUP - 1 });
    }
    const single = { app: [] as number[], empty: [] as number[] };
    const singleAt = { app: [] as number[], empty: [] as number[] };
    const singleRounds: { app: number[]; empty: number[] }[] = [];
    const t0 = performance.now();
    for (let r = 0; r < SINGLE_ROUNDS; r += 1) {
      const one = { app: [] as number[], empty: [] as number[] };
      const sentThisRound: { id: string }[] = [];
      const measure = async (who: 'app' | 'empty', i: number) => {
        singleAt[who].push(performance.now() - t0);
        const sent = await send(who === 'app' ? s.app.url : s.empty.url, 1, r * TOTAL + i);
        one[who].push(...sent.map((c) => c.ms));
        if (who === 'app') sentThisRound.push(...sent);
      };
      // Alternating, and which app goes first alternating too: both apps see the same machine
      // (and the same moments of this process, which sends, times and serves both) in turn.
      for (let i = 0; i < TOTAL; i += 1) {
        const [first, second] = (i + r) % 2 === 0 ? (['empty', 'app'] as const) : (['app', 'empty'] as const);
        await measure(first, i);
        await measure(second, i);
      }
      // The bot's replies (its provider work, 2 s on) before the next round, as between bursts.
      await replies(sentThisRound);
      singleRounds.push(one);
      single.app.push(...one.app);
      single.empty.push(...one.empty);
    }

    const burst = { app: [] as number[], empty: [] as number[] };
    const rounds: { app: number[]; empty: number[] }[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const one = { app: [] as number[], empty: [] as number[] };
      const emptyBurst = async () => {
        const prof = await startProfile();
        one.empty = (await send(s.empty.url, BURST, 10_000 + r * BURST)).map((c) => c.ms);
        await prof.stop(`burst-empty-${r}`);
      };
      const appBurst = async () => {
        const prof = await startProfile();
        const sent = await send(s.app.url, BURST, 10_000 + r * BURST);
        await prof.stop(`burst-${r}`);
        one.app = sent.map((c) => c.ms);
        await replies(sent);
      };
      if (r % 2 === 0) {
        await emptyBurst();
        await appBurst();
      } else {
        await appBurst();
        await emptyBurst();
      }
      rounds.push(one);
      burst.app.push(...one.app);
      burst.empty.push(...one.empty);
    }

    if (process.env.ACK_EACH === '1') {
      // The singles' `at` are ms from this instant (epoch ms), to line them up with another process's record.
      process.stdout.write(
        `${JSON.stringify({ bench: 'ack-latency.single.start-epoch', value: round(performance.timeOrigin + t0), unit: 'ms', bound: null, ratio: null })}\n`,
      );
      for (const who of ['app', 'empty'] as const) {
        for (const [i, ms] of single[who].entries())
          process.stdout.write(
            `${JSON.stringify({ bench: `ack-latency.single.${who === 'app' ? '' : 'empty-bolt.'}ack-${i + 1}`, value: round(ms), unit: 'ms', at: round(singleAt[who][i]!) })}\n`,
          );
      }
      for (const [who, acks] of [
        ['', burst.app],
        ['empty-bolt.', burst.empty],
      ] as const) {
        for (const [i, ms] of acks.entries())
          emit(`burst${BURST}.${who}ack-${i + 1}`, ms, 'ms', SLACK_ACK_MS);
      }
    }
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((x, y) => x - y),
        50,
      );
    // The singles' p99 over every round (SINGLE_ROUNDS x TOTAL acks each): with 200 acks the p99
    // is the second slowest, which a collection in this process or a wake-up of the machine moves
    // by 2x from run to run, for both apps alike.
    const sa = summary(single.app);
    const se = summary(single.empty);
    emit('p50', sa.p50, 'ms', null);
    emit('p99', sa.p99, 'ms', null);
    emit('max', sa.max, 'ms', null);
    emit('empty-bolt-p50', se.p50, 'ms', null);
    emit('empty-bolt-p99', se.p99, 'ms', null);
    emit('empty-bolt-max', se.max, 'ms', null);
    emit('p50-vs-empty-bolt', sa.p50 / se.p50, 'ratio', null, sa.p50 / se.p50);
    emit('p99-vs-empty-bolt', sa.p99 / se.p99, 'ratio', SINGLE_GOAL);
    const singleP99 = [] as number[];
    for (const [i, one] of singleRounds.entries()) {
      const ratio = summary(one.app).p99 / summary(one.empty).p99;
      singleP99.push(ratio);
      emit(`single.round-${i + 1}.p99-vs-empty-bolt`, ratio, 'ratio', SINGLE_GOAL);
    }
    emit('single.median-round.p99-vs-empty-bolt', median(singleP99), 'ratio', SINGLE_GOAL);

    const b = `burst${BURST}`;
    const perRound = { p50: [] as number[], p99: [] as number[] };
    for (const [i, one] of rounds.entries()) {
      const a = summary(one.app);
      const e = summary(one.empty);
      perRound.p50.push(a.p50 / e.p50);
      perRound.p99.push(a.p99 / e.p99);
      emit(`${b}.round-${i + 1}.p50-vs-empty-bolt`, a.p50 / e.p50, 'ratio', BURST_GOAL);
      emit(`${b}.round-${i + 1}.p99-vs-empty-bolt`, a.p99 / e.p99, 'ratio', BURST_GOAL);
    }
    // Each round's two bursts ran seconds apart, under the same load: the median of the rounds'
    // ratios is the figure least moved by what else the machine does.
    emit(`${b}.median-round.p50-vs-empty-bolt`, median(perRound.p50), 'ratio', BURST_GOAL);
    emit(`${b}.median-round.p99-vs-empty-bolt`, median(perRound.p99), 'ratio', BURST_GOAL);
    const ba = summary(burst.app);
    const be = summary(burst.empty);
    emit(`${b}.acks`, burst.app.length, 'acks', null);
    emit(`${b}.p50`, ba.p50, 'ms', null);
    emit(`${b}.p99`, ba.p99, 'ms', null);
    emit(`${b}.slowest`, ba.max, 'ms', SLACK_ACK_MS);
    emit(`${b}.over-3s`, burst.app.filter((ms) => ms > SLACK_ACK_MS).length, 'acks', 0, 0);
    emit(`${b}.empty-bolt-p50`, be.p50, 'ms', null);
    emit(`${b}.empty-bolt-p99`, be.p99, 'ms', null);
    emit(`${b}.empty-bolt-slowest`, be.max, 'ms', null);
    emit(`${b}.p50-vs-empty-bolt`, ba.p50 / be.p50, 'ratio', BURST_GOAL);
    emit(`${b}.p99-vs-empty-bolt`, ba.p99 / be.p99, 'ratio', BURST_GOAL);
    emit('load-average-1min-before', loadBefore, 'load', null);
    emit('load-average-1min-after', loadavg()[0]!, 'load', null);
  } finally {
    await s.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`ack-latency benchmark failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
