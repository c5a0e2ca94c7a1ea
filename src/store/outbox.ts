import type { Selectable } from 'kysely';
import { DEFAULT_ACCOUNT, type RepoContext } from './context.ts';
import { OUTBOX_KINDS, type OutboxInput, type OutboxItem, type OutboxKind } from './outbox-types.ts';
import { date, dateOrNull, iso, isoOrNull, type OutboxTable } from './schema.ts';
import { WATCH_KEY } from './watches.ts';

export interface OutboxRepo {
  /**
   * Queues a message. `dedupeKey` is unique: a second enqueue with the same key
   * (a restart, a replay, another replica) is a no-op and returns `{ created: false }`.
   * Works inside `transaction()` beside a snapshot upsert.
   */
  enqueue(item: OutboxInput): Promise<{ created: boolean; id: number | null }>;
  /**
   * Unsent items whose next attempt is due, oldest first (per channel order is
   * queue order); only those of `kinds` when given.
   */
  due(now: Date, limit: number, opts?: { kinds?: readonly OutboxKind[] }): Promise<OutboxItem[]>;
  /**
   * Like `due`, but takes the items: their next attempt moves `holdMs` ahead in
   * the same UPDATE, so another replica's notifier does not post them too. An
   * item not marked sent or failed within `holdMs` becomes due again.
   */
  claimDue(now: Date, limit: number, holdMs: number): Promise<OutboxItem[]>;
  get(id: number): Promise<OutboxItem | null>;
  /** `ts` is the Slack message ts. */
  markSent(id: number, ts: string | null): Promise<void>;
  /** Counts an attempt; `nextAttemptAt` null gives up on the item (it stays, unsent, for inspection). */
  markFailed(id: number, error: string, nextAttemptAt: Date | null): Promise<void>;
  /** Deletes items sent at or before `before`; returns how many. */
  purgeSent(before: Date): Promise<number>;
  /**
   * Moves the unsent `held` rows of a channel (of one server when `subject` is
   * given) to `at`: a mute ended early, or its end moved. Returns how many.
   */
  rescheduleHeld(o: { channelId: string; subject?: string | undefined; at: Date }): Promise<number>;
  /**
   * The channel was parked (the bot cannot post there): its unsent rows stop
   * being due and wait as parked. A `held` row whose mute has not ended
   * (due after `now`) keeps its time. Returns how many were parked.
   */
  parkChannel(channelId: string, now: Date): Promise<number>;
  /** The channel's parked rows, oldest first. */
  parkedRows(channelId: string): Promise<OutboxItem[]>;
  /** These parked rows were covered by the channel's backlog summary (posted as `ts`): they are done. */
  markSummarised(ids: readonly number[], ts: string | null): Promise<void>;
  /** The channel opened: its parked rows are due at `at`. Returns how many. */
  unparkChannel(channelId: string, at: Date): Promise<number>;
  /**
   * What waits to be posted, for /metrics: unsent rows still to be tried (due
   * now or later, parked ones included; given-up rows not), how many of them
   * are parked, and when the oldest was written.
   */
  backlog(): Promise<{ depth: number; parked: number; oldestCreatedAt: Date | null }>;
}

const MAX_ERROR_CHARS = 2000;

const kindOf = (k: string): OutboxKind =>
  (OUTBOX_KINDS as readonly string[]).includes(k) ? (k as OutboxKind) : 'notice';

const toItem = (r: Selectable<OutboxTable>): OutboxItem => ({
  id: Number(r.id),
  // As the caller wrote it (the account's prefix is the store's own).
  dedupeKey: r.account === DEFAULT_ACCOUNT ? r.dedupe_key : r.dedupe_key.slice(r.account.length + 1),
  channelId: r.channel_id,
  threadTs: r.thread_ts,
  payload: JSON.parse(r.payload) as unknown,
  attempts: Number(r.attempts),
  nextAttemptAt: dateOrNull(r.next_attempt_at),
  sentAt: dateOrNull(r.sent_at),
  sentTs: r.sent_ts,
  lastError: r.last_error,
  createdAt: date(r.created_at),
  kind: kindOf(r.kind),
  incidentId: r.incident_id,
  incidentVersion: r.incident_version === null ? null : Number(r.incident_version),
  subject: r.subject,
  parkedAt: dateOrNull(r.parked_at),
});

/**
 * A dedupe key as stored: the default account's as it always was, another
 * account's behind its name, so that two accounts' same change (the same
 * incident id, the same channel) are two rows.
 */
const storedKey = (account: string, key: string): string =>
  account === DEFAULT_ACCOUNT ? key : `${account}:${key}`;

export function outboxRepo(ctx: RepoContext): OutboxRepo {
  const { db, clock, account } = ctx;
  return {
    async enqueue(item) {
      const now = clock.now();
      const r = await db
        .insertInto('outbox')
        .values({
          account,
          dedupe_key: storedKey(account, item.dedupeKey),
          channel_id: item.channelId,
          thread_ts: item.threadTs ?? null,
          payload: JSON.stringify(item.payload ?? null),
          attempts: 0,
          next_attempt_at: iso(item.nextAttemptAt ?? now),
          sent_at: null,
          sent_ts: null,
          last_error: null,
          created_at: iso(now),
          kind: item.kind ?? 'notice',
          incident_id: item.incidentId ?? null,
          incident_version: item.incidentVersion ?? null,
          subject: item.subject ?? null,
          parked_at: null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r ? { created: true, id: Number(r.id) } : { created: false, id: null };
    },

    async due(now, limit, opts = {}) {
      let q = db
        .selectFrom('outbox')
        .where('account', '=', account)
        .selectAll()
        .where('sent_at', 'is', null)
        .where('next_attempt_at', 'is not', null)
        .where('next_attempt_at', '<=', iso(now));
      if (opts.kinds) q = q.where('kind', 'in', [...opts.kinds]);
      const rows = await q.orderBy('id').limit(limit).execute();
      return rows.map(toItem);
    },

    async claimDue(now, limit, holdMs) {
      const at = iso(now);
      const rows = await db
        .updateTable('outbox')
        .where('account', '=', account)
        .set({ next_attempt_at: iso(new Date(now.getTime() + holdMs)) })
        .where('id', 'in', (eb) => {
          const due = eb
            .selectFrom('outbox')
            .where('account', '=', account)
            .select('id')
            .where('sent_at', 'is', null)
            .where('next_attempt_at', 'is not', null)
            .where('next_attempt_at', '<=', at)
            .orderBy('id')
            .limit(limit);
          // On PostgreSQL a concurrent claimer passes over rows another one is taking
          // instead of queueing behind them and coming back empty. SQLite runs one
          // writer at a time and has no such clause.
          return ctx.kind === 'postgres' ? due.forUpdate().skipLocked() : due;
        })
        // Repeated outside the subquery: PostgreSQL re-checks these on a row another
        // claimer updated meanwhile, so a row is taken once.
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', at)
        .returningAll()
        .execute();
      return rows.map(toItem).sort((a, b) => a.id - b.id);
    },

    async get(id) {
      const r = await db
        .selectFrom('outbox')
        .where('account', '=', account)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return r ? toItem(r) : null;
    },

    async markSent(id, ts) {
      await db
        .updateTable('outbox')
        .where('account', '=', account)
        .set((eb) => ({
          sent_at: iso(clock.now()),
          sent_ts: ts,
          next_attempt_at: null,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id, error, nextAttemptAt) {
      await db
        .updateTable('outbox')
        .where('account', '=', account)
        .set((eb) => ({
          last_error: error.slice(0, MAX_ERROR_CHARS),
          next_attempt_at: isoOrNull(nextAttemptAt),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    async purgeSent(before) {
      const r = await db
        .deleteFrom('outbox')
        .where('account', '=', account)
        .where('sent_at', 'is not', null)
        .where('sent_at', '<=', iso(before))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async parkChannel(channelId, now) {
      const r = await db
        .updateTable('outbox')
        .where('account', '=', account)
        .set({ next_attempt_at: null, parked_at: iso(now) })
        .where('channel_id', '=', channelId)
        .where('sent_at', 'is', null)
        .where('next_attempt_at', 'is not', null)
        .where((eb) => eb.or([eb('kind', '!=', 'held'), eb('next_attempt_at', '<=', iso(now))]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async parkedRows(channelId) {
      const rows = await db
        .selectFrom('outbox')
        .where('account', '=', account)
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('sent_at', 'is', null)
        .where('parked_at', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.map(toItem);
    },

    async markSummarised(ids, ts) {
      const now = iso(clock.now());
      for (let i = 0; i < ids.length; i += 500) {
        await db
          .updateTable('outbox')
          .where('account', '=', account)
          .set({
            sent_at: now,
            sent_ts: ts,
            next_attempt_at: null,
            parked_at: null,
            last_error: 'summarised',
          })
          .where('id', 'in', ids.slice(i, i + 500))
          .where('sent_at', 'is', null)
          .execute();
      }
    },

    async unparkChannel(channelId, at) {
      const r = await db
        .updateTable('outbox')
        .where('account', '=', account)
        .set({ next_attempt_at: iso(at), parked_at: null })
        .where('channel_id', '=', channelId)
        .where('sent_at', 'is', null)
        .where('parked_at', 'is not', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    // Every account's rows: the notifiers share Slack and /metrics reports the outbox as one.
    async backlog() {
      const r = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('depth'),
          eb.fn.count<number | string>('parked_at').as('parked'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('next_attempt_at', 'is not', null), eb('parked_at', 'is not', null)]))
        .executeTakeFirst();
      return {
        depth: Number(r?.depth ?? 0),
        parked: Number(r?.parked ?? 0),
        oldestCreatedAt: r?.oldest ? date(r.oldest as string) : null,
      };
    },

    async rescheduleHeld({ channelId, subject, at }) {
      let q = db
        .updateTable('outbox')
        .where('account', '=', account)
        .set({ next_attempt_at: iso(at) })
        .where('channel_id', '=', channelId)
        .where('kind', '=', 'held')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', 'is not', null);
      // A mute of the key covers each of its alarms' subjects (isKeySubject).
      if (subject === WATCH_KEY)
        q = q.where((eb) =>
          eb.or([eb('subject', 'in', [WATCH_KEY, 'key-auth']), eb('subject', 'like', 'key-use:%')]),
        );
      else if (subject !== undefined) q = q.where('subject', '=', subject);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
