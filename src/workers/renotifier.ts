/**
 * Reminders of alarms nobody took: an alarm still true, claimed by nobody,
 * is posted again in its thread (mentioning on-call, also sent to the
 * channel) `everyMs` after it began or after its last reminder, at most `max`
 * times. A claim, a mute (in that channel) or the recovery stops it. Runs on
 * the notifier's rhythm (before each of its passes) and only while this
 * replica leads; each reminder is one compare-and-set on the incident's count
 * and the rows it queues carry the reminder's number in their dedupe keys, so
 * replicas changing hands mid-way still remind once.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { IncidentRow, Store } from '../store/index.ts';
import { remindAlarm, reminderChannels } from '../watch/alarms.ts';

export class Renotifier {
  private lookedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly opts: {
      store: Store;
      clock: Clock;
      /** ONCALL_RENOTIFY_MINUTES in ms; 0 turns reminders off. */
      everyMs: number;
      /** ONCALL_RENOTIFY_MAX. */
      max: number;
      /** Reminds only while this says so (the watcher lease). */
      isLeader: () => boolean;
      logger: Logger;
      /** Rows were queued. */
      onOutbox?: () => void;
      /** How often the open alarms are looked at from the loop (default 10 s; `runOnce` looks at once). */
      lookEveryMs?: number;
    },
  ) {}

  /** Whether an alarm is due for a reminder at `now`. */
  private due(inc: IncidentRow, now: number): boolean {
    if (!inc.alarmSince || inc.claimedBy !== null || inc.resolvedAt !== null) return false;
    if (inc.renotifyCount >= this.opts.max) return false;
    const last = Math.max(inc.alarmSince.getTime(), inc.renotifiedAt?.getTime() ?? 0);
    return now - last >= this.opts.everyMs;
  }

  /** `runOnce`, unless the last look was less than `lookEveryMs` ago. */
  async runIfDue(): Promise<number> {
    const now = this.opts.clock.now().getTime();
    if (now - this.lookedAt < (this.opts.lookEveryMs ?? 10_000)) return 0;
    return this.runOnce();
  }

  /** Sends the reminders due now; returns the rows queued. */
  async runOnce(): Promise<number> {
    const { store, clock, everyMs, max } = this.opts;
    const now = clock.now();
    this.lookedAt = now.getTime();
    if (everyMs <= 0 || max <= 0 || !this.opts.isLeader()) return 0;
    let queued = 0;
    for (const inc of await store.incidents.openAlarms()) {
      if (!this.due(inc, now.getTime())) continue;
      queued += await store.transaction(async (tx) => {
        // Every channel muted (or none posted yet): nobody would be notified, so it is not counted.
        if ((await reminderChannels(tx, inc, now)).length === 0) return 0;
        const counted = await tx.incidents.remind(
          inc.id,
          { count: inc.renotifyCount, alarmSince: inc.alarmSince! },
          now,
        );
        if (!counted) return 0;
        return remindAlarm(tx, counted, { round: counted.renotifyCount, of: max }, now);
      });
    }
    if (queued > 0) {
      this.opts.logger.info({ rows: queued }, 'reminded on-call of alarms nobody took');
      this.opts.onOutbox?.();
    }
    return queued;
  }
}
