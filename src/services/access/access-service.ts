/**
 * Who may do what, here, for every feature: roles from OPERATORS / APPROVERS
 * and the optional POLICY_FILE, user-group membership read from Slack (cached
 * briefly), the policy's channel list, and the provider key's own scope from
 * /v1/me (a read-only key turns writes off for everyone, a key with selected
 * targets shows only those servers). Every role and channel decision is
 * `decide` (or `authorize`, which throws its refusal).
 */
import type { Clock } from '../../clock.ts';
import { type KeyInfo, type ProviderClient, WRITE } from '../../provider/index.ts';
import { ServiceError } from '../errors.ts';
import {
  type Action,
  DEFAULT_NEEDS,
  DESTRUCTIVE_HOSTING_ACTIONS,
  type DestructiveHostingAction,
  FLOOR,
  HOSTING_ACTION_SPECS,
  isHostingAction,
  VPS_ACTIONS,
  VPS_WRITE_ACTIONS,
} from './actions.ts';
import { customKeyRefusal, type KeyScope, type KeyService, keyRefusal, keyScopeOf } from './key-scope.ts';
import type { Policy } from './policy.ts';
import { isGroupId, isUserId } from './principals.ts';
import { type Role, rank } from './roles.ts';

export interface Actor {
  userId: string;
  /** The channel they act in; their own id when they act from none (a global shortcut, their App Home). */
  channelId: string;
  /**
   * They act from their App Home, which is theirs alone and in no channel:
   * the policy's channel list is not held against it (as for a global
   * shortcut), and a click on a request posted in a channel is placed in that
   * channel by the decision machine, where the list applies (decision-machine.ts).
   */
  fromHome?: boolean;
}

/** Members of a Slack user group, read from Slack (usergroups.users.list). */
export interface GroupDirectory {
  membersOf(groupId: string): Promise<readonly string[]>;
}

/** Who may read a channel in Slack: everyone in the workspace (a public channel), or its members. */
export type ChannelReaders = 'everyone' | readonly string[];

/** Whether a person may read a channel in Slack: a public channel, or one they are a member of. */
export interface ChannelDirectory {
  mayRead(userId: string, channelId: string): Promise<boolean>;
  /** The same rule for everyone at once; throws when Slack cannot tell. */
  readersOf(channelId: string): Promise<ChannelReaders>;
}

/**
 * Whether what belongs to a channel may be shown to a reader (a person, or
 * everyone who reads a channel): asked once per channel, null (an item of no
 * known channel) is a no.
 */
export type ChannelFilter = (channelId: string | null) => Promise<boolean>;

function memoFilter(ask: (channelId: string) => Promise<boolean>): ChannelFilter {
  const asked = new Map<string, Promise<boolean>>();
  return (channelId) => {
    if (channelId === null) return Promise.resolve(false);
    let may = asked.get(channelId);
    if (!may) {
      may = ask(channelId).catch(() => false);
      asked.set(channelId, may);
    }
    return may;
  };
}

/** A channel's readability as read from Slack, kept briefly for previews (see `maySeeChannel`). */
const CHANNEL_PREVIEW_MS = 60_000;

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
  /**
   * The one reading of the key this process holds (the key's health keeps
   * it): a newer answer there is used here, and an answer read here is
   * handed to it, so /vps me, the App Home and the notify channel show the
   * same reading, and say how old it is.
   */
  keyReading?: KeyReadingSource | undefined;
}

/** The newest GET /v1/me answer, whoever asked for it, and when it came. */
export interface KeyReadingSource {
  latest(): { info: KeyInfo; at: Date } | undefined;
  observe(info: KeyInfo, at: Date): void;
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
   * (`/vps watch web-1 #alerts`): the policy's channel list applies to it too,
   * and the actor must be able to read it (`maySeeChannel`): changing what is
   * posted to a channel takes the same right as reading it.
   */
  channel?: string | undefined;
  /**
   * The actor acts from no channel (a global shortcut, opened from Slack's
   * composer): there is no channel of theirs to hold against the policy's
   * list; `channel`, the one the action is about, still is.
   */
  placeless?: boolean;
  /**
   * For showing what someone could do (the buttons of their App Home), not
   * for doing it: group membership comes from the short cache even for the
   * actions that always read it live; the click is decided again, live.
   */
  preview?: boolean;
}

export class AccessService {
  private readonly groupCache = new Map<string, { at: number; members: Promise<readonly string[]> }>();
  private readonly channelCache = new Map<string, { at: number; may: Promise<boolean> }>();
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

  /**
   * The user's role; `live` reads user-group membership from Slack now instead of the short cache.
   * Only a user id has a role: a group's id, or anything else, is nobody (`none`). A principal that
   * is a user id grants only to that user; a group id only through its members (principals.ts).
   */
  async roleOf(userId: string, opts: { live?: boolean } = {}): Promise<Role> {
    if (!isUserId(userId)) return 'none';
    const grants: [Role, readonly string[]][] = [
      ['operator', this.deps.operators],
      ['approver', this.deps.approvers],
    ];
    const policy = this.deps.policy;
    for (const r of ['viewer', 'operator', 'approver', 'admin'] as const)
      grants.push([r, policy?.roles[r] ?? []]);
    let role: Role = policy?.default_role ?? 'viewer';
    for (const [r, principals] of grants)
      if (rank(r) > rank(role) && principals.some((p) => isUserId(p) && p === userId)) role = r;
    for (const [r, principals] of grants) {
      if (rank(r) <= rank(role)) continue;
      for (const p of principals) {
        if (!isGroupId(p)) continue;
        // A group Slack will not list (missing scope, deleted group) grants nothing: fail closed.
        const members = await this.membersOf(p, opts.live === true).catch((): readonly string[] => []);
        if (members.some((m) => isUserId(m) && m === userId)) {
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
    const ttl = this.deps.keyCacheMs ?? 60_000;
    const shared = this.deps.keyReading?.latest();
    // A newer answer than this cache's (the key's health checked since) is the reading from now on.
    // Without a cache of its own this asks, as it always has: the first read is a person's.
    if (shared && this.keyCache && now - shared.at.getTime() < ttl && shared.at.getTime() > this.keyCache.at)
      return Promise.resolve({ ...keyScopeOf(shared.info), readAt: shared.at });
    if (this.keyCache && now - this.keyCache.at < ttl) return this.keyCache.scope;
    // Read at most once a minute, and changes wait on it: it goes with them, ahead of reads. It is
    // read for nobody in particular (one read serves everyone), so it never waits in a person's turn.
    const scope = this.deps.provider.me(WRITE).then((info) => {
      const at = this.deps.clock.now();
      this.deps.keyReading?.observe(info, at);
      return { ...keyScopeOf(info), readAt: at };
    });
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
    if (opts.placeless !== true && actor.fromHome !== true && !this.channelAllowed(actor.channelId)) {
      // The channels where it can be used, for the answer to name them.
      const channels = this.deps.policy?.channels ?? [];
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
    const live = opts.live === true || (opts.preview !== true && LIVE_ROLE_ACTIONS.includes(action));
    const role = await this.roleOf(actor.userId, { live });
    const needed = this.needs(action);
    if (rank(role) < rank(needed)) {
      return { refusal: new ServiceError('role_required', { role: needed, yours: role }), role };
    }
    // Asked of Slack after the role, so someone without it costs no question.
    if (
      opts.channel !== undefined &&
      !(await this.maySeeChannel(actor, opts.channel, { preview: opts.preview === true }))
    ) {
      return { refusal: new ServiceError('target_channel_not_visible'), role };
    }
    // A preview never asks the provider about its key: the click is checked against it.
    if (
      opts.preview !== true &&
      (VPS_WRITE_ACTIONS.includes(action) ||
        (isHostingAction(action) && HOSTING_ACTION_SPECS[action].provider))
    ) {
      const refusal = keyRefusal(await this.keyScope(), action);
      if (refusal) return { refusal, role };
    }
    return { refusal: null, role };
  }

  /**
   * A provider failure as the person should read it: the provider's 403 for
   * a custom key becomes `key_custom_forbidden` with the categories the key
   * carries (the bot could not check them beforehand); anything else, or when
   * the key cannot be read, is returned as it is.
   */
  async explainRefusal(err: unknown, service: KeyService): Promise<unknown> {
    const key = await this.keyScope().catch(() => undefined);
    return (key && customKeyRefusal(key, service, err)) ?? err;
  }

  /** `decide`, throwing the refusal; returns the actor's role. */
  async authorize(actor: Actor, action: Action, opts: DecideOptions = {}): Promise<Role> {
    const d = await this.decide(actor, action, opts);
    if (d.refusal) throw d.refusal;
    return d.role;
  }

  /**
   * May this person see what belongs to `channelId` (its watches, its name),
   * and so change what is posted there? The channel they are in, yes; another one
   * only when the policy's list has it and Slack says they can read it
   * (public, or they are a member). A person's own id, which stands for the
   * channel of someone acting from none (their App Home, a global shortcut),
   * is no channel at all. Any doubt (Slack cannot tell, no directory) is a no.
   */
  async maySeeChannel(actor: Actor, channelId: string, opts: { preview?: boolean } = {}): Promise<boolean> {
    if (isUserId(channelId)) return false;
    if (channelId === actor.channelId) return true;
    const channels = this.deps.channels;
    if (!this.channelAllowed(channelId) || !channels) return false;
    const ask = () => channels.mayRead(actor.userId, channelId).catch(() => false);
    if (opts.preview !== true) return ask();
    // Drawing someone's App Home asks this of every request for every person: kept a minute.
    const key = `${actor.userId} ${channelId}`;
    const now = this.deps.clock.now().getTime();
    const hit = this.channelCache.get(key);
    if (hit && now - hit.at < CHANNEL_PREVIEW_MS) return hit.may;
    if (this.channelCache.size > 10_000) this.channelCache.clear();
    const may = ask();
    this.channelCache.set(key, { at: now, may });
    return may;
  }

  /**
   * What one person may be shown of the channels items belong to (the
   * digest they ask for, their open alarms, their App Home): `maySeeChannel`
   * for each channel, asked once.
   */
  readerOf(actor: Actor, opts: { preview?: boolean } = {}): ChannelFilter {
    return memoFilter((channelId) => this.maySeeChannel(actor, channelId, opts));
  }

  /**
   * What may be posted in `audience` (the daily digest's channel): only what
   * everyone who may read it may read, by the rule `maySeeChannel` applies to
   * one person. Its own things, and a public channel's (one the policy lists);
   * a private channel's only when every member of `audience` is a member of it
   * too, and never in a public `audience`, which anyone may read. Any doubt
   * (Slack cannot tell, no directory) is a no.
   */
  audienceOf(audience: string): ChannelFilter {
    const channels = this.deps.channels;
    let readers: Promise<ChannelReaders> | undefined;
    return memoFilter(async (channelId) => {
      if (isUserId(channelId) || isUserId(audience)) return false;
      if (channelId === audience) return true;
      if (!this.channelAllowed(channelId) || !channels) return false;
      const theirs = await channels.readersOf(channelId);
      if (theirs === 'everyone') return true;
      readers ??= channels.readersOf(audience);
      const ours = await readers;
      return ours !== 'everyone' && ours.every((u) => theirs.includes(u));
    });
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
    const channelAllowed = actor.fromHome === true || this.channelAllowed(actor.channelId);
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
      throw new ServiceError('hosting_server_needed', { servers });
    }
    const wanted = named.trim().toLowerCase();
    if (servers && !servers.some((s) => s.toLowerCase() === wanted)) {
      throw new ServiceError('hosting_server_not_in_scope', { server: named, servers });
    }
    return wanted;
  }
}
