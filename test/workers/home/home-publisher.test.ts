/**
 * The Home publisher on the manual clock (nothing waits for wall time), over
 * a real SQLite store: a Home is published once a second per person at most,
 * five changes within a second give one publish of the fifth, an unchanged
 * view is not published again, a change on many Homes goes out at once (the
 * workspace's hundred a minute: publish-pace.test.ts),
 * a 429 holds every publish for its Retry-After, a refusal or a network
 * failure holds one person and nobody else, a person Slack no longer knows is
 * forgotten, and only the lease holder publishes.
 */
import type { HomeView } from '@slack/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HomeChanges } from '../../../src/services/home-changes.ts';
import type { Store } from '../../../src/store/index.ts';
import { HomePublisher } from '../../../src/workers/home-publisher.ts';
import { newPlace, type Place, quietLogger } from '../../store/harness.ts';
import { ManualTime } from '../../watch/support/time.ts';

interface Sent {
  user: string;
  text: string;
  at: number;
}

const platformError = (error: string) =>
  Object.assign(new Error(`An API error occurred: ${error}`), {
    code: 'slack_webapi_platform_error',
    data: { ok: false, error },
  });
const rateLimited = (seconds: number) =>
  Object.assign(new Error('A rate limit was exceeded'), {
    code: 'slack_webapi_rate_limited_error',
    retryAfter: seconds,
  });

describe('the Home publisher', () => {
  let place: Place;
  let store: Store;
  let time: ManualTime;
  let now: number;
  let publisher: HomePublisher;
  let changes: HomeChanges;
  let leader: boolean;
  const sent: Sent[] = [];
  /** What each person's Home shows now. */
  const shows = new Map<string, string>();
  /** What the next publishes to each person throw, in turn. */
  const failures = new Map<string, unknown[]>();
  const failNext = (user: string, ...errors: unknown[]) => failures.set(user, errors);
  const draws: string[] = [];

  beforeEach(async () => {
    now = Date.parse('2026-03-10T03:00:00.000Z');
    time = new ManualTime(
      () => now,
      (ms) => {
        now = ms;
      },
    );
    place = await newPlace('sqlite');
    store = time.trackAll(await place.open({ clock: time }));
    const { logger } = quietLogger();
    changes = new HomeChanges({ store, clock: time, logger });
    leader = true;
    sent.length = 0;
    failures.clear();
    draws.length = 0;
    shows.clear();
    publisher = new HomePublisher({
      store,
      slack: {
        publish: time.track(async ({ user_id, view }) => {
          const failure = failures.get(user_id)?.shift();
          if (failure) throw failure;
          const block = view.blocks[0] as { text: { text: string } };
          sent.push({ user: user_id, text: block.text.text, at: time.ms() });
          return { ok: true };
        }),
      },
      draw: time.track(async (userId: string): Promise<HomeView> => {
        draws.push(userId);
        return {
          type: 'home',
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: shows.get(userId) ?? 'nothing' } }],
        };
      }),
      logger,
      clock: time,
      paceNow: () => time.ms(),
      timers: time,
      isLeader: () => leader,
    });
    changes.onChange(() => publisher.kick());
    publisher.start();
    // Its first pass (nothing marked yet) is over before a test begins.
    await time.advance(0);
  });
  afterEach(async () => {
    const stopped = publisher.stop();
    await time.advance(0);
    await stopped;
    await store.close();
    await place.dispose();
  });

  const open = async (user: string) => {
    await changes.opened(user);
    await time.advance(0);
  };
  const of = (user: string) => sent.filter((s) => s.user === user);

  it('publishes a Home when it is opened, and again only when what it shows changed', async () => {
    shows.set('U0ALICE01', 'one incident');
    await open('U0ALICE01');
    expect(of('U0ALICE01').map((s) => s.text)).toEqual(['one incident']);
    // A change that leaves her Home as it was: drawn, not published.
    await time.advance(2_000);
    await changes.changed('everyone', 'test');
    await time.advance(2_000);
    expect(of('U0ALICE01')).toHaveLength(1);
    expect(publisher.stats()).toMatchObject({ published: 1, unchanged: 1 });
    // Opening it again publishes it, whatever was published before.
    await open('U0ALICE01');
    expect(of('U0ALICE01')).toHaveLength(2);
    expect(await store.homeViewers.stale(10)).toEqual([]);
  });

  it('five changes within a second give one publish, of the last, a second after the one before', async () => {
    await open('U0ALICE01');
    const first = of('U0ALICE01')[0]!;
    for (let i = 1; i <= 5; i += 1) {
      shows.set('U0ALICE01', `change ${i}`);
      await changes.changed(['U0ALICE01'], 'test');
      await time.advance(150);
    }
    await time.advance(3_000);
    const all = of('U0ALICE01');
    expect(all.map((s) => s.text)).toEqual(['nothing', 'change 5']);
    expect(all[1]!.at - first.at).toBeGreaterThanOrEqual(1_000);
    expect(all[1]!.at - first.at).toBeLessThan(1_200);
  });

  it('publishes a change on many Homes at once, never one person twice within a second', async () => {
    const people = Array.from({ length: 12 }, (_, i) => `U0P${String(i).padStart(6, '0')}`);
    for (const p of people) await changes.opened(p);
    await time.advance(10_000);
    const changedAt = time.ms();
    for (const p of people) shows.set(p, 'changed');
    await changes.changed('everyone', 'test');
    await time.advance(10_000);
    expect(sent).toHaveLength(24);
    // Twelve is far below the workspace's hundred a minute: none of them waited for a pace.
    expect(sent.slice(12).map((s) => s.at)).toEqual(people.map(() => changedAt));
    for (const p of people) {
      const mine = of(p).map((s) => s.at);
      expect(mine[1]! - mine[0]!).toBeGreaterThanOrEqual(1_000);
    }
  });

  it('a 429 holds every publish for its Retry-After; the marks wait, and go after', async () => {
    failNext('U0ALICE01', rateLimited(5));
    await changes.opened('U0ALICE01');
    await changes.opened('U0BOB0001');
    await time.advance(4_500);
    expect(sent).toEqual([]);
    expect((await store.homeViewers.stale(10)).map((v) => v.userId).sort()).toEqual([
      'U0ALICE01',
      'U0BOB0001',
    ]);
    await time.advance(2_000);
    expect(sent.map((s) => s.user).sort()).toEqual(['U0ALICE01', 'U0BOB0001']);
    expect(sent[0]!.at).toBeGreaterThanOrEqual(Date.parse('2026-03-10T03:00:05.000Z'));
    expect(publisher.stats().rateLimited).toBe(1);
  });

  it('a refusal or a network failure holds that person, longer each time, and nobody else', async () => {
    failNext('U0ALICE01', platformError('internal_error'), new Error('fetch failed'));
    await changes.opened('U0ALICE01');
    await time.advance(0);
    await changes.opened('U0BOB0001');
    await time.advance(700);
    // Alice's first try was refused; Bob is published meanwhile.
    expect(sent.map((s) => s.user)).toEqual(['U0BOB0001']);
    await time.advance(1_000);
    // Her second try (after 1 s) failed on the network: held 2 s more.
    expect(of('U0ALICE01')).toEqual([]);
    await time.advance(2_500);
    expect(of('U0ALICE01')).toHaveLength(1);
    expect(publisher.stats()).toMatchObject({ failed: 2, published: 2 });
  });

  it('forgets a person Slack no longer knows', async () => {
    failNext('U0GONE001', platformError('user_not_found'));
    await open('U0GONE001');
    expect(await store.homeViewers.get('U0GONE001')).toBeNull();
    await changes.changed('everyone', 'test');
    await time.advance(3_000);
    expect(sent).toEqual([]);
  });

  it('publishes only while it holds the lease; the marks wait for the holder', async () => {
    leader = false;
    await open('U0ALICE01');
    await time.advance(5_000);
    expect(sent).toEqual([]);
    leader = true;
    await time.advance(1_000);
    expect(of('U0ALICE01')).toHaveLength(1);
  });
});
