/**
 * `/vps watch` checks that the bot can post where the alerts would go, through
 * the real app: a channel it is not in, cannot see or that is archived is
 * refused with what to do and nothing is stored; a channel it can post in is
 * confirmed there; a parked channel that `/vps watch` proves open is tried
 * again at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';

const ELSEWHERE = 'C0ALERTS1';

describe('/vps watch checks the bot can post in the channel', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const run = async (text: string) =>
    messageText(await (await h!.command(text, { user: OPERATOR })).answer());

  it('refuses a channel the bot is not in, with the invite to type, and stores nothing', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    h.slack.closeChannel(ELSEWHERE, 'not_in_channel');
    const text = await run(`watch all <#${ELSEWHERE}|alerts>`);
    expect(text).toContain(`I’m not a member of <#${ELSEWHERE}>`);
    expect(text).toContain('`/invite @vps-bot`');
    expect(text).toContain('Nothing was changed.');
    expect(await h.bot.store.watches.list()).toEqual([]);
    const [audit] = await h.bot.store.audit.latest({ limit: 1 });
    expect(audit).toMatchObject({ action: 'watch', outcome: 'refused', errorCode: 'not_in_channel' });
    expect(audit!.params).toMatchObject({ channel: ELSEWHERE });
  });

  it('refuses this channel when the bot cannot see it, and an archived one, in the reader’s language', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    h.slack.closeChannel(CHANNEL, 'channel_not_found');
    expect(await run('watch db-1')).toContain(`I can’t see <#${CHANNEL}>: it is private and I’m not in it`);
    h.slack.closeChannel(CHANNEL, 'is_archived');
    h.slack.setUser(OPERATOR, { locale: 'ja-JP' });
    const ja = await run('watch db-1');
    expect(ja).toContain(`<#${CHANNEL}> はアーカイブされているため投稿できません`);
    expect(ja).toContain('設定は変更していません。');
    expect(await h.bot.store.watches.list()).toEqual([]);
  });

  it('answers in this channel through the check itself, once', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const cmd = await h.command('watch db-1', { user: OPERATOR });
    const answer = await cmd.answer();
    expect(answer.method).toBe('chat.postEphemeral');
    expect(answer.args).toMatchObject({ channel: CHANNEL, user: OPERATOR });
    expect(messageText(answer)).toContain('now gets power changes of *db-1*');
    // The already-watched answer is just as exact.
    expect(await run('watch db-1')).toContain('already watches *db-1*');
    expect(h.slack.calls.filter((c) => c.responseId === cmd.responseId)).toEqual([]);
    expect((await h.bot.store.watches.list()).map((w) => w.channelId)).toEqual([CHANNEL]);
  });

  it('confirms another channel there, and answers here', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const text = await run(`watch all <#${ELSEWHERE}|alerts>`);
    expect(text).toContain(`<#${ELSEWHERE}>`);
    expect(text).toContain('every server');
    const there = h.slack.callsOf('chat.postEphemeral').find((c) => c.args.channel === ELSEWHERE)!;
    expect(there.args.user).toBe(OPERATOR);
    expect(messageText(there)).toContain(
      'I can post here: power changes of every server will come to this channel',
    );
  });

  it('accepts a channel it could not check (the operator is not in it), as before', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    h.slack.fail('chat.postEphemeral', { error: 'user_not_in_channel' });
    expect(await run(`watch all <#${ELSEWHERE}|alerts>`)).toContain('every server');
    expect((await h.bot.store.watches.list()).map((w) => w.channelId)).toEqual([ELSEWHERE]);
  });

  it('a parked channel proven open by /vps watch is tried again at once', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const now = Date.now();
    await h.bot.store.channels.park(ELSEWHERE, 'not_in_channel', {
      at: new Date(now),
      probeAt: new Date(now + 3_600_000),
      tellAgainAfter: new Date(now - 86_400_000),
      sameSpellAfter: new Date(now),
    });
    expect(await run(`watch all <#${ELSEWHERE}|alerts>`)).toContain('every server');
    const [parked] = await h.bot.store.channels.parked();
    expect(parked!.probeAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('through the real Web API: a channel the bot is removed from is parked and its watch’s creator told once', async () => {
    h = await startHarness({
      operators: [OPERATOR],
      watcher: true,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: { WATCH_INTERVAL_SECONDS: '1', WATCH_FLAP_SECONDS: '0' },
    });
    const [db1, web1] = ['db-1', 'web-1'].map((n) => h!.sim.control.servers().find((s) => s.name === n)!);
    const detail = new RegExp(`^/v1/vps/servers/${db1!.uuid}$`);
    const firstRead = h.sim.control.nextRequest({ path: detail, status: 200 });
    expect(await run(`watch all <#${ELSEWHERE}|alerts>`)).toContain('every server');
    await firstRead;
    // The bot is removed from the channel; two servers change.
    h.slack.closeChannel(ELSEWHERE, 'not_in_channel');
    const flip = (s: typeof db1) =>
      h!.sim.control.setPower(s!.uuid, s!.power === 'stopped' ? 'running' : 'stopped');
    flip(db1);
    const dm = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === OPERATOR,
      15_000,
    );
    expect(messageText(dm)).toContain(`I can’t post in <#${ELSEWHERE}>: I’m not a member of it.`);
    const refusals = () =>
      h!.slack.calls.filter((c) => c.args.channel === ELSEWHERE && c.error === 'not_in_channel');
    expect(refusals()).toHaveLength(1);
    flip(web1);
    // Two more rounds read both servers: their rows wait, with no call to Slack and no second message.
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    await h.sim.control.nextRequest({ path: detail, status: 200 });
    expect(refusals()).toHaveLength(1);
    expect(
      h.slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.channel === OPERATOR),
    ).toHaveLength(1);
    expect((await h.bot.store.outbox.parkedRows(ELSEWHERE)).length).toBeGreaterThanOrEqual(1);
    const metrics = await (await fetch(`http://127.0.0.1:${h.bot.port}/metrics`)).text();
    expect(metrics).toMatch(/^vps_notifier_channels_parked_total\{account="default"\} 1$/m);
    // Slack's refusal is counted by method at the notifier's WebClient, as it happened.
    expect(metrics).toContain(
      'vps_slack_api_errors_total{method="chat.postMessage",error="not_in_channel"} 1',
    );
    expect(metrics).toMatch(/^vps_outbox_parked [1-9]\d*$/m);
  });
});
