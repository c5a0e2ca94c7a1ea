/**
 * /healthz and /metrics with several provider accounts, through the real Bolt
 * app's routes: real provider clients talking HTTP to the simulator (one key
 * it answers, one it refuses), real key checks, the real store. A refused key
 * in one of two accounts is that account's trouble (degraded), not the bot's
 * (still ready, 200); the same refused key as the only account is not ready,
 * as before there were several.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BotMetrics } from '../../src/metrics/bot-metrics.ts';
import { ProviderClient } from '../../src/provider/index.ts';
import { type HealthAccount, type HealthReport, healthReport } from '../../src/services/health.ts';
import { createSlackApp, type SlackApp } from '../../src/slack/app.ts';
import { channelUiFor } from '../../src/slack/views/format.ts';
import { KeyHealth, keyFingerprint, ProviderKeyError } from '../../src/watch/key-health.ts';
import { CHANNEL, makeWorld, type World } from '../watch/support/world.ts';

let world: World | undefined;
let app: SlackApp | undefined;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await app?.stop();
  app = undefined;
  for (const c of cleanup.splice(0)) await c();
  await world?.close();
  world = undefined;
});

interface Account {
  name: string;
  apiKey: string;
  client: ProviderClient;
  keyHealth: KeyHealth;
}

/** An account of the world's simulator: its own client and key check; `apiKey` is one the simulator may not know. */
function account(w: World, name: string, apiKey: string): Account {
  const client =
    apiKey === w.sim.keys.full
      ? w.a.client
      : new ProviderClient({
          baseUrl: w.sim.url,
          apiKey,
          logger: w.logger,
          clock: w.time.clientClock,
          retry: { maxAttempts: 1 },
        });
  if (client !== w.a.client) cleanup.push(() => client.close());
  const keyHealth = new KeyHealth({
    provider: client,
    store: w.a.store,
    clock: w.time,
    timers: w.time,
    logger: w.logger,
    keyId: keyFingerprint(apiKey),
    baseUrl: w.sim.url,
    isLeader: () => true,
    notifyChannel: CHANNEL,
  });
  cleanup.push(() => keyHealth.stop());
  return { name, apiKey, client, keyHealth };
}

/** Each account's start-up check, as the bot makes it: a refused key is kept as that account's state. */
async function check(accounts: readonly Account[]): Promise<void> {
  for (const a of accounts)
    await a.keyHealth.startupCheck().catch((err: unknown) => {
      expect(err).toBeInstanceOf(ProviderKeyError);
    });
}

/** The real app's /healthz and /metrics for these accounts. */
async function serve(w: World, accounts: readonly Account[]): Promise<string> {
  const list = (): HealthAccount[] =>
    accounts.map((a) => ({ name: a.name, provider: a.client, status: a.keyHealth.status() }));
  const metrics = new BotMetrics({
    provider: () => accounts.map((a) => ({ account: a.name, metrics: a.client.metrics() })),
    background: () => ({
      accounts: accounts.map((a) => ({ account: a.name, providerKey: a.keyHealth.status() })),
    }),
    now: () => w.time.ms(),
  });
  app = createSlackApp({
    identity: { botId: 'BBOT0001', botUserId: 'UBOT0001', teamId: 'T0FAKE' },
    ui: channelUiFor('en'),
    slack: {
      botToken: 'xoxb-test-1',
      appToken: undefined,
      signingSecret: randomBytes(16).toString('hex'),
      apiUrl: 'http://127.0.0.1:9/api/',
      socketMode: false,
    },
    port: 0,
    logger: w.logger,
    health: () => healthReport(w.a.store, list(), w.time.now()),
    metrics,
  });
  const { port } = await app.start();
  return `http://127.0.0.1:${port}`;
}

async function health(base: string): Promise<{ status: number; body: HealthReport; text: string }> {
  const r = await fetch(`${base}/healthz`);
  const text = await r.text();
  return { status: r.status, body: JSON.parse(text) as HealthReport, text };
}

describe('/healthz and /metrics per provider account', () => {
  it('one of two accounts refused: that account says so, the bot stays ready (200) and degraded', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const refusedKey = randomBytes(24).toString('hex');
    const accounts = [account(w, 'main', w.sim.keys.full), account(w, 'shop-a', refusedKey)];
    await check(accounts);
    const base = await serve(w, accounts);

    const r = await health(base);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      store: 'ok',
      ready: true,
      degraded: true,
      accounts: [
        { name: 'main', ready: true, key: 'ok', error: null, provider: { requests: 1 } },
        { name: 'shop-a', ready: false, key: 'refused', provider: { requests: 1 } },
      ],
    });
    expect(r.body.accounts[1]?.error).toMatch(/^[A-Z_]+$/);
    // With several accounts, no single key stands for the bot at the top.
    expect(r.body).not.toHaveProperty('providerKey');
    expect(r.body).not.toHaveProperty('provider');
    // Names, never keys.
    for (const a of accounts) expect(r.text).not.toContain(a.apiKey);

    const m = await (await fetch(`${base}/metrics`)).text();
    expect(m).toMatch(/^vps_provider_key_ready\{account="main"\} 1$/m);
    expect(m).toMatch(/^vps_provider_key_ready\{account="shop-a"\} 0$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="shop-a",state="refused"\} 1$/m);
    expect(m).toMatch(/^vps_provider_key_state\{account="main",state="refused"\} 0$/m);
    // Each account's own client counted its own request: two series, one each.
    expect(m).toMatch(
      /^vps_provider_requests_total\{account="main",endpoint="GET \/v1\/me",status="200"\} 1$/m,
    );
    expect(m).toMatch(
      /^vps_provider_requests_total\{account="shop-a",endpoint="GET \/v1\/me",status="401"\} 1$/m,
    );
    expect(m).not.toMatch(
      /^vps_provider_requests_total\{account="main",endpoint="GET \/v1\/me",status="401"\}/m,
    );
    for (const a of accounts) {
      expect(m).not.toContain(a.apiKey);
      expect(m).not.toContain(keyFingerprint(a.apiKey));
    }
  });

  it('both accounts working: ready, not degraded', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const other = w.sim.control.createKey({ services: { vps: { permission_type: 'full' } } });
    const accounts = [account(w, 'main', w.sim.keys.full), account(w, 'shop-a', other)];
    await check(accounts);
    const r = await health(await serve(w, accounts));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ready: true,
      degraded: false,
      accounts: [
        { name: 'main', ready: true, key: 'ok' },
        { name: 'shop-a', ready: true, key: 'ok' },
      ],
    });
  });

  it('every account refused: not ready, still alive (200)', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const accounts = [
      account(w, 'main', randomBytes(24).toString('hex')),
      account(w, 'shop-a', randomBytes(24).toString('hex')),
    ];
    await check(accounts);
    const r = await health(await serve(w, accounts));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      ready: false,
      degraded: false,
      accounts: [
        { name: 'main', key: 'refused' },
        { name: 'shop-a', key: 'refused' },
      ],
    });
  });

  it('the only account refused: not ready, its key at the top as before there were several', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const accounts = [account(w, 'default', randomBytes(24).toString('hex'))];
    await check(accounts);
    const base = await serve(w, accounts);
    const r = await health(base);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      store: 'ok',
      ready: false,
      degraded: false,
      provider: { requests: 1 },
      providerKey: { state: 'refused' },
      accounts: [{ name: 'default', ready: false, key: 'refused' }],
    });
    const m = await (await fetch(`${base}/metrics`)).text();
    expect(m).toMatch(/^vps_provider_key_ready\{account="default"\} 0$/m);
  });
});
