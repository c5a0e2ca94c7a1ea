/**
 * `npm run sandbox` as a person runs it, in a child process: a script piped
 * in is answered line by line and the process exits once the input ended and
 * the answers arrived; PROVIDER_API_URL / PROVIDER_API_KEY replace the
 * built-in simulator (and say so); `--slack` runs the Slack app of the
 * settings against the built-in simulator.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/simulator/index.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { deliver, slashCommandBody } from '../support/slack-request.ts';

const root = new URL('../../', import.meta.url).pathname;

interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves once stdout holds a match (an event on the child's output). */
  output(re: RegExp): Promise<RegExpExecArray>;
}

function run(cmd: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    for (const w of [...waiters]) w();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    output: (re) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(stdout);
          if (!m) return;
          waiters.splice(waiters.indexOf(check), 1);
          resolve(m);
        };
        waiters.push(check);
        child.on('exit', () => reject(new Error(`exited before ${re}:\n${stdout}\n${stderr}`)));
        check();
      }),
  };
}

const sandbox = (env: Record<string, string> = {}, args: string[] = []) =>
  run(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], env);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('npm run sandbox', () => {
  it('answers a piped script line by line and exits 0 when it ends, leaving no folder behind', async () => {
    const r = run('npm', ['run', '--silent', 'sandbox'], {});
    r.child.stdin.end('/vps list\n/vps show db-1\n');
    expect(await r.exited).toBe(0);
    const out = r.stdout();
    expect(out).toContain('provider: built-in simulator');
    // Each answer follows its line; between 09:00 and 12:00 Japan time the day's digest, posted
    // late at start-up, may come in between (lazy `[\s\S]*?` allows it, nothing else).
    expect(out).toMatch(
      /bob #ops › \/vps list\n(?:» vps-bot in #ops(?! · only visible)[\s\S]*?)?» vps-bot in #ops · only visible to you\n {2}12 servers/,
    );
    expect(out).toMatch(
      /bob #ops › \/vps show db-1\n(?:» vps-bot in #ops(?! · only visible)[\s\S]*?)?» vps-bot in #ops · only visible to you\n {2}== db-1 ==/,
    );
    expect(out.indexOf('== db-1 ==')).toBeGreaterThan(out.indexOf('12 servers'));
    const folder = /store (\S+)\/data/.exec(out)?.[1];
    expect(folder).toBeDefined();
    expect(existsSync(folder!)).toBe(false);
  });

  it('uses the provider PROVIDER_API_URL and PROVIDER_API_KEY name instead of its simulator, and says so', async () => {
    const provider = await startSimulator();
    cleanup.push(() => provider.close());
    const web1 = provider.control.servers().find((s) => s.name === 'web-1')!;
    provider.control.renameServer(web1.uuid, 'theirs-web-1');
    const r = sandbox({ PROVIDER_API_URL: provider.url, PROVIDER_API_KEY: provider.keys.full });
    r.child.stdin.end('/vps list\nsim power theirs-web-1 stopped\n');
    expect(await r.exited).toBe(0);
    const out = r.stdout();
    expect(out).toContain(
      `provider: ${provider.url} (from PROVIDER_API_URL / PROVIDER_API_KEY): a real provider;`,
    );
    expect(out).not.toContain('built-in simulator at');
    expect(out).toContain('theirs-web-1');
    expect(out).toContain(
      `sim commands drive the built-in simulator; this sandbox uses the provider at ${provider.url}`,
    );
    expect(provider.control.servers().find((s) => s.uuid === web1.uuid)?.power).toBe('running');
    expect(out + r.stderr()).not.toContain(provider.keys.full);
  });

  it('--slack runs the Slack app of the settings against the built-in simulator, with sim commands at its prompt', async () => {
    const slack: FakeSlack = await startFakeSlack();
    cleanup.push(() => slack.close());
    const port = await freePort();
    const signingSecret = 'sandbox-test-signing-secret';
    const botToken = 'xoxb-sandbox-test-0123456789';
    const r = sandbox(
      {
        SLACK_BOT_TOKEN: botToken,
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_API_URL: slack.apiUrl,
        PORT: String(port),
        OPERATORS: 'U0OPERATOR',
      },
      ['--slack'],
    );
    cleanup.push(async () => {
      if (r.child.exitCode === null) r.child.kill('SIGKILL');
    });
    await r.output(/Slack: HTTP mode on port (\d+)/);
    expect(r.stdout()).toContain('against the built-in simulator');
    const body = slashCommandBody({
      text: 'list',
      userId: 'U0OPERATOR',
      responseUrl: slack.responseUrl('list-1'),
    });
    const ack = await deliver(`http://127.0.0.1:${port}/slack/events`, signingSecret, body);
    expect(ack.status).toBe(200);
    const reply = await slack.waitForResponse('list-1');
    expect(JSON.stringify(reply.args)).toContain('web-1');
    r.child.stdin.write('sim power web-1 stopped\n');
    await r.output(/web-1: power running -> stopped/);
    r.child.stdin.end('quit\n');
    expect(await r.exited).toBe(0);
    expect(r.stdout() + r.stderr()).not.toContain(botToken);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
