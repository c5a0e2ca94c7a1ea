/**
 * Time as the whole bot sees it: one Clock for the store, the services, the
 * watcher and the notifier, and the timers the background loops wait on.
 * Production passes the system clock and real timers; tests pass a manual pair
 * and advance it instead of sleeping. (src/provider/ keeps its own clock type:
 * it imports nothing of the project.)
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type TimerHandle = { readonly id: number } | ReturnType<typeof setTimeout>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending poll must never keep a stopping process alive.
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Resolves after `ms` on the given timers, or at once when `signal` aborts. */
export function sleep(timers: Timers, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      timers.clearTimeout(handle);
      resolve();
    };
    const handle = timers.setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
