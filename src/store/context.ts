import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { DatabaseKind } from './migration-kit.ts';
import type { Database } from './schema.ts';

/**
 * The account every row belongs to when only PROVIDER_API_KEY is set, and the
 * one every row kept before migration 0016 was given.
 */
export const DEFAULT_ACCOUNT = 'default';

/** An account's name as the policy file writes it (`main`, `shop-a`). */
export const ACCOUNT_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** What every repo is built from: a connection or a transaction, the clock, and the account. */
export interface RepoContext {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  readonly clock: Clock;
  /**
   * The provider account whose rows the account-scoped repos read and write
   * (every query filters on it, every insert writes it); shared repos ignore it.
   */
  readonly account: string;
}
