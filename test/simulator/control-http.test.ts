import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, ctl, signupBody, start, uuidOf } from './sim-client.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

describe('control API over HTTP (/__sim/)', () => {
  it('GET state, keys and clock without auth', async () => {
    const state = await ctl(sim, 'GET', 'state');
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({
      balance: 50_000,
      now: '2026-11-21T03:00:00.000Z',
      now_jst: '2026-11-21 12:00:00',
    });
    expect((await ctl(sim, 'GET', 'keys')).json).toEqual({ keys: sim.keys });
  });

  it('POST clock sets and advances simulated time', async () => {
    await ctl(sim, 'POST', 'clock', { now: '2026-12-01T00:00:00Z' });
    const r = await ctl(sim, 'POST', 'clock', { advanceMs: 90_000 });
    expect(r.json).toEqual({ now: '2026-12-01T00:01:30.000Z' });
    expect(sim.control.clock.now().toISOString()).toBe('2026-12-01T00:01:30.000Z');
  });

  it('POST power, contract-status and rename change what the API shows', async () => {
    const uuid = uuidOf(sim, 'web-1');
    expect((await ctl(sim, 'POST', 'power', { uuid, status: 'stopped' })).status).toBe(200);
    await ctl(sim, 'POST', 'contract-status', { uuid, status: 'suspended' });
    await ctl(sim, 'POST', 'rename', { uuid, name: 'web-renamed' });
    const d = await call(sim, 'GET', `/v1/vps/servers/${uuid}`);
    expect(d.json).toMatchObject({
      server: { name: 'web-renamed', status: 'suspended', power: { status: 'stopped' } },
    });
    const bad = await ctl(sim, 'POST', 'power', { uuid, status: 'exploded' });
    expect(bad.status).toBe(400);
  });

  it('POST/DELETE servers add and remove VPSs', async () => {
    const r = (
      await ctl(sim, 'POST', 'servers', { count: 2, template: { name: 'bulk', vpsType: 'business' } })
    ).json as { uuids: string[] };
    expect(r.uuids).toHaveLength(2);
    expect(sim.control.servers()).toHaveLength(14);
    await ctl(sim, 'DELETE', `servers/${r.uuids[0]}`);
    expect(sim.control.servers()).toHaveLength(13);
    expect(sim.control.servers().find((s) => s.uuid === r.uuids[1])?.name).toBe('bulk-2');
  });

  it('balance, plan price, pause and signup outcome; signups and charges read back', async () => {
    await ctl(sim, 'POST', 'balance', { yen: 100_000 });
    await ctl(sim, 'POST', 'plans/vps-4gb/price', { yen: 3000 });
    await ctl(sim, 'POST', 'signup-outcome', { outcome: 'building' });
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: 4000 }),
      headers: { 'Idempotency-Key': 'ctl-http-0001' },
    });
    expect(r.json).toMatchObject({ server: { status: 'building', total_price: 4000 } });
    expect((await ctl(sim, 'GET', 'charges')).json).toMatchObject({
      charges: [{ amount: 4000, idempotencyKey: 'ctl-http-0001' }],
    });
    const signups = (await ctl(sim, 'GET', 'signups')).json as { signups: { id: number; status: string }[] };
    expect(signups.signups[0]?.status).toBe('building');
    await ctl(sim, 'POST', `signups/${signups.signups[0]?.id}/complete`);
    expect(sim.control.signups()[0]?.status).toBe('active');
    expect((await ctl(sim, 'GET', 'balance')).json).toEqual({ balance: 96_000 });
    await ctl(sim, 'POST', 'plans/vps-4gb/paused', { paused: true });
    const dry = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: 4000, dry_run: true }),
    });
    expect(codeOf(dry)).toBe('CAPACITY_UNAVAILABLE');
  });

  it('faults, rate limit and requests over HTTP', async () => {
    const f = await ctl(sim, 'POST', 'faults', {
      pathRegex: '^/v1/me$',
      status: 502,
      code: 'BACKEND_ERROR',
      times: 'Infinity',
    });
    expect(f.json).toEqual({ id: expect.any(Number) });
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(502);
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(502);
    await ctl(sim, 'DELETE', 'faults');
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(200);
    await ctl(sim, 'POST', 'rate-limit', { limit: 1, windowSeconds: 60, concurrent: 1, key: 'full' });
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(429);
    expect((await ctl(sim, 'GET', 'rate-limited')).json).toEqual({ total: 1, byKey: { full: 1 } });
    const reqs = (await ctl(sim, 'GET', 'requests?path=/v1/me&status=502')).json as {
      requests: { status: number; keyName: string }[];
    };
    expect(reqs.requests.map((r) => [r.status, r.keyName])).toEqual([
      [502, 'full'],
      [502, 'full'],
    ]);
    await ctl(sim, 'DELETE', 'requests');
    expect(sim.control.requests()).toEqual([]);
  });

  it('POST keys creates a custom key', async () => {
    const r = (
      await ctl(sim, 'POST', 'keys', { name: 'ops', services: { vps: { permission_type: 'read' } } })
    ).json as { key: string };
    const me = await call(sim, 'GET', '/v1/me', { key: r.key });
    expect(me.json).toMatchObject({ services: { vps: { permission_type: 'read' } } });
    await ctl(sim, 'POST', 'keys/ops/expiry', { expires_at: '2030-01-01 09:00:00' });
    expect(
      ((await call(sim, 'GET', '/v1/me', { key: r.key })).json as { expires_at: string }).expires_at,
    ).toBe('2030-01-01 09:00:00');
    await ctl(sim, 'POST', 'keys/ops/expiry', { expires_at: sim.control.clock.now().toISOString() });
    expect((await call(sim, 'GET', '/v1/me', { key: r.key })).status).toBe(401);
    expect((await ctl(sim, 'POST', 'keys/nobody/expiry', { expires_at: null })).status).toBe(400);
  });

  it('unknown control route is 404; bad input is 400', async () => {
    expect((await ctl(sim, 'GET', 'nothing')).status).toBe(404);
    expect((await ctl(sim, 'POST', 'balance', { yen: 'lots' })).status).toBe(400);
  });
});
