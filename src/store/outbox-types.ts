/**
 * Messages to post (`outbox`) and the channels the bot could not post in
 * (`channels`): camelCase fields, `Date` values, `null` for absent.
 */

/**
 * What a row asks the notifier to do. `notice`: post its payload (a digest
 * folds several). The incident kinds: `open` posts the incident's message,
 * `update` edits it (chat.update) to show at least `incidentVersion` changes,
 * `reply` answers in its thread; both wait for the message's ts. `held`: a
 * change while the channel muted its server, posted in one summary when the
 * mute ends.
 */
export const OUTBOX_KINDS = ['notice', 'open', 'update', 'reply', 'held'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxItem {
  id: number;
  dedupeKey: string;
  channelId: string;
  threadTs: string | null;
  /** Whatever JSON the notifier needs; parse it with zod on the way out. */
  payload: unknown;
  attempts: number;
  /** Null once given up on (see `markFailed`) or sent. */
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  /** The Slack `ts` of the posted message. */
  sentTs: string | null;
  lastError: string | null;
  createdAt: Date;
  kind: OutboxKind;
  incidentId: string | null;
  incidentVersion: number | null;
  /** The server uuid the row is about, when it is about one. */
  subject: string | null;
  /** Set while its channel is parked: the row waits for the channel to open. */
  parkedAt: Date | null;
}

export interface OutboxInput {
  dedupeKey: string;
  channelId: string;
  threadTs?: string | null;
  payload: unknown;
  /** Default: now. */
  nextAttemptAt?: Date;
  /** Default `notice`. */
  kind?: OutboxKind;
  incidentId?: string | null;
  incidentVersion?: number | null;
  subject?: string | null;
}

/** A channel the bot could not post in (see `ChannelRepo`). `probeAt` null: open again. */
export interface ChannelRow {
  channelId: string;
  /** Slack's error: `not_in_channel`, `channel_not_found` or `is_archived`. */
  error: string;
  /** Since when (this spell). */
  parkedAt: Date;
  /** When the notifier tries the channel again; null once it could post there. */
  probeAt: Date | null;
  /** When the watches' creators were last notified. */
  toldAt: Date | null;
}
