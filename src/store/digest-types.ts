/** The daily digests (`daily_digests`) in and out of the store: camelCase fields, `Date` values, `null` for absent. */

/** A day's digest as it was written: once per Japan day, whatever the replicas and restarts. */
export interface DailyDigestRow {
  /** The Japan day (`YYYY-MM-DD`) whose digest it is. */
  day: string;
  channelId: string;
  /** The digest as posted, read back as JSON (the digest service reads it with its schema). */
  report: unknown;
  /** Messages in its thread, after the top one. */
  pages: number;
  createdAt: Date;
  /** The top message's ts once Slack accepted it; null until then. */
  messageTs: string | null;
}

export interface NewDailyDigest {
  day: string;
  channelId: string;
  report: unknown;
  pages: number;
}
