/** The provider client's figures: requests, latency, the rate-limit gate, the day's budget and the headers last seen. */
import { type DailyLevel, LATENCY_BUCKETS_MS, PRIORITIES, type ProviderMetrics } from '../provider/index.ts';
import { oncePerScrape, type ScrapedMetrics, seconds } from './scraped-metrics.ts';

const DAILY_LEVELS: readonly DailyLevel[] = ['ok', 'low', 'exhausted'];

export function registerProviderFigures(metrics: ScrapedMetrics, read: () => ProviderMetrics): void {
  const m = oncePerScrape(read);
  metrics.total(
    'vps_provider_requests_total',
    'Provider requests by endpoint template and status (network: no answer).',
    () =>
      Object.entries(m().requests).flatMap(([endpoint, byStatus]) =>
        Object.entries(byStatus).map(([status, n]) => [{ endpoint, status }, n] as const),
      ),
  );
  metrics.mirroredHistogram(
    'vps_provider_request_duration_seconds',
    'Provider request latency by endpoint template.',
    () =>
      Object.entries(m().latency).map(([endpoint, l]) => ({
        labels: { endpoint },
        bounds: LATENCY_BUCKETS_MS.map((ms) => ms / 1000),
        counts: l.buckets,
        sum: l.sumMs / 1000,
        count: l.count,
      })),
  );
  metrics.total('vps_provider_rate_limited_total', 'Provider answers with status 429.', () => [
    [{}, m().rateLimited],
  ]);
  metrics.total('vps_provider_retries_total', 'Provider requests retried by the retry policy.', () => [
    [{}, m().retries],
  ]);
  metrics.total('vps_provider_network_errors_total', 'Provider requests without a complete answer.', () => [
    [{}, m().networkErrors],
  ]);
  metrics.gauge('vps_provider_in_flight', 'Provider requests in flight.', () => m().inFlight);
  metrics.gauge(
    'vps_provider_queued',
    'Provider requests waiting for the rate-limit gate.',
    () => m().queued,
  );
  metrics.labelledGauge(
    'vps_provider_queued_by_priority',
    'Provider requests waiting for the rate-limit gate, by priority (order, write, read, background).',
    () => PRIORITIES.map((p) => [{ priority: p }, m().queuedBy[p]] as const),
  );
  metrics.total(
    'vps_provider_coalesced_total',
    'Reads answered by joining an identical read already in flight.',
    () => [[{}, m().coalesced]],
  );
  metrics.gauge(
    'vps_provider_daily_limit',
    'Configured requests per day (PROVIDER_DAILY_LIMIT).',
    () => m().daily.limit,
  );
  metrics.gauge(
    'vps_provider_daily_used',
    'Requests this process sent since the day began.',
    () => m().daily.used,
  );
  metrics.gauge(
    'vps_provider_daily_remaining',
    'Requests left today under the configured limit.',
    () => m().daily.remaining,
  );
  metrics.gauge(
    'vps_provider_daily_reset_timestamp_seconds',
    'When the day count starts again (epoch s).',
    () => seconds(m().daily.resetsAt),
  );
  metrics.labelledGauge(
    'vps_provider_daily_level',
    "The day's request budget (1 for the current level): ok, low, or exhausted (refused for the day).",
    () => DAILY_LEVELS.map((l) => [{ level: l }, m().daily.level === l ? 1 : 0] as const),
  );
  metrics.gauge('vps_provider_ratelimit_limit', 'X-RateLimit-Limit last seen.', () => m().rateLimit.limit);
  metrics.gauge(
    'vps_provider_ratelimit_remaining',
    'X-RateLimit-Remaining last seen.',
    () => m().rateLimit.remaining,
  );
  metrics.gauge(
    'vps_provider_ratelimit_headroom_ratio',
    'Share of the rate-limit window left (remaining / limit) at the last answer.',
    () => {
      const { limit, remaining } = m().rateLimit;
      return limit && remaining !== null ? remaining / limit : null;
    },
  );
  metrics.gauge(
    'vps_provider_ratelimit_reset_timestamp_seconds',
    'X-RateLimit-Reset last seen (end of the window, epoch s).',
    () => m().rateLimit.reset,
  );
  metrics.gauge(
    'vps_provider_concurrent_limit',
    'X-RateLimit-Concurrent-Limit last seen.',
    () => m().rateLimit.concurrentLimit,
  );
  metrics.gauge(
    'vps_provider_concurrent_remaining',
    'X-RateLimit-Concurrent-Remaining last seen.',
    () => m().rateLimit.concurrentRemaining,
  );
}
