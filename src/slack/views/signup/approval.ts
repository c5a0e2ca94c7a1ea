/**
 * The channel's side of paid signup: the approval message (what, the price to
 * be charged, regular price and campaign, the pro-rata note, who asked, when
 * the quote expires, Approve behind a confirm dialog stating the amount, and
 * Reject), the same message rewritten for its state once decided, the outcome
 * sentences for its thread, and the sentences a clicker or requester gets
 * alone. Pure.
 */
import type { ActionsBlock, KnownBlock, SectionBlock } from '@slack/types';
import { ServiceError } from '../../../services/errors.ts';
import type { ExecuteOutcome, OsImage, Plan, SignupRow } from '../../../services/signup/index.ts';
import type { RefusalWords } from '../../decision-text.ts';
import { isMessageKey, type MessageKey } from '../../i18n/index.ts';
import { SIGNUP_IDS } from '../../ids.ts';
import { encodePayload, signupButtonPayload } from '../../payloads.ts';
import { escapeMrkdwn, formatQuoteExpiry, formatYen, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

export interface SignupDisplay {
  row: SignupRow;
  plan?: Plan | undefined;
  image?: OsImage | undefined;
}

function planLabel(d: SignupDisplay): string {
  return d.plan ? d.plan.plan_name : d.row.planId;
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
    ? `${escapeMrkdwn(d.plan.plan_name)} (${Math.round(d.plan.memory_mb / 102.4) / 10} GB, ${d.plan.vcpu} vCPU, ${d.plan.disk_gb} GB)`
    : escapeMrkdwn(r.planId);
  const ssh =
    r.sshKeyName === null
      ? ui.t('signup.approval.ssh_none')
      : r.sshPublicKey !== null
        ? ui.t('signup.approval.ssh_new', { name: escapeMrkdwn(r.sshKeyName) })
        : escapeMrkdwn(r.sshKeyName);
  const fields = [
    field(ui.t('signup.approval.plan'), plan),
    field(ui.t('signup.approval.period'), periodLabel(ui, r.period)),
    field(ui.t('signup.approval.image'), escapeMrkdwn(imageLabel(d))),
    field(
      ui.t('signup.approval.name'),
      r.serverName === null ? ui.t('signup.approval.name_auto') : `\`${escapeMrkdwn(r.serverName)}\``,
    ),
    field(ui.t('signup.approval.ssh'), ssh),
    field(
      ui.t('signup.approval.renew'),
      ui.t(r.autoRenew ? 'signup.approval.renew_on' : 'signup.approval.renew_off'),
    ),
  ];
  if (!decided) fields.push(field(ui.t('signup.approval.password'), ui.t('signup.approval.password_set')));
  if (r.partnerCode !== null)
    fields.push(field(ui.t('signup.approval.partner'), escapeMrkdwn(r.partnerCode)));
  return fields;
}

/** The price line: what an approval would charge, what was paid, or what was quoted. */
function priceBlock(ui: Ui, r: SignupRow): KnownBlock {
  const price = formatYen(ui, r.quotedPrice);
  const key: MessageKey =
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
  switch (row.state) {
    case 'quoted':
      return ui.t('signup.approval.header');
    case 'approved':
    case 'executing':
      return ui.t('signup.header.in_progress');
    case 'rejected':
      return ui.t(row.approverId === row.requesterId ? 'signup.header.withdrawn' : 'signup.header.rejected');
    default:
      return ui.t(`signup.header.${row.state}`);
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

function buttons(ui: Ui, d: SignupDisplay): ActionsBlock {
  const r = d.row;
  const price = formatYen(ui, r.quotedPrice);
  const value = encodePayload(signupButtonPayload, { id: r.id, price: r.quotedPrice });
  return {
    type: 'actions',
    block_id: SIGNUP_IDS.approvalActions,
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
  switch (row.state) {
    case 'quoted':
      return ui.t('signup.state.quoted');
    case 'rejected':
      return ui.t(row.approverId === row.requesterId ? 'signup.status.withdrawn' : 'signup.status.rejected', {
        user,
      });
    case 'expired':
      return ui.t('signup.status.expired', { expires: formatQuoteExpiry(ui, row.expiresAt) });
    case 'failed':
      return ui.t('signup.status.failed', { code: escapeMrkdwn(row.errorCode ?? '?') });
    case 'price_changed':
      return ui.t('signup.status.price_changed');
    default:
      return ui.t(`signup.status.${row.state}` as MessageKey, { user, price });
  }
}

/**
 * The approval message: while `quoted`, the request with its buttons; once
 * decided, rewritten for its state (header, status first, no buttons).
 */
export function signupApprovalMessage(ui: Ui, d: SignupDisplay): Message {
  const quoted = d.row.state === 'quoted';
  const blocks = quoted ? [...quotedBlocks(ui, d), buttons(ui, d)] : decidedBlocks(ui, d);
  assertBlocksWithinLimits(blocks, 'message');
  const text = quoted
    ? ui.t('signup.approval.fallback', {
        plan: escapeMrkdwn(planLabel(d)),
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
function periodLabel(ui: Ui, months: number): string {
  return months === 1 ? ui.t('signup.approval.month_one') : ui.t('signup.approval.months', { months });
}

function sentence(text: string): Message {
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/**
 * The thread's outcome, sent to the requester directly when the channel
 * refused it: which order it is about comes first, since a direct message has
 * no approval message above it.
 */
export function signupOutcomeDirect(ui: Ui, row: SignupRow, m: Message): Message {
  const intro = ui.t('signup.outcome.direct', {
    name: escapeMrkdwn(row.serverName ?? row.id),
    channel: row.channelId,
  });
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: intro } },
    ...(m.blocks ?? []),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${intro}\n${m.text}`, blocks };
}

/** What the thread of the approval message says about the order. */
export function signupOutcomeMessage(ui: Ui, o: ExecuteOutcome): Message | undefined {
  switch (o.kind) {
    case 'done':
      if (o.server) {
        return sentence(
          ui.t('signup.outcome.active_server', {
            price: formatYen(ui, o.row.quotedPrice),
            id: String(o.row.providerServiceId ?? '?'),
            uuid: o.server.uuid,
            ip: o.server.ip ?? ui.t('watch.signup.ip_unknown'),
          }),
        );
      }
      return sentence(
        ui.t(`signup.outcome.${o.status}`, {
          price: formatYen(ui, o.row.quotedPrice),
          id: String(o.row.providerServiceId ?? '?'),
        }),
      );
    case 'price_changed':
      if (o.requote) {
        return sentence(
          ui.t('signup.outcome.price_changed', {
            old: formatYen(ui, o.oldPrice),
            new: formatYen(ui, o.requote.quotedPrice),
          }),
        );
      }
      if (o.requoteError === 'AFTER_UNKNOWN') {
        return sentence(
          ui.t('signup.outcome.price_changed_after_unknown', { old: formatYen(ui, o.oldPrice) }),
        );
      }
      return sentence(
        ui.t('signup.outcome.price_changed_no_quote', {
          old: formatYen(ui, o.oldPrice),
          code: escapeMrkdwn(o.requoteError ?? '?'),
        }),
      );
    case 'failed': {
      const key = `signup.outcome.failed.${o.code}`;
      return sentence(
        isMessageKey(key)
          ? ui.t(key, { price: formatYen(ui, o.row.quotedPrice), user: o.row.requesterId })
          : ui.t('signup.outcome.failed.other', { code: escapeMrkdwn(o.code) }),
      );
    }
    case 'unknown':
      if (o.code === 'NEEDS_MANUAL_CHECK') return sentence(ui.t('signup.outcome.manual_check'));
      if (o.code === 'DUPLICATE_REQUEST') return sentence(ui.t('signup.outcome.in_process'));
      return sentence(ui.t('signup.outcome.unknown', { code: escapeMrkdwn(o.code) }));
    case 'expired':
      return sentence(ui.t('signup.outcome.expired', { expires: formatQuoteExpiry(ui, o.row.expiresAt) }));
    case 'not_executable':
      // Another click or replica runs it and will tell the thread.
      return undefined;
  }
}

/** An access refusal other than the role (a channel the policy no longer lists) in its own words. */
function refusalText(ui: Ui, code: string): string {
  const key = `error.${code}`;
  return isMessageKey(key) ? ui.t(key) : ui.t('error.internal');
}

function handledText(ui: Ui, row: SignupRow): string {
  const state = ui.t(`signup.state.${row.state}`);
  return row.approverId
    ? ui.t('signup.click.already_handled_by', { state, user: row.approverId })
    : ui.t('signup.click.already_handled', { state });
}

/**
 * An order's sentences for the decision machine's refusals, as a clicker on
 * its approval message reads them: approving (`approve`) or rejecting it.
 */
export function signupRefusals(step: 'approve' | 'reject'): RefusalWords<SignupRow> {
  return {
    notFound: (ui) => ui.t('signup.click.not_found'),
    selfApproval: (ui) => ui.t('signup.click.self_approval'),
    alreadyHandled: handledText,
    expired: (ui, row) => ui.t('signup.click.expired', { expires: formatQuoteExpiry(ui, row.expiresAt) }),
    stale: (ui) => ui.t('signup.click.stale'),
    forbidden: (ui, error, role) =>
      error.code !== 'role_required'
        ? refusalText(ui, error.code)
        : step === 'approve'
          ? ui.t('signup.click.forbidden', { role: role ?? 'none' })
          : ui.t('signup.click.reject_forbidden'),
  };
}

/** A quote that could not be made, as a plain sentence for the requester. */
export function signupQuoteRefusal(ui: Ui, err: unknown): Message {
  // Anything but a refusal the use case named is ours: nothing was ordered or charged.
  if (!(err instanceof ServiceError)) return sentence(ui.t('signup.modal.internal'));
  const code = escapeMrkdwn(String(err.params.code ?? ''));
  switch (err.code) {
    case 'role_required':
      return sentence(ui.t('signup.refused.role_required', { role: String(err.params.yours ?? 'viewer') }));
    case 'channel_not_allowed':
      return sentence(ui.t('signup.refused.channel_not_allowed'));
    case 'provider_unreachable':
      return sentence(ui.t('signup.refused.unreachable', { code }));
    case 'catalogue_changed':
      return sentence(ui.t('signup.refused.catalogue_changed'));
    default: {
      const key = `signup.refused.${code}`;
      return sentence(isMessageKey(key) ? ui.t(key) : ui.t('signup.refused.other', { code }));
    }
  }
}

/** The requester's own confirmation after the approval request was posted (or could not be). */
export function signupQuotedNotice(ui: Ui, d: SignupDisplay, posted: boolean): Message {
  return sentence(
    ui.t(posted ? 'signup.quoted.posted' : 'signup.quoted.not_posted', {
      plan: escapeMrkdwn(planLabel(d)),
      price: formatYen(ui, d.row.quotedPrice),
      channel: d.row.channelId,
      expires: formatQuoteExpiry(ui, d.row.expiresAt),
    }),
  );
}

/** The generated root password, for the requester alone, once. */
export function signupPasswordMessage(ui: Ui, serverName: string | null, password: string): Message {
  // Backquotes and mrkdwn controls are never generated (the signup password
  // generator leaves them out), so code format shows the password as is.
  const text = ui.t('signup.password.generated', {
    name: serverName === null ? ui.t('signup.password.name_auto') : `\`${escapeMrkdwn(serverName)}\``,
    password,
  });
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/**
 * The direct message sent when the generated password could be shown neither
 * in the requester's modal nor ephemerally: what happened, and a button that
 * shows the password once in a private window. The password is not in it.
 */
export function signupPasswordButtonMessage(ui: Ui, notice: string, row: SignupRow): Message {
  const text = `${notice}\n\n${ui.t('signup.password.dm_hidden')}`;
  const value = encodePayload(signupButtonPayload, { id: row.id, price: row.quotedPrice });
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text } },
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: SIGNUP_IDS.showPassword,
          text: { type: 'plain_text', text: ui.t('signup.password.show') },
          value,
        },
      ],
    },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}
