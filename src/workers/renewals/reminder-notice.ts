/**
 * What one renewal reminder says, as plain data for the outbox: the
 * contract's date and where it comes from, and the renewal price of its plan
 * and period from the price list of the day (docs/provider-api.md, Plans and
 * periods). The API publishes no renewal charge of its own: `total_price` is
 * what an order placed today is charged (this month's pro-rata part
 * included), and the view says so. A plan no longer offered is left out of
 * the list, which is how the reminder knows to say so.
 */
import { type Plan, ProviderError } from '../../provider/index.ts';
import type { ContractRow } from '../../store/index.ts';
import type { RenewalNotice, RenewalPrice } from '../../watch/notices.ts';

/** Today's price list as the reminders of one pass read it, or why it could not be read. */
export type PriceList = { plans: readonly Plan[] } | { unreadable: 'forbidden' | 'unavailable' };

/** A failed read of the price list: 403 is the key (it may not sign up); anything else may pass. */
export function unreadableList(err: unknown): PriceList {
  return { unreadable: err instanceof ProviderError && err.status === 403 ? 'forbidden' : 'unavailable' };
}

/** The renewal price of a contract's plan and period in `list`. */
export function renewalPrice(list: PriceList, planId: string | null, months: number | null): RenewalPrice {
  if (planId === null || months === null) return { kind: 'unknown_plan' };
  if ('unreadable' in list) return { kind: 'unreadable', reason: list.unreadable };
  const plan = list.plans.find((p) => p.plan_id === planId);
  if (!plan) return { kind: 'plan_not_offered', planId, months };
  const period = plan.periods.find((p) => p.months === months);
  if (!period) return { kind: 'period_not_offered', planId, planName: plan.plan_name, months };
  return {
    kind: 'listed',
    planId,
    planName: plan.plan_name,
    months,
    total: period.total_price,
    regular: period.regular_total_price,
    campaign: period.campaign_applied,
  };
}

/** Whether a reminder for this contract needs the price list (it knows its plan and period). */
export function needsPrice(row: Pick<ContractRow, 'planId' | 'period'>): boolean {
  return row.planId !== null && row.period !== null;
}

export function renewalNotice(
  row: ContractRow,
  due: { date: string; source: 'provider' | 'person'; days: number; left: number },
  name: string,
  price: RenewalPrice,
  at: Date,
): RenewalNotice {
  return {
    kind: 'renewal',
    contractId: row.id,
    serverUuid: row.serverUuid,
    name,
    date: due.date,
    days: due.days,
    left: due.left,
    source: due.source,
    setBy: due.source === 'person' ? row.personSetBy : null,
    autoRenew: row.autoRenew,
    price,
    at: at.getTime(),
  };
}

/** The outbox's dedupe key of a reminder: one per contract, date and threshold, whatever replica or restart. */
export function reminderKey(contractId: string, date: string, days: number): string {
  return `renewal:${contractId}:${date}:${days}d`;
}
