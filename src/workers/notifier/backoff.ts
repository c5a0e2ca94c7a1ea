/**
 * How long a refused call's rows (and its channel's lane) wait: 429 waits
 * `Retry-After`; `ok:false` and network errors back off exponentially, up to
 * the longest backoff at once for errors that another try will not mend.
 */
import type { Failure } from './failure.ts';
import type { NotifierSettings } from './options.ts';

const PERMANENT = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'missing_scope',
  'restricted_action',
  'message_not_found',
  'cant_update_message',
]);

/** `attempts`: the most tries any of the call's rows had before this one. */
export function retryDelayMs(
  failure: Failure,
  attempts: number,
  parkable: boolean,
  settings: Pick<NotifierSettings, 'minIntervalMs' | 'maxBackoffMs'>,
): number {
  if (failure.rateLimited) return Math.max(1_000, failure.retryAfterMs ?? 1_000);
  const maxBackoff = settings.maxBackoffMs;
  // A parked channel waits for its probe, not for a backoff.
  return parkable
    ? settings.minIntervalMs
    : PERMANENT.has(failure.error)
      ? maxBackoff
      : Math.min(maxBackoff, 1_000 * 2 ** Math.min(attempts, 20));
}
