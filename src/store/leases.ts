import type { RepoContext } from './context.ts';
import { date, iso } from './schema.ts';

export interface LeaseHolder {
  holder: string;
  expiresAt: Date;
}

export interface LeaseRepo {
  /**
   * Takes the lease when it is free, expired, or already `holder`'s (then it is
   * renewed for `ttlMs` from now). One atomic upsert: of replicas racing for a
   * lapsed lease exactly one gets true.
   */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` has it; true when it did. */
  release(name: string, holder: string): Promise<boolean>;
  /** The current, unexpired holder, or null. */
  holder(name: string): Promise<LeaseHolder | null>;
}

export function leaseRepo(ctx: RepoContext): LeaseRepo {
  const { db, clock } = ctx;
  return {
    async acquire(name, holder, ttlMs) {
      const now = clock.now();
      const values = {
        name,
        holder,
        acquired_at: iso(now),
        expires_at: iso(new Date(now.getTime() + ttlMs)),
      };
      const r = await db
        .insertInto('leases')
        .values(values)
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((eb) => ({
              holder: eb.ref('excluded.holder'),
              expires_at: eb.ref('excluded.expires_at'),
              // A renewal keeps when the holder first took it.
              acquired_at: eb
                .case()
                .when('leases.holder', '=', eb.ref('excluded.holder'))
                .then(eb.ref('leases.acquired_at'))
                .else(eb.ref('excluded.acquired_at'))
                .end(),
            }))
            .where((eb) =>
              eb.or([
                eb('leases.holder', '=', eb.ref('excluded.holder')),
                eb('leases.expires_at', '<=', values.acquired_at),
              ]),
            ),
        )
        .returning('holder')
        .executeTakeFirst();
      return r?.holder === holder;
    },

    async release(name, holder) {
      const r = await db
        .deleteFrom('leases')
        .where('name', '=', name)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async holder(name) {
      const r = await db
        .selectFrom('leases')
        .select(['holder', 'expires_at'])
        .where('name', '=', name)
        .where('expires_at', '>', iso(clock.now()))
        .executeTakeFirst();
      return r ? { holder: r.holder, expiresAt: date(r.expires_at) } : null;
    },
  };
}
