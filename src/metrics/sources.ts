/** Where `/metrics` reads the bot's figures from at each scrape. */
import type { ProviderMetrics } from '../provider/index.ts';
import type { ProviderKeyStatus } from '../services/health.ts';
import type { WatcherStats } from '../watch/watcher-stats.ts';
import type { NotifierStats } from '../workers/notifier/notifier-types.ts';

/** The background parts' figures, when they run in this process. */
export interface BackgroundStats {
  watcher?: WatcherStats | undefined;
  notifier?: NotifierStats | undefined;
  /** The provider key's last check (made at start-up, then now and then). */
  providerKey?: ProviderKeyStatus | undefined;
}

/** The outbox's backlog as one query reads it. */
export interface OutboxBacklog {
  depth: number;
  parked: number;
  oldestCreatedAt: Date | null;
}

export interface MetricsSources {
  provider(): ProviderMetrics;
  background(): BackgroundStats;
  /** The outbox's backlog; read at each scrape. */
  outbox?(): Promise<OutboxBacklog>;
  now(): number;
}
