/**
 * The daily digests: one row per Japan day, written by the replica that
 * leads when the day's digest hour comes. Its primary key is the
 * compare-and-set: a second writer (another replica, the same one after a
 * restart) learns the day was written and writes nothing.
 */
import type { Kysely, Migration, Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { type DailyDigestsTable, date, iso } from './schema.ts';

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

export interface DailyDigestRepo {
  /** Writes the day's digest unless that day has one: true when this call wrote it. Use inside `transaction()` beside the outbox rows. */
  claim(d: NewDailyDigest): Promise<boolean>;
  get(day: string): Promise<DailyDigestRow | null>;
  /** Slack accepted the top message as `ts` (kept once set). */
  markPosted(day: string, ts: string): Promise<void>;
}

function reportOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const toRow = (r: Selectable<DailyDigestsTable>): DailyDigestRow => ({
  day: r.day,
  channelId: r.channel_id,
  report: reportOf(r.report),
  pages: Number(r.pages),
  createdAt: date(r.created_at),
  messageTs: r.message_ts,
});

export function dailyDigestRepo(ctx: RepoContext): DailyDigestRepo {
  const { db, clock, account } = ctx;
  return {
    async claim(d) {
      const r = await db
        .insertInto('daily_digests')
        .values({
          account,
          day: d.day,
          channel_id: d.channelId,
          report: JSON.stringify(d.report ?? null),
          pages: d.pages,
          created_at: iso(clock.now()),
          message_ts: null,
        })
        .onConflict((oc) => oc.columns(['account', 'day']).doNothing())
        .returning('day')
        .executeTakeFirst();
      return r !== undefined;
    },

    async get(day) {
      const r = await db
        .selectFrom('daily_digests')
        .selectAll()
        .where('account', '=', account)
        .where('day', '=', day)
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async markPosted(day, ts) {
      await db
        .updateTable('daily_digests')
        .set({ message_ts: ts })
        .where('account', '=', account)
        .where('day', '=', day)
        .where('message_ts', 'is', null)
        .execute();
    },
  };
}

/**
 * Migration 0013 (the list is in migrations.ts). One row per Japan day whose
 * digest was written: its primary key is the compare-and-set that makes it
 * once whatever the replicas and restarts. It keeps the digest as posted
 * (JSON), where it goes, and the ts of its top message once Slack accepted
 * it (its thread's pages wait for that).
 */
export function dailyDigests(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('daily_digests')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .execute();
      await db.schema.createIndex('audit_at').on('audit').columns(['at', 'id']).execute();
    },
  };
}
