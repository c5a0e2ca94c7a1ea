import type { KnownBlock } from '@slack/types';
import { type Capabilities, VPS_ACTIONS } from '../../../services/access/index.ts';
import { FIELD_LIMITS } from '../../../services/servers/index.ts';
import type { HelpTopic } from '../../grammar/vps.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { actionNames } from '../action-names.ts';
import { type Message, roleLabel, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

type VpsAction = (typeof VPS_ACTIONS)[number];

const isVpsAction = (a: string): a is VpsAction => VPS_ACTIONS.some((known) => known === a);

/** Each /vps command's line of help. */
const HELP_LINES: Record<VpsAction, PlainKey> = {
  list: 'help.cmd.list',
  show: 'help.cmd.show',
  power: 'help.cmd.power',
  logs: 'help.cmd.logs',
  me: 'help.cmd.me',
  audit: 'help.cmd.audit',
  rename: 'help.cmd.rename',
  memo: 'help.cmd.memo',
  rdns: 'help.cmd.rdns',
  signup: 'help.cmd.signup',
  signups: 'help.cmd.signups',
  plans: 'help.cmd.plans',
  signup_status: 'help.cmd.signup_status',
  approve: 'help.cmd.approve',
  watch: 'help.cmd.watch',
  watches: 'help.cmd.watches',
  mute: 'help.cmd.mute',
  renewals: 'help.cmd.renewals',
  renewal: 'help.cmd.renewal',
  incidents: 'help.cmd.incidents',
  digest: 'help.cmd.digest',
  accounts: 'help.cmd.accounts',
  bind_channel: 'help.cmd.bind_channel',
};

export function helpView(ui: Ui, caps: Capabilities): Message {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('help.title') } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: ui.t('help.role', { role: roleLabel(ui, caps.role) }) },
    },
  ];
  const notes: string[] = [];
  if (!caps.channelAllowed) notes.push(ui.t('help.channel_not_allowed'));
  if (caps.key && !caps.key.writable) notes.push(ui.t('help.key_read_only'));
  if (caps.key?.info.services.vps?.permission_type === 'custom') notes.push(ui.t('help.key_custom'));
  if (!caps.key) notes.push(ui.t('help.key_unavailable'));
  if (notes.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: notes.join('\n') } });
  if (caps.allowed.length > 0) {
    const lines = caps.allowed.flatMap((a) => (isVpsAction(a) ? [`• ${ui.t(HELP_LINES[a])}`] : []));
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
          text: ui.t('help.not_yours', { commands: actionNames(ui, missing) }),
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

/**
 * `/vps help rename|memo|rdns|logs`: the command and every rule its value
 * must follow, as the provider applies them (checked here before sending).
 */
export function helpTopicView(ui: Ui, topic: HelpTopic): Message {
  const rules: string[] =
    topic === 'rename'
      ? [
          ui.t('field.name.charset'),
          ui.t('field.name.too_long', { limit: FIELD_LIMITS.name }),
          ui.t('help.rules.name_unique'),
        ]
      : topic === 'memo'
        ? [ui.t('field.memo.too_long', { limit: FIELD_LIMITS.memo }), ui.t('help.rules.memo_clear')]
        : topic === 'rdns'
          ? [
              ui.t('field.rdns.charset'),
              ui.t('field.rdns.too_long', { limit: FIELD_LIMITS.rdns }),
              ui.t('help.rules.rdns_default'),
            ]
          : [ui.t('help.rules.logs_time'), ui.t('help.rules.logs_values'), ui.t('help.rules.logs_limit')];
  const text = `${ui.t(HELP_LINES[topic])}\n*${ui.t('help.rules.title')}*\n${rules.map((r) => `• ${r}`).join('\n')}`;
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  return { text, blocks };
}
