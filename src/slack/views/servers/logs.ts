import type { KnownBlock } from '@slack/types';
import type { LogFilter, LogsPage } from '../../../services/servers/index.ts';
import { ACTIONS, BLOCKS } from '../../ids.ts';
import { encodePayload, logsMorePayload } from '../../payloads.ts';
import { escapeMrkdwn, formatProviderTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits } from '../limits.ts';
import { packLines } from '../sections.ts';

function encodeLogsPage(state: { cursor: string; filter: LogFilter }): string {
  return encodePayload(logsMorePayload, { c: state.cursor, f: state.filter });
}

function logFilterText(f: LogFilter): string {
  return Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

export function logsView(ui: Ui, page: LogsPage, filter: LogFilter): Message {
  const blocks: KnownBlock[] = [{ type: 'header', text: { type: 'plain_text', text: ui.t('logs.header') } }];
  const filters = logFilterText(filter);
  const context = [ui.t('logs.time_note', { tz: ui.tz })];
  if (filters) context.unshift(ui.t('logs.filters', { filters: escapeMrkdwn(filters) }));
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' · ') }] });
  if (page.logs.length === 0) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: ui.t('logs.empty') } });
    assertBlocksWithinLimits(blocks, 'message');
    return { text: ui.t('logs.empty'), blocks };
  }
  const lines = page.logs.map((e) => {
    const ok = e.status_code < 400 ? ':white_check_mark:' : ':x:';
    const ms = e.response_time_ms === null ? '' : ` · ${e.response_time_ms} ms`;
    return `${ok} \`${formatProviderTime(ui, e.created_at)}\` *${mrkdwnText(e.method, SHOWN.word)}* \`${mrkdwnText(e.path, SHOWN.text)}\` → ${e.status_code}${ms} · ${mrkdwnText(e.ip_address, SHOWN.name)}`;
  });
  blocks.push(...packLines(lines));
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: ui.t('logs.count', { count: page.logs.length }) }],
  });
  if (page.has_more && page.next_cursor) {
    const value = encodeLogsPage({ cursor: page.next_cursor, filter });
    if (fits('buttonValue', value)) {
      blocks.push({
        type: 'actions',
        block_id: BLOCKS.logsPager,
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: ui.t('logs.more') },
            action_id: ACTIONS.logsMore,
            value,
          },
        ],
      });
    } else {
      blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: ui.t('logs.cursor_too_long') }] });
    }
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: ui.t('logs.header'), blocks };
}
