import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { startSimulator } from '../../src/simulator/index.ts';
import { createSlackApp } from '../../src/slack/app.ts';
import { checkAppToken, fetchBotIdentity, SlackStartupError } from '../../src/slack/identity.ts';
import { channelUiFor } from '../../src/slack/views/format.ts';
import { startFakeSlack } from '../support/fake-slack.ts';

const root = new URL('../../', import.meta.url).pathname;

function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe('npm start (src/main.ts)', () => {
  it('prints one line per configuration problem and exits 1', async () => {
    const r = await runMain({ PORT: 'eighty', SLACK_BOT_TOKEN: 'xoxp-wrong' });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toContain('PORT: expected a whole number from 1 to 65535');
    expect(lines.some((l) => l.startsWith('SLACK_BOT_TOKEN:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('PROVIDER_API_KEY:'))).toBe(true);
    expect(r.stderr).not.toContain('xoxp-wrong');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints the policy file’s problems and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vps-chatops-main-'));
    try {
      const policy = join(dir, 'policy.yml');
      await writeFile(policy, 'roles:\n  operator: [nobody]\n');
      const r = await runMain({
        SLACK_BOT_TOKEN: 'xoxb-1234567890',
        SLACK_SIGNING_SECRET: 'abcdefgh12345678',
        PROVIDER_API_KEY: 'xs_test_key_123',
        DATA_DIR: dir,
        POLICY_FILE: policy,
      });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `policy file ${policy}, line 2: "nobody" under operator is not a Slack user id (U… or W…) or user-group id (S…)`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('createSlackApp', () => {
  const base = {
    identity: { botId: 'BBOT0001', botUserId: 'UBOT0001', teamId: 'T0FAKE' },
    ui: channelUiFor('en'),
    port: 0,
    logger: createLogger({ stream: new MemoryLogSink() }),
    health: async () => ({ ok: true, store: 'ok' as const, ready: true, degraded: false, accounts: [] }),
    metrics: { text: async () => '', contentType: 'text/plain' },
  };

  it('builds a Socket Mode app when an app-level token is set', () => {
    const s = createSlackApp({
      ...base,
      slack: {
        botToken: 'xoxb-1',
        appToken: 'xapp-1',
        signingSecret: undefined,
        apiUrl: 'http://127.0.0.1:9/api/',
        socketMode: true,
      },
    });
    expect(s.mode).toBe('socket');
  });

  it('refuses HTTP mode without a signing secret', () => {
    expect(() =>
      createSlackApp({
        ...base,
        slack: {
          botToken: 'xoxb-1',
          appToken: undefined,
          signingSecret: undefined,
          apiUrl: undefined,
          socketMode: false,
        },
      }),
    ).toThrow(/SLACK_SIGNING_SECRET/);
  });
});

describe('the Slack check at start-up', () => {
  it('reads the bot ids from auth.test', async () => {
    const slack = await startFakeSlack();
    try {
      expect(await fetchBotIdentity({ botToken: 'xoxb-test-1', apiUrl: slack.apiUrl })).toMatchObject({
        botId: 'BBOT0001',
        botUserId: 'UBOT0001',
        teamId: 'T0FAKE',
      });
      expect(slack.calls.filter((c) => c.method === 'auth.test')).toHaveLength(1);
    } finally {
      await slack.close();
    }
  });

  it('reads the Enterprise Grid organisation from auth.test when there is one, and none otherwise', async () => {
    const grid = await startFakeSlack({ enterpriseId: 'E0GRID001' });
    const plain = await startFakeSlack();
    try {
      const inGrid = await fetchBotIdentity({ botToken: 'xoxb-test-1', apiUrl: grid.apiUrl });
      expect(inGrid).toMatchObject({ teamId: 'T0FAKE', enterpriseId: 'E0GRID001' });
      const outside = await fetchBotIdentity({ botToken: 'xoxb-test-1', apiUrl: plain.apiUrl });
      expect(outside.enterpriseId).toBeUndefined();
    } finally {
      await grid.close();
      await plain.close();
    }
  });

  it('says in one line that Slack refused the token, without the token', async () => {
    const slack = await startFakeSlack();
    try {
      slack.fail('auth.test', { error: 'invalid_auth' });
      const err = await fetchBotIdentity({ botToken: 'xoxb-secret-token-1', apiUrl: slack.apiUrl }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SlackStartupError);
      expect((err as Error).message).toBe(
        'SLACK_BOT_TOKEN was refused by Slack (invalid_auth): copy the Bot User OAuth Token again',
      );
    } finally {
      await slack.close();
    }
  });

  it('says in one line that Slack refused the app-level token, or that it is not one, without the token', async () => {
    const slack = await startFakeSlack();
    try {
      slack.fail('apps.connections.open', { error: 'invalid_auth' });
      const refused = await checkAppToken({ appToken: 'xapp-secret-token-1', apiUrl: slack.apiUrl }).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(SlackStartupError);
      expect((refused as Error).message).toBe(
        'SLACK_APP_TOKEN was refused by Slack (invalid_auth): create an app-level token with the connections:write scope (Basic Information, App-Level Tokens) and set it again',
      );
      slack.fail('apps.connections.open', { error: 'not_allowed_token_type' });
      const wrong = await checkAppToken({ appToken: 'xapp-secret-token-1', apiUrl: slack.apiUrl }).catch(
        (e: unknown) => e,
      );
      expect((wrong as Error).message).toMatch(/^SLACK_APP_TOKEN is not an app-level token/);
      await expect(checkAppToken({ appToken: 'xapp-good-1', apiUrl: slack.apiUrl })).resolves.toBeUndefined();
      const opened = slack.callsOf('apps.connections.open');
      expect(opened.map((c) => c.token)).toEqual([
        'xapp-secret-token-1',
        'xapp-secret-token-1',
        'xapp-good-1',
      ]);
      expect(String(refused)).not.toContain('xapp-secret');
    } finally {
      await slack.close();
    }
  });

  it('npm start exits 1 with one line when Slack refuses the app-level token in Socket Mode', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vps-chatops-main-'));
    const slack = await startFakeSlack();
    try {
      slack.fail('apps.connections.open', { error: 'invalid_auth', times: 10 });
      const r = await runMain({
        SLACK_BOT_TOKEN: 'xoxb-1234567890-secret',
        SLACK_APP_TOKEN: 'xapp-1-secret-app-token',
        SLACK_API_URL: slack.apiUrl,
        PROVIDER_API_KEY: 'xs_test_key_123',
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
      });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^SLACK_APP_TOKEN was refused by Slack \(invalid_auth\)/),
      ]);
      expect(r.stderr).not.toContain('secret');
    } finally {
      await slack.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('npm start exits 1 with one line when Slack cannot be reached, naming the cause', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vps-chatops-main-'));
    // A port nobody listens on: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    try {
      const r = await runMain({
        SLACK_BOT_TOKEN: 'xoxb-1234567890-secret',
        SLACK_SIGNING_SECRET: 'abcdefgh12345678',
        SLACK_API_URL: `http://127.0.0.1:${port}/api/`,
        PROVIDER_API_KEY: 'xs_test_key_123',
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
      });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        `cannot reach the Slack Web API at http://127.0.0.1:${port}/api/: connection refused (ECONNREFUSED)`,
      ]);
      expect(r.stderr).not.toContain('xoxb-1234567890-secret');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the provider key check at start-up', () => {
  it('npm start exits 1 with one line when the provider refuses the key (401)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vps-chatops-main-'));
    const sim = await startSimulator({});
    const slack = await startFakeSlack();
    try {
      const r = await runMain({
        SLACK_BOT_TOKEN: 'xoxb-1234567890-secret',
        SLACK_SIGNING_SECRET: 'abcdefgh12345678',
        SLACK_API_URL: slack.apiUrl,
        PROVIDER_API_URL: sim.url,
        PROVIDER_API_KEY: sim.keys.expired,
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
      });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        `PROVIDER_API_KEY was refused by the provider at ${sim.url} (401 UNAUTHORIZED): the key is wrong, revoked or expired; issue a new key in the provider's panel and set PROVIDER_API_KEY`,
      ]);
      expect(`${r.stderr}${r.stdout}`).not.toContain(sim.keys.expired);
    } finally {
      await slack.close();
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
