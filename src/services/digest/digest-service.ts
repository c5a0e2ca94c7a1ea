/**
 * The daily digest's read model: for a window of 24 hours, the incidents
 * (opened, resolved, still open, the longest), the servers not running, the
 * orders placed and their total, the approvals refused or expired, the
 * hosting changes made through the bot and outside it, the servers changed
 * outside it (renamed in the control panel, say), the key-use alarms,
 * the provider budget used and the contracts renewing soon. Built from the
 * store and what the provider client holds: it costs no provider request.
 * Knows nothing of Slack.
 *
 * What happened in a channel (an order asked for there, a request refused
 * there, a hosting change made there, a stuck signup's alarm) is in a
 * digest only for whom may read that channel: a person's digest holds what
 * they may read, the daily digest's channel what everyone who reads it may
 * (AccessService's `readerOf` and `audienceOf`, the rule the App Home uses).
 */
import type { Actor, ChannelFilter } from '../access/index.ts';
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
    return this.build(null, { from: at - DAY_MS, to: at, at }, this.deps.access.readerOf(actor));
  }

  /** The scheduled digest of a Japan day, for `channelId`: its window ends at the day's digest hour. */
  forSlot(slot: DigestSlot, channelId: string): Promise<DigestReport> {
    const at = this.deps.clock.now().getTime();
    return this.build(slot.day, { from: slot.from, to: slot.to, at }, this.deps.access.audienceOf(channelId));
  }

  private async build(day: string | null, w: Window, shown: ChannelFilter): Promise<DigestReport> {
    const [incidents, notRunning, orders, refusals, hosting, servers, budget, renewals] = await Promise.all([
      incidentsPart(this.deps, w, shown),
      notRunningPart(this.deps),
      ordersPart(this.deps, w, shown),
      refusalsPart(this.deps, w, shown),
      hostingPart(this.deps, w, shown),
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
