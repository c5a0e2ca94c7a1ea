/**
 * Where the reading of the provider key's API log stands (key-use-types.ts):
 * one row, written by the watcher's leader in the transaction that raises
 * what it found, by compare-and-set on its version, so a replica that lost
 * the lease meanwhile (or a second one reading the same span) writes nothing.
 */
import type { Selectable } from 'kysely';
import type { RepoContext } from './context.ts';
import type { KeyLogInput, KeyLogState } from './key-use-types.ts';
import { date, iso, type KeyLogTable } from './schema.ts';

export interface KeyLogRepo {
  /** The state; null before the first read of the log. */
  get(): Promise<KeyLogState | null>;
  /**
   * Writes `next` if the stored version is still `expected` (null: no row
   * yet); the state written, or null when another write came first.
   */
  save(next: KeyLogInput, expected: number | null): Promise<KeyLogState | null>;
}

const NAME = 'key';

function json<T>(text: string, fallback: T): T {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

function aheadOf(text: string, judgedThrough: number): KeyLogState['ahead'] {
  const v = json<Partial<KeyLogState['ahead']>>(text, {});
  return {
    // A row from before the column: looked at as far as it was judged.
    through: typeof v.through === 'number' ? v.through : judgedThrough,
    judged: v.judged && typeof v.judged === 'object' ? v.judged : {},
    seen: typeof v.seen === 'number' ? v.seen : 0,
  };
}

const toState = (r: Selectable<KeyLogTable>): KeyLogState => ({
  judgedThrough: date(r.judged_through),
  ownIps: json(r.own_ips, {}),
  denied: json(r.denied, []),
  expected: json(r.expected, {}),
  ahead: aheadOf(r.ahead, date(r.judged_through).getTime()),
  version: Number(r.version),
  updatedAt: date(r.updated_at),
});

export function keyLogRepo(ctx: RepoContext): KeyLogRepo {
  const { db, clock, account } = ctx;
  return {
    async get() {
      const r = await db
        .selectFrom('key_log')
        .selectAll()
        .where('account', '=', account)
        .where('name', '=', NAME)
        .executeTakeFirst();
      return r ? toState(r) : null;
    },

    async save(next, expected) {
      const values = {
        judged_through: iso(next.judgedThrough),
        own_ips: JSON.stringify(next.ownIps),
        denied: JSON.stringify(next.denied),
        expected: JSON.stringify(next.expected),
        ahead: JSON.stringify(next.ahead),
        updated_at: iso(clock.now()),
      };
      const r =
        expected === null
          ? await db
              .insertInto('key_log')
              .values({ account, name: NAME, ...values, version: 1 })
              .onConflict((oc) => oc.columns(['account', 'name']).doNothing())
              .returningAll()
              .executeTakeFirst()
          : await db
              .updateTable('key_log')
              .set({ ...values, version: expected + 1 })
              .where('account', '=', account)
              .where('name', '=', NAME)
              .where('version', '=', expected)
              .returningAll()
              .executeTakeFirst();
      return r ? toState(r) : null;
    },
  };
}
