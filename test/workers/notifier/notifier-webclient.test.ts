import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '../../../src/workers/notifier/notifier.ts';
import { type FakeSlack, startFakeSlack } from '../../support/fake-slack.ts';
import { CHANNEL, makeWorld, type World } from '../../watch/support/world.ts';

let world: World | undefined;
let fake: FakeSlack | undefined;
afterEach(async () => {
  await world?.close();
  await fake?.close();
  world = undefined;
  fake = undefined;
});

describe('notifier through @slack/web-api against the fake Slack server', () => {
  it('reads real WebClient failures: HTTP 429 Retry-After holds the channel, ok:false backs off, nothing is lost', async () => {
    world = await makeWorld({ servers: 1 });
    fake = await startFakeSlack();
    const w = world;
    // The outbox is the retry: the WebClient must neither retry nor queue 429s itself.
    const web = new WebClient('xoxb-test-token', {
      slackApiUrl: fake.apiUrl,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
    });
    const notifier = new Notifier({
      store: w.a.store,
      slack: web.chat,
      logger: w.logger,
      clock: w.time,
      timers: w.time,
      render: { locale: 'en' },
    });
    const now = w.time.ms();
    for (const [i, name] of ['one', 'two'].entries()) {
      await w.a.store.outbox.enqueue({
        dedupeKey: `k${i}`,
        channelId: CHANNEL,
        payload: { kind: 'server-added', uuid: `u${i}`, name, at: now + i },
        nextAttemptAt: new Date(now),
      });
    }
    fake.fail('chat.postMessage', { status: 429, retryAfter: 4 });
    fake.fail('chat.postMessage', { error: 'internal_error' });
    await notifier.drainOnce();
    expect(notifier.stats().rateLimited).toBe(1);
    for (let t = 0; t < 3_000; t += 500) {
      await w.time.advance(500);
      await notifier.drainOnce();
    }
    expect(fake.callsOf('chat.postMessage')).toHaveLength(1);
    for (let t = 0; t < 20_000; t += 500) {
      await w.time.advance(500);
      await notifier.drainOnce();
    }
    const posts = fake.callsOf('chat.postMessage');
    expect(notifier.stats().failures).toBe(1);
    expect(notifier.stats().posted).toBe(2);
    expect(posts).toHaveLength(4);
    const texts = posts.slice(2).map((p) => String(p.args.text));
    expect(texts.join('\n')).toMatch(/one[\s\S]*two/);
    expect(await w.a.store.outbox.due(new Date(w.time.ms() + 86_400_000), 10)).toHaveLength(0);
  });
});
