/**
 * "The API key" (its expiry, what is left of the day's requests, the last
 * alarm of the key used by another client) and "What you may do" (the
 * person's role, and a button for each thing they may start). Pure.
 */
import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { Role } from '../../../services/access/index.ts';
import type { HomeKey, HomeMay } from '../../../services/home/index.ts';
import { HOME_IDS } from '../../ids.ts';
import { formatTime, mrkdwnText, roleLabel, type Ui } from '../format.ts';

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

function expiryLine(ui: Ui, k: HomeKey['key']): string {
  if (k.expiresAt === undefined) return ui.t('home.key.unknown');
  // The key's one reading, as /vps me shows it, with when the provider said so.
  const read = k.readAt ? ` ${ui.t('home.key.read_at', { at: formatTime(ui, k.readAt) })}` : '';
  if (k.expiresAt === null) return `${ui.t('home.key.never')}${read}`;
  const at = formatTime(ui, k.expiresAt);
  return `${ui.t(k.state === 'expired' ? 'home.key.expired' : 'home.key.expires', { at })}${read}`;
}

function budgetLine(ui: Ui, k: HomeKey['key']): string {
  if (k.limit === null || k.remaining === null) return ui.t('home.key.budget_none', { used: k.used });
  return ui.t('home.key.budget', {
    remaining: k.remaining,
    limit: k.limit,
    reset: formatTime(ui, new Date(k.resetsAt)),
  });
}

function keyUseLine(ui: Ui, key: HomeKey): string {
  const inc = key.lastKeyUse;
  if (!inc) return ui.t('home.key.last_use.none');
  const ip = inc.subject.startsWith('key-use:') ? inc.subject.slice('key-use:'.length) : inc.subject;
  return ui.t('home.key.last_use', {
    ip: mrkdwnText(ip, 64),
    at: formatTime(ui, inc.raisedAt ?? inc.startedAt),
    state: ui.t(inc.resolvedAt === null ? 'home.key.last_use.open' : 'home.key.last_use.resolved'),
  });
}

export function keyBlocks(ui: Ui, key: HomeKey): KnownBlock[] {
  if (!key.visible) return [];
  return [
    { type: 'header', text: { type: 'plain_text', text: ui.t('home.key.title') } },
    section([expiryLine(ui, key.key), budgetLine(ui, key.key), keyUseLine(ui, key)].join('\n')),
  ];
}

export function mayBlocks(ui: Ui, role: Role, may: HomeMay): KnownBlock[] {
  const lines = [ui.t('home.may.text', { role: roleLabel(ui, role) })];
  if (may.approve) lines.push(ui.t('home.may.approve'));
  const buttons: Button[] = [];
  if (may.order)
    buttons.push({
      type: 'button',
      style: 'primary',
      action_id: HOME_IDS.orderVps,
      text: { type: 'plain_text', text: ui.t('home.may.order') },
      value: 'order',
    });
  if (may.plans)
    buttons.push({
      type: 'button',
      action_id: HOME_IDS.priceList,
      text: { type: 'plain_text', text: ui.t('home.may.plans') },
      value: 'plans',
    });
  if (buttons.length === 0) lines.push(ui.t('home.may.start_none'));
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('home.may.title') } },
    section(lines.join('\n')),
  ];
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons } satisfies ActionsBlock);
  return blocks;
}
