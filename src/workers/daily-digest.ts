/**
 * The daily digest: at DIGEST_TIME (Japan time) the replica holding the
 * watcher lease builds the digest of the 24 hours before (a store read, no
 * provider request) and queues it for DIGEST_CHANNEL: its top message and
 * one row per reply of its thread, which the notifier posts once the top
 * message has its ts. Once per Japan day whatever the replicas and restarts:
 * the store's `daily_digests` row of the day is written in the same
 * transaction as the outbox rows (its primary key is the compare-and-set),
 * and their dedupe keys say it once more.
 *
 * A bot down at the hour posts late, within DIGEST_LATE_MS of it; later
 * than that the day is skipped (services/digest/schedule.ts says why).
 */
import type { Logger } from 'pino';
import { BackgroundLoop, type Clock, sleep, type Timers } from '../clock.ts';
import { type DigestService, dueSlot, nextSlotAt } from '../services/digest/index.ts';
import type { Locale } from '../slack/i18n/index.ts';
import { threadPages } from '../slack/views/digest/render.ts';
import { channelUiFor } from '../slack/views/format.ts';
import type { DailyDigestNotice, Store } from '../store/index.ts';

export interface DailyDigestOptions {
  digest: DigestService;
  store: Store;
  clock: Clock;
  timers: Timers;
  logger: Logger;
  /** Only the leader writes the digest (the watcher lease; always true on SQLite). */
  isLeader: () => boolean;
  /** DIGEST_CHANNEL; none turns the digest off. */
  channelId: string | undefined;
  /** DIGEST_TIME, as minutes after 00:00 Japan time. */
  minutes: number;
  /** The channels' language: the thread's pages are counted as the notifier will draw them. */
  locale: Locale;
  /** How often the clock is looked at besides the digest hour (a clock moved, a lease taken over). */
  pollMs: number;
  /** Wakes the notifier after the digest was queued. */
  onOutbox?: () => void;
}

export interface DigestPass {
  /** The day whose digest this pass queued, if it queued one. */
  queued: string | undefined;
}

/** The outbox's dedupe key of a digest's page: one per day and page, whatever replica or restart. */
function digestPageKey(day: string, page: number): string {
  return `daily-digest:${day}:${page}`;
}

export class DailyDigest {
  private readonly loop = new BackgroundLoop((signal) => this.run(signal));
  private readonly log: Logger;
  /** Days this process knows were written (by it or another replica): not read again. */
  private readonly written = new Set<string>();

  constructor(private readonly opts: DailyDigestOptions) {
    this.log = opts.logger.child({ component: 'daily-digest' });
  }

  /** One look at the clock: queues the day's digest when it is due and not written (leader only). */
  async runOnce(): Promise<DigestPass> {
    const channelId = this.opts.channelId;
    if (!channelId || !this.opts.isLeader()) return { queued: undefined };
    const now = this.opts.clock.now();
    const slot = dueSlot(now.getTime(), this.opts.minutes);
    if (!slot || this.written.has(slot.day)) return { queued: undefined };
    if (await this.opts.store.dailyDigests.get(slot.day)) {
      this.written.add(slot.day);
      return { queued: undefined };
    }
    const report = await this.opts.digest.forSlot(slot, channelId);
    const pages = threadPages(channelUiFor(this.opts.locale), report);
    const queued = await this.opts.store.transaction(async (tx) => {
      // Another replica (or this one before a restart) may have written it meanwhile.
      if (!(await tx.dailyDigests.claim({ day: slot.day, channelId, report, pages }))) return false;
      for (let page = 0; page <= pages; page += 1) {
        const notice: DailyDigestNotice = { kind: 'daily-digest', day: slot.day, page, at: now.getTime() };
        await tx.outbox.enqueue({
          dedupeKey: digestPageKey(slot.day, page),
          channelId,
          payload: notice,
          nextAttemptAt: now,
        });
      }
      return true;
    });
    this.written.add(slot.day);
    if (!queued) return { queued: undefined };
    this.log.info(
      { day: slot.day, channel: channelId, pages, lateMs: now.getTime() - slot.at },
      'daily digest queued',
    );
    this.opts.onOutbox?.();
    return { queued: slot.day };
  }

  start(): void {
    if (this.opts.channelId) this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A look, then the next one after `pollMs` or a second after the next digest hour, whichever comes first. */
  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.runOnce().catch((err: unknown) => this.log.error({ err }, 'daily digest pass failed'));
      const now = this.opts.clock.now().getTime();
      const untilHour = nextSlotAt(now, this.opts.minutes) + 1_000 - now;
      await sleep(this.opts.timers, Math.min(this.opts.pollMs, untilHour), signal);
    }
  }
}
