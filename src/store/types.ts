/** Plain data in and out of the store: camelCase fields, `Date` values, `null` for absent. */

// ---------------------------------------------------------------- signups

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
export type TransitionResult<Row = SignupRow> = { won: true; row: Row } | { won: false; row: Row | null };

// ---------------------------------------------------------------- operations

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

// ---------------------------------------------------------------- secrets

export interface SealOptions {
  /** What the secret is for, e.g. `signup.root_password`; bound into the ciphertext. */
  purpose: string;
  expiresAt: Date;
}

// ---------------------------------------------------------------- watches

export interface WatchRow {
  /** A server uuid, or `'all'` for every server. */
  target: string;
  channelId: string;
  createdBy: string;
  createdAt: Date;
}

// ---------------------------------------------------------------- snapshots

export interface SnapshotRow {
  serverUuid: string;
  name: string | null;
  powerStatus: string | null;
  contractStatus: string | null;
  observedAt: Date;
  /** When `powerStatus` or `contractStatus` last changed. */
  changedAt: Date;
  /** When the power state was last seen to change; null while it is still the one first seen. */
  powerChangedAt: Date | null;
}

export interface SnapshotInput {
  serverUuid: string;
  name?: string | null;
  powerStatus?: string | null;
  contractStatus?: string | null;
  observedAt: Date;
  /** Default: `observedAt` when the statuses differ from the stored ones (or it is new), else unchanged. */
  changedAt?: Date;
  /**
   * Default: `observedAt` when a known power state changed to another one, else
   * unchanged (null for a new server or one whose power was not known yet).
   */
  powerChangedAt?: Date | null;
}

// ---------------------------------------------------------------- outbox

/**
 * What a row asks the notifier to do. `notice`: post its payload (a digest
 * folds several). The incident kinds: `open` posts the incident's message,
 * `update` edits it (chat.update) to show at least `incidentVersion` changes,
 * `reply` answers in its thread; both wait for the message's ts. `held`: a
 * change while the channel muted its server, posted in one summary when the
 * mute ends.
 */
export const OUTBOX_KINDS = ['notice', 'open', 'update', 'reply', 'held'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxItem {
  id: number;
  dedupeKey: string;
  channelId: string;
  threadTs: string | null;
  /** Whatever JSON the notifier needs; parse it with zod on the way out. */
  payload: unknown;
  attempts: number;
  /** Null once given up on (see `markFailed`) or sent. */
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  /** The Slack `ts` of the posted message. */
  sentTs: string | null;
  lastError: string | null;
  createdAt: Date;
  kind: OutboxKind;
  incidentId: string | null;
  incidentVersion: number | null;
  /** The server uuid the row is about, when it is about one. */
  subject: string | null;
  /** Set while its channel is parked: the row waits for the channel to open. */
  parkedAt: Date | null;
}

export interface OutboxInput {
  dedupeKey: string;
  channelId: string;
  threadTs?: string | null;
  payload: unknown;
  /** Default: now. */
  nextAttemptAt?: Date;
  /** Default `notice`. */
  kind?: OutboxKind;
  incidentId?: string | null;
  incidentVersion?: number | null;
  subject?: string | null;
}

// ---------------------------------------------------------------- incidents

/** One power change of an incident. `at` is epoch ms; `later`: it came after the flap window. */
export interface IncidentChange {
  /** The outbox dedupe key of the change (without the channel): a replayed change is recognised. */
  key: string;
  from: string;
  to: string;
  at: number;
  later: boolean;
}

/**
 * A server's power changes from the first one until it settles (running
 * again, and no change for a flap window). One message per channel tells it,
 * posted at once and then edited or answered in its thread.
 */
export interface IncidentRow {
  /** The first change's key: two observers of the same change make the same incident. */
  id: string;
  serverUuid: string;
  name: string;
  ipAddress: string | null;
  plan: string | null;
  /** The power state before the first change. */
  baseline: string;
  /** Since when the server was in `baseline`: known, or (not known) when the watcher first saw it. */
  baselineSince: Date;
  baselineSinceKnown: boolean;
  /** The power state now. */
  power: string;
  /** Oldest first; never empty. */
  changes: IncidentChange[];
  startedAt: Date;
  lastChangeAt: Date;
  updatedAt: Date;
}

export type NewIncident = Omit<IncidentRow, 'updatedAt' | 'lastChangeAt' | 'startedAt'>;

/** An incident's message in one channel. `messageTs` is null until Slack accepted the post. */
export interface IncidentPost {
  incidentId: string;
  channelId: string;
  messageTs: string | null;
  /** How many of the incident's changes the message shows (as posted or last edited). */
  renderedVersion: number;
  createdAt: Date;
  /** Never posted: told in the channel's backlog summary after it was parked. */
  summarisedAt: Date | null;
}

// ---------------------------------------------------------------- channels

/** A channel the bot could not post in (see `ChannelRepo`). `probeAt` null: open again. */
export interface ChannelRow {
  channelId: string;
  /** Slack's error: `not_in_channel`, `channel_not_found` or `is_archived`. */
  error: string;
  /** Since when (this spell). */
  parkedAt: Date;
  /** When the notifier tries the channel again; null once it could post there. */
  probeAt: Date | null;
  /** When the watches' creators were last told. */
  toldAt: Date | null;
}

// ---------------------------------------------------------------- mutes

/** A maintenance window: `target` (a server uuid or `'all'`) is not announced in the channel until `until`. */
export interface MuteRow {
  target: string;
  channelId: string;
  until: Date;
  createdBy: string;
  createdAt: Date;
}

// ---------------------------------------------------------------- audit

export type AuditOutcome = 'ok' | 'refused' | 'failed';

export interface AuditEntry {
  actor: string;
  channelId?: string | null;
  action: string;
  target?: string | null;
  /** Secret-looking keys (password, token, private key, api key, secret …) are removed, at any depth. */
  params?: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode?: string | null;
  /** Default: now. */
  at?: Date;
}

export interface AuditRow {
  id: number;
  actor: string;
  channelId: string | null;
  action: string;
  target: string | null;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode: string | null;
  at: Date;
}

// ---------------------------------------------------------------- leases

export interface LeaseHolder {
  holder: string;
  expiresAt: Date;
}
