/**
 * Faults on what the simulator answers, not on what it accepts: a server
 * whose entry breaks the spec (a null name, a number for a memo, a power state
 * the spec does not list, a field left out). The world keeps its true state;
 * only the answers about that server carry the patch: its entry in
 * `GET /v1/vps/servers`, its detail and its power answer. What clients send
 * is still checked as strictly as ever.
 */

/** A patch of one server's answers: fields set to any JSON value, or left out. */
export interface AnswerPatch {
  /** Field -> value; a dotted name reaches inside (`power.status`, `plan.name`). */
  set?: Record<string, unknown>;
  /** Fields left out of the answer (dotted names as in `set`). */
  omit?: string[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks a patch as the controls take it: field names, and values JSON can carry. */
export function checkAnswerPatch(patch: AnswerPatch): void {
  const names = [...Object.keys(patch.set ?? {}), ...(patch.omit ?? [])];
  if (names.length === 0) throw new Error('an answer patch sets or omits at least one field');
  for (const n of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(n))
      throw new Error(`not a field name: ${JSON.stringify(n)}`);
  }
  for (const v of Object.values(patch.set ?? {})) {
    if (v === undefined) throw new Error('a set value must be JSON (use omit to leave a field out)');
  }
}

function place(
  body: Record<string, unknown>,
  path: string,
  change: (o: Record<string, unknown>, k: string) => void,
) {
  const parts = path.split('.');
  let at: Record<string, unknown> = body;
  for (const p of parts.slice(0, -1)) {
    const next = at[p];
    if (!isRecord(next)) return;
    at[p] = { ...next };
    at = at[p] as Record<string, unknown>;
  }
  change(at, parts[parts.length - 1]!);
}

/**
 * `body` with the patch applied. A field applies only to an answer that has
 * it (its first name): `plan_name` touches the list entry, `plan.name` the
 * detail, `power.status` the detail and the power answer, `name` both.
 */
export function patchAnswer(
  body: Record<string, unknown>,
  patch: AnswerPatch | undefined,
): Record<string, unknown> {
  if (!patch) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [path, value] of Object.entries(patch.set ?? {})) {
    if (!(path.split('.')[0]! in body)) continue;
    place(out, path, (o, k) => {
      o[k] = value;
    });
  }
  for (const path of patch.omit ?? []) {
    if (!(path.split('.')[0]! in body)) continue;
    place(out, path, (o, k) => {
      delete o[k];
    });
  }
  return out;
}
