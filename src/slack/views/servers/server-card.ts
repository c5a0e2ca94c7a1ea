import type { KnownBlock, MrkdwnElement } from '@slack/types';
import type { VpsDetailRead } from '../../../services/servers/index.ts';
import { ACTIONS, BLOCKS } from '../../ids.ts';
import {
  formatTime,
  type Message,
  mrkdwnText,
  plainText,
  powerEmoji,
  powerLabel,
  SHOWN,
  statusLabel,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, fits } from '../limits.ts';
import { brokenFields } from './broken-fields.ts';

export interface CardOptions {
  /** Edit buttons are shown only to people who may use them. */
  canEdit: boolean;
  readAt: Date;
}

function field(label: string, value: string): MrkdwnElement {
  return { type: 'mrkdwn', text: `*${label}*\n${value}` };
}

/**
 * The card of one server's detail. A field the provider's answer broke is
 * shown as unreadable, and a line under the card names those fields: the
 * card shows what could be read and never passes a guess off as the answer.
 */
export function serverCardView(ui: Ui, s: VpsDetailRead, opts: CardOptions): Message {
  const none = ui.t('card.none');
  const unreadable = `:warning: ${ui.t('card.unreadable')}`;
  const v = (x: string | null | undefined) =>
    x === undefined ? unreadable : x ? mrkdwnText(x, SHOWN.text) : none;
  const status = s.power.status;
  const power = status === undefined ? unreadable : `${powerEmoji(status)} ${powerLabel(ui, status)}`;
  const plan = s.plan;
  const planText =
    plan.name === undefined ||
    plan.vcpu === undefined ||
    plan.memory_gb === undefined ||
    plan.disk_gb === undefined
      ? plan.name === undefined
        ? unreadable
        : `${mrkdwnText(plan.name, SHOWN.name)} · ${unreadable}`
      : ui.t('card.plan_value', {
          name: mrkdwnText(plan.name, SHOWN.name),
          vcpu: plan.vcpu,
          memory: plan.memory_gb,
          disk: plan.disk_gb,
        });
  const name = s.name ?? s.uuid;
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: plainText(name, SHOWN.name) } },
    {
      type: 'section',
      fields: [
        field(ui.t('card.power'), power),
        field(ui.t('card.status'), s.status === undefined ? unreadable : statusLabel(ui, s.status)),
        field(ui.t('card.type'), v(s.vps_type)),
        field(ui.t('card.plan'), planText),
        field(
          ui.t('card.ip'),
          s.ip_address === undefined
            ? unreadable
            : s.ip_address
              ? `\`${mrkdwnText(s.ip_address, SHOWN.name)}\``
              : none,
        ),
        field(ui.t('card.hostname'), v(s.hostname)),
        field(ui.t('card.rdns'), v(s.reverse_hostname)),
        field(ui.t('card.os'), v(s.os)),
        ...(s.application === undefined || s.application
          ? [field(ui.t('card.application'), v(s.application))]
          : []),
      ],
    },
    // The memo (up to 500 characters by the spec) gets its own section: fields hold 2000.
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*${ui.t('card.memo')}*\n${s.memo === undefined ? unreadable : s.memo ? mrkdwnText(s.memo, SHOWN.memo) : none}`,
      },
    },
    ...(s.broken.length > 0
      ? [
          {
            type: 'context',
            elements: [
              {
                type: 'mrkdwn',
                text: `:warning: ${ui.t('card.malformed', { fields: brokenFields(ui, s.broken) })}`,
              },
            ],
          } satisfies KnownBlock,
        ]
      : []),
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
  const said = status === undefined ? ui.t('card.unreadable') : powerLabel(ui, status);
  return { text: `${mrkdwnText(name, SHOWN.name)}: ${said}`, blocks };
}
