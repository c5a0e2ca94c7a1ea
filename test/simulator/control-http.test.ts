import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, signupBody, start, uuidOf } from './sim-client.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

async function ctl(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sim.url}/__sim/${path}`, {
    method,
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  return { status: res.status, json: await res.json() };
}

describe('control API over HTTP (/__sim/)', () => {
  it('GET state, keys and clock without auth', async () => {
    const state = await ctl('GET', 'state');
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({
      balance: 50_000,
      now: '2026-11-21T03:00:00.000Z',
      now_jst: '2026-11-21 12:00:00',
    });
    expect((await ctl('GET', 'keys')).json).toEqual({ keys: sim.keys });
  });

  it('POST clock sets and advances simulated time', async () => {
    await ctl('POST', 'clock', { now: '2026-12-01T00:00:00Z' });
    const r = await ctl('POST', 'clock', { advanceMs: 90_000 });
    expect(r.json).toEqual({ now: '2026-12-01T00:01:30.000Z' });
    expect(sim.control.clock.now().toISOString()).toBe('2026-12-01T00:01:30.000Z');
  });

  it('POST power, contract-status and rename change what the API shows', async () => {
    const uuid = uuidOf(sim, 'web-1');
    expect((await ctl('POST', 'power', { uuid, status: 'stopped' })).status).toBe(200);
    await ctl('POST', 'contract-status', { uuid, status: 'suspended' });
    await ctl('POST', 'rename', { uuid, name: 'web-renamed' });
    const d = await call(sim, 'GET', `/v1/vps/servers/${uuid}`);
    expect(d.json).toMatchObject({
      server: { name: 'web-renamed', status: 'suspended', power: { status: 'stopped' } },
    });
    const bad = await ctl('POST', 'power', { uuid, status: 'exploded' });
    expect(bad.status).toBe(400);
  });

  it('POST/DELETE servers add and remove VPSs', async () => {
    const r = (await ctl('POST', 'servers', { count: 2, template: { name: 'bulk', vpsType: 'business' } }))
      .json as { uuids: string[] };
    expect(r.uuids).toHaveLength(2);
    expect(sim.control.servers()).toHaveLength(14);
    await ctl('DELETE', `servers/${r.uuids[0]}`);
    expect(sim.control.servers()).toHaveLength(13);
    expect(sim.control.servers().find((s) => s.uuid === r.uuids[1])?.name).toBe('bulk-2');
  });

  it('balance, plan price, pause and signup outcome; signups and charges read back', async () => {
    await ctl('POST', 'balance', { yen: 100_000 });
    await ctl('POST', 'plans/vps-4gb/price', { yen: 3000 });
    await ctl('POST', 'signup-outcome', { outcome: 'building' });
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: 4000 }),
      headers: { 'Idempotency-Key': 'ctl-http-0001' },
    });
    expect(r.json).toMatchObject({ server: { status: 'building', total_price: 4000 } });
    expect((await ctl('GET', 'charges')).json).toMatchObject({
      charges: [{ amount: 4000, idempotencyKey: 'ctl-http-0001' }],
    });
    const signups = (await ctl('GET', 'signups')).json as { signups: { id: number; status: string }[] };
    expect(signups.signups[0]?.status).toBe('building');
    await ctl('POST', `signups/${signups.signups[0]?.id}/complete`);
    expect(sim.control.signups()[0]?.status).toBe('active');
    expect((await ctl('GET', 'balance')).json).toEqual({ balance: 96_000 });
    await ctl('POST', 'plans/vps-4gb/paused', { paused: true });
    const dry = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: 4000, dry_run: true }),
    });
    expect(codeOf(dry)).toBe('CAPACITY_UNAVAILABLE');
  });

  it('faults, rate limit and requests over HTTP', async () => {
    const f = await ctl('POST', 'faults', {
      pathRegex: '^/v1/me$',
      status: 502,
      code: 'BACKEND_ERROR',
      times: 'Infinity',
    });
    expect(f.json).toEqual({ id: expect.any(Number) });
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(502);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(502);
    await ctl('DELETE', 'faults');
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    await ctl('POST', 'rate-limit', { limit: 1, windowSeconds: 60, concurrent: 1, key: 'full' });
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(429);
    expect((await ctl('GET', 'rate-limited')).json).toEqual({ total: 1, byKey: { full: 1 } });
    const reqs = (await ctl('GET', 'requests?path=/v1/me&status=502')).json as {
      requests: { status: number; keyName: string }[];
    };
    expect(reqs.requests.map((r) => [r.status, r.keyName])).toEqual([
      [502, 'full'],
      [502, 'full'],
    ]);
    await ctl('DELETE', 'requests');
    expect(sim.control.requests()).toEqual([]);
  });

  it('POST keys creates a custom key', async () => {
    const r = (await ctl('POST', 'keys', { name: 'ops', services: { vps: { permission_type: 'read' } } }))
      .json as { key: string };
    const me = await call(sim, 'GET', '/v1/me', { key: r.key });
    expect(me.json).toMatchObject({ services: { vps: { permission_type: 'read' } } });
    await ctl('POST', 'keys/ops/expiry', { expires_at: '2030-01-01 09:00:00' });
    expect(
      ((await call(sim, 'GET', '/v1/me', { key: r.key })).json as { expires_at: string }).expires_at,
    ).toBe('2030-01-01 09:00:00');
    await ctl('POST', 'keys/ops/expiry', { expires_at: sim.control.clock.now().toISOString() });
    expect((await call(sim, 'GET', '/v1/me', { key: r.key })).status).toBe(401);
    expect((await ctl('POST', 'keys/nobody/expiry', { expires_at: null })).status).toBe(400);
  });

  it('unknown control route is 404; bad input is 400', async () => {
    expect((await ctl('GET', 'nothing')).status).toBe(404);
    expect((await ctl('POST', 'balance', { yen: 'lots' })).status).toBe(400);
  });
});
