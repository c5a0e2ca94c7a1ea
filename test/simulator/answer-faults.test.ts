/**
 * The simulator's faults on what it answers (control.corruptServer, an
 * expiry told but not enforced): the answers break the spec as asked, the
 * world keeps its truth, requests are still checked strictly, and the HTTP
 * control surface takes the same.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, ctl, start, uuidOf } from './sim-client.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

type Entry = Record<string, unknown>;

async function listEntry(uuid: string): Promise<Entry | undefined> {
  const r = await call(sim, 'GET', '/v1/vps/servers');
  return (r.json as { servers: Entry[] }).servers.find((s) => s.uuid === uuid);
}

describe('control.corruptServer', () => {
  it('breaks the list entry, the detail and the power answer as asked; the truth stays', async () => {
    const uuid = uuidOf(sim, 'web-1');
    sim.control.corruptServer(uuid, {
      set: { name: null, memo: 42, plan_name: null, 'power.status': 'suspended', 'plan.vcpu': 'two' },
      omit: ['os'],
    });
    const entry = await listEntry(uuid);
    expect(entry).toMatchObject({ uuid, name: null, memo: 42, plan_name: null });
    expect(entry).not.toHaveProperty('os');
    // A field applies only where the answer has it: the list entry has no power, the detail no plan_name.
    expect(entry).not.toHaveProperty('power');
    const detail = (await call(sim, 'GET', `/v1/vps/servers/${uuid}`)).json as { server: Entry };
    expect(detail.server).toMatchObject({ name: null, memo: 42, power: { status: 'suspended' } });
    expect(detail.server.plan).toMatchObject({ vcpu: 'two' });
    expect(detail.server).not.toHaveProperty('plan_name');
    expect((await call(sim, 'GET', `/v1/vps/servers/${uuid}/power`)).json).toEqual({
      power: { status: 'suspended' },
    });
    const truth = sim.control.servers().find((s) => s.uuid === uuid)!;
    expect(truth).toMatchObject({ name: 'web-1', power: 'running' });
    // What clients send is checked as strictly as ever.
    const bad = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 42 } });
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');

    sim.control.corruptServer(uuid, null);
    expect(await listEntry(uuid)).toMatchObject({ name: 'web-1', os: truth.os });
  });

  it('refuses what is no patch, and an unknown server', () => {
    const uuid = uuidOf(sim, 'web-1');
    expect(() => sim.control.corruptServer(uuid, {})).toThrow('at least one field');
    expect(() => sim.control.corruptServer(uuid, { set: { 'a b': 1 } })).toThrow('not a field name');
    expect(() => sim.control.corruptServer('nope', { set: { name: null } })).toThrow('unknown server');
  });

  it('over HTTP: POST and DELETE /__sim/servers/{uuid}/answer', async () => {
    const uuid = uuidOf(sim, 'db-1');
    expect(
      (await ctl(sim, 'POST', `servers/${uuid}/answer`, { set: { status: 'frozen' }, omit: ['memo'] }))
        .status,
    ).toBe(200);
    expect(await listEntry(uuid)).toMatchObject({ status: 'frozen' });
    expect(await listEntry(uuid)).not.toHaveProperty('memo');
    expect((await ctl(sim, 'POST', `servers/${uuid}/answer`, { omit: 'memo' })).status).toBe(400);
    expect((await ctl(sim, 'DELETE', `servers/${uuid}/answer`)).status).toBe(200);
    expect(await listEntry(uuid)).toMatchObject({ status: 'active' });
  });
});

describe('an expiry told but not enforced', () => {
  it('GET /v1/me says it has passed while the key keeps working; enforced again, it is refused', async () => {
    sim.control.setKeyExpiry('full', '2026-11-21 11:00:00', { enforced: false });
    const me = await call(sim, 'GET', '/v1/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ expires_at: '2026-11-21 11:00:00' });
    expect((await call(sim, 'GET', '/v1/vps/servers')).status).toBe(200);
    sim.control.setKeyExpiry('full', '2026-11-21 11:00:00');
    expect((await call(sim, 'GET', '/v1/me')).status).toBe(401);
  });

  it('over HTTP: POST /__sim/keys/{name}/expiry with enforced false', async () => {
    expect(
      (await ctl(sim, 'POST', 'keys/full/expiry', { expires_at: '2026-11-20 12:00:00', enforced: false }))
        .status,
    ).toBe(200);
    expect((await call(sim, 'GET', '/v1/me')).json).toMatchObject({ expires_at: '2026-11-20 12:00:00' });
    expect((await ctl(sim, 'POST', 'keys/full/expiry', { expires_at: null, enforced: 'no' })).status).toBe(
      400,
    );
  });
});
