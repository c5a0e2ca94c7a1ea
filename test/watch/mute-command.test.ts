/**
 * `/vps mute` and `/vps unmute`, and an alert's buttons, through the real app
 * (startBot) with signed requests, the simulator and the fake Slack behind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIONS, WATCH_IDS } from '../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';

describe('/vps mute and unmute through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const announced = (h: Harness, after: number) =>
    h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL && c.seq > after);

  it('mutes a server and every server for a while, shows it in /vps watches, unmutes, audits each step', async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const run = async (text: string, user = OPERATOR) =>
      messageText(await (await h!.command(text, { user })).reply());

    let seq = h.slack.lastSeq;
    await h.command('mute db-1 2h', { user: OPERATOR });
    const muted = messageText(await announced(h, seq));
    expect(muted).toContain(`<@${OPERATOR}> muted *db-1* in <#${CHANNEL}> until <!date^`);
    expect(muted).toContain('one summary follows');
    const mutes = await h.bot.store.mutes.active(new Date());
    expect(mutes.map((m) => [m.channelId, m.createdBy])).toEqual([[CHANNEL, OPERATOR]]);
    expect(mutes[0]!.until.getTime() - Date.now()).toBeGreaterThan(119 * 60_000);

    seq = h.slack.lastSeq;
    await h.command('mute all 30m', { user: OPERATOR });
    expect(messageText(await announced(h, seq))).toContain('muted every server');

    const list = await run('watches', VIEWER);
    expect(list).toContain('Muted');
    // To one person, in their zone: not Slack's token.
    expect(list).toMatch(new RegExp(`\\*db-1\\* in <#${CHANNEL}> until \\w{3} \\d+, \\d{4}, \\d\\d:\\d\\d `));
    expect(list).toContain('every server in');

    // One server unmuted while every server stays muted: said so.
    seq = h.slack.lastSeq;
    await h.command('unmute db-1', { user: OPERATOR });
    const one = messageText(await announced(h, seq));
    expect(one).toContain('unmuted *db-1*');
    expect(one).toContain('Every server stays muted');

    seq = h.slack.lastSeq;
    await h.command('unmute', { user: OPERATOR });
    expect(messageText(await announced(h, seq))).toContain('unmuted every server');
    expect(await h.bot.store.mutes.active(new Date())).toEqual([]);
    expect(await run('unmute')).toContain('Nothing was muted');

    // Refused for a viewer, the usage for a bad duration, an unknown server named.
    expect(await run('mute db-1 1h', VIEWER)).toContain('This needs the *operator* role');
    expect(await run('mute db-1 forever')).toContain('Usage: `/vps mute');
    expect(await run('mute db-1 8d')).toContain('Usage: `/vps mute');
    expect(await run('mute nosuch 1h')).toMatch(/nosuch/);

    const audit = await h.bot.store.audit.latest({ limit: 20 });
    expect(audit.map((a) => [a.action, a.outcome, a.errorCode ?? null]).reverse()).toEqual([
      ['mute', 'ok', null],
      ['mute', 'ok', null],
      ['unmute', 'ok', null],
      ['unmute', 'ok', null],
      ['unmute', 'ok', null],
      ['mute', 'refused', 'role_required'],
    ]);
    expect(audit.find((a) => a.action === 'mute' && a.params.name === 'db-1')?.params).toMatchObject({
      channel: CHANNEL,
      minutes: 120,
    });
  });

  it("an alert's buttons: the card for the clicker alone, and a mute for the alert's channel", async () => {
    h = await startHarness({ operators: [OPERATOR] });
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    const card = await h.click(ACTIONS.cardShow, db1.uuid, { user: VIEWER });
    const shown = await card.reply();
    expect(shown.args.response_type).toBe('ephemeral');
    expect(shown.args.replace_original).toBe(false);
    expect(messageText(shown)).toContain('db-1');

    const seq = h.slack.lastSeq;
    await h.click(WATCH_IDS.mute, JSON.stringify({ u: db1.uuid, s: 3600 }), { user: OPERATOR });
    expect(messageText(await announced(h, seq))).toContain('muted *db-1*');
    const [m] = await h.bot.store.mutes.active(new Date(), CHANNEL);
    expect(m?.target).toBe(db1.uuid);
    // A viewer may read the card but not mute.
    const refused = await h.click(WATCH_IDS.mute, JSON.stringify({ u: db1.uuid, s: 3600 }), { user: VIEWER });
    expect(messageText(await refused.reply())).toContain('This needs the *operator* role');
  });
});
