import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, detailsOf, start, uuidOf } from './sim-client.ts';

interface Summary {
  uuid: string;
  name: string;
  vps_type: string;
  status: string;
  memo: string | null;
}
interface Detail {
  uuid: string;
  name: string;
  hostname: string | null;
  reverse_hostname: string | null;
  power: { status: string };
  plan: { name: string; vcpu: number; memory_gb: number; disk_gb: number };
  memo: string | null;
}

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

describe('VPS information', () => {
  it('lists the seeded servers with every type, contract state and power state', async () => {
    const r = await call(sim, 'GET', '/v1/vps/servers');
    expect(r.status).toBe(200);
    const servers = (r.json as { servers: Summary[] }).servers;
    expect(servers.length).toBe(12);
    expect(new Set(servers.map((s) => s.vps_type))).toEqual(new Set(['vps', 'business', 'windows', 'gpu']));
    expect(new Set(servers.map((s) => s.status))).toEqual(new Set(['active', 'suspended']));
    expect(new Set(sim.control.servers().map((s) => s.power))).toEqual(
      new Set(['running', 'stopped', 'processing', 'error']),
    );
    expect(servers.map((s) => s.name)).toContain('db-1');
  });

  it('shows one server in detail with the power state in real time', async () => {
    const uuid = uuidOf(sim, 'db-1');
    const r = await call(sim, 'GET', `/v1/vps/servers/${uuid}`);
    expect(r.status).toBe(200);
    const s = (r.json as { server: Detail }).server;
    expect(s).toMatchObject({
      uuid,
      name: 'db-1',
      power: { status: 'running' },
      plan: { memory_gb: 16, vcpu: 8 },
    });
    sim.control.setPower(uuid, 'stopped');
    const again = await call(sim, 'GET', `/v1/vps/servers/${uuid}`);
    expect((again.json as { server: Detail }).server.power.status).toBe('stopped');
  });

  it('setPower with `then` changes the state again after simulated time', async () => {
    const uuid = uuidOf(sim, 'web-1');
    sim.control.setPower(uuid, 'processing', { status: 'stopped', afterMs: 30_000 });
    const power = async () =>
      ((await call(sim, 'GET', `/v1/vps/servers/${uuid}/power`)).json as { power: { status: string } }).power
        .status;
    expect(await power()).toBe('processing');
    sim.control.clock.advance(29_999);
    expect(await power()).toBe('processing');
    sim.control.clock.advance(1);
    expect(await power()).toBe('stopped');
    sim.control.setPower(uuid, 'processing', { status: 'running', afterMs: 1000 });
    sim.control.setPower(uuid, 'error');
    sim.control.clock.advance(5000);
    expect(await power()).toBe('error');
  });

  it('answers the power endpoint as {power:{status}}', async () => {
    const uuid = uuidOf(sim, 'cache-1');
    const r = await call(sim, 'GET', `/v1/vps/servers/${uuid}/power`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ power: { status: 'processing' } });
  });

  it('404 NOT_FOUND for an unknown uuid, an unknown route and a known path under another method', async () => {
    const a = await call(sim, 'GET', '/v1/vps/servers/00000000-0000-4000-8000-000000000000');
    expect([a.status, codeOf(a)]).toEqual([404, 'NOT_FOUND']);
    const b = await call(sim, 'GET', '/v1/vps/nothing-here');
    expect([b.status, codeOf(b)]).toEqual([404, 'NOT_FOUND']);
    const c = await call(sim, 'DELETE', '/v1/vps/servers');
    expect([c.status, codeOf(c)]).toEqual([404, 'NOT_FOUND']);
    expect(typeof (a.json as { error: { message: string } }).error.message).toBe('string');
    expect((a.json as { error: { message: string } }).error.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('control of the server list', () => {
  it('addServers with a template and removeServer show up in the API', async () => {
    const [uuid] = sim.control.addServers(1, {
      name: 'extra-1',
      vpsType: 'gpu',
      power: 'stopped',
      memo: 'm',
    });
    const d = await call(sim, 'GET', `/v1/vps/servers/${uuid}`);
    expect(d.json).toMatchObject({
      server: { name: 'extra-1', vps_type: 'gpu', power: { status: 'stopped' }, memo: 'm' },
    });
    sim.control.removeServer(uuid ?? '');
    expect((await call(sim, 'GET', `/v1/vps/servers/${uuid}`)).status).toBe(404);
    sim.control.renameServer(uuidOf(sim, 'web-2'), 'web-two');
    sim.control.setContractStatus(uuidOf(sim, 'web-two'), 'suspended');
    const list = (await call(sim, 'GET', '/v1/vps/servers')).json as { servers: Summary[] };
    expect(list.servers.find((s) => s.name === 'web-two')?.status).toBe('suspended');
    expect(() => sim.control.renameServer(uuidOf(sim, 'web-two'), 'Bad Name')).toThrow();
  });
});

describe('memo, name, reverse DNS', () => {
  it('sets and deletes the memo (empty string deletes)', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: '新しいメモ' } });
    expect(r.status).toBe(200);
    expect(typeof (r.json as { message: string }).message).toBe('string');
    expect(sim.control.servers().find((s) => s.uuid === uuid)?.memo).toBe('新しいメモ');
    await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: '' } });
    expect(sim.control.servers().find((s) => s.uuid === uuid)?.memo).toBeNull();
  });

  it('memo over 500 characters is 422, exactly 500 is accepted', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const bad = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'あ'.repeat(501) } });
    expect([bad.status, codeOf(bad)]).toEqual([422, 'VALIDATION_ERROR']);
    const ok = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'あ'.repeat(500) } });
    expect(ok.status).toBe(200);
  });

  it('memo is required and must be a string', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const missing = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: {} });
    expect([missing.status, codeOf(missing)]).toEqual([422, 'VALIDATION_ERROR']);
    const num = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 5 } });
    expect([num.status, codeOf(num)]).toEqual([422, 'VALIDATION_ERROR']);
  });

  it('renames with the name rule: up to 50 of [a-z0-9_-]', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const ok = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/name`, { body: { name: 'web-1_new' } });
    expect(ok.status).toBe(200);
    expect(sim.control.servers().find((s) => s.uuid === uuid)?.name).toBe('web-1_new');
    for (const name of ['Web-1', 'web 1', 'ウェブ', 'a'.repeat(51), '', 'web.1']) {
      const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/name`, { body: { name } });
      expect([name, r.status, codeOf(r)]).toEqual([name, 422, 'VALIDATION_ERROR']);
    }
    const fifty = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/name`, { body: { name: 'a'.repeat(50) } });
    expect(fifty.status).toBe(200);
  });

  it('control characters: refused where the spec names half-width characters, taken in a memo (its rule is a length)', async () => {
    const uuid = uuidOf(sim, 'web-1');
    for (const [what, body] of [
      ['name', { name: 'web\u0000x' }],
      ['reverse-dns', { hostname: 'a\u0007.example.jp' }],
    ] as const) {
      const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/${what}`, { body });
      expect(r.status, what).toBe(422);
    }
    // The spec's memo is "a string of up to 500 characters": the simulator invents no other rule.
    const memo = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, {
      body: { memo: 'a\u0000b\u0007c' },
    });
    expect(memo.status).toBe(200);
  });

  it('sets reverse DNS with the hostname rule: up to 253 of [A-Za-z0-9.-]', async () => {
    const uuid = uuidOf(sim, 'db-1');
    const ok = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/reverse-dns`, {
      body: { hostname: 'DB.example.com' },
    });
    expect(ok.status).toBe(200);
    const d = await call(sim, 'GET', `/v1/vps/servers/${uuid}`);
    expect((d.json as { server: Detail }).server.reverse_hostname).toBe('DB.example.com');
    for (const hostname of ['db_1.example.com', 'db.例.jp', 'a'.repeat(254), '', 'db example.com']) {
      const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/reverse-dns`, { body: { hostname } });
      expect([hostname, r.status, codeOf(r)]).toEqual([hostname, 422, 'VALIDATION_ERROR']);
    }
  });

  it('accepts a hostname of exactly 253 characters', async () => {
    const uuid = uuidOf(sim, 'db-1');
    const label = 'a'.repeat(63);
    const hostname = `${label}.${label}.${label}.${'b'.repeat(61)}`;
    expect(hostname).toHaveLength(253);
    const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/reverse-dns`, { body: { hostname } });
    expect(r.status).toBe(200);
  });

  it('giving the standard hostname restores the default PTR', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const before = (await call(sim, 'GET', `/v1/vps/servers/${uuid}`)).json as { server: Detail };
    expect(before.server.reverse_hostname).not.toBe(before.server.hostname);
    const std = before.server.hostname ?? '';
    await call(sim, 'PUT', `/v1/vps/servers/${uuid}/reverse-dns`, { body: { hostname: std } });
    const after = (await call(sim, 'GET', `/v1/vps/servers/${uuid}`)).json as { server: Detail };
    expect(after.server.reverse_hostname).toBe(std);
  });

  it('409 OPERATION_ERROR for memo, name and reverse DNS while power is processing', async () => {
    const uuid = uuidOf(sim, 'web-2');
    sim.control.setPower(uuid, 'processing');
    const bodies: [string, unknown][] = [
      ['memo', { memo: 'x' }],
      ['name', { name: 'web-x' }],
      ['reverse-dns', { hostname: 'x.example.com' }],
    ];
    for (const [what, body] of bodies) {
      const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/${what}`, { body });
      expect([what, r.status, codeOf(r)]).toEqual([what, 409, 'OPERATION_ERROR']);
    }
    sim.control.setPower(uuid, 'running');
    const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'x' } });
    expect(r.status).toBe(200);
  });

  it('400 BAD_REQUEST for malformed JSON, a non-object body and a non-JSON content type', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const a = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, {
      rawBody: '{"memo": ',
      headers: { 'content-type': 'application/json' },
    });
    expect([a.status, codeOf(a)]).toEqual([400, 'BAD_REQUEST']);
    const b = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: ['memo'] });
    expect([b.status, codeOf(b)]).toEqual([400, 'BAD_REQUEST']);
    const c = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, {
      rawBody: 'memo=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([c.status, codeOf(c)]).toEqual([400, 'BAD_REQUEST']);
  });

  it('422 for a field the endpoint does not define, naming it in errors', async () => {
    const uuid = uuidOf(sim, 'web-1');
    const r = await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'x', note: 'y' } });
    expect([r.status, codeOf(r)]).toEqual([422, 'VALIDATION_ERROR']);
    expect(detailsOf(r).join(' ')).toContain('note');
  });
});
