/**
 * A digest's details: a part per subject (incidents, key alarms, servers not
 * running, orders, refused approvals, hosting changes through the bot and
 * outside it, the provider budget, contracts renewing soon), each listing at
 * most `SHOWN_PER_PART` items and counting the rest, packed into as few
 * messages as Slack's limits allow. In a channel they are the thread's
 * replies; to one person, the messages after the top one. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { DigestReport } from '../../../services/digest/index.ts';
import { formatYen, type Message, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';
import {
  budgetLines,
  hostingLine,
  incidentLine,
  longestLine,
  orderLine,
  outsideLine,
  refusalLine,
  renewalLine,
  serverLine,
  serverOutsideLine,
} from './lines.ts';

/** Items listed per part; the rest are counted. */
export const SHOWN_PER_PART = 15;
/** Characters of one message's blocks, for a message people can read (Slack allows more). */
const PAGE_CHARS = 16_000;
/** Blocks of one message, the page's own line included. */
const PAGE_BLOCKS = LIMITS.messageBlocks - 1;

interface Part {
  heading: string;
  lines: string[];
  more: number;
}

function part<T>(ui: Ui, heading: string, list: { total: number; items: T[] }, line: (t: T) => string): Part {
  const shown = list.items.slice(0, SHOWN_PER_PART);
  return {
    heading,
    lines: shown.length > 0 ? shown.map(line) : [ui.t('digest.section.none')],
    more: list.total - shown.length,
  };
}

function partsOf(ui: Ui, r: DigestReport): Part[] {
  const parts: Part[] = [];
  const inc = r.incidents;
  const incidents = part(
    ui,
    ui.t('digest.section.incidents', { opened: inc.opened, resolved: inc.resolved, open: inc.stillOpen }),
    inc.list,
    (i) => incidentLine(ui, i, r.at),
  );
  if (inc.longest) incidents.lines.unshift(longestLine(ui, inc.longest, r.at));
  parts.push(incidents);
  if (r.keyAlarms.total > 0)
    parts.push(part(ui, ui.t('digest.section.key'), r.keyAlarms, (i) => incidentLine(ui, i, r.at)));
  if (r.notRunning.total > 0)
    parts.push(
      part(ui, ui.t('digest.section.not_running', { count: r.notRunning.total }), r.notRunning, (s) =>
        serverLine(ui, s),
      ),
    );
  if (r.orders.list.total > 0) {
    const total = formatYen(ui, r.orders.totalYen);
    parts.push(
      part(ui, ui.t('digest.section.orders', { placed: r.orders.placed, total }), r.orders.list, (o) =>
        orderLine(ui, o),
      ),
    );
  }
  if (r.refusals.list.total > 0)
    parts.push(
      part(
        ui,
        ui.t('digest.section.refusals', { rejected: r.refusals.rejected, expired: r.refusals.expired }),
        r.refusals.list,
        (x) => refusalLine(ui, x),
      ),
    );
  if (r.hosting.bot.total > 0)
    parts.push(
      part(ui, ui.t('digest.section.hosting', { count: r.hosting.bot.total }), r.hosting.bot, (c) =>
        hostingLine(ui, c),
      ),
    );
  if (r.servers.outside.total > 0)
    parts.push(
      part(
        ui,
        ui.t('digest.section.server_outside', { count: r.servers.outside.total }),
        r.servers.outside,
        (c) => serverOutsideLine(ui, c),
      ),
    );
  if (r.hosting.outside.total > 0)
    parts.push(
      part(ui, ui.t('digest.section.outside', { count: r.hosting.outside.total }), r.hosting.outside, (c) =>
        outsideLine(ui, c),
      ),
    );
  parts.push({ heading: ui.t('digest.section.budget'), lines: budgetLines(ui, r.budget), more: 0 });
  if (r.renewals.list.total > 0)
    parts.push(
      part(
        ui,
        ui.t('digest.section.renewals', { days: r.renewals.withinDays, count: r.renewals.list.total }),
        r.renewals.list,
        (x) => renewalLine(ui, x),
      ),
    );
  return parts;
}

function blocksOf(ui: Ui, p: Part): KnownBlock[] {
  return [
    ...packLines([p.heading, ...p.lines]),
    ...(p.more > 0
      ? [
          {
            type: 'context' as const,
            elements: [{ type: 'mrkdwn' as const, text: ui.t('digest.section.more', { count: p.more }) }],
          },
        ]
      : []),
  ];
}

const charsOf = (blocks: readonly KnownBlock[]) =>
  blocks.reduce(
    (n, b) => n + (b.type === 'section' || b.type === 'context' ? JSON.stringify(b).length : 0),
    0,
  );

/** The details as messages, each within Slack's limits; a part moves whole to the next message when it would not fit. */
export function digestDetails(ui: Ui, r: DigestReport): Message[] {
  const pages: { blocks: KnownBlock[]; lines: string[] }[] = [];
  let page: { blocks: KnownBlock[]; lines: string[] } = { blocks: [], lines: [] };
  for (const p of partsOf(ui, r)) {
    const blocks = blocksOf(ui, p);
    const full =
      page.blocks.length + blocks.length > PAGE_BLOCKS || charsOf(page.blocks) + charsOf(blocks) > PAGE_CHARS;
    if (full && page.blocks.length > 0) {
      pages.push(page);
      page = { blocks: [], lines: [] };
    }
    page.blocks.push(...blocks);
    page.lines.push(p.heading, ...p.lines);
  }
  if (page.blocks.length > 0) pages.push(page);
  return pages.map((pg, i) => {
    const label = ui.t('digest.page', { n: i + 1, of: pages.length });
    const blocks: KnownBlock[] =
      pages.length > 1
        ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: label }] }, ...pg.blocks]
        : pg.blocks;
    assertBlocksWithinLimits(blocks, 'message');
    return {
      text: summaryText(
        pages.length > 1 ? label : pg.lines[0]!,
        pages.length > 1 ? pg.lines : pg.lines.slice(1),
      ),
      blocks,
    };
  });
}
