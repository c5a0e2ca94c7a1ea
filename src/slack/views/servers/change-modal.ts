import type { KnownBlock, ModalView } from '@slack/types';
import { type ChangeField, FIELD_LIMITS, type VpsSummary } from '../../../services/servers/index.ts';
import type { KeyTaking, PlainKey } from '../../i18n/index.ts';
import { BLOCKS, CALLBACKS, INPUT_ACTION } from '../../ids.ts';
import { type ChangeModalPayload, changeModalPayload, encodePayload } from '../../payloads.ts';
import { mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, ViewLimitError } from '../limits.ts';

const TITLE: Record<ChangeField, PlainKey> = {
  name: 'modal.name.title',
  memo: 'modal.memo.title',
  rdns: 'modal.rdns.title',
};
const LABEL: Record<ChangeField, PlainKey> = {
  name: 'modal.name.label',
  memo: 'modal.memo.label',
  rdns: 'modal.rdns.label',
};
/** Each hint states the field's limit, the same one the input holds Slack to. */
const HINT: Record<ChangeField, KeyTaking<{ limit: number }>> = {
  name: 'modal.name.hint',
  memo: 'modal.memo.hint',
  rdns: 'modal.rdns.hint',
};

export function changeModalView(
  ui: Ui,
  field: ChangeField,
  server: VpsSummary,
  current: string,
  meta: ChangeModalPayload,
): ModalView {
  const privateMetadata = encodePayload(changeModalPayload, meta);
  if (!fits('privateMetadata', privateMetadata))
    throw new ViewLimitError('privateMetadata', privateMetadata.length);
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: ui.t('modal.server', {
          name: mrkdwnText(server.name, SHOWN.name),
          ip: mrkdwnText(server.ip_address ?? '-', SHOWN.name),
        }),
      },
    },
    {
      type: 'input',
      block_id: BLOCKS.changeInput,
      label: { type: 'plain_text', text: ui.t(LABEL[field]) },
      hint: { type: 'plain_text', text: ui.t(HINT[field], { limit: FIELD_LIMITS[field] }) },
      optional: field === 'memo',
      element: {
        type: 'plain_text_input',
        action_id: INPUT_ACTION[field],
        multiline: field === 'memo',
        // The provider's limit, as the hint says it: Slack holds the field to it and says so itself.
        max_length: FIELD_LIMITS[field],
        ...(current ? { initial_value: current } : {}),
      },
    },
  ];
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: CALLBACKS[field],
    title: { type: 'plain_text', text: ui.t(TITLE[field]) },
    submit: { type: 'plain_text', text: ui.t('modal.submit') },
    close: { type: 'plain_text', text: ui.t('modal.cancel') },
    private_metadata: privateMetadata,
    blocks,
  };
}

/** Opened at once (a trigger id lives 3 s), then replaced by the form or a notice. */
export function loadingModalView(ui: Ui, field: ChangeField): ModalView {
  return noticeModalView(ui, field, ui.t('modal.loading'));
}

/** A modal that only says something: saving, done, or what went wrong and what to do. */
export function noticeModalView(
  ui: Ui,
  field: ChangeField,
  text: string,
  extra: readonly KnownBlock[] = [],
): ModalView {
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }, ...extra];
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: `${CALLBACKS[field]}_notice`,
    title: { type: 'plain_text', text: ui.t(TITLE[field]) },
    close: { type: 'plain_text', text: ui.t('modal.close') },
    blocks,
  };
}
