import type { Button, KnownBlock } from '@slack/types';
import type {
  ListedMalformed,
  ListedServer,
  ListFilter,
  PowerSeen,
} from '../../../services/servers/index.ts';
import { ACTIONS, BLOCKS } from '../../ids.ts';
import { encodePayload, listPagePayload } from '../../payloads.ts';
import {
  escapeMrkdwn,
  formatDuration,
  type Message,
  mrkdwnText,
  powerEmoji,
  powerLabel,
  SHOWN,
  statusLabel,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, fits } from '../limits.ts';
import { brokenFields } from './broken-fields.ts';

/** A row of the list: a server as the spec describes it, or an entry that breaks the spec. */
export type ListedEntry = ListedServer | ListedMalformed;

function isMalformed(s: ListedEntry): s is ListedMalformed {
  return 'broken' in s;
}

/** Servers per page: one section each keeps a page far below 50 blocks and 3000 characters. */
export const LIST_PAGE_SIZE = 15;

/** What a pager button carries to rebuild the same list on another page. */
function encodeListPage(state: { page: number; filter: ListFilter }): string {
  return encodePayload(listPagePayload, { p: state.page, f: state.filter });
}

function filterText(f: ListFilter): string {
  return [
    ...(f.type ? [`type=${f.type}`] : []),
    ...(f.status ? [`status=${f.status}`] : []),
    ...f.terms,
  ].join(' ');
}

/**
 * The power state the watcher last read, as the provider said it, with its
 * age; one not re-read for several rounds says so, and one the spec does not
 * list is shown as given, labelled unlisted.
 */
function powerLine(ui: Ui, s: PowerSeen): string {
  if (!s.power) return ui.t('list.power_unknown');
  const params = {
    power: powerLabel(ui, s.power),
    age: s.powerAgeMs === undefined ? '?' : formatDuration(ui, s.powerAgeMs),
  };
  if (s.powerStale) return `:warning: ${ui.t('list.power_stale', params)}`;
  return `${powerEmoji(s.power)} ${ui.t('list.power_seen', params)}`;
}

function serverLine(ui: Ui, s: ListedServer): string {
  const power = powerLine(ui, s);
  const ip = s.ip_address === null ? ui.t('list.no_ip') : mrkdwnText(s.ip_address, SHOWN.name);
  const first = `*${mrkdwnText(s.name, SHOWN.name)}* · \`${ip}\` · ${mrkdwnText(s.vps_type, SHOWN.word)} · ${mrkdwnText(s.plan_name, SHOWN.name)} · ${statusLabel(ui, s.status)}`;
  return `${first}\n${power}`;
}

/**
 * An entry that breaks the spec, as far as it reads: what did read, the
 * fields that did not, and how to reach it (its uuid), or that it cannot be
 * reached (no readable uuid).
 */
function malformedLine(ui: Ui, s: ListedMalformed): string {
  const fields = brokenFields(ui, s.broken);
  if (s.uuid === null) {
    const name = s.name === undefined ? '' : ` *${mrkdwnText(s.name, SHOWN.name)}*`;
    return `:warning:${name} ${ui.t('list.unaddressable', { position: s.index + 1, fields })}`;
  }
  const uuid = mrkdwnText(s.uuid, SHOWN.name);
  const parts = [
    `*${mrkdwnText(s.name ?? s.uuid, SHOWN.name)}*`,
    ...(s.ip_address === undefined
      ? []
      : [s.ip_address === null ? ui.t('list.no_ip') : `\`${mrkdwnText(s.ip_address, SHOWN.name)}\``]),
    ...(s.vps_type === undefined ? [] : [mrkdwnText(s.vps_type, SHOWN.word)]),
    ...(s.plan_name === undefined ? [] : [mrkdwnText(s.plan_name, SHOWN.name)]),
    ...(s.status === undefined ? [] : [statusLabel(ui, s.status)]),
  ];
  return `:warning: ${parts.join(' · ')}\n${ui.t('list.malformed', { fields, uuid })}\n${powerLine(ui, s)}`;
}

/** One entry of the list as its section shows it (also the compact card of a server a message names). */
export function entryLine(ui: Ui, s: ListedEntry): string {
  return isMalformed(s) ? malformedLine(ui, s) : serverLine(ui, s);
}

/** Longest text summary: what a screen reader or a notification reads instead of the blocks. */
const TEXT_SUMMARY_CHARS = 1_000;

/** "12 servers: web-1 (running), db-1 (stopped), … and 3 more", within a limit. */
export function textSummary(ui: Ui, header: string, servers: readonly ListedEntry[]): string {
  const parts: string[] = [];
  let length = header.length;
  for (const s of servers) {
    const item = ui.t('list.text_item', {
      name: mrkdwnText(s.name ?? s.uuid ?? '?', SHOWN.name),
      power: s.power ? powerLabel(ui, s.power) : ui.t('list.power_unknown'),
    });
    if (length + item.length + 2 > TEXT_SUMMARY_CHARS) break;
    parts.push(item);
    length += item.length + 2;
  }
  const more = servers.length - parts.length;
  const list = parts.join(ui.locale === 'ja' ? '、' : ', ');
  return more > 0
    ? ui.t('list.text_more', { header, list, count: more })
    : ui.t('list.text', { header, list });
}

export interface ListViewOptions {
  /** How long ago the provider was asked for the list (it is shown again while fresh). */
  readAgeMs?: number;
}

/** The list: the servers as the spec describes them, then the entries that break it (`ServerList.malformed`). */
export function serverListView(
  ui: Ui,
  servers: readonly ListedEntry[],
  filter: ListFilter,
  page: number,
  opts: ListViewOptions = {},
): Message {
  const filterShown = filterText(filter);
  const header = filterShown
    ? ui.t('list.header_filtered', { count: servers.length, filter: filterShown })
    : ui.t('list.header', { count: servers.length });
  if (servers.length === 0) {
    const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: ui.t('list.empty') } }];
    return { text: ui.t('list.empty'), blocks };
  }
  const pages = Math.max(1, Math.ceil(servers.length / LIST_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = servers.slice(current * LIST_PAGE_SIZE, (current + 1) * LIST_PAGE_SIZE);
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(header)}*` } },
    // A list shown again from a recent read says how old it is.
    ...(opts.readAgeMs !== undefined && opts.readAgeMs >= 1000
      ? [
          {
            type: 'context',
            elements: [
              { type: 'mrkdwn', text: ui.t('list.read_ago', { age: formatDuration(ui, opts.readAgeMs) }) },
            ],
          } satisfies KnownBlock,
        ]
      : []),
    { type: 'divider' },
    ...shown.map(
      (s): KnownBlock => ({
        type: 'section',
        text: { type: 'mrkdwn', text: entryLine(ui, s) },
      }),
    ),
  ];
  if (pages > 1) {
    const buttons: Button[] = [];
    const button = (label: string, p: number, id: string): Button | undefined => {
      const value = encodeListPage({ page: p, filter });
      // A filter too long for a button value cannot be carried; say so instead of cutting it.
      return fits('buttonValue', value)
        ? {
            type: 'button',
            text: { type: 'plain_text', text: label },
            action_id: `${ACTIONS.listPage}:${id}`,
            value,
          }
        : undefined;
    };
    const prev = current > 0 ? button(ui.t('list.prev'), current - 1, 'prev') : undefined;
    const next = current < pages - 1 ? button(ui.t('list.next'), current + 1, 'next') : undefined;
    if (prev) buttons.push(prev);
    if (next) buttons.push(next);
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: ui.t('list.page', { page: current + 1, pages }) }],
    });
    if (buttons.length > 0) blocks.push({ type: 'actions', block_id: BLOCKS.listPager, elements: buttons });
    else if (current < pages - 1) {
      const rest = servers.length - (current + 1) * LIST_PAGE_SIZE;
      blocks.push({
        type: 'context',
        elements: [{ type: 'mrkdwn', text: ui.t('summary.more', { count: rest }) }],
      });
    }
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: textSummary(ui, header, servers), blocks };
}
