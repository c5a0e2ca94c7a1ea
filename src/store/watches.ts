import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, iso, type WatchesTable } from './schema.ts';

export interface WatchRow {
  /** A server uuid, `'all'` for every server, or a hosting server (`hostingWatchTarget`). */
  target: string;
  channelId: string;
  createdBy: string;
  createdAt: Date;
}

export const WATCH_ALL = 'all';
/** The provider key's use (`/vps watch key`): strangers' requests and bursts of refusals in its log. */
export const WATCH_KEY = 'key';
/** The subjects of the key's alarms (`key-use:<ip>`, `key-auth`, `key`): what a mute of `key` covers. */
export const isKeySubject = (subject: string): boolean =>
  subject === WATCH_KEY || subject === 'key-auth' || subject.startsWith('key-use:');

/** A hosting server's watch target: its name (initial domain, lower case) behind a prefix no uuid has. */
const HOSTING_PREFIX = 'hosting:';
export const hostingWatchTarget = (server: string): string => `${HOSTING_PREFIX}${server.toLowerCase()}`;
/** The hosting server a watch target names; undefined for a server uuid or `'all'`. */
export const hostingOfTarget = (target: string): string | undefined =>
  target.startsWith(HOSTING_PREFIX) ? target.slice(HOSTING_PREFIX.length) : undefined;

export interface WatchRepo {
  /** Subscribes a channel to a server uuid, `'all'` or a hosting server (`hostingWatchTarget`); true when new. */
  add(w: { target: string; channelId: string; createdBy: string }): Promise<boolean>;
  /** True when something was removed. */
  remove(target: string, channelId: string): Promise<boolean>;
  /** Every subscription, or a channel's; oldest first. */
  list(channelId?: string): Promise<WatchRow[]>;
  /** The subscriptions that cover one server: its own and every `'all'`. */
  forServer(serverUuid: string): Promise<WatchRow[]>;
}

const toRow = (r: Selectable<WatchesTable>): WatchRow => ({
  target: r.target,
  channelId: r.channel_id,
  createdBy: r.created_by,
  createdAt: date(r.created_at),
});

export function watchRepo(ctx: RepoContext): WatchRepo {
  const { db, clock, account } = ctx;
  return {
    async add({ target, channelId, createdBy }) {
      const r = await db
        .insertInto('watches')
        .values({
          account,
          target,
          channel_id: channelId,
          created_by: createdBy,
          created_at: iso(clock.now()),
        })
        .onConflict((oc) => oc.columns(['account', 'target', 'channel_id']).doNothing())
        .returning('target')
        .executeTakeFirst();
      return r !== undefined;
    },

    async remove(target, channelId) {
      const r = await db
        .deleteFrom('watches')
        .where('account', '=', account)
        .where('target', '=', target)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async list(channelId) {
      let q = db.selectFrom('watches').selectAll().where('account', '=', account);
      if (channelId !== undefined) q = q.where('channel_id', '=', channelId);
      return (await q.orderBy('created_at').orderBy('target').orderBy('channel_id').execute()).map(toRow);
    },

    async forServer(serverUuid) {
      const rows = await db
        .selectFrom('watches')
        .selectAll()
        .where('account', '=', account)
        .where('target', 'in', [serverUuid, WATCH_ALL])
        .orderBy('channel_id')
        .orderBy('target')
        .execute();
      return rows.map(toRow);
    },
  };
}
