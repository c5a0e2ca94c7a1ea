/**
 * The concrete provider client and store behind the services' ports. Every
 * provider call made for a person goes in the interactive lane, ahead of the
 * watcher's background reads.
 */
import type { ProviderClient } from '../provider/index.ts';
import type { Store } from '../store/index.ts';
import type { LogQuery, ProviderPort, ServiceScope, StorePort } from './ports.ts';

const interactive = { lane: 'interactive' } as const;

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function providerPort(client: ProviderClient): ProviderPort {
  return {
    async me() {
      const info = await client.me(interactive);
      const services: Record<string, ServiceScope> = {};
      for (const [k, v] of Object.entries(info.services)) {
        if (v && typeof v === 'object' && 'permission_type' in v) services[k] = v as ServiceScope;
      }
      return { expires_at: info.expires_at, services };
    },
    logs: (q: LogQuery) => client.logs(defined(q), interactive),
    listServers: () => client.listServers(interactive),
    getServer: (uuid) => client.getServer(uuid, interactive),
    async setMemo(uuid, memo) {
      await client.setMemo(uuid, memo, interactive);
    },
    async setName(uuid, name) {
      await client.setName(uuid, name, interactive);
    },
    async setReverseDns(uuid, hostname) {
      await client.setReverseDns(uuid, hostname, interactive);
    },
    async getPower(uuid) {
      return (await client.getPower(uuid, interactive)).status;
    },
  };
}

export function storePort(store: Store): StorePort {
  return {
    audit: {
      async append(record) {
        await store.audit.append(record);
      },
      async latest(q) {
        const rows = await store.audit.latest({ limit: q.limit, ...(q.target ? { target: q.target } : {}) });
        return rows.map((r) => ({
          at: r.at,
          actor: r.actor,
          channelId: r.channelId ?? '',
          action: r.action,
          target: r.target ?? '',
          params: r.params,
          outcome: r.outcome,
          errorCode: r.errorCode ?? undefined,
        }));
      },
    },
    deliveries: { firstSeen: (key, ttlMs) => store.deliveries.firstSeen(key, ttlMs) },
    snapshots: {
      async all() {
        return (await store.snapshots.all()).flatMap((s) =>
          s.powerStatus ? [{ uuid: s.serverUuid, power: s.powerStatus, seenAt: s.observedAt }] : [],
        );
      },
    },
    ping: () => store.ping(),
  };
}
