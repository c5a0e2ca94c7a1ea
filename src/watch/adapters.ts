import type { ProviderClient } from '../provider/index.ts';
import type { SnapshotRow, Store } from '../store/index.ts';
import type {
  ContractStatus,
  RateLimitInfo,
  Snapshot,
  TrackedSignup,
  WatchProvider,
  WatchStore,
  WatchTx,
} from './ports.ts';
import { POWER_STATUSES, type PowerStatus } from './ports.ts';

/** The real ProviderClient as the watcher's provider port. */
export function watchProviderFrom(client: ProviderClient): WatchProvider {
  return {
    get rateLimit(): RateLimitInfo | undefined {
      const r = client.rateLimit;
      if (r.limit === null || r.remaining === null || r.reset === null || r.seenAt === null) return undefined;
      const concurrentLimit = r.concurrentLimit ?? 1;
      return {
        limit: r.limit,
        remaining: r.remaining,
        reset: r.reset,
        concurrentLimit,
        concurrentRemaining: r.concurrentRemaining ?? concurrentLimit,
        seenAt: r.seenAt,
      };
    },
    listServers: (o) => client.listServers(o),
    getServer: (uuid, o) => client.getServer(uuid, o),
    signupStatus: (id, o) => client.signupStatus(id, o),
  };
}

function toSnapshot(r: SnapshotRow): Snapshot {
  const power = (POWER_STATUSES as readonly string[]).includes(r.powerStatus ?? '')
    ? (r.powerStatus as PowerStatus)
    : null;
  const contract: ContractStatus =
    r.contractStatus === 'suspended' || r.contractStatus === 'gone' ? r.contractStatus : 'active';
  return {
    uuid: r.serverUuid,
    name: r.name ?? r.serverUuid,
    powerStatus: power,
    contractStatus: contract,
    observedAt: r.observedAt.getTime(),
    changedAt: r.changedAt.getTime(),
  };
}

function txFrom(store: Store): WatchTx {
  return {
    snapshots: {
      get: async (uuid) => {
        const r = await store.snapshots.get(uuid);
        return r ? toSnapshot(r) : undefined;
      },
      upsert: async (s) => {
        await store.snapshots.upsert({
          serverUuid: s.uuid,
          name: s.name,
          powerStatus: s.powerStatus,
          contractStatus: s.contractStatus,
          observedAt: new Date(s.observedAt),
          changedAt: new Date(s.changedAt),
        });
      },
    },
    outbox: {
      enqueue: async (e) =>
        (
          await store.outbox.enqueue({
            dedupeKey: e.dedupeKey,
            channelId: e.channelId,
            threadTs: e.threadTs ?? null,
            payload: e.payload,
            nextAttemptAt: new Date(e.nextAttemptAt),
          })
        ).created,
    },
    signups: {
      setProviderStatus: async (id, status) => {
        if (status !== 'building' && status !== 'setup_pending') return;
        // A self-transition: records the provider's status, no state change.
        await store.signups.transition(id, ['submitted'], 'submitted', { providerStatus: status });
      },
      markActive: async (id, uuid, ip) => {
        const r = await store.signups.transition(id, ['submitted'], 'active', {
          uuid,
          ipAddress: ip,
          providerStatus: 'active',
        });
        return r.won;
      },
    },
  };
}

/**
 * The Store as the watcher's store port. `submittedAt` is the signup row's
 * `createdAt` (the store keeps no submission time; the quote is at most its
 * expiry older, which makes the setup_pending escalation early, never late).
 */
export function watchStoreFrom(store: Store): WatchStore {
  const base = txFrom(store);
  return {
    ...base,
    snapshots: {
      ...base.snapshots,
      all: async () => (await store.snapshots.all()).map(toSnapshot),
    },
    watches: {
      list: async () =>
        (await store.watches.list()).map((w) => ({ target: w.target, channelId: w.channelId })),
    },
    signups: {
      ...base.signups,
      tracking: async () => {
        const rows = await store.signups.listByState(['submitted']);
        const out: TrackedSignup[] = [];
        for (const r of rows) {
          if (r.providerServiceId === null) continue;
          out.push({
            id: r.id,
            providerServiceId: String(r.providerServiceId),
            providerStatus: r.providerStatus ?? 'building',
            channelId: r.channelId,
            messageTs: r.threadTs ?? r.messageTs,
            requesterId: r.requesterId,
            submittedAt: r.createdAt.getTime(),
            name: r.serverName,
          });
        }
        return out;
      },
    },
    leases: {
      acquire: (name, holder, ttlMs) => store.leases.acquire(name, holder, ttlMs),
      release: async (name, holder) => {
        await store.leases.release(name, holder);
      },
    },
    transaction: (fn) => store.transaction((tx) => fn(txFrom(tx))),
  };
}
