import { afterEach, describe, expect, it } from 'vitest';
import type { Notice, OutboxItem } from '../../../src/store/index.ts';
import { foldUnits } from '../../../src/workers/notifier/plan.ts';
import { classifySlackFailure } from '../../../src/workers/notifier/send.ts';
import { CHANNEL, makeWorld, type World } from '../../watch/support/world.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function power(uuid: string, from: string, to: string, at: number): Notice {
  return { kind: 'power', uuid, name: `srv-${uuid}`, from, to, at } as Notice;
}

async function enqueue(w: World, key: string, notice: Notice, channel = CHANNEL, at = w.time.ms()) {
  await w.a.store.outbox.enqueue({
    dedupeKey: key,
    channelId: channel,
    payload: notice,
    nextAttemptAt: new Date(at),
  });
}

async function pump(w: World, ms: number, step = 250): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    await w.a.notifier.drainOnce();
    await w.time.advance(step);
  }
}

describe('notifier', () => {
  it('paces a channel at about one message a second, and channels independently', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const now = w.time.ms();
    await enqueue(w, 'a1', { kind: 'server-added', uuid: 'u1', name: 'one', at: now });
    await enqueue(w, 'a2', { kind: 'server-removed', uuid: 'u2', name: 'two', at: now }, 'C0OTHER01');
    await enqueue(w, 'a3', { kind: 'server-added', uuid: 'u3', name: 'three', at: now + 1 });
    await w.a.notifier.drainOnce();
    expect(w.slack.posts.map((p) => p.channel).sort()).toEqual(['C0OTHER01', CHANNEL]);
    await w.a.notifier.drainOnce();
    expect(w.slack.posts).toHaveLength(2);
    await pump(w, 1_500);
    expect(w.slack.posts).toHaveLength(3);
    const times = w.slack.posts.filter((p) => p.channel === CHANNEL).map((p) => p.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
  });

  it('waits out Slack 429 Retry-After and ok:false with backoff, and loses nothing', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const now = w.time.ms();
    await enqueue(w, 'x1', { kind: 'server-added', uuid: 'u1', name: 'one', at: now });
    await enqueue(w, 'x2', { kind: 'server-added', uuid: 'u2', name: 'two', at: now + 1 });
    w.slack.failNext(
      { kind: 'ratelimited', retryAfter: 7 },
      { kind: 'error', error: 'internal_error' },
      { kind: 'throw-network' },
    );
    await pump(w, 6_000);
    // Only the 429 so far: the channel is held for Retry-After.
    expect(w.slack.refused).toHaveLength(1);
    expect(w.slack.posts).toHaveLength(0);
    await pump(w, 30_000);
    expect(w.slack.refused).toHaveLength(3);
    expect(w.slack.refused[1]!.at - w.slack.refused[0]!.at).toBeGreaterThanOrEqual(7_000);
    expect(w.slack.posts.map((p) => p.text).join('\n')).toMatch(/one[\s\S]*two/);
    expect(w.slack.posts).toHaveLength(2);
    const left = await w.a.store.outbox.due(new Date(w.time.ms() + 86_400_000), 100);
    expect(left).toHaveLength(0);
    const sent = await w.a.store.outbox.get(1);
    expect(sent?.sentTs).toBeTruthy();
    expect(sent?.attempts).toBeGreaterThanOrEqual(2);
  });

  it('keeps unsent rows across a restart and posts them once afterwards', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const now = w.time.ms();
    await enqueue(w, 'r1', { kind: 'server-added', uuid: 'u1', name: 'one', at: now });
    w.slack.failNext({ kind: 'error', error: 'service_unavailable' });
    await w.a.notifier.drainOnce();
    expect(w.slack.posts).toHaveLength(0);
    await w.a.kill();
    const b = await w.instance('b');
    for (let t = 0; t < 10_000; t += 250) {
      await b.notifier.drainOnce();
      await w.time.advance(250);
    }
    expect(w.slack.posts).toHaveLength(1);
    for (let t = 0; t < 10_000; t += 250) {
      await b.notifier.drainOnce();
      await w.time.advance(250);
    }
    expect(w.slack.posts).toHaveLength(1);
  });

  it('posts signup follow-ups in their thread, never inside a digest', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const now = w.time.ms();
    for (let i = 0; i < 4; i += 1) {
      await enqueue(w, `p${i}`, power(`u${i}`, 'running', 'stopped', now));
    }
    await w.a.store.outbox.enqueue({
      dedupeKey: 'signup:1:active',
      channelId: CHANNEL,
      threadTs: '1700000000.000100',
      payload: {
        kind: 'signup-active',
        signupId: 's1',
        serviceId: '42',
        uuid: 'new-uuid',
        name: 'new-1',
        ip: '203.0.113.9',
        requesterId: 'U0REQ',
        at: now,
      },
    });
    await pump(w, 3_000);
    expect(w.slack.posts).toHaveLength(2);
    const thread = w.slack.posts.find((p) => p.thread_ts === '1700000000.000100');
    expect(thread?.text).toContain('<@U0REQ>');
    expect(thread?.text).toContain('203.0.113.9');
    const digest = w.slack.posts.find((p) => p.thread_ts === undefined);
    expect(digest?.text).toContain('4 changes');
  });

  it('posts a provider key warning on its own, never inside a digest', async () => {
    world = await makeWorld({ servers: 1 });
    const w = world;
    const now = w.time.ms();
    for (let i = 0; i < 3; i += 1) await enqueue(w, `p${i}`, power(`u${i}`, 'running', 'stopped', now));
    await enqueue(w, 'provider-key:k:3d', {
      kind: 'key-expiring',
      expiresAt: now + 3 * 86_400_000,
      days: 3,
      at: now,
    });
    await pump(w, 3_000);
    expect(w.slack.posts).toHaveLength(2);
    expect(w.slack.posts[0]?.text).toContain('The provider API key expires in 3 days');
    expect(w.slack.posts[0]?.text).not.toContain('changes');
    expect(w.slack.posts[1]?.text).toContain('3 changes');
    expect(w.slack.posts[1]?.text).not.toContain('API key');
  });
});

describe('notifier pieces', () => {
  const row = (id: number, notice: Notice): { row: OutboxItem; notice: Notice; ready: boolean } => ({
    row: {
      id,
      dedupeKey: `k${id}`,
      channelId: CHANNEL,
      threadTs: null,
      payload: notice,
      attempts: 0,
      nextAttemptAt: new Date(0),
      sentAt: null,
      sentTs: null,
      lastError: null,
      createdAt: new Date(0),
      kind: 'notice',
      incidentId: null,
      incidentVersion: null,
      subject: null,
      parkedAt: null,
    },
    notice,
    ready: id === 1,
  });

  it('folds a server’s changes within the window into one chain, and not beyond it', () => {
    const units = foldUnits(
      [
        row(1, power('a', 'running', 'stopped', 1_000)),
        row(2, power('a', 'stopped', 'running', 20_000)),
        row(3, power('a', 'running', 'error', 100_000)),
        row(4, power('b', 'running', 'stopped', 1_000)),
      ],
      30_000,
    );
    expect(units.map((u) => u.rows.map((r) => r.id))).toEqual([[1, 2], [3], [4]]);
    expect(units[0]!.ready).toBe(true);
  });

  it('reads WebClient errors and raw ok:false answers', () => {
    expect(classifySlackFailure({ code: 'slack_webapi_rate_limited_error', retryAfter: 3 })).toEqual({
      rateLimited: true,
      retryAfterMs: 3000,
      error: 'ratelimited',
    });
    expect(
      classifySlackFailure({ code: 'slack_webapi_platform_error', data: { error: 'not_in_channel' } }).error,
    ).toBe('not_in_channel');
    expect(classifySlackFailure({ ok: false, error: 'ratelimited' }).rateLimited).toBe(true);
  });
});
