import type { PostMessageArgs, SlackPoster } from '../../../src/slack/notifier.ts';

export type Scripted =
  | { kind: 'ratelimited'; retryAfter: number }
  | { kind: 'error'; error: string }
  | { kind: 'throw-network' };

/**
 * An in-process Slack client: records every chat.postMessage and answers as
 * scripted. Failures are shaped like @slack/web-api's: a rate-limited call
 * throws `slack_webapi_rate_limited_error` with `retryAfter` (seconds), a
 * platform error throws `slack_webapi_platform_error` with `data.error`.
 */
export class FakeSlackClient implements SlackPoster {
  readonly posts: Array<PostMessageArgs & { ts: string; at: number }> = [];
  readonly refused: Array<{ args: PostMessageArgs; answer: Scripted; at: number }> = [];
  private script: Scripted[] = [];
  private seq = 0;

  constructor(private readonly now: () => number) {}

  failNext(...answers: Scripted[]): void {
    this.script.push(...answers);
  }

  async postMessage(args: PostMessageArgs): Promise<{ ok: boolean; ts?: string }> {
    const scripted = this.script.shift();
    if (scripted) {
      this.refused.push({ args, answer: scripted, at: this.now() });
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
    this.seq += 1;
    const ts = `${Math.floor(this.now() / 1000)}.${String(this.seq).padStart(6, '0')}`;
    this.posts.push({ ...args, ts, at: this.now() });
    return { ok: true, ts };
  }

  textOf(i: number): string {
    const p = this.posts[i];
    if (!p) return '';
    return [p.text, JSON.stringify(p.blocks ?? [])].join('\n');
  }
}
