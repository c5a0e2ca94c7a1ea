/**
 * The watcher as main.ts starts it: adapters, leadership (lease on
 * PostgreSQL, always leader on SQLite) and the Watcher, from the config.
 * The notifier (src/slack/notifier.ts) is built beside it with
 * `isLeader: leadership.isLeader` and woken through `onOutbox`.
 */

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { ProviderClient } from '../provider/index.ts';
import type { Store } from '../store/index.ts';
import { watchProviderFrom, watchStoreFrom } from './adapters.ts';
import { type Clock, realClock, realTimers, type Timers } from './clock.ts';
import { Leadership } from './leader.ts';
import { Watcher } from './watcher.ts';

export interface WatchSettings {
  /** WATCH_INTERVAL_SECONDS */
  intervalSeconds: number;
  /** WATCH_BUDGET_SHARE */
  budgetShare: number;
  /** NOTIFY_CHANNEL */
  notifyChannel?: string | undefined;
  /** WATCH_FLAP_SECONDS (proposed; default 30) */
  flapSeconds?: number | undefined;
  /** WATCH_SETUP_PENDING_MINUTES (proposed; default 120) */
  setupPendingMinutes?: number | undefined;
}

export interface WatcherRuntime {
  watcher: Watcher;
  leadership: Leadership;
  flapWindowMs: number;
}

export function createWatcherRuntime(o: {
  settings: WatchSettings;
  store: Store;
  provider: ProviderClient;
  logger: Logger;
  clock?: Clock;
  timers?: Timers;
  /** This replica's name in the lease table; default host name + random suffix. */
  holder?: string;
  onOutbox?: () => void;
}): WatcherRuntime {
  const clock = o.clock ?? realClock;
  const intervalMs = o.settings.intervalSeconds * 1000;
  const flapWindowMs = (o.settings.flapSeconds ?? 30) * 1000;
  const wstore = watchStoreFrom(o.store);
  const leadership = new Leadership({
    store: wstore,
    holder: o.holder ?? `${hostname()}-${randomUUID().slice(0, 8)}`,
    // Lapses 1.5 intervals after the last renewal; followers try every third of a
    // lapse, so one takes over within two cycles of the leader's death.
    ttlMs: Math.max(3_000, Math.ceil(intervalMs * 1.5)),
    clock,
    alwaysLead: o.store.kind === 'sqlite',
  });
  const watcher = new Watcher({
    provider: watchProviderFrom(o.provider),
    store: wstore,
    logger: o.logger,
    clock,
    timers: o.timers ?? realTimers,
    leadership,
    intervalMs,
    budgetShare: o.settings.budgetShare,
    notifyChannel: o.settings.notifyChannel,
    flapWindowMs,
    setupPendingEscalateMs: (o.settings.setupPendingMinutes ?? 120) * 60_000,
    ...(o.onOutbox ? { onOutbox: o.onOutbox } : {}),
  });
  return { watcher, leadership, flapWindowMs };
}
