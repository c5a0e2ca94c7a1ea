/**
 * What one person gets alone about an order: the clicker whose click decided
 * nothing (the decision machine's refusals in an order's words), the
 * requester whose quote could not be made, the notice that the request was
 * posted, and a generated root password shown once. Pure.
 */
import type { KnownBlock } from '@slack/types';
import { isProviderErrorCode, isServiceError, type ProviderErrorCode } from '../../../services/errors.ts';
import type { SignupRow } from '../../../services/signup/index.ts';
import type { RefusalWords } from '../../decision-text.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { SIGNUP_IDS } from '../../ids.ts';
import { encodePayload, signupButtonPayload } from '../../payloads.ts';
import {
  formatQuoteExpiry,
  formatYen,
  type Message,
  mrkdwnText,
  roleLabel,
  SHOWN,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { buttonMessage, textView as sentence } from '../messages.ts';
import { queueFullText } from '../queue-full.ts';
import { planLabel, type SignupDisplay } from './approval.ts';
import { SIGNUP_FIELD_LABELS } from './modal.ts';

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
    // A refusal other than the role (a channel the policy no longer lists) keeps its shared sentence.
    forbidden: (ui, error, role) =>
      error.code !== 'role_required'
        ? undefined
        : step === 'approve'
          ? ui.t('signup.click.forbidden', { role: roleLabel(ui, role ?? 'none') })
          : ui.t('signup.click.reject_forbidden'),
  };
}

/** A quote that could not be made, as a plain sentence for the requester. */
export function signupQuoteRefusal(ui: Ui, err: unknown): Message {
  // Anything but a refusal the use case named is ours: nothing was ordered or charged.
  if (!isServiceError(err)) return sentence(ui.t('signup.modal.internal'));
  const p = err.problem;
  switch (p.code) {
    case 'role_required':
      return sentence(
        p.params.yours === 'none'
          ? ui.t('signup.refused.role_required_none')
          : ui.t('signup.refused.role_required', { role: roleLabel(ui, p.params.yours) }),
      );
    case 'channel_not_allowed':
      return sentence(ui.t('signup.refused.channel_not_allowed'));
    case 'provider_unreachable':
      return sentence(ui.t('signup.refused.unreachable', { code: mrkdwnText(p.params.code, SHOWN.word) }));
    case 'catalogue_changed':
      return sentence(ui.t('signup.refused.catalogue_changed'));
    case 'queue_full':
      return sentence(queueFullText(ui, p.params));
    case 'provider_refused': {
      const code = p.params.code;
      const key = isProviderErrorCode(code) ? REFUSED[code] : undefined;
      const text = key ? ui.t(key) : ui.t('signup.refused.other', { code: mrkdwnText(code, SHOWN.word) });
      return sentence(err.details.length > 0 ? `${text}\n${providerSaid(ui, err.details)}` : text);
    }
    case 'target_channel_not_allowed':
      return sentence(ui.t('signup.field.approval_channel.not_allowed'));
    default:
      // Nothing else is thrown while quoting: whatever it is, nothing was ordered or charged.
      return sentence(ui.t('signup.modal.internal'));
  }
}

/** A refused order's own sentence, by the provider's code; any other is named by its code. */
const REFUSED: Partial<Record<ProviderErrorCode, PlainKey>> = {
  PAYMENT_REQUIRED: 'signup.refused.PAYMENT_REQUIRED',
  FORBIDDEN: 'signup.refused.FORBIDDEN',
  CAPACITY_UNAVAILABLE: 'signup.refused.CAPACITY_UNAVAILABLE',
  DUPLICATE_REQUEST: 'signup.refused.DUPLICATE_REQUEST',
  PLAN_NOT_AVAILABLE: 'signup.refused.PLAN_NOT_AVAILABLE',
  VALIDATION_ERROR: 'signup.refused.VALIDATION_ERROR',
};

const FIELD_LABELS: ReadonlyMap<string, PlainKey> = new Map(Object.entries(SIGNUP_FIELD_LABELS));

/**
 * The provider's own words on a refused order, one line each, a field it
 * names shown by the form's label for it (`ssh_key_name: …` is the "SSH key
 * name" field's); the words themselves as the provider wrote them.
 */
function providerSaid(ui: Ui, words: readonly { label: string; detail: string }[]): string {
  const lines = words.map(({ label, detail }) => {
    const field = FIELD_LABELS.get(label);
    const name = label === '' ? '' : field ? ui.t(field) : mrkdwnText(label, SHOWN.name);
    return name === ''
      ? `• ${mrkdwnText(detail, SHOWN.text)}`
      : `• *${name}*: ${mrkdwnText(detail, SHOWN.text)}`;
  });
  return [ui.t('signup.refused.provider_said'), ...lines].join('\n');
}

/** The requester's own confirmation after the approval request was posted (or could not be). */
export function signupQuotedNotice(ui: Ui, d: SignupDisplay, posted: boolean): Message {
  return sentence(
    ui.t(posted ? 'signup.quoted.posted' : 'signup.quoted.not_posted', {
      plan: mrkdwnText(planLabel(d), SHOWN.name),
      price: formatYen(ui, d.row.quotedPrice),
      channel: d.row.channelId,
      expires: formatQuoteExpiry(ui, d.row.expiresAt),
    }) +
      (d.account === undefined
        ? ''
        : ` ${ui.t('signup.quoted.account', { label: mrkdwnText(d.account, SHOWN.name) })}`),
  );
}

/** The generated root password, for the requester alone, once. */
export function signupPasswordMessage(ui: Ui, serverName: string | null, password: string): Message {
  // Backquotes and mrkdwn controls are never generated (the signup password
  // generator leaves them out), so code format shows the password as is.
  const text = ui.t('signup.password.generated', {
    name:
      serverName === null ? ui.t('signup.password.name_auto') : `\`${mrkdwnText(serverName, SHOWN.name)}\``,
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
  return buttonMessage(`${notice}\n\n${ui.t('signup.password.dm_hidden')}`, {
    actionId: SIGNUP_IDS.showPassword,
    label: ui.t('signup.password.show'),
    value: encodePayload(signupButtonPayload, { id: row.id, price: row.quotedPrice }),
  });
}
