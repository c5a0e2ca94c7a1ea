import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { DatabaseKind } from './migration-kit.ts';
import type { Database } from './schema.ts';

/** What every repo is built from: a connection or a transaction, and the clock. */
export interface RepoContext {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  readonly clock: Clock;
}
