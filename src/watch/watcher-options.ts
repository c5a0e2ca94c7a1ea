/** What the watcher is built from: the client and store it may use, and its settings. */
import type { Logger } from 'pino';
import type { Clock, Timers } from '../clock.ts';
import type { ProviderClient } from '../provider/index.ts';
import type { Store } from '../store/index.ts';
import type { PowerTransition } from './changes.ts';
import type { KeyUseSettings } from './key-use-watch.ts';
import type { Leadership } from './leader.ts';

/** What the watcher calls on the provider client (always at background priority). */
export type WatcherProvider = Pick<
  ProviderClient,
  'rateLimit' | 'daily' | 'listServers' | 'getServer' | 'signupStatus' | 'hosting' | 'logs'
>;

/** What the watcher reads and writes in the store (outbox rows go in through `transaction`). */
export type WatcherStore = Pick<
  Store,
  | 'snapshots'
  | 'hostingSnapshots'
  | 'watches'
  | 'signups'
  | 'contracts'
  | 'incidents'
  | 'keyLog'
  | 'keyRequests'
  | 'transaction'
>;

export interface WatcherOptions {
  provider: WatcherProvider;
  store: WatcherStore;
  logger: Logger;
  clock: Clock;
  timers: Timers;
  leadership: Leadership;
  /**
   * Whether this watcher keeps the lease (renews it, hands it back when it
   * stops): with several provider accounts one watcher per account shares one
   * lease, and only the first keeps it (default true).
   */
  keepsLease?: boolean;
  /**
   * Whether to hold off for now: the account's key is refused (every request
   * would answer 401), so the watcher spends none of its budget until a key
   * check finds it works again (default: never).
   */
  paused?: () => boolean;
  /** WATCH_INTERVAL_SECONDS in ms: the shortest cycle; the budget may stretch it. */
  intervalMs: number;
  /** WATCH_BUDGET_SHARE: share of each rate-limit window the watcher may use. */
  budgetShare: number;
  /** NOTIFY_CHANNEL: receives every change when set. */
  notifyChannel?: string | undefined;
  /**
   * The hosting servers the provider key names (a `selected` key's targets),
   * read for NOTIFY_CHANNEL besides those a channel watches; undefined when
   * the key covers every server (no endpoint lists them) or is not known yet.
   */
  hostingServers?: (() => readonly string[] | undefined) | undefined;
  /**
   * The key-use watch (key-use-watch.ts): KEY_EXPECTED_IPS and the refusals'
   * burst. Off when undefined: only a client that journals its requests
   * (`sentRequests`, as main.ts builds it) may turn it on, or every request
   * would be a stranger's.
   */
  keyUse?: KeyUseSettings | undefined;
  /** A server in `processing` is read again this soon (default: interval / 4, at most 15 s). */
  processingRecheckMs?: number;
  /**
   * Changes within this long of an incident's first one edit its message; a
   * server that changed is re-read at the processing cadence this long (default 30 s).
   */
  flapWindowMs?: number;
  /** Submitted signups are asked about this often (default: interval / 2, at most 30 s). */
  signupRecheckMs?: number;
  /** A `setup_pending` signup older than this is escalated (default 2 h). */
  setupPendingEscalateMs?: number;
  /** Parallel background requests at most (further capped by the concurrency headers). */
  maxWorkers?: number;
  /** Called after every committed power change (metrics, the benchmark). */
  onTransition?: (t: PowerTransition) => void;
  /** Called when new outbox rows may be waiting (wakes the notifier). */
  onOutbox?: () => void;
}
