/**
 * Acks first, the rest after. A listener's work after its `ack()` (parsing,
 * claiming the delivery in the store, reading the user's language, asking
 * the provider, answering) runs on the event loop's one thread, and so do
 * the next deliveries' acks: run while deliveries keep arriving, that work
 * (and the garbage it leaves, and the calls it makes to Slack and the
 * provider) goes before deliveries still on their way, whose acks then wait
 * behind it. Under a burst of 200 commands that made the acks far slower
 * than an empty Bolt app's.
 *
 * So the ack that guarded-app.ts hands every listener resolves only on the
 * listener's turn, and turns are given only while the bot is quiet: when no
 * delivery has arrived for QUIET_MS (each delivery says so with `arrived()`).
 * Then one waiting listener goes on per turn of the event loop, in the order
 * they acknowledged, so that between two of them Node reads what has arrived
 * on its sockets, and a delivery arriving stops the turns again. A stream of
 * deliveries that never leaves the bot quiet holds a listener at most
 * HOLD_MS: once the oldest has waited that long, turns go on one per loop
 * turn whatever arrives, until no listener has waited that long. An ack thus
 * never waits behind work that could wait, and work is only delayed, by at
 * most HOLD_MS beyond its turn, never dropped, and never goes before its own
 * ack. What must happen once (a retried delivery dropped) is decided after
 * the turn by the store's one compare-and-set (`firstDelivery`), whichever of
 * the two deliveries reaches it first.
 */

/** No delivery for this long: the bot is quiet, waiting work goes on (ms). */
export const QUIET_MS = 20;
/** The longest a listener waits for a quiet moment under a stream of deliveries (ms). */
export const HOLD_MS = 1_000;

/** Time and a timer, real ones in production (tests pass their own). */
export interface AckFirstTime {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Runs `fn` after `ms` (held work keeps a stopping process alive until it has run). */
  after(ms: number, fn: () => void): void;
  /** Runs `fn` on the next turn of the event loop, after what has arrived on the sockets. */
  nextTurn(fn: () => void): void;
}

export const realAckFirstTime: AckFirstTime = {
  now: () => performance.now(),
  after: (ms, fn) => void setTimeout(fn, ms),
  nextTurn: (fn) => void setImmediate(fn),
};

interface Waiting {
  go: () => void;
  since: number;
}

export class AckFirst {
  private readonly waiting: Waiting[] = [];
  private head = 0;
  private scheduled = false;
  private lastArrival = Number.NEGATIVE_INFINITY;

  constructor(private readonly time: AckFirstTime = realAckFirstTime) {}

  /** A delivery has arrived: its ack comes before any waiting work, for QUIET_MS. */
  arrived(): void {
    this.lastArrival = this.time.now();
  }

  /** Resolves on a later turn of the event loop, once quiet (see above), after the listeners that called it before. */
  turn(): Promise<void> {
    return new Promise<void>((go) => {
      this.waiting.push({ go, since: this.time.now() });
      this.schedule();
    });
  }

  /** Listeners waiting for their turn. */
  get length(): number {
    return this.waiting.length - this.head;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.time.nextTurn(this.release);
  }

  private readonly release = (): void => {
    this.scheduled = false;
    const next = this.waiting[this.head];
    if (!next) return;
    const now = this.time.now();
    const quietIn = this.lastArrival + QUIET_MS - now;
    const heldIn = next.since + HOLD_MS - now;
    if (quietIn > 0 && heldIn > 0) {
      // Deliveries are arriving: look again when it may have gone quiet, or the oldest has waited enough.
      this.scheduled = true;
      this.time.after(Math.ceil(Math.min(quietIn, heldIn)), () => {
        this.scheduled = false;
        this.schedule();
      });
      return;
    }
    this.head += 1;
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    } else {
      if (this.head >= 1024) {
        // Under a steady stream the queue may never empty: drop what was served now and then.
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      this.schedule();
    }
    next.go();
  };
}
