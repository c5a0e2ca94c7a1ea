/**
 * When a failed request is sent again. Like octokit's retry plugin, the
 * statuses that are never retried are a named list; like stripe, a write is
 * only repeated when an Idempotency-Key makes the repeat harmless.
 */
export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** Exponential backoff: base * 2^(attempt-1), full jitter, capped. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The provider asks for at least one second between retries. */
  minDelayMs: number;
  /** A Retry-After beyond this gives up instead of waiting. */
  maxRetryAfterMs: number;
  /** Statuses retried for retry-safe requests. */
  retryStatuses: readonly number[];
  /** Statuses never retried, whatever the method (octokit's doNotRetry). */
  doNotRetry: readonly number[];
  /** Methods that are safe to repeat without a key. */
  idempotentMethods: readonly string[];
  retryNetworkErrors: boolean;
  /** 409 DUPLICATE_REQUEST on a keyed request means "still in process": ask again later. */
  retryDuplicateRequest: boolean;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 15_000,
  minDelayMs: 1000,
  maxRetryAfterMs: 120_000,
  retryStatuses: [429, 500, 502, 503, 504],
  doNotRetry: [400, 401, 402, 403, 404, 409, 422],
  idempotentMethods: ['GET', 'HEAD', 'PUT'],
  retryNetworkErrors: true,
  retryDuplicateRequest: true,
});

export function resolveRetryPolicy(partial?: Partial<RetryPolicy>): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...(partial ?? {}) };
}

/**
 * A request may be repeated when its method is idempotent, or it carries an
 * Idempotency-Key, or it is a dry run (nothing is charged or created).
 */
export function isRetrySafe(
  policy: RetryPolicy,
  method: string,
  opts: { idempotencyKey?: string | undefined; dryRun?: boolean | undefined },
): boolean {
  return policy.idempotentMethods.includes(method) || Boolean(opts.idempotencyKey) || opts.dryRun === true;
}

/**
 * After a network failure, may the request be sent again? A read may. A write
 * whose first attempt may have reached the provider (the connection broke or
 * timed out after the request was sent) may only when a repeat is harmless
 * (an Idempotency-Key, a dry run): a PUT the provider already applied, sent
 * again, applies it twice, over whatever changed in between. Such a write
 * fails instead with `mayHaveReachedServer`, and the person is asked to check.
 */
export function mayRepeatAfterNetworkFailure(
  method: string,
  opts: { idempotencyKey?: string | undefined; dryRun?: boolean | undefined },
  mayHaveReachedServer: boolean,
): boolean {
  return !mayHaveReachedServer || repeatIsHarmless(method, opts);
}

/** A read, or a write the provider recognises when repeated (an Idempotency-Key) or that changes nothing (a dry run). */
function repeatIsHarmless(
  method: string,
  opts: { idempotencyKey?: string | undefined; dryRun?: boolean | undefined },
): boolean {
  return method === 'GET' || method === 'HEAD' || Boolean(opts.idempotencyKey) || opts.dryRun === true;
}

/**
 * After an error answer, may a retry-safe request be sent again? A read, or a
 * write with an Idempotency-Key or a dry run, may. A PUT or DELETE without a
 * key only when the status says the provider did not act on it: 429 (refused
 * before any work) and 503 (not taken). After a 500, 502 or 504 the change
 * may have been applied (the provider failed after, or a gateway lost the
 * backend's answer), so it fails instead and the person is asked to check.
 */
export function mayRepeatAfterErrorStatus(
  method: string,
  opts: { idempotencyKey?: string | undefined; dryRun?: boolean | undefined },
  status: number,
): boolean {
  return status === 429 || status === 503 || repeatIsHarmless(method, opts);
}

/** Delay before attempt `attempt + 1` (attempt counts from 1). */
export function backoffDelayMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(policy.minDelayMs, Math.round(ceiling * random()));
}
