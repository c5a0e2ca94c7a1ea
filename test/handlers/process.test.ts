/**
 * The real process (`npm start`'s src/main.ts) against input that must not end
 * it (issue 12): a signed delivery whose JSON body is `null`, or another shape
 * Bolt does not expect, is answered 400 and the bot keeps serving the next
 * command; a promise nobody handled is logged and the process lives on. And
 * `npm start` itself, stopped with SIGTERM as a supervisor stops it (issue 29):
 * the signal reaches the bot, which stops cleanly and frees its port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { deliver, sign, slashCommandBody } from '../support/slack-request.ts';

const root = new URL('../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A child process whose stdout lines can be awaited. */
function watch(child: ChildProcess) {
  let out = '';
  const waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  const scan = () => {
    for (const w of [...waiters]) {
      const line = out.split('\n').find((l) => w.re.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    scan();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
    scan();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    get text() {
      return out;
    },
    exited,
    line(re: RegExp): Promise<string> {
      return new Promise((resolve, reject) => {
        waiters.push({ re, resolve });
        scan();
        exited.then((code) => reject(new Error(`process exited (${code}) before ${re}:\n${out}`)));
      });
    },
  };
}

describe('the running process and deliveries Bolt does not expect', () => {
  let sim: Simulator;
  let slack: FakeSlack;
  let dir: string;
  let child: ChildProcess;
  let proc: ReturnType<typeof watch>;
  let url: string;
  const secret = randomBytes(16).toString('hex');

  beforeAll(async () => {
    sim = await startSimulator({});
    slack = await startFakeSlack();
    dir = await mkdtemp(join(tmpdir(), 'vps-chatops-process-'));
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(8).toString('hex')}`,
        SLACK_SIGNING_SECRET: secret,
        SLACK_API_URL: slack.apiUrl,
        PROVIDER_API_URL: sim.url,
        PROVIDER_API_KEY: sim.keys.full,
        DATA_DIR: dir,
        PORT: String(port),
        OPERATORS: 'U0OPERATOR',
        LOG_LEVEL: 'info',
      },
    });
    proc = watch(child);
    await proc.line(/vps-chatops started/);
    url = `http://127.0.0.1:${port}/slack/events`;
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await proc.exited;
    }
    await slack?.close();
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const signedJson = async (body: string) => {
    const ts = Math.floor(Date.now() / 1000);
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': sign(secret, ts, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
  };

  it('answers a signed `null` body 400, and the next command is still answered', async () => {
    expect((await signedJson('null')).status).toBe(400);
    const form = new URLSearchParams({ payload: 'null' }).toString();
    const ts = Math.floor(Date.now() / 1000);
    const r = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': sign(secret, ts, form),
      },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    expect(r.status).toBe(400);
    for (const odd of ['7', '"text"', '[]', '{"type":"event_callback","event":null}']) {
      expect((await signedJson(odd)).status).toBeGreaterThanOrEqual(200);
    }
    const ack = await deliver(
      url,
      secret,
      slashCommandBody({ text: 'help', responseUrl: slack.responseUrl('after') }),
    );
    expect(ack.status).toBe(200);
    expect(JSON.stringify((await slack.waitForResponse('after')).args)).toContain('/vps');
    expect(child.exitCode).toBeNull();
    expect(proc.text).not.toMatch(/unhandled promise rejection|uncaught exception/);
  });

  it('refuses a signed request timestamped ten minutes ahead', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 10 * 60;
    const r = await deliver(
      url,
      secret,
      slashCommandBody({ text: 'help', responseUrl: slack.responseUrl('ahead') }),
      {
        timestamp: ahead,
      },
    );
    expect(r.status).toBe(401);
  });
});

describe('the process guards', () => {
  it('log a promise nobody handled and keep the process running', async () => {
    const script = [
      "import { installProcessGuards } from './src/main.ts';",
      "import { createLogger } from './src/log.ts';",
      'installProcessGuards(createLogger());',
      "Promise.reject(new Error('nobody handles me'));",
      "setTimeout(() => { throw new Error('thrown from a timer'); }, 10);",
      "setTimeout(() => { console.log('still serving'); process.exit(0); }, 100);",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
    });
    const proc = watch(child);
    expect(await proc.exited).toBe(0);
    expect(proc.text).toContain('unhandled promise rejection; the bot keeps serving');
    expect(proc.text).toContain('nobody handles me');
    expect(proc.text).toContain('uncaught exception; the bot keeps serving');
    expect(proc.text).toContain('still serving');
  });
});

describe('npm start, stopped by a supervisor', () => {
  let sim: Simulator;
  let slack: FakeSlack;
  let dir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    sim = await startSimulator({});
    slack = await startFakeSlack();
    dir = await mkdtemp(join(tmpdir(), 'vps-chatops-npm-start-'));
  });
  afterEach(() => {
    // Its own process group: whatever is left of it (a node the signal never reached) goes too.
    if (child?.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // nothing left
    }
  });
  afterAll(async () => {
    await slack?.close();
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const portIsFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });

  it('ends on SIGTERM to npm: the bot stops cleanly (exit 0) and its port is free', async () => {
    const port = await freePort();
    child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        npm_config_update_notifier: 'false',
        SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(8).toString('hex')}`,
        SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
        SLACK_API_URL: slack.apiUrl,
        PROVIDER_API_URL: sim.url,
        PROVIDER_API_KEY: sim.keys.full,
        DATA_DIR: dir,
        PORT: String(port),
        LOG_LEVEL: 'info',
      },
    });
    const proc = watch(child);
    await proc.line(/vps-chatops started/);
    expect(await portIsFree(port)).toBe(false);
    // A supervisor signals the process it started, npm, and nothing else.
    child.kill('SIGTERM');
    // npm exits with its script's code: 0 once the bot's stop() has resolved.
    expect(await proc.exited).toBe(0);
    expect(proc.text).toContain('shutting down');
    expect(await portIsFree(port)).toBe(true);
  });
});
