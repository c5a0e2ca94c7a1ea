/**
 * The bot's memory under a long stream of commands: resident set size (RSS)
 * after start and after MEMORY_COMMANDS signed slash commands (default
 * 10,000), and after every thousand, each measured after a full garbage
 * collection. Goal: under 120 MB, and no growth trend once warm: the slope
 * between the 2nd and 3rd thousand, and the least-squares slope from the 2nd
 * thousand to the end, in MB per thousand commands (goal about 0).
 *
 * The bot is its own process, as the Docker image runs it: the TypeScript
 * compiled first (tsconfig.build.json into .tmp/bench-dist, about half a
 * minute, not measured), then `node --enable-source-maps .../src/main.js`,
 * HTTP mode, SQLite, LOG_LEVEL info, the watcher and the sweep running as in
 * production; MEMORY_RUNTIME=tsx runs `src/main.ts` through tsx instead (as
 * `npm start` does; tsx's loader weighs tens of MB more). The figures are the
 * bot's own, not the simulator's or the fake Slack's, which run here: a
 * preloaded probe (support/memory-probe.mjs, --expose-gc) reports its memory
 * over IPC after `gc()`.
 * Commands come CONCURRENCY at a time from USERS different people (operators,
 * so the mix includes memo changes announced in the channel): list, show,
 * power, me, help, logs, a filtered list, an unknown word, and a memo change.
 * Each command's reply is awaited before the thousand counts as done.
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimulator } from '../../src/simulator/index.ts';
import { startFakeSlack } from '../support/fake-slack.ts';
import { deliver, slashCommandBody } from '../support/slack-request.ts';
import { freePort, MAIN, MEMORY_PROBE, ROOT, spawnBot, stopBot } from './support/spawn-bot.ts';

const TOTAL = Number(process.env.MEMORY_COMMANDS ?? 10_000);
const STEP = 1_000;
const CONCURRENCY = 10;
const USERS = 200;
const GOAL_MB = 120;
const CHANNEL = 'C0OPS0001';
const BUILD_DIR = '.tmp/bench-dist';
const useTsx = process.env.MEMORY_RUNTIME === 'tsx';

/** Compiles the bot as the Docker image's build stage does, into BUILD_DIR. */
function build(): void {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', BUILD_DIR], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`the build failed (${r.status ?? r.signal})`);
}

const MB = 1024 * 1024;
const r2 = (n: number) => Math.round(n * 100) / 100;

function emit(bench: string, value: number, unit: string, bound: number | null): void {
  const ratio = bound === null || bound === 0 ? null : r2(value / bound);
  process.stdout.write(`${JSON.stringify({ bench, value: r2(value), unit, bound, ratio })}\n`);
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i += 1) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return num / den;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

async function main(): Promise<void> {
  if (!useTsx) build();
  const sim = await startSimulator({
    clock: 'real',
    rateLimit: { limit: 1_000_000, windowSeconds: 60, concurrent: 1_000, daily: 100_000_000 },
  });
  const slack = await startFakeSlack();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'memory-bench-'));
  const signingSecret = randomBytes(16).toString('hex');
  const port = await freePort();
  const users = Array.from({ length: USERS }, (_, i) => `U0MEM${String(i).padStart(4, '0')}`);
  const bot = spawnBot(
    useTsx ? MAIN : `${BUILD_DIR}/src/main.js`,
    {
      SLACK_BOT_TOKEN: `xoxb-bench-${randomBytes(8).toString('hex')}`,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.apiUrl,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATA_DIR: dataDir,
      PORT: String(port),
      OPERATORS: users.join(','),
      BOT_LOCALE: 'en',
      LOG_LEVEL: 'info',
    },
    {
      nodeArgs: ['--expose-gc', '--enable-source-maps', '--import', `./${MEMORY_PROBE}`],
      ipc: true,
      tsx: useTsx,
    },
  );
  for (const u of users) slack.setUser(u, { locale: 'en-US', tz: 'Asia/Tokyo' });
  const url = `http://127.0.0.1:${port}/slack/events`;
  const memory = (): Promise<Memory> =>
    new Promise((resolve) => {
      const on = (m: { type?: string } & Memory) => {
        if (m?.type !== 'memory') return;
        bot.child.off('message', on);
        resolve(m);
      };
      bot.child.on('message', on);
      bot.child.send({ type: 'memory' });
    });

  try {
    await bot.ready;
    const atStart = await memory();
    const names = sim.control.servers().map((s) => s.name);
    const texts = (i: number): string => {
      const server = names[i % names.length]!;
      const words = [
        'list',
        `show ${server}`,
        `power ${server}`,
        'me',
        'help',
        'logs',
        `list ${server.slice(0, 3)}`,
        'frobnicate',
        `memo ${server} bench note ${i}`,
        `show ${server}`,
      ];
      return words[i % words.length]!;
    };
    let sent = 0;
    let unanswered = 0;
    const one = async (i: number): Promise<void> => {
      const responseId = `mem-${i}`;
      const user = users[i % users.length]!;
      const ack = await deliver(
        url,
        signingSecret,
        slashCommandBody({
          text: texts(i),
          userId: user,
          channelId: CHANNEL,
          responseUrl: slack.responseUrl(responseId),
        }),
      );
      if (ack.status !== 200) throw new Error(`command ${i} was answered ${ack.status}`);
      // The reply: through the response_url, or (a memo change) announced in the channel.
      const mark = `bench note ${i}`;
      await slack
        .waitFor(
          (c) =>
            c.responseId === responseId ||
            (c.method === 'chat.postMessage' && JSON.stringify(c.args).includes(mark)),
          60_000,
        )
        .catch(() => {
          unanswered += 1;
        });
    };
    const marks: { at: number; m: Memory }[] = [];
    const started = performance.now();
    while (sent < TOTAL) {
      const end = Math.min(TOTAL, sent + STEP);
      let next = sent;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < end) {
            const i = next;
            next += 1;
            await one(i);
          }
        }),
      );
      sent = end;
      // What the fake Slack kept of this thousand is no part of the bot: let it go.
      slack.calls.length = 0;
      marks.push({ at: sent, m: await memory() });
    }
    const seconds = (performance.now() - started) / 1000;

    emit('memory.rss-after-start', atStart.rss / MB, 'MB', GOAL_MB);
    emit('memory.heap-after-start', atStart.heapUsed / MB, 'MB', null);
    for (const { at, m } of marks) {
      emit(`memory.rss-after-${at}`, m.rss / MB, 'MB', GOAL_MB);
      emit(`memory.heap-after-${at}`, m.heapUsed / MB, 'MB', null);
      emit(`memory.external-after-${at}`, m.external / MB, 'MB', null);
    }
    const last = marks[marks.length - 1]!.m;
    emit(`memory.rss-after-${TOTAL}-commands`, last.rss / MB, 'MB', GOAL_MB);
    const at = (k: number) => marks.find((x) => x.at === k * STEP)?.m;
    const k2 = at(2);
    const k3 = at(3);
    if (k2 && k3) {
      emit('memory.rss-slope-2k-to-3k', (k3.rss - k2.rss) / MB, 'MB/1000 commands', null);
      emit('memory.heap-slope-2k-to-3k', (k3.heapUsed - k2.heapUsed) / MB, 'MB/1000 commands', null);
    }
    const warm = marks.filter((x) => x.at >= 2 * STEP);
    if (warm.length >= 3) {
      const xs = warm.map((x) => x.at / STEP);
      emit(
        `memory.rss-trend-2k-to-${TOTAL / STEP}k`,
        slope(
          xs,
          warm.map((x) => x.m.rss / MB),
        ),
        'MB/1000 commands',
        null,
      );
      emit(
        `memory.heap-trend-2k-to-${TOTAL / STEP}k`,
        slope(
          xs,
          warm.map((x) => x.m.heapUsed / MB),
        ),
        'MB/1000 commands',
        null,
      );
    }
    process.stderr.write(
      `memory: the bot ran as ${useTsx ? 'src/main.ts through tsx' : 'compiled JavaScript (node dist/src/main.js)'}\n`,
    );
    emit('memory.commands', sent, 'commands', null);
    emit('memory.unanswered', unanswered, 'commands', 0);
    emit('memory.commands-per-second', sent / seconds, 'commands/s', null);
  } finally {
    await stopBot(bot);
    await slack.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`memory benchmark failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
