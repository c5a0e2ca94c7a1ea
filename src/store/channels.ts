import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import type { ChannelRow } from './outbox-types.ts';
import { type ChannelsTable, date, dateOrNull, iso } from './schema.ts';

/**
 * Channels the bot cannot post in. A channel is parked when Slack refused a
 * call there for good (`not_in_channel`, `channel_not_found`, `is_archived`):
 * its outbox rows wait (`OutboxRepo.parkChannel`) instead of being retried,
 * and it is probed again at `probeAt`. Whether the people who set up its
 * watches were notified is kept here, so that a restart or another replica
 * does not notify them twice.
 */
export interface ChannelRepo {
  /**
   * Parks the channel (new, or open again after an earlier spell). `parked`:
   * this call parked it (false when it already was); `tell`: its watches'
   * creators should be notified now (not since `tellAgainAfter`), and the
   * row now says they were. A channel opened at or after `sameSpellAfter`
   * (its probe failed) keeps its `parkedAt`. Run it in the transaction that
   * parks the rows.
   */
  park(
    channelId: string,
    error: string,
    o: { at: Date; probeAt: Date; tellAgainAfter: Date; sameSpellAfter: Date },
  ): Promise<{ parked: boolean; tell: boolean }>;
  /** The channels parked now, next probe first. */
  parked(): Promise<ChannelRow[]>;
  get(channelId: string): Promise<ChannelRow | null>;
  /** Moves a parked channel's next probe (sooner after `/vps watch` proved the bot can post there). False when it is not parked. */
  probeAt(channelId: string, at: Date): Promise<boolean>;
  /**
   * Opens a parked channel whose probe is `expected` (compare-and-set: of two
   * notifiers, one opens it). False when it was not parked, or probed meanwhile.
   */
  open(channelId: string, expected: Date): Promise<boolean>;
}

const toRow = (r: Selectable<ChannelsTable>): ChannelRow => ({
  channelId: r.channel_id,
  error: r.error,
  parkedAt: date(r.parked_at),
  probeAt: dateOrNull(r.probe_at),
  toldAt: dateOrNull(r.told_at),
});

export function channelRepo(ctx: RepoContext): ChannelRepo {
  const { db, clock, account } = ctx;
  return {
    async park(channelId, error, o) {
      const created = await db
        .insertInto('channels')
        .values({
          account,
          channel_id: channelId,
          error,
          parked_at: iso(o.at),
          probe_at: iso(o.probeAt),
          told_at: iso(o.at),
          updated_at: iso(clock.now()),
        })
        .onConflict((oc) => oc.columns(['account', 'channel_id']).doNothing())
        .returning('channel_id')
        .executeTakeFirst();
      if (created) return { parked: true, tell: true };
      // Open again: park it only if nobody did meanwhile. Opened just now (the probe failed),
      // it is the same spell.
      const was = await db
        .selectFrom('channels')
        .select('updated_at')
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      const sameSpell = was !== undefined && date(was.updated_at) >= o.sameSpellAfter;
      const reparked = await db
        .updateTable('channels')
        .set({
          error,
          ...(sameSpell ? {} : { parked_at: iso(o.at) }),
          probe_at: iso(o.probeAt),
          updated_at: iso(clock.now()),
        })
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .where('probe_at', 'is', null)
        .returning('channel_id')
        .executeTakeFirst();
      if (!reparked) return { parked: false, tell: false };
      const told = await db
        .updateTable('channels')
        .set({ told_at: iso(o.at) })
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .where((eb) => eb.or([eb('told_at', 'is', null), eb('told_at', '<', iso(o.tellAgainAfter))]))
        .returning('channel_id')
        .executeTakeFirst();
      return { parked: true, tell: told !== undefined };
    },

    async parked() {
      const rows = await db
        .selectFrom('channels')
        .selectAll()
        .where('account', '=', account)
        .where('probe_at', 'is not', null)
        .orderBy('probe_at')
        .orderBy('channel_id')
        .execute();
      return rows.map(toRow);
    },

    async get(channelId) {
      const r = await db
        .selectFrom('channels')
        .selectAll()
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return r ? toRow(r) : null;
    },

    async probeAt(channelId, at) {
      const r = await db
        .updateTable('channels')
        .set({ probe_at: iso(at), updated_at: iso(clock.now()) })
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .where('probe_at', 'is not', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async open(channelId, expected) {
      const r = await db
        .updateTable('channels')
        .set({ probe_at: null, updated_at: iso(clock.now()) })
        .where('account', '=', account)
        .where('channel_id', '=', channelId)
        .where('probe_at', '=', iso(expected))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
