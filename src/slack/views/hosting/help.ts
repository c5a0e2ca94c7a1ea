/** `/hosting help`: what this person may do here, with examples, and which server the commands go to. */
import type { KnownBlock } from '@slack/types';
import type { Capabilities, DestructiveHostingAction } from '../../../services/access/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { enumLabel, escapeMrkdwn, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

export function hostingHelpView(
  ui: Ui,
  caps: Capabilities,
  secondPerson: readonly DestructiveHostingAction[],
): Message {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('hosting.help.title') } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: ui.t('hosting.help.role', { role: enumLabel(ui, 'role', caps.role) }) },
    },
  ];
  const notes: string[] = [];
  const hosting = caps.key?.hosting;
  if (!caps.channelAllowed) notes.push(ui.t('hosting.help.channel_not_allowed'));
  if (!caps.key) notes.push(ui.t('help.key_unavailable'));
  else if (!hosting?.available) notes.push(ui.t('hosting.help.no_key'));
  else {
    const servers = hosting.servers;
    if (servers === undefined) notes.push(ui.t('hosting.help.all'));
    else if (servers.length === 1)
      notes.push(ui.t('hosting.help.server', { server: escapeMrkdwn(servers[0]!) }));
    else
      notes.push(ui.t('hosting.help.servers', { example: escapeMrkdwn(servers[0] ?? 'xs123456.xsrv.jp') }));
    if (hosting.permission === 'read') notes.push(ui.t('hosting.help.key_read_only'));
    if (hosting.permission === 'custom') notes.push(ui.t('hosting.help.key_custom'));
  }
  if (notes.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: notes.join('\n') } });
  if (caps.allowed.length > 0) {
    const lines = caps.allowed.map((a) => `• ${ui.t(`hosting.help.cmd.${a}` as MessageKey)}`);
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `*${ui.t('hosting.help.you_can')}*\n${lines.join('\n')}` },
    });
    const context = [ui.t('hosting.help.confirm_note')];
    if (secondPerson.length > 0)
      context.push(
        ui.t('hosting.help.approval_note', {
          actions: secondPerson.map((a) => `\`${a.replace('hosting.', '')}\``).join(', '),
        }),
      );
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' ') }] });
  }
  if (caps.needsHigherRole.length > 0 && caps.channelAllowed) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('hosting.help.not_yours', {
            commands: caps.needsHigherRole
              .map((a) => `\`${a.replace('hosting.', '').replace(/_/g, ' ')}\``)
              .join(', '),
          }),
        },
      ],
    });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: ui.t('hosting.help.title'), blocks };
}
