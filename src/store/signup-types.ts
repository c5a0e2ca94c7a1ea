/**
 * The paid signups in and out of the store (`signups`): camelCase fields,
 * `Date` values, `null` for absent.
 */

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
