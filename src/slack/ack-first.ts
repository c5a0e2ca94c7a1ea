/**
 * Acks first, the rest after. A listener's work after its `ack()` (parsing,
 * claiming the delivery in the store, reading the user's language, asking
 * the provider) runs on the event loop's one thread; run at once, as the
 * microtasks that follow the ack, it goes before every delivery that has
 * already arrived on a socket, whose ack then waits behind it. Under a burst
 * of 200 commands that made the acks far slower than an empty Bolt app's.
 *
 * So the ack that guarded-app.ts hands every listener resolves only on the
 * listener's turn: one waiting listener goes on per turn of the event loop,
 * in the order they acknowledged, and between two of them Node reads what
 * has arrived on its sockets, whose deliveries are acknowledged first. An ack
 * thus waits behind at most one other listener's step, never behind all of
 * them; a quiet bot loses one loop turn (microseconds) per delivery. Work is
 * only delayed, never dropped, and never goes before its own ack. What must
 * happen once (a retried delivery dropped) is decided after the turn by the
 * store's one compare-and-set (`firstDelivery`), whichever of the two
 * deliveries reaches it first.
 */
export class AckFirst {
  private readonly waiting: (() => void)[] = [];
  private head = 0;
  private scheduled = false;

  /** Resolves on a later turn of the event loop, after the listeners that called it before. */
  turn(): Promise<void> {
    return new Promise<void>((go) => {
      this.waiting.push(go);
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
    setImmediate(this.release);
  }

  private readonly release = (): void => {
    this.scheduled = false;
    const go = this.waiting[this.head];
    if (!go) return;
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
    go();
  };
}
