/**
 * Finding the server a person named (by uuid, IPv4 address or name) in the
 * provider's list as read: the entries of the documented shape, and those that
 * break the spec, which are found by what of them could be read. An entry
 * whose uuid could not be read cannot be addressed: naming it says so.
 */
import type { MalformedServer, ServerListing, VpsSummary } from '../../provider/index.ts';
import { ServiceError } from '../errors.ts';

/** A broken entry whose uuid did read: it can be addressed (its detail asked for). */
export type AddressableMalformed = MalformedServer & { uuid: string };

export type Located =
  | { kind: 'server'; server: VpsSummary }
  | { kind: 'malformed'; entry: AddressableMalformed };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** What a person can call an entry: its name when it reads, else its uuid, else its place in the list. */
export function labelOf(e: { name?: string | undefined; uuid: string | null }): string {
  return e.name || e.uuid || '?';
}

function isExact(
  e: { uuid?: string | null; ip_address?: string | null; name?: string },
  needle: string,
): boolean {
  return (
    e.uuid?.toLowerCase() === needle ||
    (e.ip_address != null && e.ip_address === needle) ||
    e.name?.toLowerCase() === needle
  );
}

/** The key's servers, honouring a selected-targets key even if the API answered more. */
export function inScope(listing: ServerListing, targets: ReadonlySet<string> | undefined): ServerListing {
  if (!targets) return listing;
  return {
    servers: listing.servers.filter((s) => targets.has(s.uuid)),
    // An entry without a readable uuid cannot be shown to be in the key's range: it is left out.
    malformed: listing.malformed.filter((m) => m.uuid !== null && targets.has(m.uuid)),
  };
}

/** The good entries `ref` names exactly: by uuid, IPv4 address or name, in any case. */
export function exactMatches(servers: readonly VpsSummary[], ref: string): VpsSummary[] {
  const needle = ref.trim().toLowerCase();
  return servers.filter((s) => isExact(s, needle));
}

/** The one entry `ref` names, or the refusal that says why there is none. */
export function locate(listing: ServerListing, ref: string): Located {
  const needle = ref.trim().toLowerCase();
  const exact: Located[] = [
    ...exactMatches(listing.servers, ref).map((server): Located => ({ kind: 'server', server })),
    ...listing.malformed
      .filter((m): m is AddressableMalformed => m.uuid !== null && isExact(m, needle))
      .map((entry): Located => ({ kind: 'malformed', entry })),
  ];
  if (exact.length === 1) return exact[0]!;
  const detail = (e: Located) =>
    e.kind === 'server'
      ? { label: e.server.name, detail: `${e.server.ip_address ?? '-'} · ${e.server.uuid}` }
      : { label: labelOf(e.entry), detail: `${e.entry.ip_address ?? '-'} · ${e.entry.uuid}` };
  if (exact.length > 1) {
    throw new ServiceError('server_ambiguous', { ref, count: exact.length }, exact.map(detail));
  }
  if (listing.malformed.some((m) => m.uuid === null && isExact(m, needle))) {
    throw new ServiceError('server_unaddressable', { ref });
  }
  const candidates = IPV4.test(needle) ? [] : listing.servers.filter((s) => s.name.includes(needle));
  const details = candidates.map((server) => detail({ kind: 'server', server }));
  if (candidates.length > 1)
    throw new ServiceError('server_ambiguous', { ref, count: candidates.length }, details);
  throw new ServiceError('server_not_found', { ref }, details);
}
