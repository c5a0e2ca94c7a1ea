/**
 * The people who opened the app's Home tab, so every replica (and the bot
 * after a restart) knows whose Home to publish again when something it shows
 * changes. One small row per person: flagged stale by whoever made a change
 * (`touch`), read by the one publisher (`stale`) and cleared by it only up to
 * the generation it saw (`settle`), so a change made while a view was being
 * published is never lost.
 */
import type { Kysely, Migration, Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, dateOrNull, type HomeViewersTable, iso } from './schema.ts';

export interface HomeViewer {
  userId: string;
  /** When they last opened their Home. */
  openedAt: Date;
  /** Since when what their Home shows may have changed; null while it is published as it is. */
  staleSince: Date | null;
  /** Bumped by every `touch`: a publish that read generation n clears the flag only if no later one came. */
  staleGen: number;
  /** The fingerprint of the view last published to them; null: publish whatever it is. */
  viewHash: string | null;
  publishedAt: Date | null;
}

export interface HomeViewerRepo {
  /**
   * They opened their Home now: remembered (or its time moved), and flagged
   * to be published whatever was published before.
   */
  opened(userId: string, at: Date): Promise<void>;
  /** Flags the Homes of these people (all who opened one when omitted) to be drawn again; returns how many. */
  touch(at: Date, userIds?: readonly string[]): Promise<number>;
  /** The stale ones, the longest waiting first. */
  stale(limit: number): Promise<HomeViewer[]>;
  get(userId: string): Promise<HomeViewer | null>;
  /**
   * Their Home was drawn at generation `seenGen`: the view's fingerprint is
   * kept when it was published (`published`), and the stale flag is cleared
   * unless a later `touch` came meanwhile. True when it was cleared.
   */
  settle(userId: string, seenGen: number, published?: { hash: string; at: Date }): Promise<boolean>;
  /** Slack will never show them a Home again (the person is gone). */
  forget(userId: string): Promise<void>;
  /** Forgets those who have not opened their Home since `before`; returns how many. */
  purgeQuiet(before: Date): Promise<number>;
}

const toViewer = (r: Selectable<HomeViewersTable>): HomeViewer => ({
  userId: r.user_id,
  openedAt: date(r.opened_at),
  staleSince: dateOrNull(r.stale_since),
  staleGen: Number(r.stale_gen),
  viewHash: r.view_hash,
  publishedAt: dateOrNull(r.published_at),
});

export function homeViewerRepo(ctx: RepoContext): HomeViewerRepo {
  const { db } = ctx;
  return {
    async opened(userId, at) {
      const now = iso(at);
      await db
        .insertInto('home_viewers')
        .values({ user_id: userId, opened_at: now, stale_since: now, stale_gen: 1, view_hash: null })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            opened_at: now,
            stale_since: eb.fn.coalesce('home_viewers.stale_since', eb.val(now)),
            stale_gen: eb('home_viewers.stale_gen', '+', 1),
            view_hash: null,
          })),
        )
        .execute();
    },

    async touch(at, userIds) {
      if (userIds !== undefined && userIds.length === 0) return 0;
      let q = db.updateTable('home_viewers').set((eb) => ({
        stale_since: eb.fn.coalesce('stale_since', eb.val(iso(at))),
        stale_gen: eb('stale_gen', '+', 1),
      }));
      if (userIds !== undefined) q = q.where('user_id', 'in', [...new Set(userIds)]);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async stale(limit) {
      const rows = await db
        .selectFrom('home_viewers')
        .selectAll()
        .where('stale_since', 'is not', null)
        .orderBy('stale_since')
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map(toViewer);
    },

    async get(userId) {
      const r = await db
        .selectFrom('home_viewers')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r ? toViewer(r) : null;
    },

    async settle(userId, seenGen, published) {
      if (published) {
        await db
          .updateTable('home_viewers')
          .set({ view_hash: published.hash, published_at: iso(published.at) })
          .where('user_id', '=', userId)
          .execute();
      }
      const r = await db
        .updateTable('home_viewers')
        .set({ stale_since: null })
        .where('user_id', '=', userId)
        .where('stale_gen', '=', seenGen)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async forget(userId) {
      await db.deleteFrom('home_viewers').where('user_id', '=', userId).execute();
    },

    async purgeQuiet(before) {
      const r = await db.deleteFrom('home_viewers').where('opened_at', '<', iso(before)).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

/**
 * Migration 0012 (the list is in migrations.ts). One row per person who
 * opened the Home: when they last opened it, whether what it shows may have
 * changed since it was last published (`stale_since`, with a counter every
 * `touch` bumps, so a publish clears only what it saw), and the
 * fingerprint of the view last published (an unchanged view is not published
 * again).
 */
export function homeViewers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('home_viewers')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('stale_since', 'text')
        .addColumn('stale_gen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_hash', 'text')
        .addColumn('published_at', 'text')
        .execute();
      await db.schema.createIndex('home_viewers_stale').on('home_viewers').column('stale_since').execute();
    },
  };
}
