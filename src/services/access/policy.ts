/**
 * The optional POLICY_FILE: roles by Slack user or user group, the default
 * role, the channels where the bot may be used, each action's role, and who
 * may approve. Read once at start; an invalid file stops the start with every
 * problem named by its line.
 */
import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { type Action, DESTRUCTIVE_HOSTING_ACTIONS, HOSTING_ACTIONS, VPS_ACTIONS } from './actions.ts';
import { ROLES } from './roles.ts';

const principal = z.string().regex(/^[UWS][A-Z0-9]{2,}$/, 'a Slack user id (U…/W…) or user-group id (S…)');
const assignable = z.enum(['viewer', 'operator', 'approver', 'admin']);

const policySchema = z
  .object({
    roles: z.partialRecord(assignable, z.array(principal)).default({}),
    default_role: z.enum(['none', 'viewer']).default('viewer'),
    channels: z
      .array(z.string().regex(/^[CGD][A-Z0-9]{2,}$/, 'a Slack channel id such as C0123ABCD'))
      .optional(),
    actions: z
      .partialRecord(z.enum([...VPS_ACTIONS, ...HOSTING_ACTIONS] as [Action, ...Action[]]), z.enum(ROLES))
      .default({}),
    approvals: z
      .object({
        /** Whether a requester who is also an approver may approve their own request. */
        allow_self: z.boolean().default(false),
        /** Destructive hosting operations that need a second person (an approver, not the requester). */
        second_person: z.array(z.enum(DESTRUCTIVE_HOSTING_ACTIONS)).default([]),
      })
      .strict()
      .default({ allow_self: false, second_person: [] }),
  })
  .strict();
export type Policy = z.output<typeof policySchema>;

export class PolicyError extends Error {
  readonly code = 'POLICY_INVALID';
  constructor(readonly problems: readonly string[]) {
    super(`policy file is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'PolicyError';
  }
}

/** The settings of the file and of its `approvals`, as a refusal of an unknown one lists them. */
const TOP_KEYS = Object.keys(policySchema.shape);
const APPROVAL_KEYS = ['allow_self', 'second_person'];
const ASSIGNABLE = assignable.options;

const listed = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
const either = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
/** A value from the file as a person wrote it, clipped to stay one short line. */
const quoted = (v: unknown): string => {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
};
const WHAT: Record<string, string> = {
  array: 'a list: [a, b] on one line, or one "- item" a line',
  record: 'a map of names to values, one "name: value" a line',
  object: 'a map of names to values, one "name: value" a line',
  boolean: 'true or false',
  string: 'a word',
};

/** The value at a path of the parsed file. */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw;
  for (const seg of path)
    v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[seg] : undefined;
  return v;
}

/**
 * One rule a value breaks, in the policy's own words (a role, a channel id, an
 * action), never the schema's path (`roles.operator.0`).
 */
function sentence(issue: z.core.$ZodIssue, raw: unknown): string {
  const path = issue.path;
  const [top, second] = path;
  const value = valueAt(raw, path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    if (path.length === 0)
      return `${keys}: not a setting of the policy file, which takes ${listed(TOP_KEYS)}`;
    if (top === 'roles') return `${keys}: not a role a policy gives; the roles are ${listed(ASSIGNABLE)}`;
    if (top === 'actions')
      return `${keys}: not an action of /vps or /hosting, such as show, rename or hosting.wp_delete (docs/operators.md lists them)`;
    if (top === 'approvals')
      return `${keys}: not a setting of approvals, which takes ${listed(APPROVAL_KEYS)}`;
  }
  if (top === 'roles' && path.length === 3)
    return `${quoted(value)} under ${String(second)} is not a Slack user id (U… or W…) or user-group id (S…)`;
  if (top === 'channels' && path.length === 2)
    return `${quoted(value)} is not a Slack channel id such as C0123ABCD (channels are named by id, not by #name)`;
  if (top === 'default_role') return `default_role is ${quoted(value)}; it must be none or viewer`;
  if (top === 'actions' && path.length === 2)
    return `${quoted(value)} is not a role; an action needs ${either(ROLES)}`;
  if (top === 'approvals' && second === 'allow_self')
    return `approvals: allow_self is ${quoted(value)}; it must be true or false`;
  if (top === 'approvals' && second === 'second_person' && path.length === 3)
    return `${quoted(value)} cannot need a second person; only ${either(DESTRUCTIVE_HOSTING_ACTIONS)} can`;
  if (issue.code === 'invalid_type') {
    const where =
      path.length === 0 ? 'the policy file' : path.filter((p) => typeof p === 'string').join(': ');
    return `${where} must be ${WHAT[issue.expected] ?? issue.expected}`;
  }
  return issue.message;
}

/** The line (1-based) a path of the file starts on: the deepest node it reaches, or a key named in it. */
function lineOf(text: string, path: readonly PropertyKey[], key?: string): number {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  let node: unknown = doc.contents;
  let at = isMap(node) || isSeq(node) || isScalar(node) ? (node.range?.[0] ?? 0) : 0;
  for (const seg of key === undefined ? path : [...path, key]) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === seg);
      if (!pair) break;
      const k = isScalar(pair.key) ? pair.key : undefined;
      at = k?.range?.[0] ?? at;
      node = pair.value;
      if (seg === key) break;
    } else if (isSeq(node) && typeof seg === 'number') {
      node = node.items[seg];
    } else break;
    if (isMap(node) || isSeq(node) || isScalar(node)) at = node.range?.[0] ?? at;
  }
  return lines.linePos(at).line;
}

/**
 * Reads a policy. Each problem is one line naming the file and the line in
 * it, and the rule the value breaks.
 */
export function parsePolicy(yamlText: string, source = 'the policy file'): Policy {
  const lines = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: lines, prettyErrors: false });
  const broken = doc.errors[0];
  if (broken) {
    const line = lines.linePos(broken.pos[0]).line;
    const why = broken.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new PolicyError([`${source}, line ${line}: not valid YAML: ${why}`]);
  }
  const raw: unknown = doc.toJS() ?? {};
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) {
    const found = parsed.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => ({ line: lineOf(yamlText, i.path, k), text: sentence({ ...i, keys: [k] }, raw) }))
        : [{ line: lineOf(yamlText, i.path), text: sentence(i, raw) }],
    );
    found.sort((a, b) => a.line - b.line);
    throw new PolicyError(found.map((f) => `${source}, line ${f.line}: ${f.text}`));
  }
  return parsed.data;
}

export async function loadPolicyFile(path: string): Promise<Policy> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new PolicyError([
      `POLICY_FILE: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    ]);
  }
  return parsePolicy(text, `policy file ${path}`);
}
