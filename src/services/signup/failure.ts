/**
 * The one place that decides what a provider failure means for money: was the
 * request refused (nothing charged), is it still in process, or can we not
 * know (it may have been carried out)?
 */
import {
  ProviderError,
  ProviderNetworkError,
  ProviderResponseError,
  QueueFullError,
  ValidationError,
} from '../../provider/index.ts';
import { isServiceError, providerCodeOf, queueFullRefusal, ServiceError } from '../errors.ts';

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
