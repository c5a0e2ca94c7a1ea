import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, start, uuidOf } from './sim-client.ts';

interface Log {
  method: string;
  path: string;
  status_code: number;
  response_time_ms: number | null;
  ip_address: string;
  created_at: string;
}
interface LogsBody {
  logs: Log[];
  count: number;
  limit: number;
  has_more: boolean;
  next_cursor: string | null;
}

let sim: Simulator;
beforeEach(async () => {
  sim = await start({ rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 5 } });
});
afterEach(async () => {
  await sim.close();
});

async function logs(query: Record<string, string> = {}, key?: string): Promise<LogsBody> {
  const r = await call(sim, 'GET', '/v1/logs', { query, ...(key ? { key } : {}) });
  expect(r.status).toBe(200);
  return r.json as LogsBody;
}

describe('GET /v1/logs', () => {
  it('records each request of the key, newest first, with JST created_at', async () => {
    await call(sim, 'GET', '/v1/me');
    sim.control.clock.advance(1000);
    await call(sim, 'GET', '/v1/vps/servers/nope');
    const body = await logs();
    expect(body.logs.map((l) => [l.method, l.path, l.status_code])).toEqual([
      ['GET', '/v1/vps/servers/nope', 404],
      ['GET', '/v1/me', 200],
    ]);
    expect(body.logs[1]).toMatchObject({ ip_address: '127.0.0.1', created_at: '2026-11-21 12:00:00' });
    expect(body.logs[0]?.created_at).toBe('2026-11-21 12:00:01');
    expect(typeof body.logs[0]?.response_time_ms).toBe('number');
    expect(body).toMatchObject({ count: 2, limit: 50, has_more: false, next_cursor: null });
  });

  it("shows only the calling key's logs; auth failures without a key are not logged", async () => {
    await call(sim, 'GET', '/v1/me', { key: sim.keys.read });
    await call(sim, 'GET', '/v1/me', { key: 'xs_unknown' });
    await call(sim, 'GET', '/v1/me', { key: sim.keys.expired });
    expect((await logs()).count).toBe(0);
    expect((await logs({}, sim.keys.read)).logs.map((l) => l.path)).toEqual(['/v1/me']);
  });

  it('filters combine with AND: status_class, status_code, method, from/to', async () => {
    const uuid = uuidOf(sim, 'web-1');
    await call(sim, 'GET', '/v1/me');
    await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'x' } });
    sim.control.clock.advance(60_000);
    await call(sim, 'PUT', `/v1/vps/servers/${uuid}/memo`, { body: { memo: 'x'.repeat(501) } });
    await call(sim, 'GET', '/v1/vps/servers/missing');
    expect((await logs({ status_class: 'error' })).logs.map((l) => l.status_code)).toEqual([404, 422]);
    expect((await logs({ status_class: 'success', method: 'PUT' })).count).toBe(1);
    expect((await logs({ status_class: 'error', method: 'PUT' })).logs.map((l) => l.status_code)).toEqual([
      422,
    ]);
    expect((await logs({ status_code: '422', status_class: 'success' })).count).toBe(0);
    expect((await logs({ method: 'PUT', from: '2026-11-21 12:00:30' })).count).toBe(1);
    expect((await logs({ method: 'PUT', to: '2026-11-21 12:00:30' })).count).toBe(1);
    expect((await logs({ from: '2026-11-21', to: '2026-11-21' })).count).toBeGreaterThanOrEqual(4);
  });

  it('pages with limit and an opaque cursor', async () => {
    for (let i = 0; i < 5; i += 1) await call(sim, 'GET', '/v1/me');
    const p1 = await logs({ limit: '2', method: 'GET', status_code: '200' });
    expect(p1).toMatchObject({ count: 2, limit: 2, has_more: true });
    expect(p1.next_cursor).toEqual(expect.any(String));
    const p2 = await logs({ limit: '2', method: 'GET', status_code: '200', cursor: p1.next_cursor ?? '' });
    const p3 = await logs({ limit: '2', method: 'GET', status_code: '200', cursor: p2.next_cursor ?? '' });
    // The cursor pins the position: /v1/logs calls made while paging are newer and never show up.
    expect(p1.count + p2.count + p3.count).toBe(5);
    expect([...p1.logs, ...p2.logs, ...p3.logs].every((l) => l.path === '/v1/me')).toBe(true);
    expect(p3).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('keeps 90 days by the simulated clock', async () => {
    await call(sim, 'GET', '/v1/me');
    sim.control.clock.advance(89 * 24 * 3600_000);
    expect((await logs({ method: 'GET', status_code: '200', to: '2026-11-22' })).count).toBe(1);
    sim.control.clock.advance(2 * 24 * 3600_000);
    expect((await logs({ to: '2026-11-22' })).count).toBe(0);
  });

  it('422 VALIDATION_ERROR for invalid query parameters', async () => {
    const bad: Record<string, string>[] = [
      { limit: '0' },
      { limit: '501' },
      { limit: 'ten' },
      { method: 'get' },
      { method: 'PATCH' },
      { status_class: 'ok' },
      { status_code: '2xx' },
      { status_code: '20' },
      { from: '21/11/2026' },
      { to: '2026-13-01 00:00:00' },
      { from: '2026-11-22 00:00:00', to: '2026-11-21 00:00:00' },
      { cursor: 'not-a-cursor' },
      { status: 'error' },
    ];
    for (const query of bad) {
      const r = await call(sim, 'GET', '/v1/logs', { query });
      expect([JSON.stringify(query), r.status, codeOf(r)]).toEqual([
        JSON.stringify(query),
        422,
        'VALIDATION_ERROR',
      ]);
    }
  });

  it('a cursor of another key is invalid', async () => {
    for (let i = 0; i < 3; i += 1) await call(sim, 'GET', '/v1/me', { key: sim.keys.read });
    const p = await logs({ limit: '1' }, sim.keys.read);
    const r = await call(sim, 'GET', '/v1/logs', { query: { cursor: p.next_cursor ?? '' } });
    expect([r.status, codeOf(r)]).toEqual([422, 'VALIDATION_ERROR']);
  });

  it('records another client’s requests (control keyUse) as the provider would, in time order', async () => {
    await call(sim, 'GET', '/v1/me');
    sim.control.clock.advance(10_000);
    await call(sim, 'GET', '/v1/vps/servers');
    // A request made 5 s ago by another client: between the two, whatever the order it was told in.
    const t = sim.control.clock.now().getTime();
    sim.control.keyUse({
      ip: '2001:db8::7',
      method: 'DELETE',
      path: '/v1/vps/servers/x',
      status: 404,
      at: new Date(t - 5_000),
    });
    sim.control.keyUse({ key: 'read', ip: '203.0.113.9', method: 'GET', path: '/v1/me' });
    const body = await logs();
    expect(body.logs.map((l) => [l.method, l.path, l.status_code, l.ip_address])).toEqual([
      ['GET', '/v1/vps/servers', 200, '127.0.0.1'],
      ['DELETE', '/v1/vps/servers/x', 404, '2001:db8::7'],
      ['GET', '/v1/me', 200, '127.0.0.1'],
    ]);
    expect(body.logs[1]?.created_at).toBe('2026-11-21 12:00:05');
    // Another key's log holds the other key's use; the journal of HTTP requests holds neither.
    expect((await logs({}, sim.keys.read)).logs.map((l) => l.ip_address)).toEqual(['203.0.113.9']);
    expect(sim.control.requests({ path: '/v1/vps/servers/x' })).toEqual([]);
  });

  it('pages in time order when entries were recorded out of it', async () => {
    const t = sim.control.clock.now().getTime();
    for (const back of [1, 9, 5, 3, 7])
      sim.control.keyUse({
        ip: '203.0.113.9',
        method: 'GET',
        path: `/v1/t${back}`,
        at: new Date(t - back * 1000),
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: LogsBody = await logs({ limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.logs.map((l) => l.path));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['/v1/t1', '/v1/t3', '/v1/t5', '/v1/t7', '/v1/t9']);
  });

  it('keyDenied records a burst of refusals a second apart, and refuses what no provider would log', () => {
    sim.control.keyDenied({ count: 3, ip: '198.51.100.23', status: 401 });
    const bad = [
      () => sim.control.keyUse({ ip: 'not-an-ip', method: 'GET', path: '/v1/me' }),
      () => sim.control.keyUse({ ip: '203.0.113.9', method: 'PATCH' as 'GET', path: '/v1/me' }),
      () => sim.control.keyUse({ ip: '203.0.113.9', method: 'GET', path: '/v1/me?x=1' }),
      () => sim.control.keyUse({ ip: '203.0.113.9', method: 'GET', path: '/v1/me', status: 42 }),
      () =>
        sim.control.keyUse({
          ip: '203.0.113.9',
          method: 'GET',
          path: '/v1/me',
          at: new Date(Date.parse('2030-01-01')),
        }),
      () => sim.control.keyUse({ key: 'nobody', ip: '203.0.113.9', method: 'GET', path: '/v1/me' }),
      () => sim.control.keyDenied({ count: 2, status: 500 as 401 }),
      () => sim.control.keyDenied({ count: 0 }),
    ];
    for (const f of bad) expect(f).toThrow();
  });

  it('takes both over /__sim/', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${sim.url}/__sim/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('keys/full/use', {
          ip: '203.0.113.9',
          method: 'PUT',
          path: '/v1/vps/servers/x/name',
          status: 200,
        })
      ).status,
    ).toBe(200);
    expect((await post('keys/full/denied', { count: 2, status: 403 })).status).toBe(200);
    const bad = await post('keys/full/use', { ip: '203.0.113.9', method: 'GET' });
    expect(bad.status).toBe(400);
    const body = await logs();
    // The burst ends now, a second apart; within one second the later recorded comes first.
    expect(body.logs.map((l) => [l.method, l.status_code, l.ip_address])).toEqual([
      ['GET', 403, '198.51.100.23'],
      ['PUT', 200, '203.0.113.9'],
      ['GET', 403, '198.51.100.23'],
    ]);
  });
});
