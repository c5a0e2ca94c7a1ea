/**
 * `/vps signups`: recent quotes and orders with their states. One section per
 * row; the service asks for at most `SIGNUP_LIST_MAX`, which fits a message
 * (50 blocks) with room for the header, and says so in the header.
 */
import type { KnownBlock } from '@slack/types';
import type { Plan, SignupRow } from '../../../services/signup/index.ts';
import { formatTime, formatYen, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { summaryText } from '../sections.ts';
import { shownState } from './shown-state.ts';

export const SIGNUP_LIST_MAX = 25;

export function signupListView(ui: Ui, rows: readonly SignupRow[], plans: readonly Plan[] = []): Message {
  if (rows.length === 0) {
    const text = ui.t('signup.list.empty');
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
  }
  if (rows.length > SIGNUP_LIST_MAX) throw new RangeError(`at most ${SIGNUP_LIST_MAX} signups per message`);
  const names = new Map(plans.map((p) => [p.plan_id, p.plan_name]));
  const header = ui.t('signup.list.header', { count: rows.length });
  const blocks: KnownBlock[] = [{ type: 'header', text: { type: 'plain_text', text: header } }];
  const lines: string[] = [];
  for (const r of rows) {
    let extra = '';
    if (r.approverId && r.approverId !== r.requesterId && r.state !== 'rejected')
      extra += ui.t('signup.list.row_approver', { user: r.approverId });
    const state = shownState(r);
    if (r.errorCode && (state === 'failed' || state === 'unknown'))
      extra += ui.t('signup.list.row_code', { code: mrkdwnText(r.errorCode, SHOWN.word) });
    const line = ui.t('signup.list.row', {
      plan: mrkdwnText(names.get(r.planId) ?? r.planId, SHOWN.name),
      months: r.period,
      price: formatYen(ui, r.quotedPrice),
      state: ui.t(`signup.state.${state}`),
      user: r.requesterId,
      at: formatTime(ui, r.createdAt),
      extra,
    });
    lines.push(line);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: line } });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(header, lines), blocks };
}
