/**
 * How a change reaches the App Homes that show it, across replicas and
 * restarts. The service or worker that made a change (a quote posted, a click
 * decided, a mute, the watcher's commit, a claim) calls `refresh` with whose
 * Homes it concerns; they are flagged stale in the store (`home_viewers`) and
 * this process's publisher is woken. The one publisher (the lease holder's,
 * src/workers/home-publisher.ts) reads the stale Homes on its rhythm, so a
 * change made on another replica, or before a restart, is published too.
 * Refreshing is never a reason for a change to fail: a failed write is logged,
 * and the person's next opening of their Home shows it anyway.
 *
 * It sits beside audit.ts rather than in src/services/home/: the Home reads
 * the very features that refresh it, so their reaching into the Home's folder
 * would close a circle.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { Store } from '../store/index.ts';

/** Whose Home a change concerns: every person who opened theirs, or some. */
export type Concerned = 'everyone' | readonly string[];

export class HomeChanges {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  /** Someone opened their Home: remembered, and their Home published. */
  async opened(userId: string): Promise<void> {
    await this.deps.store.homeViewers.opened(userId, this.deps.clock.now());
    this.wake();
  }

  /**
   * Something a Home shows changed (`why`, for the log): the Homes of those
   * concerned are drawn again and published where they look different.
   */
  async changed(who: Concerned, why: string): Promise<void> {
    try {
      await this.deps.store.homeViewers.touch(this.deps.clock.now(), who === 'everyone' ? undefined : who);
    } catch (err) {
      this.deps.logger.warn({ err, why }, 'could not mark the Homes a change concerns');
    }
    this.wake();
  }

  /** `changed`, not waited for: the change that calls it goes on at once. */
  refresh(who: Concerned, why: string): void {
    void this.changed(who, why);
  }

  /** Called after every refresh (the publisher of this process). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private wake(): void {
    for (const l of this.listeners) l();
  }
}
