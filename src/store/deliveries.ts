import type { RepoContext } from './context.ts';
import { iso } from './schema.ts';

export interface DeliveryRepo {
  /**
   * True the first time `key` is seen within `ttlMs` (a Slack retry of the same
   * delivery, or the same delivery reaching another replica, gets false).
   * An expired key counts as new again.
   */
  firstSeen(key: string, ttlMs: number): Promise<boolean>;
  /** Deletes keys whose time is up; returns how many. */
  purgeExpired(now?: Date): Promise<number>;
}

// Cleanup rides along with every this-many firstSeen calls, so nobody has to schedule it.
const PURGE_EVERY = 200;

export function deliveryRepo(ctx: RepoContext, counter: { calls: number }): DeliveryRepo {
  const { db, clock } = ctx;

  async function purgeExpired(at?: Date): Promise<number> {
    const r = await db
      .deleteFrom('deliveries')
      .where('expires_at', '<=', iso(at ?? clock.now()))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  return {
    async firstSeen(key, ttlMs) {
      const now = clock.now();
      const seenAt = iso(now);
      const r = await db
        .insertInto('deliveries')
        .values({ key, seen_at: seenAt, expires_at: iso(new Date(now.getTime() + ttlMs)) })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({
              seen_at: eb.ref('excluded.seen_at'),
              expires_at: eb.ref('excluded.expires_at'),
            }))
            .where('deliveries.expires_at', '<=', seenAt),
        )
        .returning('key')
        .executeTakeFirst();
      counter.calls += 1;
      if (counter.calls % PURGE_EVERY === 0 && !db.isTransaction) await purgeExpired(now);
      return r !== undefined;
    },
    purgeExpired,
  };
}
