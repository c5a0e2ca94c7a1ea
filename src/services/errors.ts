/**
 * The one error class the services throw. `code` is stable and maps to one
 * i18n sentence (key `error.<code>`); `params` fill the sentence. Provider
 * failures are not wrapped: they keep the provider client's own error class and
 * are described by code in src/slack/error-text.ts.
 */
import { isProviderErrorCode, type ProviderErrorCode } from '../provider/errors.ts';

export type ServiceErrorCode =
  | 'server_not_found'
  | 'server_ambiguous'
  | 'role_required'
  | 'channel_not_allowed'
  | 'key_read_only'
  | 'key_no_vps'
  | 'target_not_in_scope'
  | 'invalid_field'
  | 'already_handled';

export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly details: readonly { label: string; detail: string }[] = [],
  ) {
    super(code);
    this.name = 'ServiceError';
  }
}

// The provider's documented codes (vps-api.md, "Errors"), as the client defines them.
export { PROVIDER_ERROR_CODES, type ProviderErrorCode } from '../provider/errors.ts';

export type FailureKind =
  | { kind: 'service'; error: ServiceError }
  | { kind: 'provider'; code: ProviderErrorCode; retryAfterSeconds?: number | undefined }
  | { kind: 'provider_unknown'; code: string }
  | { kind: 'network' }
  | { kind: 'local_validation'; field: string; rule: string }
  | { kind: 'internal' };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * Classifies whatever a use case threw. The provider client's classes are
 * recognised by shape (`name` + `code`) so this module does not import them:
 * the services stay testable with plain fakes.
 */
export function classifyFailure(err: unknown): FailureKind {
  if (err instanceof ServiceError) return { kind: 'service', error: err };
  if (!isRecord(err)) return { kind: 'internal' };
  const name = typeof err.name === 'string' ? err.name : '';
  if (name === 'ProviderNetworkError' || name === 'ProviderTimeoutError') return { kind: 'network' };
  // A 2xx answer the client could not read: the provider answered, but not as documented.
  if (name === 'ProviderResponseError') return { kind: 'provider_unknown', code: 'UNEXPECTED_ANSWER' };
  if (name === 'ValidationError' && typeof err.field === 'string') {
    return {
      kind: 'local_validation',
      field: err.field,
      rule: typeof err.rule === 'string' ? err.rule : 'invalid',
    };
  }
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code && (name.startsWith('Provider') || name.endsWith('Error'))) {
    if (isProviderErrorCode(code)) {
      const retry = typeof err.retryAfterSeconds === 'number' ? err.retryAfterSeconds : undefined;
      // The body may have named a code we do not know; the client then maps it by status.
      return { kind: 'provider', code, retryAfterSeconds: retry };
    }
    if (name.startsWith('Provider')) return { kind: 'provider_unknown', code };
  }
  return { kind: 'internal' };
}

/** The code recorded in the audit log for a failure. */
export function failureCode(f: FailureKind): string {
  switch (f.kind) {
    case 'service':
      return f.error.code;
    case 'provider':
    case 'provider_unknown':
      return f.code;
    case 'network':
      return 'NETWORK';
    case 'local_validation':
      return 'LOCAL_VALIDATION';
    case 'internal':
      return 'INTERNAL';
  }
}
