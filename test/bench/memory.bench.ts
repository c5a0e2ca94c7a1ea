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
 * minute, not measured), then `node <the image's flags> .../src/main.js` with
 * the image's malloc settings, both read from the Dockerfile (see
 * imageRuntime), HTTP mode, SQLite, LOG_LEVEL info, the watcher and the sweep
 * running as in production; MEMORY_RUNTIME=tsx runs `src/main.ts` through tsx
 * instead (as `npm start` does; tsx's loader weighs tens of MB more). The
 * figures are the bot's own, not the simulator's or the fake Slack's, which
 * run here: a preloaded probe (support/memory-probe.mjs, --expose-gc) reports
 * its memory over IPC after `gc()`, with where the resident set lives (V8's
 * heap spaces, the malloc heap, other anonymous memory, the node binary).
 * Commands come CONCURRENCY at a time from USERS different people (operators,
 * so the mix includes memo changes announced in the channel): list, show,
 * power, me, help, logs, a filtered list, an unknown word, and a memo change.
 * Each command's reply is awaited before the thousand counts as done.
 *
 * Options: MEMORY_COMMANDS (default 10,000; the goal's run is 50,000),
 * MEMORY_BASELINE=0 leaves out the empty Bolt app, MEMORY_BUILD=0 reuses the
 * last build, MEMORY_RUNTIME=tsx, MEMORY_IMAGE_FLAGS=0, MEMORY_NODE_ARGS,
 * MEMORY_PROGRESS=1 prints each thousand's heap and RSS (and where the
 * resident set lives) as it goes, and
 * MEMORY_SNAPSHOTS=<dir> writes V8 heap snapshots of the bot there after the
 * thousands listed in MEMORY_SNAPSHOT_AT (default the 2nd and the last) to
 * diff what grows. Judged: the heap's least-squares slope from MEMORY_WARM
 * (default the 2nd thousand) to the end, goal under 0.02 MB per thousand
 * commands. The commands before it warm the bot: V8's JIT compiles more of
 * the bot's functions as they get hot for about the first ten thousand
 * commands of this mix (code space 3.3 MB at 2,000, 3.8 at 10,000, 4.1 to
 * 4.3 at 50,000), a cache bounded by the program's size, not by the
 * commands. The goal's run is MEMORY_COMMANDS=60000 MEMORY_WARM=10000: 50,000
 * commands judged after 10,000 of warming. The slopes from the 2nd thousand
 * and over the second half are printed too, with the code space's own.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimulator } from '../../src/simulator/index.ts';
import { startFakeSlack } from '../support/fake-slack.ts';
import { deliver, slashCommandBody } from '../support/slack-request.ts';
import { BUILT_MAIN, build } from './support/build.ts';
import { imageRuntime } from './support/image-runtime.ts';
import { freePort, MAIN, MEMORY_PROBE, spawnBot, stopBot } from './support/spawn-bot.ts';

const EMPTY_BOLT = 'test/bench/support/empty-bolt.mjs';

const TOTAL = Number(process.env.MEMORY_COMMANDS ?? 10_000);
const STEP = 1_000;
/** Where the judged trend starts: the commands before it warm the bot (its JIT above all). */
const WARM = Math.round(Number(process.env.MEMORY_WARM ?? 2 * STEP) / STEP) * STEP;
const CONCURRENCY = 10;
const USERS = 200;
const GOAL_MB = 120;
/** The heap's growth a thousand commands may add once warm, at most (MB). */
const HEAP_SLOPE_GOAL = 0.02;
const CHANNEL = 'C0OPS0001';
const useTsx = process.env.MEMORY_RUNTIME === 'tsx';

const MB = 1024 * 1024;
const r2 = (n: number) => Math.round(n * 100) / 100;

function emit(bench: string, value: number, unit: string, bound: number | null): void {
  const ratio = bound === null || bound === 0 ? null : r2(value / bound);
  // A trend's goal is a hundredth: its value to a thousandth.
  const shown = unit.startsWith('MB/1000') ? Math.round(value * 1000) / 1000 : r2(value);
  process.stdout.write(`${JSON.stringify({ bench, value: shown, unit, bound, ratio })}\n`);
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
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Resident bytes by kind of mapping (Linux), null elsewhere. */
  parts: Record<string, number> | null;
  /** The highest figures seen while the commands ran (sampled every 20 ms). */
  peaks: { rss: number; external: number; arrayBuffers: number };
  /** V8's heap spaces: bytes each holds from the system. */
  spaces: Record<string, number>;
  /** V8's heap spaces: bytes each holds in use. */
  used: Record<string, number>;
}

/** Where the resident set lives: the parts of 1 MB or more, largest first. */
function emitParts(when: string, m: Memory): void {
  emit(`memory.v8-heap-total-${when}`, m.heapTotal / MB, 'MB', null);
  emit(`memory.array-buffers-${when}`, m.arrayBuffers / MB, 'MB', null);
  for (const [space, bytes] of Object.entries(m.spaces)) {
    if (bytes >= MB) emit(`memory.v8-${space}-${when}`, bytes / MB, 'MB', null);
  }
  if (!m.parts) return;
  const big = Object.entries(m.parts)
    .filter(([, bytes]) => bytes >= MB)
    .sort((a, b) => b[1] - a[1]);
  for (const [kind, bytes] of big) emit(`memory.rss-part-${when}: ${kind}`, bytes / MB, 'MB', null);
}

interface Weighing {
  atStart: Memory;
  marks: { at: number; m: Memory }[];
  unanswered: number;
  seconds: number;
}

/**
 * Starts `entry` as its own process with the image's node flags and malloc
 * settings, sends it TOTAL signed commands CONCURRENCY at a time, and weighs
 * it after start and after every thousand.
 */
async function weigh(
  entry: string,
  tsx: boolean,
  image: { nodeArgs: string[]; env: Record<string, string> },
): Promise<Weighing> {
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
    entry,
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
      ...image.env,
      // glibc's malloc settings, to try others (MALLOC_ARENA_MAX=1 and the like).
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          (e): e is [string, string] => e[0].startsWith('MALLOC_') || e[0] === 'LD_PRELOAD',
        ),
      ),
    },
    {
      nodeArgs: [
        ...image.nodeArgs,
        // More flags to try, after the image's (a later one wins).
        ...(process.env.MEMORY_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--expose-gc',
        '--import',
        `./${MEMORY_PROBE}`,
      ],
      ipc: true,
      tsx,
    },
  );
  for (const u of users) slack.setUser(u, { locale: 'en-US', tz: 'Asia/Tokyo' });
  const url = `http://127.0.0.1:${port}/slack/events`;
  const snapshot = (file: string): Promise<void> =>
    new Promise((resolve) => {
      const on = (m: { type?: string }) => {
        if (m?.type !== 'snapshot') return;
        bot.child.off('message', on);
        resolve();
      };
      bot.child.on('message', on);
      bot.child.send({ type: 'snapshot', path: file });
    });
  const snapshotDir = process.env.MEMORY_SNAPSHOTS;
  const snapshotAt = new Set(
    (process.env.MEMORY_SNAPSHOT_AT ?? `${2 * STEP},${TOTAL}`).split(',').map(Number).filter(Boolean),
  );
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
    let sent = 0;
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
      if (snapshotDir && snapshotAt.has(sent) && entry !== EMPTY_BOLT) {
        mkdirSync(snapshotDir, { recursive: true });
        await snapshot(path.join(snapshotDir, `bot-${sent}.heapsnapshot`));
      }
      if (process.env.MEMORY_PROGRESS === '1') {
        const m = marks[marks.length - 1]!.m;
        process.stderr.write(
          `memory: ${sent} commands, heap ${(m.heapUsed / MB).toFixed(2)} MB of ${(m.heapTotal / MB).toFixed(2)}, rss ${(m.rss / MB).toFixed(1)} MB (${Object.entries(
            m.parts ?? {},
          )
            .filter(([, b]) => b >= MB)
            .map(([k, b]) => `${k} ${(b / MB).toFixed(1)}`)
            .join(', ')})\n`,
        );
      }
    }
    return { atStart, marks, unanswered, seconds: (performance.now() - started) / 1000 };
  } finally {
    await stopBot(bot);
    await slack.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // MEMORY_BUILD=0 weighs the build already in .tmp/bench-dist (repeated runs).
  if (!useTsx && process.env.MEMORY_BUILD !== '0') build();
  const image = imageRuntime(process.env.MEMORY_IMAGE_FLAGS !== '0');
  const ran = [
    useTsx ? 'src/main.ts through tsx' : 'compiled JavaScript (node dist/src/main.js)',
    `with ${[...image.nodeArgs, ...Object.entries(image.env).map(([k, v]) => `${k}=${v}`)].join(' ') || "node's defaults"}`,
    process.env.MEMORY_NODE_ARGS ? `and ${process.env.MEMORY_NODE_ARGS}` : '',
  ].join(' ');
  process.stderr.write(`memory: the bot runs as ${ran}\n`);
  if (image.missing) {
    process.stderr.write(
      `memory: the image preloads ${image.missing}, which this machine does not have (apt-get install libjemalloc2): weighed with glibc's malloc instead, which keeps more\n`,
    );
  }
  const { atStart, marks, unanswered, seconds } = await weigh(useTsx ? MAIN : BUILT_MAIN, useTsx, image);

  emit('memory.rss-after-start', atStart.rss / MB, 'MB', GOAL_MB);
  emit('memory.heap-after-start', atStart.heapUsed / MB, 'MB', null);
  emitParts('after-start', atStart);
  for (const { at, m } of marks) {
    emit(`memory.rss-after-${at}`, m.rss / MB, 'MB', GOAL_MB);
    emit(`memory.heap-after-${at}`, m.heapUsed / MB, 'MB', null);
    emit(`memory.external-after-${at}`, m.external / MB, 'MB', null);
    emit(`memory.peak-external-during-${at}`, m.peaks.external / MB, 'MB', null);
  }
  const last = marks[marks.length - 1]!.m;
  emit(`memory.rss-after-${TOTAL}-commands`, last.rss / MB, 'MB', GOAL_MB);
  emitParts(`after-${TOTAL}`, last);
  const at = (k: number) => marks.find((x) => x.at === k * STEP)?.m;
  const k2 = at(2);
  const k3 = at(3);
  if (k2 && k3) {
    emit('memory.rss-slope-2k-to-3k', (k3.rss - k2.rss) / MB, 'MB/1000 commands', null);
    emit('memory.heap-slope-2k-to-3k', (k3.heapUsed - k2.heapUsed) / MB, 'MB/1000 commands', null);
  }
  // The heap without V8's compiled code (code_space): what the JIT adds as more functions get
  // hot and optimized is bounded by the program, not by the commands.
  const objects = (m: Memory) =>
    m.heapUsed - (m.used.code_space ?? 0) - (m.used.code_large_object_space ?? 0);
  /** The slopes from the `from`-th thousand to the end; the heap's against the goal when `withGoal`. */
  const trends = (from: number, withGoal: boolean) => {
    const warm = marks.filter((x) => x.at >= from * STEP);
    if (warm.length < 3) return;
    const xs = warm.map((x) => x.at / STEP);
    const trend = (f: (m: Memory) => number) =>
      slope(
        xs,
        warm.map((x) => f(x.m) / MB),
      );
    const span = `${from}k-to-${TOTAL / STEP}k`;
    emit(
      `memory.rss-trend-${span}`,
      trend((m) => m.rss),
      'MB/1000 commands',
      null,
    );
    emit(
      `memory.heap-trend-${span}`,
      trend((m) => m.heapUsed),
      'MB/1000 commands',
      withGoal ? HEAP_SLOPE_GOAL : null,
    );
    emit(`memory.heap-without-code-trend-${span}`, trend(objects), 'MB/1000 commands', null);
    emit(
      `memory.code-space-trend-${span}`,
      trend((m) => m.used.code_space ?? 0),
      'MB/1000 commands',
      null,
    );
  };
  // Judged from WARM on (the JIT's warming before it, see the header); from the 2nd thousand too.
  trends(WARM / STEP, true);
  if (WARM !== 2 * STEP) trends(2, false);
  for (const { at, m } of marks)
    emit(`memory.code-space-after-${at}`, (m.used.code_space ?? 0) / MB, 'MB', null);
  // The second half alone: a bounded cache full by then, what still grows is a leak.
  const halfFrom = Math.ceil(TOTAL / STEP / 2);
  if (halfFrom !== WARM / STEP && halfFrom !== 2) trends(halfFrom, true);
  emit('memory.commands', TOTAL, 'commands', null);
  emit('memory.unanswered', unanswered, 'commands', 0);
  emit('memory.commands-per-second', TOTAL / seconds, 'commands/s', null);

  // The yardstick: an empty Bolt app (ack, answer through the response_url)
  // under the same load with the same flags. The bot's figure over it is what
  // the bot adds to Bolt and Node. MEMORY_BASELINE=0 leaves it out.
  if (process.env.MEMORY_BASELINE !== '0') {
    const empty = await weigh(EMPTY_BOLT, false, image);
    const emptyLast = empty.marks[empty.marks.length - 1]!.m;
    emit('memory.empty-bolt.rss-after-start', empty.atStart.rss / MB, 'MB', null);
    emit(`memory.empty-bolt.rss-after-${TOTAL}-commands`, emptyLast.rss / MB, 'MB', null);
    emit(`memory.bot-over-empty-bolt.rss-after-${TOTAL}-commands`, last.rss / MB, 'MB', emptyLast.rss / MB);
    emit('memory.empty-bolt.unanswered', empty.unanswered, 'commands', 0);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`memory benchmark failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
