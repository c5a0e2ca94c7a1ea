/** When a contract's reminders fall due, in Japan calendar days, and the rules of a typed date. */
import { describe, expect, it } from 'vitest';
import {
  checkRenewalDate,
  daysLeft,
  dueThreshold,
  nextThreshold,
  wasTold,
} from '../../../src/services/renewals/index.ts';

/** 23:59:59 and 00:00:00 in Japan on 2026-06-29/30 (UTC+9). */
const LAST_SECOND_29 = new Date('2026-06-29T14:59:59Z');
const MIDNIGHT_30 = new Date('2026-06-29T15:00:00Z');

describe('renewal schedule', () => {
  it('counts Japan calendar days: the day changes at 00:00 JST, not UTC', () => {
    expect(daysLeft('2026-06-30', LAST_SECOND_29)).toBe(1);
    expect(daysLeft('2026-06-30', MIDNIGHT_30)).toBe(0);
    expect(daysLeft('2026-07-30', MIDNIGHT_30)).toBe(30);
    expect(daysLeft('2026-06-29', MIDNIGHT_30)).toBe(-1);
    expect(daysLeft('2026-02-30', MIDNIGHT_30)).toBeUndefined();
  });

  it('the nearest threshold reached is due; none before the farthest nor after the date', () => {
    const t = [30, 7, 1];
    expect(dueThreshold(31, t)).toBeUndefined();
    expect(dueThreshold(30, t)).toBe(30);
    expect(dueThreshold(20, t)).toBe(30);
    expect(dueThreshold(7, t)).toBe(7);
    expect(dueThreshold(1, t)).toBe(1);
    expect(dueThreshold(0, t)).toBe(1);
    expect(dueThreshold(-1, t)).toBeUndefined();
    expect(dueThreshold(0, [0])).toBe(0);
    expect(dueThreshold(5, [])).toBeUndefined();
    expect(nextThreshold(20, t)).toBe(7);
    expect(nextThreshold(7, t)).toBe(1);
    expect(nextThreshold(1, t)).toBeUndefined();
  });

  it('a reminder is told once per date: a nearer one told covers a farther one, a new date starts again', () => {
    const row = { remindedDate: '2026-06-30', remindedDays: 7 };
    expect(wasTold(row, '2026-06-30', 30)).toBe(true);
    expect(wasTold(row, '2026-06-30', 7)).toBe(true);
    expect(wasTold(row, '2026-06-30', 1)).toBe(false);
    expect(wasTold(row, '2026-07-31', 30)).toBe(false);
    expect(wasTold({ remindedDate: null, remindedDays: null }, '2026-06-30', 30)).toBe(false);
  });

  it('a typed date: YYYY-MM-DD, a day of the calendar, today or later in Japan', () => {
    expect(checkRenewalDate(' 2026-06-30 ', MIDNIGHT_30)).toEqual({ date: '2026-06-30' });
    expect(checkRenewalDate('2026-6-30', MIDNIGHT_30)).toMatchObject({
      field: 'renewal_date',
      rule: 'shape',
    });
    expect(checkRenewalDate('2026-02-29', MIDNIGHT_30)).toMatchObject({ rule: 'not_a_day' });
    expect(checkRenewalDate('2026-06-29', MIDNIGHT_30)).toMatchObject({ rule: 'past' });
    // Still the 29th in Japan one second before midnight: that day is today.
    expect(checkRenewalDate('2026-06-29', LAST_SECOND_29)).toEqual({ date: '2026-06-29' });
    // Ten years on, to the Japan day, and not a day more.
    expect(checkRenewalDate('2036-06-30', MIDNIGHT_30)).toEqual({ date: '2036-06-30' });
    expect(checkRenewalDate('2036-07-01', MIDNIGHT_30)).toEqual({
      field: 'renewal_date',
      rule: 'too_far',
      limit: 10,
    });
    expect(checkRenewalDate('2036-06-30', LAST_SECOND_29)).toMatchObject({ rule: 'too_far' });
    expect(checkRenewalDate('9999-12-31', MIDNIGHT_30)).toMatchObject({ rule: 'too_far' });
    // From a 29 February, the horizon is that day's text ten years on: 1 March is past it.
    const leap = new Date('2028-02-29T03:00:00Z');
    expect(checkRenewalDate('2038-02-28', leap)).toEqual({ date: '2038-02-28' });
    expect(checkRenewalDate('2038-03-01', leap)).toMatchObject({ rule: 'too_far' });
  });
});
