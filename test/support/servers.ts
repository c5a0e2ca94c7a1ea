/**
 * Servers as the servers service hands them to the views: a list entry and a
 * detail, for the views' pure tests. Each test overrides what it looks at.
 */
import type { ListedServer, VpsDetailRead } from '../../src/services/servers/index.ts';

/** The i-th server of a list: `server-001`, a uuid and an address of its own. */
export function listedServer(i: number, over: Partial<ListedServer> = {}): ListedServer {
  return {
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `server-${String(i).padStart(3, '0')}`,
    vps_type: 'vps',
    plan_name: '2GB plan',
    status: 'active',
    ip_address: `10.0.${i >> 8}.${i & 255}`,
    os: 'Ubuntu 24.04',
    memo: null,
    power: i % 2 ? 'running' : undefined,
    powerSeenAt: new Date(0),
    ...over,
  };
}

/** A business VPS `db-1`, running, as its detail reads. */
export function serverDetail(over: Partial<VpsDetailRead> = {}): VpsDetailRead {
  return {
    uuid: 'u-1',
    name: 'db-1',
    vps_type: 'business',
    status: 'active',
    plan: { name: '8GB', vcpu: 4, memory_gb: 8, disk_gb: 200 },
    os: 'Ubuntu',
    application: null,
    hostname: 'x1.example.net',
    reverse_hostname: null,
    ip_address: '203.0.113.5',
    power: { status: 'running' },
    memo: null,
    broken: [],
    ...over,
  };
}
