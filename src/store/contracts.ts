/**
 * Contract dates (`contracts`): camelCase fields, `Date` values, `null` for
 * absent. A date is a calendar day in Japan, written as the provider writes
 * it (`YYYY-MM-DD`).
 *
 * Two kinds of row: one per server the bot ordered (`signupId` set; its
 * plan, period, auto-renewal and channel are the order's), whose date the
 * provider's signup status gives; and one per server ordered elsewhere whose
 * date a person set by hand (`signupId` null; the API shows a contract's
 * date only for signups). A person may set a date on either; it is kept
 * apart from the provider's, so clearing it brings the provider's back.
 */
import type { Kysely, Migration, Selectable, Updateable } from 'kysely';
import type { RepoContext } from './context.ts';
import { type ContractsTable, date, dateOrNull, iso } from './schema.ts';
import { type SignupRow, toSignupRow } from './signups.ts';

export interface ContractRow {
  /** `signup:<signup id>` for an order placed here, `server:<uuid>` for a date set by hand. */
  id: string;
  signupId: string | null;
  serverUuid: string | null;
  serverName: string | null;
  planId: string | null;
  /** Months. */
  period: number | null;
  /** As ordered; null when the bot does not know (a server ordered in the panel). */
  autoRenew: boolean | null;
  /** Where its reminders go: the order's channel, or where the date was set. */
  channelId: string | null;
  /** `expiry_date` of the signup status, as last read. */
  providerDate: string | null;
  /** When the provider's date was first read as it is now (a reminder due before it is not sent late). */
  providerDateAt: Date | null;
  /** When the signup status was last asked for this contract's date. */
  providerReadAt: Date | null;
  personDate: string | null;
  personDateAt: Date | null;
  personSetBy: string | null;
  /** The date its last reminder was about, and the fewest days before it that were sent. */
  remindedDate: string | null;
  remindedDays: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The date that counts: one set by hand, else the provider's. */
export function contractDate(
  c: Pick<ContractRow, 'personDate' | 'providerDate' | 'personDateAt' | 'providerDateAt'>,
): { date: string; since: Date; by: 'person' | 'provider' } | null {
  if (c.personDate !== null && c.personDateAt !== null)
    return { date: c.personDate, since: c.personDateAt, by: 'person' };
  if (c.providerDate !== null && c.providerDateAt !== null)
    return { date: c.providerDate, since: c.providerDateAt, by: 'provider' };
  return null;
}

/** What an order placed here writes to its contract row. */
export interface ContractOrder {
  signupId: string;
  serverUuid: string | null;
  serverName: string | null;
  planId: string;
  period: number;
  autoRenew: boolean;
  channelId: string;
}

/** A date set by hand on a server (found by its uuid). */
export interface ContractDateInput {
  serverUuid: string;
  serverName: string;
  date: string;
  userId: string;
  /** Where the command was typed: the reminders of a server not ordered here go there. */
  channelId: string;
}

/**
 * Contract dates: what the provider's signup status gave for each order
 * placed here, what people set by hand for the other servers, and the last
 * renewal reminder sent about each.
 */
export interface ContractRepo {
  /**
   * Records a read of an order's signup status: its date (null when the
   * answer had none: `setup_pending`, or one that is not a date), and the
   * server it names. Creates the order's row the first time. A date read
   * again unchanged keeps the moment it was first read; a null never erases
   * one already known.
   */
  recordRead(order: ContractOrder, providerDate: string | null, at: Date): Promise<ContractRow>;
  /**
   * Orders paid and `active` whose date is to be read: none known (never
   * read, or read at or before `retryBefore` without one), or, with
   * `passedBefore` (a `YYYY-MM-DD` day), known as a day before it and last
   * read at or before `retryBefore` (the contract may have renewed). Oldest first.
   */
  undatedOrders(retryBefore: Date, limit: number, passedBefore?: string): Promise<SignupRow[]>;
  get(id: string): Promise<ContractRow | null>;
  /** Every row, oldest first. */
  all(): Promise<ContractRow[]>;
  /** The rows about one server: its order's, or the one of a date set by hand. */
  byServer(serverUuid: string): Promise<ContractRow[]>;
  /**
   * A date set by hand: on the order's row when the server was ordered here,
   * else on a row of its own (created the first time). Returns the row as
   * written and the date set by hand before, if any.
   */
  setByPerson(input: ContractDateInput, at: Date): Promise<{ row: ContractRow; previous: string | null }>;
  /**
   * Removes the date set by hand: an order's row keeps the provider's date, a
   * row of a date set by hand goes. Returns the row as it is now (null when
   * it went or there was none).
   */
  clearByPerson(id: string): Promise<ContractRow | null>;
  /**
   * Records that the reminder `days` before `forDate` was sent, unless one as
   * near or nearer to that date already was (compare-and-set). Run it in the
   * transaction that queues the reminder.
   */
  markReminded(id: string, forDate: string, days: number): Promise<boolean>;
}

const flag = (v: boolean | null): number | null => (v === null ? null : v ? 1 : 0);

export function toContractRow(r: Selectable<ContractsTable>): ContractRow {
  return {
    id: r.id,
    signupId: r.signup_id,
    serverUuid: r.server_uuid,
    serverName: r.server_name,
    planId: r.plan_id,
    period: r.period === null ? null : Number(r.period),
    autoRenew: r.auto_renew === null ? null : Number(r.auto_renew) === 1,
    channelId: r.channel_id,
    providerDate: r.provider_date,
    providerDateAt: dateOrNull(r.provider_date_at),
    providerReadAt: dateOrNull(r.provider_read_at),
    personDate: r.person_date,
    personDateAt: dateOrNull(r.person_date_at),
    personSetBy: r.person_set_by,
    remindedDate: r.reminded_date,
    remindedDays: r.reminded_days === null ? null : Number(r.reminded_days),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

export const orderContractId = (signupId: string): string => `signup:${signupId}`;
export const serverContractId = (serverUuid: string): string => `server:${serverUuid}`;

export function contractRepo(ctx: RepoContext): ContractRepo {
  const { db, clock, account } = ctx;

  async function get(id: string): Promise<ContractRow | null> {
    const r = await db
      .selectFrom('contracts')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toContractRow(r) : null;
  }

  async function update(id: string, set: Updateable<ContractsTable>): Promise<ContractRow | null> {
    const r = await db
      .updateTable('contracts')
      .set({ ...set, updated_at: iso(clock.now()) })
      .where('account', '=', account)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return r ? toContractRow(r) : null;
  }

  return {
    async recordRead(order, providerDate, at) {
      const id = orderContractId(order.signupId);
      const now = iso(clock.now());
      await db
        .insertInto('contracts')
        .values({
          account,
          id,
          signup_id: order.signupId,
          server_uuid: order.serverUuid,
          server_name: order.serverName,
          plan_id: order.planId,
          period: order.period,
          auto_renew: flag(order.autoRenew),
          channel_id: order.channelId,
          provider_date: null,
          provider_date_at: null,
          provider_read_at: null,
          person_date: null,
          person_date_at: null,
          person_set_by: null,
          reminded_date: null,
          reminded_days: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['account', 'id']).doNothing())
        .execute();
      const before = (await get(id))!;
      const set: Updateable<ContractsTable> = { provider_read_at: iso(at) };
      if (order.serverUuid !== null) set.server_uuid = order.serverUuid;
      if (order.serverName !== null) set.server_name = order.serverName;
      if (providerDate !== null && providerDate !== before.providerDate) {
        set.provider_date = providerDate;
        set.provider_date_at = iso(at);
      }
      return (await update(id, set))!;
    },

    async undatedOrders(retryBefore, limit, passedBefore) {
      const rows = await db
        .selectFrom('signups')
        .leftJoin('contracts', (j) =>
          j
            .onRef('contracts.signup_id', '=', 'signups.id')
            .onRef('contracts.account', '=', 'signups.account'),
        )
        .selectAll('signups')
        .where('signups.account', '=', account)
        .where('signups.state', '=', 'active')
        .where('signups.provider_service_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('contracts.id', 'is', null),
            eb.and([
              eb('contracts.provider_date', 'is', null),
              eb.or([
                eb('contracts.provider_read_at', 'is', null),
                eb('contracts.provider_read_at', '<=', iso(retryBefore)),
              ]),
            ]),
            ...(passedBefore === undefined
              ? []
              : [
                  eb.and([
                    eb('contracts.provider_date', '<', passedBefore),
                    eb('contracts.provider_read_at', '<=', iso(retryBefore)),
                  ]),
                ]),
          ]),
        )
        .orderBy('signups.created_at')
        .orderBy('signups.id')
        .limit(limit)
        .execute();
      return rows.map(toSignupRow);
    },

    get,

    async all() {
      const rows = await db
        .selectFrom('contracts')
        .selectAll()
        .where('account', '=', account)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toContractRow);
    },

    async byServer(serverUuid) {
      const rows = await db
        .selectFrom('contracts')
        .selectAll()
        .where('account', '=', account)
        .where('server_uuid', '=', serverUuid)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toContractRow);
    },

    async setByPerson(input, at) {
      const rows = await db
        .selectFrom('contracts')
        .selectAll()
        .where('account', '=', account)
        .where('server_uuid', '=', input.serverUuid)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      // The order's row when the server was ordered here: its plan, period and channel stay.
      const existing = rows.find((r) => r.signup_id !== null) ?? rows[0];
      const set: Updateable<ContractsTable> = {
        server_name: input.serverName,
        person_date: input.date,
        person_date_at: iso(at),
        person_set_by: input.userId,
      };
      if (existing) {
        if (existing.signup_id === null) set.channel_id = input.channelId;
        const row = (await update(existing.id, set))!;
        return { row, previous: existing.person_date };
      }
      const now = iso(clock.now());
      const r = await db
        .insertInto('contracts')
        .values({
          account,
          id: serverContractId(input.serverUuid),
          signup_id: null,
          server_uuid: input.serverUuid,
          server_name: input.serverName,
          plan_id: null,
          period: null,
          auto_renew: null,
          channel_id: input.channelId,
          provider_date: null,
          provider_date_at: null,
          provider_read_at: null,
          person_date: input.date,
          person_date_at: iso(at),
          person_set_by: input.userId,
          reminded_date: null,
          reminded_days: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: toContractRow(r), previous: null };
    },

    async clearByPerson(id) {
      const row = await get(id);
      if (!row) return null;
      if (row.signupId === null) {
        await db.deleteFrom('contracts').where('account', '=', account).where('id', '=', id).execute();
        return null;
      }
      return update(id, { person_date: null, person_date_at: null, person_set_by: null });
    },

    async markReminded(id, forDate, days) {
      const r = await db
        .updateTable('contracts')
        .set({ reminded_date: forDate, reminded_days: days, updated_at: iso(clock.now()) })
        .where('account', '=', account)
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('reminded_date', 'is', null),
            eb('reminded_date', '<>', forDate),
            eb('reminded_days', 'is', null),
            eb('reminded_days', '>', days),
          ]),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

/**
 * Migration 0008 (the list is in migrations.ts). Contract dates: one row per
 * server the bot ordered (its date read from the signup status) and per
 * server whose date a person set by hand, with the last renewal reminder
 * sent for it.
 */
export function contracts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contracts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('signup_id', 'text', (c) => c.unique())
        .addColumn('server_uuid', 'text')
        .addColumn('server_name', 'text')
        .addColumn('plan_id', 'text')
        .addColumn('period', 'integer')
        .addColumn('auto_renew', 'integer')
        .addColumn('channel_id', 'text')
        .addColumn('provider_date', 'text')
        .addColumn('provider_date_at', 'text')
        .addColumn('provider_read_at', 'text')
        .addColumn('person_date', 'text')
        .addColumn('person_date_at', 'text')
        .addColumn('person_set_by', 'text')
        .addColumn('reminded_date', 'text')
        .addColumn('reminded_days', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contracts_server').on('contracts').column('server_uuid').execute();
    },
  };
}
