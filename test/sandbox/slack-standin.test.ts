/**
 * The sandbox's Slack over real HTTP, called by the same Web API client the
 * bot uses: it posts where Slack lets a bot post and refuses the rest as
 * Slack does, hands out triggers good for one modal, checks a view's hash,
 * applies response_url posts to the message a button was on, and holds
 * messages to Block Kit's limits.
 */
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS, GROUPS, PEOPLE } from '../../src/sandbox/people.ts';
import {
  type SlackStandIn,
  SlackStandIn as StandIn,
  type StandInEvent,
} from '../../src/sandbox/slack-standin.ts';

let slack: SlackStandIn;
let client: webApi.WebClient;
let events: StandInEvent[];

const BOB = PEOPLE.find((p) => p.name === 'bob')!;
const OPS = CHANNELS.find((c) => c.name === 'ops')!;
const RANDOM = CHANNELS.find((c) => c.name === 'random')!;

beforeEach(async () => {
  slack = await new StandIn({ people: PEOPLE, groups: GROUPS, channels: CHANNELS }).start();
  client = new webApi.WebClient('xoxb-sandbox-test', {
    slackApiUrl: slack.apiUrl,
    retryConfig: { retries: 0 },
    logLevel: webApi.LogLevel.ERROR,
  });
  events = [];
  slack.on((e) => events.push(e));
});

afterEach(async () => {
  await slack.close();
});

const slackError = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { data?: { error?: string } }) => err.data?.error ?? 'threw',
  );

describe('posting', () => {
  it('posts in a channel the bot is in, and to a person in their direct messages', async () => {
    const posted = await client.chat.postMessage({ channel: OPS.id, text: 'hello' });
    expect(posted.channel).toBe(OPS.id);
    const dm = await client.chat.postMessage({ channel: BOB.id, text: 'psst' });
    expect(dm.channel).toBe(slack.dmChannelOf(BOB.id));
    expect(
      events.map((e) => (e.kind === 'message' ? [e.change, e.message.channel, e.message.text] : e.kind)),
    ).toEqual([
      ['posted', OPS.id, 'hello'],
      ['posted', slack.dmChannelOf(BOB.id), 'psst'],
    ]);
  });

  it('refuses a channel the bot is not in, and one that does not exist, as Slack does', async () => {
    expect(await slackError(client.chat.postMessage({ channel: RANDOM.id, text: 'x' }))).toBe(
      'not_in_channel',
    );
    expect(await slackError(client.chat.postEphemeral({ channel: RANDOM.id, user: BOB.id, text: 'x' }))).toBe(
      'not_in_channel',
    );
    expect(await slackError(client.chat.postMessage({ channel: 'C0NOWHERE', text: 'x' }))).toBe(
      'channel_not_found',
    );
    expect(events.filter((e) => e.kind === 'refused').map((e) => e.kind === 'refused' && e.error)).toEqual([
      'not_in_channel',
      'not_in_channel',
      'channel_not_found',
    ]);
    expect(events.some((e) => e.kind === 'message')).toBe(false);
  });

  it('updates only its own messages that exist; a thread reply names its parent', async () => {
    const first = await client.chat.postMessage({ channel: OPS.id, text: 'incident' });
    await client.chat.postMessage({ channel: OPS.id, text: 'reply', thread_ts: first.ts! });
    await client.chat.update({ channel: OPS.id, ts: first.ts!, text: 'incident (recovered)' });
    expect(slack.message(`${OPS.id}:${first.ts}`)?.text).toBe('incident (recovered)');
    expect(await slackError(client.chat.update({ channel: OPS.id, ts: '1.000001', text: 'x' }))).toBe(
      'message_not_found',
    );
    const reply = events.find((e) => e.kind === 'message' && e.message.text === 'reply');
    expect(reply?.kind === 'message' && reply.message.threadTs).toBe(first.ts);
  });

  it('gives a block posted without a block_id one, as Slack does, the same when drawn again', async () => {
    const blocks = [
      {
        type: 'actions',
        elements: [{ type: 'button', action_id: 'a', text: { type: 'plain_text', text: 'Go' } }],
      },
      { type: 'section', block_id: 'mine', text: { type: 'mrkdwn', text: 'kept' } },
    ];
    const first = await client.chat.postMessage({ channel: OPS.id, text: 'x', blocks });
    const kept = slack.message(`${OPS.id}:${first.ts}`)?.blocks as { block_id?: string }[];
    expect(kept[0]?.block_id).toMatch(/^[\w-]{5}$/);
    expect(kept[1]?.block_id).toBe('mine');
    await client.chat.update({ channel: OPS.id, ts: first.ts!, text: 'x', blocks });
    const again = slack.message(`${OPS.id}:${first.ts}`)?.blocks as { block_id?: string }[];
    expect(again[0]?.block_id).toBe(kept[0]?.block_id);
  });

  it('refuses a message over Block Kit limits (51 blocks) with invalid_blocks', async () => {
    const blocks = Array.from({ length: 51 }, () => ({ type: 'divider' as const }));
    expect(await slackError(client.chat.postMessage({ channel: OPS.id, text: 'x', blocks }))).toBe(
      'invalid_blocks',
    );
  });
});

describe('modals', () => {
  const view = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'Form' }, blocks: [] };

  it('opens one modal per trigger, for the trigger’s person; an unknown or reused trigger is refused', async () => {
    const trigger = slack.newTrigger(BOB.id);
    const opened = await client.views.open({ trigger_id: trigger, view });
    expect(slack.view(opened.view!.id!)?.userId).toBe(BOB.id);
    expect(await slackError(client.views.open({ trigger_id: trigger, view }))).toBe('exchanged_trigger_id');
    expect(await slackError(client.views.open({ trigger_id: '123.456.abc', view }))).toBe(
      'invalid_trigger_id',
    );
  });

  it('updates a view with its current hash, and refuses a stale one (a newer update won)', async () => {
    const opened = await client.views.open({ trigger_id: slack.newTrigger(BOB.id), view });
    const id = opened.view!.id!;
    const first = await client.views.update({ view_id: id, hash: opened.view!.hash!, view });
    expect(first.ok).toBe(true);
    expect(await slackError(client.views.update({ view_id: id, hash: opened.view!.hash!, view }))).toBe(
      'hash_conflict',
    );
    slack.closeView(id);
    expect(await slackError(client.views.update({ view_id: id, view }))).toBe('not_found');
  });
});

describe('response_url', () => {
  const post = (url: string, body: Record<string, unknown>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers the person alone by default, and replaces the message the button was on when asked', async () => {
    await client.chat.postEphemeral({ channel: OPS.id, user: BOB.id, text: 'card v1' });
    const card = events.find((e) => e.kind === 'message')!;
    const key = card.kind === 'message' ? card.message.key : '';
    const url = slack.newResponseUrl(BOB.id, OPS.id, key);
    expect((await post(url, { text: 'card v2', replace_original: true })).status).toBe(200);
    expect(slack.message(key)?.text).toBe('card v2');
    expect((await post(url, { text: 'just you' })).status).toBe(200);
    const last = events.at(-1);
    expect(last?.kind === 'message' && [last.change, last.message.ephemeralTo, last.message.text]).toEqual([
      'posted',
      BOB.id,
      'just you',
    ]);
  });

  it('is good for five posts, as Slack’s is', async () => {
    const url = slack.newResponseUrl(BOB.id, OPS.id);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(url, { text: `#${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404]);
  });
});

describe('conversations', () => {
  it('describes a channel as public, and a direct message as the bot’s with one person', async () => {
    const ops = await client.conversations.info({ channel: OPS.id });
    expect(ops.channel).toMatchObject({ id: OPS.id, name: 'ops', is_channel: true, is_private: false });
    const dm = await client.conversations.info({ channel: slack.dmChannelOf(BOB.id) });
    expect(dm.channel).toMatchObject({ is_im: true, user: BOB.id });
    const members = await client.conversations.members({ channel: slack.dmChannelOf(BOB.id) });
    expect(members.members).toContain(BOB.id);
    expect((await client.conversations.members({ channel: RANDOM.id })).members).toHaveLength(PEOPLE.length);
    expect(await slackError(client.conversations.info({ channel: 'C0NOWHERE' }))).toBe('channel_not_found');
  });
});

describe('people', () => {
  it('tells a person’s locale and zone when asked for them, and a group’s members', async () => {
    const info = await client.users.info({ user: BOB.id, include_locale: true });
    expect([info.user?.locale, info.user?.tz]).toEqual(['en-GB', 'Europe/London']);
    const members = await client.usergroups.users.list({ usergroup: GROUPS[0]!.id });
    expect(members.users).toEqual([BOB.id]);
    expect(await slackError(client.users.info({ user: 'U0NOBODY1' }))).toBe('user_not_found');
  });
});
