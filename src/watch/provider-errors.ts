import { ProviderNotFoundError, ProviderRateLimitError } from '../provider/index.ts';

/** What the watcher needs to know about a failed provider call. */
export interface FailureFacts {
  rateLimited: boolean;
  retryAfterSeconds: number | undefined;
  notFound: boolean;
}

export function failureFacts(err: unknown): FailureFacts {
  return {
    rateLimited: err instanceof ProviderRateLimitError,
    retryAfterSeconds:
      err instanceof ProviderRateLimitError && err.retryAfterSeconds !== null
        ? err.retryAfterSeconds
        : undefined,
    notFound: err instanceof ProviderNotFoundError,
  };
}
