/**
 * What every signup use case is built from: its deps, the policy's defaults,
 * and what a provider failure means for the money (refused, still in
 * process, or unknown), which the catalogue, the quote and the order all go by.
 */
import type { Clock } from '../../clock.ts';
import type { Logger, SecretRegistry } from '../../log.ts';
import {
  type ProviderClient,
  ProviderError,
  ProviderNetworkError,
  ProviderResponseError,
  QueueFullError,
  ValidationError,
} from '../../provider/index.ts';
import type { Store } from '../../store/index.ts';
import type { AccessService } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { isServiceError, providerCodeOf, queueFullRefusal, ServiceError } from '../errors.ts';
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
  store: Store;
  /** Who may order and approve, here; roles are read at the moment of each call. */
  access: AccessService;
  audit: Audit;
  /**
   * The App Homes a quote or an order is on, refreshed after each move: a
   * quote waits on everyone's Home, an order after its approval is its
   * requester's. None in tests of signup alone.
   */
  homes?: Pick<HomeChanges, 'refresh'> | undefined;
  clock: Clock;
  logger: Logger;
  /** The logger's scrubber: a password is held under its sealed copy's id while that copy exists. */
  secrets: Pick<SecretRegistry, 'hold' | 'release'>;
  policy?: SignupPolicy;
  /** The provider's terms of service (PROVIDER_TERMS_URL), for the order form's terms box. */
  termsUrl?: string | undefined;
  /**
   * The provider account's label, where the bot serves several: the approval
   * message names the account the order will be placed on.
   */
  accountLabel?: string | undefined;
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

export function policyOf(deps: SignupDeps): Required<SignupPolicy> {
  return { ...DEFAULTS, ...deps.policy };
}

export function newKey(deps: SignupDeps): string {
  return deps.newKey ? deps.newKey() : crypto.randomUUID();
}

/**
 * What a provider failure means for money: the request was refused (nothing
 * charged), it is still in process, or we cannot know (it may have been
 * carried out).
 */
export type SignupFailure =
  /** 422 PRICE_MISMATCH: the price moved; nothing was charged. */
  | { kind: 'price_mismatch' }
  /** A definite refusal (4xx other than the below, or refused locally before sending): nothing was charged. */
  | { kind: 'refused'; code: string }
  /** 409 DUPLICATE_REQUEST: the same request is still in process at the provider. */
  | { kind: 'in_process' }
  /** Timeout, reset, 5xx, 429, an unreadable 200, or anything unforeseen: it may have been carried out. */
  | { kind: 'indeterminate'; code: string };

export function classifySignupFailure(err: unknown): SignupFailure {
  // Refused by the client's own validators: never left the process.
  if (err instanceof ValidationError) return { kind: 'refused', code: 'VALIDATION_ERROR' };
  if (err instanceof ProviderNetworkError) return { kind: 'indeterminate', code: 'NETWORK' };
  if (err instanceof ProviderResponseError) return { kind: 'indeterminate', code: 'BAD_ANSWER' };
  if (!(err instanceof ProviderError)) return { kind: 'indeterminate', code: 'INTERNAL' };
  const { code, status } = err;
  if (status >= 500 || status === 429) return { kind: 'indeterminate', code };
  if (code === 'PRICE_MISMATCH') return { kind: 'price_mismatch' };
  if (code === 'DUPLICATE_REQUEST') return { kind: 'in_process' };
  // Any other 4xx: the provider looked at the request and did nothing.
  if (status >= 400 && status < 500) return { kind: 'refused', code };
  return { kind: 'indeterminate', code };
}

/**
 * The provider's own words on a refusal (its `errors` lines, else its message),
 * each `field: reason` line split into the field it names and the reason, at
 * most 5 lines of 200 characters. Where the spec gives a field no rule (an SSH
 * key name's length and characters), these words are the rule.
 */
export function providerWords(err: unknown): { label: string; detail: string }[] {
  if (!(err instanceof ProviderError)) return [];
  const lines = err.details.length > 0 ? err.details : [err.providerMessage];
  return lines
    .filter((l) => l.trim() !== '')
    .slice(0, 5)
    .map((l) => {
      const m = /^([A-Za-z_][A-Za-z0-9_.]{0,60})\s*:\s*(.+)$/su.exec(l.trim());
      const [label, detail] = m ? [m[1]!, m[2]!] : ['', l.trim()];
      return { label, detail: [...detail].slice(0, 200).join('') };
    });
}

/** A provider failure while quoting or reading the catalogue, as the ServiceError the requester is shown. */
export function providerRefusal(err: unknown): ServiceError {
  // Not sent at all: the requester's own commands already wait up to the bound ("not now").
  if (err instanceof QueueFullError) return queueFullRefusal(err);
  const f = classifySignupFailure(err);
  if (f.kind === 'refused') return new ServiceError('provider_refused', { code: f.code }, providerWords(err));
  if (f.kind === 'in_process') return new ServiceError('provider_refused', { code: 'DUPLICATE_REQUEST' });
  if (f.kind === 'price_mismatch') return new ServiceError('catalogue_changed', { code: 'PRICE_MISMATCH' });
  return new ServiceError('provider_unreachable', { code: f.code });
}

/** The code an audit line or a failed re-quote records for what a quote threw. */
export function quoteFailureCode(err: unknown): string {
  return isServiceError(err) ? (providerCodeOf(err.problem) ?? err.code) : 'INTERNAL';
}
