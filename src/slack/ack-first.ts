/**
 * Acks before work. Bolt 5.1.0 sends a listener's `ack()` at once and then
 * runs the listener's work (the claim in the store, the user's language, the
 * provider request, the log lines) on the same thread that must read and
 * acknowledge the deliveries still arriving, with nothing to put acks first.
 * Under 200 commands at once on a 2-core machine busy with other work, that
 * pushed the last acks past Slack's 3 s, and Slack then shows those people
 * the command failed (`npm run bench ack-latency`, load average 3 to 8: the
 * slowest ack 3.2 to 5.2 s in 5 runs of 12 without this, under 1.1 s in every
 * run with it; on the machine alone, 1.15 s without and 0.42 s with).
 *
 * So the ack guarded-app.ts hands a listener resolves on the listener's turn:
 * turns are given once no delivery has arrived for QUIET_MS (each says so with
 * `arrived()`), one listener per turn of the event loop in the order they
 * acknowledged, so that a delivery arriving between two of them is read (and
 * stops the turns) first. A stream that never leaves the bot quiet holds a
 * listener HOLD_MS at most: work is delayed, never dropped.
 */

/** No delivery for this long: the bot is quiet, waiting work goes on (ms). */
export const QUIET_MS = 20;
/** The longest a listener waits for a quiet moment under a stream of deliveries (ms). */
export const HOLD_MS = 1_000;

export class AckFirst {
  private readonly waiting: { go: () => void; since: number }[] = [];
  private lastArrival = Number.NEGATIVE_INFINITY;
  private scheduled = false;

  /** A delivery has arrived: its ack goes before any waiting work. */
  arrived(): void {
    this.lastArrival = performance.now();
  }

  /** Resolves on the caller's turn (see above), after those who called it before. */
  turn(): Promise<void> {
    return new Promise<void>((go) => {
      this.waiting.push({ go, since: performance.now() });
      this.schedule(0);
    });
  }

  private schedule(ms: number): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const release = () => {
      this.scheduled = false;
      this.release();
    };
    if (ms > 0) setTimeout(release, ms);
    else setImmediate(release);
  }

  private release(): void {
    const next = this.waiting[0];
    if (!next) return;
    const now = performance.now();
    const wait = Math.min(this.lastArrival + QUIET_MS - now, next.since + HOLD_MS - now);
    if (wait > 0) {
      this.schedule(Math.ceil(wait));
      return;
    }
    this.waiting.shift();
    this.schedule(0);
    next.go();
  }
}
