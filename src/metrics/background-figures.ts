/**
 * The background parts' figures, when they run in this process: per account
 * (labelled `account`, the account's name) the watcher's, the provider key's
 * last check, the key-use watch's and the notifier's; and the outbox's
 * backlog, shared by all accounts.
 */
import type { ProviderKeyStatus } from '../services/health.ts';
import type { KeyUseStats } from '../watch/key-use-watch.ts';
import type { WatcherStats } from '../watch/watcher-stats.ts';
import type { NotifierStats } from '../workers/notifier/notifier-types.ts';
import { byAccount, oncePerScrape, type ScrapedMetrics, seconds } from './scraped-metrics.ts';
import type { MetricsSources, OutboxBacklog } from './sources.ts';

const KEY_STATES: readonly ProviderKeyStatus['state'][] = [
  'unchecked',
  'ok',
  'expired',
  'forbidden',
  'refused',
  'unreachable',
];

/** One account's figures of one part. */
interface Of<T> {
  account: string;
  s: T;
}

/** The accounts whose part `pick` reads is running (known), each with its figures. */
function running<T>(
  bg: () => ReturnType<MetricsSources['background']>,
  pick: (a: ReturnType<MetricsSources['background']>['accounts'][number]) => T | undefined,
): () => Of<T>[] {
  return () =>
    bg().accounts.flatMap((a) => {
      const s = pick(a);
      return s === undefined ? [] : [{ account: a.account, s }];
    });
}

export function registerBackgroundFigures(
  metrics: ScrapedMetrics,
  sources: Pick<MetricsSources, 'background' | 'outbox' | 'now'>,
): void {
  const bg = oncePerScrape(() => sources.background());
  const now = () => sources.now();
  registerWatcherFigures(
    metrics,
    running(bg, (a) => a.watcher),
    now,
  );
  registerKeyFigures(
    metrics,
    running(bg, (a) => a.providerKey),
  );
  registerKeyUseFigures(
    metrics,
    running(bg, (a) => a.watcher?.keyUse),
    now,
  );
  registerNotifierFigures(
    metrics,
    running(bg, (a) => a.notifier),
  );
  registerOutboxFigures(metrics, sources);
}

function registerWatcherFigures(
  metrics: ScrapedMetrics,
  w: () => Of<WatcherStats>[],
  now: () => number,
): void {
  metrics.labelledGauge('vps_watcher_leader', '1 while this replica holds the watcher lease.', () =>
    byAccount(w(), ({ s }) => (s.leader ? 1 : 0)),
  );
  for (const [name, help, key] of [
    ['vps_watcher_requests_total', 'Provider requests made by the watcher.', 'requests'],
    ['vps_watcher_rate_limited_total', 'Watcher requests answered 429.', 'rateLimited'],
    ['vps_watcher_failures_total', 'Watcher requests that failed.', 'failures'],
    ['vps_watcher_transitions_total', 'Power changes seen.', 'transitions'],
  ] as const) {
    metrics.total(name, help, () => byAccount(w(), ({ s }) => s[key]));
  }
  metrics.labelledGauge(
    'vps_watcher_daily_held',
    "1 while the watcher is paused to leave the rest of the day's requests to people.",
    () => byAccount(w(), ({ s }) => (s.budget.dailyHeldUntil === undefined ? 0 : 1)),
  );
  metrics.labelledGauge(
    'vps_watcher_rate_per_second',
    'Requests per second the watcher may use on average (window share and daily pace).',
    () => byAccount(w(), ({ s }) => s.budget.rate),
  );
  metrics.labelledGauge(
    'vps_watcher_last_list_timestamp_seconds',
    'When the server list was last read (epoch s).',
    () => byAccount(w(), ({ s }) => (s.lastListAt === undefined ? null : seconds(s.lastListAt))),
  );
  metrics.labelledGauge(
    'vps_watcher_read_lag_seconds',
    'Age of the stalest server reading: how late a change could be seen now.',
    () =>
      byAccount(w(), ({ s }) =>
        s.oldestReadAt === undefined ? null : Math.max(0, (now() - s.oldestReadAt) / 1000),
      ),
  );
  metrics.mirroredHistogram(
    'vps_watcher_detection_delay_seconds',
    'Time between the read before a power change was seen and the read that saw it: the most it can have gone unseen.',
    () =>
      w().map(({ account, s: { detection: d } }) => ({
        labels: { account },
        bounds: d.boundsSeconds,
        counts: d.counts,
        sum: d.sumSeconds,
        count: d.count,
      })),
  );
}

/** The key-use watch (src/watch/key-use-watch.ts), on the replica that reads each key's log. */
function registerKeyUseFigures(metrics: ScrapedMetrics, k: () => Of<KeyUseStats>[], now: () => number): void {
  metrics.total(
    'vps_key_log_requests_total',
    "Requests in the provider key's API log judged: the bot's own, KEY_EXPECTED_IPS clients', and other clients'.",
    () =>
      k().flatMap(({ account, s }) => [
        [{ account, origin: 'own' }, s.own] as const,
        [{ account, origin: 'expected' }, s.expected] as const,
        [{ account, origin: 'foreign' }, s.foreign] as const,
      ]),
  );
  metrics.total(
    'vps_key_log_refused_total',
    'Refused requests (401/403) of other clients in the key log.',
    () => byAccount(k(), ({ s }) => s.denied),
  );
  metrics.total('vps_key_log_pages_total', 'Pages of the key log read (one provider request each).', () =>
    byAccount(k(), ({ s }) => s.pages),
  );
  metrics.labelledGauge(
    'vps_key_log_lag_seconds',
    'How far behind now the key log has been judged (a settle time of about 71 s is by design).',
    () =>
      byAccount(k(), ({ s }) =>
        s.judgedThrough === undefined ? null : Math.max(0, (now() - s.judgedThrough) / 1000),
      ),
  );
}

function registerKeyFigures(metrics: ScrapedMetrics, k: () => Of<ProviderKeyStatus>[]): void {
  metrics.labelledGauge(
    'vps_provider_key_ready',
    '1 while the provider key worked at its last check and has not expired.',
    () => byAccount(k(), ({ s }) => (s.state === 'ok' ? 1 : 0)),
  );
  metrics.labelledGauge(
    'vps_provider_key_state',
    'The provider key as its last check found it (1 for the current state).',
    () =>
      k().flatMap(({ account, s }) =>
        KEY_STATES.map((st) => [{ account, state: st }, s.state === st ? 1 : 0] as const),
      ),
  );
  metrics.labelledGauge(
    'vps_provider_key_expiry_timestamp_seconds',
    'When the provider key expires (epoch s); absent when it never expires.',
    () => byAccount(k(), ({ s }) => (s.expiresAt ? seconds(s.expiresAt.getTime()) : null)),
  );
  metrics.labelledGauge(
    'vps_provider_key_checked_timestamp_seconds',
    'When the provider key was last checked (epoch s).',
    () => byAccount(k(), ({ s }) => (s.checkedAt ? seconds(s.checkedAt.getTime()) : null)),
  );
}

function registerNotifierFigures(metrics: ScrapedMetrics, n: () => Of<NotifierStats>[]): void {
  for (const [name, help, key] of [
    ['vps_notifier_messages_total', 'Notification messages posted to Slack.', 'posted'],
    ['vps_notifier_updates_total', 'Alerts edited in place (chat.update).', 'updated'],
    ['vps_notifier_digests_total', 'Digest messages folding a burst.', 'digests'],
    ['vps_notifier_rows_sent_total', 'Outbox rows delivered.', 'rowsSent'],
    ['vps_notifier_failures_total', 'Slack posts that failed (kept in the outbox).', 'failures'],
    ['vps_notifier_rate_limited_total', 'Slack posts answered 429.', 'rateLimited'],
    ['vps_notifier_channels_parked_total', 'Times a channel the bot cannot post in was parked.', 'parked'],
    ['vps_notifier_channels_reopened_total', 'Times a parked channel was tried again.', 'reopened'],
    [
      'vps_notifier_rows_set_aside_total',
      'Outbox rows set aside unposted (unreadable, or impossible to draw); each is logged.',
      'setAside',
    ],
  ] as const) {
    metrics.total(name, help, () => byAccount(n(), ({ s }) => s[key]));
  }
}

function registerOutboxFigures(
  metrics: ScrapedMetrics,
  sources: Pick<MetricsSources, 'outbox' | 'now'>,
): void {
  // The outbox is one query per scrape for all three.
  const read = oncePerScrape(() => (sources.outbox?.() ?? Promise.resolve(undefined)).catch(() => undefined));
  const outbox = (name: string, help: string, pick: (b: OutboxBacklog) => number) =>
    metrics.collected(name, help, 'gauge', async () => {
      const b = await read();
      return b ? [{ labels: {}, value: pick(b) }] : [];
    });
  outbox(
    'vps_outbox_depth',
    'Notifications waiting to be told (due, backing off or parked).',
    (b) => b.depth,
  );
  outbox('vps_outbox_parked', 'Notifications waiting for a channel the bot cannot post in.', (b) => b.parked);
  outbox('vps_outbox_oldest_age_seconds', 'Age of the oldest notification waiting to be told.', (b) =>
    b.oldestCreatedAt ? Math.max(0, (sources.now() - b.oldestCreatedAt.getTime()) / 1000) : 0,
  );
}
