/**
 * The bot's own requests, handed to whoever keeps them (the store's journal),
 * so that the key's API log (docs/provider-api.md, API logs) can be read for
 * the requests the bot did not make. The provider layer imports nothing of
 * the project, so it says here what it needs, as the daily counter does.
 *
 * Each HTTP request is noted the moment it is sent (a retry is a request of
 * its own), before any answer: a replica that dies while a request is under
 * way has journaled it already. The notes go to the store in batches, one
 * write in flight at a time, never on the request's path: a request waits for
 * nothing of this. A write that failed is kept (up to `maxPending`) and goes
 * with the next one; `flush()` writes what is left when the client closes.
 */

/** One request as it left: its method, its path as the provider logs it (no query), and when. */
export interface SentRequest {
  method: string;
  path: string;
  /** Epoch ms, the client's clock, taken just before the request was handed to the connection. */
  sentAt: number;
}

/** Where the notes are kept (the store implements it). */
export interface SentRequestSink {
  append(requests: readonly SentRequest[]): Promise<void>;
  /**
   * The time to note (epoch ms): the clock the key's log is judged by (the
   * bot's, which a sandbox moves with its simulator). Default: the client's.
   */
  now?: () => number;
}

export class SentRequestJournal {
  private pending: SentRequest[] = [];
  private writing: Promise<void> | null = null;
  private readonly maxPending: number;

  constructor(
    private readonly opts: {
      sink: SentRequestSink;
      /** The time noted (epoch ms): the sink's `now`, else the client's clock. */
      now: () => number;
      /** A write failed (the batch is kept for the next one). */
      onWriteFailed?: (err: unknown, kept: number) => void;
      /** The most notes kept while the store does not take them; the oldest go first. Default 50,000. */
      maxPending?: number;
    },
  ) {
    this.maxPending = opts.maxPending ?? 50_000;
  }

  /** A request is being sent now. Never waits. */
  note(method: string, path: string): void {
    this.pending.push({ method, path, sentAt: this.opts.now() });
    if (this.pending.length > this.maxPending) this.pending.splice(0, this.pending.length - this.maxPending);
    if (this.writing === null) void this.write();
  }

  /** Waits for the write under way, then writes what is left (the client is closing, or a test reads the journal). */
  async flush(): Promise<void> {
    while (this.writing !== null || this.pending.length > 0) {
      if (this.writing !== null) await this.writing;
      else if (!(await this.write())) return;
    }
  }

  /** Notes not yet in the store. */
  get unwritten(): number {
    return this.pending.length;
  }

  /** Writes everything pending as one batch; true when it was stored. */
  private write(): Promise<boolean> {
    const batch = this.pending;
    this.pending = [];
    let stored = false;
    const done = this.opts.sink.append(batch).then(
      () => {
        stored = true;
      },
      (err: unknown) => {
        // Kept, ahead of what was sent meanwhile, for the next write.
        this.pending = [...batch, ...this.pending].slice(-this.maxPending);
        this.opts.onWriteFailed?.(err, this.pending.length);
      },
    );
    this.writing = done.then(() => {
      this.writing = null;
      // After a success, what was sent meanwhile goes at once; after a failure, with the next request.
      if (stored && this.pending.length > 0) void this.write();
    });
    return this.writing.then(() => stored);
  }
}

/**
 * A path as the key's log names it: the path alone (no query, no fragment),
 * percent-escapes read, no trailing slash. Both sides of a comparison go
 * through it, so an escaped uuid or a log that kept the query still compare.
 */
export function loggedPath(path: string): string {
  let p = path.split(/[?#]/, 1)[0] ?? '';
  try {
    p = decodeURIComponent(p);
  } catch {
    // A malformed escape stays as written.
  }
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}
