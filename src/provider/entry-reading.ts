/**
 * One entry of an answer read leniently (docs/provider-api.md, Decisions where
 * the spec is silent: "Answers are read loosely"): an entry of the documented
 * shape is typed as the spec says; one that breaks it is read field by field,
 * so what it does say can still be shown, and the fields it broke are named.
 * A broken entry never takes the rest of the answer down with it.
 */
import { z } from 'zod';

/** Every field optional, nested objects too: what could be read of an entry that breaks the spec. */
export type Readable<T> = {
  [K in keyof T]?: T[K] extends Record<string, unknown> ? Readable<T[K]> : T[K];
};

/** The name of a broken "field" when the entry is not even an object. */
export const WHOLE_ENTRY = '*';

export type EntryRead<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** The fields that read as the spec says (a nested object's readable fields inside it). */
      readable: Readable<T>;
      /** The fields that broke the spec, dotted for nested ones (`power.status`); `*` for a non-object. */
      broken: string[];
    };

export type ObjectSchema<T> = z.ZodType<T> & { shape: Readonly<Record<string, z.ZodType>> };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readFields(
  shape: Readonly<Record<string, z.ZodType>>,
  raw: Record<string, unknown>,
  prefix: string,
  broken: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = raw[name];
    if (field instanceof z.ZodObject && isRecord(value)) {
      out[name] = readFields(field.shape, value, `${prefix}${name}.`, broken);
      continue;
    }
    const r = field.safeParse(value);
    if (r.success) out[name] = r.data;
    else broken.push(`${prefix}${name}`);
  }
  return out;
}

/** Reads `raw` against an object schema: the typed entry, or what could be read of it. */
export function readEntry<T>(schema: ObjectSchema<T>, raw: unknown): EntryRead<T> {
  const whole = schema.safeParse(raw);
  if (whole.success) return { ok: true, value: whole.data };
  if (!isRecord(raw)) return { ok: false, readable: {}, broken: [WHOLE_ENTRY] };
  const broken: string[] = [];
  const readable = readFields(schema.shape, raw, '', broken) as Readable<T>;
  // A refinement over the whole object fails with no field named: say so rather than nothing.
  return { ok: false, readable, broken: broken.length > 0 ? broken : [WHOLE_ENTRY] };
}
