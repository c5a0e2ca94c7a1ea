import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, start, uuidOf } from './sim-client.ts';

interface Me {
  expires_at: string | null;
  services: Record<
    string,
    {
      permission_type: string;
      target_mode: string;
      targets: string[];
      permissions?: Record<string, string>;
      allow_signup?: boolean;
      allow_acquisition?: boolean;
      site_target_mode?: string;
      sites?: string[];
    }
  >;
  service_type?: string;
  servername?: string;
  permission_type?: string;
}

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

describe('authentication', () => {
  it('401 UNAUTHORIZED without a key, with an unknown key, a non-Bearer scheme and an expired key', async () => {
    const cases = [
      await call(sim, 'GET', '/v1/me', { key: null }),
      await call(sim, 'GET', '/v1/me', { key: 'xs_nope' }),
      await call(sim, 'GET', '/v1/me', { key: null, headers: { authorization: `Basic ${sim.keys.full}` } }),
      await call(sim, 'GET', '/v1/me', { key: sim.keys.expired }),
    ];
    for (const r of cases) expect([r.status, codeOf(r)]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('a key expires when the simulated clock passes expires_at', async () => {
    const me = (await call(sim, 'GET', '/v1/me', { key: sim.keys.read })).json as Me;
    expect(me.expires_at).toBe('2027-11-21 12:00:00');
    sim.control.clock.advance(366 * 24 * 3600_000);
    const r = await call(sim, 'GET', '/v1/me', { key: sim.keys.read });
    expect(r.status).toBe(401);
  });

  it('setKeyExpiry moves a key’s expiry: a past moment expires it now, null makes it last', async () => {
    const key = sim.control.createKey({ name: 'short', services: { vps: { permission_type: 'read' } } });
    expect(((await call(sim, 'GET', '/v1/me', { key })).json as Me).expires_at).toBeNull();
    sim.control.setKeyExpiry('short', new Date(sim.control.clock.now().getTime() + 86_400_000));
    expect(((await call(sim, 'GET', '/v1/me', { key })).json as Me).expires_at).toBe('2026-11-22 12:00:00');
    sim.control.setKeyExpiry(key, sim.control.clock.now());
    expect((await call(sim, 'GET', '/v1/me', { key })).status).toBe(401);
    sim.control.setKeyExpiry('short', null);
    expect((await call(sim, 'GET', '/v1/me', { key })).status).toBe(200);
    expect(() => sim.control.setKeyExpiry('nobody', null)).toThrow(/no key named nobody/);
  });

  it('403 FORBIDDEN from a non-allowed IP address; allowed when the IP is listed', async () => {
    const r = await call(sim, 'GET', '/v1/me', { key: sim.keys.ipRestricted });
    expect([r.status, codeOf(r)]).toEqual([403, 'FORBIDDEN']);
    const key = sim.control.createKey({
      services: { vps: { permission_type: 'read' } },
      allowedIps: ['127.0.0.1'],
    });
    expect((await call(sim, 'GET', '/v1/me', { key })).status).toBe(200);
  });
});

describe('GET /v1/me', () => {
  it('full key: four services, allow_signup where the spec has it, no deprecated fields', async () => {
    const me = (await call(sim, 'GET', '/v1/me')).json as Me;
    expect(me.expires_at).toBeNull();
    expect(Object.keys(me.services).sort()).toEqual(['domain', 'server', 'vps', 'wphosting']);
    expect(me.services.vps).toEqual({
      permission_type: 'full',
      target_mode: 'all',
      targets: [],
      allow_signup: true,
    });
    expect(me.services.domain).toMatchObject({ allow_acquisition: false });
    expect(me.services.domain).not.toHaveProperty('allow_signup');
    expect(me.services.wphosting).toMatchObject({ site_target_mode: 'all', sites: [] });
    expect(me).not.toHaveProperty('service_type');
    expect(me).not.toHaveProperty('servername');
  });

  it('legacy key: deprecated top-level service_type, servername, permission_type', async () => {
    const me = (await call(sim, 'GET', '/v1/me', { key: sim.keys.legacy })).json as Me;
    expect(me.service_type).toBe('server');
    expect(me.servername).toBe('xs123456.xsrv.jp');
    expect(me.servername).toBe(me.services.server?.targets[0]);
    expect(me.permission_type).toBe(me.services.server?.permission_type);
  });

  it('a key in the hosting reference’s flat shape: service_type, expires_at with a T, servername, permission_type', async () => {
    const key = sim.control.createKey({
      name: 'flat-read',
      expires_at: '2030-06-30 00:00:00',
      flat: { servername: 'xs123456.xsrv.jp', permission_type: 'read' },
    });
    expect((await call(sim, 'GET', '/v1/me', { key })).json).toEqual({
      service_type: 'server',
      expires_at: '2030-06-30T00:00:00',
      servername: 'xs123456.xsrv.jp',
      permission_type: 'read',
    });
    expect((await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/dns', { key })).status).toBe(200);
    expect((await call(sim, 'GET', '/v1/server/xs654321.xsrv.jp/dns', { key })).status).toBe(403);
    const put = await call(sim, 'PUT', '/v1/server/xs123456.xsrv.jp/ssh', {
      key,
      body: { ssh_enabled: false },
    });
    expect(put.status).toBe(403);
    const never = sim.control.createKey({
      flat: { servername: 'xs123456.xsrv.jp', permission_type: 'full' },
    });
    expect((await call(sim, 'GET', '/v1/me', { key: never })).json).toMatchObject({ expires_at: null });
    const custom = sim.control.createKey({
      flat: { servername: 'xs123456.xsrv.jp', permission_type: 'custom', permissions: { dns: 'full' } },
    });
    expect((await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/dns', { key: custom })).status).toBe(200);
    expect((await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/cron', { key: custom })).status).toBe(403);
  });

  it('custom key: permissions map only for custom services', async () => {
    const me = (await call(sim, 'GET', '/v1/me', { key: sim.keys.custom })).json as Me;
    expect(me.services.vps?.permission_type).toBe('custom');
    expect(me.services.vps?.permissions).toMatchObject({ server: 'read', settings: 'full' });
    const full = (await call(sim, 'GET', '/v1/me')).json as Me;
    expect(full.services.vps).not.toHaveProperty('permissions');
  });
});

describe('permissions', () => {
  it('read key: reads work, writes are 403', async () => {
    const uuid = uuidOf(sim, 'web-1');
    expect((await call(sim, 'GET', `/v1/vps/servers/${uuid}`, { key: sim.keys.read })).status).toBe(200);
    const w = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, {
      key: sim.keys.read,
      body: { memo: 'x' },
    });
    expect([w.status, codeOf(w)]).toEqual([403, 'FORBIDDEN']);
  });

  it('selected key: list only its targets; 403 for another server (existing or not)', async () => {
    const r = await call(sim, 'GET', '/v1/vps/servers', { key: sim.keys.selected });
    const names = (r.json as { servers: { name: string }[] }).servers.map((s) => s.name).sort();
    expect(names).toEqual(['db-1', 'web-1']);
    const other = await call(sim, 'GET', `/v1/vps/servers/${uuidOf(sim, 'web-2')}`, {
      key: sim.keys.selected,
    });
    expect([other.status, codeOf(other)]).toEqual([403, 'FORBIDDEN']);
    const ghost = await call(sim, 'GET', '/v1/vps/servers/00000000-0000-4000-8000-000000000000', {
      key: sim.keys.selected,
    });
    expect(ghost.status).toBe(403);
    const own = await call(sim, 'PUT', `/v1/vps/servers/${uuidOf(sim, 'web-1')}/memo`, {
      key: sim.keys.selected,
      body: { memo: 'ok' },
    });
    expect(own.status).toBe(200);
  });

  it('custom key: per-category full/read/none', async () => {
    const uuid = uuidOf(sim, 'web-1');
    expect((await call(sim, 'GET', `/v1/vps/servers/${uuid}`, { key: sim.keys.custom })).status).toBe(200);
    // settings: full
    expect(
      (await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { key: sim.keys.custom, body: { memo: 'c' } }))
        .status,
    ).toBe(200);
    // power: none
    expect((await call(sim, 'GET', `/v1/vps/servers/${uuid}/power`, { key: sim.keys.custom })).status).toBe(
      403,
    );
    // signup: none
    expect((await call(sim, 'GET', '/v1/vps/plans', { key: sim.keys.custom })).status).toBe(403);
    // hosting database: none; wordpress: full
    const db = await call(sim, 'POST', '/v1/server/xs123456.xsrv.jp/db', {
      key: sim.keys.custom,
      body: { name_suffix: 'x' },
    });
    expect(db.status).toBe(403);
    expect((await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/wp', { key: sim.keys.custom })).status).toBe(
      200,
    );
  });

  it('a key without the vps service (legacy) gets 403 on VPS endpoints, 200 on its hosting server', async () => {
    expect((await call(sim, 'GET', '/v1/vps/servers', { key: sim.keys.legacy })).status).toBe(403);
    expect(
      (await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/server-info', { key: sim.keys.legacy })).status,
    ).toBe(200);
    expect(
      (await call(sim, 'GET', '/v1/server/xs654321.xsrv.jp/server-info', { key: sim.keys.legacy })).status,
    ).toBe(403);
  });

  it('createKey refuses allow_signup while the balance is under 20,000 yen', async () => {
    sim.control.setBalance(19_999);
    expect(() =>
      sim.control.createKey({ services: { vps: { permission_type: 'full', allow_signup: true } } }),
    ).toThrow(/20,000/);
    sim.control.setBalance(20_000);
    const key = sim.control.createKey({ services: { vps: { permission_type: 'full', allow_signup: true } } });
    expect((await call(sim, 'GET', '/v1/vps/plans', { key })).status).toBe(200);
  });

  it('createKey with expires_at as a JST string', async () => {
    const key = sim.control.createKey({
      services: { vps: { permission_type: 'read' } },
      expires_at: '2026-11-21 12:30:00',
    });
    expect(((await call(sim, 'GET', '/v1/me', { key })).json as Me).expires_at).toBe('2026-11-21 12:30:00');
    sim.control.clock.advance(30 * 60_000);
    expect((await call(sim, 'GET', '/v1/me', { key })).status).toBe(401);
  });
});

describe('custom keys under names of the simulator’s own choosing', () => {
  // Names nothing in the bot has ever seen: the real ones are not published.
  const categoryNames = {
    server: { domain: 'サイト設定', wordpress: 'cms.sites', database: 'MySQL', ssh: 'shell-access' },
    vps: { server: 'vps:view', settings: 'vps:meta' },
  };
  let named: Simulator;
  beforeEach(async () => {
    named = await start({ categoryNames });
  });
  afterEach(async () => {
    await named.close();
  });

  it('gates each endpoint by the renamed category: what the map denies is 403, what it grants passes', async () => {
    const key = named.control.createKey({
      name: 'renamed',
      services: {
        vps: { permission_type: 'custom', permissions: { 'vps:view': 'read', 'vps:meta': 'none' } },
        server: {
          permission_type: 'custom',
          permissions: { サイト設定: 'read', 'cms.sites': 'full', MySQL: 'none', 'shell-access': 'read' },
        },
      },
    });
    const uuid = uuidOf(named, 'web-1');
    const s = '/v1/server/xs123456.xsrv.jp';
    expect((await call(named, 'GET', `/v1/vps/servers/${uuid}`, { key })).status).toBe(200);
    const memo = await call(named, 'PUT', `/v1/vps/servers/${uuid}/memo`, { key, body: { memo: 'x' } });
    expect([memo.status, codeOf(memo)]).toEqual([403, 'FORBIDDEN']);
    expect((await call(named, 'GET', `${s}/domain`, { key })).status).toBe(200);
    const add = await call(named, 'POST', `${s}/subdomain`, {
      key,
      body: { subdomain: 'x.example-shop.com', ssl: false },
    });
    expect([add.status, codeOf(add)]).toEqual([403, 'FORBIDDEN']);
    expect((await call(named, 'GET', `${s}/wp`, { key })).status).toBe(200);
    const db = await call(named, 'POST', `${s}/db`, { key, body: { name_suffix: 'x' } });
    expect([db.status, codeOf(db)]).toEqual([403, 'FORBIDDEN']);
    expect((await call(named, 'GET', `${s}/ssh`, { key })).status).toBe(200);
    // server_info and log keep the simulator's own names, which this key does not carry: none.
    expect((await call(named, 'GET', `${s}/server-info`, { key })).status).toBe(403);
  });

  it('the map’s old names count for nothing once renamed, and names the simulator does not gate by are only shown', async () => {
    const key = named.control.createKey({
      name: 'old-names',
      services: {
        server: {
          permission_type: 'custom',
          permissions: { domain: 'full', wordpress: 'full', 'mail.boxes': 'full' },
        },
      },
    });
    const s = '/v1/server/xs123456.xsrv.jp';
    expect((await call(named, 'GET', `${s}/domain`, { key })).status).toBe(403);
    expect((await call(named, 'GET', `${s}/wp`, { key })).status).toBe(403);
    const me = (await call(named, 'GET', '/v1/me', { key })).json as Me;
    expect(me.services.server?.permissions).toEqual({
      domain: 'full',
      wordpress: 'full',
      'mail.boxes': 'full',
    });
  });

  it('the preset custom key follows the names', async () => {
    const me = (await call(named, 'GET', '/v1/me', { key: named.keys.custom })).json as Me;
    expect(me.services.server?.permissions).toEqual({
      server_info: 'read',
      サイト設定: 'read',
      'cms.sites': 'full',
      MySQL: 'none',
      'shell-access': 'none',
      log: 'read',
    });
    expect(me.services.vps?.permissions).toEqual({
      'vps:view': 'read',
      power: 'none',
      'vps:meta': 'full',
      signup: 'none',
    });
    const s = '/v1/server/xs123456.xsrv.jp';
    expect((await call(named, 'GET', `${s}/wp`, { key: named.keys.custom })).status).toBe(200);
    expect((await call(named, 'GET', `${s}/ssh`, { key: named.keys.custom })).status).toBe(403);
  });
});
