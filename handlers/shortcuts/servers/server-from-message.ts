/**
 * The Show server shortcut on a message: the servers it names (by exact
 * name, IP address or uuid, in its text and its blocks), to the person who
 * asked alone, through the shortcut's response_url (an ephemeral message in
 * the message's channel, whose buttons then work as a card's do). One server
 * gets its full card, as `/vps show` shows it; several a compact card each;
 * none is said. The channel is the message's: the policy's list applies to it.
 */
import type { App, MessageShortcut } from '@slack/bolt';
import { messageWords } from '../../../src/slack/grammar/message-text.ts';
import { SHORTCUTS } from '../../../src/slack/ids.ts';
import type { Message } from '../../../src/slack/views/format.ts';
import { mentionedServersView } from '../../../src/slack/views/servers/mentioned-servers.ts';
import { serverCardView } from '../../../src/slack/views/servers/server-card.ts';
import { accountDeps, failureReply, type HandlerDeps, isRetry } from '../../kit.ts';

export function registerServerFromMessageShortcut(app: App, deps: HandlerDeps): void {
  app.shortcut<MessageShortcut>(
    { callback_id: SHORTCUTS.serverFromMessage, type: 'message_action' },
    async ({ ack, shortcut, respond }) => {
      await ack();
      if (await isRetry(deps, `shortcut:${shortcut.trigger_id}`, 'read')) return;
      const actor = { userId: shortcut.user.id, channelId: shortcut.channel.id };
      const log = deps.logger.child({
        component: 'shortcut',
        shortcut: shortcut.callback_id,
        user: actor.userId,
      });
      const ui = await deps.ui(actor.userId);
      // Through the shortcut's response_url: only they see it.
      const reply = (m: Message) =>
        respond({ response_type: 'ephemeral', text: m.text, blocks: m.blocks, replace_original: false });
      try {
        const own = await accountDeps(deps, actor.channelId);
        const words = messageWords(shortcut.message);
        const named = await own.servers.mentioned(actor, words.text);
        const [only] = named.servers;
        if (named.servers.length === 1 && only?.uuid) {
          const card = await own.servers.card(actor, only.uuid);
          await reply(serverCardView(ui, card.detail, { canEdit: card.canEdit, readAt: card.readAt }));
          return;
        }
        const readAgeMs = deps.clock.now().getTime() - named.readAt.getTime();
        await reply(mentionedServersView(ui, named, { cut: words.cut, readAgeMs }));
      } catch (err) {
        await reply(failureReply(log, ui, err, 'show server shortcut'));
      }
    },
  );
}
