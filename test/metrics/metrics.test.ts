/**
 * /metrics through prom-client: the default process metrics, the provider's
 * requests and latency (a histogram in seconds mirrored from the client's
 * buckets), rate-limit headroom, the watcher's read lag and detection delay,
 * the outbox's backlog, Slack Web API errors by method counted at the
 * WebClient's fetch, and the audit trail's actions by outcome.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webApi } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { BotMetrics } from '../../src/metrics/bot-metrics.ts';
import type { ProviderMetrics } from '../../src/provider/index.ts';
import type { WatcherStats } from '../../src/watch/watcher-stats.ts';
import type { NotifierStats } from '../../src/workers/notifier/notifier-types.ts';

const NOW = Date.parse('2026-03-02T03:00:00Z');

const provider: ProviderMetrics = {
  requests: { 'GET /v1/vps/servers': { '200': 3, '429': 1 } },
  latency: {
    'GET /v1/vps/servers': { count: 4, sumMs: 100, maxMs: 50, buckets: [0, 1, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4] },
  },
  totalRequests: 4,
  rateLimited: 1,
  retries: 1,
  networkErrors: 0,
  inFlight: 0,
  queued: 2,
  coalesced: 7,
  queuedBy: { order: 0, write: 1, read: 1, background: 0 },
  daily: {
    limit: 10_000,
    used: 8_500,
    remaining: 1_500,
    resetsAt: 1_772_463_600_000,
    reserve: 1_000,
    level: 'low',
    backgroundHeldUntil: null,
  },
  rateLimit: {
    limit: 60,
    remaining: 15,
    reset: 1_772_420_460,
    concurrentLimit: 5,
    concurrentRemaining: 5,
    seenAt: 1,
  },
} as ProviderMetrics;

const watcher = {
  requests: 10,
  rateLimited: 0,
  failures: 1,
  transitions: 2,
  lists: 1,
  lastListAt: NOW - 5_000,
  leader: true,
  budget: { rate: 0.5, dailyHeldUntil: undefined },
  oldestReadAt: NOW - 42_000,
  detection: { boundsSeconds: [1, 5, 30], counts: [0, 1, 2], sumSeconds: 9, count: 2 },
} as unknown as WatcherStats;

function metrics(extra: Partial<ConstructorParameters<typeof BotMetrics>[0]> = {}) {
  return new BotMetrics({
    provider: () => [{ account: 'default', metrics: provider }],
    background: () => ({ accounts: [{ account: 'default', watcher }] }),
    outbox: async () => ({ depth: 7, parked: 3, oldestCreatedAt: new Date(NOW - 90_000) }),
    now: () => NOW,
    ...extra,
  });
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('BotMetrics', () => {
  it('exposes process metrics and the bot’s figures with Prometheus names and units', async () => {
    const m = metrics();
    m.recordAction('signup.execute', 'ok');
    m.recordAction('signup.approve', 'refused');
    m.recordAction('signup.approve', 'refused');
    const text = await m.text();
    expect(m.contentType).toContain('text/plain');
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
    expect(text).toContain(
      'vps_provider_requests_total{account="default",endpoint="GET /v1/vps/servers",status="429"} 1',
    );
    expect(text).toContain('# TYPE vps_provider_request_duration_seconds histogram');
    expect(text).toContain(
      'vps_provider_request_duration_seconds_bucket{account="default",endpoint="GET /v1/vps/servers",le="0.01"} 1',
    );
    expect(text).toContain(
      'vps_provider_request_duration_seconds_bucket{account="default",endpoint="GET /v1/vps/servers",le="+Inf"} 4',
    );
    expect(text).toContain(
      'vps_provider_request_duration_seconds_sum{account="default",endpoint="GET /v1/vps/servers"} 0.1',
    );
    expect(text).toMatch(/^vps_provider_rate_limited_total\{account="default"\} 1$/m);
    expect(text).toMatch(/^vps_provider_ratelimit_headroom_ratio\{account="default"\} 0\.25$/m);
    expect(text).toMatch(/^vps_provider_queued\{account="default"\} 2$/m);
    expect(text).toContain('vps_provider_queued_by_priority{account="default",priority="read"} 1');
    expect(text).toMatch(/^vps_provider_coalesced_total\{account="default"\} 7$/m);
    expect(text).toMatch(/^vps_provider_daily_remaining\{account="default"\} 1500$/m);
    expect(text).toContain('vps_provider_daily_level{account="default",level="low"} 1');
    expect(text).toContain('vps_provider_daily_level{account="default",level="ok"} 0');
    expect(text).toMatch(/^vps_watcher_leader\{account="default"\} 1$/m);
    expect(text).toMatch(/^vps_watcher_rate_per_second\{account="default"\} 0\.5$/m);
    expect(text).toMatch(/^vps_watcher_daily_held\{account="default"\} 0$/m);
    expect(text).toMatch(/^vps_watcher_read_lag_seconds\{account="default"\} 42$/m);
    expect(text).toMatch(/^vps_watcher_last_list_timestamp_seconds\{account="default"\} 1772420395$/m);
    expect(text).toContain('vps_watcher_detection_delay_seconds_bucket{account="default",le="5"} 1');
    expect(text).toMatch(/^vps_watcher_detection_delay_seconds_count\{account="default"\} 2$/m);
    expect(text).toMatch(/^vps_outbox_depth 7$/m);
    expect(text).toMatch(/^vps_outbox_parked 3$/m);
    expect(text).toMatch(/^vps_outbox_oldest_age_seconds 90$/m);
    expect(text).toContain('vps_actions_total{action="signup.approve",outcome="refused"} 2');
    expect(text).toContain('vps_actions_total{action="signup.execute",outcome="ok"} 1');
    // Counters end in _total; nothing in milliseconds.
    for (const line of text.split('\n').filter((l) => l.startsWith('# TYPE vps_'))) {
      const [, , name, type] = line.split(' ');
      if (type === 'counter') expect(name).toMatch(/_total$/);
      expect(name).not.toMatch(/_ms$/);
    }
  });

  it('leaves out what is not known yet rather than inventing a zero', async () => {
    const text = await metrics({
      background: () => ({ accounts: [{ account: 'default' }] }),
      outbox: undefined,
    }).text();
    expect(text).not.toMatch(/^vps_watcher_leader[{ ]/m);
    expect(text).not.toMatch(/^vps_outbox_depth /m);
    expect(text).not.toMatch(/^vps_provider_key_ready[{ ]/m);
  });

  it('gives each provider account its own series, labelled with the account’s name', async () => {
    const shop: ProviderMetrics = {
      ...provider,
      requests: { 'GET /v1/vps/servers': { '200': 9 } },
      rateLimited: 0,
      queued: 0,
      queuedBy: { order: 0, write: 0, read: 0, background: 0 },
      daily: { ...provider.daily, used: 100, remaining: 9_900, level: 'ok' },
    };
    const checkedAt = new Date(NOW - 60_000);
    const text = await metrics({
      provider: () => [
        { account: 'main', metrics: provider },
        { account: 'shop-a', metrics: shop },
      ],
      background: () => ({
        accounts: [
          {
            account: 'main',
            watcher,
            providerKey: { state: 'ok', checkedAt, expiresAt: new Date(NOW + 86_400_000), error: null },
          },
          {
            account: 'shop-a',
            watcher: {
              ...watcher,
              transitions: 5,
              keyUse: {
                reads: 2,
                pages: 3,
                own: 40,
                expected: 1,
                foreign: 2,
                denied: 0,
                unreadable: 0,
                early: 0,
                judgedThrough: NOW - 71_000,
              },
            },
            notifier: { posted: 4 } as NotifierStats,
            providerKey: { state: 'refused', checkedAt, expiresAt: null, error: 'UNAUTHORIZED' },
          },
        ],
      }),
    }).text();
    const series = (name: string) =>
      text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
    // Two series where there was one, each account's own figures.
    expect(series('vps_provider_requests_total')).toEqual([
      'vps_provider_requests_total{account="main",endpoint="GET /v1/vps/servers",status="200"} 3',
      'vps_provider_requests_total{account="main",endpoint="GET /v1/vps/servers",status="429"} 1',
      'vps_provider_requests_total{account="shop-a",endpoint="GET /v1/vps/servers",status="200"} 9',
    ]);
    expect(series('vps_provider_rate_limited_total')).toEqual([
      'vps_provider_rate_limited_total{account="main"} 1',
      'vps_provider_rate_limited_total{account="shop-a"} 0',
    ]);
    expect(series('vps_provider_daily_remaining')).toEqual([
      'vps_provider_daily_remaining{account="main"} 1500',
      'vps_provider_daily_remaining{account="shop-a"} 9900',
    ]);
    expect(text).toContain('vps_provider_daily_level{account="shop-a",level="ok"} 1');
    expect(text).toContain(
      'vps_provider_request_duration_seconds_count{account="shop-a",endpoint="GET /v1/vps/servers"} 4',
    );
    expect(series('vps_watcher_transitions_total')).toEqual([
      'vps_watcher_transitions_total{account="main"} 2',
      'vps_watcher_transitions_total{account="shop-a"} 5',
    ]);
    expect(series('vps_watcher_detection_delay_seconds_count')).toEqual([
      'vps_watcher_detection_delay_seconds_count{account="main"} 2',
      'vps_watcher_detection_delay_seconds_count{account="shop-a"} 2',
    ]);
    // The key-use watch is read for the account whose key's log it judges.
    expect(series('vps_key_log_requests_total')).toEqual([
      'vps_key_log_requests_total{account="shop-a",origin="own"} 40',
      'vps_key_log_requests_total{account="shop-a",origin="expected"} 1',
      'vps_key_log_requests_total{account="shop-a",origin="foreign"} 2',
    ]);
    expect(series('vps_key_log_lag_seconds')).toEqual(['vps_key_log_lag_seconds{account="shop-a"} 71']);
    // Only the account whose notifier runs here has its figures; the other's are left out, not zero.
    expect(series('vps_notifier_messages_total')).toEqual([
      'vps_notifier_messages_total{account="shop-a"} 4',
    ]);
    // One account's key refused, the other's working: each says its own.
    expect(series('vps_provider_key_ready')).toEqual([
      'vps_provider_key_ready{account="main"} 1',
      'vps_provider_key_ready{account="shop-a"} 0',
    ]);
    expect(text).toContain('vps_provider_key_state{account="shop-a",state="refused"} 1');
    expect(text).toContain('vps_provider_key_state{account="main",state="ok"} 1');
    expect(series('vps_provider_key_expiry_timestamp_seconds')).toEqual([
      `vps_provider_key_expiry_timestamp_seconds{account="main"} ${(NOW + 86_400_000) / 1000}`,
    ]);
    // Every series of the provider, watcher, notifier and key carries the account; the outbox is shared.
    for (const line of text.split('\n').filter((l) => /^vps_(provider|watcher|notifier|key)_/.test(l)))
      expect(line).toMatch(/\{account="(main|shop-a)"/);
    expect(text).toMatch(/^vps_outbox_depth 7$/m);
  });

  it('counts Slack Web API failures by method at the WebClient’s fetch, and lets every answer through', async () => {
    let calls = 0;
    server = createServer((req, res) => {
      calls += 1;
      const method = req.url?.replace('/api/', '') ?? '';
      if (method === 'chat.update') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end('{"ok":false,"error":"ratelimited"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(method === 'chat.postMessage' ? '{"ok":false,"error":"not_in_channel"}' : '{"ok":true}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    const m = metrics();
    const client = new webApi.WebClient('xoxb-test', {
      slackApiUrl: url,
      fetch: m.slackFetch(),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logLevel: webApi.LogLevel.ERROR,
    });
    await expect(client.chat.postMessage({ channel: 'C1', text: 'x' })).rejects.toMatchObject({
      data: { error: 'not_in_channel' },
    });
    await expect(client.chat.update({ channel: 'C1', ts: '1.2', text: 'x' })).rejects.toThrow();
    await expect(client.auth.test()).resolves.toMatchObject({ ok: true });
    const down = new webApi.WebClient('xoxb-test', {
      slackApiUrl: 'http://127.0.0.1:9/api/',
      fetch: m.slackFetch(),
      retryConfig: { retries: 0 },
      logLevel: webApi.LogLevel.ERROR,
    });
    await expect(down.users.info({ user: 'U1' })).rejects.toThrow();
    const text = await m.text();
    expect(text).toContain('vps_slack_api_errors_total{method="chat.postMessage",error="not_in_channel"} 1');
    expect(text).toContain('vps_slack_api_errors_total{method="chat.update",error="ratelimited"} 1');
    expect(text).toContain('vps_slack_api_errors_total{method="users.info",error="network"} 1');
    expect(text).not.toContain('method="auth.test"');
    expect(calls).toBe(3);
  });

  it('reads each source once per scrape, afresh at the next', async () => {
    const reads = { provider: 0, background: 0, outbox: 0 };
    const m = metrics({
      provider: () => {
        reads.provider += 1;
        return [{ account: 'default', metrics: provider }];
      },
      background: () => {
        reads.background += 1;
        return { accounts: [{ account: 'default', watcher }] };
      },
      outbox: async () => {
        reads.outbox += 1;
        return { depth: reads.outbox, parked: 0, oldestCreatedAt: null };
      },
    });
    expect(await m.text()).toContain('vps_outbox_depth 1');
    expect(reads).toEqual({ provider: 1, background: 1, outbox: 1 });
    expect(await m.text()).toContain('vps_outbox_depth 2');
    expect(reads).toEqual({ provider: 2, background: 2, outbox: 2 });
  });

  it('hands every body on whole, once read: a response_url’s plain “ok” and a Web API answer', async () => {
    server = createServer((req, res) => {
      if (req.url === '/respond') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('ok');
        return;
      }
      if (req.url === '/expired') {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('expired_url');
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'x-oauth-scopes': 'chat:write',
      });
      res.end('{"ok":true,"channel":"C1","ts":"1.2"}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const f = metrics().slackFetch();
    const respond = await f(`${base}/respond`, { method: 'POST', body: '{"text":"x"}' });
    expect(respond).toMatchObject({ ok: true, status: 200 });
    expect(await respond.text()).toBe('ok');
    const expired = await f(`${base}/expired`, { method: 'POST', body: '{"text":"x"}' });
    expect(expired).toMatchObject({ ok: false, status: 404 });
    expect(await expired.text()).toBe('expired_url');
    const api = await f(`${base}/api/chat.postMessage`, { method: 'POST', body: '{}' });
    expect(api.headers.get('x-oauth-scopes')).toBe('chat:write');
    expect(await api.json()).toEqual({ ok: true, channel: 'C1', ts: '1.2' });
  });
});
