/**
 * The operations awaiting a decision (`operations`), in and out of the store:
 * camelCase fields, `Date` values, `null` for absent.
 */

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
