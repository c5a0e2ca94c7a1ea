/**
 * The Server card shortcut's modal: it asks for a server by name, IP address
 * or uuid, says it is reading, then shows the card in its place (the person
 * asked from nowhere in particular, so the answer stays where they asked, for
 * them alone, and leaves nothing behind in a channel or a direct message). A
 * reference the bot cannot find comes back above the field, with what was
 * typed. Pure.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import type { ServiceError } from '../../../services/errors.ts';
import { REF_LIMITS } from '../../../services/servers/index.ts';
import { BLOCKS, FIND_SERVER_IDS, NOTICE_CALLBACK } from '../../ids.ts';
import { clip, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

const plain = (text: string) => ({ type: 'plain_text' as const, text });

function modal(ui: Ui, blocks: KnownBlock[], rest: Partial<ModalView> = {}): ModalView {
  assertBlocksWithinLimits(blocks, 'modal');
  return {
    type: 'modal',
    callback_id: NOTICE_CALLBACK,
    title: plain(ui.t('shortcut.find.title')),
    close: plain(ui.t('modal.close')),
    ...rest,
    blocks,
  };
}

export interface FindServerAsk {
  /** What was typed before, shown again in the field. */
  ref?: string | undefined;
  /** Why that found no single server (a failure message's blocks), shown above the field. */
  problem?: Message | undefined;
}

/** Asks for the server: its name, IP address or uuid. */
export function findServerView(ui: Ui, ask: FindServerAsk = {}): ModalView {
  const initial = ask.ref?.trim();
  const blocks: KnownBlock[] = [
    ...(ask.problem
      ? ask.problem.blocks
      : [{ type: 'section', text: { type: 'mrkdwn', text: ui.t('shortcut.find.intro') } } as KnownBlock]),
    {
      type: 'input',
      block_id: FIND_SERVER_IDS.refBlock,
      label: plain(ui.t('shortcut.find.label')),
      element: {
        type: 'plain_text_input',
        action_id: FIND_SERVER_IDS.refInput,
        placeholder: plain(ui.t('shortcut.find.placeholder')),
        // One over the longest reference, so a longer paste reaches our check and its sentence.
        max_length: REF_LIMITS.server_ref + 1,
        ...(initial ? { initial_value: clip(initial, REF_LIMITS.server_ref + 1) } : {}),
      },
    },
  ];
  return modal(ui, blocks, {
    callback_id: FIND_SERVER_IDS.modalCallback,
    submit: plain(ui.t('shortcut.find.submit')),
  });
}

/** Shown at once while the server is read (a view submission must be answered within 3 s). */
export function findServerLoadingView(ui: Ui, ref: string): ModalView {
  const text = ui.t('shortcut.find.reading', { ref: mrkdwnText(ref.trim(), SHOWN.name) });
  return modal(ui, [{ type: 'section', text: { type: 'mrkdwn', text } }]);
}

/**
 * The card as `/vps show` shows it, in the modal. Its buttons answer in the
 * message they sit on, which a modal is not: they are left out, and someone
 * who may change the server is shown where to find them.
 */
export function findServerCardView(ui: Ui, card: Message, edit?: { name: string }): ModalView {
  const blocks = card.blocks.filter((b) => !(b.type === 'actions' && b.block_id === BLOCKS.cardActions));
  if (edit) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('shortcut.find.edit_hint', { name: mrkdwnText(edit.name, SHOWN.name) }),
        },
      ],
    });
  }
  return modal(ui, blocks, {
    callback_id: FIND_SERVER_IDS.cardCallback,
    submit: plain(ui.t('shortcut.find.another')),
  });
}

/**
 * A modal that only says something: a refusal, or what went wrong. A refusal
 * for the channel (the policy lists where the bot may be used) adds why a
 * shortcut from the composer falls under it: it belongs to no channel.
 */
export function findServerNoticeView(ui: Ui, m: Message, refusal?: ServiceError): ModalView {
  const note: KnownBlock[] =
    refusal?.code === 'channel_not_allowed'
      ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: ui.t('shortcut.placeless_note') }] }]
      : [];
  return modal(ui, [...m.blocks, ...note]);
}
