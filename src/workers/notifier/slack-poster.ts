/**
 * What the notifier needs of Slack: the two chat calls it makes.
 *
 * The WebClient behind it must not retry by itself (`retryConfig: { retries: 0 }`,
 * `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
import type { Message } from '../../slack/views/format.ts';

interface PostBase {
  channel: string;
  text: string;
  blocks?: Message['blocks'];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

/** A message, a thread reply, or a thread reply also shown in the channel ("Also send to channel"). */
export type PostMessageArgs = PostBase &
  ({ thread_ts?: string; reply_broadcast?: false } | { thread_ts: string; reply_broadcast: true });

export interface UpdateMessageArgs {
  channel: string;
  ts: string;
  text: string;
  blocks?: Message['blocks'];
}

export type SlackAnswer = { ok?: boolean; ts?: string; error?: string };

/** What the notifier needs of @slack/web-api's WebClient (`client.chat`). */
export interface SlackPoster {
  postMessage(args: PostMessageArgs): Promise<SlackAnswer>;
  update(args: UpdateMessageArgs): Promise<SlackAnswer>;
}
