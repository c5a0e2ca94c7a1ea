/**
 * When the bot has answered. Slack never says it, and nor does the bot: an
 * ack comes first and the answer follows through the Web API whenever the
 * work is done. The terminal knows three things: deliveries still waiting
 * for their ack, interactions still waiting for their first answer, and the
 * last moment anything happened (a Web API call, a provider request). It
 * counts the bot as done when nothing is outstanding and nothing has
 * happened for a short quiet period.
 */
export class Pending {
  private outstanding = 0;
  private readonly awaiting = new Set<{ timer: NodeJS.Timeout }>();
  private last = Date.now();
  private waiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly opts: {
      /** How long nothing must happen before the bot counts as done (ms). */
      quietMs: number;
      /** How long an interaction waits for its first answer before giving up on it (ms). */
      answerTimeoutMs: number;
      /** Work the terminal can see elsewhere (provider requests in flight). */
      busy?: () => boolean;
      /**
       * How long `busy` may hold the bot as working when nothing else happens
       * (ms, default 10 s): the watcher's own requests keep the provider busy
       * for good when answers are slow (`sim latency 5000`).
       */
      busyLimitMs?: number;
    },
  ) {}

  /** Something happened: the quiet period starts again. */
  activity(): void {
    this.last = Date.now();
    this.check();
  }

  /** A delivery to the bot: outstanding until its HTTP answer (the ack) arrives. */
  async track<T>(work: Promise<T>): Promise<T> {
    this.outstanding += 1;
    try {
      return await work;
    } finally {
      this.outstanding -= 1;
      this.activity();
    }
  }

  /**
   * An interaction that will be answered later: outstanding until `answered`
   * is called (its first answer arrived) or the timeout passes, when
   * `onTimeout` is called.
   */
  expectAnswer(onTimeout: () => void): { answered: () => void } {
    const entry = {
      timer: setTimeout(() => {
        if (!this.awaiting.delete(entry)) return;
        onTimeout();
        this.activity();
      }, this.opts.answerTimeoutMs),
    };
    this.awaiting.add(entry);
    return {
      answered: () => {
        if (!this.awaiting.delete(entry)) return;
        clearTimeout(entry.timer);
        this.activity();
      },
    };
  }

  /** Resolves once nothing is outstanding and the quiet period has passed. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.check();
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const a of this.awaiting) clearTimeout(a.timer);
    this.awaiting.clear();
    const all = this.waiters;
    this.waiters = [];
    for (const w of all) w();
  }

  private check(): void {
    if (this.closed || this.waiters.length === 0) return;
    clearTimeout(this.timer);
    if (this.outstanding > 0 || this.awaiting.size > 0) return;
    const quiet = Date.now() - this.last;
    const left = this.opts.quietMs - quiet;
    const busy = quiet < (this.opts.busyLimitMs ?? 10_000) && this.opts.busy?.() === true;
    if (left > 0 || busy) {
      this.timer = setTimeout(() => this.check(), Math.max(left, 20));
      return;
    }
    const all = this.waiters;
    this.waiters = [];
    for (const w of all) w();
  }
}
