/**
 * Who waits on a request, and what each priority leaves to the ones above it
 * (rate-limit-gate.ts applies these shares).
 */

/** Highest first. */
export const PRIORITIES = ['order', 'write', 'read', 'background'] as const;
export type Priority = (typeof PRIORITIES)[number];

/**
 * The options a caller states who waits on a call with, declared once for
 * every caller:
 * - ORDER: what an approval or a confirmation executes (someone waits to know
 *   whether money moved or data was lost), and the re-check of an order whose
 *   outcome is unknown;
 * - WRITE: a person's change, and the reads that belong to it;
 * - READ: a person's read;
 * - BACKGROUND: the watcher and the key's health check, which give way to people.
 */
export const ORDER = { priority: 'order' } as const;
export const WRITE = { priority: 'write' } as const;
export const READ = { priority: 'read' } as const;
export const BACKGROUND = { priority: 'background' } as const;

/** Who a call is made for: a person's actor (its `userId`), the same object for one command's calls. */
export interface Caller {
  readonly userId: string;
}

/**
 * A priority's options for one person's command: `asPerson(READ, actor)`.
 * People are served in turn inside a priority (gate-queue.ts), and the
 * actor object tells the gate which requests belong to one command.
 */
export function asPerson<O extends { readonly priority: Priority }>(
  opts: O,
  caller: Caller,
): O & { person: string; command: Caller } {
  return { ...opts, person: caller.userId, command: caller };
}

const RANK: Record<Priority, number> = { order: 0, write: 1, read: 2, background: 3 };

/** Whether `a` goes before `b`. */
export function outranks(a: Priority, b: Priority): boolean {
  return RANK[a] < RANK[b];
}

/**
 * Requests of a window that `priority` leaves to the priorities above it:
 * writes leave one to orders; reads leave that one and enough for a change
 * (up to three: the key's scope, the server list, the change itself; 5 % of
 * larger windows, never more than a quarter); background another 10 %.
 */
export function windowFloor(priority: Priority, limit: number, backgroundReserveFraction = 0.1): number {
  if (priority === 'order') return 0;
  const forOrders = limit >= 3 ? 1 : 0;
  if (priority === 'write') return forOrders;
  const forWrites = Math.min(Math.max(3, Math.ceil(limit * 0.05)), Math.floor(limit / 4));
  if (priority === 'read') return forOrders + forWrites;
  return forOrders + forWrites + Math.max(1, Math.ceil(limit * backgroundReserveFraction));
}

/** Places in flight `priority` may fill out of `cap`: reads leave one, background two. */
export function placesFor(priority: Priority, cap: number): number {
  const leave = priority === 'read' ? 1 : priority === 'background' ? 2 : 0;
  return Math.max(1, cap - leave);
}
