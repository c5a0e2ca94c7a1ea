/**
 * A clock the test drives: `sleep` registers a timer that fires only when the
 * test advances time. `onAdvance` lets a test move the simulator's clock along.
 */
export class ManualClock {
  private t: number;
  private timers: Array<{ at: number; resolve: () => void; reject: (e: unknown) => void; done: boolean }> =
    [];
  readonly sleeps: number[] = [];

  constructor(
    start = Date.UTC(2026, 0, 1, 0, 0, 0),
    private readonly onAdvance?: (ms: number) => void,
  ) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  get pending(): number {
    return this.timers.filter((x) => !x.done).length;
  }

  sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    this.sleeps.push(ms);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const timer = { at: this.t + ms, resolve, reject, done: false };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          if (timer.done) return;
          timer.done = true;
          reject(signal.reason);
        },
        { once: true },
      );
    });
  };

  /** Moves time forward, firing due timers in order; yields to the event loop between them. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => !x.done && x.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      if (due.at > this.t) {
        this.onAdvance?.(due.at - this.t);
        this.t = due.at;
      }
      due.done = true;
      due.resolve();
      await flush();
    }
    if (target > this.t) this.onAdvance?.(target - this.t);
    this.t = target;
    this.timers = this.timers.filter((x) => !x.done);
    await flush();
  }

  /** Fires the next pending timer, whenever it is due. Returns false when none is pending. */
  async next(): Promise<boolean> {
    const due = this.timers.filter((x) => !x.done).sort((a, b) => a.at - b.at)[0];
    if (!due) return false;
    await this.advance(Math.max(0, due.at - this.t));
    return true;
  }
}

/** Lets promise chains and I/O callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((r) => setImmediate(r));
}

/**
 * A clock whose sleeps end at once but move time forward: for tests that only
 * care which waits were asked for (Retry-After, backoff), not about ordering.
 */
export class InstantClock {
  private t: number;
  readonly sleeps: number[] = [];

  constructor(
    start = Date.now(),
    private readonly onAdvance?: (ms: number) => void,
  ) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    this.sleeps.push(ms);
    if (signal?.aborted) throw signal.reason;
    this.t += ms;
    this.onAdvance?.(ms);
    await new Promise<void>((r) => setImmediate(r));
  };
}
