import { describe, expect, it } from 'vitest';
import { createLogger, MemoryLogSink, SecretRegistry } from '../../src/log.ts';
import type { ProviderMetrics } from '../../src/provider/index.ts';
import { boltLogger } from '../../src/slack/bolt-logger.ts';
import { prometheusText } from '../../src/slack/metrics-text.ts';

describe('prometheusText', () => {
  it('renders requests, latency histogram and rate-limit gauges', () => {
    const m: ProviderMetrics = {
      requests: { 'GET /v1/vps/servers': { '200': 3, '429': 1 } },
      latency: {
        'GET /v1/vps/servers': {
          count: 4,
          sumMs: 100,
          maxMs: 50,
          buckets: [0, 1, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4],
        },
      },
      totalRequests: 4,
      rateLimited: 1,
      retries: 1,
      networkErrors: 0,
      coalesced: 7,
      inFlight: 0,
      queued: 3,
      queuedBy: { order: 0, write: 1, read: 2, background: 0 },
      daily: {
        limit: 10_000,
        used: 8_500,
        remaining: 1_500,
        resetsAt: 1_700_000_000_000,
        reserve: 1_000,
        level: 'low',
        backgroundHeldUntil: null,
      },
      rateLimit: {
        limit: 60,
        remaining: 55,
        reset: 1,
        concurrentLimit: 5,
        concurrentRemaining: 5,
        seenAt: 1,
      },
    };
    const text = prometheusText(m);
    expect(text).toContain('vps_provider_requests_total{endpoint="GET /v1/vps/servers",status="429"} 1');
    expect(text).toContain(
      'vps_provider_request_duration_ms_bucket{endpoint="GET /v1/vps/servers",le="+Inf"} 4',
    );
    expect(text).toContain('vps_provider_ratelimit_remaining 55');
    expect(text).toContain('vps_provider_queued_by_priority{priority="read"} 2');
    expect(text).toContain('vps_provider_coalesced_total 7');
    expect(text).toContain('vps_provider_daily_remaining 1500');
    expect(text).toContain('vps_provider_daily_level{level="low"} 1');
    expect(text).toContain('vps_provider_daily_level{level="ok"} 0');
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('boltLogger', () => {
  it('writes Bolt’s lines through pino, errors kept, secrets scrubbed', () => {
    const sink = new MemoryLogSink();
    const secrets = new SecretRegistry();
    secrets.add('xoxb-secret-token-value');
    const log = boltLogger(createLogger({ stream: sink, secrets, level: 'debug' }));
    log.warn('signature failed for', { token: 'xoxb-secret-token-value' });
    log.error(new Error('boom'));
    log.debug('dbg');
    const records = sink.records();
    expect(records[0]).toMatchObject({ level: 'warn', component: 'bolt' });
    expect(records[1]).toMatchObject({ level: 'error', msg: 'boom' });
    expect(sink.text).not.toContain('xoxb-secret-token-value');
    expect(log.getLevel()).toBe('debug');
  });
});
