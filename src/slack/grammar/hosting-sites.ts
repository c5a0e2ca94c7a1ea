/**
 * The `/hosting` words that change or delete domains, subdomains, WordPress
 * sites and MySQL databases, and read the databases, as a pure function the
 * /hosting grammar (hosting.ts) hands the verbs it does not know to:
 * `domain change <domain>` (a form asks the memo), `domain delete <domain>
 * [delete-files]`, `domain reset <domain> [all|web|other]`, `subdomain change
 * <fqdn>`, `subdomain delete <fqdn> [delete-files]`, `wp change <id>`, `db`
 * (the databases), `db change|delete <db_name>`, `db users`, `db user
 * change|delete <db_user>`, `db grants <db_user>`, `db revoke <db_user>
 * <db_name>`. Names are read as typed; their rules are the service's.
 */
import type { ParseResult, Token, UsageTopic } from './tokens.ts';

export type SiteArea =
  | { name: 'domain_change'; domain: string }
  | { name: 'domain_delete'; domain: string; deleteFiles: boolean }
  | { name: 'subdomain_change'; subdomain: string }
  | { name: 'subdomain_delete'; subdomain: string; deleteFiles: boolean }
  | { name: 'wp_change'; id: string }
  | { name: 'db' }
  | { name: 'db_users' }
  | { name: 'db_grants'; dbUser: string }
  | { name: 'db_change'; dbName: string }
  | { name: 'db_delete'; dbName: string }
  | { name: 'db_user_change'; dbUser: string }
  | { name: 'db_user_delete'; dbUser: string }
  | { name: 'db_revoke'; dbUser: string; dbName: string };

/** `domain reset`'s type: the reference's three, required by it (`all` when none is typed, as before). */
export const RESET_WORDS = ['all', 'web', 'other'] as const;

const CHANGE = new Set(['change', 'edit', 'memo']);
const DELETE = new Set(['delete', 'remove']);
/** The flag that deletes the files too (the reference's `delete_files`), as typed. */
const FILES = new Set(['delete-files', 'delete_files', 'files']);

type Result = ParseResult<SiteArea> | undefined;

const ok = (command: SiteArea): Result => ({ ok: true, command });
const usage = (command: UsageTopic): Result => ({ ok: false, error: { problem: 'usage', command } });

/** A name and, for a delete, the one flag that takes the files too; undefined when anything else follows. */
function nameAndFiles(rest: readonly Token[]): { name: string; deleteFiles: boolean } | undefined {
  const [name, flag, ...more] = rest;
  if (!name?.text || more.length > 0) return undefined;
  if (flag !== undefined && !FILES.has(flag.text.toLowerCase())) return undefined;
  return { name: name.text, deleteFiles: flag !== undefined };
}

/**
 * The words after `domain` or `subdomain` this file reads (`verb` lower-cased),
 * or undefined for the verbs the /hosting grammar keeps (`add`, `reset`, a name).
 */
export function parseDomainVerb(
  area: 'domain' | 'subdomain',
  verb: string | undefined,
  rest: readonly Token[],
): Result {
  if (verb === undefined) return undefined;
  if (CHANGE.has(verb)) {
    if (rest.length !== 1 || !rest[0]!.text) return usage(`hosting.${area}_change`);
    return area === 'domain'
      ? ok({ name: 'domain_change', domain: rest[0]!.text })
      : ok({ name: 'subdomain_change', subdomain: rest[0]!.text });
  }
  if (DELETE.has(verb)) {
    const read = nameAndFiles(rest);
    if (!read) return usage(`hosting.${area}_delete`);
    return area === 'domain'
      ? ok({ name: 'domain_delete', domain: read.name, deleteFiles: read.deleteFiles })
      : ok({ name: 'subdomain_delete', subdomain: read.name, deleteFiles: read.deleteFiles });
  }
  return undefined;
}

/** `domain reset <domain> [all|web|other]`'s type, or undefined when the word is none of them. */
export function resetTypeOf(t: Token | undefined): (typeof RESET_WORDS)[number] | undefined | null {
  if (t === undefined) return undefined;
  const w = t.text.toLowerCase().replace(/^type=/, '');
  return (RESET_WORDS as readonly string[]).includes(w) ? (w as (typeof RESET_WORDS)[number]) : null;
}

/** `wp change <id>`, or undefined for the verbs the /hosting grammar keeps. */
export function parseWordpressVerb(verb: string | undefined, rest: readonly Token[]): Result {
  if (verb === undefined || !CHANGE.has(verb)) return undefined;
  if (rest.length !== 1 || !rest[0]!.text) return usage('hosting.wp_change');
  return ok({ name: 'wp_change', id: rest[0]!.text });
}

/** The words after `db` this file reads, or undefined for `create`, `user create` and `grant`. */
export function parseDatabaseVerb(args: readonly Token[]): Result {
  const [verbToken, ...rest] = args;
  const verb = verbToken?.text.toLowerCase();
  const one = (make: (name: string) => SiteArea, topic: UsageTopic): Result =>
    rest.length === 1 && rest[0]!.text !== '' ? ok(make(rest[0]!.text)) : usage(topic);
  if (verb === undefined || verb === 'list')
    return rest.length === 0 ? ok({ name: 'db' }) : usage('hosting.db');
  if (CHANGE.has(verb)) return one((dbName) => ({ name: 'db_change', dbName }), 'hosting.db_change');
  if (DELETE.has(verb)) return one((dbName) => ({ name: 'db_delete', dbName }), 'hosting.db_delete');
  if (verb === 'grants') return one((dbUser) => ({ name: 'db_grants', dbUser }), 'hosting.db_grants');
  if (verb === 'revoke') {
    const [user, db, ...more] = rest;
    if (!user?.text || !db?.text || more.length > 0) return usage('hosting.db_revoke');
    return ok({ name: 'db_revoke', dbUser: user.text, dbName: db.text });
  }
  if (verb === 'users') return rest.length === 0 ? ok({ name: 'db_users' }) : usage('hosting.db_users');
  if (verb === 'user') {
    const [sub, ...more] = rest;
    const s = sub?.text.toLowerCase();
    if (s === undefined || s === 'list')
      return more.length === 0 ? ok({ name: 'db_users' }) : usage('hosting.db_users');
    if (s === 'create') return undefined;
    const named = more.length === 1 && more[0]!.text !== '' ? more[0]!.text : undefined;
    if (CHANGE.has(s))
      return named ? ok({ name: 'db_user_change', dbUser: named }) : usage('hosting.db_user_change');
    if (DELETE.has(s))
      return named ? ok({ name: 'db_user_delete', dbUser: named }) : usage('hosting.db_user_delete');
    return usage('hosting.db_users');
  }
  return undefined;
}
