/**
 * What every migration file shares (migrations.ts holds the list): the two
 * databases, the untyped database a migration sees, and the one fork of the
 * portable column types, the auto-numbered key, which SQLite spells `integer
 * primary key autoincrement` and PostgreSQL an identity.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Migrations run before the schema exists, so they see an untyped database. */
export type AnyDb = Kysely<unknown>;

export function autoId(kind: DatabaseKind) {
  return (col: ColumnDefinitionBuilder) =>
    kind === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}
