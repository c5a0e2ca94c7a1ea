/**
 * The server list and detail read entry by entry and field by field
 * (server-answers.ts, entry-reading.ts), the broken entries logged once
 * (malformed-reports.ts), and the key's expiry read one way (key-expiry.ts).
 */
import { describe, expect, it } from 'vitest';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { keyExpiryAt, readKeyExpiry, readServerDetail, readServerList } from '../../src/provider/index.ts';
import { MalformedReports } from '../../src/provider/malformed-reports.ts';

const UUID = '3f1c2a4e-1111-4aaa-8bbb-0123456789ab';
const good = {
  uuid: UUID,
  name: 'web-1',
  vps_type: 'vps',
  plan_name: 'VPS 2GB',
  status: 'active',
  ip_address: '203.0.113.5',
  os: null,
  memo: null,
};

describe('the server list, entry by entry', () => {
  it('keeps every good entry and reads a broken one as far as it goes, in the answer’s order', () => {
    const listing = readServerList([
      good,
      { ...good, uuid: 'a2', name: null, plan_name: null, memo: 42 },
      { ...good, uuid: 'a/b' },
      null,
      'web-3',
    ]);
    expect(listing.servers).toEqual([good]);
    expect(listing.malformed).toEqual([
      expect.objectContaining({
        index: 1,
        uuid: 'a2',
        broken: ['name', 'plan_name', 'memo'],
        ip_address: '203.0.113.5',
      }),
      expect.objectContaining({ index: 2, uuid: null, broken: ['uuid'], name: 'web-1' }),
      { index: 3, uuid: null, broken: ['*'] },
      { index: 4, uuid: null, broken: ['*'] },
    ]);
    expect(listing.malformed[0]).not.toHaveProperty('name');
  });

  it('a field left out is broken; a field the provider adds is kept on a good entry', () => {
    const { servers, malformed } = readServerList([
      { ...good, extra: 1 },
      { ...good, uuid: 'x1', os: undefined },
    ]);
    expect(servers[0]).toMatchObject({ extra: 1 });
    expect(malformed[0]?.broken).toEqual(['os']);
  });
});

describe('a server’s detail, field by field', () => {
  const detail = {
    uuid: UUID,
    name: 'web-1',
    vps_type: 'vps',
    status: 'active',
    plan: { name: 'VPS 2GB', vcpu: 3, memory_gb: 2, disk_gb: 50 },
    os: 'Ubuntu',
    hostname: 'h',
    reverse_hostname: 'r',
    ip_address: '203.0.113.5',
    power: { status: 'running' },
    memo: null,
  };

  it('a detail of the documented shape breaks nothing; application left out is none', () => {
    expect(readServerDetail(UUID, detail)).toMatchObject({ broken: [], application: null, name: 'web-1' });
  });

  it('a power state the spec does not list is kept as said; one that is no state is broken', () => {
    expect(readServerDetail(UUID, { ...detail, power: { status: 'suspended' } })).toMatchObject({
      power: { status: 'suspended' },
      broken: [],
    });
    for (const status of [42, '', 'x'.repeat(65), 'run\u0000ning', null]) {
      const d = readServerDetail(UUID, { ...detail, power: { status } });
      expect(d.power.status).toBeUndefined();
      expect(d.broken).toEqual(['power.status']);
    }
  });

  it('nested fields are named with their path; an answer about another uuid breaks `uuid`', () => {
    const d = readServerDetail(UUID, {
      ...detail,
      uuid: 'other',
      plan: { ...detail.plan, vcpu: 'two' },
      power: 7,
    });
    expect(d.uuid).toBe(UUID);
    expect(d.broken).toEqual(['plan.vcpu', 'power', 'uuid']);
    expect(d.plan).toMatchObject({ name: 'VPS 2GB', memory_gb: 2 });
    expect(d.power).toEqual({});
    expect(readServerDetail(UUID, 'nothing').broken).toEqual(['*']);
  });
});

describe('a broken entry is logged once', () => {
  it('once per entry and set of broken fields, again when what is broken changes', () => {
    const sink = new MemoryLogSink();
    const reports = new MalformedReports(createLogger({ level: 'debug', stream: sink }));
    expect(reports.report('GET /v1/vps/servers', 'a2', ['name'])).toBe(true);
    expect(reports.report('GET /v1/vps/servers', 'a2', ['name'])).toBe(false);
    expect(reports.report('GET /v1/vps/servers', 'a2', ['name', 'memo'])).toBe(true);
    expect(reports.report('GET /v1/vps/servers/{uuid}', 'a2', ['name'])).toBe(true);
    expect(sink.records()).toHaveLength(3);
    expect(sink.records()[0]).toMatchObject({ entry: 'a2', fields: ['name'], level: 'warn' });
  });
});

describe('the key’s expiry, one reading', () => {
  const now = new Date('2026-03-02T03:00:00Z'); // 12:00 in Japan
  it('reads expires_at as Japan time: never, unreadable, ahead, or expired from its moment on', () => {
    expect(readKeyExpiry(null, now)).toEqual({ state: 'never' });
    expect(readKeyExpiry('soon', now)).toEqual({ state: 'unreadable', raw: 'soon' });
    expect(readKeyExpiry('2026-03-02 13:00:00', now)).toEqual({
      state: 'expires',
      at: new Date('2026-03-02T04:00:00Z'),
      leftMs: 3_600_000,
    });
    expect(readKeyExpiry('2026-03-02 12:00:00', now)).toEqual({ state: 'expired', at: now });
    expect(readKeyExpiry('2026-03-02 11:59:59', now).state).toBe('expired');
    expect(keyExpiryAt(new Date(now.getTime() + 1), now).state).toBe('expires');
  });
});
