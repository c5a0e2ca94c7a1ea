import type { Kysely } from 'kysely';
import type { DatabaseKind } from './migrations.ts';
import type { Database } from './schema.ts';
import type { Clock } from './types.ts';

/** What every repo is built from: a connection or a transaction, and the clock. */
export interface RepoContext {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  readonly clock: Clock;
}
