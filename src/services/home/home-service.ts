/**
 * A person's App Home as data: what waits for them, what is happening now,
 * the key, and what they may start. Read from the store and from what the
 * watcher holds (its snapshots, the key's last check, the day's count): a
 * Home drawn again after a change asks the provider nothing; a Home its
 * person opened may read the server list once the watcher's is older than the
 * read cache (fleet.ts). Each section is what the person's role lets them
 * read, decided as from their Home (no channel of theirs is held against the
 * policy's list); what waits in a channel is theirs only if they may read
 * that channel (the decision machine's `mayDecide`). Knows nothing of Slack.
 */
import type { Clock } from '../../clock.ts';
import { type MuteRow, type Store, WATCH_ALL } from '../../store/index.ts';
import type { AccessService, Action, Actor } from '../access/index.ts';
import type { HostingService } from '../hosting/index.ts';
import type { ServersService } from '../servers/index.ts';
import type { SignupService } from '../signup/index.ts';
import type { IncidentService } from '../watch/index.ts';
import { fleetGlance } from './fleet.ts';
import type { AccountHomeData, HomeWaiting, HostingGlance, KeyGlance } from './home-types.ts';

/** How long an order's outcome stays on its requester's Home. */
const RECENT_ORDER_MS = 86_400_000;
/** Orders looked at for it (newest first). */
const RECENT_ORDERS = 10;

/** The alarm kind of a key used by another client (src/store/alarm-types.ts). */
export const KEY_USE_ALARM = 'key-use';

export interface HomeDeps {
  store: Store;
  access: AccessService;
  servers: ServersService;
  signup: SignupService;
  hosting: HostingService;
  incidents: IncidentService;
  clock: Clock;
  /** READ_CACHE_SECONDS: how old what the watcher holds may be when its person opens their Home. */
  readCacheMs: number;
  /** What the watcher holds of the hosting servers (the composition root reads it for the watch layer). */
  hostingGlance: () => Promise<HostingGlance>;
  /** The key as last checked and the day's count: never a request. */
  key: () => KeyGlance;
}

export class HomeService {
  constructor(private readonly deps: HomeDeps) {}

  /** `refresh`: its person opened it just now (the fleet may be read if what is held is old). */
  async build(
    userId: string,
    opts: { refresh?: boolean } = {},
  ): Promise<AccountHomeData | { kind: 'no_role'; userId: string }> {
    const { deps } = this;
    const actor: Actor = { userId, channelId: userId, fromHome: true };
    const role = await deps.access.roleOf(userId);
    if (role === 'none') return { kind: 'no_role', userId };
    const may = async (action: Action) =>
      (await deps.access.decide(actor, action, { preview: true })).refusal === null;
    const [list, incidents, hosting, me, order, plans, approve] = (await Promise.all(
      (['list', 'incidents', 'hosting.servers', 'me', 'signup', 'plans', 'approve'] as const).map(may),
    )) as [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
    const [waiting, open, mutes, snapshots, fleet, hostingGlance, lastKeyUse] = await Promise.all([
      this.waiting(actor),
      incidents ? deps.incidents.open(actor, { preview: true }) : null,
      list ? this.mutes(actor) : [],
      list ? deps.store.snapshots.all() : [],
      list
        ? fleetGlance({ ...deps, now: () => deps.clock.now().getTime() }, actor, opts.refresh === true)
        : null,
      hosting ? deps.hostingGlance() : null,
      me ? deps.store.incidents.latestOfKind(KEY_USE_ALARM) : null,
    ]);
    const names = new Map(snapshots.map((s) => [s.serverUuid, s.name]));
    return {
      kind: 'home' as const,
      userId,
      role,
      waiting,
      now: {
        incidents: open,
        mutes: mutes.map((m) => ({ ...m, name: names.get(m.target) ?? null, all: m.target === WATCH_ALL })),
        fleet,
        hosting: hostingGlance,
      },
      key: { key: deps.key(), lastKeyUse, visible: me === true },
      may: { order, plans, approve },
    };
  }

  /** The mutes in force in the channels this person may read (a private channel's are for its members). */
  private async mutes(actor: Actor): Promise<MuteRow[]> {
    const shown = this.deps.access.readerOf(actor, { preview: true });
    const out: MuteRow[] = [];
    for (const m of await this.deps.store.mutes.active(this.deps.clock.now()))
      if (await shown(m.channelId)) out.push(m);
    return out;
  }

  private async waiting(actor: Actor): Promise<HomeWaiting> {
    const [signups, operations, mine] = await Promise.all([
      this.deps.signup.approvals.waiting(actor),
      this.deps.hosting.operations.waiting(actor),
      this.deps.store.signups.listRecent({ requesterId: actor.userId, limit: RECENT_ORDERS }),
    ]);
    const since = this.deps.clock.now().getTime() - RECENT_ORDER_MS;
    const decided = (s: string) => s !== 'quoted' && s !== 'rejected' && s !== 'expired';
    return {
      approvals: signups.approve,
      operationApprovals: operations.approve,
      confirmations: operations.confirm,
      ownSignups: signups.own,
      ownOperations: operations.own,
      recentOrders: mine.filter((r) => decided(r.state) && r.updatedAt.getTime() >= since),
      planNames: this.deps.signup.planNames?.() ?? new Map(),
    };
  }
}
