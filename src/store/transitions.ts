import type { Generated, Kysely, Selectable, Updateable } from 'kysely';
import type { RepoContext } from './context.ts';
import { StoreError } from './errors.ts';
import { type Database, type IsoText, iso } from './schema.ts';

/**
 * The one compare-and-set every state-machine repo (`signups`, `operations`)
 * moves its rows with: the edge check against the machine's table, one
 * conditional UPDATE … WHERE id = ? AND state IN (from) [AND expires_at > now]
 * on the store's account's rows, and, for a loser, the row as it is now.
 */

/** A compare-and-set's outcome: the winner gets the row it wrote, a loser the row as it is now. */
export type TransitionResult<Row> = { won: true; row: Row } | { won: false; row: Row | null };

export interface TransitionGuard {
  /** Win only while `expiresAt` is still ahead of the store's clock (approvals). */
  unexpired?: boolean;
}

export interface StateMachine<S extends string> {
  /** For error messages: `signup`, `operation`. */
  readonly noun: string;
  readonly states: readonly S[];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** Non-terminal states may also move to themselves (to record a patch without a state change). */
  readonly selfEdges: boolean;
}

/** Throws STORE_INVALID_TRANSITION unless every `from -> to` is an edge of the machine. */
export function checkEdges<S extends string>(machine: StateMachine<S>, from: readonly S[], to: S): void {
  const { noun, states, transitions } = machine;
  if (!states.includes(to)) {
    throw new StoreError('STORE_INVALID_TRANSITION', `unknown ${noun} state ${String(to)}`);
  }
  if (from.length === 0)
    throw new StoreError('STORE_INVALID_TRANSITION', 'transition needs at least one from-state');
  for (const f of from) {
    if (!states.includes(f))
      throw new StoreError('STORE_INVALID_TRANSITION', `unknown ${noun} state ${String(f)}`);
    const selfEdge = machine.selfEdges && f === to && transitions[f].length > 0;
    if (!selfEdge && !transitions[f].includes(to)) {
      throw new StoreError('STORE_INVALID_TRANSITION', `${noun} cannot move from ${f} to ${to}`);
    }
  }
}

/** The columns compare-and-set relies on. */
interface StatefulColumns {
  account: Generated<string>;
  id: string;
  state: string;
  expires_at: IsoText;
  updated_at: IsoText;
}

/** Tables with those columns. */
export type StatefulTable = {
  [T in keyof Database]: Database[T] extends StatefulColumns ? T : never;
}[keyof Database];

export interface CompareAndSetSpec<T extends StatefulTable, S extends string, Row> {
  readonly table: T;
  readonly machine: StateMachine<S>;
  readonly toRow: (r: Selectable<Database[T]>) => Row;
}

/**
 * Moves row `id` from one of `from` to `to`, setting `columns` too, in ONE
 * conditional UPDATE, so of any number of concurrent callers (several stores on
 * the same database included) exactly one wins. With `guard.unexpired` the
 * UPDATE also requires `expires_at` to be after the store's clock. A loser gets
 * `won: false` and the row as it is now (null if no such id).
 */
export async function compareAndSet<T extends StatefulTable, S extends string, Row>(
  ctx: RepoContext,
  spec: CompareAndSetSpec<T, S, Row>,
  id: string,
  from: readonly S[],
  to: S,
  columns: Updateable<Database[T]>,
  guard: TransitionGuard = {},
): Promise<TransitionResult<Row>> {
  checkEdges(spec.machine, from, to);
  const now = iso(ctx.clock.now());
  // Kysely cannot resolve columns on a generic table, so the query is built on a
  // view holding only the columns it names; the table name stays the real one.
  const db = ctx.db as unknown as Kysely<Record<StatefulTable, StatefulColumns>>;
  const table: StatefulTable = spec.table;
  let q = db
    .updateTable(table)
    .set({ ...(columns as Updateable<StatefulColumns>), state: to, updated_at: now })
    .where('account', '=', ctx.account)
    .where('id', '=', id)
    .where('state', 'in', [...from]);
  if (guard.unexpired) q = q.where('expires_at', '>', now);
  const updated = await q.returningAll().executeTakeFirst();
  const toRow = (r: Selectable<StatefulColumns>) => spec.toRow(r as Selectable<Database[T]>);
  if (updated) return { won: true, row: toRow(updated) };
  const current = await db
    .selectFrom(table)
    .selectAll()
    .where('account', '=', ctx.account)
    .where('id', '=', id)
    .executeTakeFirst();
  return { won: false, row: current ? toRow(current) : null };
}
