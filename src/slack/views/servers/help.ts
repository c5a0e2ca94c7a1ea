import type { KnownBlock } from '@slack/types';
import type { Capabilities } from '../../../services/access.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { enumLabel, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

export function helpView(ui: Ui, caps: Capabilities): Message {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('help.title') } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: ui.t('help.role', { role: enumLabel(ui, 'role', caps.role) }) },
    },
  ];
  const notes: string[] = [];
  if (!caps.channelAllowed) notes.push(ui.t('help.channel_not_allowed'));
  if (caps.key && !caps.key.writable) notes.push(ui.t('help.key_read_only'));
  if (!caps.key) notes.push(ui.t('help.key_unavailable'));
  if (notes.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: notes.join('\n') } });
  if (caps.allowed.length > 0) {
    const lines = caps.allowed.map((a) => `• ${ui.t(`help.cmd.${a}` as MessageKey)}`);
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `*${ui.t('help.you_can')}*\n${lines.join('\n')}` },
    });
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `${ui.t('help.server_ref')} ${ui.t('help.modal_hint')}` }],
    });
  }
  const missing = caps.needsHigherRole;
  if (missing.length > 0 && caps.channelAllowed) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('help.not_yours', { commands: missing.map((a) => `\`${a}\``).join(', ') }),
        },
      ],
    });
  }
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: ui.t('help.coming') }],
  });
  assertBlocksWithinLimits(blocks, 'message');
  return { text: ui.t('help.title'), blocks };
}
