/**
 * Fair use of one provider key: how long an operator's memo change takes
 * (signed command in, announcement in the channel out) on an idle bot, and
 * while viewers flood it with forty different reads under a limit of 30
 * requests a window. The real app, the simulator on real time answering every
 * request after 50 ms, 5 requests in flight at most; 10-second windows so that
 * a run takes a minute rather than ten.
 *
 * The gate hands the next place to the highest priority and leaves the end of
 * the window to changes, so the bar is "no more than one request's latency"
 * above idle: the flood figure is judged against idle + 50 ms, and the ratio
 * flood / idle is printed. Also printed: the flood's reads all answered (none
 * starved) and the 429s seen (goal 0).
 *
 * Run: npm run bench fairness
 */
import { performance } from 'node:perf_hooks';
import { type Harness, OPERATOR, startHarness } from '../support/app-harness.ts';

const LIMIT = 30;
const WINDOW_S = 10;
const CONCURRENT = 5;
const LATENCY_MS = 50;
const FLOOD = 40;
const ROUNDS = 5;
const VIEWERS = ['U0VIEWER1', 'U0VIEWER2', 'U0VIEWER3', 'U0VIEWER4'];

const round = (n: number) => Math.round(n * 10) / 10;

function emit(bench: string, value: number, unit: string, bound: number | null, ratio: number | null): void {
  process.stdout.write(
    `${JSON.stringify({
      bench: `fairness/${bench}`,
      value: round(value),
      unit,
      bound: bound === null ? null : round(bound),
      ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000,
    })}\n`,
  );
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Waits for the start of a window, so each round sees a whole one. */
async function windowStart(): Promise<void> {
  const ms = WINDOW_S * 1000;
  await new Promise((r) => setTimeout(r, ms - (Date.now() % ms) + 30));
}

let memo = 0;

/** One memo change: ms from the command to its announcement in the channel. */
async function change(h: Harness): Promise<number> {
  const since = h.slack.lastSeq;
  const t0 = performance.now();
  await h.command(`memo web-1 fair-${++memo}`, { user: OPERATOR });
  await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since, 120_000);
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const h = await startHarness({
    latencyMs: LATENCY_MS,
    rateLimit: { limit: LIMIT, windowSeconds: WINDOW_S, concurrent: CONCURRENT },
    logLevel: 'warn',
  });
  try {
    // Warm up: the key's scope, the first Slack lookups, the JIT.
    await (await h.command('me', { user: OPERATOR })).reply();
    await change(h);

    const idle: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      await windowStart();
      idle.push(await change(h));
    }

    const flood: number[] = [];
    let answered = 0;
    let code = 200;
    for (let i = 0; i < ROUNDS; i += 1) {
      await windowStart();
      const replies: Promise<unknown>[] = [];
      for (let k = 0; k < FLOOD; k += 1) {
        const c = await h.command(`logs code=${code++}`, { user: VIEWERS[k % VIEWERS.length]! });
        const id = c.responseId;
        replies.push(h.slack.waitFor((x) => x.method === 'response_url' && x.responseId === id, 120_000));
      }
      flood.push(await change(h));
      // The flood drains in the next window before the next round.
      answered += (await Promise.all(replies)).length;
    }

    const idleMs = median(idle);
    const floodMs = median(flood);
    emit('write-delay-idle-median', idleMs, 'ms', null, null);
    emit('write-delay-flood-median', floodMs, 'ms', idleMs + LATENCY_MS, floodMs / (idleMs + LATENCY_MS));
    emit('write-delay-flood-worst', Math.max(...flood), 'ms', idleMs + LATENCY_MS, null);
    emit('write-delay-flood-vs-idle', floodMs / idleMs, 'ratio', null, floodMs / idleMs);
    emit('flood-reads-answered', answered, 'count', FLOOD * ROUNDS, answered / (FLOOD * ROUNDS));
    emit('provider-429s', h.sim.control.rateLimited().total, 'count', 0, null);
  } finally {
    await h.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`fairness benchmark failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
