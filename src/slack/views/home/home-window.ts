/**
 * The window a button of the App Home answers in: a Home has no message to
 * answer under and no response_url, so the answer a click in a channel gets
 * under its message (a refusal, an outcome, a server's card) opens in a
 * window (a modal) instead, for the clicker alone. A card's own buttons answer
 * in the message they sit on, which a window is not: they are left out, as
 * in the Server card shortcut's modal, and the window says where they are.
 * Opened from one provider account's part of the Home (`account`), its blocks
 * carry that account as the part's do, so its buttons act on it too. Pure.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import { accountBlockId, BLOCKS, HOME_IDS } from '../../ids.ts';
import type { Message, Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

const plain = (text: string) => ({ type: 'plain_text' as const, text });

/** Every block of an account's part named after it (a block without an id gets its place in the part). */
export function withAccount(account: string, blocks: readonly KnownBlock[]): KnownBlock[] {
  return blocks.map((b, i) => ({ ...b, block_id: accountBlockId(account, b.block_id ?? `~${i}`) }));
}

export function homeWindowView(ui: Ui, m: Message, account?: string): ModalView {
  const kept = m.blocks.filter((b) => !(b.type === 'actions' && b.block_id === BLOCKS.cardActions));
  const blocks: KnownBlock[] =
    kept.length > 0 ? kept : [{ type: 'section', text: { type: 'mrkdwn', text: m.text } }];
  if (kept.length < m.blocks.length)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: ui.t('home.window.card_hint') }] });
  const named = account === undefined ? blocks : withAccount(account, blocks);
  assertBlocksWithinLimits(named, 'modal');
  return {
    type: 'modal',
    callback_id: HOME_IDS.windowCallback,
    title: plain(ui.t('home.window.title')),
    close: plain(ui.t('modal.close')),
    blocks: named,
  };
}
