/**
 * The operations awaiting a decision (`operations`), in and out of the store:
 * camelCase fields, `Date` values, `null` for absent.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { RepoContext } from './context.ts';
import { date, iso, type OperationsTable } from './schema.ts';
import {
  type CompareAndSetSpec,
  compareAndSet,
  type TransitionGuard,
  type TransitionResult,
} from './transitions.ts';

export const OPERATION_STATES = [
  'pending',
  'approved',
  'executing',
  'done',
  'failed',
  'unknown',
  'rejected',
  'cancelled',
  'expired',
] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

/**
 * The edges `transition` accepts, and no others (no self-edges: an operation
 * records nothing between its steps). `pending` waits for the requester's
 * confirm click, or for the approver's decision when `needsApproval`; only
 * `approved` leads to `executing`. `unknown` means the request may have reached
 * the provider: it is final, never retried automatically.
 */
export const OPERATION_TRANSITIONS: Readonly<Record<OperationState, readonly OperationState[]>> = {
  pending: ['approved', 'rejected', 'cancelled', 'expired'],
  approved: ['executing', 'expired'],
  executing: ['done', 'failed', 'unknown'],
  done: [],
  failed: [],
  unknown: [],
  rejected: [],
  cancelled: [],
  expired: [],
};

export const TERMINAL_OPERATION_STATES: readonly OperationState[] = [
  'done',
  'failed',
  'unknown',
  'rejected',
  'cancelled',
  'expired',
];

/**
 * A destructive or approval-bound operation of any feature, waiting for its
 * decision and then run once. `params` says what it will do (shown in the
 * confirmation; never a secret), `result` what the provider answered.
 */
export interface OperationRow {
  id: string;
  /** `<feature>.<action>`, e.g. `hosting.domain_reset`. */
  kind: string;
  /** What it acts on, e.g. the server name. */
  target: string;
  params: Record<string, unknown>;
  requesterId: string;
  channelId: string;
  state: OperationState;
  /** A second person (not the requester) must approve it. */
  needsApproval: boolean;
  approverId: string | null;
  messageTs: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  errorCode: string | null;
  result: Record<string, unknown> | null;
}

/** What `create` stores, in state `pending`. */
export interface NewOperation {
  /** Default: a fresh UUID. */
  id?: string;
  kind: string;
  target: string;
  /** JSON values only; never a secret. */
  params: Record<string, unknown>;
  requesterId: string;
  channelId: string;
  needsApproval: boolean;
  messageTs?: string | null;
  expiresAt: Date;
}

/**
 * Fields a transition may set besides `state` (and `updatedAt`, set always).
 * `kind`, `target` and `params` are fixed at `create`: what was confirmed is
 * what runs.
 */
export type OperationPatch = Partial<
  Pick<OperationRow, 'approverId' | 'messageTs' | 'expiresAt' | 'errorCode' | 'result'>
>;

export interface OperationRepo {
  /** Stores an operation in state `pending`. */
  create(op: NewOperation): Promise<OperationRow>;
  get(id: string): Promise<OperationRow | null>;
  /**
   * Compare-and-set: one conditional UPDATE … WHERE id = ? AND state IN (from)
   * (and, with `guard.unexpired`, expires_at after the store's clock). Of any
   * number of concurrent callers (replicas included) exactly one wins; the
   * others get `won: false` and the row as it is now (null if no such id).
   * Throws STORE_INVALID_TRANSITION for an edge not in OPERATION_TRANSITIONS.
   */
  transition(
    id: string,
    from: readonly OperationState[],
    to: OperationState,
    patch?: OperationPatch,
    guard?: TransitionGuard,
  ): Promise<TransitionResult<OperationRow>>;
  /**
   * Soonest `expiresAt` first (then oldest created); `expiresBefore` keeps rows
   * whose expiresAt is at or before it; `changed` those whose last change
   * (`updatedAt`) is in `[from, to)`: for a terminal state, when it ended.
   */
  listByState(
    states: readonly OperationState[],
    opts?: { expiresBefore?: Date; limit?: number; changed?: { from: Date; to: Date } },
  ): Promise<OperationRow[]>;
  /**
   * Moves every `pending` / `approved` operation whose `expiresAt` is at or
   * before `now` (default: the store's clock) to `expired`, and returns the rows
   * it expired (for updating their Slack messages), soonest expiry first.
   */
  expireDue(now?: Date): Promise<OperationRow[]>;
  /** Records the confirmation or approval message's `ts` once it is posted (no state change). */
  setMessage(id: string, messageTs: string): Promise<void>;
}

const EXPIRABLE: readonly OperationState[] = ['pending', 'approved'];

function json(text: string | null): Record<string, unknown> | null {
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

export function toOperationRow(r: Selectable<OperationsTable>): OperationRow {
  return {
    id: r.id,
    kind: r.kind,
    target: r.target,
    params: json(r.params) ?? {},
    requesterId: r.requester_id,
    channelId: r.channel_id,
    state: r.state as OperationState,
    needsApproval: r.needs_approval === 1,
    approverId: r.approver_id,
    messageTs: r.message_ts,
    expiresAt: date(r.expires_at),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    errorCode: r.error_code,
    result: json(r.result),
  };
}

function patchColumns(p: OperationPatch): Updateable<OperationsTable> {
  const u: Updateable<OperationsTable> = {};
  if (p.approverId !== undefined) u.approver_id = p.approverId;
  if (p.messageTs !== undefined) u.message_ts = p.messageTs;
  if (p.expiresAt !== undefined) u.expires_at = iso(p.expiresAt);
  if (p.errorCode !== undefined) u.error_code = p.errorCode;
  if (p.result !== undefined) u.result = p.result === null ? null : JSON.stringify(p.result);
  return u;
}

const OPERATIONS: CompareAndSetSpec<'operations', OperationState, OperationRow> = {
  table: 'operations',
  machine: {
    noun: 'operation',
    states: OPERATION_STATES,
    transitions: OPERATION_TRANSITIONS,
    selfEdges: false,
  },
  toRow: toOperationRow,
};

const bySoonestExpiry = (a: OperationRow, b: OperationRow) =>
  a.expiresAt.getTime() - b.expiresAt.getTime() ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function operationRepo(ctx: RepoContext): OperationRepo {
  const { db, clock, account } = ctx;

  return {
    async create(op) {
      const now = iso(clock.now());
      const row = await db
        .insertInto('operations')
        .values({
          account,
          id: op.id ?? randomUUID(),
          kind: op.kind,
          target: op.target,
          params: JSON.stringify(op.params),
          requester_id: op.requesterId,
          channel_id: op.channelId,
          state: 'pending',
          needs_approval: op.needsApproval ? 1 : 0,
          approver_id: null,
          message_ts: op.messageTs ?? null,
          expires_at: iso(op.expiresAt),
          created_at: now,
          updated_at: now,
          error_code: null,
          result: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toOperationRow(row);
    },

    async get(id) {
      const r = await db
        .selectFrom('operations')
        .selectAll()
        .where('account', '=', account)
        .where('id', '=', id)
        .executeTakeFirst();
      return r ? toOperationRow(r) : null;
    },

    transition(id, from, to, patch = {}, guard = {}) {
      return compareAndSet(ctx, OPERATIONS, id, from, to, patchColumns(patch), guard);
    },

    async listByState(states, opts = {}) {
      if (states.length === 0) return [];
      let q = db
        .selectFrom('operations')
        .selectAll()
        .where('account', '=', account)
        .where('state', 'in', [...states]);
      if (opts.expiresBefore) q = q.where('expires_at', '<=', iso(opts.expiresBefore));
      if (opts.changed)
        q = q
          .where('updated_at', '>=', iso(opts.changed.from))
          .where('updated_at', '<', iso(opts.changed.to));
      let ordered = q.orderBy('expires_at').orderBy('created_at').orderBy('id');
      if (opts.limit !== undefined) ordered = ordered.limit(opts.limit);
      return (await ordered.execute()).map(toOperationRow);
    },

    async expireDue(at) {
      const now = iso(at ?? clock.now());
      const rows = await db
        .updateTable('operations')
        .set({ state: 'expired', updated_at: now })
        .where('account', '=', account)
        .where('state', 'in', [...EXPIRABLE])
        .where('expires_at', '<=', now)
        .returningAll()
        .execute();
      return rows.map(toOperationRow).sort(bySoonestExpiry);
    },

    async setMessage(id, messageTs) {
      await db
        .updateTable('operations')
        .set({ message_ts: messageTs, updated_at: iso(clock.now()) })
        .where('account', '=', account)
        .where('id', '=', id)
        .execute();
    },
  };
}
