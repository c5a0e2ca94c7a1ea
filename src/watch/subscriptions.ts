/**
 * The watch subscriptions use case behind `/vps watch <server|all> [#channel]`,
 * `/vps unwatch …` and `/vps watches`. Knows nothing of Slack: plain data in,
 * plain data out; authorisation and server names come through deps.
 */
export const WATCH_ALL = 'all';

export interface SubscriptionActor {
  userId: string;
  channelId: string;
}

export interface SubscriptionDeps {
  watches: {
    add(w: { target: string; channelId: string; createdBy: string }): Promise<boolean>;
    remove(target: string, channelId: string): Promise<boolean>;
    list(channelId?: string): Promise<{ target: string; channelId: string; createdBy: string }[]>;
  };
  /** A server by name, uuid or IP; throws the servers service's not-found / ambiguous error. */
  resolveServer(ref: string): Promise<{ uuid: string; name: string }>;
  /** Throws when the actor may not change watches (reading them needs no more than using /vps). */
  authorize(actor: SubscriptionActor, what: 'change' | 'read'): Promise<void>;
  /** Names of these servers (by uuid), for listing watches by name. */
  serverNames(uuids: readonly string[]): Promise<Map<string, string>>;
  notifyChannel?: string | undefined;
  /** The audit log: every watch change and every refused attempt. */
  audit?(entry: {
    actor: string;
    channelId: string;
    action: 'watch' | 'unwatch';
    target: string;
    params: Record<string, unknown>;
    outcome: 'ok' | 'refused';
    errorCode?: string | null;
  }): Promise<unknown>;
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
    const s = await this.deps.resolveServer(ref);
    return { target: s.uuid, label: s.name };
  }

  private async authorizeChange(
    actor: SubscriptionActor,
    action: 'watch' | 'unwatch',
    ref: string,
    channelId: string,
  ): Promise<void> {
    try {
      await this.deps.authorize(actor, 'change');
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      await this.deps.audit?.({
        actor: actor.userId,
        channelId: actor.channelId,
        action,
        target: ref.trim(),
        params: { channel: channelId },
        outcome: 'refused',
        errorCode: typeof code === 'string' ? code : null,
      });
      throw err;
    }
  }

  private async audited(
    actor: SubscriptionActor,
    action: 'watch' | 'unwatch',
    change: SubscriptionChange,
  ): Promise<SubscriptionChange> {
    await this.deps.audit?.({
      actor: actor.userId,
      channelId: actor.channelId,
      action,
      target: change.target,
      params: { name: change.label, channel: change.channelId, changed: change.changed },
      outcome: 'ok',
    });
    return change;
  }

  async watch(
    actor: SubscriptionActor,
    ref: string,
    channelId = actor.channelId,
  ): Promise<SubscriptionChange> {
    await this.authorizeChange(actor, 'watch', ref, channelId);
    const t = await this.target(ref);
    const changed = await this.deps.watches.add({ target: t.target, channelId, createdBy: actor.userId });
    return this.audited(actor, 'watch', { ...t, channelId, changed });
  }

  async unwatch(
    actor: SubscriptionActor,
    ref: string,
    channelId = actor.channelId,
  ): Promise<SubscriptionChange> {
    await this.authorizeChange(actor, 'unwatch', ref, channelId);
    // A server that left the list cannot be resolved any more: its uuid still unwatches it.
    const existing = await this.deps.watches.list(channelId);
    const direct = existing.find((w) => w.target === ref.trim());
    const t = direct ? { target: direct.target, label: ref.trim() } : await this.target(ref);
    const changed = await this.deps.watches.remove(t.target, channelId);
    return this.audited(actor, 'unwatch', { ...t, channelId, changed });
  }

  async list(actor: SubscriptionActor, channelId?: string): Promise<SubscriptionList> {
    await this.deps.authorize(actor, 'read');
    const rows = await this.deps.watches.list(channelId);
    const names = await this.deps.serverNames(
      rows.filter((r) => r.target !== WATCH_ALL).map((r) => r.target),
    );
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
}
