/**
 * `/metrics` with prom-client: the default process metrics (CPU, memory,
 * event loop lag, GC, handles) and the bot's own, read from the parts that
 * keep them at the moment of the scrape (the provider client's counters and
 * rate-limit headers, the watcher's and notifier's figures, the provider
 * key's state, the outbox's backlog), plus two counted as they happen: Slack
 * Web API errors by method (through the WebClients' `fetch`) and the actions
 * of the audit trail by outcome (approvals and orders among them).
 *
 * Names follow Prometheus conventions: base units (`_seconds`), `_total` for
 * counters, `_timestamp_seconds` for points in time, `_ratio` for shares.
 */
import { Counter, collectDefaultMetrics, type LabelValues, type Metric, Registry } from 'prom-client';
import type { DailyLevel, ProviderMetrics } from '../provider/index.ts';
import { LATENCY_BUCKETS_MS, PRIORITIES } from '../provider/index.ts';
import type { ProviderKeyStatus } from '../services/health.ts';
import type { WatcherStats } from '../watch/watcher-stats.ts';
import type { NotifierStats } from './notifier.ts';

/** The background parts' figures, when they run in this process. */
export interface BackgroundStats {
  watcher?: WatcherStats | undefined;
  notifier?: NotifierStats | undefined;
  /** The provider key's last check (made at start-up, then now and then). */
  providerKey?: ProviderKeyStatus | undefined;
}

export interface MetricsSources {
  provider(): ProviderMetrics;
  background(): BackgroundStats;
  /** The outbox's backlog; read at each scrape. */
  outbox?(): Promise<{ depth: number; parked: number; oldestCreatedAt: Date | null }>;
  now(): number;
}

const DAILY_LEVELS: readonly DailyLevel[] = ['ok', 'low', 'exhausted'];

const KEY_STATES: readonly ProviderKeyStatus['state'][] = [
  'unchecked',
  'ok',
  'forbidden',
  'refused',
  'unreachable',
];

/** Seconds (epoch) of an epoch-ms time. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A Slack error code as a label: Slack's own words, or one word for anything else. */
function errorLabel(error: unknown): string {
  return typeof error === 'string' && /^[a-z0-9_]{1,48}$/.test(error) ? error : 'other';
}

/** Statuses whose Response may not have a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

function parseOr(text: string): { ok?: unknown; error?: unknown } | undefined {
  try {
    return JSON.parse(text) as { ok?: unknown; error?: unknown };
  } catch {
    return undefined;
  }
}

/**
 * `read` once per scrape: prom-client asks every metric for its values in one
 * synchronous pass, so what was read is kept until that pass is over (a
 * microtask) and the twenty-odd metrics read from one source share one
 * reading of it, taken at one moment. The next scrape reads afresh.
 */
function oncePerScrape<T>(read: () => T): () => T {
  let kept: { value: T } | undefined;
  return () => {
    if (!kept) {
      kept = { value: read() };
      queueMicrotask(() => {
        kept = undefined;
      });
    }
    return kept.value;
  };
}

/** `chat.postMessage` from `https://slack.com/api/chat.postMessage`; `other` for anything else. */
function slackMethod(input: unknown): string {
  const url =
    typeof input === 'string' ? input : input instanceof URL ? input.href : (input as { url?: string })?.url;
  const m = typeof url === 'string' ? /\/api\/([A-Za-z0-9_.]{1,64})(?:[?#]|$)/.exec(url) : null;
  return m?.[1] ?? 'other';
}

export class BotMetrics {
  readonly registry = new Registry();
  private readonly slackErrors: Counter<'method' | 'error'>;
  private readonly actions: Counter<'action' | 'outcome'>;

  constructor(private readonly sources: MetricsSources) {
    const r = this.registry;
    collectDefaultMetrics({ register: r });
    this.slackErrors = new Counter({
      name: 'vps_slack_api_errors_total',
      help: 'Slack Web API calls that failed, by method and Slack error (ratelimited, network, http_<status> or Slack’s own code).',
      labelNames: ['method', 'error'],
      registers: [r],
    });
    this.actions = new Counter({
      name: 'vps_actions_total',
      help: 'Actions of the audit trail by outcome (ok, refused, failed): approvals are signup.approve and hosting.approve, orders signup.execute.',
      labelNames: ['action', 'outcome'],
      registers: [r],
    });
    this.provider();
    this.background();
  }

  /** Counts one action of the audit trail (`Audit`'s hook). */
  recordAction(action: string, outcome: string): void {
    this.actions.inc({ action, outcome });
  }

  /**
   * A `fetch` for @slack/web-api's WebClient that counts failed calls by
   * method: a 429, an HTTP error, an `ok:false` answer (read from a copy of
   * the body) or a network failure. It changes nothing of the call.
   */
  slackFetch(base: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const method = slackMethod(input);
      let res: Response;
      try {
        res = await base(input, init);
      } catch (err) {
        this.slackErrors.inc({ method, error: 'network' });
        throw err;
      }
      if (res.status === 429) this.slackErrors.inc({ method, error: 'ratelimited' });
      else if (!res.ok) this.slackErrors.inc({ method, error: `http_${res.status}` });
      const type = res.headers.get('content-type') ?? '';
      // A file or a gzip download goes on as it came (and a body-less status cannot be rebuilt).
      if (!/json|text/.test(type) || NO_BODY.has(res.status)) return res;
      // Read here, once, and handed on as a fresh Response: a clone() would tee
      // every body into two buffered streams, and Bolt's respond() never reads
      // the response_url's answer (nor, failing, its error page), which would
      // hold its buffers and socket until the next garbage collection.
      const text = await res.text();
      if (res.ok && type.includes('json') && /"ok"\s*:\s*false/.test(text)) {
        const body = parseOr(text);
        if (body?.ok === false) this.slackErrors.inc({ method, error: errorLabel(body.error) });
      }
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * A metric whose values are read from elsewhere at each scrape (prom-client's
   * own kinds keep their values, and a labelless one always shows a 0): what
   * is not known is left out, never shown as a zero.
   */
  private collected(
    name: string,
    help: string,
    type: 'gauge' | 'counter',
    read: () =>
      | readonly { labels: Record<string, string | number>; value: number }[]
      | Promise<readonly { labels: Record<string, string | number>; value: number }[]>,
  ): void {
    const metric = {
      name,
      async get() {
        const values = (await read()).filter((v) => Number.isFinite(v.value));
        return { name, help, type, aggregator: 'sum', values };
      },
    };
    this.registry.registerMetric(metric as unknown as Metric<string>);
  }

  /** A gauge set from a value read at scrape time; absent while the value is unknown. */
  private gauge(name: string, help: string, read: () => number | null | undefined): void {
    this.collected(name, help, 'gauge', () => {
      const v = read();
      return v === null || v === undefined ? [] : [{ labels: {}, value: v }];
    });
  }

  /** A gauge with labels, set from values read at scrape time. */
  private labelledGauge<L extends string>(
    name: string,
    help: string,
    read: () => readonly (readonly [LabelValues<L>, number])[],
  ): void {
    this.collected(name, help, 'gauge', () =>
      read().map(([labels, value]) => ({ labels: labels as Record<string, string | number>, value })),
    );
  }

  /** A counter mirroring a total kept elsewhere (it only grows there). */
  private total<L extends string>(
    name: string,
    help: string,
    read: () => readonly (readonly [LabelValues<L>, number])[],
  ): void {
    this.collected(name, help, 'counter', () =>
      read().map(([labels, value]) => ({ labels: labels as Record<string, string | number>, value })),
    );
  }

  /**
   * A histogram whose buckets are counted elsewhere (cumulative counts per
   * upper bound, then +Inf): prom-client's own Histogram can only observe.
   */
  private mirroredHistogram(
    name: string,
    help: string,
    read: () => readonly {
      labels: Record<string, string>;
      bounds: readonly number[];
      counts: readonly number[];
      sum: number;
      count: number;
    }[],
  ): void {
    const metric = {
      name,
      async get() {
        const values: { value: number; labels: Record<string, string | number>; metricName: string }[] = [];
        for (const h of read()) {
          h.bounds.forEach((le, i) => {
            values.push({
              value: h.counts[i] ?? 0,
              labels: { ...h.labels, le },
              metricName: `${name}_bucket`,
            });
          });
          values.push({ value: h.count, labels: { ...h.labels, le: '+Inf' }, metricName: `${name}_bucket` });
          values.push({ value: h.sum, labels: h.labels, metricName: `${name}_sum` });
          values.push({ value: h.count, labels: h.labels, metricName: `${name}_count` });
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
    };
    this.registry.registerMetric(metric as unknown as Metric<string>);
  }

  private provider(): void {
    const m = oncePerScrape(() => this.sources.provider());
    this.total(
      'vps_provider_requests_total',
      'Provider requests by endpoint template and status (network: no answer).',
      () =>
        Object.entries(m().requests).flatMap(([endpoint, byStatus]) =>
          Object.entries(byStatus).map(([status, n]) => [{ endpoint, status }, n] as const),
        ),
    );
    this.mirroredHistogram(
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
    this.total('vps_provider_rate_limited_total', 'Provider answers with status 429.', () => [
      [{}, m().rateLimited],
    ]);
    this.total('vps_provider_retries_total', 'Provider requests retried by the retry policy.', () => [
      [{}, m().retries],
    ]);
    this.total('vps_provider_network_errors_total', 'Provider requests without a complete answer.', () => [
      [{}, m().networkErrors],
    ]);
    this.gauge('vps_provider_in_flight', 'Provider requests in flight.', () => m().inFlight);
    this.gauge('vps_provider_queued', 'Provider requests waiting for the rate-limit gate.', () => m().queued);
    this.labelledGauge(
      'vps_provider_queued_by_priority',
      'Provider requests waiting for the rate-limit gate, by priority (order, write, read, background).',
      () => PRIORITIES.map((p) => [{ priority: p }, m().queuedBy[p]] as const),
    );
    this.total(
      'vps_provider_coalesced_total',
      'Reads answered by joining an identical read already in flight.',
      () => [[{}, m().coalesced]],
    );
    this.gauge(
      'vps_provider_daily_limit',
      'Configured requests per day (PROVIDER_DAILY_LIMIT).',
      () => m().daily.limit,
    );
    this.gauge(
      'vps_provider_daily_used',
      'Requests this process sent since the day began.',
      () => m().daily.used,
    );
    this.gauge(
      'vps_provider_daily_remaining',
      'Requests left today under the configured limit.',
      () => m().daily.remaining,
    );
    this.gauge(
      'vps_provider_daily_reset_timestamp_seconds',
      'When the day count starts again (epoch s).',
      () => seconds(m().daily.resetsAt),
    );
    this.labelledGauge(
      'vps_provider_daily_level',
      "The day's request budget (1 for the current level): ok, low, or exhausted (refused for the day).",
      () => DAILY_LEVELS.map((l) => [{ level: l }, m().daily.level === l ? 1 : 0] as const),
    );
    this.gauge('vps_provider_ratelimit_limit', 'X-RateLimit-Limit last seen.', () => m().rateLimit.limit);
    this.gauge(
      'vps_provider_ratelimit_remaining',
      'X-RateLimit-Remaining last seen.',
      () => m().rateLimit.remaining,
    );
    this.gauge(
      'vps_provider_ratelimit_headroom_ratio',
      'Share of the rate-limit window left (remaining / limit) at the last answer.',
      () => {
        const { limit, remaining } = m().rateLimit;
        return limit && remaining !== null ? remaining / limit : null;
      },
    );
    this.gauge(
      'vps_provider_ratelimit_reset_timestamp_seconds',
      'X-RateLimit-Reset last seen (end of the window, epoch s).',
      () => m().rateLimit.reset,
    );
    this.gauge(
      'vps_provider_concurrent_limit',
      'X-RateLimit-Concurrent-Limit last seen.',
      () => m().rateLimit.concurrentLimit,
    );
    this.gauge(
      'vps_provider_concurrent_remaining',
      'X-RateLimit-Concurrent-Remaining last seen.',
      () => m().rateLimit.concurrentRemaining,
    );
  }

  private background(): void {
    const bg = oncePerScrape(() => this.sources.background());
    const w = () => bg().watcher;
    const n = () => bg().notifier;
    const k = () => bg().providerKey;
    this.gauge('vps_watcher_leader', '1 while this replica holds the watcher lease.', () => {
      const s = w();
      return s ? (s.leader ? 1 : 0) : null;
    });
    for (const [name, help, key] of [
      ['vps_watcher_requests_total', 'Provider requests made by the watcher.', 'requests'],
      ['vps_watcher_rate_limited_total', 'Watcher requests answered 429.', 'rateLimited'],
      ['vps_watcher_failures_total', 'Watcher requests that failed.', 'failures'],
      ['vps_watcher_transitions_total', 'Power changes seen.', 'transitions'],
    ] as const) {
      this.total(name, help, () => {
        const s = w();
        return s ? [[{}, s[key]]] : [];
      });
    }
    this.gauge(
      'vps_watcher_daily_held',
      "1 while the watcher is paused to leave the rest of the day's requests to people.",
      () => {
        const s = w();
        return s ? (s.budget.dailyHeldUntil === undefined ? 0 : 1) : null;
      },
    );
    this.gauge(
      'vps_watcher_rate_per_second',
      'Requests per second the watcher may use on average (window share and daily pace).',
      () => w()?.budget.rate,
    );
    this.gauge(
      'vps_watcher_last_list_timestamp_seconds',
      'When the server list was last read (epoch s).',
      () => {
        const at = w()?.lastListAt;
        return at === undefined ? null : seconds(at);
      },
    );
    this.gauge(
      'vps_watcher_read_lag_seconds',
      'Age of the stalest server reading: how late a change could be seen now.',
      () => {
        const at = w()?.oldestReadAt;
        return at === undefined ? null : Math.max(0, (this.sources.now() - at) / 1000);
      },
    );
    this.mirroredHistogram(
      'vps_watcher_detection_delay_seconds',
      'Time between the read before a power change was seen and the read that saw it: the most it can have gone unseen.',
      () => {
        const d = w()?.detection;
        return d
          ? [{ labels: {}, bounds: d.boundsSeconds, counts: d.counts, sum: d.sumSeconds, count: d.count }]
          : [];
      },
    );

    this.gauge('vps_provider_key_ready', '1 while the provider key worked at its last check.', () => {
      const s = k();
      return s ? (s.state === 'ok' ? 1 : 0) : null;
    });
    this.labelledGauge(
      'vps_provider_key_state',
      'The provider key as its last check found it (1 for the current state).',
      () => {
        const s = k();
        return s ? KEY_STATES.map((st) => [{ state: st }, s.state === st ? 1 : 0] as const) : [];
      },
    );
    this.gauge(
      'vps_provider_key_expiry_timestamp_seconds',
      'When the provider key expires (epoch s); absent when it never expires.',
      () => {
        const at = k()?.expiresAt;
        return at ? seconds(at.getTime()) : null;
      },
    );
    this.gauge(
      'vps_provider_key_checked_timestamp_seconds',
      'When the provider key was last checked (epoch s).',
      () => {
        const at = k()?.checkedAt;
        return at ? seconds(at.getTime()) : null;
      },
    );

    for (const [name, help, key] of [
      ['vps_notifier_messages_total', 'Notification messages posted to Slack.', 'posted'],
      ['vps_notifier_updates_total', 'Alerts edited in place (chat.update).', 'updated'],
      ['vps_notifier_digests_total', 'Digest messages folding a burst.', 'digests'],
      ['vps_notifier_rows_sent_total', 'Outbox rows delivered.', 'rowsSent'],
      ['vps_notifier_failures_total', 'Slack posts that failed (kept in the outbox).', 'failures'],
      ['vps_notifier_rate_limited_total', 'Slack posts answered 429.', 'rateLimited'],
      ['vps_notifier_channels_parked_total', 'Times a channel the bot cannot post in was parked.', 'parked'],
      ['vps_notifier_channels_reopened_total', 'Times a parked channel was tried again.', 'reopened'],
    ] as const) {
      this.total(name, help, () => {
        const s = n();
        return s ? [[{}, s[key]]] : [];
      });
    }

    // The outbox is one query per scrape for all three.
    const read = oncePerScrape(() =>
      (this.sources.outbox?.() ?? Promise.resolve(undefined)).catch(() => undefined),
    );
    const outbox = (
      name: string,
      help: string,
      pick: (b: { depth: number; parked: number; oldestCreatedAt: Date | null }) => number,
    ) =>
      this.collected(name, help, 'gauge', async () => {
        const b = await read();
        return b ? [{ labels: {}, value: pick(b) }] : [];
      });
    outbox(
      'vps_outbox_depth',
      'Notifications waiting to be told (due, backing off or parked).',
      (b) => b.depth,
    );
    outbox(
      'vps_outbox_parked',
      'Notifications waiting for a channel the bot cannot post in.',
      (b) => b.parked,
    );
    outbox('vps_outbox_oldest_age_seconds', 'Age of the oldest notification waiting to be told.', (b) =>
      b.oldestCreatedAt ? Math.max(0, (this.sources.now() - b.oldestCreatedAt.getTime()) / 1000) : 0,
    );
  }
}
