/**
 * Prometheus text exposition (version 0.0.4) of the provider client's counters:
 * requests by endpoint template and status, latency histograms, 429s, retries,
 * network errors, coalesced reads, the queue by priority, the last
 * rate-limit headers seen and the day's budget; the provider key's state and
 * expiry; the watcher's and notifier's figures.
 */
import type { DailyLevel, ProviderMetrics } from '../provider/index.ts';
import { LATENCY_BUCKETS_MS, PRIORITIES } from '../provider/index.ts';
import type { ProviderKeyStatus } from '../services/health.ts';
import type { WatcherStats } from '../watch/watcher.ts';
import type { NotifierStats } from './notifier.ts';

/** The background parts' figures, when they run in this process. */
export interface BackgroundStats {
  watcher?: WatcherStats | undefined;
  notifier?: NotifierStats | undefined;
  /** The provider key's last check (made at start-up, then now and then). */
  providerKey?: ProviderKeyStatus | undefined;
}

const KEY_STATES: readonly ProviderKeyStatus['state'][] = [
  'unchecked',
  'ok',
  'forbidden',
  'refused',
  'unreachable',
];

const DAILY_LEVELS: readonly DailyLevel[] = ['ok', 'low', 'exhausted'];

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function prometheusText(m: ProviderMetrics, bg: BackgroundStats = {}): string {
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
  family(
    'vps_provider_queued_by_priority',
    'gauge',
    'Provider requests waiting for the rate-limit gate, by priority (order, write, read, background).',
  );
  for (const p of PRIORITIES) out.push(`vps_provider_queued_by_priority{priority="${p}"} ${m.queuedBy[p]}`);
  scalar(
    'vps_provider_coalesced_total',
    'counter',
    'Reads answered by joining an identical read already in flight.',
    m.coalesced,
  );
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
  const d = m.daily;
  scalar('vps_provider_daily_limit', 'gauge', 'Configured requests per day (PROVIDER_DAILY_LIMIT).', d.limit);
  scalar('vps_provider_daily_used', 'gauge', 'Requests this process sent since the day began.', d.used);
  scalar(
    'vps_provider_daily_remaining',
    'gauge',
    'Requests left today under the configured limit.',
    d.remaining,
  );
  scalar(
    'vps_provider_daily_reset_seconds',
    'gauge',
    'When the day count starts again (epoch s).',
    Math.floor(d.resetsAt / 1000),
  );
  family(
    'vps_provider_daily_level',
    'gauge',
    "The day's request budget (1 for the current level): ok, low, or exhausted (refused for the day).",
  );
  for (const l of DAILY_LEVELS) out.push(`vps_provider_daily_level{level="${l}"} ${d.level === l ? 1 : 0}`);
  const w = bg.watcher;
  if (w) {
    scalar('vps_watcher_leader', 'gauge', '1 while this replica holds the watcher lease.', w.leader ? 1 : 0);
    scalar('vps_watcher_requests_total', 'counter', 'Provider requests made by the watcher.', w.requests);
    scalar('vps_watcher_rate_limited_total', 'counter', 'Watcher requests answered 429.', w.rateLimited);
    scalar('vps_watcher_failures_total', 'counter', 'Watcher requests that failed.', w.failures);
    scalar('vps_watcher_transitions_total', 'counter', 'Power and contract changes seen.', w.transitions);
    scalar(
      'vps_watcher_daily_held',
      'gauge',
      "1 while the watcher is paused to leave the rest of the day's requests to people.",
      w.budget.dailyHeldUntil === undefined ? 0 : 1,
    );
    scalar(
      'vps_watcher_rate_per_second',
      'gauge',
      'Requests per second the watcher may use on average (window share and daily pace).',
      w.budget.rate ?? null,
    );
    scalar(
      'vps_watcher_last_list_seconds',
      'gauge',
      'When the server list was last read (epoch s).',
      w.lastListAt === undefined ? null : Math.floor(w.lastListAt / 1000),
    );
  }
  const k = bg.providerKey;
  if (k) {
    scalar(
      'vps_provider_key_ready',
      'gauge',
      '1 while the provider key worked at its last check.',
      k.state === 'ok' ? 1 : 0,
    );
    family(
      'vps_provider_key_state',
      'gauge',
      'The provider key as its last check found it (1 for the current state).',
    );
    for (const st of KEY_STATES) out.push(`vps_provider_key_state{state="${st}"} ${k.state === st ? 1 : 0}`);
    scalar(
      'vps_provider_key_expiry_seconds',
      'gauge',
      'When the provider key expires (epoch s); absent when it never expires.',
      k.expiresAt ? Math.floor(k.expiresAt.getTime() / 1000) : null,
    );
    scalar(
      'vps_provider_key_checked_seconds',
      'gauge',
      'When the provider key was last checked (epoch s).',
      k.checkedAt ? Math.floor(k.checkedAt.getTime() / 1000) : null,
    );
  }
  const n = bg.notifier;
  if (n) {
    scalar('vps_notifier_messages_total', 'counter', 'Notification messages posted to Slack.', n.posted);
    scalar('vps_notifier_updates_total', 'counter', 'Alerts edited in place (chat.update).', n.updated);
    scalar('vps_notifier_digests_total', 'counter', 'Digest messages folding a burst.', n.digests);
    scalar('vps_notifier_rows_sent_total', 'counter', 'Outbox rows delivered.', n.rowsSent);
    scalar('vps_notifier_failures_total', 'counter', 'Slack posts that failed (retried later).', n.failures);
    scalar('vps_notifier_rate_limited_total', 'counter', 'Slack posts answered 429.', n.rateLimited);
  }
  return `${out.join('\n')}\n`;
}
