/**
 * A person's App Home as Slack shows it: in their language, every time a
 * Slack date token (each reader's own zone and format; the view stays the
 * same from one minute to the next, so an unchanged Home is not published
 * again), every list shown up to its share of the view and the rest counted
 * (home-limits.ts), and the whole held to a Home's Block Kit limits. Someone
 * without a role sees why, and nothing else. With several provider accounts,
 * one part per account headed by its label, each with its share of every
 * list; every block of a part carries its account in its block_id, so a
 * button pressed there acts on that account (handlers/kit.ts). Pure.
 */
import type { HomeView, KnownBlock } from '@slack/types';
import type { AccountHomeData, HomeAccount, HomeData } from '../../../services/home/index.ts';
import { HOME_IDS } from '../../ids.ts';
import { clip, roleLabel, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { HOME_SHOWN, type HomeShown, homeShare } from './home-limits.ts';
import { withAccount } from './home-window.ts';
import { keyBlocks, mayBlocks } from './key-blocks.ts';
import { nowBlocks } from './now-blocks.ts';
import { waitingBlocks } from './waiting-blocks.ts';

const divider: KnownBlock = { type: 'divider' };
/** A Home holds what a modal holds: 100 blocks. */
const MAX_BLOCKS = 100;
/** Longest account label a part's header shows (a header holds 150 characters). */
const LABEL_CHARS = 100;

/** Every section of one account's Home, after its first line. */
function partBlocks(ui: Ui, data: AccountHomeData, shown: HomeShown): KnownBlock[] {
  return [
    ...waitingBlocks(ui, data.waiting, shown),
    divider,
    ...nowBlocks(ui, data.now, shown),
    ...(data.key.visible ? [divider, ...keyBlocks(ui, data.key)] : []),
    divider,
    ...mayBlocks(ui, data.role, data.may),
  ];
}

function accountPart(ui: Ui, account: HomeAccount, data: AccountHomeData, shown: HomeShown): KnownBlock[] {
  return withAccount(account.name, [
    {
      type: 'header',
      text: {
        type: 'plain_text',
        text: ui.t('home.account.title', { label: clip(account.label, LABEL_CHARS) }),
      },
    },
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('home.account.role', { role: roleLabel(ui, data.role) }) }],
    },
    ...partBlocks(ui, data, shown),
  ]);
}

function accountsBlocks(ui: Ui, sections: Extract<HomeData, { kind: 'accounts' }>['sections']): KnownBlock[] {
  const blocks: KnownBlock[] = [
    { type: 'context', elements: [{ type: 'mrkdwn', text: ui.t('home.intro.accounts') }] },
  ];
  const shown = homeShare(sections.length);
  let left = 0;
  for (const [i, s] of sections.entries()) {
    const part = accountPart(ui, s.account, s.home, shown);
    const last = i === sections.length - 1;
    // The top header, the divider before this part, the part, and room for the line saying what was left out.
    const needs = 1 + blocks.length + (i > 0 ? 1 : 0) + part.length + (last ? 0 : 1);
    if (left > 0 || needs > MAX_BLOCKS) {
      left++;
      continue;
    }
    if (i > 0) blocks.push(divider);
    blocks.push(...part);
  }
  if (left > 0)
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('home.accounts.more', { count: left }) }],
    });
  return blocks;
}

export function homeView(ui: Ui, data: HomeData): HomeView {
  const top: KnownBlock = { type: 'header', text: { type: 'plain_text', text: ui.t('home.header') } };
  const blocks: KnownBlock[] =
    data.kind === 'no_role'
      ? [top, { type: 'section', text: { type: 'mrkdwn', text: ui.t('home.no_role') } }]
      : data.kind === 'accounts'
        ? [top, ...accountsBlocks(ui, data.sections)]
        : [
            top,
            {
              type: 'context',
              elements: [{ type: 'mrkdwn', text: ui.t('home.intro', { role: roleLabel(ui, data.role) }) }],
            },
            ...partBlocks(ui, data, HOME_SHOWN),
          ];
  // A Home holds what a modal holds: 100 blocks, the same limits on each.
  assertBlocksWithinLimits(blocks, 'modal');
  return { type: 'home', callback_id: HOME_IDS.view, blocks };
}
