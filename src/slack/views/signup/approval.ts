/**
 * The channel's side of paid signup: the approval message (what, the price to
 * be charged, regular price and campaign, the pro-rata note, who asked, when
 * the quote expires, Approve behind a confirm dialog stating the amount, and
 * Reject), and the same message rewritten for its state once decided. Its
 * thread's outcomes are in outcomes.ts, what one person gets alone in
 * requester.ts. Pure.
 */
import type { ActionsBlock, KnownBlock, SectionBlock } from '@slack/types';
import type { OsImage, Plan, SignupRow } from '../../../services/signup/index.ts';
import { itemBlockId, SIGNUP_IDS } from '../../ids.ts';
import { encodePayload, signupButtonPayload } from '../../payloads.ts';
import { formatQuoteExpiry, formatYen, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { shownState } from './shown-state.ts';

export interface SignupDisplay {
  row: SignupRow;
  plan?: Plan | undefined;
  image?: OsImage | undefined;
  /** The plan's name where the plan itself is not at hand (a Home): never shown by its id when known. */
  planName?: string | undefined;
  /** The provider account's label, where the bot serves several: the order is placed on it. */
  account?: string | undefined;
}

export function planLabel(d: SignupDisplay): string {
  return d.plan?.plan_name ?? d.planName ?? d.row.planId;
}

function imageLabel(d: SignupDisplay): string {
  if (!d.image) return d.row.imageId;
  return d.image.version ? `${d.image.name} ${d.image.version}` : d.image.name;
}

function field(label: string, value: string) {
  return { type: 'mrkdwn' as const, text: `*${label}*\n${value}` };
}

/** The order's fields; a decided message leaves out the sealed password, which only matters before the order. */
function orderFields(ui: Ui, d: SignupDisplay, decided: boolean) {
  const r = d.row;
  const plan = d.plan
    ? `${mrkdwnText(d.plan.plan_name, SHOWN.name)} (${Math.round(d.plan.memory_mb / 102.4) / 10} GB, ${d.plan.vcpu} vCPU, ${d.plan.disk_gb} GB)`
    : mrkdwnText(r.planId, SHOWN.name);
  const ssh =
    r.sshKeyName === null
      ? ui.t('signup.approval.ssh_none')
      : r.sshPublicKey !== null
        ? ui.t('signup.approval.ssh_new', { name: mrkdwnText(r.sshKeyName, SHOWN.name) })
        : mrkdwnText(r.sshKeyName, SHOWN.name);
  const fields = [
    ...(d.account === undefined
      ? []
      : [field(ui.t('signup.approval.account'), mrkdwnText(d.account, SHOWN.name))]),
    field(ui.t('signup.approval.plan'), plan),
    field(ui.t('signup.approval.period'), periodLabel(ui, r.period)),
    field(ui.t('signup.approval.image'), mrkdwnText(imageLabel(d), SHOWN.name)),
    field(
      ui.t('signup.approval.name'),
      r.serverName === null
        ? ui.t('signup.approval.name_auto')
        : `\`${mrkdwnText(r.serverName, SHOWN.name)}\``,
    ),
    field(ui.t('signup.approval.ssh'), ssh),
    field(
      ui.t('signup.approval.renew'),
      ui.t(r.autoRenew ? 'signup.approval.renew_on' : 'signup.approval.renew_off'),
    ),
  ];
  if (!decided) fields.push(field(ui.t('signup.approval.password'), ui.t('signup.approval.password_set')));
  if (r.partnerCode !== null)
    fields.push(field(ui.t('signup.approval.partner'), mrkdwnText(r.partnerCode, SHOWN.word)));
  return fields;
}

/** The price line: what an approval would charge, what was paid, or what was quoted. */
function priceBlock(ui: Ui, r: SignupRow): KnownBlock {
  const price = formatYen(ui, r.quotedPrice);
  const key =
    r.state === 'quoted'
      ? 'signup.approval.price'
      : r.state === 'submitted' || r.state === 'active'
        ? 'signup.decided.paid'
        : 'signup.decided.price';
  const lines = [ui.t(key, { price })];
  if (r.campaignApplied && r.regularPrice !== null && r.regularPrice !== r.quotedPrice) {
    lines.push(ui.t('signup.approval.campaign', { regular: formatYen(ui, r.regularPrice) }));
  }
  return { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } };
}

/** The request as an approver first sees it: what, the price, the pro-rata note, who asked, until when. */
function quotedBlocks(ui: Ui, d: SignupDisplay): KnownBlock[] {
  const r = d.row;
  return [
    { type: 'header', text: { type: 'plain_text', text: ui.t('signup.approval.header') } },
    { type: 'section', fields: orderFields(ui, d, false) } satisfies SectionBlock,
    priceBlock(ui, r),
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: ui.t('signup.approval.prorata') },
        {
          type: 'mrkdwn',
          text: ui.t('signup.approval.requested', {
            user: r.requesterId,
            expires: formatQuoteExpiry(ui, r.expiresAt),
          }),
        },
      ],
    },
  ];
}

/** The header of a decided order: its state, readable from the channel at a glance. */
function decidedHeader(ui: Ui, row: SignupRow): string {
  const state = shownState(row);
  switch (state) {
    case 'quoted':
      return ui.t('signup.approval.header');
    case 'approved':
    case 'executing':
      return ui.t('signup.header.in_progress');
    case 'interrupted':
      return ui.t('signup.header.unknown');
    case 'rejected':
      return ui.t(row.approverId === row.requesterId ? 'signup.header.withdrawn' : 'signup.header.rejected');
    default:
      return ui.t(`signup.header.${state}`);
  }
}

/**
 * A decided order: its state as the header, the status sentence first, then
 * what was ordered and its price. No buttons, and nothing that only mattered
 * while it waited (the quote's expiry, the sealed password, the pro-rata note).
 */
function decidedBlocks(ui: Ui, d: SignupDisplay): KnownBlock[] {
  const r = d.row;
  return [
    { type: 'header', text: { type: 'plain_text', text: decidedHeader(ui, r) } },
    { type: 'section', text: { type: 'mrkdwn', text: signupStatusLine(ui, r) } },
    { type: 'section', fields: orderFields(ui, d, true) } satisfies SectionBlock,
    priceBlock(ui, r),
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('signup.decided.requested', { user: r.requesterId }) }],
    },
  ];
}

/** Approve (behind a confirm dialog stating the amount) and Reject: the approval message's, and the App Home's. */
export function signupDecisionButtons(ui: Ui, d: SignupDisplay): ActionsBlock {
  const r = d.row;
  const price = formatYen(ui, r.quotedPrice);
  const value = encodePayload(signupButtonPayload, { id: r.id, price: r.quotedPrice });
  return {
    type: 'actions',
    block_id: itemBlockId(SIGNUP_IDS.approvalActions, r.id),
    elements: [
      {
        type: 'button',
        action_id: SIGNUP_IDS.approve,
        style: 'primary',
        text: { type: 'plain_text', text: ui.t('signup.approval.approve', { price }) },
        value,
        confirm: {
          title: { type: 'plain_text', text: ui.t('signup.approval.confirm_title', { price }) },
          text: {
            type: 'plain_text',
            text: ui.t('signup.approval.confirm_text', {
              plan: planLabel(d),
              period: periodLabel(ui, r.period),
              price,
            }),
          },
          confirm: { type: 'plain_text', text: ui.t('signup.approval.confirm_yes') },
          deny: { type: 'plain_text', text: ui.t('signup.approval.confirm_no') },
          style: 'primary',
        },
      },
      {
        type: 'button',
        action_id: SIGNUP_IDS.reject,
        style: 'danger',
        text: { type: 'plain_text', text: ui.t('signup.approval.reject') },
        value,
      },
    ],
  };
}

/** The status sentence a decided message leads with (who decided, what it cost, what now). */
function signupStatusLine(ui: Ui, row: SignupRow): string {
  const user = row.approverId ?? row.requesterId;
  const price = formatYen(ui, row.quotedPrice);
  const state = shownState(row);
  switch (state) {
    case 'quoted':
      return ui.t('signup.state.quoted');
    case 'rejected':
      return ui.t(row.approverId === row.requesterId ? 'signup.status.withdrawn' : 'signup.status.rejected', {
        user,
      });
    case 'expired':
      return ui.t('signup.status.expired', { expires: formatQuoteExpiry(ui, row.expiresAt) });
    case 'failed':
      return ui.t('signup.status.failed', { code: mrkdwnText(row.errorCode ?? '?', SHOWN.word) });
    case 'price_changed':
      return ui.t('signup.status.price_changed');
    default: {
      const key: `signup.status.${typeof state}` = `signup.status.${state}`;
      return ui.t(key, { user, price });
    }
  }
}

/**
 * The approval message: while `quoted`, the request with its buttons; once
 * decided, rewritten for its state (header, status first, no buttons).
 */
export function signupApprovalMessage(ui: Ui, d: SignupDisplay): Message {
  const quoted = d.row.state === 'quoted';
  const blocks = quoted ? [...quotedBlocks(ui, d), signupDecisionButtons(ui, d)] : decidedBlocks(ui, d);
  assertBlocksWithinLimits(blocks, 'message');
  const text = quoted
    ? ui.t('signup.approval.fallback', {
        plan: mrkdwnText(planLabel(d), SHOWN.name),
        period: periodLabel(ui, d.row.period),
        price: formatYen(ui, d.row.quotedPrice),
      })
    : ui.t('signup.decided.fallback', {
        header: decidedHeader(ui, d.row),
        status: signupStatusLine(ui, d.row),
      });
  return { text, blocks };
}

/** "1 month", "3 months" (and 1か月, 3か月). */
export function periodLabel(ui: Ui, months: number): string {
  return ui.t('signup.approval.months', { months });
}
