/**
 * What paid signup needs from the provider client, the store and the access
 * service, as small structural interfaces. The concrete modules (src/provider,
 * src/store, src/services/access.ts) satisfy them as they are; tests may hand in
 * fakes. Rows and the order body are the store's and the client's own types.
 */
import type { OsImage, Plan } from '../provider/schemas.ts';
import type { SignupInput } from '../provider/validate.ts';
import type {
  AuditEntry as AuditAppend,
  SignupPatch,
  SignupQuote as SignupQuoteRecord,
  SignupRow,
  SignupState,
  TransitionResult,
} from '../store/types.ts';

// ---------------------------------------------------------------- provider

// The provider's answers as the client types them (zod-parsed, extra fields tolerated).
export type { OsImage, Plan, PlanPeriod } from '../provider/schemas.ts';

export interface PlansAnswer {
  plans: Plan[];
  os_images: OsImage[];
}

/** The POST /v1/vps/servers body (dry run and real alike; `dry_run` is the client's business). */
export type ProviderSignupInput = SignupInput;

export interface SignupProviderPort {
  plans(): Promise<PlansAnswer>;
  signupDryRun(input: ProviderSignupInput): Promise<{ total_price: number }>;
  signup(
    input: ProviderSignupInput,
    idempotencyKey: string,
  ): Promise<{ server: { id: number; status: string } & Record<string, unknown> }>;
}

// ---------------------------------------------------------------- store

// The rows are the store's own types: one declaration, so the two cannot drift.
export {
  type AuditEntry as AuditAppend,
  type ProviderSignupStatus,
  SIGNUP_STATES,
  type SignupPatch,
  type SignupQuote as SignupQuoteRecord,
  type SignupRow,
  type SignupState,
  type TransitionResult,
} from '../store/types.ts';

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
