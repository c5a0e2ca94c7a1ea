/**
 * Makes a planned call and records what came of it. Rows stay unsent until
 * Slack said ok, and are recorded as sent right after, in the transaction that
 * records the message's ts. What remains is the usual at-least-once gap: a crash
 * between Slack's ok and that write posts that message again after the
 * restart (the dedupe keys keep everything else exactly once, and an edit is
 * the same edit however often it is made).
 *
 * A refused call's rows (and its channel's lane) wait: 429 waits
 * `Retry-After`; `ok:false` and network errors back off exponentially, up to
 * the longest backoff at once for errors that another try will not mend.
 */
import { isUnreachableChannelError } from '../../slack/slack-failure.ts';
import type { NotifierContext, NotifierSettings } from './notifier-types.ts';
import { park } from './parked-channels.ts';
import type { Call } from './plan.ts';

/** True when Slack said ok; `nextAt` is the lane's pace, held on a failure. */
export async function sendCall(
  ctx: NotifierContext,
  channel: string,
  call: Call,
  now: number,
  nextAt: Map<string, number>,
): Promise<boolean> {
  let failure: Failure | undefined;
  let ts: string | null = null;
  try {
    const answer =
      call.what === 'update'
        ? await ctx.slack.update({
            channel,
            ts: call.ts!,
            text: call.message.text,
            blocks: call.message.blocks,
          })
        : await ctx.slack.postMessage({
            channel,
            text: call.message.text,
            blocks: call.message.blocks,
            unfurl_links: false,
            unfurl_media: false,
            ...threadOf(call),
          });
    if (answer.ok === false) failure = classifySlackFailure(answer);
    else ts = call.what === 'update' ? (call.ts ?? null) : (answer.ts ?? null);
  } catch (err) {
    failure = classifySlackFailure(err);
  }
  if (!failure) {
    await recordSent(ctx, channel, call, ts);
    return true;
  }
  await recordRefused(ctx, channel, call, failure, now, nextAt);
  return false;
}

/** Where a post goes: the channel, a thread, or a thread and the channel too (a reminder). */
function threadOf(call: Call): { thread_ts?: string } | { thread_ts: string; reply_broadcast: true } {
  if (!call.thread) return {};
  return call.broadcast ? { thread_ts: call.thread, reply_broadcast: true } : { thread_ts: call.thread };
}

async function recordSent(
  ctx: NotifierContext,
  channel: string,
  call: Call,
  ts: string | null,
): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    if (call.shows.length > 0) {
      // A post of the incidents' own message (top level, or into the thread it lives in).
      if (call.what === 'post' && call.opens && ts) await tx.incidents.markPosted(channel, ts, call.shows);
      else await tx.incidents.markRendered(channel, call.shows);
    }
    for (const r of call.rows) await tx.outbox.markSent(r.id, ts);
    if (call.dailyDigest?.page === 0 && ts) await tx.dailyDigests.markPosted(call.dailyDigest.day, ts);
  });
  if (call.what === 'update') ctx.counters.updated += 1;
  else ctx.counters.posted += 1;
  if (call.digest) ctx.counters.digests += 1;
  ctx.counters.rowsSent += call.rows.length;
}

async function recordRefused(
  ctx: NotifierContext,
  channel: string,
  call: Call,
  failure: Failure,
  now: number,
  nextAt: Map<string, number>,
): Promise<void> {
  const rows = call.rows;
  const attempts = Math.max(...rows.map((r) => r.attempts));
  // A person's direct message (a user id) is never parked: there is no channel to be invited to.
  const parkable = isUnreachableChannelError(failure.error) && !/^[UW]/.test(channel);
  const delay = retryDelayMs(failure, attempts, parkable, ctx.settings);
  if (failure.rateLimited) ctx.counters.rateLimited += 1;
  else ctx.counters.failures += 1;
  // Slack's limit is per channel (and per workspace): hold the channel's lane, not only these
  // rows; after any other failure too, so its messages keep their order.
  nextAt.set(channel, now + delay);
  ctx.log.warn(
    {
      channel,
      call: call.what,
      error: failure.error,
      attempts: attempts + 1,
      retryInMs: delay,
      rows: rows.length,
    },
    'Slack refused a notification; it stays in the outbox',
  );
  // An alert deleted in Slack cannot be edited any more: those edits are given up, nothing else waits on them.
  const gone =
    call.what === 'update' &&
    (failure.error === 'message_not_found' || failure.error === 'cant_update_message');
  const next = gone ? null : new Date(now + delay);
  if (gone) nextAt.set(channel, now + ctx.settings.minIntervalMs);
  for (const r of rows) await ctx.store.outbox.markFailed(r.id, failure.error, next);
  if (parkable) await park(ctx, channel, failure.error, now);
}

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

/** Errors another try will not mend soon: the longest backoff at once. */
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
function retryDelayMs(
  failure: Failure,
  attempts: number,
  parkable: boolean,
  settings: NotifierSettings,
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
