/**
 * What the watcher needs from the provider client and the store, stated
 * narrowly so that `src/watch/` depends on behaviour, not on those modules'
 * full surfaces. `adapters.ts` maps the real ProviderClient and Store onto
 * these.
 */

import type { PowerStatus } from '../provider/index.ts';

export { POWER_STATUSES, type PowerStatus } from '../provider/index.ts';

/** `gone` is the watcher's own mark for a server that left the list. */
export type ContractStatus = 'active' | 'suspended' | 'gone';

export type Lane = 'interactive' | 'background';
export interface CallOptions {
  lane: Lane;
}

/** The last X-RateLimit-* values the client saw (provider-notes.md). */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** End of the window, Unix epoch seconds. */
  reset: number;
  concurrentLimit: number;
  concurrentRemaining: number;
  /** When these were read, epoch milliseconds. */
  seenAt: number;
}

export interface ServerSummary {
  uuid: string;
  name: string;
  status: string;
  ip_address: string | null;
}

export interface ServerDetail {
  uuid: string;
  name: string;
  status: string;
  ip_address: string | null;
  power: { status: string };
}

export interface SignupStatusView {
  id: number | string;
  uuid: string | null;
  name: string;
  status: string;
}

export interface WatchProvider {
  /** Undefined until the first answer carried the headers. */
  readonly rateLimit: RateLimitInfo | undefined;
  listServers(o: CallOptions): Promise<ServerSummary[]>;
  getServer(uuid: string, o: CallOptions): Promise<ServerDetail>;
  signupStatus(id: string, o: CallOptions): Promise<SignupStatusView>;
}

export interface Snapshot {
  uuid: string;
  name: string;
  /** Null until the first detail call has read it. */
  powerStatus: PowerStatus | null;
  contractStatus: ContractStatus;
  /** Last time the power state was read (detail call), epoch ms; 0 = never. */
  observedAt: number;
  /** When the power state last changed (or was first seen), epoch ms. */
  changedAt: number;
}

export interface OutboxRow {
  id: number | string;
  dedupeKey: string;
  channelId: string;
  threadTs: string | null;
  payload: unknown;
  attempts: number;
  nextAttemptAt: number;
  sentAt: number | null;
}

export interface OutboxEntry {
  dedupeKey: string;
  channelId: string;
  threadTs?: string | null;
  payload: unknown;
  /** Earliest time the notifier may post it (power changes wait out the flap window). */
  nextAttemptAt: number;
}

export interface WatchSubscription {
  target: string;
  channelId: string;
}

/** A paid signup the bot submitted and the provider has not finished yet. */
export interface TrackedSignup {
  id: string;
  providerServiceId: string;
  providerStatus: string;
  channelId: string;
  /** The approval message; completion is posted in its thread. */
  messageTs: string | null;
  requesterId: string;
  /** When the provider accepted it, epoch ms. */
  submittedAt: number;
  name: string | null;
}

export interface WatchTx {
  snapshots: {
    get(uuid: string): Promise<Snapshot | undefined>;
    upsert(s: Snapshot): Promise<void>;
  };
  outbox: {
    /** True when the row is new; false when its dedupe key was already there. */
    enqueue(e: OutboxEntry): Promise<boolean>;
  };
  signups: {
    setProviderStatus(id: string, status: string): Promise<void>;
    /** `submitted` -> `active`; false when the signup was no longer `submitted` (someone else finished it). */
    markActive(id: string, uuid: string, ip: string | null): Promise<boolean>;
  };
}

export interface WatchStore extends WatchTx {
  snapshots: WatchTx['snapshots'] & { all(): Promise<Snapshot[]> };
  watches: {
    list(): Promise<WatchSubscription[]>;
  };
  signups: WatchTx['signups'] & {
    /** Signups in state `submitted` (provider status building / setup_pending). */
    tracking(): Promise<TrackedSignup[]>;
  };
  leases: {
    /** Takes or renews the lease; true when `holder` holds it for `ttlMs` from now. */
    acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
    release(name: string, holder: string): Promise<void>;
  };
  transaction<T>(fn: (tx: WatchTx) => Promise<T>): Promise<T>;
}

export interface OutboxStore {
  due(now: number, limit: number): Promise<OutboxRow[]>;
  markSent(id: OutboxRow['id'], at: number): Promise<void>;
  markFailed(id: OutboxRow['id'], nextAttemptAt: number, error: string): Promise<void>;
}
