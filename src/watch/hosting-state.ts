/**
 * What the watcher keeps of a hosting server, part by part, and what changed
 * between two reads of a part. Pure. Only published fields are read
 * (docs/provider-api.md, Hosting resources): the domains of the list with
 * each one's `ssl_status`, whether SSH is on (`ssh_enabled`, the name the
 * setting is written under), and the SSH keys by `key_id` with their
 * `label`. Usage figures, whose names are not published, are not read. What
 * an answer does not say (a list it does not hold, a field it leaves out)
 * changes nothing: the last reading stays.
 */
import { z } from 'zod';
import {
  type AnyObject,
  domainsOf,
  holdsList,
  sshKeysOf,
  sshStateOf,
  toAsciiDomain,
} from '../provider/index.ts';
import type { HostingPart, HostingSnapshotRow } from '../store/index.ts';
import {
  applyRecordChange,
  FREE_SSL_TYPE,
  isRecordChange,
  RECORD_SCHEMAS,
  type RecordChange,
  type RecordPart,
  type RecordState,
  recordChangeId,
  recordChangesOf,
} from './hosting-record-state.ts';

const domainsSchema = z.object({
  /** By domain (Punycode; an item the list names only by its URL, by that URL): its `ssl_status`, null when never read. */
  domains: z.record(z.string(), z.object({ ssl: z.string().nullable() })),
});
const sshSchema = z.object({ enabled: z.boolean() });
const keysSchema = z.object({
  keys: z.record(z.string(), z.object({ label: z.string().nullable() })),
});

export type DomainsState = z.infer<typeof domainsSchema>;
export type SshPartState = z.infer<typeof sshSchema>;
export type KeysState = z.infer<typeof keysSchema>;
export type PartState = DomainsState | SshPartState | KeysState | RecordState;

const SCHEMAS = { domains: domainsSchema, ssh: sshSchema, keys: keysSchema, ...RECORD_SCHEMAS } as const;

/** The stored state of a part; undefined when it cannot be read back (no baseline then). */
export function storedPart(part: HostingPart, state: unknown): PartState | undefined {
  const r = SCHEMAS[part].safeParse(state);
  return r.success ? r.data : undefined;
}

/** A domain as the watcher names it: its Punycode form, or the text itself when it is no domain (a URL). */
export function domainKey(name: string): string {
  return toAsciiDomain(name) || name;
}

/**
 * What one answer says of its part; undefined when it says nothing the
 * watcher can read (no list, no `ssh_enabled`). `previous` gives a domain
 * whose item leaves `ssl_status` out the status last read.
 */
export function readPart(
  part: Exclude<HostingPart, RecordPart>,
  answer: AnyObject,
  previous?: PartState,
): PartState | undefined {
  switch (part) {
    case 'domains': {
      if (!holdsList(answer, 'domains')) return undefined;
      const before = previous && 'domains' in previous ? previous.domains : {};
      const domains: DomainsState['domains'] = {};
      for (const d of domainsOf(answer)) {
        const name = d.domain ?? d.url;
        if (name === undefined) continue;
        const key = domainKey(name);
        domains[key] = { ssl: d.sslStatus ?? before[key]?.ssl ?? null };
      }
      return { domains };
    }
    case 'ssh': {
      const { enabled } = sshStateOf(answer);
      return enabled === undefined ? undefined : { enabled };
    }
    case 'keys': {
      if (!holdsList(answer, 'ssh_keys')) return undefined;
      const keys: KeysState['keys'] = {};
      // `key_id` is published: a key without one cannot be told apart, so it is not followed.
      for (const k of sshKeysOf(answer)) if (k.id !== undefined) keys[k.id] = { label: k.label ?? null };
      return { keys };
    }
  }
}

/** One thing that changed in a part between two reads. */
export type HostingChange =
  | { what: 'domain-added'; domain: string; ssl: string | null }
  | { what: 'domain-removed'; domain: string; ssl: string | null }
  | { what: 'ssl'; domain: string; from: string | null; to: string }
  | { what: 'ssh'; enabled: boolean }
  | { what: 'key-added'; id: string; label: string | null }
  | { what: 'key-removed'; id: string; label: string | null }
  | RecordChange;

/** The published status that means SSL could not be issued (docs/provider-api.md, SSL and name servers). */
export const SSL_FAILED = 'failed_nameserver';

/** The published status of a certificate past its `expires_at` (docs/provider-api.md, SSL and name servers). */
export const SSL_EXPIRED = 'expired';

/** Names a change, the same for every observer of it (part of its dedupe key). */
export function changeId(c: HostingChange): string {
  switch (c.what) {
    case 'domain-added':
      return `domain+${c.domain}`;
    case 'domain-removed':
      return `domain-${c.domain}`;
    case 'ssl':
      return `ssl:${c.domain}:${c.from ?? ''}>${c.to}`;
    case 'ssh':
      return `ssh:${c.enabled ? 'on' : 'off'}`;
    case 'key-added':
      return `key+${c.id}`;
    case 'key-removed':
      return `key-${c.id}`;
    default:
      return recordChangeId(c);
  }
}

/** What changed from `before` to `after` (both of the same part). */
export function changesOf(before: PartState, after: PartState): HostingChange[] {
  const out: HostingChange[] = [];
  if ('domains' in before && 'domains' in after) {
    for (const [domain, d] of Object.entries(after.domains)) {
      const was = before.domains[domain];
      if (!was) out.push({ what: 'domain-added', domain, ssl: d.ssl });
      else if (d.ssl !== null && d.ssl !== was.ssl)
        out.push({ what: 'ssl', domain, from: was.ssl, to: d.ssl });
    }
    for (const [domain, d] of Object.entries(before.domains))
      if (!after.domains[domain]) out.push({ what: 'domain-removed', domain, ssl: d.ssl });
  } else if ('enabled' in before && 'enabled' in after) {
    if (before.enabled !== after.enabled) out.push({ what: 'ssh', enabled: after.enabled });
  } else if ('keys' in before && 'keys' in after) {
    for (const [id, k] of Object.entries(after.keys))
      if (!before.keys[id]) out.push({ what: 'key-added', id, label: k.label });
    for (const [id, k] of Object.entries(before.keys))
      if (!after.keys[id]) out.push({ what: 'key-removed', id, label: k.label });
  } else {
    out.push(...recordChangesOf(before as RecordState, after as RecordState));
  }
  return out;
}

/** `state` with one change applied (the others left as they were). */
export function applyChange(state: PartState, c: HostingChange): PartState {
  if (isRecordChange(c)) return applyRecordChange(state as RecordState, c);
  if ('domains' in state) {
    const domains = { ...state.domains };
    if (c.what === 'domain-added') domains[c.domain] = { ssl: c.ssl };
    else if (c.what === 'domain-removed') delete domains[c.domain];
    else if (c.what === 'ssl') domains[c.domain] = { ssl: c.to };
    return { domains };
  }
  if ('enabled' in state) return c.what === 'ssh' ? { enabled: c.enabled } : state;
  if (!('keys' in state)) return state;
  const keys = { ...state.keys };
  if (c.what === 'key-added') keys[c.id] = { label: c.label };
  else if (c.what === 'key-removed') delete keys[c.id];
  return { keys };
}

/**
 * What the watcher holds of the hosting servers, for a glance (the App
 * Home): the servers it reads, and the domains whose `ssl_status` it last
 * read as failed (the one failure value published) or whose free
 * certificate had expired when it was last read (the list's `expired`), by
 * server and domain.
 */
export function hostingGlanceOf(rows: readonly HostingSnapshotRow[]): {
  servers: string[];
  sslProblems: { server: string; domain: string; status: string; observedAt: Date }[];
} {
  const servers = [...new Set(rows.map((r) => r.server))].sort();
  const sslProblems = rows
    .filter((r) => r.part === 'domains')
    .flatMap((r) => {
      const state = storedPart('domains', r.state);
      if (!state || !('domains' in state)) return [];
      return Object.entries(state.domains)
        .filter(([, d]) => d.ssl === SSL_FAILED)
        .map(([domain, d]) => ({ server: r.server, domain, status: d.ssl!, observedAt: r.observedAt }));
    })
    .concat(rows.filter((r) => r.part === 'ssl').flatMap(expiredCertificates))
    .sort((a, b) => a.server.localeCompare(b.server) || a.domain.localeCompare(b.domain));
  return { servers, sslProblems };
}

/** A snapshot's free certificates that had expired when it was read. */
function expiredCertificates(r: HostingSnapshotRow) {
  const state = storedPart('ssl', r.state);
  if (!state || !('certificates' in state)) return [];
  const at = r.observedAt.getTime();
  return Object.values(state.certificates)
    .filter((c) => c.type === FREE_SSL_TYPE && (c.status === SSL_EXPIRED || (c.expiresAt ?? at + 1) <= at))
    .map((c) => ({ server: r.server, domain: c.name, status: SSL_EXPIRED, observedAt: r.observedAt }));
}
