/**
 * The servers at a glance: the power state of each as the watcher last read
 * it (the snapshots), and which servers there are. What the watcher holds is
 * used as it is; only a Home opened by its person reads the server list when
 * what the watcher holds is older than the read cache (READ_CACHE_SECONDS),
 * through the servers' own read cache (one request serves everyone while
 * fresh). A Home drawn again after a change never asks the provider.
 */
import type { SnapshotRow, Store } from '../../store/index.ts';
import type { Actor } from '../access/index.ts';
import type { ServersService } from '../servers/index.ts';
import type { FleetGlance, FleetServer } from './home-types.ts';

/** The running state, the only one a server is expected to be in. */
const RUNNING = 'running';

/** Servers the watcher saw leave the account are not in the fleet. */
const present = (s: SnapshotRow): boolean => s.contractStatus !== 'gone';

function glance(servers: readonly FleetServer[], asOf: Date | null): FleetGlance {
  const byPower: Record<string, number> = {};
  let unknown = 0;
  for (const s of servers) {
    if (s.power === null) unknown += 1;
    else byPower[s.power] = (byPower[s.power] ?? 0) + 1;
  }
  const notRunning = servers
    .filter((s) => s.power !== null && s.power !== RUNNING)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { total: servers.length, byPower, unknown, notRunning, asOf };
}

/**
 * The fleet for this person. `refresh`: they opened their Home, so the list
 * may be read when what is held is older than the read cache.
 */
export async function fleetGlance(
  deps: {
    store: Store;
    servers: ServersService;
    now: () => number;
    readCacheMs: number;
  },
  actor: Actor,
  refresh: boolean,
): Promise<FleetGlance> {
  const snapshots = (await deps.store.snapshots.all()).filter(present);
  const seen = snapshots.map((s) => s.observedAt.getTime());
  const newest = seen.length > 0 ? Math.max(...seen) : null;
  const stale = newest === null || deps.now() - newest >= deps.readCacheMs;
  if (refresh && stale) {
    const list = await deps.servers.list(actor, { terms: [] });
    const servers: FleetServer[] = [
      ...list.servers.map((s) => ({ uuid: s.uuid, name: s.name, power: s.power ?? null })),
      ...list.malformed
        .filter((m) => m.uuid !== null)
        .map((m) => ({ uuid: m.uuid!, name: m.name ?? m.uuid!, power: m.power ?? null })),
    ];
    return glance(servers, list.readAt);
  }
  const servers = snapshots.map((s) => ({
    uuid: s.serverUuid,
    name: s.name ?? s.serverUuid,
    power: s.powerStatus,
  }));
  return glance(servers, seen.length > 0 ? new Date(Math.min(...seen)) : null);
}
