/**
 * What the key-use watch keeps (`key_requests`, `key_log`): camelCase
 * fields, `Date` values for instants of rows, epoch ms inside JSON.
 */

/** A request the bot sent with the provider key, as a replica journaled it. */
export interface KeyRequestRow {
  id: number;
  method: string;
  /** The path as the key's log names it (no query). */
  path: string;
  sentAt: Date;
}

export type NewKeyRequest = Omit<KeyRequestRow, 'id'>;

/** A 401 or 403 answer in the key's log that the bot did not cause. */
export interface DeniedRequest {
  /** The log's time (epoch ms). */
  at: number;
  ip: string;
  status: number;
}

/** Requests from one range of KEY_EXPECTED_IPS since the watch began. */
export interface ExpectedCount {
  count: number;
  /** The last one's time in the log (epoch ms). */
  lastAt: number;
}

/** What the reading knows of the log past the last span judged. */
export interface KeyLogAhead {
  /** The log was looked at up to this instant (epoch ms, the end of a whole second). */
  through: number;
  /**
   * Entries judged there at the first read that saw them (from addresses the
   * bot never sent from), named by the key-use watch, and how many such: the
   * read that judges their span skips them.
   */
  judged: Record<string, number>;
  /** The newest entry the log has shown (epoch ms, the provider's clock); 0 before any. */
  seen: number;
}

/** Where the reading of the key's API log stands: one row every replica shares. */
export interface KeyLogState {
  /** Every log entry up to this instant has been judged (the end of a whole second). */
  judgedThrough: Date;
  /** The bot's own source addresses, learned from matches: address -> last matched (epoch ms). */
  ownIps: Record<string, number>;
  /** Refused requests within the burst window, oldest first. */
  denied: DeniedRequest[];
  /** KEY_EXPECTED_IPS range as configured -> its count. */
  expected: Record<string, ExpectedCount>;
  /** Past `judgedThrough`. */
  ahead: KeyLogAhead;
  /** Bumped by every write (compare-and-set). */
  version: number;
  updatedAt: Date;
}

export type KeyLogInput = Omit<KeyLogState, 'version' | 'updatedAt'>;
