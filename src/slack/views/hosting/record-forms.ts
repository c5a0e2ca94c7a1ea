/**
 * The forms of DNS records and cron jobs: a record's change (it starts from
 * the record as it is now; the next step is the confirmation), a cron job
 * added or changed. Inputs carry the provider's field names as action_id
 * (CONTRIBUTING.md, A feature, folder by folder); the TTL and a cron field's
 * rules are the reference's, checked on submission and named on the field.
 * Pure.
 */
import type { KnownBlock, ModalView, PlainTextInput } from '@slack/types';
import type { CronJob, DnsRecord } from '../../../provider/index.ts';
import {
  type CronForm,
  DNS_RECORD_TYPES,
  type DnsChangeForm,
  RECORD_LIMITS,
  typedNumber,
} from '../../../services/hosting/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { HOSTING_RECORD_CALLBACKS, type HostingRecordForm, hostingBlockId } from '../../ids.ts';
import type { HostingFormPayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, type Ui } from '../format.ts';
import { LIMITS } from '../limits.ts';
import { hostingModal, hostingNotice } from './forms.ts';

const TITLES: Record<HostingRecordForm, PlainKey> = {
  dns_change: 'hosting.modal.dns_change.title',
  cron_add: 'hosting.modal.cron_add.title',
  cron_change: 'hosting.modal.cron_change.title',
};

type TextField = 'host' | 'content' | 'ttl' | 'priority' | CronField;
type CronField = 'minute' | 'hour' | 'day' | 'month' | 'weekday' | 'command' | 'comment';
const CRON_FIELDS: readonly CronField[] = ['minute', 'hour', 'day', 'month', 'weekday', 'command', 'comment'];

const WORDS: Record<TextField, { label: PlainKey; hint?: PlainKey }> = {
  host: { label: 'hosting.label.host', hint: 'hosting.hint.host' },
  content: { label: 'hosting.label.content', hint: 'hosting.hint.content' },
  ttl: { label: 'hosting.label.ttl', hint: 'hosting.hint.ttl' },
  priority: { label: 'hosting.label.priority', hint: 'hosting.hint.priority' },
  minute: { label: 'hosting.label.minute', hint: 'hosting.hint.schedule' },
  hour: { label: 'hosting.label.hour' },
  day: { label: 'hosting.label.day' },
  month: { label: 'hosting.label.month' },
  weekday: { label: 'hosting.label.weekday', hint: 'hosting.hint.weekday' },
  command: { label: 'hosting.label.command', hint: 'hosting.hint.command' },
  comment: { label: 'hosting.label.comment', hint: 'hosting.hint.comment' },
};

const OPTIONAL: ReadonlySet<TextField> = new Set(['priority', 'comment']);

function input(ui: Ui, field: TextField, initial: string | undefined): KnownBlock {
  const words = WORDS[field];
  const max = field === 'command' ? RECORD_LIMITS.commandMax + 1 : RECORD_LIMITS.textMax + 1;
  const element: PlainTextInput = {
    type: 'plain_text_input',
    action_id: field,
    multiline: field === 'command',
    max_length: Math.min(max, LIMITS.inputMaxLength),
    ...(initial === undefined || initial === '' ? {} : { initial_value: initial }),
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

function modal(
  ui: Ui,
  form: HostingRecordForm,
  meta: HostingFormPayload,
  blocks: KnownBlock[],
  submit: PlainKey,
): ModalView {
  return hostingModal(ui, HOSTING_RECORD_CALLBACKS[form], TITLES[form], meta, blocks, submit);
}

const serverLine = (ui: Ui, server: string): KnownBlock => ({
  type: 'context',
  elements: [
    { type: 'mrkdwn', text: ui.t('hosting.modal.server', { server }) },
    { type: 'mrkdwn', text: ui.t('hosting.modal.provider_decides') },
  ],
});

/** A record's change, starting from the record as it is now. */
export function dnsChangeFormView(
  ui: Ui,
  meta: HostingFormPayload & { id: string },
  record: DnsRecord,
): ModalView {
  const option = (t: string) => ({ text: { type: 'plain_text' as const, text: t }, value: t });
  const known = DNS_RECORD_TYPES.find((t) => t === record.type);
  const blocks: KnownBlock[] = [
    serverLine(ui, meta.server),
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: ui.t('hosting.modal.dns_change.intro', {
          id: String(record.id),
          domain: escapeMrkdwn(displayDomain(record.domain)),
        }),
      },
    },
    input(ui, 'host', record.host),
    {
      type: 'input',
      block_id: hostingBlockId('type'),
      label: { type: 'plain_text', text: ui.t('hosting.label.type') },
      element: {
        type: 'static_select',
        action_id: 'type',
        options: DNS_RECORD_TYPES.map(option),
        ...(known ? { initial_option: option(known) } : {}),
      },
    },
    input(ui, 'content', record.content),
    input(ui, 'ttl', String(record.ttl)),
    input(
      ui,
      'priority',
      record.priority === null || record.priority === 0 ? undefined : String(record.priority),
    ),
  ];
  return modal(ui, 'dns_change', meta, blocks, 'hosting.modal.next');
}

/** A cron job added (empty fields) or changed (the job as it is now). */
export function cronFormView(
  ui: Ui,
  form: 'cron_add' | 'cron_change',
  meta: HostingFormPayload,
  job?: CronJob,
): ModalView {
  const blocks: KnownBlock[] = [
    serverLine(ui, meta.server),
    ...(job
      ? [
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: ui.t('hosting.modal.cron_change.intro', { id: escapeMrkdwn(job.id) }),
            },
          } as KnownBlock,
        ]
      : []),
    ...CRON_FIELDS.map((f) => input(ui, f, job?.[f])),
  ];
  return modal(ui, form, meta, blocks, 'hosting.modal.submit');
}

/** A form that only says something: loading, working, done, or what went wrong. */
export function recordNoticeView(ui: Ui, form: HostingRecordForm, text: string): ModalView {
  return hostingNotice(ui, HOSTING_RECORD_CALLBACKS[form], TITLES[form], text);
}

type StateValues = Record<
  string,
  Record<string, { value?: string | null; selected_option?: { value: string } | null }>
>;

const typed = (values: StateValues, f: string): string => values[hostingBlockId(f)]?.[f]?.value ?? '';

/** The record change as typed: every field given (priority only when typed). */
export function readDnsChangeForm(values: StateValues): DnsChangeForm {
  const priority = typedNumber(typed(values, 'priority'));
  return {
    host: typed(values, 'host'),
    type: values[hostingBlockId('type')]?.type?.selected_option?.value ?? '',
    content: typed(values, 'content'),
    ttl: typedNumber(typed(values, 'ttl')) ?? Number.NaN,
    ...(priority === undefined ? {} : { priority }),
  };
}

export function readCronForm(values: StateValues): CronForm {
  return {
    minute: typed(values, 'minute'),
    hour: typed(values, 'hour'),
    day: typed(values, 'day'),
    month: typed(values, 'month'),
    weekday: typed(values, 'weekday'),
    command: typed(values, 'command'),
    comment: typed(values, 'comment'),
  };
}
