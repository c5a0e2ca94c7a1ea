/**
 * /hosting's domains, subdomains, WordPress sites and MySQL databases beyond
 * adding them: their memos changed, the databases, their users and grants
 * listed, a database user's password and memo changed, and the deletes (a
 * domain or subdomain with or without its files, a database, a database user,
 * a grant revoked). The deletes are destructive operations: confirmed first,
 * on the decision machine as every /hosting delete is (hosting-operations.ts);
 * their request, what each takes away and the one request sent are here.
 *
 * A database user's password, typed or generated, is handed to the provider
 * and to nothing else: registered with the log scrubber while in use, kept
 * out of the audit's parameters and every result but the generated one,
 * which is returned to the caller alone, to be shown to the person once.
 */
import {
  type Database,
  type DatabaseUser,
  type HostingClient,
  ORDER,
  READ,
  HOSTING_LIMITS as REFERENCE,
  subdomainsOf,
  toAsciiDomain,
  validatePathId,
  validateText,
  WRITE,
  type WriteAnswer,
  wordpressOf,
} from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import type { FieldProblem } from '../field-problem.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { generateMailPassword } from './mail-accounts.ts';
import { checkFqdn, HOSTING_LIMITS } from './rules.ts';

export type SiteField = 'domain' | 'subdomain' | 'wp_id' | 'db_name' | 'db_user' | 'memo' | 'password';
export type SiteRule = 'required' | 'too_long' | 'format' | 'control_character';
export type SiteProblem = FieldProblem<SiteField, SiteRule>;

/** The bounds the sentences name: the reference's WordPress memo, and the bot's one text bound for the rest. */
export const SITE_LIMITS = {
  wpMemoMax: REFERENCE.wpMemoMax,
  textMax: HOSTING_LIMITS.textMax,
} as const;

/** What has a memo that can be changed, and the field naming each one. */
export type MemoTarget = 'domain' | 'subdomain' | 'wp' | 'db';
const NAME_FIELD: Record<MemoTarget, SiteField> = {
  domain: 'domain',
  subdomain: 'subdomain',
  wp: 'wp_id',
  db: 'db_name',
};
const MEMO_ACTION = {
  domain: 'hosting.domain_change',
  subdomain: 'hosting.subdomain_change',
  wp: 'hosting.wp_change',
  db: 'hosting.db_change',
} as const;

/** A domain reset's `type`, required by the reference: everything, the web files, or the rest. */
export const RESET_TYPES = ['all', 'web', 'other'] as const;
export type ResetType = (typeof RESET_TYPES)[number];

const memoLimit = (target: MemoTarget | 'db_user'): number =>
  target === 'wp' ? SITE_LIMITS.wpMemoMax : SITE_LIMITS.textMax;

/** A name typed for a thing of this kind: a domain by the one domain rule, the rest as path-safe names. */
export function checkSiteName(field: SiteField, value: string): SiteProblem[] {
  if (field === 'domain' || field === 'subdomain')
    return checkFqdn(value, field).map((p) => ({
      field,
      rule:
        p.rule === 'required' || p.rule === 'control_character' || p.rule === 'too_long' ? p.rule : 'format',
      ...(p.limit === undefined ? {} : { limit: p.limit }),
    }));
  if (value.trim() === '') return [{ field, rule: 'required' }];
  return validatePathId(value.trim(), field).length > 0 ? [{ field, rule: 'format' }] : [];
}

/** A memo as typed: empty clears it; the WordPress one at most 500 characters (the reference), others the bot's bound. */
export function checkMemo(target: MemoTarget | 'db_user', memo: string): SiteProblem[] {
  if (validateText(memo, 'memo', { multiline: true }).length > 0)
    return [{ field: 'memo', rule: 'control_character' }];
  const limit = memoLimit(target);
  return [...memo].length > limit ? [{ field: 'memo', rule: 'too_long', limit }] : [];
}

/** A database user's change as typed: an empty password keeps the one it has, unless one is generated. */
export interface DbUserChangeForm {
  password: string;
  generate: boolean;
  memo: string;
}

/**
 * The reference bounds a database user's password on creation only (at least
 * 6): a change is checked for control characters alone, and the provider's
 * answer says the rest (docs/provider-api.md, Hosting limits and defaults).
 */
export function checkDbUserChange(f: DbUserChangeForm): SiteProblem[] {
  const password =
    !f.generate && f.password !== '' && validateText(f.password, 'password').length > 0
      ? [{ field: 'password' as const, rule: 'control_character' as const }]
      : [];
  return [...password, ...checkMemo('db_user', f.memo)];
}

/** A database user as the list gives it. */
export interface DbUserNow {
  db_user: string;
  version_name: string;
  memo: string;
}

export interface DatabaseListing {
  databases: Database[];
  unreadable: number;
}

export interface DbUserListing {
  users: DbUserNow[];
  unreadable: number;
}

export interface GrantListing {
  db_user: string;
  databases: string[];
  unreadable: number;
}

/** A change made, with a generated password for its requester's eyes alone (never audited or logged). */
export interface DbUserChanged extends WriteResult {
  generatedPassword?: string | undefined;
}

const refuse = (p: SiteProblem | undefined): void => {
  if (!p) return;
  throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
};

type NotFoundWhat = 'domain' | 'subdomain' | 'wp' | 'db' | 'db_user' | 'grant';

/** The provider's 404 for the thing named, said as that thing not being there (with where to look). */
const notFound =
  (what: NotFoundWhat, id: string) =>
  (err: unknown): never => {
    const code =
      err instanceof ServiceError &&
      (err.problem.code === 'hosting_rejected' || err.problem.code === 'hosting_area_rejected')
        ? err.problem.params.code
        : undefined;
    if (code === 'NOT_FOUND') throw new ServiceError('hosting_not_found', { what, id: id.trim() });
    throw err;
  };

const sameDomain = (a: string, b: string): boolean => toAsciiDomain(a.trim()) === toAsciiDomain(b.trim());

export class HostingSites {
  constructor(private readonly calls: HostingCalls) {}

  /** The memo a change form starts from (the thing read as it is; one not there is refused). */
  async memoOf(
    actor: Actor,
    named: string | undefined,
    target: MemoTarget,
    name: string,
  ): Promise<OnServer<{ name: string; memo: string; label: string | undefined }>> {
    const action = MEMO_ACTION[target];
    const params = { [NAME_FIELD[target]]: name.trim(), form: true };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkSiteName(NAME_FIELD[target], name), params);
    const ctx = { actor, action, server, params };
    const n = name.trim();
    const read = async (): Promise<{ name: string; memo: string; label: string | undefined }> => {
      switch (target) {
        case 'domain': {
          const d = await api.getDomain(n, WRITE);
          return { name: d.domain ?? n, memo: d.memo ?? '', label: d.document_root };
        }
        case 'subdomain': {
          const s = subdomainsOf(await api.listSubdomains(WRITE)).find(
            (x) => x.domain !== undefined && sameDomain(x.domain, n),
          );
          if (!s) throw new ServiceError('hosting_not_found', { what: 'subdomain', id: n });
          return { name: s.domain ?? n, memo: s.memo ?? '', label: s.documentRoot };
        }
        case 'wp': {
          const site = wordpressOf(await api.listWordpress({}, WRITE)).find((s) => s.id === n);
          if (!site) throw new ServiceError('hosting_not_found', { what: 'wp', id: n });
          return { name: n, memo: site.memo ?? '', label: site.url };
        }
        case 'db': {
          const db = (await api.listDatabases(WRITE)).items.find((d) => d.db_name === n);
          if (!db) throw new ServiceError('hosting_not_found', { what: 'db', id: n });
          return { name: n, memo: db.memo, label: undefined };
        }
      }
    };
    const value = await this.calls.read(read, ctx).catch(notFound(target, n));
    return { server, value };
  }

  checkMemo(target: MemoTarget | 'db_user', memo: string): SiteProblem[] {
    return checkMemo(target, memo);
  }

  /**
   * The memo, the one field these PUTs take, sent whole as typed (empty
   * clears it). WordPress's PUT empties a memo left out (docs/provider-api.md,
   * Hosting paths): it is always sent, so a change never loses it by omission.
   */
  async changeMemo(
    actor: Actor,
    named: string | undefined,
    target: MemoTarget,
    name: string,
    memo: string,
  ): Promise<WriteResult> {
    const action = MEMO_ACTION[target];
    const n = name.trim();
    const params = { [NAME_FIELD[target]]: n, memo };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(
      actor,
      action,
      server,
      [...checkSiteName(NAME_FIELD[target], name), ...checkMemo(target, memo)],
      params,
    );
    const send = (): Promise<WriteAnswer> => {
      switch (target) {
        case 'domain':
          return api.updateDomain(n, memo, WRITE);
        case 'subdomain':
          return api.updateSubdomain(n, memo, WRITE);
        case 'wp':
          return api.updateWordpress(n, { memo }, WRITE);
        case 'db':
          return api.updateDatabase(n, memo, WRITE);
      }
    };
    await this.calls.write(
      actor,
      action,
      server,
      params,
      send,
      areaRejection(target === 'db' ? 'db' : 'domain'),
    );
    return { server, action, subject: n };
  }

  /** GET /db: each database with its size, users and memo. */
  async databases(actor: Actor, named: string | undefined): Promise<OnServer<DatabaseListing>> {
    const action = 'hosting.db';
    const { server, api } = await this.calls.begin(actor, action, named);
    const l = await this.calls.read(() => api.listDatabases(READ), { actor, action, server });
    const databases = [...l.items].sort((a, b) => a.db_name.localeCompare(b.db_name));
    return { server, value: { databases, unreadable: l.malformed.length } };
  }

  /** GET /db/user */
  async users(actor: Actor, named: string | undefined): Promise<OnServer<DbUserListing>> {
    const action = 'hosting.db';
    const { server, api } = await this.calls.begin(actor, action, named);
    const l = await this.calls.read(() => api.listDatabaseUsers(READ), { actor, action, server });
    const users = [...l.items]
      .map((u: DatabaseUser) => ({ db_user: u.db_user, version_name: u.version_name, memo: u.memo }))
      .sort((a, b) => a.db_user.localeCompare(b.db_user));
    return { server, value: { users, unreadable: l.malformed.length } };
  }

  /** GET /db/user/{db_user}/grant: the databases one user reaches. */
  async grants(actor: Actor, named: string | undefined, dbUser: string): Promise<OnServer<GrantListing>> {
    const action = 'hosting.db';
    const user = dbUser.trim();
    const { server, api } = await this.calls.begin(actor, action, named, { db_user: user });
    refuse(checkSiteName('db_user', dbUser)[0]);
    const g = await this.calls
      .read(() => api.listGrants(user, READ), { actor, action, server, params: { db_user: user } })
      .catch(notFound('db_user', user));
    return {
      server,
      value: { db_user: user, databases: [...g.databases].sort(), unreadable: g.malformed.length },
    };
  }

  /** The user a change form starts from (one the list does not hold is refused). */
  async user(actor: Actor, named: string | undefined, dbUser: string): Promise<OnServer<DbUserNow>> {
    const action = 'hosting.db_user_change';
    const user = dbUser.trim();
    const params = { db_user: user, form: true };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkSiteName('db_user', dbUser), params);
    const l = await this.calls.read(() => api.listDatabaseUsers(WRITE), { actor, action, server, params });
    const found = l.items.find((u) => u.db_user === user);
    if (!found) throw new ServiceError('hosting_not_found', { what: 'db_user', id: user });
    return { server, value: { db_user: user, version_name: found.version_name, memo: found.memo } };
  }

  checkUserChange(f: DbUserChangeForm): SiteProblem[] {
    return checkDbUserChange(f);
  }

  /**
   * PUT /db/user/{db_user}: the memo as typed, a password only when one was
   * typed or asked for. The audit names the user and memo and whether the
   * password changed (and was generated), never the password.
   */
  async changeUser(
    actor: Actor,
    named: string | undefined,
    dbUser: string,
    f: DbUserChangeForm,
  ): Promise<DbUserChanged> {
    const action = 'hosting.db_user_change';
    const user = dbUser.trim();
    const params = {
      db_user: user,
      memo: f.memo,
      // Named so the audit keeps it (a key naming a password is stripped there, whatever its value).
      new_login: f.generate || f.password !== '',
      generated: f.generate,
    };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(
      actor,
      action,
      server,
      [...checkSiteName('db_user', dbUser), ...checkDbUserChange(f)],
      params,
    );
    // Letters and digits only (the mail password's maker): a connection string takes it as it is.
    const password = f.generate ? generateMailPassword() : f.password;
    if (password !== '') this.calls.deps.secrets.add(password);
    try {
      await this.calls.write(
        actor,
        action,
        server,
        params,
        () => api.updateDatabaseUser(user, { ...(password === '' ? {} : { password }), memo: f.memo }, WRITE),
        areaRejection('db'),
      );
      return { server, action, subject: user, ...(f.generate ? { generatedPassword: password } : {}) };
    } finally {
      // A generated password stays scrubbed until it has been shown (forgetSecret).
      if (!f.generate && password !== '') this.calls.deps.secrets.delete(password);
    }
  }

  /** Once a generated password has been shown (or could not be), the scrubber lets it go. */
  forgetSecret(password: string | undefined): void {
    if (password !== undefined) this.calls.deps.secrets.delete(password);
  }
}

// The deletes, on the decision machine (hosting-operations.ts).

export type SiteRequest =
  | { kind: 'hosting.domain_delete'; domain: string; deleteFiles: boolean }
  | { kind: 'hosting.subdomain_delete'; subdomain: string; deleteFiles: boolean }
  | { kind: 'hosting.db_delete'; dbName: string }
  | { kind: 'hosting.db_user_delete'; dbUser: string }
  | { kind: 'hosting.db_revoke'; dbUser: string; dbName: string };

export type SiteLoss =
  | {
      kind: 'hosting.domain_delete';
      domain: string;
      deleteFiles: boolean;
      documentRoot: string | undefined;
      url: string | undefined;
      sites: string[];
    }
  | {
      kind: 'hosting.subdomain_delete';
      subdomain: string;
      deleteFiles: boolean;
      documentRoot: string | undefined;
      memo: string;
    }
  | { kind: 'hosting.db_delete'; database: Pick<Database, 'db_name' | 'size_mb' | 'granted_users' | 'memo'> }
  | { kind: 'hosting.db_user_delete'; dbUser: string; memo: string; databases: string[] }
  | { kind: 'hosting.db_revoke'; dbUser: string; dbName: string };

// A record of every kind (not a list) so that a kind left out does not compile.
const KINDS: Record<SiteRequest['kind'], true> = {
  'hosting.domain_delete': true,
  'hosting.subdomain_delete': true,
  'hosting.db_delete': true,
  'hosting.db_user_delete': true,
  'hosting.db_revoke': true,
};
const SITE_KINDS: readonly string[] = Object.keys(KINDS);

export const isSiteRequest = (r: { kind: string }): r is SiteRequest => SITE_KINDS.includes(r.kind);
export const isSiteLoss = (l: { kind: string }): l is SiteLoss => SITE_KINDS.includes(l.kind);

const isDbKind = (kind: SiteRequest['kind']): boolean =>
  kind === 'hosting.db_delete' || kind === 'hosting.db_user_delete' || kind === 'hosting.db_revoke';

/** The area whose sentences explain the provider's refusal of this request. */
export const siteArea = (kind: SiteRequest['kind']): 'domain' | 'db' => (isDbKind(kind) ? 'db' : 'domain');

/** The request's input problems, before anything is read. */
export function siteProblems(req: SiteRequest): SiteProblem[] {
  switch (req.kind) {
    case 'hosting.domain_delete':
      return checkSiteName('domain', req.domain);
    case 'hosting.subdomain_delete':
      return checkSiteName('subdomain', req.subdomain);
    case 'hosting.db_delete':
      return checkSiteName('db_name', req.dbName);
    case 'hosting.db_user_delete':
      return checkSiteName('db_user', req.dbUser);
    case 'hosting.db_revoke':
      return [...checkSiteName('db_user', req.dbUser), ...checkSiteName('db_name', req.dbName)];
  }
}

/** Reads what will be lost; a thing that is not there is refused before anyone confirms. */
export async function siteLossOf(api: HostingClient, req: SiteRequest): Promise<SiteLoss> {
  switch (req.kind) {
    case 'hosting.domain_delete': {
      const domain = req.domain.trim();
      const detail = await api
        .getDomain(domain, WRITE)
        .catch((err: unknown) => notFound('domain', domain)(areaRejection('domain')(err)));
      const sites = wordpressOf(await api.listWordpress({ domain }, WRITE));
      return {
        kind: req.kind,
        domain,
        deleteFiles: req.deleteFiles,
        documentRoot: detail.document_root,
        url: detail.url,
        sites: sites.flatMap((s) => (s.url ? [s.url] : [])),
      };
    }
    case 'hosting.subdomain_delete': {
      const name = req.subdomain.trim();
      const sub = subdomainsOf(await api.listSubdomains(WRITE)).find(
        (s) => s.domain !== undefined && sameDomain(s.domain, name),
      );
      if (!sub) throw new ServiceError('hosting_not_found', { what: 'subdomain', id: name });
      return {
        kind: req.kind,
        subdomain: sub.domain ?? name,
        deleteFiles: req.deleteFiles,
        documentRoot: sub.documentRoot,
        memo: sub.memo ?? '',
      };
    }
    case 'hosting.db_delete': {
      const name = req.dbName.trim();
      const db = (await api.listDatabases(WRITE)).items.find((d) => d.db_name === name);
      if (!db) throw new ServiceError('hosting_not_found', { what: 'db', id: name });
      const { db_name, size_mb, granted_users, memo } = db;
      return { kind: req.kind, database: { db_name, size_mb, granted_users, memo } };
    }
    case 'hosting.db_user_delete': {
      const name = req.dbUser.trim();
      const user = (await api.listDatabaseUsers(WRITE)).items.find((u) => u.db_user === name);
      if (!user) throw new ServiceError('hosting_not_found', { what: 'db_user', id: name });
      const grants = await api.listGrants(name, WRITE);
      return { kind: req.kind, dbUser: name, memo: user.memo, databases: [...grants.databases].sort() };
    }
    case 'hosting.db_revoke': {
      const user = req.dbUser.trim();
      const db = req.dbName.trim();
      const grants = await api
        .listGrants(user, WRITE)
        .catch((err: unknown) => notFound('db_user', user)(areaRejection('db')(err)));
      if (!grants.databases.includes(db))
        throw new ServiceError('hosting_not_found', { what: 'grant', id: `${user} → ${db}` });
      return { kind: req.kind, dbUser: user, dbName: db };
    }
  }
}

/** The one request a confirmation sends, for the thing as it was confirmed. */
export function sendSite(
  api: HostingClient,
  req: SiteRequest,
  loss: SiteLoss | undefined,
): Promise<WriteAnswer> {
  switch (req.kind) {
    case 'hosting.domain_delete':
      return api.deleteDomain(req.domain.trim(), { delete_files: req.deleteFiles }, ORDER);
    case 'hosting.subdomain_delete':
      // The subdomain as the provider listed it (the one confirmed), else as typed.
      return api.deleteSubdomain(
        loss?.kind === 'hosting.subdomain_delete' ? loss.subdomain : req.subdomain.trim(),
        { delete_files: req.deleteFiles },
        ORDER,
      );
    case 'hosting.db_delete':
      return api.deleteDatabase(req.dbName.trim(), ORDER);
    case 'hosting.db_user_delete':
      return api.deleteDatabaseUser(req.dbUser.trim(), ORDER);
    case 'hosting.db_revoke':
      return api.revokeGrant(req.dbUser.trim(), req.dbName.trim(), ORDER);
  }
}

/** What the done sentence names. */
export function siteSubject(loss: SiteLoss): string {
  switch (loss.kind) {
    case 'hosting.domain_delete':
      return loss.domain;
    case 'hosting.subdomain_delete':
      return loss.subdomain;
    case 'hosting.db_delete':
      return loss.database.db_name;
    case 'hosting.db_user_delete':
      return loss.dbUser;
    case 'hosting.db_revoke':
      return `${loss.dbUser} → ${loss.dbName}`;
  }
}
