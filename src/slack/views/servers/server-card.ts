import type { KnownBlock, MrkdwnElement } from '@slack/types';
import type { VpsDetail } from '../../../services/servers/index.ts';
import { ACTIONS, BLOCKS } from '../../ids.ts';
import {
  clip,
  enumLabel,
  formatTime,
  type Message,
  mrkdwnText,
  POWER_EMOJI,
  SHOWN,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, fits } from '../limits.ts';

export interface CardOptions {
  /** Edit buttons are shown only to people who may use them. */
  canEdit: boolean;
  readAt: Date;
}

function field(label: string, value: string): MrkdwnElement {
  return { type: 'mrkdwn', text: `*${label}*\n${value}` };
}

export function serverCardView(ui: Ui, s: VpsDetail, opts: CardOptions): Message {
  const none = ui.t('card.none');
  const v = (x: string | null) => (x ? mrkdwnText(x, SHOWN.text) : none);
  const power = `${POWER_EMOJI[s.power.status] ?? ''} ${enumLabel(ui, 'power', s.power.status)}`.trim();
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(s.name, SHOWN.name) } },
    {
      type: 'section',
      fields: [
        field(ui.t('card.power'), power),
        field(ui.t('card.status'), enumLabel(ui, 'status', s.status)),
        field(ui.t('card.type'), v(s.vps_type)),
        field(
          ui.t('card.plan'),
          ui.t('card.plan_value', {
            name: mrkdwnText(s.plan.name, SHOWN.name),
            vcpu: s.plan.vcpu,
            memory: s.plan.memory_gb,
            disk: s.plan.disk_gb,
          }),
        ),
        field(ui.t('card.ip'), s.ip_address ? `\`${mrkdwnText(s.ip_address, SHOWN.name)}\`` : none),
        field(ui.t('card.hostname'), v(s.hostname)),
        field(ui.t('card.rdns'), v(s.reverse_hostname)),
        field(ui.t('card.os'), v(s.os)),
        ...(s.application ? [field(ui.t('card.application'), v(s.application))] : []),
      ],
    },
    // The memo (up to 500 characters by the spec) gets its own section: fields hold 2000.
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*${ui.t('card.memo')}*\n${s.memo ? mrkdwnText(s.memo, SHOWN.memo) : none}`,
      },
    },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: `${ui.t('card.power_at', { at: formatTime(ui, opts.readAt) })} · \`${mrkdwnText(s.uuid, SHOWN.name)}\``,
        },
      ],
    },
  ];
  const button = (label: string, action: string) => ({
    type: 'button' as const,
    text: { type: 'plain_text' as const, text: label },
    action_id: action,
    value: s.uuid,
  });
  // The buttons carry the uuid; one no button can hold (no uuid the spec knows) leaves the card without them.
  if (fits('buttonValue', s.uuid)) {
    blocks.push({
      type: 'actions',
      block_id: BLOCKS.cardActions,
      elements: [
        button(ui.t('card.refresh'), ACTIONS.cardRefresh),
        ...(opts.canEdit
          ? [
              button(ui.t('card.rename'), ACTIONS.cardRename),
              button(ui.t('card.edit_memo'), ACTIONS.cardMemo),
              button(ui.t('card.set_rdns'), ACTIONS.cardRdns),
            ]
          : []),
      ],
    });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${mrkdwnText(s.name, SHOWN.name)}: ${enumLabel(ui, 'power', s.power.status)}`, blocks };
}
