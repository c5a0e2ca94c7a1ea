/**
 * Fair use of the one provider key, through the real app (signed requests, the
 * simulator behind, its clock stopped so that nothing happens by wall time):
 * a viewer's flood of reads never holds an operator's change; repeated and
 * identical reads cost one request; the day's budget is told in /metrics and
 * /vps me. People served in turn and the bound on a person's waiting
 * commands: fair-queue.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';

const en = catalogs.en;
/** 2026-03-02 12:00:10 in Japan: ten seconds into a rate-limit window. */
const NOON = new Date('2026-03-02T03:00:10Z');
const VIEWERS = ['U0VIEWER1', 'U0VIEWER2', 'U0VIEWER3', 'U0VIEWER4', 'U0VIEWER5'];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Lets the bot and the simulator work until `cond` holds (event-loop turns, never a timer). */
async function until(cond: () => boolean, what: string, turns = 50_000): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    if (cond()) return;
    await new Promise<void>((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}

const logsReads = (x: Harness) => x.sim.control.requests({ path: '/v1/logs' }).length;

async function metricsText(x: Harness): Promise<string> {
  return (await fetch(`http://127.0.0.1:${x.bot.port}/metrics`)).text();
}

describe('a flood of reads under a 30-a-minute limit', () => {
  it('an operator’s memo change reaches the provider while forty different reads wait their turn', async () => {
    h = await startHarness({
      rateLimit: { limit: 30, windowSeconds: 60, concurrent: 5 },
      manualClockAt: NOON,
    });
    const x = h;
    // Forty different reads (nothing to share or cache): the key's API log, one status code each.
    const replies = [];
    for (let i = 0; i < 40; i += 1) replies.push((await x.command(`logs code=${200 + i}`)).reply());
    const queuedReads = () => x.bot.provider.metrics().queuedBy.read;
    await until(
      () => logsReads(x) + queuedReads() === 40 && x.sim.control.inFlight() === 0,
      'the flood stalls',
    );
    // The reads took the window down to what they leave to a change and an order (4 of 30), and wait.
    const stalled = logsReads(x);
    expect(x.bot.provider.rateLimit.remaining).toBe(4);
    expect(queuedReads()).toBe(40 - stalled);
    expect(stalled).toBeGreaterThanOrEqual(25);

    const since = x.slack.lastSeq;
    await x.command('memo web-1 flood-proof', { user: OPERATOR });
    const post = await x.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
    expect(post.args.channel).toBe(CHANNEL);
    expect(messageText(post)).toContain('flood-proof');
    // The change went to the provider right after the flood's reads, none of the waiting ones before it.
    const sent = x.sim.control.requests();
    const put = sent.findIndex((r) => r.method === 'PUT');
    expect(put).toBeGreaterThan(0);
    expect(sent.slice(put).filter((r) => r.path === '/v1/logs')).toHaveLength(0);
    expect(queuedReads()).toBe(40 - stalled);

    // The next window lets the rest through; nobody was refused on the way.
    x.sim.control.clock.advance(60_000);
    const answered = await Promise.all(replies);
    expect(answered).toHaveLength(40);
    expect(logsReads(x)).toBe(40);
    expect(x.sim.control.rateLimited().total).toBe(0);
  });

  it('forty /vps list are one provider request: fresh for the read cache, joined while in flight', async () => {
    h = await startHarness({
      rateLimit: { limit: 30, windowSeconds: 60, concurrent: 5 },
      manualClockAt: NOON,
      env: { READ_CACHE_SECONDS: '15' },
    });
    const x = h;
    await (await x.command('me')).reply();
    x.sim.control.setLatency(1_000);
    const lists = () => x.sim.control.requests({ path: '/v1/vps/servers' }).length;
    // Five people at once while the first read is on its way: one request.
    const first = await Promise.all(VIEWERS.map((user) => x.command('list', { user })));
    await until(() => x.bot.provider.metrics().coalesced === 4, 'four reads join the first');
    x.sim.control.clock.advance(1_000);
    for (const c of first) expect(messageText(await c.reply())).toContain('12 servers');
    x.sim.control.setLatency(0);
    // Then thirty-five more within the cache's fifteen seconds: no request at all, and the age is told.
    x.sim.control.clock.advance(5_000);
    for (let i = 0; i < 35; i += 1) {
      const r = await (await x.command('list', { user: VIEWERS[i % VIEWERS.length] })).reply();
      // Read when the first asked (one second before its answer), five seconds more since.
      expect(messageText(r)).toContain(en['list.read_ago'].replace('{age}', '6 s'));
    }
    expect(lists()).toBe(1);

    // An operator's own change is never followed by the value before it.
    const card = await (await x.command('show web-1', { user: OPERATOR })).reply();
    expect(messageText(card)).not.toContain('flood-proof');
    const since = x.slack.lastSeq;
    await x.command('memo web-1 flood-proof', { user: OPERATOR });
    await x.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
    const after = await (await x.command('show web-1', { user: OPERATOR })).reply();
    expect(messageText(after)).toContain('flood-proof');
    const listed = await (await x.command('list flood-proof', { user: OPERATOR })).reply();
    expect(messageText(listed)).toContain('1 server matching');
    expect(lists()).toBe(2);
  });
});

describe('the day’s budget', () => {
  it('is told in /metrics and /vps me as it runs low, then when the provider refuses for the day', async () => {
    h = await startHarness({
      rateLimit: { limit: 1_000, windowSeconds: 60, concurrent: 5, daily: 60 },
      manualClockAt: NOON,
      env: { PROVIDER_DAILY_LIMIT: '60' },
    });
    const x = h;
    const day = () => x.bot.provider.daily;
    let code = 200;
    const spend = async (downTo: number) => {
      while ((day().remaining ?? 0) > downTo) await (await x.command(`logs code=${code++}`)).reply();
    };
    const me = async () => messageText(await (await x.command('me')).reply());
    expect(await me()).toContain(`Provider requests today: ${day().used} of 60`);
    expect(await metricsText(x)).toContain('vps_provider_daily_level{account="default",level="ok"} 1');

    await spend(12);
    expect(await me()).toContain('The provider’s daily request budget is running low: 12 of 60 left');
    let metrics = await metricsText(x);
    expect(metrics).toContain('vps_provider_daily_level{account="default",level="low"} 1');
    expect(metrics).toContain('vps_provider_daily_limit{account="default"} 60');
    expect(metrics).toContain('vps_provider_daily_remaining{account="default"} 12');

    await spend(6);
    expect(await me()).toContain('the watcher is paused until');
    // People may still use the reserve, until the provider itself says the day is over.
    await spend(0);
    const refused = await (await x.command(`logs code=${code++}`)).reply();
    expect(messageText(refused)).toContain('rate limit');
    expect(day().level).toBe('exhausted');
    expect(await me()).toContain('The provider’s daily request limit is reached until');
    metrics = await metricsText(x);
    expect(metrics).toContain('vps_provider_daily_level{account="default",level="exhausted"} 1');
    expect(x.sim.control.rateLimited().total).toBe(1);
    void VIEWER;
  });
});
