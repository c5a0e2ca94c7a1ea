/**
 * The daily digest's read model: for a window of 24 hours, the incidents
 * (opened, resolved, still open, the longest), the servers not running, the
 * orders placed and their total, the approvals refused or expired, the
 * hosting changes made through the bot and outside it, the servers changed
 * outside it (renamed in the control panel, say), the key-use alarms,
 * the provider budget used and the contracts renewing soon. Built from the
 * store and what the provider client holds: it costs no provider request.
 * Knows nothing of Slack.
 */
import type { Actor } from '../access/index.ts';
import type { DigestDeps } from './digest-deps.ts';
import type { DigestReport } from './report.ts';
import type { DigestSlot } from './schedule.ts';
import {
  budgetPart,
  hostingPart,
  incidentsPart,
  notRunningPart,
  ordersPart,
  refusalsPart,
  renewalsPart,
  serversPart,
  type Window,
} from './sections.ts';

const DAY_MS = 86_400_000;

export class DigestService {
  constructor(private readonly deps: DigestDeps) {}

  /** `/vps digest`: the last 24 hours, for anyone who may read it. */
  async lastDay(actor: Actor): Promise<DigestReport> {
    await this.deps.access.authorize(actor, 'digest');
    const at = this.deps.clock.now().getTime();
    return this.build(null, { from: at - DAY_MS, to: at, at });
  }

  /** The scheduled digest of a Japan day: its window ends at the day's digest hour. */
  forSlot(slot: DigestSlot): Promise<DigestReport> {
    const at = this.deps.clock.now().getTime();
    return this.build(slot.day, { from: slot.from, to: slot.to, at });
  }

  private async build(day: string | null, w: Window): Promise<DigestReport> {
    const [incidents, notRunning, orders, refusals, hosting, servers, budget, renewals] = await Promise.all([
      incidentsPart(this.deps, w),
      notRunningPart(this.deps),
      ordersPart(this.deps, w),
      refusalsPart(this.deps, w),
      hostingPart(this.deps, w),
      serversPart(this.deps, w),
      budgetPart(this.deps, w),
      renewalsPart(this.deps),
    ]);
    return {
      day,
      from: w.from,
      to: w.to,
      at: w.at,
      ...incidents,
      notRunning,
      orders,
      refusals,
      hosting,
      servers,
      budget,
      renewals,
    };
  }
}
