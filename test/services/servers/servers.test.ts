import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.ts';
import { AccessService } from '../../../src/services/access/index.ts';
import { Audit } from '../../../src/services/audit.ts';
import {
  matchesFilter,
  type ServersDeps,
  ServersService,
  type VpsSummary,
} from '../../../src/services/servers/index.ts';
import type { AuditEntry, AuditRow, SnapshotRow } from '../../../src/store/index.ts';

const summary = (name: string, ip: string, uuid = `uuid-${name}`): VpsSummary => ({
  uuid,
  name,
  vps_type: 'vps',
  plan_name: '2GB',
  status: 'active',
  ip_address: ip,
  os: 'Ubuntu',
  memo: null,
});

function setup(
  servers: VpsSummary[],
  o: { snapshots?: SnapshotRow[]; now?: number; staleAfterMs?: number; time?: { ms: number } } = {},
) {
  const audit: AuditEntry[] = [];
  const writes: string[] = [];
  let listCalls = 0;
  const me = async () => ({
    expires_at: null,
    services: { vps: { permission_type: 'full', target_mode: 'all', targets: [] } },
  });
  const provider: ServersDeps['provider'] = {
    logs: async () => ({ logs: [], count: 0, limit: 20, has_more: false, next_cursor: null }),
    listServers: async () => {
      listCalls++;
      return { servers, malformed: [] };
    },
    getServer: async () => {
      throw new Error('not used');
    },
    setMemo: async (uuid, memo) => {
      writes.push(`memo ${uuid} ${memo}`);
      return { message: 'ok' };
    },
    setName: async (uuid, name) => {
      writes.push(`name ${uuid} ${name}`);
      return { message: 'ok' };
    },
    setReverseDns: async () => ({ message: 'ok' }),
    getPower: async () => ({ status: 'running', raw: null }),
    syncDaily: async () => ({
      limit: null,
      used: 0,
      remaining: null,
      resetsAt: 0,
      reserve: null,
      level: 'ok',
      backgroundHeldUntil: null,
    }),
  };
  const store = {
    audit: {
      append: async (r: AuditEntry) => {
        audit.push(r);
        return { id: audit.length, at: new Date(0), params: {}, ...r } as AuditRow;
      },
      latest: async () => [],
    },
    snapshots: { all: async () => o.snapshots ?? [] },
  };
  const clock = { now: () => new Date(o.time?.ms ?? o.now ?? 0) };
  const access = new AccessService({
    operators: ['U0OP'],
    approvers: [],
    groups: { membersOf: async () => [] },
    provider: { me },
    clock,
  });
  return {
    svc: new ServersService({
      provider,
      store,
      access,
      audit: new Audit(store, createLogger({ level: 'silent' })),
      clock,
      ...(o.staleAfterMs === undefined ? {} : { powerStaleAfterMs: () => o.staleAfterMs! }),
    }),
    audit,
    writes,
    lists: () => listCalls,
  };
}

const op = { userId: 'U0OP', channelId: 'C1' };

describe('ServersService', () => {
  it('resolves by exact name, uuid and IP; lists candidates otherwise', async () => {
    const { svc } = setup([
      summary('web-1', '10.0.0.1'),
      summary('web-2', '10.0.0.2'),
      summary('db-1', '10.0.0.3'),
    ]);
    expect((await svc.resolve('WEB-1')).name).toBe('web-1');
    expect((await svc.resolve('uuid-db-1')).name).toBe('db-1');
    expect((await svc.resolve('10.0.0.2')).name).toBe('web-2');
    await expect(svc.resolve('web')).rejects.toMatchObject({
      code: 'server_ambiguous',
      params: { count: 2 },
    });
    await expect(svc.resolve('10.0.0.9')).rejects.toMatchObject({ code: 'server_not_found', details: [] });
  });

  it('lists each server with its power state, how old it is, and whether it is older than a few rounds', async () => {
    const now = Date.UTC(2026, 2, 2, 3, 0, 0);
    const snap = (uuid: string, power: string | null, ageMs: number): SnapshotRow => ({
      serverUuid: uuid,
      name: null,
      powerStatus: power,
      contractStatus: 'active',
      observedAt: new Date(now - ageMs),
      changedAt: new Date(0),
      powerChangedAt: null,
      facts: null,
    });
    const s = setup(
      [summary('web-1', '10.0.0.1'), summary('web-2', '10.0.0.2'), summary('web-3', '10.0.0.3')],
      {
        now,
        staleAfterMs: 90_000,
        snapshots: [snap('uuid-web-1', 'running', 20_000), snap('uuid-web-2', 'stopped', 10 * 60_000)],
      },
    );
    const listed = (await s.svc.list(op, { terms: [] })).servers;
    expect(listed.map((l) => [l.name, l.power, l.powerAgeMs, l.powerStale])).toEqual([
      ['web-1', 'running', 20_000, false],
      ['web-2', 'stopped', 600_000, true],
      ['web-3', undefined, undefined, false],
    ]);
  });

  it('shows the list again while fresh, with when it was read; asks anew after the period and after a change', async () => {
    const time = { ms: 1_000_000 };
    const s = setup([summary('web-1', '10.0.0.1')], { time });
    const first = await s.svc.list(op, { terms: [] });
    time.ms += 14_000;
    const again = await s.svc.list(op, { terms: [] });
    expect(s.lists()).toBe(1);
    expect(again.readAt.getTime()).toBe(first.readAt.getTime());
    expect(time.ms - again.readAt.getTime()).toBe(14_000);
    time.ms += 1_000;
    const fresh = await s.svc.list(op, { terms: [] });
    expect(s.lists()).toBe(2);
    expect(fresh.readAt.getTime()).toBe(time.ms);
    // A change here: the next read asks the provider, whatever the list's age.
    await s.svc.change(op, 'memo', 'web-1', 'x');
    await s.svc.list(op, { terms: [] });
    expect(s.lists()).toBe(3);
  });

  it('reads the server list once per cache period for lookups', async () => {
    const s = setup([summary('web-1', '10.0.0.1')]);
    await s.svc.resolve('web-1');
    await s.svc.resolve('web-1');
    expect(s.lists()).toBe(1);
  });

  it('makes a change and audits it', async () => {
    const s = setup([summary('web-1', '10.0.0.1')]);
    const r = await s.svc.change(op, 'memo', 'web-1', 'hello');
    expect(r).toMatchObject({ field: 'memo', before: null, after: 'hello' });
    expect(s.writes).toEqual(['memo uuid-web-1 hello']);
    expect(s.audit.map((a) => a.outcome)).toEqual(['ok']);
  });

  it('refuses an invalid value before the provider and audits the refusal', async () => {
    const s = setup([summary('web-1', '10.0.0.1')]);
    await expect(s.svc.change(op, 'name', 'web-1', 'Bad Name')).rejects.toMatchObject({
      code: 'invalid_field',
      params: { field: 'name', rule: 'charset' },
    });
    expect(s.writes).toEqual([]);
    expect(s.audit[0]).toMatchObject({
      outcome: 'refused',
      errorCode: 'invalid_field',
      target: 'uuid-web-1',
    });
  });

  it('audits a refused role against the server uuid', async () => {
    const s = setup([summary('web-1', '10.0.0.1')]);
    await expect(
      s.svc.change({ userId: 'U0X', channelId: 'C1' }, 'name', 'web-1', 'x'),
    ).rejects.toMatchObject({
      code: 'role_required',
    });
    expect(s.audit[0]).toMatchObject({ outcome: 'refused', target: 'uuid-web-1', actor: 'U0X' });
  });
});

describe('matchesFilter', () => {
  it('matches every term against name, IP, plan, type, OS and memo', () => {
    const s = { ...summary('web-1', '10.0.0.1'), memo: 'Frontend' };
    expect(matchesFilter(s, { terms: ['front', '10.0'] })).toBe(true);
    expect(matchesFilter(s, { terms: ['db'] })).toBe(false);
    expect(matchesFilter(s, { terms: [], type: 'gpu' })).toBe(false);
  });
});
