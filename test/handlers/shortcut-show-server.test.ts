/**
 * The Show server message shortcut through the real app: a signed
 * `message_action` delivery, the message's servers read from the simulator
 * over HTTP, the answer posted to the shortcut's response_url for the person
 * alone, in their language, within Block Kit's limits and with a text
 * fallback; refusals for a person without a role and a channel the policy
 * leaves out; a retried delivery answered once.
 */
import type { KnownBlock } from '@slack/types';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { ACTIONS, SHORTCUTS } from '../../src/slack/ids.ts';
import { assertBlocksWithinLimits } from '../../src/slack/views/limits.ts';
import { MENTIONED_SHOWN } from '../../src/slack/views/servers/mentioned-servers.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { fill } from '../support/words.ts';

const en = catalogs.en;
/** The server list's path alone (a server's detail path starts with it). */
const LIST = /^\/v1\/vps\/servers$/;
const ja = catalogs.ja;

/** The answer as Slack would show it: ephemeral, a text fallback, blocks within a message's limits. */
function shown(reply: RecordedCall): { text: string; blocks: KnownBlock[]; all: string } {
  expect(reply.args.response_type).toBe('ephemeral');
  expect(reply.args.replace_original).toBe(false);
  const text = reply.args.text;
  expect(typeof text).toBe('string');
  expect((text as string).length).toBeGreaterThan(0);
  const blocks = reply.args.blocks as KnownBlock[];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: text as string, blocks, all: messageText(reply) };
}

const serverCardButtons = (blocks: KnownBlock[]) =>
  blocks.flatMap((b) =>
    'accessory' in b && b.accessory && 'action_id' in b.accessory ? [b.accessory.action_id] : [],
  );

describe('the Show server message shortcut', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('one server named in a person’s words: its full card, to the person alone', async () => {
    // The read cache as deployed: the card reuses the list the message was matched against.
    h = await startHarness({ env: { READ_CACHE_SECONDS: '15' } });
    const { ack, reply } = await h.messageShortcut(SHORTCUTS.serverFromMessage, {
      text: 'Is web-1 slow for anyone else?',
    });
    expect(ack.status).toBe(200);
    expect(ack.text).toBe('');
    const r = shown(await reply());
    const web1 = h.sim.control.servers().find((s) => s.name === 'web-1')!;
    expect(r.all).toContain('web-1');
    expect(r.all).toContain(web1.ipAddress!);
    // The full card, as /vps show answers it: a viewer gets its Refresh button.
    expect(JSON.stringify(r.blocks)).toContain(ACTIONS.cardRefresh);
    // Nothing was posted in the channel for everyone.
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    // One list read and one detail read of the server, nothing else of the VPS API.
    const gets = h.sim.control.requests({ method: 'GET', path: /^\/v1\/vps\// }).map((q) => q.path);
    expect(gets).toEqual(['/v1/vps/servers', `/v1/vps/servers/${web1.uuid}`]);
  });

  it('an alert’s blocks, an IP address and a uuid: a compact card each, in the order named', async () => {
    h = await startHarness();
    const servers = h.sim.control.servers();
    const db1 = servers.find((s) => s.name === 'db-1')!;
    const web2 = servers.find((s) => s.name === 'web-2')!;
    const { reply } = await h.messageShortcut(SHORTCUTS.serverFromMessage, {
      // A bot's message: a one-line text, what matters in its blocks and attachments.
      text: 'alert',
      bot_id: 'B0MONITOR',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'db-1 replication lag' } },
        {
          type: 'section',
          fields: [{ type: 'mrkdwn', text: `*Replica*\n\`${web2.ipAddress}\`` }],
        },
      ],
      attachments: [{ fallback: 'f', text: `see also ${web2.uuid.toUpperCase()} and web-100` }],
    });
    const r = shown(await reply());
    expect(r.text).toMatch(/^This message names 2 servers: db-1 \(.+\), web-2 \(.+\)$/);
    const cards = r.blocks.filter((b) => b.type === 'section' && b.accessory?.type === 'button') as Extract<
      KnownBlock,
      { type: 'section' }
    >[];
    expect(cards.map((c) => (c.accessory as { value?: string }).value)).toEqual([db1.uuid, web2.uuid]);
    expect(serverCardButtons(r.blocks)).toEqual([ACTIONS.cardShow, ACTIONS.cardShow]);

    // Its button opens that server's full card, for the clicker alone.
    const card = await (await h.click(ACTIONS.cardShow, db1.uuid)).reply();
    expect(messageText(card)).toContain('db-1');
    expect(card.args.response_type).toBe('ephemeral');
  });

  it('names none: says so and how servers are found; nothing but the list was read', async () => {
    h = await startHarness();
    const { reply } = await h.messageShortcut(SHORTCUTS.serverFromMessage, {
      text: 'web-100 and web-1.example.com are not ours; web is a word',
    });
    const r = shown(await reply());
    expect(r.text).toBe(en['shortcut.mentioned.none']);
    expect(h.sim.control.requests({ path: /^\/v1\/vps\// }).map((q) => q.path)).toEqual(['/v1/vps/servers']);
  });

  it(`a message naming more than ${MENTIONED_SHOWN}: the first ${MENTIONED_SHOWN} as cards, the rest named, in Japanese`, async () => {
    h = await startHarness();
    h.sim.control.addServers(20, { name: 'node' });
    h.slack.setUser(VIEWER, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const names = Array.from({ length: 20 }, (_, i) => `node-${i + 1}`);
    const { reply } = await h.messageShortcut(SHORTCUTS.serverFromMessage, {
      text: `再起動したのは ${names.join('、')} です`,
    });
    const r = shown(await reply());
    expect(r.text).toContain(fill(ja['shortcut.mentioned.header'], { count: 20 }, 'ja'));
    expect(serverCardButtons(r.blocks)).toHaveLength(MENTIONED_SHOWN);
    expect(r.all).toContain('…ほか 5 台');
    expect(r.all).toContain('`node-16`');
    expect(r.all).toContain('`node-20`');
  });

  it('an operator gets the one card with its change buttons, which work there', async () => {
    h = await startHarness();
    const { reply } = await h.messageShortcut(
      SHORTCUTS.serverFromMessage,
      { text: 'db-2 needs a memo' },
      { user: OPERATOR },
    );
    const r = shown(await reply());
    expect(JSON.stringify(r.blocks)).toContain(ACTIONS.cardMemo);
  });

  it('answers in Japanese for a person whose Slack is in Japanese', async () => {
    h = await startHarness();
    h.slack.setUser(VIEWER, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const none = shown(
      await (await h.messageShortcut(SHORTCUTS.serverFromMessage, { text: 'おはよう' })).reply(),
    );
    expect(none.text).toBe(ja['shortcut.mentioned.none']);
    const two = shown(
      await (await h.messageShortcut(SHORTCUTS.serverFromMessage, { text: 'web-1とdb-1が遅い' })).reply(),
    );
    expect(two.text).toContain(fill(ja['shortcut.mentioned.header'], { count: 2 }, 'ja'));
    expect(two.all).toContain(ja['shortcut.mentioned.card']);
  });

  it('a person without a role is refused and nothing is read from the provider', async () => {
    h = await startHarness({ policy: 'default_role: none\n' });
    const { reply } = await h.messageShortcut(SHORTCUTS.serverFromMessage, { text: 'web-1' });
    const r = shown(await reply());
    expect(r.all).toContain('This needs the *viewer* role');
    expect(r.all).toContain(en['error.role_required.how.viewer']);
    expect(h.sim.control.requests({ path: LIST })).toHaveLength(0);
  });

  it('in a channel the policy leaves out, it is refused with the channels it may be used in', async () => {
    h = await startHarness({ policy: `channels: [${CHANNEL}]\n` });
    const { reply } = await h.messageShortcut(
      SHORTCUTS.serverFromMessage,
      { text: 'web-1' },
      { channel: 'C0RANDOM01' },
    );
    const r = shown(await reply());
    expect(r.all).toContain(`<#${CHANNEL}>`);
    expect(h.sim.control.requests({ path: LIST })).toHaveLength(0);
    // In the channel it lists, it works.
    const ok = shown(await (await h.messageShortcut(SHORTCUTS.serverFromMessage, { text: 'web-1' })).reply());
    expect(ok.all).toContain('web-1');
  });

  it('a retried delivery of the same shortcut is answered once', async () => {
    h = await startHarness();
    const triggerId = 'trig.same-message-shortcut';
    // A message naming none: each answer costs exactly one read of the list.
    const message = { text: 'nothing of ours here' };
    await (await h.messageShortcut(SHORTCUTS.serverFromMessage, message, { triggerId })).reply();
    const again = await h.messageShortcut(SHORTCUTS.serverFromMessage, message, {
      triggerId,
      delivery: { retryNum: 1 },
    });
    expect(again.ack.status).toBe(200);
    // A later shortcut is answered: by then the retry would have been too, had it run.
    await (await h.messageShortcut(SHORTCUTS.serverFromMessage, message)).reply();
    expect(h.slack.calls.some((c) => c.responseId === again.responseId)).toBe(false);
    expect(h.sim.control.requests({ path: LIST })).toHaveLength(2);
  });

  it('a shortcut from another workspace is refused before anything runs', async () => {
    h = await startHarness();
    const { reply } = await h.messageShortcut(
      SHORTCUTS.serverFromMessage,
      { text: 'web-1' },
      { team: 'T0OTHER01' },
    );
    const r = await reply();
    expect(messageText(r)).toBe(en['refused.other_workspace']);
    expect(h.sim.control.requests({ path: LIST })).toHaveLength(0);
  });
});
