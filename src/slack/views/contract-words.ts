/**
 * The few words a contract's views share (/vps renewals and its reminder): a contract's date as the
 * reader's language writes a calendar day, how far it is in Japan calendar
 * days, and the reminder thresholds as a list.
 */
import { formatCount, type Ui } from './format.ts';

/** `2026-12-31` as written in the reader's language (Japanese: 2026年12月31日); anything else as given. */
export function contractDay(ui: Ui, date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m || ui.locale !== 'ja') return date;
  return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
}

/** Days to a contract's date: today, tomorrow, in N days; once passed, how long ago. */
export function daysLeftLabel(ui: Ui, left: number): string {
  if (left === 0) return ui.t('renewal.left.today');
  if (left === 1) return ui.t('renewal.left.tomorrow');
  if (left > 1) return ui.t('renewal.left.days', { days: left });
  if (left === -1) return ui.t('renewal.left.yesterday');
  return ui.t('renewal.left.passed', { days: -left });
}

/** English lists the thresholds without a comma before "and": `30, 7 and 1`. */
const AND_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** `30, 7 and 1` / `30・7・1`: the reminder thresholds, farthest first. */
export function thresholdList(ui: Ui, days: readonly number[]): string {
  const words = days.map((d) => formatCount(ui, d));
  return ui.locale === 'ja' ? words.join('・') : AND_LIST.format(words);
}

/** Reminders only the day before: said as such ("the day before"), never as "1 days". */
export function onlyTheDayBefore(days: readonly number[]): boolean {
  return days.length === 1 && days[0] === 1;
}

/** A contract period: `1 month`, `3 months` / `1か月`. */
export function monthsLabel(ui: Ui, months: number): string {
  return ui.t('signup.approval.months', { months });
}
