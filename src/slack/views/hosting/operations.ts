/**
 * Destructive /hosting operations in Slack: the requester's confirmation
 * (exactly what will be lost, nothing sent yet), the approval request a
 * second person decides in the channel, and the message each becomes once
 * decided: status first, no buttons left to press. Pure.
 */
import type { Button, KnownBlock } from '@slack/types';
import type { Loss, OperationOutcome } from '../../../services/hosting/index.ts';
import type { OperationRow, OperationState } from '../../../store/index.ts';
import type { RefusalWords } from '../../decision-text.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { HOSTING_IDS, itemBlockId } from '../../ids.ts';
import { encodePayload, hostingOperationPayload } from '../../payloads.ts';
import { displayDomain, displayUrl } from '../domain-display.ts';
import { escapeMrkdwn, formatTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { isMailLoss, mailLossText, mailLossTitle } from './mail-accounts.ts';
import { isMailRuleLoss, mailRuleLossText, mailRuleLossTitle } from './mail-rules.ts';
import { keyGlimpse } from './reads.ts';
import { isRecordLoss, recordLossText, recordLossTitle } from './record-loss.ts';
import { isSiteLoss, resetTypeText, siteLossText, siteLossTitle } from './sites.ts';
import { doneText } from './writes.ts';

const code = (s: string): string => `\`${mrkdwnText(s, SHOWN.text)}\``;

/** The operation's title: what it will do, to what. */
export function operationTitle(ui: Ui, server: string, loss: Loss): string {
  if (isRecordLoss(loss)) return recordLossTitle(ui, loss);
  if (isMailLoss(loss)) return mailLossTitle(ui, loss);
  if (isMailRuleLoss(loss)) return mailRuleLossTitle(ui, loss);
  if (isSiteLoss(loss)) return siteLossTitle(ui, loss);
  switch (loss.kind) {
    case 'hosting.domain_reset':
      return ui.t('hosting.confirm.title.hosting.domain_reset', { domain: displayDomain(loss.domain) });
    case 'hosting.wp_delete':
      return ui.t('hosting.confirm.title.hosting.wp_delete', { id: loss.id });
    case 'hosting.ssh_key_delete':
      return ui.t('hosting.confirm.title.hosting.ssh_key_delete', { id: loss.id });
    case 'hosting.ssh_off':
      return ui.t('hosting.confirm.title.hosting.ssh_off', { server });
  }
}

/** Exactly what will be lost, in one sentence. */
export function lossText(ui: Ui, server: string, loss: Loss): string {
  if (isRecordLoss(loss)) return recordLossText(ui, server, loss);
  if (isMailLoss(loss)) return mailLossText(ui, server, loss);
  if (isMailRuleLoss(loss)) return mailRuleLossText(ui, server, loss);
  if (isSiteLoss(loss)) return siteLossText(ui, server, loss);
  const fate = (deleted: boolean) => ui.t(deleted ? 'hosting.loss.deleted' : 'hosting.loss.kept');
  switch (loss.kind) {
    case 'hosting.domain_reset':
      return `${ui.t('hosting.loss.hosting.domain_reset', {
        domain: mrkdwnText(displayDomain(loss.domain), SHOWN.domain),
        server,
        root: loss.documentRoot
          ? ui.t('hosting.loss.root', { root: mrkdwnText(loss.documentRoot, SHOWN.text) })
          : '',
        sites:
          loss.sites.length > 0
            ? loss.sites.map((s) => code(displayUrl(s))).join(', ')
            : ui.t('hosting.loss.no_sites'),
      })} ${resetTypeText(ui, loss.type)}`;
    case 'hosting.wp_delete':
      return ui.t('hosting.loss.hosting.wp_delete', {
        id: mrkdwnText(loss.id, SHOWN.word),
        url:
          loss.listed === false
            ? ui.t('hosting.wp.unlisted')
            : mrkdwnText(displayUrl(loss.url ?? '?'), SHOWN.domain),
        server,
        db: fate(loss.deleteDb),
        db_user: fate(loss.deleteDbUser),
        cron: fate(loss.deleteCron),
      });
    case 'hosting.ssh_key_delete':
      return ui.t('hosting.loss.hosting.ssh_key_delete', {
        id: mrkdwnText(loss.id, SHOWN.word),
        label: mrkdwnText(loss.label ?? ui.t('hosting.loss.no_label'), SHOWN.name),
        key: mrkdwnText(keyGlimpse(loss.publicKey), SHOWN.word),
        server,
      });
    case 'hosting.ssh_off':
      return ui.t('hosting.loss.hosting.ssh_off', { server, keys: loss.keys });
  }
}

function header(text: string): KnownBlock {
  return {
    type: 'header',
    text: { type: 'plain_text', text: [...text].slice(0, LIMITS.headerText).join('') },
  };
}

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

/** Confirm and Cancel (the requester's), or Approve and Reject (a second person's): the messages', and the App Home's. */
export function operationButtons(ui: Ui, op: OperationRow, kind: 'confirm' | 'approve'): KnownBlock {
  const value = encodePayload(hostingOperationPayload, { id: op.id });
  const yes: Button = {
    type: 'button',
    style: kind === 'confirm' ? 'danger' : 'primary',
    action_id: kind === 'confirm' ? HOSTING_IDS.confirm : HOSTING_IDS.approve,
    text: {
      type: 'plain_text',
      text: ui.t(kind === 'confirm' ? 'hosting.confirm.button' : 'hosting.approval.approve'),
    },
    value,
    confirm: {
      title: { type: 'plain_text', text: ui.t('hosting.confirm.dialog_title') },
      text: { type: 'plain_text', text: ui.t('hosting.confirm.dialog_text') },
      confirm: { type: 'plain_text', text: ui.t('hosting.confirm.dialog_yes') },
      deny: { type: 'plain_text', text: ui.t('hosting.confirm.dialog_no') },
      style: 'danger',
    },
  };
  const no: Button = {
    type: 'button',
    action_id: kind === 'confirm' ? HOSTING_IDS.cancel : HOSTING_IDS.reject,
    text: {
      type: 'plain_text',
      text: ui.t(kind === 'confirm' ? 'hosting.confirm.cancel' : 'hosting.approval.reject'),
    },
    value,
  };
  return { type: 'actions', block_id: itemBlockId(HOSTING_IDS.opActions, op.id), elements: [yes, no] };
}

/** The requester's confirmation, for them alone: what will be lost, and the buttons. */
export function confirmationView(ui: Ui, op: OperationRow, loss: Loss): Message {
  const title = operationTitle(ui, op.target, loss);
  const loses = lossText(ui, op.target, loss);
  const blocks: KnownBlock[] = [
    header(title),
    section(`:warning: ${loses}`),
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('hosting.confirm.nothing_sent', { expires: formatTime(ui, op.expiresAt) }),
        },
      ],
    },
    operationButtons(ui, op, 'confirm'),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${escapeMrkdwn(title)} ${loses}`, blocks };
}

/** The approval request in the channel, for an approver other than the requester. */
export function approvalRequestView(ui: Ui, op: OperationRow, loss: Loss): Message {
  const title = operationTitle(ui, op.target, loss);
  const who = ui.t('hosting.approval.request', { user: op.requesterId, server: op.target });
  const loses = lossText(ui, op.target, loss);
  const blocks: KnownBlock[] = [
    header(title),
    section(who),
    section(`:warning: ${loses}`),
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('hosting.confirm.nothing_sent', { expires: formatTime(ui, op.expiresAt) }),
        },
      ],
    },
    operationButtons(ui, op, 'approve'),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${escapeMrkdwn(title)} ${who}`, blocks };
}

/** A decided operation's message: its state first, what it was about, and no buttons. */
export function operationOutcomeView(ui: Ui, op: OperationRow, loss: Loss, status: string): Message {
  const title = operationTitle(ui, op.target, loss);
  const blocks: KnownBlock[] = [section(status), header(title), section(lossText(ui, op.target, loss))];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${status} ${escapeMrkdwn(title)}`, blocks };
}

/** The status line of a decided operation. `reason` is the failure's sentence, when it failed. */
export function outcomeStatus(ui: Ui, r: OperationOutcome, actorId: string, reason?: string): string {
  switch (r.kind) {
    case 'done':
      return ui.t('hosting.op.done', {
        what: doneText(ui, r.row.requesterId, r.result),
      });
    case 'failed':
      return ui.t('hosting.op.failed', { reason: reason ?? r.code });
    case 'unknown':
      return ui.t('hosting.op.unknown', { check: r.check });
    case 'rejected':
      return ui.t(r.withdrawn ? 'hosting.op.cancelled' : 'hosting.op.rejected', { user: actorId });
    case 'expired':
      return ui.t('hosting.op.expired');
    case 'already_handled':
      return stateSentence(ui, r.row);
    case 'refused':
      return '';
  }
}

const STATE_WORDS: Record<OperationState, PlainKey> = {
  pending: 'hosting.state.pending',
  approved: 'hosting.state.approved',
  executing: 'hosting.state.executing',
  done: 'hosting.state.done',
  failed: 'hosting.state.failed',
  unknown: 'hosting.state.unknown',
  rejected: 'hosting.state.rejected',
  cancelled: 'hosting.state.cancelled',
  expired: 'hosting.state.expired',
};

function stateSentence(ui: Ui, op: OperationRow): string {
  return ui.t('hosting.refused.already', { state: ui.t(STATE_WORDS[op.state]) });
}

/** A destructive operation's sentences for the decision machine's refusals, told to the clicker alone. */
export const HOSTING_REFUSALS: RefusalWords<OperationRow> = {
  notFound: (ui) => ui.t('hosting.refused.not_found'),
  selfApproval: (ui) => ui.t('hosting.refused.self_approval'),
  notRequester: (ui, op) => ui.t('hosting.refused.not_requester', { user: op.requesterId }),
  needsApproval: (ui) => ui.t('hosting.refused.needs_approval'),
  alreadyHandled: stateSentence,
  expired: (ui) => ui.t('hosting.op.expired'),
};
