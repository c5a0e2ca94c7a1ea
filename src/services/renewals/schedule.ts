/**
 * When a contract's reminders fall due. Days are Japan calendar days: the
 * contract's date is a day as the provider writes it (`expiry_date`,
 * docs/provider-api.md, Signup status), and a reminder "N days before" falls
 * due at 00:00 Japan time N days before that day.
 */
import { japanDay, parseProviderDate, providerDate } from '../../provider/index.ts';
import type { FieldProblem } from '../field-problem.ts';

/** Days from today in Japan to `date`: 0 on the day itself, negative once it has passed; undefined when it is no date. */
export function daysLeft(date: string, now: Date): number | undefined {
  const day = parseProviderDate(date);
  return day === undefined ? undefined : day - japanDay(now.getTime());
}

/**
 * The reminder due with `left` days to go: the nearest threshold reached
 * (`left` at most that many days). A farther one whose day passed unseen (the
 * date became known later) is not sent late: the nearest one says it all.
 * None once the date has passed.
 */
export function dueThreshold(left: number, thresholds: readonly number[]): number | undefined {
  if (left < 0) return undefined;
  const reached = thresholds.filter((t) => left <= t);
  return reached.length === 0 ? undefined : Math.min(...reached);
}

/** Whether the reminder `threshold` days before `date` was sent (the store keeps the nearest one sent per date). */
export function wasTold(
  row: { remindedDate: string | null; remindedDays: number | null },
  date: string,
  threshold: number,
): boolean {
  return row.remindedDate === date && row.remindedDays !== null && row.remindedDays <= threshold;
}

/** The next threshold still ahead of `left` (the one a list says comes next), if any. */
export function nextThreshold(left: number, thresholds: readonly number[]): number | undefined {
  const ahead = thresholds.filter((t) => t < left);
  return ahead.length === 0 ? undefined : Math.max(...ahead);
}

export type RenewalDateRule = 'shape' | 'not_a_day' | 'past' | 'too_far';

/**
 * The farthest a contract date may be set, in years from today: contracts run
 * for months or a few years, so a date beyond this is a typo (2207 for 2027)
 * whose reminders would never come.
 */
export const RENEWAL_HORIZON_YEARS = 10;
export type RenewalDateProblem = FieldProblem<'renewal_date', RenewalDateRule>;

/** The field a contract date is typed in (`/vps renewal set <server> <YYYY-MM-DD>`). */
export const RENEWAL_DATE_FIELD = 'renewal_date';

/**
 * A contract date as typed: `YYYY-MM-DD`, a day the calendar has, not before
 * today in Japan (a date that has passed reminds nobody), and not past the
 * same day RENEWAL_HORIZON_YEARS from now.
 */
export function checkRenewalDate(typed: string, now: Date): { date: string } | RenewalDateProblem {
  const text = typed.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return { field: RENEWAL_DATE_FIELD, rule: 'shape' };
  const left = daysLeft(text, now);
  if (left === undefined) return { field: RENEWAL_DATE_FIELD, rule: 'not_a_day' };
  if (left < 0) return { field: RENEWAL_DATE_FIELD, rule: 'past' };
  // Dates written alike compare as text; the same month and day, years on (29 February too).
  const today = providerDate(japanDay(now.getTime()));
  const horizon = `${String(Number(today.slice(0, 4)) + RENEWAL_HORIZON_YEARS).padStart(4, '0')}${today.slice(4)}`;
  if (text > horizon) return { field: RENEWAL_DATE_FIELD, rule: 'too_far', limit: RENEWAL_HORIZON_YEARS };
  return { date: text };
}
