/** What a failed Slack call says: a rate limit (and how long to wait), or an error code. */

export interface Failure {
  rateLimited: boolean;
  retryAfterMs: number | undefined;
  error: string;
}

/** The WebClient throws (rate limit, platform error, HTTP error); a raw fake may answer ok:false. */
export function classifySlackFailure(errOrAnswer: unknown): Failure {
  const e = (typeof errOrAnswer === 'object' && errOrAnswer !== null ? errOrAnswer : {}) as {
    code?: unknown;
    retryAfter?: unknown;
    data?: { error?: unknown; response_metadata?: unknown };
    error?: unknown;
    statusCode?: unknown;
    message?: unknown;
  };
  if (
    e.code === 'slack_webapi_rate_limited_error' ||
    e.error === 'ratelimited' ||
    e.data?.error === 'ratelimited'
  ) {
    const ra = typeof e.retryAfter === 'number' ? e.retryAfter : undefined;
    return {
      rateLimited: true,
      retryAfterMs: ra === undefined ? undefined : ra * 1000,
      error: 'ratelimited',
    };
  }
  const platform =
    typeof e.data?.error === 'string' ? e.data.error : typeof e.error === 'string' ? e.error : undefined;
  if (platform) return { rateLimited: false, retryAfterMs: undefined, error: platform };
  if (typeof e.statusCode === 'number')
    return { rateLimited: false, retryAfterMs: undefined, error: `http_${e.statusCode}` };
  return {
    rateLimited: false,
    retryAfterMs: undefined,
    error: typeof e.message === 'string' ? e.message : String(errOrAnswer),
  };
}
