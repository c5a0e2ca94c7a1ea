/**
 * The proxy as compose.yaml deploys it: Debian's `caddy` runs the repository's
 * Caddyfile (the replicas' addresses given through its environment
 * placeholders) in front of two bots on one PostgreSQL. A stream of signed
 * slash commands goes to both; one bot is killed the hard way, and once the
 * proxy's health check found it down (within its second) the rest of the
 * stream is acknowledged (200, no 5xx) and answered, every command, by the
 * other. (Through the proxy compose ran before, about half of them got 502.)
 * Debian's caddy (2.6) cannot retry a request with a body, so a command sent
 * in the second before the check would get 502 there; compose's caddy 2.11
 * sends it to the other replica. The test installs nothing: `.ci/run`
 * installs caddy with apt-get before `npm test`, and without it this test
 * fails, saying so.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { type RunningBot, startBot } from '../../src/main.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { type Delivery, deliver, slashCommandBody } from '../support/slack-request.ts';

const root = new URL('../../', import.meta.url).pathname;
/** Commands in the stream, and how many are in flight at once. */
const STREAM = 60;
const AT_ONCE = 4;
/** Replica A is killed once this many commands of the stream were answered (by both). */
const KILL_AFTER = 12;

/** A person of their own per command: each replica reads their language once, which tells who served it. */
const userOf = (i: number) => `U0STREAM${String(i).padStart(3, '0')}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves with the first line of `stream` that `match` takes. */
function lineOf(stream: NodeJS.ReadableStream, match: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let rest = '';
    const onData = (chunk: Buffer) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      const found = lines.find(match);
      if (found === undefined) return;
      stream.off('data', onData);
      resolve(found);
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error('the process ended before the line came')));
  });
}

describe('two replicas behind the Caddyfile’s proxy', () => {
  let sim: Simulator | undefined;
  let slack: FakeSlack | undefined;
  let db: TestDatabase | undefined;
  let a: ChildProcess | undefined;
  let b: RunningBot | undefined;
  let proxy: ChildProcess | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    proxy?.kill('SIGKILL');
    a?.kill('SIGKILL');
    await b?.stop();
    await slack?.close();
    await sim?.close();
    await db?.drop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  const tmp = async (prefix: string) => {
    const d = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };

  it('answers every signed command of a stream, with no 5xx, while one replica is killed', async () => {
    const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
    if (caddy.status !== 0)
      throw new Error(
        'caddy is not installed: `apt-get install -y caddy` (.ci/run installs it before npm test)',
      );

    sim = await startSimulator({});
    slack = await startFakeSlack();
    db = await createTestDatabase('proxy');
    const signingSecret = randomBytes(16).toString('hex');
    // Each replica with a token of its own, so the fake Slack tells which one served a command
    // (it reads the person's language with users.info first).
    const tokenA = `xoxb-test-a-${randomBytes(6).toString('hex')}`;
    const tokenB = `xoxb-test-b-${randomBytes(6).toString('hex')}`;
    const env: Record<string, string> = {
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.apiUrl,
      PROVIDER_API_URL: sim.url,
      PROVIDER_API_KEY: sim.keys.full,
      DATABASE_URL: db.url,
      BOT_ENCRYPTION_KEY: 'd'.repeat(64),
    };

    // Replica A in a process of its own, to be killed the hard way; replica B in this one.
    a = spawn(process.execPath, ['--import', 'tsx', 'test/watch/fixtures/bot-process.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: await tmp('proxy-a-'),
        SLACK_BOT_TOKEN: tokenA,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = await lineOf(a.stdout!, (l) => l.startsWith('ready '));
    const portA = Number(ready.split(' ')[1]);
    b = await startBot(loadConfig({ ...env, SLACK_BOT_TOKEN: tokenB, DATA_DIR: await tmp('proxy-b-') }), {
      logger: createLogger({ level: 'warn', stream: new MemoryLogSink() }),
      port: 0,
      sweepMs: 0,
      watcher: false,
    });

    // The repository's Caddyfile, the replicas' addresses through its placeholders.
    const port = await freePort();
    const home = await tmp('proxy-caddy-');
    proxy = spawn('caddy', ['run', '--config', join(root, 'Caddyfile'), '--adapter', 'caddyfile'], {
      cwd: home,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
        CADDY_ADMIN: 'off',
        PROXY_PORT: String(port),
        BOT_A: `127.0.0.1:${portA}`,
        BOT_B: `127.0.0.1:${b.port}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const caddyLog: string[] = [];
    proxy.stderr!.on('data', (chunk: Buffer) => caddyLog.push(chunk.toString()));
    await lineOf(proxy.stderr!, (l) => l.includes('serving initial configuration'));
    const url = `http://127.0.0.1:${port}/slack/events`;

    // A stream: AT_ONCE senders, each command acknowledged (its HTTP status) and answered (its
    // response_url). A refused delivery is never answered: counted, not waited for.
    const acks: Delivery[] = [];
    let answered = 0;
    let next = 0;
    const send = (until: number) => async () => {
      while (next < until) {
        const i = next++;
        const responseId = `stream-${i}`;
        const body = slashCommandBody({
          text: 'help',
          userId: userOf(i),
          channelId: 'C0OPS0001',
          responseUrl: slack!.responseUrl(responseId),
        });
        acks[i] = await deliver(url, signingSecret, body);
        if (acks[i]!.status !== 200) continue;
        await slack!.waitForResponse(responseId);
        answered += 1;
      }
    };
    /** Which replica served command `i`: the token of its users.info call. */
    const servedBy = (i: number) =>
      slack!.calls.find((c) => c.method === 'users.info' && c.args.user === userOf(i))?.token;
    const served = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => servedBy(from + k));

    // Both replicas serve the first part of the stream.
    await Promise.all(Array.from({ length: AT_ONCE }, send(KILL_AFTER)));
    expect(new Set(served(0, KILL_AFTER))).toEqual(new Set([tokenA, tokenB]));

    // Replica A dies; once the proxy's health check found it down, the rest of the stream goes on.
    const seenDown = lineOf(
      proxy.stderr!,
      (l) => l.includes('health_checker') && l.includes(`127.0.0.1:${portA}`),
    );
    a.kill('SIGKILL');
    await once(a, 'exit');
    // Checked every second: a proxy that says nothing in 5 s checks nothing (and the stream shows it).
    let guard: NodeJS.Timeout | undefined;
    const noticed = await Promise.race([
      seenDown.then(() => true),
      new Promise<false>((resolve) => {
        guard = setTimeout(() => resolve(false), 5_000);
      }),
    ]);
    clearTimeout(guard);
    await Promise.all(Array.from({ length: AT_ONCE }, send(STREAM)));

    expect(acks.map((d) => d.status)).toEqual(Array.from({ length: STREAM }, () => 200));
    expect(noticed).toBe(true);
    expect(answered).toBe(STREAM);
    expect(new Set(served(KILL_AFTER, STREAM))).toEqual(new Set([tokenB]));
    expect(caddyLog.join('')).not.toMatch(/"status":\s*5\d\d/);
  }, 60_000);
});
