/** The provider's X-RateLimit-* headers, read from an answer. */

export interface RateLimitSnapshot {
  limit: number | null;
  remaining: number | null;
  /** End of the current window, Unix epoch seconds, as the provider sent it. */
  reset: number | null;
  concurrentLimit: number | null;
  concurrentRemaining: number | null;
  /** When these values were read (client clock, epoch ms); null before any answer. */
  seenAt: number | null;
}

type HeaderBag = Record<string, string | string[] | undefined>;

function num(headers: HeaderBag, name: string): number | null {
  const raw = headers[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Reads the five X-RateLimit-* headers; null when the answer carried none. */
export function parseRateLimitHeaders(headers: HeaderBag, nowMs: number): RateLimitSnapshot | null {
  const snap: RateLimitSnapshot = {
    limit: num(headers, 'x-ratelimit-limit'),
    remaining: num(headers, 'x-ratelimit-remaining'),
    reset: num(headers, 'x-ratelimit-reset'),
    concurrentLimit: num(headers, 'x-ratelimit-concurrent-limit'),
    concurrentRemaining: num(headers, 'x-ratelimit-concurrent-remaining'),
    seenAt: nowMs,
  };
  const seen =
    snap.limit !== null ||
    snap.remaining !== null ||
    snap.reset !== null ||
    snap.concurrentLimit !== null ||
    snap.concurrentRemaining !== null;
  return seen ? snap : null;
}
