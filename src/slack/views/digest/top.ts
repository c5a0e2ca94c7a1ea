/**
 * A digest's top message: short, counts only, the worst first (open
 * incidents, key alarms, servers not running, then what happened, then
 * what is coming), and where the details are. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { DigestReport } from '../../../services/digest/index.ts';
import { contractDay } from '../contract-words.ts';
import {
  formatDuration,
  formatTime,
  formatYen,
  type Message,
  mrkdwnText,
  SHOWN,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';

/** A digest posted this long after its hour says it is late. */
const LATE_AFTER_MS = 10 * 60_000;
/** Servers named in the top message; the rest are counted. */
const NAMED = 3;

/** `09:00`: an instant's time of day in Japan (UTC+9, no daylight saving). */
export function japanHour(ms: number): string {
  return new Date(ms + 9 * 3_600_000).toISOString().slice(11, 16);
}

export function digestTitle(ui: Ui, r: DigestReport): string {
  return r.day
    ? ui.t('digest.title.day', { day: contractDay(ui, r.day), hour: japanHour(r.to) })
    : ui.t('digest.title.now', { at: formatTime(ui, new Date(r.at)) });
}

function notRunningNames(ui: Ui, r: DigestReport): string {
  // As code, as other lists of names are: bold next to Japanese punctuation is not read as bold by Slack.
  const names = r.notRunning.items.slice(0, NAMED).map((s) => `\`${mrkdwnText(s.name, SHOWN.name)}\``);
  const more = r.notRunning.total - names.length;
  const list = names.join(ui.locale === 'ja' ? '、' : ', ');
  return more > 0 ? ui.t('digest.names_more', { names: list, count: more }) : list;
}

/** The counts, the worst first; only those that are not zero (the budget always). */
export function topLines(ui: Ui, r: DigestReport): string[] {
  const lines: string[] = [];
  const inc = r.incidents;
  const longestOpen = inc.list.items.find((i) => i.resolvedAt === null);
  if (inc.stillOpen > 0 && longestOpen)
    lines.push(
      ui.t('digest.top.open', {
        count: inc.stillOpen,
        name: mrkdwnText(longestOpen.name, SHOWN.name),
        lasted: formatDuration(ui, r.at - longestOpen.raisedAt),
      }),
    );
  if (r.keyAlarms.total > 0) lines.push(ui.t('digest.top.key', { count: r.keyAlarms.total }));
  if (r.notRunning.total > 0)
    lines.push(ui.t('digest.top.not_running', { count: r.notRunning.total, names: notRunningNames(ui, r) }));
  if (inc.opened + inc.resolved > 0)
    lines.push(ui.t('digest.top.incidents', { opened: inc.opened, resolved: inc.resolved }));
  if (r.servers.outside.total > 0)
    lines.push(ui.t('digest.top.server_outside', { count: r.servers.outside.total }));
  if (r.hosting.outside.total > 0) lines.push(ui.t('digest.top.outside', { count: r.hosting.outside.total }));
  if (r.refusals.rejected + r.refusals.expired > 0)
    lines.push(ui.t('digest.top.refusals', { rejected: r.refusals.rejected, expired: r.refusals.expired }));
  if (r.orders.unknown > 0) lines.push(ui.t('digest.top.orders_unknown', { count: r.orders.unknown }));
  if (r.orders.placed > 0)
    lines.push(
      ui.t('digest.top.orders', { placed: r.orders.placed, total: formatYen(ui, r.orders.totalYen) }),
    );
  if (r.hosting.bot.total > 0) lines.push(ui.t('digest.top.hosting', { count: r.hosting.bot.total }));
  const nearest = r.renewals.list.items[0];
  if (nearest)
    lines.push(
      ui.t('digest.top.renewals', {
        count: r.renewals.list.total,
        days: r.renewals.withinDays,
        name: mrkdwnText(nearest.name, SHOWN.name),
        date: contractDay(ui, nearest.date),
      }),
    );
  const quiet =
    inc.stillOpen + inc.opened + inc.resolved + r.keyAlarms.total === 0 &&
    r.orders.list.total + r.refusals.list.total + r.hosting.bot.total + r.hosting.outside.total === 0 &&
    r.servers.outside.total === 0;
  if (quiet) lines.push(ui.t('digest.quiet'));
  const b = r.budget;
  lines.push(
    b.limit === null
      ? ui.t('digest.top.budget', { previous: b.previousDay, today: b.today })
      : ui.t('digest.top.budget_limit', { previous: b.previousDay, today: b.today, limit: b.limit }),
  );
  return lines;
}

/** The top message: in a channel its details follow in the thread; to one person, below it. */
export function digestTop(ui: Ui, r: DigestReport, where: 'channel' | 'person'): Message {
  const title = digestTitle(ui, r);
  const lines = topLines(ui, r);
  const notes = [
    ...(r.day && r.at - r.to > LATE_AFTER_MS ? [ui.t('digest.late', { hour: japanHour(r.to) })] : []),
    ui.t(where === 'channel' ? 'digest.more_in_thread' : 'digest.more_below'),
  ];
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: title } },
    ...packLines(lines),
    { type: 'context', elements: notes.map((text) => ({ type: 'mrkdwn' as const, text })) },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(title, [...lines, ...notes]), blocks };
}
