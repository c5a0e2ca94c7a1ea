/**
 * The optional POLICY_FILE: roles by Slack user or user group, the default
 * role, the channels where the bot may be used, each action's role, who may
 * approve, and the provider accounts the bot serves with the channel each one
 * works in. Read once at start; an invalid file stops the start with every
 * problem named by its line.
 */
import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { looksLikeProviderKey } from '../../config.ts';
import { type Action, DESTRUCTIVE_HOSTING_ACTIONS, HOSTING_ACTIONS, VPS_ACTIONS } from './actions.ts';
import { ROLES } from './roles.ts';

const principal = z.string().regex(/^[UWS][A-Z0-9]{2,}$/, 'a Slack user id (U…/W…) or user-group id (S…)');
const assignable = z.enum(['viewer', 'operator', 'approver', 'admin']);
const CHANNEL_ID = /^[CGD][A-Z0-9]{2,}$/;
const channelId = z.string().regex(CHANNEL_ID, 'a Slack channel id such as C0123ABCD');
const rolesSchema = z.partialRecord(assignable, z.array(principal));

/** An account's short name, as `/vps account use <name>` takes it. */
export const ACCOUNT_NAME = /^[a-z][a-z0-9-]{0,31}$/;
/** The one account of a bot whose policy declares none: PROVIDER_API_KEY's. */
export const DEFAULT_ACCOUNT = 'default';
/** Where an account's provider key is written by mistake: refused, never read. */
const KEY_FIELDS = ['key', 'api_key', 'apiKey'];

const accountSchema = z
  .object({
    /** What people read for it ("Production"). */
    label: z.string().trim().min(1).max(60),
    /** The environment variable holding its provider key. */
    key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/)
      .optional(),
    /** A file holding its provider key (a mounted secret), read at start. */
    key_file: z.string().trim().min(1).optional(),
    notify_channel: channelId.optional(),
    digest_channel: channelId.optional(),
    /** Replace the top-level role of the people they name, for this account only. */
    roles: rolesSchema.optional(),
  })
  .strict();
export type AccountPolicy = z.output<typeof accountSchema>;

/** A `channels:` entry: a plain id (the default account's), or `{ id, account }`. */
const channelEntry = z.union([channelId, z.object({ id: channelId, account: z.string() }).strict()]);

const policySchema = z
  .object({
    roles: rolesSchema.default({}),
    default_role: z.enum(['none', 'viewer']).default('viewer'),
    channels: z.array(channelEntry).optional(),
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
    accounts: z.record(z.string(), accountSchema).optional(),
    default_account: z.string().optional(),
  })
  .strict();
type ParsedPolicy = z.output<typeof policySchema>;

/**
 * The policy as the bot uses it. `channels` are the ids the file lists (the
 * bot answers only there when it lists any); `bindings` says which account
 * each of them works on; `default_account` is the account a plain id and an
 * unbound channel fall to: the one named, the only one declared, or
 * `default` when none is declared; undefined when several are declared and
 * none is named. The account fields are optional so that a policy written
 * by hand (a test's) needs none of them.
 */
export interface Policy extends Omit<ParsedPolicy, 'channels' | 'accounts' | 'default_account'> {
  channels?: string[] | undefined;
  accounts?: Readonly<Record<string, AccountPolicy>> | undefined;
  default_account?: string | undefined;
  bindings?: Readonly<Record<string, string>> | undefined;
}

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
const ACCOUNT_KEYS = Object.keys(accountSchema.shape);
const NAME_RULE =
  'a lowercase letter, then up to 31 lowercase letters, digits or hyphens, such as main or shop-a';
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
  // Rules checked across settings (an account a channel names, a key in the file) come worded.
  if (issue.code === 'custom') return issue.message;
  if (top === 'accounts' && path.length >= 2) return accountSentence(issue, path, value);
  if (top === 'channels' && path.length === 3)
    return path[2] === 'id'
      ? `${quoted(value)} is not a Slack channel id such as C0123ABCD (channels are named by id, not by #name)`
      : 'a channel entry { id, account } names its account by its name under accounts, such as account: main';
  if (top === 'channels' && path.length === 2 && value !== null && typeof value === 'object') {
    const entry = value as Record<string, unknown>;
    const extra = Object.keys(entry).filter((k) => k !== 'id' && k !== 'account');
    if (extra.length > 0)
      return `${extra.join(', ')}: not a setting of a channel entry, which takes id and account`;
    if (typeof entry.id !== 'string' || !CHANNEL_ID.test(entry.id))
      return `${quoted(entry.id)} is not a Slack channel id such as C0123ABCD (channels are named by id, not by #name)`;
    return 'a channel entry { id, account } names its account by its name under accounts, such as account: main';
  }
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

/** A rule an account's settings break, naming the account (its settings' values may be secrets: never quoted but channels and roles). */
function accountSentence(issue: z.core.$ZodIssue, path: readonly PropertyKey[], value: unknown): string {
  const name = String(path[1]);
  const field = path[2];
  if (path.length === 2) {
    if (issue.code === 'unrecognized_keys')
      return `${issue.keys.join(', ')}: not a setting of an account, which takes ${listed(ACCOUNT_KEYS)}`;
    return `account ${name} must be a map: its label, and key_env or key_file`;
  }
  if (field === 'label')
    return `account ${name} needs a label, the name people read, such as label: Production (at most 60 characters)`;
  if (field === 'key_env')
    return `key_env of account ${name} must be the name of an environment variable, such as PROVIDER_API_KEY_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  if (field === 'key_file') return `key_file of account ${name} must be the path of a file`;
  if (field === 'notify_channel' || field === 'digest_channel')
    return `${quoted(value)} (${field} of account ${name}) is not a Slack channel id such as C0123ABCD`;
  if (field === 'roles') {
    if (issue.code === 'unrecognized_keys')
      return `${issue.keys.join(', ')}: not a role a policy gives; the roles are ${listed(ASSIGNABLE)}`;
    if (path.length === 5)
      return `${quoted(value)} under ${String(path[3])} of account ${name} is not a Slack user id (U… or W…) or user-group id (S…)`;
    return `roles of account ${name} must be ${WHAT.record}`;
  }
  return `account ${name}: ${issue.message}`;
}

/** One problem found by reading the file as a whole, at the path it is about. */
interface Found {
  path: readonly PropertyKey[];
  text: string;
}

/**
 * Provider keys written into the file: a key field under an account, or any
 * value (or name) that has a provider key's form. Named by place only: the
 * value is never repeated.
 */
function keysWritten(raw: unknown): Found[] {
  const found: Found[] = [];
  const advice =
    'write the name of the variable that holds it as key_env, or the path of a file as key_file, and take the key out of the policy file';
  const accounts = valueAt(raw, ['accounts']);
  if (accounts !== null && typeof accounts === 'object' && !Array.isArray(accounts))
    for (const [name, account] of Object.entries(accounts))
      if (account !== null && typeof account === 'object')
        for (const field of KEY_FIELDS)
          if (Object.hasOwn(account, field))
            found.push({
              path: ['accounts', name, field],
              text: `account ${name} has its provider key written in the policy file (${field}): ${advice}`,
            });
  const walk = (v: unknown, path: PropertyKey[]): void => {
    if (typeof v === 'string') {
      if (looksLikeProviderKey(v))
        found.push({ path, text: `a value here looks like a provider API key: ${advice}` });
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, [...path, i]);
    } else if (v !== null && typeof v === 'object')
      for (const [k, item] of Object.entries(v)) {
        if (looksLikeProviderKey(k))
          found.push({ path: [...path, k], text: `a name here looks like a provider API key: ${advice}` });
        // A key field is reported once, above.
        if (path.length === 2 && path[0] === 'accounts' && KEY_FIELDS.includes(k)) continue;
        walk(item, [...path, k]);
      }
  };
  walk(raw, []);
  return found;
}

/** The account rules that read more than one setting: names, keys' sources, bindings. */
function accountProblems(p: ParsedPolicy): Found[] {
  const found: Found[] = [];
  const accounts = p.accounts ?? {};
  const names = Object.keys(accounts);
  for (const name of names) {
    const a = accounts[name]!;
    if (!ACCOUNT_NAME.test(name))
      found.push({ path: ['accounts', name], text: `${quoted(name)} is not an account name: ${NAME_RULE}` });
    if (a.key_env === undefined && a.key_file === undefined)
      found.push({
        path: ['accounts', name],
        text: `account ${name} names no key: give key_env (the variable that holds its key) or key_file (a file that holds it)`,
      });
    if (a.key_env !== undefined && a.key_file !== undefined)
      found.push({
        path: ['accounts', name],
        text: `account ${name} gives both key_env and key_file: keep the one its key comes from`,
      });
  }
  const known = names.length > 0 ? names : [DEFAULT_ACCOUNT];
  const declared =
    names.length > 0 ? `declared under accounts (${either(names)})` : 'declared: the file has no accounts';
  if (p.default_account !== undefined && !known.includes(p.default_account))
    found.push({
      path: ['default_account'],
      text: `default_account is ${quoted(p.default_account)}, which is not an account ${declared}`,
    });
  const fallback = defaultAccountOf(p);
  const bound = new Map<string, string>();
  (p.channels ?? []).forEach((entry, i) => {
    const id = typeof entry === 'string' ? entry : entry.id;
    let account: string | undefined;
    if (typeof entry === 'string') {
      account = fallback;
      if (account === undefined)
        found.push({
          path: ['channels', i],
          text: `${id} is a plain channel id, which works on the default account, but several accounts are declared and default_account names none: write { id: ${id}, account: <name> } or set default_account`,
        });
    } else if (known.includes(entry.account)) account = entry.account;
    else
      found.push({
        path: ['channels', i, 'account'],
        text: `${quoted(entry.account)} (the account of channel ${id}) is not an account ${declared}`,
      });
    if (account === undefined) return;
    const before = bound.get(id);
    if (before !== undefined && before !== account)
      found.push({
        path: ['channels', i],
        text: `${id} is listed twice, on accounts ${before} and ${account}: a channel works on one account`,
      });
    else if (before === undefined) bound.set(id, account);
  });
  return found;
}

/** The account a plain channel id and an unbound channel fall to (see `Policy.default_account`). */
function defaultAccountOf(p: Pick<ParsedPolicy, 'accounts' | 'default_account'>): string | undefined {
  const names = Object.keys(p.accounts ?? {});
  if (p.default_account !== undefined) return p.default_account;
  if (names.length === 0) return DEFAULT_ACCOUNT;
  return names.length === 1 ? names[0] : undefined;
}

/** The parsed file as the bot uses it: channel ids, and the account each one works on. */
function usable(p: ParsedPolicy): Policy {
  const fallback = defaultAccountOf(p);
  const bindings: Record<string, string> = {};
  for (const entry of p.channels ?? []) {
    const [id, account] = typeof entry === 'string' ? [entry, fallback] : [entry.id, entry.account];
    if (account !== undefined) bindings[id] ??= account;
  }
  const { channels, accounts, default_account: _named, ...rest } = p;
  return {
    ...rest,
    channels:
      channels === undefined
        ? undefined
        : [...new Set(channels.map((e) => (typeof e === 'string' ? e : e.id)))],
    accounts: accounts ?? {},
    default_account: fallback,
    bindings,
  };
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
  const at = (found: Found[]): string[] =>
    found
      .map((f) => ({ line: lineOf(yamlText, f.path), text: f.text }))
      .sort((a, b) => a.line - b.line)
      .map((f) => `${source}, line ${f.line}: ${f.text}`);
  // Before anything else, and alone: another rule's sentence could quote the key.
  const keys = keysWritten(raw);
  if (keys.length > 0) throw new PolicyError(at(keys));
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
  const problems = accountProblems(parsed.data);
  if (problems.length > 0) throw new PolicyError(at(problems));
  return usable(parsed.data);
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
