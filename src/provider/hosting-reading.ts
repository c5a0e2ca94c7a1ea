/**
 * The hosting answers read leniently (docs/provider-api.md, Hosting resources):
 * a list item by item, an object field by field,
 * each as its schema says (hosting-schemas.ts); what breaks it is kept as far
 * as it reads, with the fields it broke named, never an error for the whole
 * answer. Where the reference gives two forms, both are read.
 */
import { type ObjectSchema, type Readable, readEntry } from './entry-reading.ts';

/** An item that broke its schema: its place in the list, what could be read, what broke. */
export interface MalformedItem<T> {
  index: number;
  readable: Readable<T>;
  broken: string[];
}

/** A list as read: the items of the published shape, and the others. */
export interface Listing<T> {
  items: T[];
  malformed: MalformedItem<T>[];
}

export function readListing<T>(schema: ObjectSchema<T>, raw: readonly unknown[]): Listing<T> {
  const out: Listing<T> = { items: [], malformed: [] };
  for (const [index, item] of raw.entries()) {
    const r = readEntry(schema, item);
    if (r.ok) out.items.push(r.value);
    else out.malformed.push({ index, readable: r.readable, broken: r.broken });
  }
  return out;
}

/** An object as read: every published field that reads, and the names of those that broke it. */
export type FieldsRead<T> = Readable<T> & { broken: string[] };

export function readFields<T>(schema: ObjectSchema<T>, raw: unknown): FieldsRead<T> {
  const r = readEntry(schema, raw);
  return r.ok ? { ...(r.value as Readable<T>), broken: [] } : { ...r.readable, broken: r.broken };
}

/** A PHP version on offer: its `major.minor`, and the name the map form gives it (null in the list form). */
export interface PhpVersionOffer {
  version: string;
  label: string | null;
}

/**
 * `available_versions` in either of the reference's forms: the field table's
 * map (`{"8.3": "PHP 8.3.x"}`) or the example's list (`["8.3"]`). Entries of
 * neither form are left out; undefined when it is neither a map nor a list.
 */
export function readAvailableVersions(raw: unknown): PhpVersionOffer[] | undefined {
  if (Array.isArray(raw))
    return raw.filter((v): v is string => typeof v === 'string').map((version) => ({ version, label: null }));
  if (typeof raw === 'object' && raw !== null)
    return Object.entries(raw).map(([version, label]) => ({
      version,
      label: typeof label === 'string' ? label : null,
    }));
  return undefined;
}
