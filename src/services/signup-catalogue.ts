/**
 * The signup catalogue (plans, periods, OS images) and the rules that tie them
 * together, plus the Japan-time arithmetic quotes need: the provider's price is
 * pro-rated by the calendar day in Japan, so a quote cannot outlive that day.
 */
import type { OsImage, Plan, PlanPeriod, PlansAnswer } from './signup-ports.ts';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The JST calendar day of an instant, as a day number (days since 1970-01-01 JST). */
export function jstDay(d: Date): number {
  return Math.floor((d.getTime() + JST_OFFSET_MS) / DAY_MS);
}

/** The instant the JST day after `d` begins (00:00 JST = 15:00 UTC the day before). */
export function nextJstMidnight(d: Date): Date {
  return new Date((jstDay(d) + 1) * DAY_MS - JST_OFFSET_MS);
}

/** `YYYY-MM-DD HH:MM` in Japan time, the way the provider writes times. */
export function formatJst(d: Date): string {
  return `${new Date(d.getTime() + JST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} JST`;
}

/**
 * A quote lives `ttlMs` at most and never past the end of the JST day it was
 * made on: from 00:00 JST the pro-rata part (and so `total_price`) is another.
 */
export function quoteExpiry(now: Date, ttlMs: number): Date {
  return new Date(Math.min(now.getTime() + ttlMs, nextJstMidnight(now).getTime()));
}

export interface Catalogue {
  plans: Plan[];
  images: OsImage[];
}

/** Plans the API can sign up (vps, business) that offer at least one period. */
export function catalogueOf(answer: PlansAnswer): Catalogue {
  return {
    plans: answer.plans.filter(
      (p) => (p.vps_type === 'vps' || p.vps_type === 'business') && p.periods.length > 0,
    ),
    images: answer.os_images,
  };
}

export function findPlan(c: Catalogue, planId: string | undefined): Plan | undefined {
  return planId === undefined ? undefined : c.plans.find((p) => p.plan_id === planId);
}

export function findPeriod(plan: Plan, months: number): PlanPeriod | undefined {
  return plan.periods.find((p) => p.months === months);
}

/** An image fits a plan when the plan's memory meets its minimum; 0 means no minimum. */
export function imageFitsPlan(image: OsImage, plan: Plan): boolean {
  return image.minimum_memory_mb <= 0 || plan.memory_mb >= image.minimum_memory_mb;
}

export function imagesFor(c: Catalogue, plan: Plan): OsImage[] {
  return c.images.filter((i) => imageFitsPlan(i, plan));
}

export function describePlan(plan: Plan | undefined, planId: string): string {
  return plan ? plan.plan_name : planId;
}
