/**
 * The shapes of the one decision machine: whatever waits on a person (a paid
 * order's approval, a destructive operation's confirmation or approval) is a
 * pending request kept in some table of the store, which the feature lends the
 * machine as a `RequestBook`. The machine decides; the book only reads and
 * moves its rows.
 */
import type { TransitionResult } from '../../store/index.ts';
import type { Action, Role } from '../access/index.ts';
import type { ServiceError } from '../errors.ts';

/** Who decides a request: its requester alone (a confirmation), or a second person (an approval). */
export type Decider = 'requester' | 'second_person';

/**
 * What a click asks for: the requester's own confirmation, a second person's
 * approval, or a no (an approver's rejection, or the requester withdrawing).
 */
export type DecisionStep = 'confirm' | 'approve' | 'reject';

/** A pending request as the machine sees it, whatever table it lives in. */
export interface PendingRequest {
  id: string;
  requesterId: string;
  /** The channel the request was posted in: clicks count only there. */
  channelId: string;
  decider: Decider;
  expiresAt: Date;
  /**
   * `waiting` for its decision (quoted, pending); `expired` when a late click
   * should be shown the expiry again; `decided` otherwise (someone decided, or
   * it moved on).
   */
  status: 'waiting' | 'expired' | 'decided';
}

/** The audit row of a step: its action, what it is about, and what it names. */
export interface DecisionAudit {
  action: string;
  target: string | null;
  params?: Record<string, unknown>;
}

/**
 * A feature's table of requests, lent to the machine. Each move is one
 * compare-and-set in the store: of any number of concurrent callers (replicas
 * included) exactly one wins.
 */
export interface RequestBook<Row> {
  get(id: string): Promise<Row | null>;
  request(row: Row): PendingRequest;
  /**
   * The roles a step needs, read live at the click: the decider's, and the
   * requester's when their role must still hold at that moment. Null for the
   * decider: no role needed (the requester withdrawing their own request).
   */
  roles(
    row: Row,
    step: DecisionStep,
    deciderIsRequester: boolean,
  ): { decider: Action | null; requester?: Action };
  /** How a step is written in the audit trail; null: the step leaves no row of its own when it succeeds. */
  audit(row: Row, step: DecisionStep, outcome: 'ok' | 'refused', withdrawn: boolean): DecisionAudit | null;
  approve(row: Row, deciderId: string): Promise<TransitionResult<Row>>;
  reject(row: Row, deciderId: string, withdrawn: boolean): Promise<TransitionResult<Row>>;
  /** Ends a request past its expiry; null when another caller moved it first. */
  expire(row: Row): Promise<Row | null>;
}

/** Every refusal of a click, whatever the request. */
export type DecisionRefusal =
  | 'not_found'
  | 'wrong_channel'
  | 'not_requester'
  | 'needs_approval'
  | 'self_approval'
  | 'stale'
  | 'forbidden';

/** The one result of a decision, for every feature. */
export type Decision<Row> =
  | { kind: 'approved'; row: Row }
  /** `withdrawn`: the requester took it back; otherwise an approver said no. */
  | { kind: 'rejected'; row: Row; withdrawn: boolean }
  | { kind: 'expired'; row: Row }
  /** Someone else decided first (or it was never waiting): `row` as it is now. */
  | { kind: 'already_handled'; row: Row }
  | { kind: 'refused'; reason: 'not_found'; row: null }
  | {
      kind: 'refused';
      reason: Exclude<DecisionRefusal, 'not_found' | 'forbidden'>;
      row: Row;
    }
  /** The access policy's refusal (a role, a channel outside the policy, the key), read live. */
  | { kind: 'refused'; reason: 'forbidden'; row: Row; error: ServiceError; role: Role | null };

export type DecisionRefused<Row> = Extract<Decision<Row>, { kind: 'refused' }>;
