/**
 * `/vps digest` through the real app (startBot) with signed requests: the
 * last 24 hours from the store, to the person who asks, at once (the top
 * message, then its details through the same response_url), in English and
 * Japanese; refused to someone the policy does not let read it; and never a
 * provider request (counted in the simulator).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/app-harness.ts';
import { CHANNEL, messageText, startHarness, VIEWER } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 10 March 2026, 12:00 in Japan. */
const NOON_JST = new Date('2026-03-10T03:00:00.000Z');

/** A day of things to tell, written where the bot writes them. */
async function seed(h: Harness): Promise<void> {
  const store = h.bot.store;
  const now = NOON_JST.getTime();
  const at = (ms: number) => new Date(now + ms);
  await store.incidents.create({
    id: 'power:uuid-web:1',
    kind: 'power',
    subject: 'uuid-web',
    name: 'web-1',
    ipAddress: null,
    plan: null,
    baseline: 'running',
    baselineSince: at(-5 * HOUR),
    baselineSinceKnown: true,
    state: 'error',
    changes: [{ key: 'power:uuid-web:1', from: 'running', to: 'error', at: now - 3 * HOUR, later: false }],
    raisedAt: at(-3 * HOUR),
    alarmSince: at(-3 * HOUR),
  });
  await store.incidents.create({
    id: 'key-use:203.0.113.9:1',
    kind: 'key-use',
    subject: 'key-use:203.0.113.9',
    name: '203.0.113.9',
    ipAddress: null,
    plan: null,
    baseline: 'ok',
    baselineSince: at(-2 * HOUR),
    baselineSinceKnown: false,
    state: 'ok',
    changes: [{ key: 'key-use:203.0.113.9:1', from: 'ok', to: 'alarm', at: now - 2 * HOUR, later: false }],
    detail: {},
    raisedAt: at(-2 * HOUR),
    resolvedAt: at(-HOUR),
  });
  // Two days ago: outside the window.
  await store.incidents.create({
    id: 'power:uuid-old:1',
    kind: 'power',
    subject: 'uuid-old',
    name: 'old-1',
    ipAddress: null,
    plan: null,
    baseline: 'running',
    baselineSince: at(-50 * HOUR),
    baselineSinceKnown: true,
    state: 'running',
    changes: [{ key: 'power:uuid-old:1', from: 'running', to: 'stopped', at: now - 49 * HOUR, later: false }],
    raisedAt: at(-49 * HOUR),
    resolvedAt: at(-48 * HOUR),
  });
  await store.snapshots.upsert({
    serverUuid: 'uuid-web',
    name: 'web-1',
    powerStatus: 'error',
    observedAt: at(-MIN),
  });
  await store.audit.append({
    actor: 'U0APPROVER',
    channelId: CHANNEL,
    action: 'signup.execute',
    target: 'signup-1',
    params: { name: 'shop-db', price: 3960, providerServiceId: 123, status: 'active' },
    outcome: 'ok',
    at: at(-4 * HOUR),
  });
  await store.audit.append({
    actor: 'U0OPERATOR',
    channelId: CHANNEL,
    action: 'hosting.domain_add',
    target: 'sv1234.xsrv.jp',
    params: { domain: 'shop.example.jp' },
    outcome: 'ok',
    at: at(-5 * HOUR),
  });
  await store.audit.append({
    actor: 'outside',
    action: 'hosting.outside_change',
    target: 'sv1234.xsrv.jp',
    params: { change: 'ssh-on' },
    outcome: 'ok',
    at: at(-6 * HOUR),
  });
  // A cron job added in the control panel, as the hosting watch writes it (no command, ever).
  await store.audit.append({
    actor: 'outside',
    action: 'hosting.outside_change',
    target: 'sv1234.xsrv.jp',
    params: { change: 'cron-added', id: 'c-9', detail: '*/5 * * * *', comment: 'cache' },
    outcome: 'ok',
    at: at(-7 * HOUR),
  });
  const refused = await store.signups.create({
    planId: 'vps-4gb',
    period: 1,
    imageId: 'ubuntu',
    serverName: 'big-db',
    quotedPrice: 7700,
    requesterId: 'U0OPERATOR',
    channelId: CHANNEL,
    expiresAt: at(HOUR),
  });
  await store.signups.transition(refused.id, ['quoted'], 'rejected', { approverId: 'U0APPROVER' });
  await store.contracts.setByPerson(
    {
      serverUuid: 'uuid-web',
      serverName: 'web-1',
      date: '2026-03-17',
      userId: 'U0OPERATOR',
      channelId: CHANNEL,
    },
    at(-DAYS(3)),
  );
  // A moment later: what was written at "now" is in the last 24 hours.
  h.sim.control.clock.advance(1_000);
}

const DAYS = (n: number) => n * 24 * HOUR;

describe('/vps digest through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  /** Every answer to one command through its response_url, in order. */
  async function answers(x: Harness, text: string, user = VIEWER): Promise<RecordedCall[]> {
    const sent = await x.command(text, { user, channel: CHANNEL });
    await sent.reply();
    // The details follow the top message through the same response_url.
    await x.slack.waitFor(
      (c) =>
        c.method === 'response_url' &&
        c.responseId === sent.responseId &&
        /\*Provider budget\*|\*APIの利用量\*/.test(messageText(c)),
    );
    return x.slack.calls.filter((c) => c.method === 'response_url' && c.responseId === sent.responseId);
  }

  it('shows the last 24 hours to the person who asks, from the store alone: no provider request', async () => {
    h = await startHarness({ manualClockAt: NOON_JST });
    await seed(h);
    const before = h.sim.control.requests().length;
    const replies = await answers(h, 'digest');
    expect(h.sim.control.requests().length).toBe(before);
    expect(replies.length).toBeGreaterThanOrEqual(2);
    for (const r of replies) {
      expect(r.args.response_type ?? 'ephemeral').toBe('ephemeral');
      expect(typeof r.args.text).toBe('string');
    }
    const top = messageText(replies[0]!);
    expect(top).toContain('*Digest of the last 24 hours*');
    expect(top).toContain('*Open incidents: 1*. The longest: *web-1*, open for 3 h');
    expect(top).toContain('*Key alarms: 1*');
    expect(top).toContain('*Servers not running: 1*. `web-1`');
    expect(top).toContain('*Incidents opened: 2*, resolved: 1');
    expect(top).toContain('*Hosting changes made outside the bot: 2*');
    expect(top).toContain('*Approvals refused: 1*, expired unanswered: 0');
    expect(top).toContain('*Orders placed: 1*, ¥3,960 in all (tax included)');
    expect(top).toContain('*Hosting changes made through the bot: 1*');
    expect(top).toContain('*Contracts renewing within 30 days: 1*. The nearest: *web-1* on 2026-03-17');
    expect(top).toContain('Details below.');
    const details = replies.slice(1).map(messageText).join('\n');
    expect(details).toContain('The longest: *web-1* (server stopped or in error), 3 h, still open');
    expect(details).toContain('the key used by someone else');
    expect(details).not.toContain('old-1');
    expect(details).toContain('`domain add` `shop.example.jp` · <@U0OPERATOR>');
    expect(details).toContain('SSH turned on outside Slack');
    expect(details).toContain('cron job added outside Slack');
    expect(details).toContain('`c-9`');
    expect(details).toContain(
      'Order of *big-db* (vps-4gb, ¥7,700) by <@U0OPERATOR>: refused by <@U0APPROVER>',
    );
    expect(details).toContain('*shop-db*');
    expect(details).toContain('*web-1*: 2026-03-17 (in 7 days)');
  });

  it('in Japanese', async () => {
    h = await startHarness({ manualClockAt: NOON_JST, locale: 'ja' });
    await seed(h);
    const replies = await answers(h, 'digest');
    const top = messageText(replies[0]!);
    expect(top).toContain('*直近24時間のダイジェスト*');
    expect(top).toContain('*対応中のインシデント 1件*（最長: *web-1*、3時間継続中）');
    expect(top).toContain('*注文 1件*、合計3,960円（税込）');
    expect(top).toContain('詳細は以下のとおりです。');
    expect(replies.slice(1).map(messageText).join('\n')).toContain('第三者によるキーの利用');
  });

  it('is refused to someone the policy does not let read it, and takes no words', async () => {
    h = await startHarness({ manualClockAt: NOON_JST, policy: 'actions:\n  digest: operator\n' });
    const sent = await h.command('digest', { user: VIEWER, channel: CHANNEL });
    const refusal = messageText(await sent.reply());
    expect(refusal).not.toContain('Digest of the last 24 hours');
    expect(refusal).toMatch(/operator/i);
    const usage = messageText(
      await (await h.command('digest now', { user: VIEWER, channel: CHANNEL })).reply(),
    );
    expect(usage).toContain('Usage: `/vps digest` (no arguments).');
  });
});
