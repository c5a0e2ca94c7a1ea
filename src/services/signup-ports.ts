/**
 * What paid signup needs from the provider client, the store and the access
 * service, as small structural interfaces. The concrete modules (src/provider,
 * src/store, src/services/access.ts) satisfy them as they are; tests may hand in
 * fakes. Row and quote shapes follow src/store/types.ts field for field.
 */

// ---------------------------------------------------------------- provider

export interface PlanPeriod {
  months: number;
  /** Yen, tax included, after campaign, this month's pro-rata part included. */
  total_price: number;
  regular_total_price: number;
  campaign_applied: boolean;
}

export interface Plan {
  plan_id: string;
  vps_type: string;
  plan_name: string;
  memory_mb: number;
  vcpu: number;
  disk_gb: number;
  currency: string;
  periods: PlanPeriod[];
}

export interface OsImage {
  image_id: string;
  name: string;
  version: string | null;
  minimum_memory_mb: number;
}

export interface PlansAnswer {
  plans: Plan[];
  os_images: OsImage[];
}

/** The POST /v1/vps/servers body (dry run and real alike; `dry_run` is the client's business). */
export interface ProviderSignupInput {
  plan_id: string;
  period: number;
  image_id: string;
  root_password: string;
  name?: string;
  ssh_key_name?: string;
  ssh_public_key?: string;
  expected_total_price: number;
  agree_to_terms: true;
  partner_code?: string;
  auto_renew?: boolean;
}

export interface SignupProviderPort {
  plans(): Promise<PlansAnswer>;
  signupDryRun(input: ProviderSignupInput): Promise<{ total_price: number }>;
  signup(
    input: ProviderSignupInput,
    idempotencyKey: string,
  ): Promise<{ server: { id: number; status: string } & Record<string, unknown> }>;
}

// ---------------------------------------------------------------- store

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
  quotedPrice: number;
  regularPrice: number | null;
  campaignApplied: boolean;
  idempotencyKey: string;
  requesterId: string;
  approverId: string | null;
  channelId: string;
  messageTs: string | null;
  threadTs: string | null;
  locale: string | null;
  expiresAt: Date;
  secretId: string | null;
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

export interface SignupQuoteRecord {
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
  idempotencyKey?: string;
  requesterId: string;
  channelId: string;
  locale?: string | null;
  expiresAt: Date;
  secretId?: string | null;
}

export type SignupPatch = Partial<
  Pick<
    SignupRow,
    | 'approverId'
    | 'messageTs'
    | 'threadTs'
    | 'secretId'
    | 'providerServiceId'
    | 'uuid'
    | 'ipAddress'
    | 'providerStatus'
    | 'errorCode'
    | 'attempts'
    | 'nextCheckAt'
  >
>;

export type TransitionResult = { won: true; row: SignupRow } | { won: false; row: SignupRow | null };

export interface AuditAppend {
  actor: string;
  channelId?: string | null;
  action: string;
  target?: string | null;
  params?: Record<string, unknown>;
  outcome: 'ok' | 'refused' | 'failed';
  errorCode?: string | null;
}

export interface SignupStorePort {
  signups: {
    create(quote: SignupQuoteRecord): Promise<SignupRow>;
    get(id: string): Promise<SignupRow | null>;
    /**
     * ONE conditional UPDATE: moves the row only while its state is one of
     * `from` (and, with `unexpired`, while `expiresAt` is ahead of the store's clock).
     */
    transition(
      id: string,
      from: readonly SignupState[],
      to: SignupState,
      patch?: SignupPatch,
      guard?: { unexpired?: boolean },
    ): Promise<TransitionResult>;
    listRecent(opts: { channelId?: string; requesterId?: string; limit: number }): Promise<SignupRow[]>;
    listByState(
      states: readonly SignupState[],
      opts?: { dueBefore?: Date; limit?: number },
    ): Promise<SignupRow[]>;
    setMessage(id: string, message: { messageTs: string; threadTs?: string | null }): Promise<void>;
  };
  secrets: {
    seal(plaintext: string, options: { purpose: string; expiresAt: Date }): Promise<string>;
    /** Null when destroyed or expired. */
    open(id: string): Promise<string | null>;
    destroy(id: string): Promise<void>;
    /** Deletes every secret past its `expiresAt` (a password sealed for a row that was never made, say). */
    destroyExpired?(now?: Date): Promise<number>;
  };
  audit: { append(entry: AuditAppend): Promise<unknown> };
}

// ---------------------------------------------------------------- access, clock, log

export type Role = 'none' | 'viewer' | 'operator' | 'approver' | 'admin';
const ROLE_ORDER: readonly Role[] = ['none', 'viewer', 'operator', 'approver', 'admin'];
export const roleAtLeast = (role: Role, needed: Role): boolean =>
  ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(needed);

export interface SignupAccessPort {
  /** Read live (user-group membership included) at the moment of the call. */
  roleOf(userId: string): Promise<Role>;
  /** The policy's channel list (POLICY_FILE `channels`); absent means every channel. */
  channelAllowed?(channelId: string): boolean;
  /** The role an action needs (POLICY_FILE `actions`, never below operator / approver); absent: those defaults. */
  needs?(action: 'signup' | 'approve'): Role;
}

export interface SecretSink {
  add(value: string | undefined | null): void;
  delete(value: string | undefined | null): void;
}

export interface SignupLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}
