/**
 * Channels bound to a provider account from Slack (`/vps account use <name>`),
 * shared by every account: the table says which account a channel works on,
 * so it cannot itself belong to one. A binding in the policy file comes
 * before these (src/services/access/accounts.ts decides).
 */
import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import { type AccountBindingsTable, date, iso } from './schema.ts';

export interface AccountBinding {
  channelId: string;
  account: string;
  /** Who bound it (a Slack user id). */
  boundBy: string;
  boundAt: Date;
}

export interface AccountBindingRepo {
  /** Binds the channel to the account, replacing the binding it had; returns the binding as stored. */
  bind(channelId: string, account: string, boundBy: string): Promise<AccountBinding>;
  /** True when the channel had a binding. */
  unbind(channelId: string): Promise<boolean>;
  /** Every binding, by channel id. */
  all(): Promise<AccountBinding[]>;
  /** The channel's binding; null when it has none. */
  of(channelId: string): Promise<AccountBinding | null>;
}

const toBinding = (r: Selectable<AccountBindingsTable>): AccountBinding => ({
  channelId: r.channel_id,
  account: r.account,
  boundBy: r.bound_by,
  boundAt: date(r.bound_at),
});

export function accountBindingRepo(ctx: RepoContext): AccountBindingRepo {
  const { db, clock } = ctx;
  return {
    async bind(channelId, account, boundBy) {
      const values = { channel_id: channelId, account, bound_by: boundBy, bound_at: iso(clock.now()) };
      const r = await db
        .insertInto('account_bindings')
        .values(values)
        .onConflict((oc) =>
          oc
            .column('channel_id')
            .doUpdateSet({ account: values.account, bound_by: values.bound_by, bound_at: values.bound_at }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBinding(r);
    },

    async unbind(channelId) {
      const r = await db
        .deleteFrom('account_bindings')
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async all() {
      const rows = await db.selectFrom('account_bindings').selectAll().orderBy('channel_id').execute();
      return rows.map(toBinding);
    },

    async of(channelId) {
      const r = await db
        .selectFrom('account_bindings')
        .selectAll()
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return r ? toBinding(r) : null;
    },
  };
}
