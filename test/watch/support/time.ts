import type { Clock, TimerHandle, Timers } from '../../../src/clock.ts';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * Test time shared by the simulator (manual clock), the store, the provider
 * client, the watcher and the notifier. Nothing waits for wall time: timers
 * fire when the test advances, and between firings `settle()` lets requests
 * and queries under way finish (it waits until the tracked calls are done).
 * `now()` is the bot's Clock; `ms()` is the same instant in epoch ms, for arithmetic.
 */
export class ManualTime implements Clock, Timers {
  private timers: Pending[] = [];
  private seq = 0;
  private pendingCalls = 0;

  constructor(
    private readonly getNow: () => number,
    private readonly setNow: (ms: number) => void,
  ) {}

  now(): Date {
    return new Date(this.getNow());
  }

  ms(): number {
    return this.getNow();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    this.seq += 1;
    const t = { id: this.seq, at: this.ms() + Math.max(0, ms), fn };
    this.timers.push(t);
    return { id: t.id };
  }

  clearTimeout(handle: TimerHandle): void {
    const id = (handle as { id: number }).id;
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** The provider client's clock shape (now + sleep). */
  readonly clientClock = {
    now: () => this.ms(),
    sleep: (ms: number, signal?: AbortSignal): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const h = this.setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          this.clearTimeout(h);
          reject(signal.reason);
        });
      }),
  };

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Wraps an async function so that `settle()` waits for its calls. */
  track<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args: A) => {
      this.pendingCalls += 1;
      try {
        return await fn(...args);
      } finally {
        this.pendingCalls -= 1;
      }
    };
  }

  /** Wraps every function of an object (one level deep and the nested repos) for `settle()`. */
  trackAll<T extends object>(obj: T): T {
    return new Proxy(obj, {
      get: (target, prop) => {
        // Getters run on the real object, so a class's own fields are not proxied.
        const v = Reflect.get(target, prop);
        if (typeof v === 'function') {
          const bound = (v as (...a: unknown[]) => unknown).bind(target);
          return (...a: unknown[]) => {
            const r = bound(...a);
            if (r instanceof Promise) {
              this.pendingCalls += 1;
              return r.finally(() => {
                this.pendingCalls -= 1;
              });
            }
            return r;
          };
        }
        if (v && typeof v === 'object' && !(v instanceof Date)) return this.trackAll(v as object);
        return v;
      },
    });
  }

  /** Lets everything under way finish (real I/O included) without moving time. */
  async settle(): Promise<void> {
    let quiet = 0;
    for (let i = 0; i < 3_000 && quiet < 5; i += 1) {
      await new Promise<void>((r) => setImmediate(r));
      if (this.pendingCalls === 0) quiet += 1;
      else {
        quiet = 0;
        // Real sockets and database drivers need the event loop's I/O phase.
        await new Promise<void>((r) => setTimeout(r, 1));
      }
    }
  }

  /** Moves time forward by `ms`, firing due timers in order and settling after each. */
  async advance(ms: number): Promise<void> {
    const target = this.ms() + ms;
    await this.settle();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      if (next.at > this.ms()) this.setNow(next.at);
      next.fn();
      await this.settle();
    }
    if (target > this.ms()) this.setNow(target);
    await this.settle();
  }

  /** Drives time in steps until `p` settles (or `maxMs` of test time passed). */
  async drive<T>(p: Promise<T>, stepMs = 100, maxMs = 600_000): Promise<T> {
    let done = false;
    const watched = p.finally(() => {
      done = true;
    });
    watched.catch(() => undefined);
    await this.settle();
    let spent = 0;
    while (!done && spent < maxMs) {
      await this.advance(stepMs);
      spent += stepMs;
    }
    return watched;
  }
}

/**
 * One replica's view of the shared test time, with its own clock error: its
 * clock reads `offsetMs` ahead of the test's (negative: behind), changeable at
 * any moment, as an NTP step would; its timers are the test's.
 */
export class ReplicaClock implements Clock, Timers {
  offsetMs = 0;

  constructor(private readonly time: ManualTime) {}

  now(): Date {
    return new Date(this.time.ms() + this.offsetMs);
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.time.setTimeout(fn, ms);
  }

  clearTimeout(handle: TimerHandle): void {
    this.time.clearTimeout(handle);
  }

  /** The provider client's clock shape (now + sleep), with the same error. */
  readonly clientClock = {
    now: () => this.time.ms() + this.offsetMs,
    sleep: (ms: number, signal?: AbortSignal): Promise<void> => this.time.clientClock.sleep(ms, signal),
  };
}
