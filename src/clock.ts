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

/**
 * A background loop, started once and stopped by aborting the signal its
 * body runs with: `stop` waits for the round under way to end.
 */
export class BackgroundLoop {
  private abort: AbortController | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly body: (signal: AbortSignal) => Promise<void>) {}

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    this.loop = this.body(abort.signal);
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    this.abort = undefined;
    this.loop = undefined;
  }
}

/**
 * A background loop of passes that something else can wake early (`kick`,
 * after a commit it should see): each pass answers how long to wait before
 * the next. A kick that came during a pass (whose reads may have missed what
 * was announced) runs the next pass at once, when `again(wait)` says the
 * pass's own wait is not already short enough. `stop` ends the wait under
 * way and waits for the pass under way.
 */
export class KickedLoop {
  private kicked = false;
  private readonly waiting: LoopWait;
  private readonly loop: BackgroundLoop;

  constructor(timers: Timers, pass: () => Promise<number>, again: (wait: number) => boolean = () => true) {
    this.waiting = new LoopWait(timers);
    this.loop = new BackgroundLoop(async (signal) => {
      while (!signal.aborted) {
        this.kicked = false;
        const wait = await pass();
        if (signal.aborted) break;
        if (this.kicked && again(wait)) continue;
        await this.waiting.idle(signal, wait);
      }
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    // Aborted first, then woken from its wait, so the pass under way ends at once.
    const stopped = this.loop.stop();
    this.waiting.wake();
    await stopped;
  }

  kick(): void {
    this.kicked = true;
    this.waiting.wake();
  }
}

/**
 * The wait of a background loop between its passes: `ms` on the given timers,
 * or less when something is announced (`wake`) or the loop stops (`signal`).
 */
class LoopWait {
  private waking: (() => void) | undefined;

  constructor(private readonly timers: Timers) {}

  async idle(signal: AbortSignal, ms: number): Promise<void> {
    const woken = new Promise<void>((resolve) => {
      this.waking = resolve;
    });
    const ctl = new AbortController();
    const onAbort = () => ctl.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    await Promise.race([sleep(this.timers, ms, ctl.signal), woken]);
    ctl.abort();
    signal.removeEventListener('abort', onAbort);
    this.waking = undefined;
  }

  /** Ends the wait under way, if any. */
  wake(): void {
    this.waking?.();
  }
}
