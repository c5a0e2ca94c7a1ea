/**
 * Each provider account's client figures: requests, latency, the rate-limit
 * gate, the day's budget and the headers last seen, every series labelled
 * with the account's name (`account`), never its key.
 */
import { type DailyLevel, LATENCY_BUCKETS_MS, PRIORITIES } from '../provider/index.ts';
import { byAccount, oncePerScrape, type ScrapedMetrics, seconds } from './scraped-metrics.ts';
import type { AccountProviderMetrics } from './sources.ts';

const DAILY_LEVELS: readonly DailyLevel[] = ['ok', 'low', 'exhausted'];

export function registerProviderFigures(
  metrics: ScrapedMetrics,
  read: () => readonly AccountProviderMetrics[],
): void {
  const all = oncePerScrape(read);
  /** One series per account, of the value `pick` reads from its figures. */
  const each = (pick: (m: AccountProviderMetrics['metrics']) => number | null | undefined) => () =>
    byAccount(all(), (a) => pick(a.metrics));
  metrics.total(
    'vps_provider_requests_total',
    'Provider requests by account, endpoint template and status (network: no answer).',
    () =>
      all().flatMap(({ account, metrics: m }) =>
        Object.entries(m.requests).flatMap(([endpoint, byStatus]) =>
          Object.entries(byStatus).map(([status, n]) => [{ account, endpoint, status }, n] as const),
        ),
      ),
  );
  metrics.mirroredHistogram(
    'vps_provider_request_duration_seconds',
    'Provider request latency by account and endpoint template.',
    () =>
      all().flatMap(({ account, metrics: m }) =>
        Object.entries(m.latency).map(([endpoint, l]) => ({
          labels: { account, endpoint },
          bounds: LATENCY_BUCKETS_MS.map((ms) => ms / 1000),
          counts: l.buckets,
          sum: l.sumMs / 1000,
          count: l.count,
        })),
      ),
  );
  metrics.total(
    'vps_provider_rate_limited_total',
    'Provider answers with status 429.',
    each((m) => m.rateLimited),
  );
  metrics.total(
    'vps_provider_retries_total',
    'Provider requests retried by the retry policy.',
    each((m) => m.retries),
  );
  metrics.total(
    'vps_provider_network_errors_total',
    'Provider requests without a complete answer.',
    each((m) => m.networkErrors),
  );
  metrics.labelledGauge(
    'vps_provider_in_flight',
    'Provider requests in flight.',
    each((m) => m.inFlight),
  );
  metrics.labelledGauge(
    'vps_provider_queued',
    'Provider requests waiting for the rate-limit gate.',
    each((m) => m.queued),
  );
  metrics.labelledGauge(
    'vps_provider_queued_by_priority',
    'Provider requests waiting for the rate-limit gate, by priority (order, write, read, background).',
    () =>
      all().flatMap(({ account, metrics: m }) =>
        PRIORITIES.map((p) => [{ account, priority: p }, m.queuedBy[p]] as const),
      ),
  );
  metrics.total(
    'vps_provider_coalesced_total',
    'Reads answered by joining an identical read already in flight.',
    each((m) => m.coalesced),
  );
  metrics.labelledGauge(
    'vps_provider_daily_limit',
    'Configured requests per day (PROVIDER_DAILY_LIMIT).',
    each((m) => m.daily.limit),
  );
  metrics.labelledGauge(
    'vps_provider_daily_used',
    'Requests this process sent since the day began.',
    each((m) => m.daily.used),
  );
  metrics.labelledGauge(
    'vps_provider_daily_remaining',
    'Requests left today under the configured limit.',
    each((m) => m.daily.remaining),
  );
  metrics.labelledGauge(
    'vps_provider_daily_reset_timestamp_seconds',
    'When the day count starts again (epoch s).',
    each((m) => seconds(m.daily.resetsAt)),
  );
  metrics.labelledGauge(
    'vps_provider_daily_level',
    "The day's request budget (1 for the current level): ok, low, or exhausted (refused for the day).",
    () =>
      all().flatMap(({ account, metrics: m }) =>
        DAILY_LEVELS.map((l) => [{ account, level: l }, m.daily.level === l ? 1 : 0] as const),
      ),
  );
  metrics.labelledGauge(
    'vps_provider_ratelimit_limit',
    'X-RateLimit-Limit last seen.',
    each((m) => m.rateLimit.limit),
  );
  metrics.labelledGauge(
    'vps_provider_ratelimit_remaining',
    'X-RateLimit-Remaining last seen.',
    each((m) => m.rateLimit.remaining),
  );
  metrics.labelledGauge(
    'vps_provider_ratelimit_headroom_ratio',
    'Share of the rate-limit window left (remaining / limit) at the last answer.',
    each(({ rateLimit: { limit, remaining } }) => (limit && remaining !== null ? remaining / limit : null)),
  );
  metrics.labelledGauge(
    'vps_provider_ratelimit_reset_timestamp_seconds',
    'X-RateLimit-Reset last seen (end of the window, epoch s).',
    each((m) => m.rateLimit.reset),
  );
  metrics.labelledGauge(
    'vps_provider_concurrent_limit',
    'X-RateLimit-Concurrent-Limit last seen.',
    each((m) => m.rateLimit.concurrentLimit),
  );
  metrics.labelledGauge(
    'vps_provider_concurrent_remaining',
    'X-RateLimit-Concurrent-Remaining last seen.',
    each((m) => m.rateLimit.concurrentRemaining),
  );
}
