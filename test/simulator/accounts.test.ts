/**
 * Several accounts in one simulator, over real HTTP: each key sees only its
 * own account's world (servers, hosting servers, balance and signups, API
 * logs), one account's rate limit, faults and latency never reach another's
 * key, and every control names the account it acts on (the first one unless
 * told), in-process and under /__sim/accounts/{name}/.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { call, codeOf, ctl, PASSWORD, signupBody, start, T0 } from './sim-client.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await start({ accounts: ['main', 'shop'] });
});
afterEach(async () => {
  await sim.close();
});

type Summary = { uuid: string; name: string; ip_address: string };
const servers = async (key: string) =>
  ((await call(sim, 'GET', '/v1/vps/servers', { key })).json as { servers: Summary[] }).servers;

describe('each key, its own account', () => {
  it('lists only its own account’s servers: the same names, other uuids and addresses', async () => {
    const shop = sim.account('shop');
    const a = await servers(sim.keys.full);
    const b = await servers(shop.keys.full);
    expect(b.map((s) => s.name)).toEqual(a.map((s) => s.name));
    for (const s of b) {
      expect(a.map((x) => x.uuid)).not.toContain(s.uuid);
      expect(a.map((x) => x.ip_address)).not.toContain(s.ip_address);
    }
    // A server of the other account is no server of this one.
    const other = b[0]?.uuid ?? '';
    const r = await call(sim, 'GET', `/v1/vps/servers/${other}`, { key: sim.keys.full });
    expect([r.status, codeOf(r)]).toEqual([404, 'NOT_FOUND']);
    expect(sim.control.servers().map((s) => s.uuid)).toEqual(a.map((s) => s.uuid));
    expect(shop.control.servers().map((s) => s.uuid)).toEqual(b.map((s) => s.uuid));
  });

  it('hosting servers and domains are the account’s own; its key answers 404 for the other’s', async () => {
    const shop = sim.account('shop');
    expect((await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/server-info')).status).toBe(200);
    const miss = await call(sim, 'GET', '/v1/server/xs123456.xsrv.jp/server-info', { key: shop.keys.full });
    expect([miss.status, codeOf(miss)]).toEqual([404, 'NOT_FOUND']);
    const own = await call(sim, 'GET', '/v1/server/xs234567.xsrv.jp/domain', { key: shop.keys.full });
    expect((own.json as { domains: { domain: string }[] }).domains.map((d) => d.domain)).toContain(
      'shop-example-shop.com',
    );
    // The preset keys limited to a server name the account's own.
    expect((await call(sim, 'GET', '/v1/me', { key: shop.keys.legacy })).json).toMatchObject({
      servername: 'xs234567.xsrv.jp',
    });
    expect(shop.control.hostingServer('xs234567.xsrv.jp').domainValidationToken).not.toBe(
      sim.control.hostingServer('xs123456.xsrv.jp').domainValidationToken,
    );
  });

  it('a signup is charged to its own account’s balance only, and its log is its key’s alone', async () => {
    const shop = sim.account('shop');
    const quote = (await call(sim, 'GET', '/v1/vps/plans', { key: shop.keys.full })).json as {
      plans: { plan_id: string; periods: { months: number; total_price: number }[] }[];
    };
    const total = quote.plans
      .find((p) => p.plan_id === 'vps-4gb')
      ?.periods.find((p) => p.months === 1)?.total_price;
    expect(total).toBeGreaterThan(0);
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      key: shop.keys.full,
      headers: { 'idempotency-key': 'shop-order-0001' },
      body: signupBody({ expected_total_price: total }),
    });
    expect(r.status).toBe(200);
    expect(shop.control.balance()).toBe(50_000 - (total ?? 0));
    expect(sim.control.balance()).toBe(50_000);
    expect(shop.control.charges()).toHaveLength(1);
    expect(sim.control.charges()).toEqual([]);
    // The same Idempotency-Key in the other account is another order there.
    expect(
      (
        await call(sim, 'POST', '/v1/vps/servers', {
          headers: { 'idempotency-key': 'shop-order-0001' },
          body: signupBody({ expected_total_price: total }),
        })
      ).status,
    ).toBe(200);
    expect(sim.control.charges()).toHaveLength(1);
    const logs = async (key: string) =>
      ((await call(sim, 'GET', '/v1/logs', { key })).json as { logs: { path: string }[] }).logs.map(
        (l) => l.path,
      );
    expect(await logs(shop.keys.full)).toContain('/v1/vps/plans');
    expect(await logs(sim.keys.full)).not.toContain('/v1/vps/plans');
    expect(JSON.stringify(sim.control.requests())).not.toContain(PASSWORD);
  });

  it('no two accounts share a key; the first keeps the tokens of a one-account simulator', async () => {
    const one = await startSimulator({ clock: 'manual', now: T0 });
    try {
      expect(sim.keys).toEqual(one.keys);
    } finally {
      await one.close();
    }
    const shop = sim.account('shop');
    const all = [...Object.values(sim.keys), ...Object.values(shop.keys)];
    expect(new Set(all).size).toBe(all.length);
    expect(shop.keys.full).toMatch(/^xs_sim_shop_full_/);
    const made = shop.control.createKey({ name: 'extra', services: { vps: { permission_type: 'read' } } });
    expect(made).toMatch(/^xs_sim_shop_extra_/);
    expect(await servers(made)).toEqual(await servers(shop.keys.full));
    // A key name may repeat across accounts (each has its own `full`), never within one.
    expect(() => shop.control.createKey({ name: 'extra' })).toThrow('exists');
    expect(() => sim.control.createKey({ name: 'extra' })).not.toThrow();
  });

  it('accounts are listed first to last; a name is new and well formed; one added later serves at once', async () => {
    expect(sim.accounts.map((a) => a.name)).toEqual(['main', 'shop']);
    expect(sim.control.account).toBe('main');
    expect(sim.account('shop').control.account).toBe('shop');
    expect(() => sim.account('nope')).toThrow('no account named nope');
    expect(() => sim.addAccount('shop')).toThrow('exists already');
    expect(() => sim.addAccount('Shop A')).toThrow('lower-case');
    const third = sim.addAccount({ name: 'agency', seed: 'empty' });
    expect(await servers(third.keys.full)).toEqual([]);
    expect(third.control.balance()).toBe(50_000);
  });

  it('with no accounts named, there is one: default', async () => {
    const one = await start();
    try {
      expect(one.accounts.map((a) => a.name)).toEqual(['default']);
      expect(one.control.account).toBe('default');
    } finally {
      await one.close();
    }
  });
});

describe('rate limits, faults and latency stay in their account', () => {
  it('a limit hit on one key leaves the other account’s key at full pace', async () => {
    const shop = sim.account('shop');
    sim.control.setRateLimit({ limit: 2, windowSeconds: 60, concurrent: 5 });
    for (let i = 0; i < 2; i += 1) expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    const flooded = await call(sim, 'GET', '/v1/me');
    expect([flooded.status, codeOf(flooded)]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    const other = await call(sim, 'GET', '/v1/me', { key: shop.keys.full });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-limit')).toBe('60');
    expect(other.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(sim.control.rateLimited()).toEqual({ total: 1, byKey: { full: 1 } });
    expect(shop.control.rateLimited()).toEqual({ total: 0, byKey: {} });
  });

  it('the daily cap is counted per account: another account’s key of the same name is untouched', async () => {
    const shop = sim.account('shop');
    shop.control.setRateLimit({ limit: 100, windowSeconds: 60, concurrent: 5, daily: 1 }, 'full');
    expect((await call(sim, 'GET', '/v1/me', { key: shop.keys.full })).status).toBe(200);
    expect((await call(sim, 'GET', '/v1/me', { key: shop.keys.full })).status).toBe(429);
    for (let i = 0; i < 3; i += 1) expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
  });

  it('a fault and a latency set for one account touch only its requests; each journal is its own', async () => {
    const shop = sim.account('shop');
    shop.control.addFault({ path: '/v1/vps/servers', status: 502, times: Number.POSITIVE_INFINITY });
    expect((await call(sim, 'GET', '/v1/vps/servers', { key: shop.keys.full })).status).toBe(502);
    expect((await call(sim, 'GET', '/v1/vps/servers')).status).toBe(200);
    shop.control.setLatency(5_000);
    const slow = call(sim, 'GET', '/v1/me', { key: shop.keys.full });
    await shop.control.waitForInFlight(1);
    expect(sim.control.inFlight()).toBe(0);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    sim.control.clock.advance(5_000);
    expect((await slow).status).toBe(200);
    expect(shop.control.requests().map((r) => [r.path, r.status])).toEqual([
      ['/v1/vps/servers', 502],
      ['/v1/me', 200],
    ]);
    expect(sim.control.requests().map((r) => [r.path, r.status])).toEqual([
      ['/v1/vps/servers', 200],
      ['/v1/me', 200],
    ]);
  });

  it('a request with no key, or an unknown one, is the first account’s to answer and record', async () => {
    expect((await call(sim, 'GET', '/v1/me', { key: 'xs_nobody' })).status).toBe(401);
    expect((await call(sim, 'GET', '/v1/me', { key: null })).status).toBe(401);
    expect(sim.control.requests({ status: 401 })).toHaveLength(2);
    expect(sim.account('shop').control.requests()).toEqual([]);
  });

  it('the clock is one: moving it from any account moves every account', async () => {
    sim.account('shop').control.clock.advance(60_000);
    expect(sim.control.clock.now().getTime()).toBe(T0.getTime() + 60_000);
  });
});

describe('controls over HTTP name the account', () => {
  it('/__sim/accounts lists and adds; /__sim/accounts/{name}/… acts on that one; /__sim/… on the first', async () => {
    const listed = (await ctl(sim, 'GET', 'accounts')).json as {
      accounts: { name: string; keys: { full: string } }[];
    };
    expect(listed.accounts.map((a) => a.name)).toEqual(['main', 'shop']);
    expect(listed.accounts[1]?.keys.full).toBe(sim.account('shop').keys.full);
    expect((await ctl(sim, 'POST', 'accounts/shop/balance', { yen: 1234 })).status).toBe(200);
    expect(sim.account('shop').control.balance()).toBe(1234);
    expect(sim.control.balance()).toBe(50_000);
    expect((await ctl(sim, 'GET', 'balance')).json).toEqual({ balance: 50_000 });
    expect((await ctl(sim, 'GET', 'accounts/shop/state')).json).toMatchObject({
      account: 'shop',
      balance: 1234,
    });
    expect((await ctl(sim, 'GET', 'accounts/shop/keys')).json).toEqual({ keys: sim.account('shop').keys });
    await ctl(sim, 'POST', 'accounts/shop/rate-limit', { limit: 1, windowSeconds: 60, concurrent: 5 });
    const shopKey = sim.account('shop').keys.full;
    expect((await call(sim, 'GET', '/v1/me', { key: shopKey })).status).toBe(200);
    expect((await call(sim, 'GET', '/v1/me', { key: shopKey })).status).toBe(429);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    const added = await ctl(sim, 'POST', 'accounts', { name: 'brand-b', seed: 'empty' });
    expect(added.json).toMatchObject({
      name: 'brand-b',
      keys: { full: expect.stringMatching(/^xs_sim_brandb_full_/) },
    });
    expect((await ctl(sim, 'GET', 'accounts/nowhere/state')).status).toBe(400);
    expect((await ctl(sim, 'POST', 'accounts', { name: 'main' })).status).toBe(400);
  });
});
