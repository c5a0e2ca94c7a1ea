/**
 * /hosting's domains, subdomains, WordPress sites and databases beyond adding
 * them: the databases, their users and a user's grants; the memo forms (each
 * starting from the memo as it is) and the database user's form (a new
 * password typed, or one the bot generates, shown to its requester once);
 * and what each delete will take away, for its confirmation. The provider's
 * texts are cut and made harmless on the line (mrkdwnText). A password is
 * never part of any view but `generatedDbPasswordView`. Pure.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import {
  type DatabaseListing,
  type DbUserChanged,
  type DbUserChangeForm,
  type DbUserListing,
  type DbUserNow,
  type GrantListing,
  type MemoTarget,
  type ResetType,
  SITE_LIMITS,
  type SiteLoss,
  type SiteProblem,
} from '../../../services/hosting/index.ts';
import type { KeyTaking, PlainKey } from '../../i18n/index.ts';
import { HOSTING_SITE_CALLBACKS, type HostingSiteForm, hostingBlockId } from '../../ids.ts';
import type { HostingFormPayload } from '../../payloads.ts';
import { displayDomain, displayUrl } from '../domain-display.ts';
import { formatCount, type Message, mrkdwnText, plainText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';
import {
  type FormValues,
  generateTicked,
  hostingModal,
  hostingNotice,
  passwordBlocks,
  serverLine,
  shownOnce,
  typedValue,
} from './forms.ts';

export { isSiteLoss } from '../../../services/hosting/index.ts';

/** Lines one list message shows: well inside 50 blocks of 3,000 characters. */
const LIST_MAX = 60;

const header = (text: string): KnownBlock => ({
  type: 'header',
  text: { type: 'plain_text', text: plainText(text, LIMITS.headerText) },
});
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const word = (s: string): string => mrkdwnText(s, SHOWN.name);
const memoOf = (m: string): string => (m === '' ? '' : ` — ${mrkdwnText(m, SHOWN.name)}`);
const list = (ui: Ui, items: readonly string[]): string =>
  items.map((i) => `\`${word(i)}\``).join(ui.locale === 'ja' ? '、' : ', ');

function listMessage(
  ui: Ui,
  title: string,
  lines: readonly string[],
  empty: string,
  notes: string[],
): Message {
  const shown = lines.slice(0, LIST_MAX);
  const blocks: KnownBlock[] = [
    header(title),
    ...(shown.length === 0 ? [section(empty)] : packLines(shown)),
    ...[lines.length > LIST_MAX ? ui.t('summary.more', { count: lines.length - LIST_MAX }) : '', ...notes]
      .filter((n) => n !== '')
      .map(context),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(mrkdwnText(title, SHOWN.text), shown.length === 0 ? [empty] : shown), blocks };
}

const unreadable = (ui: Ui, count: number): string =>
  count > 0 ? ui.t('hosting.sites.unreadable', { count }) : '';

/** The databases, each with its size, the users granted it and its memo, to the person alone. */
export function databasesView(ui: Ui, server: string, l: DatabaseListing): Message {
  const lines = l.databases.map((d) =>
    ui.t('hosting.db.row', {
      name: word(d.db_name),
      size: formatCount(ui, d.size_mb),
      version: word(d.version_name),
      users: d.granted_users.length === 0 ? ui.t('hosting.db.no_users') : list(ui, d.granted_users),
      memo: memoOf(d.memo),
    }),
  );
  return listMessage(ui, ui.t('hosting.db.title', { server }), lines, ui.t('hosting.db.empty'), [
    unreadable(ui, l.unreadable),
    ui.t('hosting.db.hint'),
  ]);
}

export function dbUsersView(ui: Ui, server: string, l: DbUserListing): Message {
  const lines = l.users.map((u) =>
    ui.t('hosting.db_users.row', {
      name: word(u.db_user),
      version: word(u.version_name),
      memo: memoOf(u.memo),
    }),
  );
  return listMessage(ui, ui.t('hosting.db_users.title', { server }), lines, ui.t('hosting.db_users.empty'), [
    unreadable(ui, l.unreadable),
    ui.t('hosting.db_users.hint'),
  ]);
}

export function grantsView(ui: Ui, server: string, g: GrantListing): Message {
  const lines = g.databases.map((d) => `• \`${word(d)}\``);
  return listMessage(
    ui,
    ui.t('hosting.db_grants.title', { user: g.db_user, server }),
    lines,
    ui.t('hosting.db_grants.empty', { user: word(g.db_user) }),
    [unreadable(ui, g.unreadable), ui.t('hosting.db_grants.hint', { user: word(g.db_user) })],
  );
}

// The forms.

const TITLES: Record<HostingSiteForm, PlainKey> = {
  domain_change: 'hosting.sites.form.domain_change',
  subdomain_change: 'hosting.sites.form.subdomain_change',
  wp_change: 'hosting.sites.form.wp_change',
  db_change: 'hosting.sites.form.db_change',
  db_user_change: 'hosting.sites.form.db_user_change',
};

export const MEMO_FORM: Record<MemoTarget, HostingSiteForm> = {
  domain: 'domain_change',
  subdomain: 'subdomain_change',
  wp: 'wp_change',
  db: 'db_change',
};

function memoInput(ui: Ui, target: MemoTarget | 'db_user', memo: string): KnownBlock {
  const limit = target === 'wp' ? SITE_LIMITS.wpMemoMax : SITE_LIMITS.textMax;
  return {
    type: 'input',
    block_id: hostingBlockId('memo'),
    optional: true,
    label: { type: 'plain_text', text: ui.t('hosting.sites.label.memo') },
    hint: {
      type: 'plain_text',
      text: ui.t(target === 'wp' ? 'hosting.sites.hint.wp_memo' : 'hosting.sites.hint.memo', { limit }),
    },
    element: {
      type: 'plain_text_input',
      action_id: 'memo',
      multiline: true,
      max_length: Math.min(limit + 1, LIMITS.inputMaxLength),
      ...(memo === '' ? {} : { initial_value: memo }),
    },
  };
}

const INTRO: Record<MemoTarget, KeyTaking<{ name: string; about: string }>> = {
  domain: 'hosting.sites.intro.domain',
  subdomain: 'hosting.sites.intro.subdomain',
  wp: 'hosting.sites.intro.wp',
  db: 'hosting.sites.intro.db',
};

/** A memo's change, starting from the memo as it is now; `label` names the thing (its URL or document root). */
export function memoFormView(
  ui: Ui,
  target: MemoTarget,
  meta: HostingFormPayload & { id: string },
  now: { name: string; memo: string; label: string | undefined },
): ModalView {
  const name = target === 'domain' || target === 'subdomain' ? displayDomain(now.name) : now.name;
  const about =
    now.label === undefined
      ? ''
      : ` (${mrkdwnText(target === 'wp' ? displayUrl(now.label) : now.label, SHOWN.domain)})`;
  const form = MEMO_FORM[target];
  return hostingModal(
    ui,
    HOSTING_SITE_CALLBACKS[form],
    TITLES[form],
    meta,
    [
      serverLine(ui, meta.server),
      section(ui.t(INTRO[target], { name: mrkdwnText(name, SHOWN.domain), about })),
      memoInput(ui, target, now.memo),
    ],
    'hosting.modal.submit',
  );
}

/** A database user's change: a new password typed or generated (left empty: kept), and the memo. */
export function dbUserFormView(ui: Ui, meta: HostingFormPayload & { id: string }, now: DbUserNow): ModalView {
  return hostingModal(
    ui,
    HOSTING_SITE_CALLBACKS.db_user_change,
    TITLES.db_user_change,
    meta,
    [
      serverLine(ui, meta.server),
      section(ui.t('hosting.sites.intro.db_user', { name: word(now.db_user) })),
      ...passwordBlocks(ui, {
        label: 'hosting.sites.label.password',
        hint: ui.t('hosting.sites.hint.password'),
        maxLength: SITE_LIMITS.textMax + 1,
        generateLabel: 'hosting.sites.label.generate',
        generate: 'hosting.sites.generate',
      }),
      memoInput(ui, 'db_user', now.memo),
    ],
    'hosting.modal.submit',
  );
}

/** A form that only says something: loading, working, done, or what went wrong. */
export function siteNoticeView(ui: Ui, form: HostingSiteForm, text: string): ModalView {
  return hostingNotice(ui, HOSTING_SITE_CALLBACKS[form], TITLES[form], text);
}

export function readMemoForm(values: FormValues): string {
  return typedValue(values, 'memo');
}

export function readDbUserForm(values: FormValues): DbUserChangeForm {
  return {
    password: typedValue(values, 'password'),
    generate: generateTicked(values),
    memo: typedValue(values, 'memo'),
  };
}

/** Each problem on its field; a password typed with "generate" ticked says only one of them is used. */
export function siteFormErrors(
  ui: Ui,
  f: Partial<Pick<DbUserChangeForm, 'password' | 'generate'>>,
  problems: readonly SiteProblem[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.generate && f.password) errors[hostingBlockId('password')] = ui.t('hosting.sites.problem.both');
  for (const p of problems) {
    const block = hostingBlockId(p.field === 'password' ? 'password' : 'memo');
    if (errors[block]) continue;
    errors[block] =
      p.rule === 'control_character'
        ? ui.t('field.control_character')
        : p.rule === 'too_long'
          ? ui.t('hosting.sites.problem.too_long', { limit: p.limit ?? SITE_LIMITS.textMax })
          : ui.t('field.value.invalid');
  }
  return errors;
}

/** The generated password, for its requester's eyes only (their form, or an ephemeral message). */
export function generatedDbPasswordView(ui: Ui, r: DbUserChanged & { generatedPassword: string }): Message {
  const text = ui.t('hosting.sites.generated', {
    user: word(r.subject),
    server: r.server,
    password: r.generatedPassword,
  });
  return shownOnce(text);
}

/** When the password could not be shown where it was asked: no direct message holds it. */
export function dbPasswordNotShownView(ui: Ui, r: DbUserChanged): Message {
  return shownOnce(ui.t('hosting.sites.generated_lost', { user: word(r.subject), server: r.server }));
}

// The deletes' confirmations.

const cut = (s: string, max = 200): string => plainText(s, max);

export function siteLossTitle(ui: Ui, loss: SiteLoss): string {
  switch (loss.kind) {
    case 'hosting.domain_delete':
      return ui.t('hosting.confirm.title.hosting.domain_delete', { domain: cut(displayDomain(loss.domain)) });
    case 'hosting.subdomain_delete':
      return ui.t('hosting.confirm.title.hosting.subdomain_delete', {
        subdomain: cut(displayDomain(loss.subdomain)),
      });
    case 'hosting.db_delete':
      return ui.t('hosting.confirm.title.hosting.db_delete', { name: cut(loss.database.db_name) });
    case 'hosting.db_user_delete':
      return ui.t('hosting.confirm.title.hosting.db_user_delete', { name: cut(loss.dbUser) });
    case 'hosting.db_revoke':
      return ui.t('hosting.confirm.title.hosting.db_revoke', {
        user: cut(loss.dbUser),
        name: cut(loss.dbName),
      });
  }
}

/** What deleting a domain's or subdomain's files takes, or that they stay. */
function filesText(ui: Ui, deleteFiles: boolean, root: string | undefined): string {
  if (!deleteFiles) return ui.t('hosting.sites.loss.files_kept');
  return root === undefined
    ? ui.t('hosting.sites.loss.files_lost_unknown')
    : ui.t('hosting.sites.loss.files_lost', { root: mrkdwnText(root, SHOWN.text) });
}

export function siteLossText(ui: Ui, server: string, loss: SiteLoss): string {
  switch (loss.kind) {
    case 'hosting.domain_delete':
      return ui.t('hosting.loss.hosting.domain_delete', {
        domain: mrkdwnText(displayDomain(loss.domain), SHOWN.domain),
        server,
        files: filesText(ui, loss.deleteFiles, loss.documentRoot),
        sites:
          loss.sites.length > 0
            ? loss.sites.map((s) => `\`${mrkdwnText(displayUrl(s), SHOWN.domain)}\``).join(', ')
            : ui.t('hosting.loss.no_sites'),
      });
    case 'hosting.subdomain_delete':
      return ui.t('hosting.loss.hosting.subdomain_delete', {
        subdomain: mrkdwnText(displayDomain(loss.subdomain), SHOWN.domain),
        server,
        memo: loss.memo === '' ? '' : ` (${mrkdwnText(loss.memo, SHOWN.name)})`,
        files: filesText(ui, loss.deleteFiles, loss.documentRoot),
      });
    case 'hosting.db_delete':
      return ui.t('hosting.loss.hosting.db_delete', {
        name: word(loss.database.db_name),
        server,
        size: formatCount(ui, loss.database.size_mb),
        memo: loss.database.memo === '' ? '' : ` (${mrkdwnText(loss.database.memo, SHOWN.name)})`,
        users:
          loss.database.granted_users.length === 0
            ? ui.t('hosting.db.no_users')
            : list(ui, loss.database.granted_users),
      });
    case 'hosting.db_user_delete':
      return ui.t('hosting.loss.hosting.db_user_delete', {
        name: word(loss.dbUser),
        server,
        memo: loss.memo === '' ? '' : ` (${mrkdwnText(loss.memo, SHOWN.name)})`,
        databases:
          loss.databases.length === 0 ? ui.t('hosting.db_user.no_databases') : list(ui, loss.databases),
      });
    case 'hosting.db_revoke':
      return ui.t('hosting.loss.hosting.db_revoke', {
        user: word(loss.dbUser),
        name: word(loss.dbName),
        server,
      });
  }
}

const RESET_WORDS: Record<ResetType, PlainKey> = {
  all: 'hosting.sites.reset.all',
  web: 'hosting.sites.reset.web',
  other: 'hosting.sites.reset.other',
};

/** What a domain reset's type resets, in a sentence (a request stored before it was asked for resets `all`). */
export function resetTypeText(ui: Ui, type: ResetType | undefined): string {
  return ui.t(RESET_WORDS[type ?? 'all']);
}
