/**
 * The requests waiting at the gate: one first-come, first-served line per
 * priority. The gate decides when the next one may go; this only keeps the
 * order.
 */
import { PRIORITIES, type Priority } from './priorities.ts';

/**
 * One request's place in the queue. Raising it (an identical read joined by a
 * person who outranks its first asker) moves it up while it waits.
 */
export class GateTicket {
  constructor(public priority: Priority) {}
}

export interface GatePermit {
  release(): void;
}

export interface Waiter {
  ticket: GateTicket;
  resolve: (permit: GatePermit) => void;
  reject: (err: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class GateQueue {
  private readonly lines: Record<Priority, Waiter[]> = { order: [], write: [], read: [], background: [] };

  get size(): number {
    return PRIORITIES.reduce((n, p) => n + this.lines[p].length, 0);
  }

  /** Waiters per priority. */
  sizeBy(): Record<Priority, number> {
    return {
      order: this.lines.order.length,
      write: this.lines.write.length,
      read: this.lines.read.length,
      background: this.lines.background.length,
    };
  }

  /** At the end of its ticket's line. */
  push(waiter: Waiter): void {
    this.lines[waiter.ticket.priority].push(waiter);
  }

  /** Takes a waiter out of its line (it gave up); nothing when it is not waiting. */
  remove(waiter: Waiter): void {
    const line = this.lines[waiter.ticket.priority];
    const i = line.indexOf(waiter);
    if (i >= 0) line.splice(i, 1);
  }

  /**
   * Sets the ticket's priority; a waiter holding it moves to the end of its new
   * line. Whether one moved.
   */
  move(ticket: GateTicket, priority: Priority): boolean {
    const line = this.lines[ticket.priority];
    const i = line.findIndex((w) => w.ticket === ticket);
    ticket.priority = priority;
    if (i < 0) return false;
    const [waiter] = line.splice(i, 1);
    if (waiter) this.lines[priority].push(waiter);
    return true;
  }

  /** The highest priority someone waits at. */
  highest(): Priority | undefined {
    return PRIORITIES.find((p) => this.lines[p].length > 0);
  }

  /** The first waiter of `priority`'s line, taken out of it. */
  shift(priority: Priority): Waiter | undefined {
    return this.lines[priority].shift();
  }

  /** Empties every line, highest priority first. */
  drain(): Waiter[] {
    return PRIORITIES.flatMap((p) => this.lines[p].splice(0));
  }
}
