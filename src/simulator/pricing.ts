/**
 * Prices. The simulator's rule (the spec only says "this month's pro-rata part
 * plus the period amount, after campaign"):
 * - per-month rate of a period = monthlyPrice x PERIOD_RATE[months], rounded to
 *   the yen (longer periods are cheaper per month, as at the provider);
 * - pro-rata = floor(monthlyPrice x daysRemaining / daysInMonth), where the
 *   month and day are the simulated date in Japan time and daysRemaining
 *   counts today;
 * - regular_total_price = pro-rata + rate x months;
 * - total_price = floor(regular x (100 - discountPercent) / 100) when a
 *   campaign applies to that plan and period, else regular.
 * So the price changes at JST midnight.
 */
import { daysInMonth, jstParts } from './japan-time.ts';
import type { PlanState } from './world.ts';

const PERIOD_RATE: Record<number, number> = { 1: 1, 3: 1, 6: 0.95, 12: 0.9, 24: 0.85, 36: 0.8 };

export interface PeriodPrice {
  months: number;
  total_price: number;
  regular_total_price: number;
  campaign_applied: boolean;
}

function proRata(monthlyPrice: number, now: Date): number {
  const p = jstParts(now);
  const dim = daysInMonth(p.year, p.month);
  const remaining = dim - p.day + 1;
  return Math.floor((monthlyPrice * remaining) / dim);
}

export function periodPrice(plan: PlanState, months: number, now: Date): PeriodPrice {
  const rate = Math.round(plan.monthlyPrice * (PERIOD_RATE[months] ?? 1));
  const regular = proRata(plan.monthlyPrice, now) + rate * months;
  const discount = plan.campaigns.get(months);
  const total = discount === undefined ? regular : Math.floor((regular * (100 - discount)) / 100);
  return {
    months,
    total_price: total,
    regular_total_price: regular,
    campaign_applied: discount !== undefined,
  };
}
