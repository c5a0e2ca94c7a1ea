/**
 * /hosting's mail accounts: the list, one account with its quota and usage,
 * the form that creates one (a password typed, or one the bot generates),
 * the generated password shown to its requester once, and what a delete
 * will take away for its confirmation. The provider's texts (addresses,
 * memos) are cut and made harmless on the line (mrkdwnText). A password is
 * never part of any view but `generatedPasswordView`. Pure.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import {
  type ForwardingForm,
  type ForwardingNow,
  MAIL_LIMITS,
  type MailAccountNow,
  type MailChangeForm,
  type MailCreated,
  type MailForm,
  type MailListing,
  type MailLoss,
  type MailProblem,
  typedNumber,
} from '../../../services/hosting/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { HOSTING_MAIL_CALLBACKS, type HostingMailForm, hostingBlockId } from '../../ids.ts';
import type { HostingFormPayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { formatCount, type Message, mrkdwnText, plainText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';
import {
  type FormValues,
  generateTicked,
  hostingModal,
  hostingNotice,
  hostingTextInput,
  passwordBlocks,
  serverLine,
  shownOnce,
  typedValue,
} from './forms.ts';

export { isMailLoss } from '../../../services/hosting/index.ts';

/** Lines one list message shows: well inside 50 blocks of 3,000 characters. */
const LIST_MAX = 60;

/** An address as people read it: a Japanese domain in its own letters. */
const address = (a: string): string => {
  const at = a.lastIndexOf('@');
  return at < 0 ? a : `${a.slice(0, at + 1)}${displayDomain(a.slice(at + 1))}`;
};
const shownAddress = (a: string): string => mrkdwnText(address(a), SHOWN.domain);

const header = (text: string): KnownBlock => ({
  type: 'header',
  text: { type: 'plain_text', text: plainText(text, LIMITS.headerText) },
});
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

export function mailListView(ui: Ui, server: string, l: MailListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.mail.title', { server })
      : ui.t('hosting.mail.title_domain', { domain: displayDomain(l.domain), server });
  const lines = l.accounts.map((m) =>
    ui.t('hosting.mail.row', {
      address: shownAddress(m.mail_address),
      quota: m.quota_mb,
      memo: m.memo === '' ? '' : ` · ${mrkdwnText(m.memo, SHOWN.name)}`,
    }),
  );
  const shown = lines.slice(0, LIST_MAX);
  const empty = ui.t('hosting.mail.empty');
  const notes = [
    lines.length > LIST_MAX ? ui.t('summary.more', { count: lines.length - LIST_MAX }) : '',
    l.unreadable > 0 ? ui.t('hosting.mail.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.mail.hint'),
  ];
  const blocks: KnownBlock[] = [
    header(title),
    ...(shown.length === 0
      ? [{ type: 'section', text: { type: 'mrkdwn', text: empty } } as KnownBlock]
      : packLines(shown)),
    ...notes.filter((n) => n !== '').map(context),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(mrkdwnText(title, SHOWN.text), shown.length === 0 ? [empty] : shown), blocks };
}

/** Megabytes as the locale writes them; `?` when the provider's answer did not say. */
const mb = (ui: Ui, n: number | undefined): string => (n === undefined ? '?' : formatCount(ui, n));

export function mailShowView(ui: Ui, server: string, m: MailAccountNow): Message {
  const title = ui.t('hosting.mail.show.title', { address: address(m.mail_address), server });
  const percent =
    m.quota_mb !== undefined && m.used_mb !== undefined && m.quota_mb > 0
      ? formatCount(ui, Math.round((m.used_mb / m.quota_mb) * 1000) / 10)
      : '?';
  const lines = [
    ui.t('hosting.mail.show.usage', { used: mb(ui, m.used_mb), quota: mb(ui, m.quota_mb), percent }),
    ui.t('hosting.mail.show.memo', {
      memo: m.memo === '' ? ui.t('hosting.mail.show.no_memo') : mrkdwnText(m.memo, SHOWN.memo),
    }),
  ];
  const blocks: KnownBlock[] = [
    header(title),
    { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
    context(ui.t('hosting.mail.show.hint')),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(mrkdwnText(title, SHOWN.text), lines), blocks };
}

// The form that creates an account.

type MailInput = 'password' | 'quota_mb' | 'memo';
const LABELS: Record<MailInput, PlainKey> = {
  password: 'hosting.mail.label.password',
  quota_mb: 'hosting.mail.label.quota',
  memo: 'hosting.mail.label.memo',
};

function hint(ui: Ui, field: MailInput): string {
  if (field === 'password') return ui.t('hosting.mail.hint.password', { min: MAIL_LIMITS.passwordMin });
  return ui.t(field === 'quota_mb' ? 'hosting.mail.hint.quota' : 'hosting.mail.hint.memo');
}

const words = (ui: Ui, field: MailInput) => ({
  label: LABELS[field],
  hint: hint(ui, field),
  maxLength: MAIL_LIMITS.textMax + 1,
  multiline: field === 'memo',
});

function input(ui: Ui, field: MailInput, initial?: string): KnownBlock {
  return hostingTextInput(ui, field, { ...words(ui, field), initial });
}

const TITLES: Record<HostingMailForm, PlainKey> = {
  mail_add: 'hosting.mail.add.title',
  mail_change: 'hosting.mail.change.title',
  mail_forward: 'hosting.mail.forward.title',
};

function formModal(
  ui: Ui,
  form: HostingMailForm,
  meta: HostingFormPayload & { id: string },
  blocks: KnownBlock[],
): ModalView {
  return hostingModal(ui, HOSTING_MAIL_CALLBACKS[form], TITLES[form], meta, blocks, 'hosting.modal.submit');
}

const intro = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

/** A change, starting from the account as it is now; the password stays as it is when left empty. */
export function mailChangeFormView(
  ui: Ui,
  meta: HostingFormPayload & { id: string },
  now: MailAccountNow,
): ModalView {
  return formModal(ui, 'mail_change', meta, [
    serverLine(ui, meta.server),
    intro(ui.t('hosting.mail.change.intro', { address: shownAddress(meta.id) })),
    {
      ...input(ui, 'password'),
      hint: { type: 'plain_text', text: ui.t('hosting.mail.hint.new_password') },
    } as KnownBlock,
    input(ui, 'quota_mb', now.quota_mb === undefined ? undefined : String(now.quota_mb)),
    input(ui, 'memo', now.memo),
  ]);
}

/** Forwarding, starting from the addresses as they are now, one a line. */
export function mailForwardFormView(
  ui: Ui,
  meta: HostingFormPayload & { id: string },
  now: ForwardingNow,
): ModalView {
  const keep = {
    text: { type: 'plain_text' as const, text: ui.t('hosting.mail.forward.keep') },
    value: 'keep',
  };
  return formModal(ui, 'mail_forward', meta, [
    serverLine(ui, meta.server),
    intro(ui.t('hosting.mail.forward.intro', { address: shownAddress(meta.id) })),
    {
      type: 'input',
      block_id: hostingBlockId('forwarding_addresses'),
      optional: true,
      label: { type: 'plain_text', text: ui.t('hosting.mail.label.forwarding') },
      hint: { type: 'plain_text', text: ui.t('hosting.mail.hint.forwarding') },
      element: {
        type: 'plain_text_input',
        action_id: 'forwarding_addresses',
        multiline: true,
        max_length: LIMITS.inputMaxLength,
        ...(now.addresses && now.addresses.length > 0 ? { initial_value: now.addresses.join('\n') } : {}),
      },
    },
    {
      type: 'input',
      block_id: hostingBlockId('keep_in_mailbox'),
      optional: true,
      label: { type: 'plain_text', text: ui.t('hosting.mail.label.keep') },
      element: {
        type: 'checkboxes',
        action_id: 'keep_in_mailbox',
        options: [keep],
        ...(now.keepInMailbox === false ? {} : { initial_options: [keep] }),
      },
    },
  ]);
}

/** Forwarding as it is now, to the person alone. */
export function mailForwardView(ui: Ui, server: string, f: ForwardingNow): Message {
  const title = ui.t('hosting.mail.forward.show_title', { address: address(f.mail_address), server });
  const to =
    f.addresses === undefined
      ? '?'
      : f.addresses.length === 0
        ? ui.t('hosting.mail.forward.none')
        : f.addresses.map(shownAddress).join(ui.locale === 'ja' ? '、' : ', ');
  const lines = [
    ui.t('hosting.mail.forward.to', { to }),
    ui.t(
      f.keepInMailbox === undefined
        ? 'hosting.mail.forward.keep_unknown'
        : f.keepInMailbox
          ? 'hosting.mail.forward.kept'
          : 'hosting.mail.forward.not_kept',
    ),
  ];
  const blocks: KnownBlock[] = [
    header(title),
    { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
    context(ui.t('hosting.mail.forward.hint')),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(mrkdwnText(title, SHOWN.text), lines), blocks };
}

/** The form: the address is the one typed on the command line (shown, not editable). */
export function mailAddFormView(ui: Ui, meta: HostingFormPayload & { id: string }): ModalView {
  return formModal(ui, 'mail_add', meta, [
    serverLine(ui, meta.server),
    intro(ui.t('hosting.mail.add.intro', { address: shownAddress(meta.id) })),
    ...passwordBlocks(ui, {
      ...words(ui, 'password'),
      generateLabel: 'hosting.mail.label.generate',
      generate: 'hosting.mail.generate',
    }),
    input(ui, 'quota_mb'),
    input(ui, 'memo'),
  ]);
}

/** A form that only says something: loading, working, done, or what went wrong. */
export function mailNoticeView(ui: Ui, text: string, form: HostingMailForm = 'mail_add'): ModalView {
  return hostingNotice(ui, HOSTING_MAIL_CALLBACKS[form], TITLES[form], text);
}

/** The change as typed (an empty password or quota: left as it is). */
export function readMailChangeForm(values: FormValues): MailChangeForm {
  return {
    password: typedValue(values, 'password'),
    quota: typedNumber(typedValue(values, 'quota_mb')),
    memo: typedValue(values, 'memo'),
  };
}

/** The forwarding as typed: one address a line (commas and spaces part them too). */
export function readForwardForm(values: FormValues): ForwardingForm {
  const keep = (values[hostingBlockId('keep_in_mailbox')]?.keep_in_mailbox?.selected_options ?? []).some(
    (o) => o.value === 'keep',
  );
  return {
    addresses: typedValue(values, 'forwarding_addresses')
      .split(/[\s,、]+/)
      .filter((a) => a !== ''),
    keepInMailbox: keep,
  };
}

/** The form as typed; the address is the command's. */
export function readMailForm(values: FormValues, mailAddress: string): MailForm {
  return {
    address: mailAddress,
    password: typedValue(values, 'password'),
    generate: generateTicked(values),
    quota: typedNumber(typedValue(values, 'quota_mb')),
    memo: typedValue(values, 'memo'),
  };
}

function problemText(ui: Ui, p: MailProblem): string {
  const limit = p.limit ?? 0;
  switch (p.rule) {
    case 'required':
      return ui.t('hosting.mail.problem.required');
    case 'too_short':
      return limit > 0
        ? ui.t('hosting.mail.problem.too_short', { limit })
        : ui.t('hosting.mail.problem.format');
    case 'too_long':
      return limit > 0
        ? ui.t('hosting.mail.problem.too_long', { limit })
        : ui.t('hosting.mail.problem.format');
    case 'range':
      return ui.t('hosting.mail.problem.range');
    case 'format':
      return ui.t('hosting.mail.problem.format');
    case 'control_character':
      return ui.t('field.control_character');
  }
}

/**
 * Each problem on its field. A password left empty with "generate" unticked
 * says to type one or tick the box; a generated one with one typed too, that
 * only one of them is used.
 */
export function mailFormErrors(
  ui: Ui,
  f: Pick<MailForm, 'password'> & Partial<Pick<MailForm, 'generate'>>,
  problems: readonly MailProblem[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.generate && f.password !== '') errors[hostingBlockId('password')] = ui.t('hosting.mail.problem.both');
  for (const p of problems) {
    const block = hostingBlockId(p.field === 'mail_address' ? 'password' : p.field);
    if (errors[block]) continue;
    if (p.field === 'forwarding_addresses') {
      errors[block] = ui.t('hosting.mail.problem.forwarding');
      continue;
    }
    if (p.field === 'mail_address') {
      errors[block] = ui.t('hosting.mail.problem.address');
      continue;
    }
    if (p.field === 'password' && p.rule === 'required') {
      errors[block] = ui.t('hosting.mail.problem.password_or_generate');
      continue;
    }
    if (p.field === 'quota_mb' && (p.rule === 'range' || p.rule === 'format')) {
      errors[block] = ui.t('hosting.mail.problem.quota', {
        min: MAIL_LIMITS.quotaMin,
        max: MAIL_LIMITS.quotaMax,
      });
      continue;
    }
    errors[block] = problemText(ui, p);
  }
  return errors;
}

/** The generated password, for its requester's eyes only (their form, or an ephemeral message). */
export function generatedPasswordView(ui: Ui, r: MailCreated & { generatedPassword: string }): Message {
  const text = ui.t('hosting.mail.generated', {
    address: shownAddress(r.subject),
    server: r.server,
    password: r.generatedPassword,
  });
  return shownOnce(text);
}

/** When the password could not be shown where it was asked: no direct message holds it. */
export function passwordNotShownView(ui: Ui, r: MailCreated): Message {
  return shownOnce(
    ui.t('hosting.mail.generated_lost', { address: shownAddress(r.subject), server: r.server }),
  );
}

// The delete's confirmation.

export function mailLossTitle(ui: Ui, loss: MailLoss): string {
  return ui.t('hosting.confirm.title.hosting.mail_delete', {
    address: plainText(address(loss.account.mail_address), SHOWN.domain),
  });
}

export function mailLossText(ui: Ui, server: string, loss: MailLoss): string {
  const a = loss.account;
  return ui.t('hosting.loss.hosting.mail_delete', {
    address: shownAddress(a.mail_address),
    server,
    used: mb(ui, a.used_mb),
    quota: mb(ui, a.quota_mb),
    memo: a.memo === '' ? '' : ` (${mrkdwnText(a.memo, SHOWN.name)})`,
  });
}
