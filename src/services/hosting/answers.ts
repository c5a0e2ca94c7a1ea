/**
 * Reading the hosting API's answers. The spec names only some of their fields
 * ("all other field names and types: not shown"), so lists are found as the
 * answer's array and items read by the names the spec and the provider's
 * documentation use, never assumed present. What cannot be read is shown as
 * missing, not invented.
 */
import type { AnyObject } from '../../provider/index.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const idOf = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v);

/** The first array in an answer (`{domains: [...]}`, `{ssh_keys: [...]}`), else none. */
function listIn(answer: AnyObject, preferred: string): Record<string, unknown>[] {
  const direct = answer[preferred];
  const list = Array.isArray(direct) ? direct : Object.values(answer).find(Array.isArray);
  return (list ?? []).filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
}

export interface DomainItem {
  domain: string;
  sslStatus: string | undefined;
  url: string | undefined;
  documentRoot: string | undefined;
}

function domainItem(x: Record<string, unknown>, nameField: string): DomainItem | undefined {
  const domain = str(x[nameField]) ?? str(x.domain) ?? str(x.name);
  if (!domain) return undefined;
  return {
    domain,
    sslStatus: str(x.ssl_status),
    url: str(x.url),
    documentRoot: str(x.document_root),
  };
}

export function domainsOf(answer: AnyObject): DomainItem[] {
  return listIn(answer, 'domains').flatMap((x) => domainItem(x, 'domain') ?? []);
}

export function subdomainsOf(answer: AnyObject): DomainItem[] {
  return listIn(answer, 'subdomains').flatMap((x) => domainItem(x, 'subdomain') ?? []);
}

export interface WordpressItem {
  id: string | undefined;
  url: string | undefined;
  title: string | undefined;
  domain: string | undefined;
  version: string | undefined;
}

export function wordpressOf(answer: { wordpress: Record<string, unknown>[] }): WordpressItem[] {
  return answer.wordpress.map((x) => ({
    id: idOf(x.id) ?? idOf(x.wp_id),
    url: str(x.url),
    title: str(x.title),
    domain: str(x.domain),
    version: str(x.version),
  }));
}

export interface SshKeyItem {
  id: string | undefined;
  label: string | undefined;
  publicKey: string | undefined;
  createdAt: string | undefined;
}

export function sshKeysOf(answer: AnyObject): SshKeyItem[] {
  return listIn(answer, 'ssh_keys').map((x) => ({
    id: idOf(x.key_id),
    label: str(x.label),
    publicKey: str(x.public_key),
    createdAt: str(x.created_at),
  }));
}

export interface SshState {
  enabled: boolean | undefined;
  host: string | undefined;
  user: string | undefined;
  port: number | undefined;
}

export function sshStateOf(answer: AnyObject): SshState {
  return {
    enabled: typeof answer.ssh_enabled === 'boolean' ? answer.ssh_enabled : undefined,
    host: str(answer.host),
    user: str(answer.user),
    port: typeof answer.port === 'number' ? answer.port : undefined,
  };
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
