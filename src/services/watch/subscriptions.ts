/**
 * The watch subscriptions use case behind `/vps watch <server|all|key> [#channel]`,
 * `/vps unwatch …`, `/vps watches`, `/hosting [server] watch|unwatch [#channel]`,
 * and the maintenance windows behind `/vps mute <server|all> <duration>` and
 * `/vps unmute [server|all]`. Knows nothing of Slack: plain data in, plain
 * data out. Every change and every refused attempt is audited.
 */
import type { Clock } from '../../clock.ts';
import { asPerson, type ProviderClient, READ } from '../../provider/index.ts';
import { hostingOfTarget, hostingWatchTarget, type Store, WATCH_ALL, WATCH_KEY } from '../../store/index.ts';
import type { AccessService, Actor } from '../access/index.ts';
import type { Audit } from '../audit.ts';
import { classifyFailure, failureCode, ServiceError } from '../errors.ts';
import type { HomeChanges } from '../home-changes.ts';
import type { ServersService } from '../servers/index.ts';
import type { ChannelReach, MuteChange, SubscriptionChange, SubscriptionList } from './subscription-types.ts';

export interface SubscriptionDeps {
  store: Store;
  provider: Pick<ProviderClient, 'listServers'>;
  /** Finds a server by name, uuid or IP; throws its not-found / ambiguous error. */
  servers: ServersService;
  access: AccessService;
  audit: Audit;
  /** Mutes are on everyone's App Home: refreshed when one is set or lifted. None in tests of watches alone. */
  homes?: Pick<HomeChanges, 'refresh'> | undefined;
  clock: Clock;
  notifyChannel?: string | undefined;
}

/** The longest mute: a maintenance window, not a way to turn a watch off (that is `/vps unwatch`). */
export const MAX_MUTE_MS = 7 * 86_400_000;
export const MIN_MUTE_MS = 60_000;

type ChangeAction = 'watch' | 'unwatch' | 'mute' | 'unmute' | 'hosting.watch' | 'hosting.unwatch';

/** What a watch or a mute is of: its stored target, its name, and whether it is a hosting server. */
type Target = Pick<SubscriptionChange, 'target' | 'label' | 'hosting'>;

export class WatchSubscriptions {
  constructor(private readonly deps: SubscriptionDeps) {}

  /** The server (or all) `ref` names, read for the person asking: they wait their turn like any read. */
  private async target(actor: Actor, ref: string): Promise<Target> {
    const word = ref.trim().toLowerCase();
    if (word === WATCH_ALL) return { target: WATCH_ALL, label: WATCH_ALL, hosting: false };
    // The provider key's use (strangers' requests, bursts of refusals): a word, as `all` is.
    if (word === WATCH_KEY) return { target: WATCH_KEY, label: WATCH_KEY, hosting: false };
    const s = await this.deps.servers.resolve(ref, asPerson(READ, actor));
    return { target: s.uuid, label: s.name, hosting: false };
  }

  private async authorizeChange(
    actor: Actor,
    action: ChangeAction,
    ref: string,
    channelId: string,
  ): Promise<void> {
    const policyAction = action.startsWith('hosting.')
      ? 'hosting.watch'
      : action === 'mute' || action === 'unmute'
        ? 'mute'
        : 'watch';
    // The watch's own channel obeys the policy's channel list, wherever the command was typed.
    await this.refusalAudited(actor, action, ref, channelId, () =>
      this.deps.access.authorize(actor, policyAction, { channel: channelId }),
    );
  }

  /** Runs `step`; a refusal it throws is audited against `ref` and thrown on. */
  private async refusalAudited<T>(
    actor: Actor,
    action: ChangeAction,
    ref: string,
    channelId: string,
    step: () => Promise<T>,
  ): Promise<T> {
    try {
      return await step();
    } catch (err) {
      await this.deps.audit.record({
        actor: actor.userId,
        channelId: actor.channelId,
        action,
        target: ref.trim() || null,
        params: { channel: channelId },
        outcome: 'refused',
        errorCode: failureCode(classifyFailure(err)),
      });
      throw err;
    }
  }

  private async audited(
    actor: Actor,
    action: 'watch' | 'unwatch' | 'hosting.watch' | 'hosting.unwatch',
    change: SubscriptionChange,
  ): Promise<SubscriptionChange> {
    await this.deps.audit.record({
      actor: actor.userId,
      channelId: actor.channelId,
      action,
      // A hosting server's rows are its own (`/hosting audit` lists them).
      target: hostingOfTarget(change.target) ?? change.target,
      params: { name: change.label, channel: change.channelId, changed: change.changed },
      outcome: 'ok',
    });
    return change;
  }

  /**
   * `reach` checks that the bot can post in the channel, given the change as
   * it would be: a channel it cannot post in is refused and nothing is
   * stored; one it can post in again is probed by the notifier at once.
   */
  async watch(
    actor: Actor,
    ref: string,
    channelId = actor.channelId,
    reach?: (change: SubscriptionChange) => Promise<ChannelReach>,
  ): Promise<SubscriptionChange> {
    await this.authorizeChange(actor, 'watch', ref, channelId);
    return this.subscribe(actor, 'watch', await this.target(actor, ref), channelId, reach);
  }

  /**
   * `/hosting [server] watch [#channel]`: the hosting server named (or the
   * key's only one), which must be one the key covers; `reach` as for `watch`.
   */
  async watchHosting(
    actor: Actor,
    named: string | undefined,
    channelId = actor.channelId,
    reach?: (change: SubscriptionChange) => Promise<ChannelReach>,
  ): Promise<SubscriptionChange> {
    const t = await this.hostingTarget(actor, 'hosting.watch', named, channelId);
    return this.subscribe(actor, 'hosting.watch', t, channelId, reach);
  }

  /** `/hosting [server] unwatch [#channel]`. */
  async unwatchHosting(
    actor: Actor,
    named: string | undefined,
    channelId = actor.channelId,
  ): Promise<SubscriptionChange> {
    const t = await this.hostingTarget(actor, 'hosting.unwatch', named, channelId);
    const changed = await this.deps.store.watches.remove(t.target, channelId);
    return this.audited(actor, 'hosting.unwatch', { ...t, channelId, changed });
  }

  /** Who may, then which hosting server: the one named, within the key's scope (a refusal audited). */
  private async hostingTarget(
    actor: Actor,
    action: 'hosting.watch' | 'hosting.unwatch',
    named: string | undefined,
    channelId: string,
  ): Promise<Target> {
    await this.authorizeChange(actor, action, named ?? '', channelId);
    const server = await this.refusalAudited(actor, action, named ?? '', channelId, () =>
      this.deps.access.hostingServer(named),
    );
    return { target: hostingWatchTarget(server), label: server.toLowerCase(), hosting: true };
  }

  /**
   * Stores a watch of `t` for the channel. `reach` checks that the bot can
   * post there, given the change as it would be: a channel it cannot post
   * in is refused and nothing is stored; one it can post in again is probed
   * by the notifier at once.
   */
  private async subscribe(
    actor: Actor,
    action: 'watch' | 'hosting.watch',
    t: Target,
    channelId: string,
    reach?: (change: SubscriptionChange) => Promise<ChannelReach>,
  ): Promise<SubscriptionChange> {
    if (reach) {
      const already = (await this.deps.store.watches.list(channelId)).some((w) => w.target === t.target);
      const r = await reach({ ...t, channelId, changed: !already });
      if (r !== 'ok' && r !== 'unverified') {
        await this.deps.audit.record({
          actor: actor.userId,
          channelId: actor.channelId,
          action,
          target: hostingOfTarget(t.target) ?? t.target,
          params: { name: t.label, channel: channelId },
          outcome: 'refused',
          errorCode: r,
        });
        throw new ServiceError('watch_channel_unreachable', { channel: channelId, reason: r });
      }
      // Proven just now: if the notifier had parked the channel, it may post there at once.
      if (r === 'ok') await this.deps.store.channels.probeAt(channelId, this.deps.clock.now());
    }
    const changed = await this.deps.store.watches.add({
      target: t.target,
      channelId,
      createdBy: actor.userId,
    });
    return this.audited(actor, action, { ...t, channelId, changed });
  }

  async unwatch(actor: Actor, ref: string, channelId = actor.channelId): Promise<SubscriptionChange> {
    await this.authorizeChange(actor, 'unwatch', ref, channelId);
    // A server that left the list cannot be resolved any more: its uuid still unwatches it.
    const existing = await this.deps.store.watches.list(channelId);
    const direct = existing.find((w) => w.target === ref.trim());
    const t = direct
      ? { target: direct.target, label: ref.trim(), hosting: false }
      : await this.target(actor, ref);
    const changed = await this.deps.store.watches.remove(t.target, channelId);
    return this.audited(actor, 'unwatch', { ...t, channelId, changed });
  }

  /**
   * The watches and mutes of one channel: the reader's own, or one named that
   * they may see (in the policy's list, and public or theirs in Slack). Never
   * every channel's: a private channel's watches, and so its name, are for
   * its members.
   */
  async list(actor: Actor, channelId = actor.channelId): Promise<SubscriptionList> {
    await this.deps.access.authorize(actor, 'watches');
    if (!(await this.deps.access.maySeeChannel(actor, channelId)))
      throw new ServiceError('channel_not_visible');
    const notify = this.deps.notifyChannel;
    const [rows, mutes, notifyVisible] = await Promise.all([
      this.deps.store.watches.list(channelId),
      this.deps.store.mutes.active(this.deps.clock.now(), channelId),
      notify === undefined ? false : this.deps.access.maySeeChannel(actor, notify),
    ]);
    const names = await this.serverNames(
      actor,
      [...rows, ...mutes]
        .filter(
          (r) => r.target !== WATCH_ALL && r.target !== WATCH_KEY && hostingOfTarget(r.target) === undefined,
        )
        .map((r) => r.target),
    );
    const label = (target: string) =>
      target === WATCH_ALL || target === WATCH_KEY
        ? target
        : (hostingOfTarget(target) ?? names.get(target) ?? target);
    return {
      rows: rows.map((r) => ({
        target: r.target,
        label: label(r.target),
        hosting: hostingOfTarget(r.target) !== undefined,
        channelId: r.channelId,
        createdBy: r.createdBy,
      })),
      mutes: mutes.map((m) => ({
        target: m.target,
        label: label(m.target),
        channelId: m.channelId,
        until: m.until,
        createdBy: m.createdBy,
      })),
      notifyChannel: notifyVisible ? notify : undefined,
    };
  }

  /**
   * A maintenance window: changes of `ref` (a server or `all`) are recorded
   * but not posted in the channel for `durationMs`; one summary follows when it
   * ends. Muting again moves the end.
   */
  async mute(
    actor: Actor,
    ref: string,
    durationMs: number,
    channelId = actor.channelId,
  ): Promise<MuteChange> {
    await this.authorizeChange(actor, 'mute', ref, channelId);
    const t = await this.target(actor, ref);
    const now = this.deps.clock.now();
    const ms = Math.min(MAX_MUTE_MS, Math.max(MIN_MUTE_MS, durationMs));
    const until = new Date(now.getTime() + ms);
    await this.deps.store.mutes.purgeEnded(now);
    await this.deps.store.mutes.set({ target: t.target, channelId, until, createdBy: actor.userId });
    this.deps.homes?.refresh('everyone', 'mute');
    // Changes held by an earlier mute of the same target now wait for the new end.
    await this.deps.store.outbox.rescheduleHeld({
      channelId,
      subject: t.target === WATCH_ALL ? undefined : t.target,
      at: until,
    });
    const change: MuteChange = {
      kind: 'mute',
      ...t,
      channelId,
      until,
      changed: true,
      allMutedUntil: null,
    };
    await this.deps.audit.record({
      actor: actor.userId,
      channelId: actor.channelId,
      action: 'mute',
      target: t.target,
      params: {
        name: t.label,
        channel: channelId,
        until: until.toISOString(),
        minutes: Math.round(ms / 60_000),
      },
      outcome: 'ok',
    });
    return change;
  }

  /**
   * Ends a mute early: of one server, or (no ref, or `all`) every mute of the
   * channel. What was held back is released at once, as one summary.
   */
  async unmute(actor: Actor, ref: string | undefined, channelId = actor.channelId): Promise<MuteChange> {
    const named = ref?.trim() ? ref.trim() : WATCH_ALL;
    await this.authorizeChange(actor, 'unmute', named, channelId);
    const now = this.deps.clock.now();
    let t: Target;
    let removed: { target: string }[];
    let allMutedUntil: Date | null = null;
    if (named.toLowerCase() === WATCH_ALL) {
      t = { target: WATCH_ALL, label: WATCH_ALL, hosting: false };
      removed = (await this.deps.store.mutes.remove(channelId)).filter((m) => m.until > now);
      this.deps.homes?.refresh('everyone', 'unmute');
      await this.deps.store.outbox.rescheduleHeld({ channelId, at: now });
    } else {
      // A server that left the list cannot be resolved any more: its uuid still unmutes it.
      const active = await this.deps.store.mutes.active(now, channelId);
      const direct = active.find((m) => m.target === named);
      t = direct ? { target: direct.target, label: named, hosting: false } : await this.target(actor, named);
      removed = (await this.deps.store.mutes.remove(channelId, t.target)).filter((m) => m.until > now);
      this.deps.homes?.refresh('everyone', 'unmute');
      const all = active.find((m) => m.target === WATCH_ALL);
      allMutedUntil = all ? all.until : null;
      await this.deps.store.outbox.rescheduleHeld({ channelId, subject: t.target, at: allMutedUntil ?? now });
    }
    const change: MuteChange = {
      kind: 'unmute',
      ...t,
      channelId,
      until: null,
      changed: removed.length > 0,
      allMutedUntil,
    };
    await this.deps.audit.record({
      actor: actor.userId,
      channelId: actor.channelId,
      action: 'unmute',
      target: t.target,
      params: { name: t.label, channel: channelId, changed: change.changed },
      outcome: 'ok',
    });
    return change;
  }

  /**
   * Names of watched servers by uuid. The watcher's snapshots name the servers
   * it has read; one watched before the watcher's first read is named from the
   * provider's list instead (and by its uuid when that list cannot be read).
   */
  private async serverNames(actor: Actor, uuids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const s of await this.deps.store.snapshots.all()) if (s.name) names.set(s.serverUuid, s.name);
    if (uuids.some((uuid) => !names.has(uuid))) {
      const listed = await this.deps.provider.listServers(asPerson(READ, actor)).catch(() => undefined);
      for (const s of listed?.servers ?? []) if (!names.has(s.uuid)) names.set(s.uuid, s.name);
    }
    return names;
  }
}
