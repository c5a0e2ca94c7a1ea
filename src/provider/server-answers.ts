/**
 * The server list and a server's detail, read entry by entry: one server
 * whose entry breaks the spec (a null name, a number for a memo) never hides
 * the others, and is itself shown as far as it can be read
 * (docs/provider-api.md, VPS summary, VPS detail; Decisions where the spec is
 * silent). This is the one reading of both answers: the people's commands
 * and the watcher get the same.
 */
import { type EntryRead, type Readable, readEntry } from './entry-reading.ts';
import { type VpsDetail, VpsDetailSchema, type VpsSummary, VpsSummarySchema } from './schemas.ts';

/** The documented fields of a loose object's type, without the index signature of the fields it keeps. */
type Known<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** A list entry that breaks the spec: what of it could be read, and which fields it broke. */
export interface MalformedServer extends Omit<Readable<Known<VpsSummary>>, 'uuid'> {
  /** Where it stands in the answer (from 0). */
  index: number;
  /** Its uuid when that reads as the spec says: only then can the server be addressed. */
  uuid: string | null;
  /** The fields that broke the spec (`*`: the entry is not an object). */
  broken: readonly string[];
}

/** The server list as read: the entries of the documented shape, and the others. */
export interface ServerListing {
  servers: VpsSummary[];
  malformed: MalformedServer[];
}

/**
 * A server's detail as read: every documented field that reads as the spec
 * says; a field left out here broke it (and is named in `broken`). A null
 * is the provider's own null (no IP address, no memo).
 */
export interface VpsDetailRead extends Omit<Readable<Known<VpsDetail>>, 'uuid' | 'plan' | 'power'> {
  /** The uuid asked for. */
  uuid: string;
  plan: Readable<Known<VpsDetail['plan']>>;
  power: Readable<Known<VpsDetail['power']>>;
  /** Dotted names of the fields that broke the spec; empty for an answer of the documented shape. */
  broken: readonly string[];
}

export function readServerList(entries: readonly unknown[]): ServerListing {
  const listing: ServerListing = { servers: [], malformed: [] };
  entries.forEach((raw, index) => {
    const read: EntryRead<VpsSummary> = readEntry(VpsSummarySchema, raw);
    if (read.ok) listing.servers.push(read.value);
    else {
      const { uuid, ...rest } = read.readable;
      listing.malformed.push({ ...rest, index, uuid: uuid ?? null, broken: read.broken });
    }
  });
  return listing;
}

/** The detail of the server asked for as `uuid`; an answer naming another uuid has that field broken. */
export function readServerDetail(uuid: string, raw: unknown): VpsDetailRead {
  const read: EntryRead<VpsDetail> = readEntry(VpsDetailSchema, raw);
  const value: Readable<VpsDetail> = read.ok ? read.value : read.readable;
  const broken = read.ok ? [] : [...read.broken];
  if (value.uuid !== undefined && value.uuid !== uuid) broken.push('uuid');
  const { uuid: _answered, plan, power, ...rest } = value;
  return { ...rest, uuid, plan: plan ?? {}, power: power ?? {}, broken };
}
