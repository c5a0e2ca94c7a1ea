import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, iso, type MutesTable } from './schema.ts';
import { isKeySubject, WATCH_ALL, WATCH_KEY } from './watches.ts';

/** A maintenance window: `target` (a server uuid or `'all'`) is not announced in the channel until `until`. */
export interface MuteRow {
  target: string;
  channelId: string;
  until: Date;
  createdBy: string;
  createdAt: Date;
}

export interface MuteRepo {
  /** Mutes `target` (a server uuid or `'all'`) in the channel until `until`; replaces an earlier mute of it. */
  set(m: { target: string; channelId: string; until: Date; createdBy: string }): Promise<MuteRow>;
  /** Ends the channel's mute of `target`, or every mute of the channel; returns what was removed. */
  remove(channelId: string, target?: string): Promise<MuteRow[]>;
  /** Mutes still in force at `now` (every channel's, or one's), soonest end first. */
  active(now: Date, channelId?: string): Promise<MuteRow[]>;
  /** The mutes in force at `now` that cover one server: its own and every `'all'`. */
  activeFor(serverUuid: string, now: Date): Promise<MuteRow[]>;
  /** Deletes mutes that ended at or before `now`; returns how many. */
  purgeEnded(now: Date): Promise<number>;
}

const toRow = (r: Selectable<MutesTable>): MuteRow => ({
  target: r.target,
  channelId: r.channel_id,
  until: date(r.until),
  createdBy: r.created_by,
  createdAt: date(r.created_at),
});

export function muteRepo(ctx: RepoContext): MuteRepo {
  const { db, clock, account } = ctx;
  return {
    async set({ target, channelId, until, createdBy }) {
      const values = {
        account,
        target,
        channel_id: channelId,
        until: iso(until),
        created_by: createdBy,
        created_at: iso(clock.now()),
      };
      const r = await db
        .insertInto('mutes')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['account', 'target', 'channel_id']).doUpdateSet({
            until: values.until,
            created_by: values.created_by,
            created_at: values.created_at,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(r);
    },

    async remove(channelId, target) {
      let q = db.deleteFrom('mutes').where('account', '=', account).where('channel_id', '=', channelId);
      if (target !== undefined) q = q.where('target', '=', target);
      const rows = await q.returningAll().execute();
      return rows.map(toRow);
    },

    async active(now, channelId) {
      let q = db.selectFrom('mutes').selectAll().where('account', '=', account).where('until', '>', iso(now));
      if (channelId !== undefined) q = q.where('channel_id', '=', channelId);
      return (await q.orderBy('until').orderBy('target').execute()).map(toRow);
    },

    async activeFor(serverUuid, now) {
      const rows = await db
        .selectFrom('mutes')
        .selectAll()
        .where('account', '=', account)
        .where('target', 'in', [serverUuid, WATCH_ALL, ...(isKeySubject(serverUuid) ? [WATCH_KEY] : [])])
        .where('until', '>', iso(now))
        .orderBy('channel_id')
        .orderBy('target')
        .execute();
      return rows.map(toRow);
    },

    async purgeEnded(now) {
      const r = await db
        .deleteFrom('mutes')
        .where('account', '=', account)
        .where('until', '<=', iso(now))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
