/**
 * The one audit writer, for every feature: each change made through the bot,
 * each refused attempt and each failure becomes one row of the store's audit
 * log (secret-looking params are stripped by the store).
 *
 * A row that cannot be written is logged and never replaces what the person is
 * notified: by then the change, the refusal or the payment has already happened,
 * and an error about the audit log would misreport it.
 */
import type { Logger } from '../log.ts';
import type { AuditEntry, AuditOutcome, Store } from '../store/index.ts';

export class Audit {
  constructor(
    private readonly store: { audit: Pick<Store['audit'], 'append'> },
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  private listeners: ((entry: AuditEntry) => void)[] = [];

  /** Called with every entry recorded (for /metrics' counts of actions by outcome). */
  onRecord(listener: (entry: AuditEntry) => void): void {
    this.listeners.push(listener);
  }

  async record(entry: AuditEntry): Promise<void> {
    for (const l of this.listeners) l(entry);
    try {
      await this.store.audit.append(entry);
    } catch (err) {
      this.logger.error(
        {
          action: entry.action,
          target: entry.target ?? null,
          err: err instanceof Error ? err.name : typeof err,
        },
        'audit append failed',
      );
    }
  }

  /** One row of what a person did (or tried) here, from where they did it. */
  byActor(
    actor: { userId: string; channelId: string },
    action: string,
    target: string | null,
    outcome: AuditOutcome,
    params: Record<string, unknown>,
    errorCode?: string,
  ): Promise<void> {
    return this.record({
      actor: actor.userId,
      channelId: actor.channelId,
      action,
      target,
      params,
      outcome,
      ...(errorCode ? { errorCode } : {}),
    });
  }
}
