/**
 * "Waiting for you": the quotes and operations this person may decide, each
 * with the very buttons of its message in the channel (the same action ids
 * and values, so a click goes through the same listener and the same
 * decision machine), then their own requests waiting for someone else. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { HomeWaiting } from '../../../services/home/index.ts';
import { lossOf } from '../../../services/hosting/index.ts';
import type { OperationRow, SignupRow } from '../../../store/index.ts';
import {
  lossText,
  operationButtons,
  operationTitle,
  periodLabel,
  shownState,
  signupDecisionButtons,
} from '../feature-items.ts';
import { clip, escapeMrkdwn, formatTime, formatYen, mrkdwnText, type Ui } from '../format.ts';
import { HOME_NAME_CHARS, HOME_SHOWN, type HomeShown } from './home-limits.ts';

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const name = (s: string): string => mrkdwnText(s, HOME_NAME_CHARS);

function serverPart(ui: Ui, row: SignupRow): string {
  return row.serverName ? ui.t('home.waiting.server', { name: name(row.serverName) }) : '';
}

/** A plan as the channel names it ("VPS 1GB"); its id only while the price list is not at hand. */
function planName(row: SignupRow, plans: ReadonlyMap<string, string> | undefined): string {
  return name(plans?.get(row.planId) ?? row.planId);
}

function signupBlocks(ui: Ui, row: SignupRow, plans: ReadonlyMap<string, string> | undefined): KnownBlock[] {
  const text = ui.t('home.waiting.signup', {
    plan: planName(row, plans),
    server: serverPart(ui, row),
    period: periodLabel(ui, row.period),
    price: formatYen(ui, row.quotedPrice),
    user: row.requesterId,
    channel: row.channelId,
    expires: formatTime(ui, row.expiresAt),
  });
  return [section(text), signupDecisionButtons(ui, { row, planName: plans?.get(row.planId) })];
}

function operationBlocks(ui: Ui, op: OperationRow, kind: 'confirm' | 'approve'): KnownBlock[] {
  const loss = lossOf(op);
  const server = name(op.target);
  const text = ui.t(kind === 'confirm' ? 'home.waiting.confirmation' : 'home.waiting.approval', {
    title: escapeMrkdwn(operationTitle(ui, clip(op.target, HOME_NAME_CHARS), loss)),
    user: op.requesterId,
    channel: op.channelId,
    expires: formatTime(ui, op.expiresAt),
    loss: `:warning: ${lossText(ui, server, loss)}`,
  });
  return [section(clip(text, 3000)), operationButtons(ui, op, kind)];
}

function ownLines(ui: Ui, w: HomeWaiting): string[] {
  const signups = w.ownSignups.map((row) =>
    ui.t('home.own.signup', {
      plan: planName(row, w.planNames),
      server: serverPart(ui, row),
      price: formatYen(ui, row.quotedPrice),
      channel: row.channelId,
      expires: formatTime(ui, row.expiresAt),
    }),
  );
  const operations = w.ownOperations.map((op) =>
    ui.t('home.own.operation', {
      title: escapeMrkdwn(operationTitle(ui, clip(op.target, HOME_NAME_CHARS), lossOf(op))),
      channel: op.channelId,
      expires: formatTime(ui, op.expiresAt),
    }),
  );
  const orders = w.recentOrders.map((row) =>
    ui.t('home.orders.line', {
      plan: planName(row, w.planNames),
      server: serverPart(ui, row),
      price: formatYen(ui, row.quotedPrice),
      state: ui.t(`signup.state.${shownState(row)}`),
      channel: row.channelId,
    }),
  );
  return [...signups, ...operations, ...orders];
}

export function waitingBlocks(ui: Ui, w: HomeWaiting, shown: HomeShown = HOME_SHOWN): KnownBlock[] {
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ui.t('home.waiting.title') } },
  ];
  // The soonest to expire first: they are the ones that cannot wait.
  const decisions = [
    ...w.approvals.map((row) => ({
      at: row.expiresAt.getTime(),
      draw: () => signupBlocks(ui, row, w.planNames),
    })),
    ...w.operationApprovals.map((op) => ({
      at: op.expiresAt.getTime(),
      draw: () => operationBlocks(ui, op, 'approve'),
    })),
    ...w.confirmations.map((op) => ({
      at: op.expiresAt.getTime(),
      draw: () => operationBlocks(ui, op, 'confirm'),
    })),
  ].sort((a, b) => a.at - b.at);
  if (decisions.length === 0) blocks.push(section(ui.t('home.waiting.none')));
  for (const d of decisions.slice(0, shown.decisions)) blocks.push(...d.draw());
  if (decisions.length > shown.decisions)
    blocks.push(context(ui.t('home.waiting.more', { count: decisions.length - shown.decisions })));
  const own = ownLines(ui, w);
  if (own.length > 0) {
    const lines = own.slice(0, shown.own);
    if (own.length > lines.length) lines.push(ui.t('home.own.more', { count: own.length - lines.length }));
    blocks.push(section(clip([ui.t('home.own.title'), ...lines].join('\n'), 3000)));
  }
  return blocks;
}
