/**
 * Who may do what, here, for every feature: roles from OPERATORS / APPROVERS
 * and the optional POLICY_FILE, user-group membership read from Slack (cached
 * briefly), the policy's channel list, and the provider key's own scope from
 * /v1/me (a read-only key turns writes off for everyone, a key with selected
 * targets shows only those servers). Every role and channel decision is
 * `decide` (or `authorize`, which throws its refusal).
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { KeyInfo, ProviderClient, ServiceScope } from '../provider/index.ts';
import { ServiceError } from './errors.ts';

const ROLES = ['none', 'viewer', 'operator', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const ACTIONS = [
  'list',
  'show',
  'power',
  'logs',
  'me',
  'audit',
  'rename',
  'memo',
  'rdns',
  'signup',
  'signups',
  'approve',
  'watch',
  'watches',
] as const;
export type Action = (typeof ACTIONS)[number];
const WRITE_ACTIONS: readonly Action[] = ['rename', 'memo', 'rdns'];

const DEFAULT_NEEDS: Record<Action, Role> = {
  list: 'viewer',
  show: 'viewer',
  power: 'viewer',
  logs: 'viewer',
  me: 'viewer',
  audit: 'viewer',
  rename: 'operator',
  memo: 'operator',
  rdns: 'operator',
  signup: 'operator',
  signups: 'viewer',
  approve: 'approver',
  watch: 'operator',
  watches: 'viewer',
};

/**
 * Money moves on these: a policy may ask for a higher role, never a lower one
 * (a typo such as `approve: viewer` must not let anyone pay).
 */
const FLOOR: Partial<Record<Action, Role>> = { signup: 'operator', approve: 'approver' };

/**
 * Decided on the request's own approval message, which the bot posts only in
 * the channel the request came from; that channel was checked when the quote
 * was asked for.
 */
const NOT_CHANNEL_BOUND: readonly Action[] = ['approve'];

const principal = z.string().regex(/^[UWS][A-Z0-9]{2,}$/, 'a Slack user id (U…/W…) or user-group id (S…)');
const assignable = z.enum(['viewer', 'operator', 'approver', 'admin']);

const policySchema = z
  .object({
    roles: z.partialRecord(assignable, z.array(principal)).default({}),
    default_role: z.enum(['none', 'viewer']).default('viewer'),
    channels: z
      .array(z.string().regex(/^[CGD][A-Z0-9]{2,}$/, 'a Slack channel id such as C0123ABCD'))
      .optional(),
    actions: z.partialRecord(z.enum(ACTIONS), z.enum(ROLES)).default({}),
    /** Paid signup: whether a requester who is also an approver may approve their own order. */
    approvals: z
      .object({ allow_self: z.boolean().default(false) })
      .strict()
      .default({ allow_self: false }),
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

export function parsePolicy(yamlText: string): Policy {
  let raw: unknown;
  try {
    raw = parseYaml(yamlText) ?? {};
  } catch (err) {
    throw new PolicyError([`not valid YAML: ${(err as Error).message.split('\n')[0]}`]);
  }
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) {
    throw new PolicyError(parsed.error.issues.map((i) => `${i.path.join('.') || 'policy'}: ${i.message}`));
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
  return parsePolicy(text);
}

const rank = (r: Role): number => ROLES.indexOf(r);

export interface Actor {
  userId: string;
  channelId: string;
}

export interface KeyScope {
  /** The key can read VPS data at all. */
  readable: boolean;
  writable: boolean;
  signupAllowed: boolean;
  /** uuids when the key is limited to selected VPSs; undefined for all. */
  targets: ReadonlySet<string> | undefined;
  expiresAt: string | null;
  /** The key's services that carry a scope (GET /v1/me may list other fields beside them). */
  info: { expires_at: string | null; services: Partial<Record<string, ServiceScope>> };
}

function scopedServices(info: KeyInfo): Partial<Record<string, ServiceScope>> {
  const services: Partial<Record<string, ServiceScope>> = {};
  for (const [name, v] of Object.entries(info.services)) {
    if (v && typeof v === 'object' && 'permission_type' in v) services[name] = v as ServiceScope;
  }
  return services;
}

export function keyScopeOf(key: KeyInfo): KeyScope {
  const info = { expires_at: key.expires_at, services: scopedServices(key) };
  const vps = info.services.vps;
  if (!vps) {
    return {
      readable: false,
      writable: false,
      signupAllowed: false,
      targets: undefined,
      expiresAt: info.expires_at,
      info,
    };
  }
  let writable = vps.permission_type === 'full';
  let readable = true;
  if (vps.permission_type === 'custom') {
    const levels = Object.values(vps.permissions ?? {});
    writable = levels.includes('full');
    readable = levels.some((l) => l === 'full' || l === 'read');
  }
  return {
    readable,
    writable,
    signupAllowed: vps.allow_signup === true,
    targets: vps.target_mode === 'selected' ? new Set(vps.targets) : undefined,
    expiresAt: info.expires_at,
    info,
  };
}

/** Members of a Slack user group, read from Slack (usergroups.users.list). */
export interface GroupDirectory {
  membersOf(groupId: string): Promise<readonly string[]>;
}

export interface AccessDeps {
  operators: readonly string[];
  approvers: readonly string[];
  policy?: Policy | undefined;
  groups: GroupDirectory;
  provider: Pick<ProviderClient, 'me'>;
  clock: Clock;
  groupCacheMs?: number;
  keyCacheMs?: number;
}

export type Decision =
  | { refusal: null; role: Role }
  /** `role` is null when the refusal came before the role was read (a channel outside the policy's list). */
  | { refusal: ServiceError; role: Role | null };

export interface Capabilities {
  role: Role;
  allowed: Action[];
  /** Actions this user's role is too low for (whatever the key allows). */
  needsHigherRole: Action[];
  /** undefined when /v1/me failed; `keyError` says why. */
  key: KeyScope | undefined;
  keyError?: unknown;
  channelAllowed: boolean;
}

const LIVE_ROLE_ACTIONS: readonly Action[] = ['approve'];

export class AccessService {
  private readonly groupCache = new Map<string, { at: number; members: Promise<readonly string[]> }>();
  private keyCache: { at: number; scope: Promise<KeyScope> } | undefined;

  constructor(private readonly deps: AccessDeps) {}

  private needs(action: Action): Role {
    const wanted = this.deps.policy?.actions[action] ?? DEFAULT_NEEDS[action];
    const floor = FLOOR[action];
    return floor && rank(floor) > rank(wanted) ? floor : wanted;
  }

  private membersOf(groupId: string, live: boolean): Promise<readonly string[]> {
    const now = this.deps.clock.now().getTime();
    const hit = this.groupCache.get(groupId);
    if (!live && hit && now - hit.at < (this.deps.groupCacheMs ?? 60_000)) return hit.members;
    const members = this.deps.groups.membersOf(groupId);
    this.groupCache.set(groupId, { at: now, members });
    // A failed lookup must not stick for the whole cache period.
    members.catch(() => this.groupCache.delete(groupId));
    return members;
  }

  /** The user's role; `live` reads user-group membership from Slack now instead of the short cache. */
  async roleOf(userId: string, opts: { live?: boolean } = {}): Promise<Role> {
    const grants: [Role, readonly string[]][] = [
      ['operator', this.deps.operators],
      ['approver', this.deps.approvers],
    ];
    const policy = this.deps.policy;
    for (const r of ['viewer', 'operator', 'approver', 'admin'] as const)
      grants.push([r, policy?.roles[r] ?? []]);
    let role: Role = policy?.default_role ?? 'viewer';
    for (const [r, principals] of grants) if (rank(r) > rank(role) && principals.includes(userId)) role = r;
    for (const [r, principals] of grants) {
      if (rank(r) <= rank(role)) continue;
      for (const p of principals) {
        if (!p.startsWith('S')) continue;
        // A group Slack will not list (missing scope, deleted group) grants nothing: fail closed.
        const members = await this.membersOf(p, opts.live === true).catch((): readonly string[] => []);
        if (members.includes(userId)) {
          role = r;
          break;
        }
      }
    }
    return role;
  }

  private channelAllowed(channelId: string): boolean {
    const channels = this.deps.policy?.channels;
    return !channels || channels.includes(channelId);
  }

  keyScope(): Promise<KeyScope> {
    const now = this.deps.clock.now().getTime();
    if (this.keyCache && now - this.keyCache.at < (this.deps.keyCacheMs ?? 60_000))
      return this.keyCache.scope;
    // Read for a person waiting on an answer: ahead of the watcher's background reads.
    const scope = this.deps.provider.me({ lane: 'interactive' }).then(keyScopeOf);
    this.keyCache = { at: now, scope };
    scope.catch(() => {
      if (this.keyCache?.scope === scope) this.keyCache = undefined;
    });
    return scope;
  }

  /**
   * May this actor do this, here, now? The channel first, then the role
   * (read live, user-group membership included), then for writes the key.
   * Never throws a refusal: it is returned, for callers that answer it themselves.
   */
  async decide(actor: Actor, action: Action): Promise<Decision> {
    if (!NOT_CHANNEL_BOUND.includes(action) && !this.channelAllowed(actor.channelId)) {
      return { refusal: new ServiceError('channel_not_allowed'), role: null };
    }
    // Money moves on an approval: membership is read at the moment of the click, never from the cache.
    const role = await this.roleOf(actor.userId, { live: LIVE_ROLE_ACTIONS.includes(action) });
    const needed = this.needs(action);
    if (rank(role) < rank(needed)) {
      return { refusal: new ServiceError('role_required', { role: needed, yours: role }), role };
    }
    if (WRITE_ACTIONS.includes(action)) {
      const key = await this.keyScope();
      if (!key.writable) return { refusal: new ServiceError('key_read_only'), role };
    }
    return { refusal: null, role };
  }

  /** `decide`, throwing the refusal; returns the actor's role. */
  async authorize(actor: Actor, action: Action): Promise<Role> {
    const d = await this.decide(actor, action);
    if (d.refusal) throw d.refusal;
    return d.role;
  }

  async capabilities(actor: Actor): Promise<Capabilities> {
    let keyError: unknown;
    const [role, key] = await Promise.all([
      this.roleOf(actor.userId),
      this.keyScope().catch((err: unknown) => {
        keyError = err;
        return undefined;
      }),
    ]);
    const channelAllowed = this.channelAllowed(actor.channelId);
    const allowed = ACTIONS.filter(
      (a) =>
        channelAllowed &&
        rank(role) >= rank(this.needs(a)) &&
        (!WRITE_ACTIONS.includes(a) || key?.writable === true) &&
        (a === 'me' || a === 'audit' || key?.readable !== false),
    );
    const needsHigherRole = ACTIONS.filter((a) => rank(role) < rank(this.needs(a)));
    return { role, allowed, needsHigherRole, key, keyError, channelAllowed };
  }
}
