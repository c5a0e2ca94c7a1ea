/**
 * Errors of the signup use cases and the one place that decides what a
 * provider failure means for money: was the request refused (nothing charged),
 * is it still in process, or can we not know (it may have been carried out)?
 * The provider client's classes are recognised by shape (`name`, `code`,
 * `status`) so this module imports nothing of src/provider.
 */

export type SignupErrorCode =
  | 'role_required'
  | 'channel_not_allowed'
  | 'not_found'
  | 'provider_refused'
  | 'provider_unreachable'
  | 'catalogue_changed';

export class SignupError extends Error {
  constructor(
    readonly code: SignupErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`signup: ${code}${params.code !== undefined ? ` (${params.code})` : ''}`);
    this.name = 'SignupError';
  }
}

export type SignupFailure =
  /** 422 PRICE_MISMATCH: the price moved; nothing was charged. */
  | { kind: 'price_mismatch' }
  /** A definite refusal (4xx other than the below, or refused locally before sending): nothing was charged. */
  | { kind: 'refused'; code: string }
  /** 409 DUPLICATE_REQUEST: the same request is still in process at the provider. */
  | { kind: 'in_process' }
  /** Timeout, reset, 5xx, 429, an unreadable 200, or anything unforeseen: it may have been carried out. */
  | { kind: 'indeterminate'; code: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** The definite 4xx codes: the provider looked at the request and did nothing. */
const DEFINITE_REFUSALS = new Set([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CAPACITY_UNAVAILABLE',
  'VALIDATION_ERROR',
  'PLAN_NOT_AVAILABLE',
]);

export function classifySignupFailure(err: unknown): SignupFailure {
  if (!isRecord(err)) return { kind: 'indeterminate', code: 'INTERNAL' };
  const name = typeof err.name === 'string' ? err.name : '';
  // Refused by the client's own validators: never left the process.
  if (name === 'ValidationError') return { kind: 'refused', code: 'VALIDATION_ERROR' };
  if (name === 'ProviderNetworkError') return { kind: 'indeterminate', code: 'NETWORK' };
  if (name === 'ProviderResponseError') return { kind: 'indeterminate', code: 'BAD_ANSWER' };
  const code = typeof err.code === 'string' ? err.code : undefined;
  const status = typeof err.status === 'number' ? err.status : undefined;
  if (code === undefined || status === undefined) return { kind: 'indeterminate', code: 'INTERNAL' };
  if (status >= 500 || status === 429) return { kind: 'indeterminate', code };
  if (code === 'PRICE_MISMATCH') return { kind: 'price_mismatch' };
  if (code === 'DUPLICATE_REQUEST') return { kind: 'in_process' };
  if (DEFINITE_REFUSALS.has(code) || (status >= 400 && status < 500)) return { kind: 'refused', code };
  return { kind: 'indeterminate', code };
}
