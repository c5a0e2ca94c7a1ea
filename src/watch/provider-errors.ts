/**
 * What the watcher needs to know about a failed provider call, read by shape so
 * that this module does not import the client (ProviderError carries `code`,
 * `status` and, on 429, the `Retry-After` seconds).
 */
export interface FailureFacts {
  rateLimited: boolean;
  retryAfterSeconds: number | undefined;
  notFound: boolean;
}

export function failureFacts(err: unknown): FailureFacts {
  if (typeof err !== 'object' || err === null) {
    return { rateLimited: false, retryAfterSeconds: undefined, notFound: false };
  }
  const e = err as { code?: unknown; status?: unknown; retryAfter?: unknown; retryAfterSeconds?: unknown };
  const rateLimited = e.code === 'RATE_LIMIT_EXCEEDED' || e.status === 429;
  const ra = typeof e.retryAfterSeconds === 'number' ? e.retryAfterSeconds : e.retryAfter;
  return {
    rateLimited,
    retryAfterSeconds: typeof ra === 'number' && Number.isFinite(ra) ? ra : undefined,
    notFound: e.code === 'NOT_FOUND' || e.status === 404,
  };
}
