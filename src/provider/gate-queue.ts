/**
 * The requests waiting at the gate: one line per priority, and inside a line
 * the people served in turn (round robin): each person who waits has their
 * own first-come, first-served queue, and the next place of a priority goes to
 * the first request of the person whose turn it is, who then goes to the end
 * of the round. One person's forty reads therefore hold another person's one
 * read behind them for one turn at most. Requests for nobody in particular
 * (the watcher, the key's health check, reads the whole bot shares) are one
 * more participant of their line. The gate decides when the next one may go;
 * this only keeps the order.
 */
import { PRIORITIES, type Priority } from './priorities.ts';

/** The participant of requests made for nobody in particular. */
export const SHARED_PARTICIPANT = '';

/**
 * One request's place in the queue. Raising it (an identical read joined by a
 * person who outranks its first asker) moves it up while it waits; a person
 * who joins it may take it into their own turn (`GateQueue.join`).
 */
export class GateTicket {
  constructor(
    public priority: Priority,
    /** Whose turn it waits for (a Slack user id); the shared participant when absent. */
    public person: string = SHARED_PARTICIPANT,
  ) {}
}

export interface GatePermit {
  release(): void;
  /** Which of our requests this is (the gate's start order and what was in flight), for its answer's headers. */
  readonly mark?: { seq: number; inFlight: number };
}

export interface Waiter {
  ticket: GateTicket;
  resolve: (permit: GatePermit) => void;
  reject: (err: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * One priority's line: each participant's own queue, in the order of their
 * turns (a Map keeps insertion order: the one served goes to the end).
 */
class Line {
  private readonly turns = new Map<string, Waiter[]>();
  size = 0;

  push(waiter: Waiter): void {
    const key = waiter.ticket.person;
    const own = this.turns.get(key);
    if (own) own.push(waiter);
    else this.turns.set(key, [waiter]);
    this.size += 1;
  }

  remove(waiter: Waiter): boolean {
    const key = waiter.ticket.person;
    const own = this.turns.get(key);
    const i = own ? own.indexOf(waiter) : -1;
    if (!own || i < 0) return false;
    own.splice(i, 1);
    if (own.length === 0) this.turns.delete(key);
    this.size -= 1;
    return true;
  }

  find(ticket: GateTicket): { waiter: Waiter; index: number } | undefined {
    const own = this.turns.get(ticket.person);
    const index = own ? own.findIndex((w) => w.ticket === ticket) : -1;
    return own && index >= 0 ? { waiter: own[index]!, index } : undefined;
  }

  /** The first request of the participant whose turn it is; they go to the end of the round. */
  shift(): Waiter | undefined {
    const first = this.turns.entries().next();
    if (first.done) return undefined;
    const [key, own] = first.value;
    const waiter = own.shift();
    this.turns.delete(key);
    if (own.length > 0) this.turns.set(key, own);
    this.size -= 1;
    return waiter;
  }

  /** Requests `person` has waiting here. */
  countOf(person: string): number {
    return this.turns.get(person)?.length ?? 0;
  }

  /**
   * Requests that go before `person`'s `k`-th waiting one (k from 1): `k - 1`
   * of their own, and at most `k` of every other participant's (one a turn).
   */
  aheadOf(person: string, k: number): number {
    let ahead = k - 1;
    for (const [key, own] of this.turns) if (key !== person) ahead += Math.min(own.length, k);
    return ahead;
  }

  drain(): Waiter[] {
    const all = [...this.turns.values()].flat();
    this.turns.clear();
    this.size = 0;
    return all;
  }
}

export class GateQueue {
  private readonly lines: Record<Priority, Line> = {
    order: new Line(),
    write: new Line(),
    read: new Line(),
    background: new Line(),
  };

  get size(): number {
    return PRIORITIES.reduce((n, p) => n + this.lines[p].size, 0);
  }

  /** Waiters per priority. */
  sizeBy(): Record<Priority, number> {
    return {
      order: this.lines.order.size,
      write: this.lines.write.size,
      read: this.lines.read.size,
      background: this.lines.background.size,
    };
  }

  /** Waiters of one priority. */
  sizeAt(priority: Priority): number {
    return this.lines[priority].size;
  }

  /** At the end of its person's queue in its ticket's line. */
  push(waiter: Waiter): void {
    this.lines[waiter.ticket.priority].push(waiter);
  }

  /** Takes a waiter out of its line (it gave up); nothing when it is not waiting. */
  remove(waiter: Waiter): void {
    this.lines[waiter.ticket.priority].remove(waiter);
  }

  /**
   * Sets the ticket's priority; a waiter holding it moves to the end of its
   * person's queue in the new line. Whether one moved.
   */
  move(ticket: GateTicket, priority: Priority): boolean {
    const found = this.lines[ticket.priority].find(ticket);
    if (found) this.lines[ticket.priority].remove(found.waiter);
    ticket.priority = priority;
    if (!found) return false;
    this.lines[priority].push(found.waiter);
    return true;
  }

  /**
   * `person` joins a waiting ticket: it waits in their turn instead when that
   * comes sooner (fewer of their own wait in its line than of its owner's
   * before it), so nobody waits behind another person's queue for a read
   * they share. Whether it moved.
   */
  join(ticket: GateTicket, person: string): boolean {
    if (person === ticket.person) return false;
    const line = this.lines[ticket.priority];
    const found = line.find(ticket);
    if (!found || line.countOf(person) >= found.index) return false;
    line.remove(found.waiter);
    ticket.person = person;
    line.push(found.waiter);
    return true;
  }

  /** The highest priority someone waits at. */
  highest(): Priority | undefined {
    return PRIORITIES.find((p) => this.lines[p].size > 0);
  }

  /** The next waiter of `priority`'s line (the first of whoever's turn it is), taken out of it. */
  shift(priority: Priority): Waiter | undefined {
    return this.lines[priority].shift();
  }

  /** Requests `person` has waiting, in every line. */
  waitingOf(person: string): number {
    return PRIORITIES.reduce((n, p) => n + this.lines[p].countOf(person), 0);
  }

  /** Requests `person` has waiting at `priority`. */
  waitingAt(person: string, priority: Priority): number {
    return this.lines[priority].countOf(person);
  }

  /**
   * Requests that go before `person`'s `k`-th request at `priority` (k from 1;
   * one more than they have waiting there is a new one): every one waiting
   * above it, and in its own line one turn of each other participant for
   * each of the person's own before it.
   */
  aheadOf(person: string, priority: Priority, k: number): number {
    let ahead = 0;
    for (const p of PRIORITIES) {
      if (p === priority) break;
      ahead += this.lines[p].size;
    }
    return ahead + this.lines[priority].aheadOf(person, k);
  }

  /** Empties every line, highest priority first. */
  drain(): Waiter[] {
    return PRIORITIES.flatMap((p) => this.lines[p].drain());
  }
}
