/**
 * `/vps renewals`: every contract date the bot knows, nearest first, with
 * the days left (Japan calendar days), where the date comes from (the
 * provider's signup status, or who set it by hand and when), and the next
 * reminder; then when reminders come, and how to set a date. As many lines
 * as fit, then how many more (never cut silently).
 */
import type { KnownBlock } from '@slack/types';
import type { RenewalEntry, RenewalList } from '../../../services/renewals/index.ts';
import { contractDay, daysLeftLabel, onlyTheDayBefore, thresholdList } from '../contract-words.ts';
import { formatTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';

/** Longest text the lines take before the rest is counted instead (a dozen sections at most). */
const LINES_CHARS = 24_000;

function line(ui: Ui, e: RenewalEntry): string {
  const name = mrkdwnText(e.name, SHOWN.name);
  if (e.date === null || e.left === null) return ui.t('renewal.list.no_date', { name });
  const source =
    e.source === 'person' && e.setBy
      ? ui
          .t('renewal.list.source_person', {
            user: e.setBy,
            at: e.setAt ? formatTime(ui, e.setAt) : '',
          })
          .trim()
      : ui.t('renewal.list.source_provider');
  const beside =
    e.providerDate && e.providerDate !== e.date
      ? ui.t('renewal.list.provider_beside', {
          date: mrkdwnText(contractDay(ui, e.providerDate), SHOWN.word),
        })
      : '';
  const next = e.nextReminder === null ? '' : ui.t('renewal.list.next', { days: e.nextReminder });
  return (
    ui.t('renewal.list.line', {
      name,
      date: mrkdwnText(contractDay(ui, e.date), SHOWN.word),
      left: daysLeftLabel(ui, e.left),
      source,
    }) +
    beside +
    next
  );
}

export function renewalListView(ui: Ui, list: RenewalList): Message {
  const title = ui.t('renewal.list.title');
  const lines: string[] = [];
  let used = 0;
  for (const e of list.entries) {
    const l = line(ui, e);
    if (used + l.length > LINES_CHARS) break;
    lines.push(l);
    used += l.length + 1;
  }
  const left = list.entries.length - lines.length;
  if (left > 0) lines.push(ui.t('renewal.list.more', { count: left }));
  if (list.entries.length === 0) lines.push(ui.t('renewal.list.empty'));
  const reminders =
    list.reminderDays.length === 0
      ? ui.t('renewal.list.reminders_off')
      : onlyTheDayBefore(list.reminderDays)
        ? ui.t('renewal.list.reminders_one')
        : ui.t('renewal.list.reminders', { days: thresholdList(ui, list.reminderDays) });
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: title } },
    ...packLines(lines),
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: reminders },
        { type: 'mrkdwn', text: ui.t('renewal.list.hint') },
      ],
    },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(title, lines), blocks };
}
