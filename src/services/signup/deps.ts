/**
 * What the signup use cases are built from, and the policy's defaults.
 */
import type { Clock } from '../../clock.ts';
import type { Logger, SecretRegistry } from '../../log.ts';
import type { ProviderClient } from '../../provider/index.ts';
import type { Store } from '../../store/index.ts';
import type { AccessService } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import type { HomeChanges } from '../home-changes.ts';

export interface SignupPolicy {
  /** Longest life of a quote; it also ends at 00:00 JST. Default 30 minutes. */
  quoteTtlMs?: number;
  /**
   * How long a sealed password outlives its quote, so an order in `unknown`
   * can still be retried with the very same body. Default 7 days.
   */
  secretGraceMs?: number;
  /** First re-check of an `unknown` order; doubles per attempt up to `recheckMaxMs`. Default 30 s. */
  recheckMs?: number;
  recheckMaxMs?: number;
  /** An `executing` row older than this is presumed orphaned (crashed replica) and re-checked. Default 10 min. */
  staleExecutingMs?: number;
  /** An `approved` row not claimed for this long is run by the sweep (its click handler died). Default 1 min. */
  staleApprovedMs?: number;
  /** How long a read catalogue is reused for the modal. Default 5 minutes, never across a JST day. */
  catalogueTtlMs?: number;
}

export interface SignupDeps {
  /**
   * Each call states who waits on it: the paid order itself and the re-check
   * of an `unknown` order go first of all (someone waits to know whether they
   * paid), the quote's dry run as a change, the modal's plans as a read.
   */
  provider: Pick<ProviderClient, 'plans' | 'signupDryRun' | 'signup' | 'getServer' | 'signupStatus'>;
  store: {
    signups: Pick<
      Store['signups'],
      'create' | 'get' | 'transition' | 'listRecent' | 'listByState' | 'setMessage'
    >;
    secrets: Pick<Store['secrets'], 'seal' | 'open' | 'take' | 'giveBack' | 'destroy' | 'destroyExpired'>;
  };
  /** Who may order and approve, here; roles are read at the moment of each call. */
  access: Pick<AccessService, 'decide'>;
  audit: Audit;
  /**
   * The App Homes a quote or an order is on, refreshed after each move: a
   * quote waits on everyone's Home, an order after its approval is its
   * requester's. None in tests of signup alone.
   */
  homes?: Pick<HomeChanges, 'refresh'> | undefined;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The logger's scrubber: a password is held under its sealed copy's id while that copy exists. */
  secrets: Pick<SecretRegistry, 'hold' | 'release'>;
  policy?: SignupPolicy;
  /** The provider's terms of service (PROVIDER_TERMS_URL), for the order form's terms box. */
  termsUrl?: string | undefined;
  /** Fresh Idempotency-Keys; default crypto.randomUUID (36 characters, within the provider's 8 to 64). */
  newKey?: () => string;
}

const DEFAULTS = {
  quoteTtlMs: 30 * 60_000,
  secretGraceMs: 7 * 24 * 3_600_000,
  recheckMs: 30_000,
  recheckMaxMs: 10 * 60_000,
  staleExecutingMs: 10 * 60_000,
  staleApprovedMs: 60_000,
  catalogueTtlMs: 5 * 60_000,
} satisfies Required<SignupPolicy>;

export function policyOf(deps: Pick<SignupDeps, 'policy'>): Required<SignupPolicy> {
  return { ...DEFAULTS, ...deps.policy };
}

export function newKey(deps: Pick<SignupDeps, 'newKey'>): string {
  return deps.newKey ? deps.newKey() : crypto.randomUUID();
}
