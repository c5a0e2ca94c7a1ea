/**
 * The /hosting forms: WordPress install and delete, database and database
 * user, SSH public key. Inputs carry the provider's field names as action_id
 * (CONTRIBUTING.md, A feature, folder by folder) and a max_length one over the
 * bot's own bound for typed text (Slack's most), so an over-long paste reaches
 * the rules and is answered on its field in words. The hints say only what is
 * so: what the provider takes in a field is the provider's to say, and the
 * form says that once, at its top. Pure.
 */
import type { KnownBlock, ModalView, PlainTextInput } from '@slack/types';
import { HOSTING_LIMITS, type HostingField, type RecordField } from '../../../services/hosting/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { HOSTING_CALLBACKS, type HostingForm, hostingBlockId } from '../../ids.ts';
import { encodePayload, type HostingFormPayload, hostingFormPayload } from '../../payloads.ts';
import { displayUrl } from '../domain-display.ts';
import { type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, LIMITS, ViewLimitError } from '../limits.ts';

/** The forms' text inputs: the rules' fields that are typed into a form. */
type TextField = Exclude<
  HostingField,
  | 'domain'
  | 'subdomain'
  | 'lines'
  | 'keyword'
  | 'db_user'
  | 'db_name'
  | 'wp_id'
  | 'key_id'
  | 'server'
  | 'memo'
  | RecordField
>;

const FIELDS: Record<Exclude<HostingForm, 'wp_delete'>, readonly TextField[]> = {
  wp_install: ['url', 'title', 'admin_username', 'admin_password', 'admin_email'],
  db_create: ['name_suffix', 'character_set'],
  db_user_create: ['name_suffix', 'password'],
  ssh_key_add: ['public_key', 'label'],
};

const OPTIONAL: ReadonlySet<TextField> = new Set(['character_set']);

/** Each field's label, and its hint where it has one. */
const WORDS: Record<TextField, { label: PlainKey; hint?: PlainKey }> = {
  url: { label: 'hosting.label.url', hint: 'hosting.hint.url' },
  title: { label: 'hosting.label.title' },
  admin_username: { label: 'hosting.label.admin_username' },
  admin_password: { label: 'hosting.label.admin_password', hint: 'hosting.hint.admin_password' },
  admin_email: { label: 'hosting.label.admin_email' },
  name_suffix: { label: 'hosting.label.name_suffix', hint: 'hosting.hint.name_suffix' },
  character_set: { label: 'hosting.label.character_set', hint: 'hosting.hint.character_set' },
  password: { label: 'hosting.label.password', hint: 'hosting.hint.password' },
  public_key: { label: 'hosting.label.public_key', hint: 'hosting.hint.public_key' },
  label: { label: 'hosting.label.label', hint: 'hosting.hint.label' },
};

const TITLES: Record<HostingForm, PlainKey> = {
  wp_install: 'hosting.modal.wp_install.title',
  wp_delete: 'hosting.modal.wp_delete.title',
  db_create: 'hosting.modal.db_create.title',
  db_user_create: 'hosting.modal.db_user_create.title',
  ssh_key_add: 'hosting.modal.ssh_key_add.title',
};

const DELETE_OPTION_WORDS: Record<(typeof WP_DELETE_OPTIONS)[number]['field'], PlainKey> = {
  delete_db: 'hosting.modal.delete_db',
  delete_db_user: 'hosting.modal.delete_db_user',
  delete_cron: 'hosting.modal.delete_cron',
};

/** The three options of a WordPress delete, with the spec's defaults. */
export const WP_DELETE_OPTIONS = [
  { field: 'delete_db', initial: true },
  { field: 'delete_db_user', initial: false },
  { field: 'delete_cron', initial: true },
] as const;

function input(ui: Ui, field: TextField): KnownBlock {
  const words = WORDS[field];
  const element: PlainTextInput = {
    type: 'plain_text_input',
    action_id: field,
    multiline: field === 'public_key',
    max_length: Math.min(HOSTING_LIMITS.textMax + 1, LIMITS.inputMaxLength),
  };
  return {
    type: 'input',
    block_id: hostingBlockId(field),
    optional: OPTIONAL.has(field),
    label: { type: 'plain_text', text: ui.t(words.label) },
    ...(words.hint ? { hint: { type: 'plain_text', text: ui.t(words.hint) } } : {}),
    element,
  };
}

/** A /hosting form's modal: its callback, title and submit words, the payload it carries, within Slack's limits. */
export function hostingModal(
  ui: Ui,
  callbackId: string,
  title: PlainKey,
  meta: HostingFormPayload,
  blocks: KnownBlock[],
  submit: PlainKey,
): ModalView {
  const privateMetadata = encodePayload(hostingFormPayload, meta);
  if (!fits('privateMetadata', privateMetadata))
    throw new ViewLimitError('privateMetadata', privateMetadata.length);
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: callbackId,
    title: { type: 'plain_text', text: ui.t(title) },
    submit: { type: 'plain_text', text: ui.t(submit) },
    close: { type: 'plain_text', text: ui.t('hosting.modal.cancel') },
    private_metadata: privateMetadata,
    blocks,
  };
}

/** A form that only says something (loading, working, done, or what went wrong), in place of the form `callbackId`. */
export function hostingNotice(ui: Ui, callbackId: string, title: PlainKey, text: string): ModalView {
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: `${callbackId}_notice`,
    title: { type: 'plain_text', text: ui.t(title) },
    close: { type: 'plain_text', text: ui.t('hosting.modal.close') },
    blocks,
  };
}

/**
 * An optional text field of a /hosting form, named by the provider's field
 * (its block and action id). `maxLength` is one over the rules' bound, so an
 * over-long paste reaches the rules and is answered in words.
 */
export function hostingTextInput(
  ui: Ui,
  field: string,
  words: {
    label: PlainKey;
    hint: string;
    maxLength: number;
    multiline?: boolean;
    initial?: string | undefined;
  },
): KnownBlock {
  return {
    type: 'input',
    block_id: hostingBlockId(field),
    optional: true,
    label: { type: 'plain_text', text: ui.t(words.label) },
    hint: { type: 'plain_text', text: words.hint },
    element: {
      type: 'plain_text_input',
      action_id: field,
      ...(words.multiline === undefined ? {} : { multiline: words.multiline }),
      max_length: Math.min(words.maxLength, LIMITS.inputMaxLength),
      ...(words.initial === undefined || words.initial === '' ? {} : { initial_value: words.initial }),
    },
  };
}

/**
 * A new password's two fields: typed, or the box ticked for the bot to
 * generate one (the rules refuse both at once). A generated one is shown to
 * its requester once (`shownOnce`).
 */
export function passwordBlocks(
  ui: Ui,
  words: {
    label: PlainKey;
    hint: string;
    maxLength: number;
    multiline?: boolean;
    generateLabel: PlainKey;
    generate: PlainKey;
  },
): KnownBlock[] {
  return [
    hostingTextInput(ui, 'password', words),
    {
      type: 'input',
      block_id: hostingBlockId('generate'),
      optional: true,
      label: { type: 'plain_text', text: ui.t(words.generateLabel) },
      element: {
        type: 'checkboxes',
        action_id: 'generate',
        options: [{ text: { type: 'plain_text', text: ui.t(words.generate) }, value: 'generate' }],
      },
    },
  ];
}

/** Whether "generate" is ticked in a form of `passwordBlocks`. */
export function generateTicked(
  values: Record<string, Record<string, { selected_options?: { value: string }[] | null }>>,
): boolean {
  return (values[hostingBlockId('generate')]?.generate?.selected_options ?? []).some(
    (o) => o.value === 'generate',
  );
}

/**
 * A sentence for its requester's eyes only: a generated password (their form,
 * or an ephemeral message), or that it could not be shown there.
 */
export function shownOnce(text: string): Message {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

function modal(
  ui: Ui,
  form: HostingForm,
  meta: HostingFormPayload,
  blocks: KnownBlock[],
  submit: PlainKey,
): ModalView {
  return hostingModal(ui, HOSTING_CALLBACKS[form], TITLES[form], meta, blocks, submit);
}

/** A form's first line: the server it acts on, and that the provider decides what it takes. */
export function serverLine(ui: Ui, server: string): KnownBlock {
  return {
    type: 'context',
    elements: [
      { type: 'mrkdwn', text: ui.t('hosting.modal.server', { server }) },
      { type: 'mrkdwn', text: ui.t('hosting.modal.provider_decides') },
    ],
  };
}

/** A submitted form's fields (Slack's view.state.values), as the text and checkbox inputs hold them. */
export type FormValues = Record<
  string,
  Record<string, { value?: string | null; selected_options?: { value: string }[] | null }>
>;

/** A text field as typed, empty when left out. */
export const typedValue = (values: FormValues, f: string): string =>
  values[hostingBlockId(f)]?.[f]?.value ?? '';

/** WordPress install, a database, a database user or an SSH public key. */
export function hostingFormView(
  ui: Ui,
  form: Exclude<HostingForm, 'wp_delete'>,
  meta: HostingFormPayload,
): ModalView {
  const blocks: KnownBlock[] = [serverLine(ui, meta.server), ...FIELDS[form].map((f) => input(ui, f))];
  return modal(ui, form, meta, blocks, 'hosting.modal.submit');
}

/** A WordPress delete: the site, and the three options with the spec's defaults. */
export function wpDeleteFormView(
  ui: Ui,
  meta: HostingFormPayload & { id: string },
  /** The site's URL (`?` when the list gives none); undefined when the site list does not show this id. */
  url: string | undefined,
): ModalView {
  const option = (field: (typeof WP_DELETE_OPTIONS)[number]['field']) => ({
    text: { type: 'plain_text' as const, text: ui.t(DELETE_OPTION_WORDS[field]) },
    value: field,
  });
  const initial = WP_DELETE_OPTIONS.filter((o) => o.initial).map((o) => option(o.field));
  const blocks: KnownBlock[] = [
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('hosting.modal.server', { server: meta.server }) }],
    },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: ui.t('hosting.modal.wp_delete.intro', {
          id: mrkdwnText(meta.id, SHOWN.word),
          url: url === undefined ? ui.t('hosting.wp.unlisted') : mrkdwnText(displayUrl(url), SHOWN.domain),
        }),
      },
    },
    {
      type: 'input',
      block_id: hostingBlockId('options'),
      optional: true,
      label: { type: 'plain_text', text: ui.t('hosting.modal.options') },
      element: {
        type: 'checkboxes',
        action_id: 'options',
        options: WP_DELETE_OPTIONS.map((o) => option(o.field)),
        ...(initial.length > 0 ? { initial_options: initial } : {}),
      },
    },
  ];
  return modal(ui, 'wp_delete', meta, blocks, 'hosting.modal.next');
}

/** A form that only says something: working, done, or what went wrong and what to do. */
export function hostingNoticeView(ui: Ui, form: HostingForm, text: string): ModalView {
  return hostingNotice(ui, HOSTING_CALLBACKS[form], TITLES[form], text);
}

type StateValues = Record<
  string,
  Record<string, { value?: string | null; selected_options?: { value: string }[] | null }>
>;

/** A text form's values as typed (empty when left out). */
export function readHostingForm(
  form: Exclude<HostingForm, 'wp_delete'>,
  values: StateValues,
): Record<string, string> {
  return Object.fromEntries(FIELDS[form].map((f) => [f, values[hostingBlockId(f)]?.[f]?.value ?? '']));
}

/** The WordPress delete form's choices. */
export function readWpDeleteForm(values: StateValues): {
  deleteDb: boolean;
  deleteDbUser: boolean;
  deleteCron: boolean;
} {
  const ticked = new Set(
    (values[hostingBlockId('options')]?.options?.selected_options ?? []).map((o) => o.value),
  );
  return {
    deleteDb: ticked.has('delete_db'),
    deleteDbUser: ticked.has('delete_db_user'),
    deleteCron: ticked.has('delete_cron'),
  };
}
