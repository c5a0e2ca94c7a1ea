/**
 * /hosting's mail sorting rules: the list (each rule in words: its
 * conditions, all of which must match, and what is done with the mail), the
 * form that adds one, and what a delete will take away for its confirmation.
 * The provider's texts (keywords, addresses) are cut and made harmless on
 * the line (mrkdwnText); a value the reference does not name is shown as
 * the provider wrote it. Pure.
 */
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import type { MailFilter } from '../../../provider/index.ts';
import {
  MAIL_FILTER_ACTIONS,
  MAIL_FILTER_FIELDS,
  MAIL_FILTER_MATCH_TYPES,
  MAIL_RULE_CONDITIONS,
  MAIL_RULE_LIMITS,
  type MailRuleForm,
  type MailRuleListing,
  type MailRuleLoss,
  type MailRuleProblem,
} from '../../../services/hosting/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { HOSTING_MAIL_RULE_CALLBACK, hostingBlockId } from '../../ids.ts';
import type { HostingFormPayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { type Message, mrkdwnText, plainText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';
import { hostingModal, hostingNotice } from './forms.ts';

export { isMailRuleLoss } from '../../../services/hosting/index.ts';

/** Lines one list message shows: well inside 50 blocks of 3,000 characters. */
const LIST_MAX = 40;

type Field = (typeof MAIL_FILTER_FIELDS)[number];
type Match = (typeof MAIL_FILTER_MATCH_TYPES)[number];
type ActionType = (typeof MAIL_FILTER_ACTIONS)[number];

const FIELD_WORDS: Record<Field, PlainKey> = {
  subject: 'hosting.mail_rules.field.subject',
  from: 'hosting.mail_rules.field.from',
  to: 'hosting.mail_rules.field.to',
  body: 'hosting.mail_rules.field.body',
  header: 'hosting.mail_rules.field.header',
};
const MATCH_WORDS: Record<Match, PlainKey> = {
  contain: 'hosting.mail_rules.match.contain',
  match: 'hosting.mail_rules.match.match',
  start_from: 'hosting.mail_rules.match.start_from',
};
const ACTION_WORDS: Record<ActionType, PlainKey> = {
  mail_address: 'hosting.mail_rules.type.mail_address',
  spam_folder: 'hosting.mail_rules.type.spam_folder',
  trash: 'hosting.mail_rules.type.trash',
  delete: 'hosting.mail_rules.type.delete',
};

const known = <K extends string>(map: Record<K, PlainKey>, v: string): v is K => Object.hasOwn(map, v);
/** A value the reference does not name, as the provider wrote it. */
const raw = (v: string): string => `\`${mrkdwnText(v, SHOWN.word)}\``;

const header = (text: string): KnownBlock => ({
  type: 'header',
  text: { type: 'plain_text', text: plainText(text, LIMITS.headerText) },
});
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

function conditionsText(ui: Ui, conditions: MailFilter['conditions']): string {
  return conditions
    .map((c) =>
      ui.t('hosting.mail_rules.condition', {
        field: known(FIELD_WORDS, c.field) ? ui.t(FIELD_WORDS[c.field]) : raw(c.field),
        match: known(MATCH_WORDS, c.match_type) ? ui.t(MATCH_WORDS[c.match_type]) : raw(c.match_type),
        keyword: mrkdwnText(c.keyword, SHOWN.name),
      }),
    )
    .join(ui.t('hosting.mail_rules.and'));
}

/** What is done with the mail: the action, where to when forwarded, and whether the mailbox keeps it. */
function actionText(ui: Ui, a: MailFilter['action']): string {
  const what = known(ACTION_WORDS, a.type) ? ui.t(ACTION_WORDS[a.type]) : raw(a.type);
  const to =
    a.type === 'mail_address' && a.target !== ''
      ? ui.t('hosting.mail_rules.to', { target: mrkdwnText(a.target, SHOWN.domain) })
      : '';
  if (a.type === 'delete') return what;
  const kept =
    a.method === 'copy'
      ? ui.t('hosting.mail_rules.method.copy')
      : a.method === 'move'
        ? ui.t('hosting.mail_rules.method.move')
        : raw(a.method);
  return ui.t('hosting.mail_rules.action', { what, to, kept });
}

function ruleLine(ui: Ui, r: MailFilter): string {
  return ui.t('hosting.mail_rules.row', {
    id: mrkdwnText(r.id, SHOWN.word),
    domain: mrkdwnText(displayDomain(r.domain), SHOWN.domain),
    priority: r.priority,
    conditions: conditionsText(ui, r.conditions),
    action: actionText(ui, r.action),
  });
}

export function mailRulesView(ui: Ui, server: string, l: MailRuleListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.mail_rules.title', { server })
      : ui.t('hosting.mail_rules.title_domain', { domain: displayDomain(l.domain), server });
  const lines = l.rules.slice(0, LIST_MAX).map((r) => ruleLine(ui, r));
  const empty = ui.t('hosting.mail_rules.empty');
  const notes = [
    l.rules.length > LIST_MAX ? ui.t('summary.more', { count: l.rules.length - LIST_MAX }) : '',
    l.unreadable > 0 ? ui.t('hosting.mail_rules.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.mail_rules.hint'),
  ];
  const blocks: KnownBlock[] = [
    header(title),
    ...(lines.length === 0 ? [section(empty)] : packLines(lines)),
    ...notes.filter((n) => n !== '').map(context),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(mrkdwnText(title, SHOWN.text), lines.length === 0 ? [empty] : lines), blocks };
}

// The form that adds a rule.

const option = (text: string, value: string): PlainTextOption => ({
  text: { type: 'plain_text', text },
  value,
});

function select(
  ui: Ui,
  field: string,
  label: string,
  options: PlainTextOption[],
  initial: PlainTextOption | undefined,
  optional: boolean,
): KnownBlock {
  return {
    type: 'input',
    block_id: hostingBlockId(field),
    optional,
    label: { type: 'plain_text', text: label },
    element: {
      type: 'static_select',
      action_id: field,
      placeholder: { type: 'plain_text', text: ui.t('hosting.mail_rules.choose') },
      options,
      ...(initial ? { initial_option: initial } : {}),
    },
  };
}

function text(field: string, label: string, hint: string | undefined, optional = true): KnownBlock {
  return {
    type: 'input',
    block_id: hostingBlockId(field),
    optional,
    label: { type: 'plain_text', text: label },
    ...(hint === undefined ? {} : { hint: { type: 'plain_text' as const, text: hint } }),
    element: {
      type: 'plain_text_input',
      action_id: field,
      max_length: Math.min(MAIL_RULE_LIMITS.textMax + 1, LIMITS.inputMaxLength),
    },
  };
}

/** The form: the domain is the one typed on the command line (shown, not editable). */
export function mailRuleFormView(ui: Ui, meta: HostingFormPayload & { id: string }): ModalView {
  const fields = MAIL_FILTER_FIELDS.map((f) => option(ui.t(FIELD_WORDS[f]), f));
  const matches = MAIL_FILTER_MATCH_TYPES.map((m) => option(ui.t(MATCH_WORDS[m]), m));
  const rows: KnownBlock[] = [];
  for (let n = 1; n <= MAIL_RULE_CONDITIONS; n++) {
    rows.push(
      { type: 'divider' },
      text(
        `keyword_${n}`,
        ui.t('hosting.mail_rules.label.keyword', { n }),
        n === 1 ? ui.t('hosting.mail_rules.hint.keyword') : ui.t('hosting.mail_rules.hint.more'),
      ),
      select(ui, `field_${n}`, ui.t('hosting.mail_rules.label.field'), fields, fields[0], true),
      select(ui, `match_type_${n}`, ui.t('hosting.mail_rules.label.match_type'), matches, matches[0], true),
    );
  }
  const methods = [
    option(ui.t('hosting.mail_rules.option.move'), 'move'),
    option(ui.t('hosting.mail_rules.option.copy'), 'copy'),
  ];
  const blocks: KnownBlock[] = [
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: ui.t('hosting.modal.server', { server: meta.server }) },
        { type: 'mrkdwn', text: ui.t('hosting.modal.provider_decides') },
      ],
    },
    section(
      ui.t('hosting.mail_rules.add.intro', { domain: mrkdwnText(displayDomain(meta.id), SHOWN.domain) }),
    ),
    ...rows,
    { type: 'divider' },
    select(
      ui,
      'type',
      ui.t('hosting.mail_rules.label.type'),
      MAIL_FILTER_ACTIONS.map((a) => option(ui.t(ACTION_WORDS[a]), a)),
      undefined,
      false,
    ),
    text('target', ui.t('hosting.mail_rules.label.target'), ui.t('hosting.mail_rules.hint.target')),
    {
      type: 'input',
      block_id: hostingBlockId('method'),
      optional: true,
      label: { type: 'plain_text', text: ui.t('hosting.mail_rules.label.method') },
      element: { type: 'radio_buttons', action_id: 'method', options: methods, initial_option: methods[0] },
    },
  ];
  return hostingModal(
    ui,
    HOSTING_MAIL_RULE_CALLBACK,
    'hosting.mail_rules.add.title',
    meta,
    blocks,
    'hosting.modal.submit',
  );
}

/** A form that only says something: loading, working, done, or what went wrong. */
export function mailRuleNoticeView(ui: Ui, message: string): ModalView {
  return hostingNotice(ui, HOSTING_MAIL_RULE_CALLBACK, 'hosting.mail_rules.add.title', message);
}

type StateValues = Record<
  string,
  Record<string, { value?: string | null; selected_option?: { value: string } | null }>
>;

const typed = (values: StateValues, f: string): string => values[hostingBlockId(f)]?.[f]?.value ?? '';
const chosen = (values: StateValues, f: string): string =>
  values[hostingBlockId(f)]?.[f]?.selected_option?.value ?? '';

/** The form as typed; the domain is the command's. A method left unchosen is a move, as the form starts. */
export function readMailRuleForm(values: StateValues, domain: string): MailRuleForm {
  const conditions = [];
  for (let n = 1; n <= MAIL_RULE_CONDITIONS; n++)
    conditions.push({
      keyword: typed(values, `keyword_${n}`),
      field: chosen(values, `field_${n}`),
      matchType: chosen(values, `match_type_${n}`),
    });
  return {
    domain,
    conditions,
    type: chosen(values, 'type'),
    target: typed(values, 'target'),
    method: chosen(values, 'method') || 'move',
  };
}

/** Each problem on its field; the domain's, which is the command's, on the first condition. */
export function mailRuleFormErrors(ui: Ui, problems: readonly MailRuleProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of problems) {
    const block = hostingBlockId(p.field === 'domain' || p.field === 'filter_id' ? 'keyword_1' : p.field);
    errors[block] ??=
      p.field === 'domain'
        ? ui.t('hosting.mail_rules.problem.domain')
        : p.rule === 'control_character'
          ? ui.t('field.control_character')
          : p.rule === 'too_long'
            ? ui.t('hosting.mail_rules.problem.too_long', { limit: p.limit ?? MAIL_RULE_LIMITS.textMax })
            : p.field === 'keyword_1' && p.rule === 'required'
              ? ui.t('hosting.mail_rules.problem.no_condition')
              : p.field === 'type'
                ? ui.t('hosting.mail_rules.problem.type')
                : p.field === 'target'
                  ? ui.t('hosting.mail_rules.problem.target')
                  : ui.t('hosting.mail_rules.problem.choose');
  }
  return errors;
}

// The delete's confirmation.

export function mailRuleLossTitle(ui: Ui, loss: MailRuleLoss): string {
  return ui.t('hosting.confirm.title.hosting.mail_rules_delete', { id: plainText(loss.rule.id, SHOWN.word) });
}

export function mailRuleLossText(ui: Ui, server: string, loss: MailRuleLoss): string {
  const r = loss.rule;
  return ui.t('hosting.loss.hosting.mail_rules_delete', {
    id: mrkdwnText(r.id, SHOWN.word),
    domain: mrkdwnText(displayDomain(r.domain), SHOWN.domain),
    server,
    priority: r.priority,
    conditions: conditionsText(ui, r.conditions),
    action: actionText(ui, r.action),
  });
}
