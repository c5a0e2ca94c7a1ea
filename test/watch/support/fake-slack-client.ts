import type {
  PostMessageArgs,
  SlackPoster,
  UpdateMessageArgs,
} from '../../../src/workers/notifier/notifier-types.ts';
import { slackRefusal } from '../../support/fake-slack.ts';

export type Scripted =
  | { kind: 'ratelimited'; retryAfter: number }
  | { kind: 'error'; error: string }
  | { kind: 'throw-network' };

/**
 * An in-process Slack client: records every chat.postMessage and chat.update
 * (and keeps each message as last edited) and answers as scripted. A message
 * Slack would refuse (Block Kit's limits, a repeated block_id or action_id:
 * the HTTP fake's `slackRefusal`) is refused with `invalid_blocks`, as Slack
 * does. Failures are shaped like @slack/web-api's: a rate-limited call
 * throws `slack_webapi_rate_limited_error` with `retryAfter` (seconds), a
 * platform error throws `slack_webapi_platform_error` with `data.error`.
 */
export class FakeSlackClient implements SlackPoster {
  readonly posts: Array<PostMessageArgs & { ts: string; at: number }> = [];
  readonly updates: Array<UpdateMessageArgs & { at: number }> = [];
  /** Every message by ts, as it reads now (after its edits). */
  readonly current = new Map<string, PostMessageArgs & { ts: string; at: number }>();
  readonly refused: Array<{ args: PostMessageArgs; answer: Scripted; at: number }> = [];
  private script: Scripted[] = [];
  private seq = 0;
  /** Channels the bot is not in: every call there is refused with this error. */
  private readonly closed = new Map<string, string>();

  constructor(private readonly now: () => number) {}

  failNext(...answers: Scripted[]): void {
    this.script.push(...answers);
  }

  /** The bot leaves (or never was in) the channel: calls there fail with `error` until `open`. */
  close(channel: string, error = 'not_in_channel'): void {
    this.closed.set(channel, error);
  }

  open(channel: string): void {
    this.closed.delete(channel);
  }

  async postMessage(args: PostMessageArgs): Promise<{ ok: boolean; ts?: string }> {
    this.answerScripted(args);
    this.seq += 1;
    const ts = `${Math.floor(this.now() / 1000)}.${String(this.seq).padStart(6, '0')}`;
    const post = { ...args, ts, at: this.now() };
    this.posts.push(post);
    this.current.set(ts, post);
    return { ok: true, ts };
  }

  async update(args: UpdateMessageArgs): Promise<{ ok: boolean; ts?: string }> {
    this.answerScripted(args);
    const was = this.current.get(args.ts);
    if (!was || was.channel !== args.channel) {
      throw Object.assign(new Error('An API error occurred: message_not_found'), {
        code: 'slack_webapi_platform_error',
        data: { ok: false, error: 'message_not_found' },
      });
    }
    this.updates.push({ ...args, at: this.now() });
    this.current.set(args.ts, { ...was, text: args.text, blocks: args.blocks });
    return { ok: true, ts: args.ts };
  }

  /** Top-level messages (not thread replies), as they read now. */
  topLevel(channel?: string): Array<PostMessageArgs & { ts: string; at: number }> {
    return this.posts
      .filter((p) => !p.thread_ts && (channel === undefined || p.channel === channel))
      .map((p) => this.current.get(p.ts)!);
  }

  /** Replies in the thread of `ts`. */
  replies(ts: string): Array<PostMessageArgs & { ts: string; at: number }> {
    return this.posts.filter((p) => p.thread_ts === ts);
  }

  /** Text and blocks of a message as it reads now. */
  textOfTs(ts: string): string {
    const p = this.current.get(ts);
    return p ? [p.text, JSON.stringify(p.blocks ?? [])].join('\n') : '';
  }

  private answerScripted(args: PostMessageArgs | UpdateMessageArgs): void {
    const shut = this.closed.get(args.channel);
    const invalid = slackRefusal('chat.postMessage', { text: args.text, blocks: args.blocks });
    const scripted: Scripted | undefined = shut
      ? { kind: 'error', error: shut }
      : invalid
        ? { kind: 'error', error: invalid.error }
        : this.script.shift();
    if (scripted) {
      this.refused.push({ args: args as PostMessageArgs, answer: scripted, at: this.now() });
      if (scripted.kind === 'ratelimited') {
        throw Object.assign(new Error('A rate limit was exceeded'), {
          code: 'slack_webapi_rate_limited_error',
          retryAfter: scripted.retryAfter,
        });
      }
      if (scripted.kind === 'error') {
        throw Object.assign(new Error(`An API error occurred: ${scripted.error}`), {
          code: 'slack_webapi_platform_error',
          data: { ok: false, error: scripted.error },
        });
      }
      throw Object.assign(new Error('socket hang up'), { code: 'slack_webapi_request_error' });
    }
  }

  /** Text and blocks of the i-th posted message, as it reads now (after its edits). */
  textOf(i: number): string {
    const posted = this.posts[i];
    const p = posted ? (this.current.get(posted.ts) ?? posted) : undefined;
    if (!p) return '';
    return [p.text, JSON.stringify(p.blocks ?? [])].join('\n');
  }
}
