/**
 * What the watcher keeps per server and channel (`watches`, `snapshots`,
 * `mutes`): camelCase fields, `Date` values, `null` for absent.
 */

export interface WatchRow {
  /** A server uuid, `'all'` for every server, or a hosting server (`hostingWatchTarget`). */
  target: string;
  channelId: string;
  createdBy: string;
  createdAt: Date;
}

export interface SnapshotRow {
  serverUuid: string;
  name: string | null;
  powerStatus: string | null;
  contractStatus: string | null;
  observedAt: Date;
  /** When `powerStatus` or `contractStatus` last changed. */
  changedAt: Date;
  /** When the power state was last seen to change; null while it is still the one first seen. */
  powerChangedAt: Date | null;
  /**
   * What the watcher knows of the server besides its name, power and contract
   * (src/watch/server-facts.ts reads it back); null when nothing was read yet,
   * or when what is stored cannot be read (damage).
   */
  facts: unknown;
}

export interface SnapshotInput {
  serverUuid: string;
  name?: string | null;
  powerStatus?: string | null;
  contractStatus?: string | null;
  observedAt: Date;
  /** Default: `observedAt` when the statuses differ from the stored ones (or it is new), else unchanged. */
  changedAt?: Date;
  /**
   * Default: `observedAt` when a known power state changed to another one, else
   * unchanged (null for a new server or one whose power was not known yet).
   */
  powerChangedAt?: Date | null;
  /** Stored as JSON; default: unchanged (null for a new server). */
  facts?: unknown;
}

/** A maintenance window: `target` (a server uuid or `'all'`) is not announced in the channel until `until`. */
export interface MuteRow {
  target: string;
  channelId: string;
  until: Date;
  createdBy: string;
  createdAt: Date;
}

/** The parts of a hosting server the watcher reads, one request each. */
export const HOSTING_PARTS = ['domains', 'ssh', 'keys'] as const;
export type HostingPart = (typeof HOSTING_PARTS)[number];

/** One part of a hosting server as the watcher last read it. */
export interface HostingSnapshotRow {
  /** The server's name (its initial domain), lower case. */
  server: string;
  part: HostingPart;
  /** What the watcher keeps of the part (src/watch/hosting-state.ts reads it back); stored as JSON. */
  state: unknown;
  observedAt: Date;
  /** When the part's state last changed: the epoch its changes' dedupe keys build on. */
  changedAt: Date;
}
