/**
 * Reading the hosting answers the client hands over whole (the domain and
 * subdomain lists, WordPress, SSH): lists are found as the answer's array and
 * items read by the reference's field names, never assumed present. What
 * cannot be read is shown as missing, not invented (docs/provider-api.md,
 * Decisions where the spec is silent). `domainListOf` and
 * `subdomainListOf` read the same lists item by item against the reference's
 * schemas.
 */
import { type Listing, readListing } from './hosting-reading.ts';
import {
  type DomainListItem,
  DomainListItemSchema,
  type SubdomainItem,
  SubdomainItemSchema,
} from './hosting-schemas.ts';
import type { AnyObject } from './schemas.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const idOf = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v);

/** The array an answer holds (`{domains: [...]}`, `{ssh_keys: [...]}`; the names are not published), if any. */
function arrayIn(answer: AnyObject, preferred: string): unknown[] | undefined {
  const direct = answer[preferred];
  return Array.isArray(direct) ? direct : Object.values(answer).find(Array.isArray);
}

/** The objects of the answer's list; none when it holds no list. */
function listIn(answer: AnyObject, preferred: string): Record<string, unknown>[] {
  return (arrayIn(answer, preferred) ?? []).filter(
    (x): x is Record<string, unknown> => typeof x === 'object' && x !== null,
  );
}

export interface DomainItem {
  /** The item's name (`domain`, or a subdomain's `subdomain`), else its parent `domain`, else undefined. */
  domain: string | undefined;
  /** `ssl_status`, not a list field in the reference (only of a creation's answer): read when sent. */
  sslStatus: string | undefined;
  url: string | undefined;
  documentRoot: string | undefined;
  /** Whether an SSL certificate is set (the reference's `ssl`). */
  ssl?: boolean | undefined;
  type?: string | undefined;
  memo?: string | undefined;
  isAwaiting?: boolean | undefined;
}

/** One domain or subdomain of a list; an item without a name is still listed, never dropped. */
function domainItem(x: Record<string, unknown>, nameField: string): DomainItem {
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
  return {
    domain: str(x[nameField]) ?? str(x.domain),
    sslStatus: str(x.ssl_status),
    url: str(x.url),
    documentRoot: str(x.document_root),
    ssl: bool(x.ssl),
    type: str(x.type),
    memo: typeof x.memo === 'string' ? x.memo : undefined,
    isAwaiting: bool(x.is_awaiting),
  };
}

/** GET /domain item by item against the reference's fields; none when the answer holds no list. */
export function domainListOf(answer: AnyObject): Listing<DomainListItem> {
  return readListing(DomainListItemSchema, Array.isArray(answer.domains) ? answer.domains : []);
}

/** GET /subdomain item by item against the reference's fields. */
export function subdomainListOf(answer: AnyObject): Listing<SubdomainItem> {
  return readListing(SubdomainItemSchema, Array.isArray(answer.subdomains) ? answer.subdomains : []);
}

export function domainsOf(answer: AnyObject): DomainItem[] {
  return listIn(answer, 'domains').map((x) => domainItem(x, 'domain'));
}

export function subdomainsOf(answer: AnyObject): DomainItem[] {
  return listIn(answer, 'subdomains').map((x) => domainItem(x, 'subdomain'));
}

export interface WordpressItem {
  /** The site's `id` (a string in the reference; a number is read too), else `wp_id`. */
  id: string | undefined;
  url: string | undefined;
  title: string | undefined;
  domain: string | undefined;
  version: string | undefined;
  dbName?: string | undefined;
  dbUser?: string | undefined;
  memo?: string | undefined;
}

export function wordpressOf(answer: { wordpress: Record<string, unknown>[] }): WordpressItem[] {
  return answer.wordpress.map((x) => ({
    id: idOf(x.id) ?? idOf(x.wp_id),
    url: str(x.url),
    title: str(x.title),
    domain: str(x.domain),
    version: str(x.version),
    dbName: str(x.db_name),
    dbUser: str(x.db_user),
    memo: typeof x.memo === 'string' ? x.memo : undefined,
  }));
}

export interface SshKeyItem {
  id: string | undefined;
  label: string | undefined;
  publicKey: string | undefined;
}

export function sshKeysOf(answer: AnyObject): SshKeyItem[] {
  return listIn(answer, 'ssh_keys').map((x) => ({
    id: idOf(x.key_id),
    label: str(x.label),
    publicKey: str(x.public_key),
  }));
}

/**
 * The SSH state: on or off, read under the name of the setting `PUT /ssh`
 * takes (`ssh_enabled`), else not known. How to connect is the spec's own
 * fact (docs/provider-api.md, SSH access), never read from the answer.
 */
export interface SshState {
  enabled: boolean | undefined;
}

export function sshStateOf(answer: AnyObject): SshState {
  return { enabled: typeof answer.ssh_enabled === 'boolean' ? answer.ssh_enabled : undefined };
}

/** Whether a list answer holds a list at all: a lookup in one that does not cannot refuse anything. */
export function holdsList(answer: AnyObject, preferred: string): boolean {
  return arrayIn(answer, preferred) !== undefined;
}

const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

/**
 * The private key of a generated pair. Its field name is not published, and
 * a key missed here is lost for good (it is answered once): it is found by
 * what it is, a PEM or OpenSSH private key block, in whichever string field
 * of the answer holds it.
 */
export function privateKeyIn(answer: unknown, depth = 0): string | undefined {
  if (typeof answer === 'string') return PRIVATE_KEY.test(answer) ? answer : undefined;
  if (depth > 3 || typeof answer !== 'object' || answer === null) return undefined;
  for (const v of Object.values(answer)) {
    const found = privateKeyIn(v, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The error log's lines: one string joined by newlines, or an array of lines. */
export function logLinesOf(log: unknown): string[] {
  if (Array.isArray(log)) return log.map((l) => (typeof l === 'string' ? l : JSON.stringify(l)));
  if (typeof log !== 'string' || log === '') return [];
  return log.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
}

/** What an answer says was made (a database's name, a key's id), for the announcement. */
export function createdName(answer: AnyObject, ...fields: string[]): string | undefined {
  for (const f of fields) {
    const v = idOf(answer[f]);
    if (v) return v;
  }
  return undefined;
}
