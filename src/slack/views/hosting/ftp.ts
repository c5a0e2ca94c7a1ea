/**
 * /hosting's FTP accounts: the list under a title, as many lines as one
 * message holds and the rest counted (never cut silently); the forms that
 * add an account (a password typed, or one the bot generates) and change
 * one, and the generated password shown to its requester once. A password is
 * never part of any view but `ftpPasswordView`. Pure.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import {
  FTP_LIMITS,
  type FtpAccountNow,
  type FtpChangeForm,
  type FtpCreated,
  type FtpForm,
  type FtpListing,
  type FtpProblem,
  typedNumber,
} from '../../../services/hosting/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { HOSTING_FTP_CALLBACKS, type HostingFtpForm, hostingBlockId } from '../../ids.ts';
import type { HostingFormPayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
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

/** Lines one list message shows: well inside 50 blocks of 3,000 characters. */
const LIST_MAX = 60;

const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

export function ftpView(ui: Ui, server: string, l: FtpListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.ftp.title', { server })
      : ui.t('hosting.ftp.title_domain', { domain: displayDomain(l.domain), server });
  const lines = l.accounts.slice(0, LIST_MAX).map((a) =>
    ui.t('hosting.ftp.row', {
      account: mrkdwnText(a.ftp_account, SHOWN.name),
      directory: mrkdwnText(a.directory, SHOWN.text),
      // 0 is no quota at all, as the provider's reference says of GET /ftp.
      quota:
        a.quota_mb === 0 ? ui.t('hosting.ftp.unlimited') : ui.t('hosting.ftp.quota', { quota: a.quota_mb }),
      memo: a.memo === '' ? '' : ui.t('hosting.ftp.memo', { memo: mrkdwnText(a.memo, SHOWN.text) }),
    }),
  );
  const empty = ui.t('hosting.ftp.empty');
  const notes = [
    l.accounts.length > LIST_MAX ? ui.t('summary.more', { count: l.accounts.length - LIST_MAX }) : '',
    l.unreadable > 0 ? ui.t('hosting.ftp.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.ftp.main_not_listed'),
  ];
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: [...title].slice(0, LIMITS.headerText).join('') } },
    ...(lines.length === 0
      ? [{ type: 'section', text: { type: 'mrkdwn', text: empty } } as KnownBlock]
      : packLines(lines)),
    ...notes.filter((n) => n !== '').map(context),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(escapeMrkdwn(title), lines.length === 0 ? [empty] : lines), blocks };
}

// The forms that add and change an account.

/** An account as people read it: a Japanese domain in its own letters. */
const account = (a: string): string => {
  const at = a.lastIndexOf('@');
  return at < 0 ? a : `${a.slice(0, at + 1)}${displayDomain(a.slice(at + 1))}`;
};
const shownAccount = (a: string): string => mrkdwnText(account(a), SHOWN.domain);

type FtpInput = 'password' | 'directory' | 'quota_mb' | 'memo';
const WORDS: Record<FtpInput, { label: PlainKey; hint?: PlainKey }> = {
  password: { label: 'hosting.ftp.label.password' },
  directory: { label: 'hosting.ftp.label.directory', hint: 'hosting.ftp.hint.directory' },
  quota_mb: { label: 'hosting.ftp.label.quota', hint: 'hosting.ftp.hint.quota' },
  memo: { label: 'hosting.ftp.label.memo', hint: 'hosting.ftp.hint.memo' },
};

const hintOf = (ui: Ui, field: FtpInput): string => {
  const key = WORDS[field].hint;
  return key ? ui.t(key) : ui.t('hosting.ftp.hint.password', { min: FTP_LIMITS.passwordMin });
};

const words = (ui: Ui, field: FtpInput, hint?: string) => ({
  label: WORDS[field].label,
  hint: hint ?? hintOf(ui, field),
  maxLength: FTP_LIMITS.textMax + 1,
  multiline: field === 'memo',
});

function input(ui: Ui, field: FtpInput, initial?: string, hint?: string): KnownBlock {
  return hostingTextInput(ui, field, { ...words(ui, field, hint), initial });
}

const TITLES: Record<HostingFtpForm, PlainKey> = {
  ftp_add: 'hosting.ftp.add.title',
  ftp_change: 'hosting.ftp.change.title',
};

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

function formModal(
  ui: Ui,
  form: HostingFtpForm,
  meta: HostingFormPayload & { id: string },
  blocks: KnownBlock[],
): ModalView {
  return hostingModal(ui, HOSTING_FTP_CALLBACKS[form], TITLES[form], meta, blocks, 'hosting.modal.submit');
}

/** The add form: the account is the one typed on the command line (shown, not editable). */
export function ftpAddFormView(ui: Ui, meta: HostingFormPayload & { id: string }): ModalView {
  return formModal(ui, 'ftp_add', meta, [
    serverLine(ui, meta.server),
    section(ui.t('hosting.ftp.add.intro', { account: shownAccount(meta.id) })),
    ...passwordBlocks(ui, {
      ...words(ui, 'password'),
      generateLabel: 'hosting.ftp.label.generate',
      generate: 'hosting.ftp.generate',
    }),
    input(ui, 'directory'),
    input(ui, 'quota_mb'),
    input(ui, 'memo'),
  ]);
}

/**
 * A change, starting from the account as the list shows it. The folder is
 * not filled in: the list writes it from the domain (`example.jp/public_html`)
 * while a change takes it as an add does (`/public_html`), so it is shown
 * and left empty, which keeps it.
 */
export function ftpChangeFormView(
  ui: Ui,
  meta: HostingFormPayload & { id: string },
  now: FtpAccountNow,
): ModalView {
  return formModal(ui, 'ftp_change', meta, [
    serverLine(ui, meta.server),
    section(
      ui.t('hosting.ftp.change.intro', {
        account: shownAccount(meta.id),
        directory: mrkdwnText(now.directory, SHOWN.text),
      }),
    ),
    input(ui, 'password', undefined, ui.t('hosting.ftp.hint.new_password')),
    input(ui, 'directory', undefined, ui.t('hosting.ftp.hint.new_directory')),
    input(ui, 'quota_mb', String(now.quota_mb)),
    input(ui, 'memo', now.memo),
  ]);
}

/** A form that only says something: loading, working, done, or what went wrong. */
export function ftpNoticeView(ui: Ui, text: string, form: HostingFtpForm = 'ftp_add'): ModalView {
  return hostingNotice(ui, HOSTING_FTP_CALLBACKS[form], TITLES[form], text);
}

/** The add form as typed; the account is the command's. */
export function readFtpForm(values: FormValues, ftpAccount: string): FtpForm {
  return {
    account: ftpAccount,
    password: typedValue(values, 'password'),
    generate: generateTicked(values),
    directory: typedValue(values, 'directory'),
    quota: typedNumber(typedValue(values, 'quota_mb')),
    memo: typedValue(values, 'memo'),
  };
}

/** The change as typed (an empty password, folder or quota: left as it is). */
export function readFtpChangeForm(values: FormValues): FtpChangeForm {
  return {
    password: typedValue(values, 'password'),
    directory: typedValue(values, 'directory'),
    quota: typedNumber(typedValue(values, 'quota_mb')),
    memo: typedValue(values, 'memo'),
  };
}

const PROBLEM_WORDS: Record<Exclude<FtpProblem['rule'], 'too_short' | 'too_long'>, PlainKey> = {
  required: 'hosting.ftp.problem.required',
  whole_number: 'hosting.ftp.problem.quota',
  format: 'hosting.ftp.problem.format',
  control_character: 'field.control_character',
};

/**
 * Each problem on its field. A password left empty with "generate" unticked
 * says to type one or tick the box; a password typed with the box ticked,
 * that only one of them is used.
 */
export function ftpFormErrors(
  ui: Ui,
  f: Pick<FtpForm, 'password'> & Partial<Pick<FtpForm, 'generate'>>,
  problems: readonly FtpProblem[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.generate && f.password !== '') errors[hostingBlockId('password')] = ui.t('hosting.ftp.problem.both');
  for (const p of problems) {
    // The account is the command's: a problem with it is told where the password is typed, first.
    const block = hostingBlockId(p.field === 'ftp_account' ? 'password' : p.field);
    if (errors[block]) continue;
    if (p.field === 'ftp_account') errors[block] = ui.t('hosting.ftp.problem.account');
    else if (p.field === 'password' && p.rule === 'required')
      errors[block] = ui.t('hosting.ftp.problem.password_or_generate');
    else if (p.rule === 'too_short' || p.rule === 'too_long')
      errors[block] = ui.t(`hosting.ftp.problem.${p.rule}`, {
        limit: p.limit ?? (p.rule === 'too_short' ? FTP_LIMITS.passwordMin : FTP_LIMITS.textMax),
      });
    else errors[block] = ui.t(PROBLEM_WORDS[p.rule]);
  }
  return errors;
}

/** The generated password, for its requester's eyes only (their form, or an ephemeral message). */
export function ftpPasswordView(ui: Ui, r: FtpCreated & { generatedPassword: string }): Message {
  const text = ui.t('hosting.ftp.generated', {
    account: shownAccount(r.subject),
    server: r.server,
    password: r.generatedPassword,
  });
  return shownOnce(text);
}

/** When the password could not be shown where it was asked: no direct message holds it. */
export function ftpPasswordNotShownView(ui: Ui, r: FtpCreated): Message {
  return shownOnce(
    ui.t('hosting.ftp.generated_lost', { account: shownAccount(r.subject), server: r.server }),
  );
}
