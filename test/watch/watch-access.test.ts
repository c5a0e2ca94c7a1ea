/**
 * Watches obey the policy's channel list and show only what the reader may
 * see, through the real app with signed requests: an operator cannot add,
 * remove or mute a watch of a channel outside the list (refused and
 * audited, the watch left as it was); `/vps watches` lists the reader's
 * channel, another channel only when Slack says the reader can read it, and
 * never names a private channel to someone outside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { WATCH_IDS } from '../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';

const en = catalogs.en;
const ALERTS = 'C0ALERTS1';
const OUTSIDE = 'C0OUTSIDE';
const SECRET = 'G0SECRET1';
const NOTIFY = 'G0NOTIFY1';
const MEMBER = 'U0MEMBER1';

describe('watches and the policy’s channel list', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      operators: [OPERATOR],
      policy: `channels: [${CHANNEL}, ${ALERTS}, ${SECRET}]\n`,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const run = async (text: string, user = OPERATOR, channel = CHANNEL) =>
    messageText(await (await h.command(text, { user, channel })).answer());
  const refusedHere = (channel: string) =>
    en['error.target_channel_not_allowed'].replace('{channel}', channel);

  it('a watch for a listed channel is added from another listed channel', async () => {
    expect(await run(`watch db-1 <#${ALERTS}|alerts>`)).toContain('now gets power changes of *db-1*');
    expect((await h.bot.store.watches.list(ALERTS)).map((w) => w.channelId)).toEqual([ALERTS]);
  });

  it('an operator cannot add, remove or mute a watch of a channel outside the list', async () => {
    // A watch left from before the policy dropped its channel.
    await h.bot.store.watches.add({ target: 'all', channelId: OUTSIDE, createdBy: 'U0SOMEONE' });
    expect(await run(`watch db-1 <#${OUTSIDE}|outside>`)).toContain(refusedHere(OUTSIDE));
    expect(await run(`unwatch all <#${OUTSIDE}|outside>`)).toContain(refusedHere(OUTSIDE));
    expect(await run(`mute all 1h <#${OUTSIDE}|outside>`)).toContain(refusedHere(OUTSIDE));
    expect(await run(`unmute all <#${OUTSIDE}|outside>`)).toContain(refusedHere(OUTSIDE));
    expect((await h.bot.store.watches.list(OUTSIDE)).map((w) => w.target)).toEqual(['all']);
    expect(await h.bot.store.mutes.active(new Date(), OUTSIDE)).toEqual([]);
    const refusals = await h.bot.store.audit.latest({ limit: 4 });
    expect(refusals.map((a) => [a.action, a.outcome, a.errorCode, a.params.channel]).reverse()).toEqual([
      ['watch', 'refused', 'target_channel_not_allowed', OUTSIDE],
      ['unwatch', 'refused', 'target_channel_not_allowed', OUTSIDE],
      ['mute', 'refused', 'target_channel_not_allowed', OUTSIDE],
      ['unmute', 'refused', 'target_channel_not_allowed', OUTSIDE],
    ]);
  });

  it('nor from inside that channel, which the list leaves out altogether', async () => {
    expect(await run('unwatch all', OPERATOR, OUTSIDE)).toContain(
      en['error.channel_not_allowed'].replace('{channels}', '<#C0OPS0001>, <#C0ALERTS1>, <#G0SECRET1>'),
    );
    expect((await h.bot.store.watches.list(OUTSIDE)).map((w) => w.target)).toEqual(['all']);
  });
});

describe('/vps watches shows what the reader may see', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: [OPERATOR], env: { NOTIFY_CHANNEL: NOTIFY } });
    h.slack.setChannel(SECRET, { private: true, members: [MEMBER, OPERATOR] });
    h.slack.setChannel(NOTIFY, { private: true, members: [OPERATOR] });
    // A private channel's own operator sets up its watches there.
    expect(
      messageText(await (await h.command('watch db-1', { user: OPERATOR, channel: SECRET })).answer()),
    ).toContain('now gets power changes');
    const since = h.slack.lastSeq;
    await h.command('mute db-1 2h', { user: OPERATOR, channel: SECRET });
    await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.args.channel === SECRET && c.seq > since,
    );
    await (await h.command('watch web-1', { user: OPERATOR })).answer();
  });
  afterAll(async () => {
    await h?.close();
  });

  const watches = async (text: string, user: string, channel = CHANNEL) => {
    const reply = await (await h.command(text, { user, channel })).reply();
    return JSON.stringify(reply.args);
  };

  it('in one channel, the list names that channel’s watches only, never a private channel', async () => {
    const here = await watches('watches', VIEWER);
    expect(here).toContain(`*web-1* → <#${CHANNEL}>`);
    expect(here).not.toContain(SECRET);
    expect(here).not.toContain('db-1');
    // NOTIFY_CHANNEL is private too, and the viewer is not in it.
    expect(here).not.toContain(NOTIFY);
  });

  it('another channel named by someone who cannot read it is refused without saying what it watches', async () => {
    const n = h.slack.callsOf('conversations.members').length;
    const told = await watches(`watches <#${SECRET}|secret>`, VIEWER);
    expect(told).toContain(en['error.channel_not_visible']);
    expect(told).not.toContain('db-1');
    expect(h.slack.callsOf('conversations.members').length).toBe(n + 1);
  });

  it('a member of the private channel sees its watches and mutes, from anywhere', async () => {
    const theirs = await watches(`watches <#${SECRET}|secret>`, MEMBER);
    expect(theirs).toContain(`*db-1* → <#${SECRET}>`);
    expect(theirs).toContain(':no_bell:');
    expect(theirs).not.toContain('web-1');
  });

  it('when Slack cannot say (the bot is not in the channel, say), the answer is no', async () => {
    h.slack.fail('conversations.info', { error: 'channel_not_found' });
    const told = await watches(`watches <#${SECRET}|secret>`, MEMBER);
    expect(told).toContain(en['error.channel_not_visible']);
    expect(told).not.toContain('db-1');
  });

  it('a public channel’s watches anyone may list; NOTIFY_CHANNEL is named to its members', async () => {
    const mine = await watches(`watches <#${CHANNEL}|ops>`, MEMBER, SECRET);
    expect(mine).toContain(`*web-1* → <#${CHANNEL}>`);
    expect(mine).not.toContain(NOTIFY);
    expect(await watches('watches', OPERATOR)).toContain(`<#${NOTIFY}>`);
  });
});

describe('changing what a channel is told needs reading it, as listing its watches does', () => {
  const OUTSIDER = 'U0OUTSIDE1';
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: [OPERATOR, MEMBER, OUTSIDER] });
    h.slack.setChannel(SECRET, { private: true, members: [MEMBER] });
    // The private channel's own watches, set up there by its member.
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    for (const target of [db1.uuid, 'key'])
      await h.bot.store.watches.add({ target, channelId: SECRET, createdBy: MEMBER });
  });
  afterAll(async () => {
    await h?.close();
  });

  const run = async (text: string, user: string, channel = CHANNEL) =>
    messageText(await (await h.command(text, { user, channel })).answer());
  const secret = `<#${SECRET}|secret>`;
  const watched = async () => (await h.bot.store.watches.list(SECRET)).map((w) => w.target).sort();

  it('an operator outside a private channel can neither mute, unmute, watch nor unwatch anything there (/vps and /hosting)', async () => {
    const before = await watched();
    expect(before).toHaveLength(2);
    const since = h.slack.lastSeq;
    for (const text of [
      `mute all 7d ${secret}`,
      `mute key 7d ${secret}`,
      `unmute all ${secret}`,
      `unwatch key ${secret}`,
      `unwatch db-1 ${secret}`,
      `watch web-1 ${secret}`,
      `watch all ${secret}`,
    ])
      expect(await run(text, OUTSIDER), text).toContain(en['error.target_channel_not_visible']);
    expect(
      messageText(
        await (await h.command(`watch ${secret}`, { user: OUTSIDER, command: '/hosting' })).answer(),
      ),
    ).toContain(en['error.target_channel_not_visible']);
    expect(await h.bot.store.mutes.active(new Date(), SECRET)).toEqual([]);
    expect(await watched()).toEqual(before);
    // Nothing was said in the private channel.
    expect(
      h.slack.calls.filter((c) => c.seq > since && c.args.channel === SECRET && c.method.startsWith('chat.')),
    ).toEqual([]);
    const refusals = await h.bot.store.audit.latest({ limit: 8 });
    expect(
      refusals.map((a) => [a.action, a.outcome, a.errorCode, a.actor, a.params.channel]).reverse(),
    ).toEqual(
      ['mute', 'mute', 'unmute', 'unwatch', 'unwatch', 'watch', 'watch', 'hosting.watch'].map((action) => [
        action,
        'refused',
        'target_channel_not_visible',
        OUTSIDER,
        SECRET,
      ]),
    );
  });

  it('a member of the private channel may change it from another channel', async () => {
    expect(await run(`mute all 1h ${secret}`, MEMBER)).toContain('muted');
    expect((await h.bot.store.mutes.active(new Date(), SECRET)).map((m) => m.target)).toEqual(['all']);
    expect(await run(`unmute all ${secret}`, MEMBER)).not.toContain(en['error.target_channel_not_visible']);
    expect(await h.bot.store.mutes.active(new Date(), SECRET)).toEqual([]);
  });

  it('a mute button pressed from no channel (a forged click from the App Home) is refused, not set on the user id', async () => {
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    const value = JSON.stringify({ u: db1.uuid, s: 3600 });
    const from = h.logs.lines.length;
    const { ack } = await h.homeClick(WATCH_IDS.mute, value, { user: OPERATOR });
    expect(ack.status).toBe(200);
    await h.logs.waitFor((r) => r.msg === 'mute button refused or failed', { from });
    const [refusal] = await h.bot.store.audit.latest({ limit: 1 });
    expect(refusal).toMatchObject({
      action: 'mute',
      outcome: 'refused',
      errorCode: 'target_channel_not_visible',
      actor: OPERATOR,
    });
    expect(await h.bot.store.mutes.active(new Date())).toEqual([]);
    // The same button on a message in a channel still mutes there.
    await h.click(WATCH_IDS.mute, value, { user: OPERATOR });
    await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.channel === CHANNEL);
    expect((await h.bot.store.mutes.active(new Date())).map((m) => [m.channelId, m.target])).toEqual([
      [CHANNEL, db1.uuid],
    ]);
  });
});
