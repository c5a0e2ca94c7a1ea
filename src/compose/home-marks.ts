/**
 * The store the features that keep requests waiting on people are handed
 * (paid signup's quotes, /hosting's operations): after each write that
 * changes what waits on a decision, the App Homes it concerns are marked (a
 * write that failed marks nothing). A new request, or one leaving `quoted` /
 * `pending` (decided, withdrawn, expired), may change anyone's Home: everyone
 * who opened theirs is marked, and the publisher publishes only the Homes
 * that look different. An order's later steps (being placed, placed, failed)
 * mark its requester alone. A mute set or lifted (`/vps mute`, the alert's
 * button) is on everyone's Home too.
 */
import type { HomeChanges } from '../services/home/index.ts';
import type { Store } from '../store/index.ts';

type Async = (...a: never[]) => Promise<unknown>;

/** `fn`, then `mark` with its result and arguments. */
function after<F extends Async>(
  fn: F,
  mark: (result: Awaited<ReturnType<F>>, args: Parameters<F>) => void,
): F {
  return (async (...args: Parameters<F>) => {
    const result = (await fn(...args)) as Awaited<ReturnType<F>>;
    mark(result, args);
    return result;
  }) as F;
}

export function homeMarkingStore(store: Store, changes: Pick<HomeChanges, 'soon'>): Store {
  const { signups, operations, mutes } = store;
  const everyone = (why: string) => () => changes.soon('everyone', why);
  const expired = (why: string) => (rows: readonly unknown[]) => {
    if (rows.length > 0) changes.soon('everyone', why);
  };
  return Object.assign(Object.create(store) as Store, {
    signups: Object.assign(Object.create(signups) as Store['signups'], {
      create: after(signups.create.bind(signups), everyone('quote')),
      transition: after(signups.transition.bind(signups), (r, [, from, to]) => {
        if (!r.won || from.includes(to)) return;
        if (from.includes('quoted')) changes.soon('everyone', 'quote decided');
        else changes.soon([r.row.requesterId], 'order');
      }),
      expireDue: after(signups.expireDue.bind(signups), expired('quotes expired')),
    }),
    operations: Object.assign(Object.create(operations) as Store['operations'], {
      create: after(operations.create.bind(operations), everyone('operation')),
      transition: after(operations.transition.bind(operations), (r, [, from]) => {
        if (!r.won) return;
        if (from.includes('pending')) changes.soon('everyone', 'operation decided');
        else changes.soon([r.row.requesterId], 'operation');
      }),
      expireDue: after(operations.expireDue.bind(operations), expired('operations expired')),
    }),
    mutes: Object.assign(Object.create(mutes) as Store['mutes'], {
      set: after(mutes.set.bind(mutes), everyone('mute')),
      remove: after(mutes.remove.bind(mutes), everyone('unmute')),
    }),
  });
}
