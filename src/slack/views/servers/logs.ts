/**
 * `/vps logs`: one page of the key's API log as the provider answered it
 * (`limit=` entries, up to 500), with an "older entries" button carrying the
 * provider's cursor. Every entry of the page is shown: a page too long for one
 * message at full length shows its paths (then addresses) shorter, each cut
 * visibly; only if even that cannot fit does it say how many it leaves out.
 */
import type { KnownBlock } from '@slack/types';
import type { LogFilter, LogsPage } from '../../../services/servers/index.ts';
import { ACTIONS, BLOCKS } from '../../ids.ts';
import { encodePayload, logsMorePayload } from '../../payloads.ts';
import { formatProviderTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, LIMITS } from '../limits.ts';
import { packLines } from '../sections.ts';

type LogEntry = LogsPage['logs'][number];

function encodeLogsPage(state: { cursor: string; filter: LogFilter }): string {
  return encodePayload(logsMorePayload, { c: state.cursor, f: state.filter });
}

function logFilterText(f: LogFilter): string {
  return Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

/** How long a path and an address may be shown, from the fullest to the most compact. */
const WIDTHS = [
  { path: SHOWN.text, ip: SHOWN.name },
  { path: 120, ip: 45 },
  { path: 60, ip: 45 },
  { path: 30, ip: 20 },
] as const;

function entryLine(ui: Ui, e: LogEntry, width: (typeof WIDTHS)[number]): string {
  const ok = e.status_code < 400 ? ':white_check_mark:' : ':x:';
  const ms = e.response_time_ms === null ? '' : ` · ${e.response_time_ms} ms`;
  return `${ok} \`${formatProviderTime(ui, e.created_at)}\` *${mrkdwnText(e.method, SHOWN.word)}* \`${mrkdwnText(e.path, width.path)}\` → ${e.status_code}${ms} · ${mrkdwnText(e.ip_address, width.ip)}`;
}

/**
 * The page's entries as sections within `room` blocks: the widest lines that
 * fit, and how many entries did not fit at all (0 unless the provider's text
 * is extraordinary).
 */
function entryBlocks(
  ui: Ui,
  logs: readonly LogEntry[],
  room: number,
): { blocks: KnownBlock[]; left: number } {
  let lines: string[] = [];
  for (const width of WIDTHS) {
    lines = logs.map((e) => entryLine(ui, e, width));
    const blocks = packLines(lines);
    if (blocks.length <= room) return { blocks, left: 0 };
  }
  // The most entries, from the newest, whose most compact lines still fit.
  let fit = 0;
  let high = lines.length;
  while (fit < high) {
    const mid = Math.ceil((fit + high) / 2);
    if (packLines(lines.slice(0, mid)).length <= room) fit = mid;
    else high = mid - 1;
  }
  return { blocks: packLines(lines.slice(0, fit)), left: logs.length - fit };
}

export function logsView(ui: Ui, page: LogsPage, filter: LogFilter): Message {
  const blocks: KnownBlock[] = [{ type: 'header', text: { type: 'plain_text', text: ui.t('logs.header') } }];
  const filters = logFilterText(filter);
  const context = [ui.t('logs.time_note', { tz: ui.tz })];
  if (filters) context.unshift(ui.t('logs.filters', { filters: mrkdwnText(filters, SHOWN.text) }));
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' · ') }] });
  if (page.logs.length === 0) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: ui.t('logs.empty') } });
    assertBlocksWithinLimits(blocks, 'message');
    return { text: ui.t('logs.empty'), blocks };
  }
  // Header and filters above, the count and the pager below.
  const room = LIMITS.messageBlocks - blocks.length - 2;
  const entries = entryBlocks(ui, page.logs, room);
  blocks.push(...entries.blocks);
  const count = ui.t('logs.count', { count: page.logs.length });
  const left = entries.left > 0 ? ` ${ui.t('logs.not_shown', { count: entries.left })}` : '';
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `${count}${left}` }] });
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
  return { text: `${ui.t('logs.header')}: ${count}`, blocks };
}
