/**
 * The paid signups in and out of the store (`signups`): camelCase fields,
 * `Date` values, `null` for absent.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Migration, Selectable, Updateable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, dateOrNull, iso, isoOrNull, type SignupsTable } from './schema.ts';
import {
  type CompareAndSetSpec,
  compareAndSet,
  type TransitionGuard,
  type TransitionResult,
} from './transitions.ts';

export const SIGNUP_STATES = [
  'quoted',
  'approved',
  'executing',
  'submitted',
  'active',
  'rejected',
  'expired',
  'price_changed',
  'failed',
  'unknown',
] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/**
 * The edges `transition` accepts. Non-terminal states may also move to
 * themselves, which is how the tracker records attempts and the next check.
 * A row in `price_changed` is never quoted again: the new price is a new row
 * with a new id and key, so a click on the old approval message, whose confirm
 * dialog stated the old amount, cannot approve it.
 */
export const SIGNUP_TRANSITIONS: Readonly<Record<SignupState, readonly SignupState[]>> = {
  quoted: ['approved', 'rejected', 'expired', 'price_changed', 'failed'],
  approved: ['executing', 'expired', 'rejected', 'failed'],
  executing: ['submitted', 'active', 'price_changed', 'failed', 'unknown'],
  unknown: ['executing', 'submitted', 'active', 'failed', 'price_changed'],
  submitted: ['active', 'failed', 'unknown'],
  price_changed: ['rejected', 'expired'],
  active: [],
  rejected: [],
  expired: [],
  failed: [],
};

export const TERMINAL_SIGNUP_STATES: readonly SignupState[] = ['active', 'rejected', 'expired', 'failed'];

/**
 * Where an order started by a Workflow Builder step (`order_vps`) has its
 * answer: the step completes (active) or fails (the rest) from one of these.
 * `price_changed` is final for the step: the new price is a new quote nobody
 * has approved, which the step never pays.
 */
export const STEP_ENDED_SIGNUP_STATES: readonly SignupState[] = [
  'active',
  'rejected',
  'expired',
  'failed',
  'price_changed',
];

export type ProviderSignupStatus = 'active' | 'building' | 'setup_pending';

export interface SignupRow {
  id: string;
  state: SignupState;
  planId: string;
  period: number;
  imageId: string;
  serverName: string | null;
  sshKeyName: string | null;
  sshPublicKey: string | null;
  autoRenew: boolean;
  partnerCode: string | null;
  /** Yen, tax included, after campaign: the `expected_total_price` an approval authorises. */
  quotedPrice: number;
  /** Yen, before campaign. */
  regularPrice: number | null;
  campaignApplied: boolean;
  /** Sent as `Idempotency-Key` on the real POST; fresh per quote. */
  idempotencyKey: string;
  requesterId: string;
  approverId: string | null;
  channelId: string;
  messageTs: string | null;
  threadTs: string | null;
  locale: string | null;
  expiresAt: Date;
  /** The sealed root password (see `secrets`); null once destroyed. */
  secretId: string | null;
  /** The provider's service code `id` from the real signup. */
  providerServiceId: number | null;
  uuid: string | null;
  ipAddress: string | null;
  providerStatus: ProviderSignupStatus | null;
  errorCode: string | null;
  attempts: number;
  nextCheckAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The Workflow Builder step execution that ordered it (`order_vps`), completed once with the outcome. */
  stepExecutionId?: string | null;
}

/** What the dry run produced; `create` stores it in state `quoted`. */
export interface SignupQuote {
  /** Default: a fresh UUID. */
  id?: string;
  planId: string;
  period: number;
  imageId: string;
  serverName?: string | null;
  sshKeyName?: string | null;
  sshPublicKey?: string | null;
  autoRenew?: boolean;
  partnerCode?: string | null;
  quotedPrice: number;
  regularPrice?: number | null;
  campaignApplied?: boolean;
  /** Default: a fresh UUID (accepted by the provider: 8 to 64 of [A-Za-z0-9_-]). */
  idempotencyKey?: string;
  requesterId: string;
  channelId: string;
  messageTs?: string | null;
  threadTs?: string | null;
  locale?: string | null;
  expiresAt: Date;
  secretId?: string | null;
  /** The Workflow Builder step execution that asked for it, stored with the quote itself. */
  stepExecutionId?: string | null;
}

/** Fields a transition may set besides `state` (and `updatedAt`, set always). */
export type SignupPatch = Partial<
  Pick<
    SignupRow,
    | 'approverId'
    | 'messageTs'
    | 'threadTs'
    | 'quotedPrice'
    | 'regularPrice'
    | 'campaignApplied'
    | 'idempotencyKey'
    | 'expiresAt'
    | 'secretId'
    | 'providerServiceId'
    | 'uuid'
    | 'ipAddress'
    | 'providerStatus'
    | 'errorCode'
    | 'attempts'
    | 'nextCheckAt'
    | 'serverName'
  >
>;

/**
 * What a compare-and-set `transition` answers: the winner gets the row it wrote;
 * a loser gets the row as it is now (null when there is no such id).
 */
export interface SignupRepo {
  /** Stores a dry-run quote in state `quoted`. */
  create(quote: SignupQuote): Promise<SignupRow>;
  get(id: string): Promise<SignupRow | null>;
  /**
   * Compare-and-set: one conditional UPDATE … WHERE id = ? AND state IN (from).
   * Of any number of concurrent callers (replicas included) exactly one wins;
   * the others get `won: false` and the row as it is now (null if no such id).
   * Throws STORE_INVALID_TRANSITION for an edge not in SIGNUP_TRANSITIONS.
   */
  transition(
    id: string,
    from: readonly SignupState[],
    to: SignupState,
    patch?: SignupPatch,
    guard?: TransitionGuard,
  ): Promise<TransitionResult<SignupRow>>;
  /** Newest first. */
  listRecent(opts: { channelId?: string; requesterId?: string; limit: number }): Promise<SignupRow[]>;
  /**
   * Oldest `nextCheckAt` first (then oldest created); `dueBefore` keeps rows
   * whose nextCheckAt is null or <= it; `changed` those whose last change
   * (`updatedAt`) is in `[from, to)`: for a terminal state, when it ended.
   */
  listByState(
    states: readonly SignupState[],
    opts?: { dueBefore?: Date; limit?: number; changed?: { from: Date; to: Date } },
  ): Promise<SignupRow[]>;
  /**
   * Moves every `quoted` / `approved` / `price_changed` signup whose `expiresAt`
   * is at or before `now` to `expired`, destroys its sealed password, and
   * returns the rows it expired (for updating their Slack messages).
   */
  expireDue(now?: Date): Promise<SignupRow[]>;
  /** Records the approval message's place once it is posted (no state change). */
  setMessage(id: string, message: { messageTs: string; threadTs?: string | null }): Promise<void>;
  /**
   * Orders whose step still waits for its outcome: a step execution,
   * an ended state (STEP_ENDED_SIGNUP_STATES), not completed yet.
   */
  stepsToComplete(limit: number): Promise<SignupRow[]>;
  /**
   * Claims the completion of a step, one conditional UPDATE: of any
   * number of replicas one wins; a claim older than `staleBefore` (its
   * holder died before completing it) may be taken again. Null when lost.
   */
  claimStep(id: string, staleBefore: Date): Promise<SignupRow | null>;
  /** The step was completed (`done`), or completing it failed and is given back to a later pass. */
  settleStep(id: string, done: boolean): Promise<void>;
}

const EXPIRABLE: readonly SignupState[] = ['quoted', 'approved', 'price_changed'];

export function toSignupRow(r: Selectable<SignupsTable>): SignupRow {
  return {
    id: r.id,
    state: r.state as SignupState,
    planId: r.plan_id,
    period: r.period,
    imageId: r.image_id,
    serverName: r.server_name,
    sshKeyName: r.ssh_key_name,
    sshPublicKey: r.ssh_public_key,
    autoRenew: r.auto_renew === 1,
    partnerCode: r.partner_code,
    quotedPrice: Number(r.quoted_price),
    regularPrice: r.regular_price === null ? null : Number(r.regular_price),
    campaignApplied: r.campaign_applied === 1,
    idempotencyKey: r.idempotency_key,
    requesterId: r.requester_id,
    approverId: r.approver_id,
    channelId: r.channel_id,
    messageTs: r.message_ts,
    threadTs: r.thread_ts,
    locale: r.locale,
    expiresAt: date(r.expires_at),
    secretId: r.secret_id,
    providerServiceId: r.provider_service_id === null ? null : Number(r.provider_service_id),
    uuid: r.uuid,
    ipAddress: r.ip_address,
    providerStatus: r.provider_status as ProviderSignupStatus | null,
    errorCode: r.error_code,
    attempts: Number(r.attempts),
    nextCheckAt: dateOrNull(r.next_check_at),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    stepExecutionId: r.step_execution_id,
  };
}

function patchColumns(p: SignupPatch): Updateable<SignupsTable> {
  const u: Updateable<SignupsTable> = {};
  if (p.approverId !== undefined) u.approver_id = p.approverId;
  if (p.messageTs !== undefined) u.message_ts = p.messageTs;
  if (p.threadTs !== undefined) u.thread_ts = p.threadTs;
  if (p.quotedPrice !== undefined) u.quoted_price = p.quotedPrice;
  if (p.regularPrice !== undefined) u.regular_price = p.regularPrice;
  if (p.campaignApplied !== undefined) u.campaign_applied = p.campaignApplied ? 1 : 0;
  if (p.idempotencyKey !== undefined) u.idempotency_key = p.idempotencyKey;
  if (p.expiresAt !== undefined) u.expires_at = iso(p.expiresAt);
  if (p.secretId !== undefined) u.secret_id = p.secretId;
  if (p.providerServiceId !== undefined) u.provider_service_id = p.providerServiceId;
  if (p.uuid !== undefined) u.uuid = p.uuid;
  if (p.ipAddress !== undefined) u.ip_address = p.ipAddress;
  if (p.providerStatus !== undefined) u.provider_status = p.providerStatus;
  if (p.errorCode !== undefined) u.error_code = p.errorCode;
  if (p.attempts !== undefined) u.attempts = p.attempts;
  if (p.nextCheckAt !== undefined) u.next_check_at = isoOrNull(p.nextCheckAt);
  if (p.serverName !== undefined) u.server_name = p.serverName;
  return u;
}

const SIGNUPS: CompareAndSetSpec<'signups', SignupState, SignupRow> = {
  table: 'signups',
  machine: { noun: 'signup', states: SIGNUP_STATES, transitions: SIGNUP_TRANSITIONS, selfEdges: true },
  toRow: toSignupRow,
};

export function signupRepo(ctx: RepoContext): SignupRepo {
  const { db, clock, account } = ctx;

  async function get(id: string): Promise<SignupRow | null> {
    const r = await db
      .selectFrom('signups')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toSignupRow(r) : null;
  }

  return {
    async create(q) {
      const now = iso(clock.now());
      const row = await db
        .insertInto('signups')
        .values({
          account,
          id: q.id ?? randomUUID(),
          state: 'quoted',
          plan_id: q.planId,
          period: q.period,
          image_id: q.imageId,
          server_name: q.serverName ?? null,
          ssh_key_name: q.sshKeyName ?? null,
          ssh_public_key: q.sshPublicKey ?? null,
          auto_renew: q.autoRenew === false ? 0 : 1,
          partner_code: q.partnerCode ?? null,
          quoted_price: q.quotedPrice,
          regular_price: q.regularPrice ?? null,
          campaign_applied: q.campaignApplied ? 1 : 0,
          idempotency_key: q.idempotencyKey ?? randomUUID(),
          requester_id: q.requesterId,
          approver_id: null,
          channel_id: q.channelId,
          message_ts: q.messageTs ?? null,
          thread_ts: q.threadTs ?? null,
          locale: q.locale ?? null,
          expires_at: iso(q.expiresAt),
          secret_id: q.secretId ?? null,
          provider_service_id: null,
          uuid: null,
          ip_address: null,
          provider_status: null,
          error_code: null,
          attempts: 0,
          next_check_at: null,
          created_at: now,
          updated_at: now,
          step_execution_id: q.stepExecutionId ?? null,
          step_claimed_at: null,
          step_done_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSignupRow(row);
    },

    get,

    transition(id, from, to, patch = {}, guard = {}) {
      return compareAndSet(ctx, SIGNUPS, id, from, to, patchColumns(patch), guard);
    },

    async listRecent({ channelId, requesterId, limit }) {
      let q = db.selectFrom('signups').selectAll().where('account', '=', account);
      if (channelId !== undefined) q = q.where('channel_id', '=', channelId);
      if (requesterId !== undefined) q = q.where('requester_id', '=', requesterId);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toSignupRow);
    },

    async listByState(states, opts = {}) {
      if (states.length === 0) return [];
      let q = db
        .selectFrom('signups')
        .selectAll()
        .where('account', '=', account)
        .where('state', 'in', [...states]);
      if (opts.changed)
        q = q
          .where('updated_at', '>=', iso(opts.changed.from))
          .where('updated_at', '<', iso(opts.changed.to));
      const due = opts.dueBefore;
      if (due) {
        q = q.where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', iso(due))]));
      }
      // NULLs first on both databases: SQLite sorts them first by default, PostgreSQL last.
      let ordered = q
        .orderBy((eb) => eb.case().when('next_check_at', 'is', null).then(0).else(1).end())
        .orderBy('next_check_at')
        .orderBy('created_at')
        .orderBy('id');
      if (opts.limit !== undefined) ordered = ordered.limit(opts.limit);
      return (await ordered.execute()).map(toSignupRow);
    },

    async expireDue(at) {
      const now = iso(at ?? clock.now());
      const expire = async (t: typeof db) => {
        const rows = await t
          .updateTable('signups')
          .set({ state: 'expired', updated_at: now })
          .where('account', '=', account)
          .where('state', 'in', [...EXPIRABLE])
          .where('expires_at', '<=', now)
          .returningAll()
          .execute();
        const secretIds = rows.map((r) => r.secret_id).filter((s): s is string => s !== null);
        if (secretIds.length > 0) await t.deleteFrom('secrets').where('id', 'in', secretIds).execute();
        return rows;
      };
      const expired = db.isTransaction ? await expire(db) : await db.transaction().execute(expire);
      return expired.map((r) => ({ ...toSignupRow(r), secretId: null }));
    },

    async setMessage(id, m) {
      await db
        .updateTable('signups')
        .set({
          message_ts: m.messageTs,
          ...(m.threadTs !== undefined ? { thread_ts: m.threadTs } : {}),
          updated_at: iso(clock.now()),
        })
        .where('account', '=', account)
        .where('id', '=', id)
        .execute();
    },

    async stepsToComplete(limit) {
      const rows = await db
        .selectFrom('signups')
        .selectAll()
        .where('account', '=', account)
        .where('step_execution_id', 'is not', null)
        .where('step_done_at', 'is', null)
        .where('state', 'in', [...STEP_ENDED_SIGNUP_STATES])
        .orderBy('updated_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toSignupRow);
    },

    async claimStep(id, staleBefore) {
      const r = await db
        .updateTable('signups')
        .set({ step_claimed_at: iso(clock.now()) })
        .where('account', '=', account)
        .where('id', '=', id)
        .where('step_execution_id', 'is not', null)
        .where('step_done_at', 'is', null)
        .where('state', 'in', [...STEP_ENDED_SIGNUP_STATES])
        .where((eb) =>
          eb.or([eb('step_claimed_at', 'is', null), eb('step_claimed_at', '<=', iso(staleBefore))]),
        )
        .returningAll()
        .executeTakeFirst();
      return r ? toSignupRow(r) : null;
    },

    async settleStep(id, done) {
      await db
        .updateTable('signups')
        .set(done ? { step_done_at: iso(clock.now()) } : { step_claimed_at: null })
        .where('account', '=', account)
        .where('id', '=', id)
        .execute();
    },
  };
}

/**
 * Orders a Workflow Builder step places (`order_vps`): the step's execution
 * is kept with the signup, and whether it was completed (claimed, done),
 * so that it is completed once, by whichever replica sees the order end, after a
 * restart too.
 */
export function signupSteps(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['step_execution_id', 'step_claimed_at', 'step_done_at'])
        await db.schema.alterTable('signups').addColumn(column, 'text').execute();
      await db.schema
        .createIndex('signups_step_open')
        .on('signups')
        .columns(['step_done_at', 'state'])
        .execute();
    },
  };
}
