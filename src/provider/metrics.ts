/**
 * Counters for /metrics: requests by endpoint template and status, latency
 * histogram per endpoint, 429s, retries. Plain data, no exporter.
 */
import type { DailyBudgetState } from './daily-budget.ts';
import type { Priority } from './priorities.ts';
import type { RateLimitSnapshot } from './rate-limit-headers.ts';

/** Upper bounds (ms) of the latency histogram buckets; the last bucket is +Inf. */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000] as const;

export interface EndpointLatency {
  count: number;
  sumMs: number;
  maxMs: number;
  /** Cumulative counts per bound of LATENCY_BUCKETS_MS, then +Inf. */
  buckets: number[];
}

export interface ProviderMetrics {
  /** key: endpoint template, e.g. `GET /v1/vps/servers/{uuid}`; value: status ('200', '429', 'network') -> count */
  requests: Record<string, Record<string, number>>;
  latency: Record<string, EndpointLatency>;
  totalRequests: number;
  rateLimited: number;
  retries: number;
  networkErrors: number;
  /** Reads answered by joining an identical read already in flight. */
  coalesced: number;
  inFlight: number;
  queued: number;
  /** Requests waiting for the gate, by priority. */
  queuedBy: Record<Priority, number>;
  rateLimit: RateLimitSnapshot;
  /** The day's budget: configured limit, requests sent today, level. */
  daily: DailyBudgetState;
}

export class MetricsRecorder {
  private readonly requests = new Map<string, Map<string, number>>();
  private readonly latency = new Map<string, EndpointLatency>();
  total = 0;
  rateLimited = 0;
  retries = 0;
  networkErrors = 0;
  coalesced = 0;

  record(endpoint: string, status: number | 'network', ms: number): void {
    this.total += 1;
    if (status === 429) this.rateLimited += 1;
    if (status === 'network') this.networkErrors += 1;
    let byStatus = this.requests.get(endpoint);
    if (!byStatus) {
      byStatus = new Map();
      this.requests.set(endpoint, byStatus);
    }
    const key = String(status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    let lat = this.latency.get(endpoint);
    if (!lat) {
      lat = {
        count: 0,
        sumMs: 0,
        maxMs: 0,
        buckets: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0),
      };
      this.latency.set(endpoint, lat);
    }
    lat.count += 1;
    lat.sumMs += ms;
    if (ms > lat.maxMs) lat.maxMs = ms;
    for (let i = 0; i < lat.buckets.length; i += 1) {
      const bound = LATENCY_BUCKETS_MS[i];
      if (bound === undefined || ms <= bound) lat.buckets[i] = (lat.buckets[i] ?? 0) + 1;
    }
  }

  snapshot(extra: {
    inFlight: number;
    queued: number;
    queuedBy: Record<Priority, number>;
    rateLimit: RateLimitSnapshot;
    daily: DailyBudgetState;
  }): ProviderMetrics {
    const requests: Record<string, Record<string, number>> = {};
    for (const [ep, m] of this.requests) requests[ep] = Object.fromEntries(m);
    const latency: Record<string, EndpointLatency> = {};
    for (const [ep, l] of this.latency) latency[ep] = { ...l, buckets: [...l.buckets] };
    return {
      requests,
      latency,
      totalRequests: this.total,
      rateLimited: this.rateLimited,
      retries: this.retries,
      networkErrors: this.networkErrors,
      coalesced: this.coalesced,
      ...extra,
    };
  }
}
