/** Where `/metrics` reads the bot's figures from at each scrape. */
import type { ProviderMetrics } from '../provider/index.ts';
import type { ProviderKeyStatus } from '../services/health.ts';
import type { WatcherStats } from '../watch/watcher-stats.ts';
import type { NotifierStats } from '../workers/notifier/notifier-types.ts';

/**
 * One provider account's client figures. `account` is the account's name
 * (`default`, `main`, `shop-a`): it becomes the `account` label, so it must
 * never be the key or anything made from it.
 */
export interface AccountProviderMetrics {
  account: string;
  metrics: ProviderMetrics;
}

/** One account's background parts, when they run in this process. */
export interface AccountBackground {
  /** The account's name (the `account` label; never its key). */
  account: string;
  watcher?: WatcherStats | undefined;
  notifier?: NotifierStats | undefined;
  /** The account's provider key at its last check (made at start-up, then now and then). */
  providerKey?: ProviderKeyStatus | undefined;
}

/** The background parts' figures, per account. */
export interface BackgroundStats {
  accounts: readonly AccountBackground[];
}

/** The outbox's backlog as one query reads it. */
export interface OutboxBacklog {
  depth: number;
  parked: number;
  oldestCreatedAt: Date | null;
}

export interface MetricsSources {
  /** Every account's provider client, each once. */
  provider(): readonly AccountProviderMetrics[];
  background(): BackgroundStats;
  /** The outbox's backlog (shared by all accounts, so not labelled); read at each scrape. */
  outbox?(): Promise<OutboxBacklog>;
  now(): number;
}
