/**
 * What the watcher keeps per server and channel (`watches`, `snapshots`,
 * `mutes`): camelCase fields, `Date` values, `null` for absent.
 */

export interface WatchRow {
  /** A server uuid, or `'all'` for every server. */
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
}

/** A maintenance window: `target` (a server uuid or `'all'`) is not announced in the channel until `until`. */
export interface MuteRow {
  target: string;
  channelId: string;
  until: Date;
  createdBy: string;
  createdAt: Date;
}
