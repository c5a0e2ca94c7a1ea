/**
 * The provider key's health through the real app (startBot): a refused key
 * stops start-up; a 403 or an unreachable provider starts the bot and shows
 * in /healthz (`ready`, `providerKey`) and /metrics; `/vps me` says the days
 * left; a key already near its expiry is told to the notify channel at start.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger, MemoryLogSink, SecretRegistry } from '../../src/log.ts';
import { startBot } from '../../src/main.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { ProviderKeyError } from '../../src/watch/key-health.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { caught } from '../support/caught.ts';
import { startFakeSlack } from '../support/fake-slack.ts';

const DAY = 86_400_000;
const NOTIFY = 'C0NOTIFY01';

interface Health {
  ok: boolean;
  store: string;
  ready: boolean;
  providerKey: { state: string; expiresAt: string | null; daysLeft: number | null; error: string | null };
}

async function health(h: Harness): Promise<{ status: number; body: Health }> {
  const r = await fetch(`http://127.0.0.1:${h.bot.port}/healthz`);
  return { status: r.status, body: (await r.json()) as Health };
}

async function metrics(h: Harness): Promise<string> {
  return (await fetch(`http://127.0.0.1:${h.bot.port}/metrics`)).text();
}

/** A VPS key that expires `ms` from now on the simulator's clock. */
const expiringIn = (ms: number) => (sim: Simulator) =>
  sim.control.createKey({
    services: { vps: { permission_type: 'full' } },
    expires_at: new Date(sim.control.clock.now().getTime() + ms),
  });

describe('the provider key at start-up and in /healthz and /metrics', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a working key: ready, its state and expiry reported', async () => {
    h = await startHarness({ keyOf: expiringIn(30 * DAY + 3_600_000) });
    const r = await health(h);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      store: 'ok',
      ready: true,
      degraded: false,
      providerKey: { state: 'ok', daysLeft: 30, error: null },
      // The one account, by its name, with the same key state.
      accounts: [{ name: 'default', ready: true, key: 'ok', daysLeft: 30, error: null }],
    });
    expect(r.body.providerKey.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Asked once at start-up, on the background lane.
    expect(h.sim.control.requests({ path: '/v1/me' })).toHaveLength(1);
    const m = await metrics(h);
    expect(m).toMatch(/^vps_provider_key_ready\{account="default"\} 1$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="default",state="ok"\} 1$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="default",state="forbidden"\} 0$/m);
    expect(m).toMatch(/^vps_provider_key_expiry_timestamp_seconds\{account="default"\} \d+$/m);
  });

  it('403: the bot starts and says it is not ready, in /healthz and /metrics', async () => {
    h = await startHarness({ key: 'ipRestricted' });
    const r = await health(h);
    // Alive (the store answers): the same 200 as before; readiness is its own field.
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      store: 'ok',
      ready: false,
      // Its only account's key does not work: not ready, rather than degraded.
      degraded: false,
      providerKey: { state: 'forbidden', error: 'FORBIDDEN' },
      accounts: [{ name: 'default', ready: false, key: 'forbidden', error: 'FORBIDDEN' }],
    });
    const m = await metrics(h);
    expect(m).toMatch(/^vps_provider_key_ready\{account="default"\} 0$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="default",state="forbidden"\} 1$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="default",state="ok"\} 0$/m);
  });

  it('an unreachable provider: the bot starts, answers people, and says it is not ready', async () => {
    h = await startHarness({ env: { PROVIDER_API_URL: 'http://127.0.0.1:1' } });
    const r = await health(h);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, ready: false, providerKey: { state: 'unreachable' } });
    expect(r.body.providerKey.error).toMatch(/^network_/);
    expect(await metrics(h)).toMatch(/^vps_provider_key_state\{account="default",state="unreachable"\} 1$/m);
    const list = await (await h.command('list')).reply();
    expect(messageText(list)).toContain('could not be reached');
  });

  it('a refused key (401) stops start-up with one line saying what to do, and nothing is left running', async () => {
    const sim = await startSimulator({});
    const slack = await startFakeSlack();
    const dataDir = await mkdtemp(join(tmpdir(), 'vps-chatops-key-'));
    const logs = new MemoryLogSink();
    const secrets = new SecretRegistry();
    secrets.add(sim.keys.expired);
    try {
      const config = loadConfig({
        SLACK_BOT_TOKEN: `xoxb-test-${randomBytes(6).toString('hex')}`,
        SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
        SLACK_API_URL: slack.apiUrl,
        PROVIDER_API_URL: sim.url,
        PROVIDER_API_KEY: sim.keys.expired,
        DATA_DIR: dataDir,
      });
      const err = await caught(
        startBot(config, { logger: createLogger({ stream: logs, secrets }), secrets, port: 0, sweepMs: 0 }),
      );
      expect(err).toBeInstanceOf(ProviderKeyError);
      const line = (err as Error).message;
      expect(line.split('\n')).toHaveLength(1);
      expect(line).toContain(`PROVIDER_API_KEY was refused by the provider at ${sim.url} (401 UNAUTHORIZED)`);
      expect(line).toContain("issue a new key in the provider's panel and set PROVIDER_API_KEY");
      expect(`${line}\n${logs.text}`).not.toContain(sim.keys.expired);
      expect(sim.control.requests({ path: '/v1/me' })).toHaveLength(1);
    } finally {
      await slack.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an expired key the provider still answers, through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is one state everywhere: an alarm in the notify channel, not ready in /healthz and /metrics, expired in /vps me', async () => {
    h = await startHarness({
      // The fault: expires_at three hours ago, and the provider still answers the key.
      keyOf: (sim) => {
        const key = sim.control.createKey({ services: { vps: { permission_type: 'full' } } });
        sim.control.setKeyExpiry(key, new Date(sim.control.clock.now().getTime() - 3 * 3_600_000), {
          enforced: false,
        });
        return key;
      },
      watcher: true,
      env: { NOTIFY_CHANNEL: NOTIFY, ONCALL_MENTION: '<!subteam^S0ONCALL>' },
    });
    const told = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' && c.args.channel === NOTIFY && messageText(c).includes('API key'),
      10_000,
    );
    // The key-expired alarm: on-call mentioned, "I'm on it" offered, what to do said.
    expect(messageText(told)).toMatch(
      /^:rotating_light: <!subteam\^S0ONCALL> The provider API key expired <!date\^/,
    );
    expect(messageText(told)).toContain('The provider still answers it for now');
    expect(JSON.stringify(told.args.blocks)).toContain('watch_incident_claim');
    const r = await health(h);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, ready: false, providerKey: { state: 'expired', daysLeft: 0 } });
    const m = await metrics(h);
    expect(m).toMatch(/^vps_provider_key_ready\{account="default"\} 0$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="default",state="expired"\} 1$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="default",state="ok"\} 0$/m);
    const me = messageText(await (await h.command('me', { user: OPERATOR })).reply());
    expect(me).toContain('The key expired at');
    // And the bot still works meanwhile.
    expect(messageText(await (await h.command('list')).reply())).toContain('12 servers');
    const keyPosts = h.slack.calls.filter(
      (c) =>
        c.method === 'chat.postMessage' && c.args.channel === NOTIFY && messageText(c).includes('API key'),
    );
    expect(keyPosts).toHaveLength(1);
    expect(keyPosts.map(messageText).join('\n')).not.toMatch(/expires in|less than an hour|within a day/);
  });
});

describe('/vps me: the expiry and the days left', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('shows the days left', async () => {
    h = await startHarness({ keyOf: expiringIn(40 * DAY + 3_600_000) });
    const text = messageText(await (await h.command('me', { user: OPERATOR })).reply());
    expect(text).toMatch(/Key expires: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC \(40 days left\)/);
  });

  it('within 14 days, as a warning with what to do, in the reader’s language', async () => {
    h = await startHarness({ keyOf: expiringIn(2 * DAY + 3_600_000) });
    const en = messageText(await (await h.command('me', { user: OPERATOR })).reply());
    expect(en).toMatch(
      /:warning: Key expires: .*, in 2 days\. Before then, ask the account owner for a new key/,
    );
    h.slack.setUser('U0JAPAN01', { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const ja = messageText(await (await h.command('me', { user: 'U0JAPAN01' })).reply());
    expect(ja).toMatch(
      /:warning: キーの有効期限: \d{4}\/\d\d\/\d\d \d\d:\d\d Asia\/Tokyo（あと2日）。期限までに/,
    );
  });
});

describe('a key near its expiry, told to the notify channel', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('at start-up, once, by the notifier', async () => {
    h = await startHarness({
      keyOf: expiringIn(2 * DAY),
      watcher: true,
      env: { NOTIFY_CHANNEL: NOTIFY },
    });
    const told = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' && c.args.channel === NOTIFY && messageText(c).includes('API key'),
      10_000,
    );
    expect(messageText(told)).toContain('The provider API key expires in 2 days');
    expect(messageText(told)).not.toContain(h.apiKey);
    const stored = await h.bot.store.outbox.get(1);
    expect(stored?.dedupeKey).toMatch(/^provider-key:[0-9a-f]{16}:.*:3d$/);
    expect(stored?.dedupeKey).not.toContain(h.apiKey);
  });
});
