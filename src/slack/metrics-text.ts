/**
 * Prometheus text exposition (version 0.0.4) of the provider client's counters:
 * requests by endpoint template and status, latency histograms, 429s, retries,
 * network errors, queue and the last rate-limit headers seen.
 */
import type { ProviderMetrics } from '../provider/index.ts';
import { LATENCY_BUCKETS_MS } from '../provider/index.ts';

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function prometheusText(m: ProviderMetrics): string {
  const out: string[] = [];
  const family = (name: string, type: 'counter' | 'gauge' | 'histogram', help: string) =>
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

  family('vps_provider_requests_total', 'counter', 'Provider requests by endpoint template and status.');
  for (const [endpoint, byStatus] of Object.entries(m.requests)) {
    for (const [status, n] of Object.entries(byStatus)) {
      out.push(`vps_provider_requests_total{endpoint="${esc(endpoint)}",status="${esc(status)}"} ${n}`);
    }
  }
  family('vps_provider_request_duration_ms', 'histogram', 'Provider request latency in milliseconds.');
  for (const [endpoint, l] of Object.entries(m.latency)) {
    const e = esc(endpoint);
    LATENCY_BUCKETS_MS.forEach((le, i) => {
      out.push(`vps_provider_request_duration_ms_bucket{endpoint="${e}",le="${le}"} ${l.buckets[i] ?? 0}`);
    });
    out.push(`vps_provider_request_duration_ms_bucket{endpoint="${e}",le="+Inf"} ${l.count}`);
    out.push(`vps_provider_request_duration_ms_sum{endpoint="${e}"} ${l.sumMs}`);
    out.push(`vps_provider_request_duration_ms_count{endpoint="${e}"} ${l.count}`);
  }
  const scalar = (name: string, type: 'counter' | 'gauge', help: string, v: number | null) => {
    if (v === null || !Number.isFinite(v)) return;
    family(name, type, help);
    out.push(`${name} ${v}`);
  };
  scalar('vps_provider_requests_all_total', 'counter', 'All provider requests.', m.totalRequests);
  scalar('vps_provider_rate_limited_total', 'counter', 'Answers with status 429.', m.rateLimited);
  scalar('vps_provider_retries_total', 'counter', 'Requests retried by the retry policy.', m.retries);
  scalar(
    'vps_provider_network_errors_total',
    'counter',
    'Requests without a complete answer.',
    m.networkErrors,
  );
  scalar('vps_provider_in_flight', 'gauge', 'Provider requests in flight.', m.inFlight);
  scalar('vps_provider_queued', 'gauge', 'Provider requests waiting for the rate-limit gate.', m.queued);
  const rl = m.rateLimit;
  scalar('vps_provider_ratelimit_limit', 'gauge', 'X-RateLimit-Limit last seen.', rl.limit);
  scalar('vps_provider_ratelimit_remaining', 'gauge', 'X-RateLimit-Remaining last seen.', rl.remaining);
  scalar('vps_provider_ratelimit_reset_seconds', 'gauge', 'X-RateLimit-Reset last seen (epoch s).', rl.reset);
  scalar(
    'vps_provider_concurrent_limit',
    'gauge',
    'X-RateLimit-Concurrent-Limit last seen.',
    rl.concurrentLimit,
  );
  scalar(
    'vps_provider_concurrent_remaining',
    'gauge',
    'X-RateLimit-Concurrent-Remaining last seen.',
    rl.concurrentRemaining,
  );
  return `${out.join('\n')}\n`;
}
