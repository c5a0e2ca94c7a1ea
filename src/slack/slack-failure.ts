/**
 * A Slack Web API failure named for a log line: Slack's own error code
 * (`not_in_channel`, `invalid_auth`, …) or the client's, never the payload,
 * which may hold what we sent.
 */
export function slackFailure(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; data?: { error?: unknown } };
    if (typeof e.data?.error === 'string') return e.data.error;
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
