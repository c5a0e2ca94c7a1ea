/**
 * What the notifier needs of Slack: the two chat calls it makes.
 *
 * The WebClient behind it must not retry by itself (`retryConfig: { retries: 0 }`,
 * `rejectRateLimitedCalls: true`): the outbox is the retry.
 */
import type { Message } from '../../slack/views/format.ts';

export interface PostMessageArgs {
  channel: string;
  text: string;
  blocks?: Message['blocks'];
  thread_ts?: string;
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

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
