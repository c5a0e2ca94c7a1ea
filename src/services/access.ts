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

/** The /vps commands' actions. */
export const VPS_ACTIONS = [
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
  'mute',
] as const;

/** The key's permission categories of the `server` service (custom keys grant each one). */
export const HOSTING_CATEGORIES = ['server_info', 'domain', 'wordpress', 'database', 'ssh', 'log'] as const;
export type HostingCategory = (typeof HOSTING_CATEGORIES)[number];

/**
 * The /hosting commands' actions: the key category each one uses and whether
 * it changes something. `null`: no provider call is made for it.
 */
export const HOSTING_ACTION_SPECS = {
  'hosting.servers': { category: null, write: false },
  'hosting.info': { category: 'server_info', write: false },
  'hosting.usage': { category: 'server_info', write: false },
  'hosting.domains': { category: 'domain', write: false },
  'hosting.domain': { category: 'domain', write: false },
  'hosting.domain_add': { category: 'domain', write: true },
  'hosting.domain_reset': { category: 'domain', write: true },
  'hosting.subdomains': { category: 'domain', write: false },
  'hosting.subdomain_add': { category: 'domain', write: true },
  'hosting.wp': { category: 'wordpress', write: false },
  'hosting.wp_install': { category: 'wordpress', write: true },
  'hosting.wp_delete': { category: 'wordpress', write: true },
  'hosting.db_create': { category: 'database', write: true },
  'hosting.db_user_create': { category: 'database', write: true },
  'hosting.db_grant': { category: 'database', write: true },
  'hosting.ssh': { category: 'ssh', write: false },
  'hosting.ssh_on': { category: 'ssh', write: true },
  'hosting.ssh_off': { category: 'ssh', write: true },
  'hosting.ssh_keys': { category: 'ssh', write: false },
  'hosting.ssh_key_add': { category: 'ssh', write: true },
  'hosting.ssh_key_generate': { category: 'ssh', write: true },
  'hosting.ssh_key_delete': { category: 'ssh', write: true },
  'hosting.errorlog': { category: 'log', write: false },
  'hosting.audit': { category: null, write: false },
  'hosting.approve': { category: null, write: false },
} as const satisfies Record<string, { category: HostingCategory | null; write: boolean }>;
export type HostingAction = keyof typeof HOSTING_ACTION_SPECS;
export const HOSTING_ACTIONS = Object.keys(HOSTING_ACTION_SPECS) as HostingAction[];

/** Hosting operations that destroy something: confirmed first, and a second person's if the policy says so. */
export const DESTRUCTIVE_HOSTING_ACTIONS = [
  'hosting.domain_reset',
  'hosting.wp_delete',
  'hosting.ssh_key_delete',
  'hosting.ssh_off',
] as const satisfies readonly HostingAction[];
export type DestructiveHostingAction = (typeof DESTRUCTIVE_HOSTING_ACTIONS)[number];

export type Action = (typeof VPS_ACTIONS)[number] | HostingAction;
const VPS_WRITE_ACTIONS: readonly Action[] = ['rename', 'memo', 'rdns'];

const isHostingAction = (a: Action): a is HostingAction => Object.hasOwn(HOSTING_ACTION_SPECS, a);

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
  mute: 'operator',
  ...(Object.fromEntries(
    HOSTING_ACTIONS.map((a) => [
      a,
      a === 'hosting.approve'
        ? 'approver'
        : HOSTING_ACTION_SPECS[a].write || a === 'hosting.errorlog'
          ? 'operator'
          : 'viewer',
    ]),
  ) as Record<HostingAction, Role>),
};

/**
 * Money moves on these: a policy may ask for a higher role, never a lower one
 * (a typo such as `approve: viewer` must not let anyone pay).
 */
const FLOOR: Partial<Record<Action, Role>> = {
  signup: 'operator',
  approve: 'approver',
  'hosting.approve': 'approver',
};

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
  /** The `server` service: web hosting servers. */
  hosting: HostingScope;
  /** The key's services that carry a scope (GET /v1/me may list other fields beside them). */
  info: { expires_at: string | null; services: Partial<Record<string, ServiceScope>> };
}

export type PermissionLevel = 'full' | 'read' | 'none';

export interface HostingScope {
  /** The key has the `server` service (or is a legacy single-server key). */
  available: boolean;
  /** Server names (initial domains) the key covers; undefined when it covers every server of the account. */
  servers: readonly string[] | undefined;
  /** What the key may do in each category. */
  levels: Readonly<Record<HostingCategory, PermissionLevel>>;
}

const level = (v: string | undefined): PermissionLevel =>
  v === 'full' ? 'full' : v === 'read' ? 'read' : 'none';

function hostingScopeOf(key: KeyInfo, scope: ServiceScope | undefined): HostingScope {
  // A legacy single-server key names its server at the top level, with its permission beside it.
  const legacy = key.servername;
  const type = scope?.permission_type ?? (legacy ? key.permission_type : undefined);
  const levels = Object.fromEntries(
    HOSTING_CATEGORIES.map((c) => [c, type === 'custom' ? level(scope?.permissions?.[c]) : level(type)]),
  ) as Record<HostingCategory, PermissionLevel>;
  const servers = legacy ? [legacy] : scope?.target_mode === 'selected' ? scope.targets : undefined;
  return { available: scope !== undefined || legacy !== undefined, servers, levels };
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
  const hosting = hostingScopeOf(key, info.services.server);
  const vps = info.services.vps;
  if (!vps) {
    return {
      readable: false,
      writable: false,
      signupAllowed: false,
      targets: undefined,
      expiresAt: info.expires_at,
      hosting,
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
    hosting,
    info,
  };
}

/** What the key itself refuses for an action, before anyone is asked; null when the key allows it. */
export function keyRefusal(key: KeyScope, action: Action): ServiceError | null {
  if (isHostingAction(action)) {
    const spec = HOSTING_ACTION_SPECS[action];
    if (spec.category === null) return null;
    if (!key.hosting.available) return new ServiceError('key_no_server');
    const lv = key.hosting.levels[spec.category];
    // A category the key grants nothing in is named as such, for a write too: the key is not
    // read-only there, it does not reach that part of the server at all.
    if (lv === 'none') return new ServiceError('key_no_permission', { category: spec.category });
    if (spec.write && lv !== 'full') return new ServiceError('key_read_only');
    return null;
  }
  if (VPS_WRITE_ACTIONS.includes(action) && !key.writable) return new ServiceError('key_read_only');
  return null;
}

/** Members of a Slack user group, read from Slack (usergroups.users.list). */
export interface GroupDirectory {
  membersOf(groupId: string): Promise<readonly string[]>;
}

/** Whether a person may read a channel in Slack: a public channel, or one they are a member of. */
export interface ChannelDirectory {
  mayRead(userId: string, channelId: string): Promise<boolean>;
}

export interface AccessDeps {
  operators: readonly string[];
  approvers: readonly string[];
  policy?: Policy | undefined;
  groups: GroupDirectory;
  /** Without it, a person sees only what belongs to the channel they are in. */
  channels?: ChannelDirectory | undefined;
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

const LIVE_ROLE_ACTIONS: readonly Action[] = ['approve', 'hosting.approve', ...DESTRUCTIVE_HOSTING_ACTIONS];

export interface DecideOptions {
  /**
   * Read user-group membership from Slack now, not from the short cache (the
   * actions money or data rides on always are): e.g. the requester's role to
   * order, re-checked when an approved order is about to be paid.
   */
  live?: boolean;
  /**
   * The channel the action is about when it is not the one the actor is in
   * (`/vps watch web-1 #alerts`): the policy's channel list applies to it too.
   */
  channel?: string | undefined;
}

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
    // Read at most once a minute, and changes wait on it: it goes with them, ahead of reads.
    const scope = this.deps.provider.me({ priority: 'write' }).then(keyScopeOf);
    this.keyCache = { at: now, scope };
    scope.catch(() => {
      if (this.keyCache?.scope === scope) this.keyCache = undefined;
    });
    return scope;
  }

  /**
   * May this actor do this, here, now? The channel first (the one the actor
   * is in, and the one the action is about), then the role, then for writes
   * the key. Approvals are channel-bound like everything else: a policy that
   * drops a channel stops its pending approvals too.
   * Never throws a refusal: it is returned, for callers that answer it themselves.
   */
  async decide(actor: Actor, action: Action, opts: DecideOptions = {}): Promise<Decision> {
    if (!this.channelAllowed(actor.channelId)) {
      // The channels where it can be used, for the answer to name them.
      const channels = (this.deps.policy?.channels ?? []).join(',');
      return { refusal: new ServiceError('channel_not_allowed', { channels }), role: null };
    }
    if (opts.channel !== undefined && !this.channelAllowed(opts.channel)) {
      return {
        refusal: new ServiceError('target_channel_not_allowed', { channel: opts.channel }),
        role: null,
      };
    }
    // Money moves on an approval, and data is lost on a destructive one: membership is read at the
    // moment of the decision, never from the cache.
    const live = opts.live === true || LIVE_ROLE_ACTIONS.includes(action);
    const role = await this.roleOf(actor.userId, { live });
    const needed = this.needs(action);
    if (rank(role) < rank(needed)) {
      return { refusal: new ServiceError('role_required', { role: needed, yours: role }), role };
    }
    if (
      VPS_WRITE_ACTIONS.includes(action) ||
      (isHostingAction(action) && HOSTING_ACTION_SPECS[action].category)
    ) {
      const refusal = keyRefusal(await this.keyScope(), action);
      if (refusal) return { refusal, role };
    }
    return { refusal: null, role };
  }

  /** `decide`, throwing the refusal; returns the actor's role. */
  async authorize(actor: Actor, action: Action, opts: DecideOptions = {}): Promise<Role> {
    const d = await this.decide(actor, action, opts);
    if (d.refusal) throw d.refusal;
    return d.role;
  }

  /**
   * May this person see what belongs to `channelId` (its watches, its name)?
   * The channel they are in, yes; another one only when the policy's list has
   * it and Slack says they can read it (public, or they are a member). Any
   * doubt (Slack cannot tell, no directory) is a no.
   */
  async maySeeChannel(actor: Actor, channelId: string): Promise<boolean> {
    if (channelId === actor.channelId) return true;
    if (!this.channelAllowed(channelId) || !this.deps.channels) return false;
    return this.deps.channels.mayRead(actor.userId, channelId).catch(() => false);
  }

  /** What this person may do here with one command's actions (`/vps`'s by default), for help and cards. */
  async capabilities(actor: Actor, family: readonly Action[] = VPS_ACTIONS): Promise<Capabilities> {
    let keyError: unknown;
    const [role, key] = await Promise.all([
      this.roleOf(actor.userId),
      this.keyScope().catch((err: unknown) => {
        keyError = err;
        return undefined;
      }),
    ]);
    const channelAllowed = this.channelAllowed(actor.channelId);
    const keyAllows = (a: Action): boolean => {
      if (isHostingAction(a)) {
        // Without the key's answer, reads are offered and writes are not.
        if (!key) return !HOSTING_ACTION_SPECS[a].write;
        return keyRefusal(key, a) === null;
      }
      return (
        (!VPS_WRITE_ACTIONS.includes(a) || key?.writable === true) &&
        (a === 'me' || a === 'audit' || key?.readable !== false)
      );
    };
    const allowed = family.filter((a) => channelAllowed && rank(role) >= rank(this.needs(a)) && keyAllows(a));
    const needsHigherRole = family.filter((a) => rank(role) < rank(this.needs(a)));
    return { role, allowed, needsHigherRole, key, keyError, channelAllowed };
  }

  /** Whether the policy wants a second person (an approver, not the requester) for this destructive operation. */
  needsSecondPerson(action: DestructiveHostingAction): boolean {
    return this.deps.policy?.approvals.second_person.includes(action) ?? false;
  }

  /**
   * The hosting server a command is about: the one named, which must be among
   * the key's servers, or the key's only server when none is named. Refused
   * before any request is made, naming the servers the key allows.
   */
  async hostingServer(named: string | undefined): Promise<string> {
    const key = await this.keyScope();
    if (!key.hosting.available) throw new ServiceError('key_no_server');
    const servers = key.hosting.servers;
    if (named === undefined) {
      if (servers?.length === 1) return servers[0]!;
      // A key covering every server cannot list them (the API has no list): say how to name one.
      if (servers === undefined) throw new ServiceError('hosting_server_needed_all');
      throw new ServiceError('hosting_server_needed', { servers: servers.join(', ') });
    }
    const wanted = named.trim().toLowerCase();
    if (servers && !servers.some((s) => s.toLowerCase() === wanted)) {
      throw new ServiceError('hosting_server_not_in_scope', { server: named, servers: servers.join(', ') });
    }
    return wanted;
  }
}
