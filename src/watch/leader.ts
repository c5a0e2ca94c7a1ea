import type { Logger } from 'pino';
import { type Clock, sleep, type Timers } from '../clock.ts';
import type { Store } from '../store/index.ts';

/**
 * Who runs the watcher and the notifier. With PostgreSQL several replicas
 * share one store: the holder of the `watcher` lease leads, the others retry
 * now and then and take over once it lapses. With SQLite the single process
 * always leads and never touches the lease table.
 *
 * The leader counts itself leader only until `ttl - margin` after its last
 * successful renewal, so a leader cut off from the database stops before a
 * follower can have taken over (the margin covers one slow request).
 */
export class Leadership {
  readonly holder: string;
  private validUntil = 0;
  /** The last failure to reach the lease table, for the watcher's log and health. */
  lastError: unknown;
  private readonly name: string;

  constructor(
    private readonly opts: {
      store: Pick<Store, 'leases'>;
      holder: string;
      ttlMs: number;
      clock: Clock;
      alwaysLead: boolean;
      name?: string;
    },
  ) {
    this.holder = opts.holder;
    this.name = opts.name ?? 'watcher';
  }

  get ttlMs(): number {
    return this.opts.ttlMs;
  }

  isLeader(): boolean {
    if (this.opts.alwaysLead) return true;
    return this.opts.clock.now().getTime() < this.validUntil;
  }

  /** Takes or renews the lease; returns whether this process leads now. */
  async ensure(): Promise<boolean> {
    if (this.opts.alwaysLead) return true;
    const startedAt = this.opts.clock.now().getTime();
    let held = false;
    try {
      held = await this.opts.store.leases.acquire(this.name, this.holder, this.opts.ttlMs);
      this.lastError = undefined;
    } catch (err) {
      // A database we cannot reach is a lease we cannot prove: step down.
      this.lastError = err;
      held = false;
    }
    const margin = Math.min(5_000, this.opts.ttlMs / 5);
    this.validUntil = held ? startedAt + this.opts.ttlMs - margin : 0;
    return held;
  }

  /**
   * Holds the lease while `signal` lasts: renews it (or tries to take it)
   * every third of its life; `onTaken` when this replica becomes the leader.
   */
  async keep(timers: Timers, signal: AbortSignal, log: Logger, onTaken: () => void): Promise<void> {
    const every = Math.max(100, Math.floor(this.opts.ttlMs / 3));
    while (!signal.aborted) {
      const was = this.isLeader();
      const now = await this.ensure();
      if (now && !was) {
        log.info({ holder: this.holder }, 'took the watcher lease');
        onTaken();
      } else if (!now && was) {
        log.warn({ err: this.lastError }, 'lost the watcher lease');
      }
      await sleep(timers, every, signal);
    }
  }

  async release(): Promise<void> {
    if (this.opts.alwaysLead) return;
    this.validUntil = 0;
    await this.opts.store.leases.release(this.name, this.holder);
  }
}
