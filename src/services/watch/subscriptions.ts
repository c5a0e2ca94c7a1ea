/**
 * The watch subscriptions use case behind `/vps watch <server|all> [#channel]`,
 * `/vps unwatch …` and `/vps watches`. Knows nothing of Slack: plain data in,
 * plain data out. Every change and every refused attempt is audited.
 */
import type { ProviderClient } from '../../provider/index.ts';
import { type Store, WATCH_ALL } from '../../store/index.ts';
import type { AccessService, Actor } from '../access.ts';
import type { Audit } from '../audit.ts';
import { classifyFailure, failureCode } from '../errors.ts';
import type { ServersService } from '../servers/index.ts';

export interface SubscriptionDeps {
  store: {
    watches: Pick<Store['watches'], 'add' | 'remove' | 'list'>;
    snapshots: Pick<Store['snapshots'], 'all'>;
  };
  provider: Pick<ProviderClient, 'listServers'>;
  /** Finds a server by name, uuid or IP; throws its not-found / ambiguous error. */
  servers: Pick<ServersService, 'resolve'>;
  access: Pick<AccessService, 'authorize'>;
  audit: Audit;
  notifyChannel?: string | undefined;
}

export interface SubscriptionChange {
  target: string;
  /** The server's name, or 'all'. */
  label: string;
  channelId: string;
  changed: boolean;
}

export interface SubscriptionList {
  rows: { target: string; label: string; channelId: string; createdBy: string }[];
  notifyChannel: string | undefined;
}

export class WatchSubscriptions {
  constructor(private readonly deps: SubscriptionDeps) {}

  private async target(ref: string): Promise<{ target: string; label: string }> {
    if (ref.trim().toLowerCase() === WATCH_ALL) return { target: WATCH_ALL, label: WATCH_ALL };
    const s = await this.deps.servers.resolve(ref);
    return { target: s.uuid, label: s.name };
  }

  private async authorizeChange(
    actor: Actor,
    action: 'watch' | 'unwatch',
    ref: string,
    channelId: string,
  ): Promise<void> {
    try {
      await this.deps.access.authorize(actor, 'watch');
    } catch (err) {
      await this.deps.audit.record({
        actor: actor.userId,
        channelId: actor.channelId,
        action,
        target: ref.trim(),
        params: { channel: channelId },
        outcome: 'refused',
        errorCode: failureCode(classifyFailure(err)),
      });
      throw err;
    }
  }

  private async audited(
    actor: Actor,
    action: 'watch' | 'unwatch',
    change: SubscriptionChange,
  ): Promise<SubscriptionChange> {
    await this.deps.audit.record({
      actor: actor.userId,
      channelId: actor.channelId,
      action,
      target: change.target,
      params: { name: change.label, channel: change.channelId, changed: change.changed },
      outcome: 'ok',
    });
    return change;
  }

  async watch(actor: Actor, ref: string, channelId = actor.channelId): Promise<SubscriptionChange> {
    await this.authorizeChange(actor, 'watch', ref, channelId);
    const t = await this.target(ref);
    const changed = await this.deps.store.watches.add({
      target: t.target,
      channelId,
      createdBy: actor.userId,
    });
    return this.audited(actor, 'watch', { ...t, channelId, changed });
  }

  async unwatch(actor: Actor, ref: string, channelId = actor.channelId): Promise<SubscriptionChange> {
    await this.authorizeChange(actor, 'unwatch', ref, channelId);
    // A server that left the list cannot be resolved any more: its uuid still unwatches it.
    const existing = await this.deps.store.watches.list(channelId);
    const direct = existing.find((w) => w.target === ref.trim());
    const t = direct ? { target: direct.target, label: ref.trim() } : await this.target(ref);
    const changed = await this.deps.store.watches.remove(t.target, channelId);
    return this.audited(actor, 'unwatch', { ...t, channelId, changed });
  }

  async list(actor: Actor, channelId?: string): Promise<SubscriptionList> {
    await this.deps.access.authorize(actor, 'watches');
    const rows = await this.deps.store.watches.list(channelId);
    const names = await this.serverNames(rows.filter((r) => r.target !== WATCH_ALL).map((r) => r.target));
    return {
      rows: rows.map((r) => ({
        target: r.target,
        label: r.target === WATCH_ALL ? WATCH_ALL : (names.get(r.target) ?? r.target),
        channelId: r.channelId,
        createdBy: r.createdBy,
      })),
      notifyChannel: this.deps.notifyChannel,
    };
  }

  /**
   * Names of watched servers by uuid. The watcher's snapshots name the servers
   * it has read; one watched before the watcher's first read is named from the
   * provider's list instead (and by its uuid when that list cannot be read).
   */
  private async serverNames(uuids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const s of await this.deps.store.snapshots.all()) if (s.name) names.set(s.serverUuid, s.name);
    if (uuids.some((uuid) => !names.has(uuid))) {
      const listed = await this.deps.provider.listServers({ lane: 'interactive' }).catch(() => []);
      for (const s of listed) if (!names.has(s.uuid)) names.set(s.uuid, s.name);
    }
    return names;
  }
}
