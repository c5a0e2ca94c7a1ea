/**
 * Renewal reminders: for each threshold of VPS_RENEWAL_REMINDER_DAYS reached
 * in Japan calendar days before a contract's date, one message to the
 * channel the order came from (or where its date was set by hand), saying
 * that the contract renews from the prepaid balance on that date, at what
 * price, and what happens when the balance is short (docs/provider-api.md,
 * Events). Only the lease holder writes them, each once whatever the
 * replicas and restarts: the store records the reminder as sent in the same
 * transaction that queues it in the outbox (a compare-and-set per date and
 * threshold), and the outbox's dedupe key says it once more.
 *
 * A pass reads the store only; the price list is read (as background work)
 * only when a reminder is due, once per pass.
 */
import type { Logger } from 'pino';
import { BackgroundLoop, type Clock, sleep, type Timers } from '../clock.ts';
import {
  BACKGROUND,
  type CallOptions,
  nextJapanMidnight,
  type Plan,
  ProviderError,
} from '../provider/index.ts';
import { daysLeft, dueThreshold, wasTold } from '../services/renewals/index.ts';
import type { RenewalNotice, RenewalPrice } from '../store/index.ts';
import { type ContractRow, contractDate, type Store } from '../store/index.ts';

export interface RenewalRemindersOptions {
  store: Store;
  provider: { plans(o?: CallOptions): Promise<{ plans: Plan[] }> };
  clock: Clock;
  timers: Timers;
  logger: Logger;
  /** Only the leader writes reminders (the watcher lease; always true on SQLite). */
  isLeader: () => boolean;
  /** VPS_RENEWAL_REMINDER_DAYS; none turns the reminders off. */
  days: readonly number[];
  /** How often the store is looked at for a reminder that fell due. */
  pollMs: number;
  /** Wakes the notifier after a reminder was queued. */
  onOutbox?: () => void;
}

export interface ReminderPass {
  /** Reminders queued by this pass. */
  queued: number;
  /** Whether the price list was asked for. */
  priceRead: boolean;
}

interface Due {
  row: ContractRow;
  date: string;
  source: 'provider' | 'person';
  days: number;
  left: number;
}

export class RenewalReminders {
  private readonly loop = new BackgroundLoop((signal) => this.run(signal));
  private readonly log: Logger;
  /** Contracts whose reminder could not be placed (no channel), logged once each. */
  private readonly nowhere = new Set<string>();

  constructor(private readonly opts: RenewalRemindersOptions) {
    this.log = opts.logger.child({ component: 'renewal-reminders' });
  }

  /** The reminders due now and not yet sent. */
  private async due(): Promise<Due[]> {
    const now = this.opts.clock.now();
    const out: Due[] = [];
    for (const row of await this.opts.store.contracts.all()) {
      const d = contractDate(row);
      if (!d) continue;
      const left = daysLeft(d.date, now);
      if (left === undefined) continue;
      const days = dueThreshold(left, this.opts.days);
      if (days === undefined || wasTold(row, d.date, days)) continue;
      out.push({ row, date: d.date, source: d.by, days, left });
    }
    return out;
  }

  /** One look at the store: queues every reminder that fell due (leader only). */
  async runOnce(): Promise<ReminderPass> {
    const pass: ReminderPass = { queued: 0, priceRead: false };
    if (this.opts.days.length === 0 || !this.opts.isLeader()) return pass;
    const due = await this.due();
    if (due.length === 0) return pass;
    let list: PriceList | undefined;
    const names = new Map(
      (await this.opts.store.snapshots.all()).flatMap((s) =>
        s.name ? [[s.serverUuid, s.name] as const] : [],
      ),
    );
    for (const d of due) {
      const channelId = d.row.channelId;
      if (!channelId) {
        if (!this.nowhere.has(d.row.id)) {
          this.nowhere.add(d.row.id);
          this.log.warn(
            { contract: d.row.id },
            'a renewal reminder is due, but its contract names no channel',
          );
        }
        continue;
      }
      if (!list && needsPrice(d.row)) {
        pass.priceRead = true;
        list = await this.opts.provider.plans(BACKGROUND).then(
          (a): PriceList => ({ plans: a.plans }),
          (err: unknown) => {
            this.log.warn(
              { err },
              'the price list could not be read for a renewal reminder; it is sent without',
            );
            return unreadableList(err);
          },
        );
      }
      const name =
        (d.row.serverUuid ? names.get(d.row.serverUuid) : undefined) ??
        d.row.serverName ??
        d.row.serverUuid ??
        d.row.id;
      const now = this.opts.clock.now();
      const notice = renewalNotice(
        d.row,
        d,
        name,
        renewalPrice(list ?? { plans: [] }, d.row.planId, d.row.period),
        now,
      );
      const queued = await this.opts.store.transaction(async (tx) => {
        // Another replica (or this one before a restart) may have sent it meanwhile.
        if (!(await tx.contracts.markReminded(d.row.id, d.date, d.days))) return false;
        await tx.outbox.enqueue({
          dedupeKey: reminderKey(d.row.id, d.date, d.days),
          channelId,
          payload: notice,
          nextAttemptAt: now,
        });
        return true;
      });
      if (!queued) continue;
      pass.queued += 1;
      this.log.info(
        { contract: d.row.id, date: d.date, days: d.days, left: d.left, channel: channelId },
        'renewal reminder queued',
      );
    }
    if (pass.queued > 0) this.opts.onOutbox?.();
    return pass;
  }

  start(): void {
    if (this.opts.days.length > 0) this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * A pass, then the next one after `pollMs` (a date set or read meanwhile)
   * or a second after the next 00:00 in Japan (when reminders fall due),
   * whichever comes first.
   */
  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.runOnce().catch((err: unknown) => this.log.error({ err }, 'renewal reminder pass failed'));
      const now = this.opts.clock.now().getTime();
      await sleep(this.opts.timers, Math.min(this.opts.pollMs, nextJapanMidnight(now) + 1_000 - now), signal);
    }
  }
}

/*
 * What one renewal reminder says, as plain data for the outbox: the
 * contract's date and where it comes from, and the renewal price of its plan
 * and period from the price list of the day (docs/provider-api.md, Plans and
 * periods). The API publishes no renewal charge of its own: `total_price` is
 * what an order placed today is charged (this month's pro-rata part
 * included), and the view says so. A plan no longer offered is left out of
 * the list, which is how the reminder knows to say so.
 */
/** Today's price list as the reminders of one pass read it, or why it could not be read. */
type PriceList = { plans: readonly Plan[] } | { unreadable: 'forbidden' | 'unavailable' };

/** A failed read of the price list: 403 is the key (it may not sign up); anything else may pass. */
function unreadableList(err: unknown): PriceList {
  return { unreadable: err instanceof ProviderError && err.status === 403 ? 'forbidden' : 'unavailable' };
}

/** The renewal price of a contract's plan and period in `list`. */
function renewalPrice(list: PriceList, planId: string | null, months: number | null): RenewalPrice {
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
function needsPrice(row: ContractRow): boolean {
  return row.planId !== null && row.period !== null;
}

function renewalNotice(
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
function reminderKey(contractId: string, date: string, days: number): string {
  return `renewal:${contractId}:${date}:${days}d`;
}
