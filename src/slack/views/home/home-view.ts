/**
 * A person's App Home as Slack shows it: in their language, every time a
 * Slack date token (each reader's own zone and format; the view stays the
 * same from one minute to the next, so an unchanged Home is not published
 * again), every list shown up to its share of the view and the rest counted
 * (home-limits.ts), and the whole held to a Home's Block Kit limits. Someone
 * without a role sees why, and nothing else. Pure.
 */
import type { HomeView, KnownBlock } from '@slack/types';
import type { HomeData } from '../../../services/home/index.ts';
import { HOME_IDS } from '../../ids.ts';
import { roleLabel, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { keyBlocks, mayBlocks } from './key-blocks.ts';
import { nowBlocks } from './now-blocks.ts';
import { waitingBlocks } from './waiting-blocks.ts';

const divider: KnownBlock = { type: 'divider' };

export function homeView(ui: Ui, data: HomeData): HomeView {
  const top: KnownBlock = { type: 'header', text: { type: 'plain_text', text: ui.t('home.header') } };
  const blocks: KnownBlock[] =
    data.kind === 'no_role'
      ? [top, { type: 'section', text: { type: 'mrkdwn', text: ui.t('home.no_role') } }]
      : [
          top,
          {
            type: 'context',
            elements: [{ type: 'mrkdwn', text: ui.t('home.intro', { role: roleLabel(ui, data.role) }) }],
          },
          ...waitingBlocks(ui, data.waiting),
          divider,
          ...nowBlocks(ui, data.now),
          ...(data.key.visible ? [divider, ...keyBlocks(ui, data.key)] : []),
          divider,
          ...mayBlocks(ui, data.role, data.may),
        ];
  // A Home holds what a modal holds: 100 blocks, the same limits on each.
  assertBlocksWithinLimits(blocks, 'modal');
  return { type: 'home', callback_id: HOME_IDS.view, blocks };
}
