/**
 * The watcher as main.ts starts it: leadership (lease on PostgreSQL, always
 * leader on SQLite) and the Watcher, from the config. The notifier
 * (src/workers/notifier/) is built beside it with `isLeader: leadership.isLeader`
 * and woken through `onOutbox`.
 */

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { type Clock, realTimers, systemClock, type Timers } from '../clock.ts';
import type { Store } from '../store/index.ts';
import type { KeyUseSettings } from './key-use-watch.ts';
import { Leadership } from './leader.ts';
import { Watcher } from './watcher.ts';
import type { WatcherProvider, WatcherStore } from './watcher-options.ts';

export interface WatchSettings {
  /** WATCH_INTERVAL_SECONDS */
  intervalSeconds: number;
  /** WATCH_BUDGET_SHARE */
  budgetShare: number;
  /** NOTIFY_CHANNEL */
  notifyChannel?: string | undefined;
  /** WATCH_FLAP_SECONDS (default 30) */
  flapSeconds?: number | undefined;
  /** WATCH_SETUP_PENDING_MINUTES (default 120) */
  setupPendingMinutes?: number | undefined;
  /** KEY_EXPECTED_IPS, KEY_AUTH_BURST, KEY_AUTH_WINDOW_MINUTES; the key-use watch is off without them. */
  keyUse?: KeyUseSettings | undefined;
}

export interface WatcherRuntimeOptions {
  settings: WatchSettings;
  /** The watcher's part of the store, and the lease table (`kind` decides who leads). */
  store: WatcherStore & Pick<Store, 'leases' | 'kind'>;
  provider: WatcherProvider;
  logger: Logger;
  /** Default: the system clock. */
  clock?: Clock;
  /** Default: real timers. */
  timers?: Timers;
  /** This replica's name in the lease table; default host name + random suffix. */
  holder?: string;
  /** The lease this replica leads with, when made beforehand (createLeadership); default one of its own. */
  leadership?: Leadership;
  /** Whether this watcher keeps the lease (WatcherOptions.keepsLease). */
  keepsLease?: boolean;
  /** Whether it holds off for now (WatcherOptions.paused: the account's key is refused). */
  paused?: () => boolean;
  /** The hosting servers the provider key names (see WatcherOptions.hostingServers). */
  hostingServers?: () => readonly string[] | undefined;
  onOutbox?: () => void;
}

export interface WatcherRuntime {
  watcher: Watcher;
  leadership: Leadership;
  flapWindowMs: number;
}

/**
 * The lease of the replica that watches and posts: on PostgreSQL one replica
 * leads at a time; with SQLite the one process always leads.
 */
export function createLeadership(
  opts: Pick<WatcherRuntimeOptions, 'settings' | 'store' | 'clock' | 'holder'>,
): Leadership {
  const intervalMs = opts.settings.intervalSeconds * 1000;
  return new Leadership({
    store: opts.store,
    holder: opts.holder ?? `${hostname()}-${randomUUID().slice(0, 8)}`,
    // Lapses 1.5 intervals after the last renewal; followers try every third of a
    // lapse, so one takes over within two cycles of the leader's death.
    ttlMs: Math.max(3_000, Math.ceil(intervalMs * 1.5)),
    clock: opts.clock ?? systemClock,
    alwaysLead: opts.store.kind === 'sqlite',
  });
}

/** The flap window: what follows a notice within it folds into that notice's message. */
export function flapWindowMs(settings: WatchSettings): number {
  return (settings.flapSeconds ?? 30) * 1000;
}

export function createWatcherRuntime(opts: WatcherRuntimeOptions): WatcherRuntime {
  const clock = opts.clock ?? systemClock;
  const intervalMs = opts.settings.intervalSeconds * 1000;
  const flapMs = flapWindowMs(opts.settings);
  const leadership = opts.leadership ?? createLeadership(opts);
  const watcher = new Watcher({
    provider: opts.provider,
    store: opts.store,
    logger: opts.logger,
    clock,
    timers: opts.timers ?? realTimers,
    leadership,
    ...(opts.keepsLease === false ? { keepsLease: false } : {}),
    ...(opts.paused ? { paused: opts.paused } : {}),
    intervalMs,
    budgetShare: opts.settings.budgetShare,
    notifyChannel: opts.settings.notifyChannel,
    flapWindowMs: flapMs,
    setupPendingEscalateMs: (opts.settings.setupPendingMinutes ?? 120) * 60_000,
    hostingServers: opts.hostingServers,
    keyUse: opts.settings.keyUse,
    ...(opts.onOutbox ? { onOutbox: opts.onOutbox } : {}),
  });
  return { watcher, leadership, flapWindowMs: flapMs };
}
