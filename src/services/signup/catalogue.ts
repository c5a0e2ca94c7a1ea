/**
 * The signup catalogue (plans, periods, OS images), the rules that tie them
 * together, and the Japan-time arithmetic quotes need: the provider's price is
 * pro-rated by the calendar day in Japan, so a quote cannot outlive that day.
 */
import {
  asPerson,
  type Caller,
  type OsImage,
  type Plan,
  type PlanPeriod,
  type PlansAnswer,
  READ,
  WRITE,
} from '../../provider/index.ts';
import type { SignupRow } from '../../store/index.ts';
import { policyOf, providerRefusal, type SignupDeps } from './signup-deps.ts';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How the catalogue is read: `fresh` for a quote, `anyAgeToday` for checking a form, `for` whom. */
export interface CatalogueOptions {
  fresh?: boolean;
  anyAgeToday?: boolean;
  /** The person who waits on it (people are served in turn); the bot's own when absent. */
  for?: Caller;
}

/** The JST calendar day of an instant, as a day number (days since 1970-01-01 JST). */
function jstDay(d: Date): number {
  return Math.floor((d.getTime() + JST_OFFSET_MS) / DAY_MS);
}

/** The instant the JST day after `d` begins (00:00 JST = 15:00 UTC the day before). */
export function nextJstMidnight(d: Date): Date {
  return new Date((jstDay(d) + 1) * DAY_MS - JST_OFFSET_MS);
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
  /** Where the provider's terms of service are published (configured; the API does not say). */
  termsUrl?: string | undefined;
  /** When the provider was asked for it (it is reused briefly, never across 00:00 JST). */
  readAt?: Date | undefined;
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

const catalogueCache = new WeakMap<SignupDeps, { at: Date; catalogue: Catalogue }>();

/**
 * Plans and images for the modal. Cached briefly (prices change only at
 * 00:00 JST, so never across that); the quote itself always reads fresh.
 * `anyAgeToday` takes the cached one whatever its age, for checking a form
 * inside Slack's 3 seconds: the dry run that follows has the last word.
 * A provider failure is the ServiceError a requester is shown.
 */
export async function loadCatalogue(deps: SignupDeps, opts: CatalogueOptions = {}): Promise<Catalogue> {
  try {
    return await readCatalogue(deps, opts);
  } catch (err) {
    throw providerRefusal(err);
  }
}

/** `loadCatalogue`, a provider failure thrown as the provider client's own error (for a read's own sentence). */
export async function readCatalogue(deps: SignupDeps, opts: CatalogueOptions = {}): Promise<Catalogue> {
  const now = deps.clock.now();
  const hit = catalogueCache.get(deps);
  if (
    !opts.fresh &&
    hit &&
    (opts.anyAgeToday || now.getTime() - hit.at.getTime() < policyOf(deps).catalogueTtlMs) &&
    jstDay(hit.at) === jstDay(now)
  ) {
    return hit.catalogue;
  }
  // Read fresh for a quote (part of the order), else for the modal a person is opening.
  const who = opts.fresh ? WRITE : READ;
  const answer: PlansAnswer = await deps.provider.plans(opts.for ? asPerson(who, opts.for) : who);
  const catalogue = { ...catalogueOf(answer), termsUrl: deps.termsUrl, readAt: now };
  catalogueCache.set(deps, { at: now, catalogue });
  return catalogue;
}

/**
 * Plan names by plan id, from the price list last read (never a request):
 * how a plan is named where its order is shown again (a Home, a digest).
 * Empty before any price list was read.
 */
export function knownPlanNames(deps: SignupDeps): ReadonlyMap<string, string> {
  const plans = catalogueCache.get(deps)?.catalogue.plans ?? [];
  return new Map(plans.map((p) => [p.plan_id, p.plan_name]));
}

/** Plan and image of a row for display, from the cached catalogue; undefined when not at hand. */
export async function describeRow(
  deps: SignupDeps,
  row: SignupRow,
): Promise<{ plan: Plan | undefined; image: OsImage | undefined }> {
  try {
    const c = await loadCatalogue(deps);
    return { plan: findPlan(c, row.planId), image: c.images.find((i) => i.image_id === row.imageId) };
  } catch {
    // Display only: the row itself carries everything that matters.
    return { plan: undefined, image: undefined };
  }
}
