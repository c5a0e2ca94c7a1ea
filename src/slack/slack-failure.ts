const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'address not found',
  EAI_AGAIN: 'address lookup failed',
  ETIMEDOUT: 'timed out',
  ECONNABORTED: 'timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
};

/**
 * Slack's own error code (invalid_auth, account_inactive, …), or the network
 * failure named by its cause (`connection refused (ECONNREFUSED)`), never the
 * token and never a bare "fetch failed".
 */
export function reasonOf(err: unknown): string {
  const e = err as {
    code?: unknown;
    data?: { error?: unknown };
    original?: { message?: unknown; code?: unknown; cause?: { code?: unknown; message?: unknown } };
  };
  if (typeof e?.data?.error === 'string') return e.data.error;
  const code = [e?.original?.code, e?.original?.cause?.code].find((c) => typeof c === 'string') as
    | string
    | undefined;
  // fetch's own message is "fetch failed"; what went wrong is its cause.
  const cause = e?.original?.cause?.message;
  const message =
    typeof cause === 'string'
      ? cause
      : typeof e?.original?.message === 'string'
        ? e.original.message
        : undefined;
  const named = code ?? Object.keys(NETWORK_CAUSES).find((c) => message?.includes(c));
  if (named && NETWORK_CAUSES[named]) return `${NETWORK_CAUSES[named]} (${named})`;
  if (message && /timeout|timed out/i.test(message)) return 'timed out';
  if (message) return message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * A Slack Web API failure named for a log line: Slack's own error code
 * (`not_in_channel`, `invalid_auth`, …), `ratelimited`, `http_<status>`, or
 * a network failure by its cause (`connection refused (ECONNREFUSED)`), never
 * the payload, which may hold what we sent.
 */
export function slackFailure(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; data?: { error?: unknown }; statusCode?: unknown; original?: unknown };
    if (typeof e.data?.error === 'string') return e.data.error;
    if (e.code === 'slack_webapi_rate_limited_error') return 'ratelimited';
    if (e.code === 'slack_webapi_http_error' && typeof e.statusCode === 'number')
      return `http_${e.statusCode}`;
    if (e.code === 'slack_webapi_request_error' && e.original) return reasonOf(err);
    if (typeof e.code === 'string') return e.code;
  }
  return err instanceof Error ? err.name : 'error';
}

/**
 * Slack's answers that say the bot cannot post in a channel at all (not a
 * member, a private or deleted channel, an archived one): retrying is no use
 * until someone invites it or picks another channel.
 */
export const UNREACHABLE_CHANNEL_ERRORS = ['not_in_channel', 'channel_not_found', 'is_archived'] as const;
export type UnreachableChannelError = (typeof UNREACHABLE_CHANNEL_ERRORS)[number];

export function isUnreachableChannelError(error: string): error is UnreachableChannelError {
  return (UNREACHABLE_CHANNEL_ERRORS as readonly string[]).includes(error);
}
