/**
 * What happens to a VPS outside the API, from the control surface, as the
 * API then answers it over real HTTP: a memo and a reverse hostname set in
 * the control panel, a new IP address (the standard hostname, and a reverse
 * hostname left at it, follow), a plan change (name, vCPUs, memory, disk).
 * None of it is a request with a key. Mistakes are refused with the reason,
 * over HTTP with 400.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, ctl, start } from './sim-client.ts';

let sim: Simulator;
let uuid: string;
beforeEach(async () => {
  sim = await start({ seed: 'empty' });
  [uuid] = sim.control.addServers(2, { name: 'db', memo: 'primary' }) as [string];
});
afterEach(async () => {
  await sim.close();
});

type Detail = {
  name: string;
  memo: string | null;
  ip_address: string | null;
  hostname: string | null;
  reverse_hostname: string | null;
  plan: { name: string; vcpu: number; memory_gb: number; disk_gb: number };
};
const detail = async () =>
  ((await call(sim, 'GET', `/v1/vps/servers/${uuid}`)).json as { server: Detail }).server;
const listed = async () =>
  (
    (await call(sim, 'GET', '/v1/vps/servers')).json as {
      servers: (Detail & { uuid: string; plan_name: string })[];
    }
  ).servers.find((s) => s.uuid === uuid)!;

describe('a VPS in the control panel, outside the API', () => {
  it('sets and deletes the memo, sets the reverse hostname and puts the standard one back', async () => {
    sim.control.panelSetMemo(uuid, 'replica — 予備');
    expect((await detail()).memo).toBe('replica — 予備');
    expect((await listed()).memo).toBe('replica — 予備');
    sim.control.panelSetMemo(uuid, '');
    expect((await detail()).memo).toBeNull();
    expect(() => sim.control.panelSetMemo(uuid, 'x'.repeat(501))).toThrow('500');

    sim.control.panelSetReverseHostname(uuid, 'db.example.jp');
    expect((await detail()).reverse_hostname).toBe('db.example.jp');
    sim.control.panelSetReverseHostname(uuid, null);
    const d = await detail();
    expect(d.reverse_hostname).toBe(d.hostname);
    expect(() => sim.control.panelSetReverseHostname(uuid, 'not a host')).toThrow('hostname');
  });

  it('moves the IP address, its standard hostname with it; changes the plan', async () => {
    const before = await detail();
    sim.control.panelSetIpAddress(uuid, '203.0.113.50');
    const after = await detail();
    expect(after.ip_address).toBe('203.0.113.50');
    expect((await listed()).ip_address).toBe('203.0.113.50');
    expect(after.hostname).toBe('x203-0-113-50.static.xvps.ne.jp');
    expect(after.hostname).not.toBe(before.hostname);
    // The reverse hostname was the standard one: it follows.
    expect(after.reverse_hostname).toBe(after.hostname);
    const other = sim.control.servers().find((s) => s.uuid !== uuid)!;
    expect(() => sim.control.panelSetIpAddress(uuid, other.ipAddress)).toThrow('another server');
    expect(() => sim.control.panelSetIpAddress(uuid, '300.1.1.1')).toThrow('not an IPv4');

    sim.control.panelSetPlan(uuid, 'vps-4gb');
    const plan = (await detail()).plan;
    expect(plan.name).toBe((await listed()).plan_name);
    expect(plan.memory_gb).toBe(4);
    expect(plan.name).not.toBe(before.plan.name);
    expect(() => sim.control.panelSetPlan(uuid, 'vps-3gb')).toThrow('unknown plan');
  });

  it('leaves no trace in the request journal or the key’s /v1/logs', async () => {
    sim.control.clearRequests();
    sim.control.panelSetMemo(uuid, 'quiet');
    sim.control.panelSetReverseHostname(uuid, 'quiet.example.jp');
    sim.control.panelSetIpAddress(uuid, '203.0.113.51');
    sim.control.panelSetPlan(uuid, 'vps-4gb');
    expect(sim.control.requests()).toEqual([]);
    const log = (await call(sim, 'GET', '/v1/logs')).json as { logs: { path: string }[] };
    expect(log.logs.map((l) => l.path).filter((p) => p.startsWith('/v1/vps'))).toEqual([]);
  });

  it('is reached over HTTP under /__sim/, a mistake answered 400 with the reason', async () => {
    expect((await ctl(sim, 'POST', `servers/${uuid}/memo`, { memo: 'over http' })).status).toBe(200);
    expect((await detail()).memo).toBe('over http');
    expect((await ctl(sim, 'POST', `servers/${uuid}/memo`, { memo: null })).status).toBe(200);
    expect((await detail()).memo).toBeNull();
    expect((await ctl(sim, 'POST', `servers/${uuid}/rdns`, { hostname: 'http.example.jp' })).status).toBe(
      200,
    );
    expect((await detail()).reverse_hostname).toBe('http.example.jp');
    expect((await ctl(sim, 'POST', `servers/${uuid}/ip`, { ip: '203.0.113.52' })).status).toBe(200);
    expect((await detail()).ip_address).toBe('203.0.113.52');
    expect((await ctl(sim, 'POST', `servers/${uuid}/plan`, { planId: 'vps-4gb' })).status).toBe(200);
    expect((await detail()).plan.memory_gb).toBe(4);
    const bad = await ctl(sim, 'POST', `servers/${uuid}/plan`, { planId: 'nope' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('unknown plan');
    expect((await ctl(sim, 'POST', 'servers/no-such-uuid/memo', { memo: 'x' })).status).toBe(400);
  });
});
