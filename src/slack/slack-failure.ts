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
