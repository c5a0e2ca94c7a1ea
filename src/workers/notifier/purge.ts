/** Sent rows and settled incidents are kept `keepSentMs`, then deleted; looked at once an hour. */
import type { NotifierContext } from './context.ts';

const EVERY_MS = 3_600_000;

export class SentPurge {
  private purgedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly ctx: Pick<NotifierContext, 'store' | 'log' | 'settings'>) {}

  /** Deletes what is past `keepSentMs`, when the last purge was an hour ago or more. */
  async runIfDue(now: number): Promise<void> {
    if (now - this.purgedAt < EVERY_MS) return;
    this.purgedAt = now;
    const before = new Date(now - this.ctx.settings.keepSentMs);
    const n = await this.ctx.store.outbox.purgeSent(before);
    const i = await this.ctx.store.incidents.purgeSettled(before);
    if (n + i > 0) this.ctx.log.info({ deleted: n, incidents: i }, 'purged sent notifications');
  }
}
