import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { call, codeOf, start } from './sim-client.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

describe('faults', () => {
  it('status + code answers the provider error body once (times default 1)', async () => {
    const id = sim.control.addFault({ path: '/v1/me', status: 502, code: 'BACKEND_ERROR' });
    expect(id).toEqual(expect.any(Number));
    const r = await call(sim, 'GET', '/v1/me');
    expect([r.status, codeOf(r)]).toEqual([502, 'BACKEND_ERROR']);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    expect(sim.control.requests({ path: '/v1/me' }).map((x) => [x.status, x.faultId])).toEqual([
      [502, id],
      [200, undefined],
    ]);
  });

  it('a 429 fault carries Retry-After (1 by default, or as given) and extra headers', async () => {
    sim.control.addFault({ path: '/v1/me', status: 429 });
    sim.control.addFault({ path: '/v1/vps/servers', status: 503, headers: { 'Retry-After': '7' } });
    const a = await call(sim, 'GET', '/v1/me');
    expect([a.status, codeOf(a), a.headers.get('retry-after')]).toEqual([429, 'RATE_LIMIT_EXCEEDED', '1']);
    const b = await call(sim, 'GET', '/v1/vps/servers');
    expect([b.status, b.headers.get('retry-after')]).toEqual([503, '7']);
  });

  it('status alone maps to its code (500 INTERNAL_ERROR)', async () => {
    sim.control.addFault({ path: '/v1/me', status: 500 });
    const r = await call(sim, 'GET', '/v1/me');
    expect([r.status, codeOf(r)]).toEqual([500, 'INTERNAL_ERROR']);
  });

  it('rawBody is sent as-is (an HTML proxy page, or empty)', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    sim.control.addFault({ path: '/v1/vps/servers', status: 502, rawBody: html });
    sim.control.addFault({ path: '/v1/me', status: 503, rawBody: '' });
    const a = await call(sim, 'GET', '/v1/vps/servers');
    expect([a.status, a.text]).toEqual([502, html]);
    expect(a.headers.get('content-type')).toContain('text/html');
    const b = await call(sim, 'GET', '/v1/me');
    expect([b.status, b.text]).toEqual([503, '']);
  });

  it('times, Infinity, RegExp path and method matching; clearFaults', async () => {
    sim.control.addFault({
      method: 'PUT',
      path: /^\/v1\/vps\/servers\/[^/]+\/memo$/,
      status: 500,
      times: Number.POSITIVE_INFINITY,
    });
    sim.control.addFault({ path: '/v1/me', status: 500, times: 2 });
    const uuid = sim.control.servers()[0]?.uuid ?? '';
    for (let i = 0; i < 3; i += 1) {
      expect((await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'x' } })).status).toBe(
        500,
      );
    }
    expect((await call(sim, 'GET', `/v1/vps/servers/${uuid}`)).status).toBe(200); // method/path differ
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(500);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(500);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    sim.control.clearFaults();
    expect((await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'x' } })).status).toBe(
      200,
    );
  });

  it("drop:'before' resets the connection without handling (nothing changes)", async () => {
    const uuid = sim.control.servers()[0]?.uuid ?? '';
    sim.control.addFault({ method: 'PUT', path: `/v1/vps/servers/${uuid}/memo`, drop: 'before' });
    await expect(
      call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'dropped' } }),
    ).rejects.toThrow();
    expect(sim.control.servers()[0]?.memo).not.toBe('dropped');
    expect(sim.control.requests({ method: 'PUT' })[0]?.status).toBe(0);
  });

  it("drop:'after' handles the request, then resets the connection", async () => {
    const uuid = sim.control.servers()[0]?.uuid ?? '';
    sim.control.addFault({ method: 'PUT', path: `/v1/vps/servers/${uuid}/memo`, drop: 'after' });
    await expect(
      call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'applied' } }),
    ).rejects.toThrow();
    expect(sim.control.servers()[0]?.memo).toBe('applied');
  });

  it('truncate announces a longer Content-Length and closes: the body read fails', async () => {
    sim.control.addFault({ path: '/v1/vps/servers', truncate: true });
    await expect(call(sim, 'GET', '/v1/vps/servers')).rejects.toThrow();
    expect((await call(sim, 'GET', '/v1/vps/servers')).status).toBe(200);
  });

  it('fault latency in manual mode waits for simulated time', async () => {
    sim.control.addFault({ path: '/v1/me', latencyMs: 30_000 });
    let done = false;
    const p = call(sim, 'GET', '/v1/me').then((r) => {
      done = true;
      return r;
    });
    await sim.control.waitForInFlight(1);
    sim.control.clock.advance(29_999);
    await call(sim, 'GET', '/v1/vps/servers'); // a full round trip later, still waiting
    expect(done).toBe(false);
    sim.control.clock.advance(1);
    expect((await p).status).toBe(200);
  });
});

describe('faults with a probability', () => {
  /** The statuses of `n` GET /v1/me in a row on a simulator with these options and rules. */
  async function statuses(
    options: { randomSeed?: number },
    rules: Parameters<Simulator['control']['addFault']>[0][],
    n: number,
  ): Promise<{ statuses: number[]; sim: Simulator }> {
    // A rate limit well above the run, so only the faults refuse.
    const s = await start({ ...options, rateLimit: { limit: 10_000, windowSeconds: 60, concurrent: 10 } });
    for (const r of rules) s.control.addFault(r);
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) out.push((await call(s, 'GET', '/v1/me')).status);
    return { statuses: out, sim: s };
  }

  it('applies to about that share of matching requests, the same ones for the same seed', async () => {
    const rule = { path: '/v1/me', status: 500, times: Number.POSITIVE_INFINITY, probability: 0.2 };
    const a = await statuses({ randomSeed: 7 }, [rule], 400);
    const b = await statuses({ randomSeed: 7 }, [rule], 400);
    const c = await statuses({ randomSeed: 8 }, [rule], 400);
    await Promise.all([a.sim.close(), b.sim.close(), c.sim.close()]);
    const failed = a.statuses.filter((s) => s === 500).length;
    // 400 draws at 0.2: 80 expected; 50..110 is beyond four standard deviations either way.
    expect(failed).toBeGreaterThan(50);
    expect(failed).toBeLessThan(110);
    expect(a.statuses.every((s) => s === 200 || s === 500)).toBe(true);
    expect(b.statuses).toEqual(a.statuses);
    expect(c.statuses).not.toEqual(a.statuses);
  });

  it('a request it passes over goes to the later rules and uses none of its times', async () => {
    const { statuses: got, sim: s } = await statuses(
      {},
      [
        { path: '/v1/me', status: 500, times: 3, probability: 0.5 },
        { path: '/v1/me', status: 502, times: Number.POSITIVE_INFINITY },
      ],
      40,
    );
    await s.close();
    // Every request is refused by one rule or the other; the first one fires exactly its 3 times.
    expect(got.filter((x) => x === 500)).toHaveLength(3);
    expect(got.filter((x) => x === 502)).toHaveLength(37);
    // ...spread among the requests the second rule refused, not the first three in a row.
    expect(got.slice(0, 3)).not.toEqual([500, 500, 500]);
    expect(got.lastIndexOf(500)).toBeGreaterThan(2);
  });

  it('refuses a probability outside (0, 1], here and over HTTP', async () => {
    for (const probability of [0, -0.1, 1.5, Number.NaN]) {
      expect(() => sim.control.addFault({ path: '/v1/me', status: 500, probability })).toThrow(/probability/);
    }
    const r = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/me', status: 500, probability: 1 }),
    });
    expect(r.status).toBe(200);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(500);
  });
});

describe('latency in real clock mode', () => {
  it('latencyMs delays every answer with real timers', async () => {
    const real = await startSimulator({ clock: 'real', latencyMs: 60 });
    try {
      const t0 = performance.now();
      const r = await call(real, 'GET', '/v1/me');
      expect(r.status).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
      real.control.setLatency(0);
      const t1 = performance.now();
      await call(real, 'GET', '/v1/me');
      expect(performance.now() - t1).toBeLessThan(55);
    } finally {
      await real.close();
    }
  });
});
