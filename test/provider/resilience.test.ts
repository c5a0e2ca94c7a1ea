import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ProviderClient,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderServerError,
  type SignupInput,
  ValidationError,
} from '../../src/provider/index.ts';
import { caught } from '../support/caught.ts';
import { proveOwnership } from '../support/ownership.ts';
import { flush, InstantClock, ManualClock } from './support/manual-clock.ts';
import { type Harness, memoryLogger, startHarness } from './support/sim-client.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Lets I/O run until `cond` holds (or `turns` event-loop turns have passed). */
async function until(cond: () => boolean, turns = 2000): Promise<void> {
  for (let i = 0; i < turns && !cond(); i += 1) await new Promise<void>((r) => setImmediate(r));
}

function uuidOf(x: Harness, name: string): string {
  const s = x.sim.control.servers().find((v) => v.name === name);
  if (!s) throw new Error(`no seeded server ${name}`);
  return s.uuid;
}

async function quote(x: Harness): Promise<SignupInput> {
  const { plans, os_images } = await x.client.plans();
  const plan = plans.find((p) => p.plan_id === 'vps-2gb');
  const period = plan?.periods.find((p) => p.months === 1);
  return {
    plan_id: 'vps-2gb',
    period: 1,
    image_id: os_images[0]?.image_id ?? 'ubuntu-24.04',
    root_password: 'Sim-Passw0rd!',
    expected_total_price: period?.total_price ?? 0,
    agree_to_terms: true,
  };
}

describe('rate limits', () => {
  it('stays inside the window: 25 reads with a limit of 10 per 60 s get no 429', async () => {
    h = await startHarness({ rateLimit: { limit: 10, windowSeconds: 60, concurrent: 3 } });
    // 25 different servers: identical reads in flight would be one request.
    h.sim.control.addServers(13);
    const uuids = h.sim.control.servers().map((s) => s.uuid);
    expect(uuids).toHaveLength(25);
    const results = await Promise.all(uuids.map((u) => h!.client.getServer(u)));
    expect(results).toHaveLength(25);
    expect(h.sim.control.rateLimited().total).toBe(0);
    const times = h.sim.control.requests({ path: /^\/v1\/vps\/servers\// }).map((r) => r.at.getTime());
    // No window of the simulator saw more than 10.
    const perWindow = new Map<number, number>();
    for (const t of times)
      perWindow.set(Math.floor(t / 60_000), (perWindow.get(Math.floor(t / 60_000)) ?? 0) + 1);
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(10);
    expect(perWindow.size).toBeGreaterThanOrEqual(3);
    const m = h.client.metrics();
    expect(m.rateLimited).toBe(0);
    expect(m.requests['GET /v1/vps/servers/{uuid}']?.['200']).toBe(25);
  });

  it('never has more in flight than the concurrency limit', async () => {
    h = await startHarness(
      { rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 3 } },
      { clockKind: 'manual' },
    );
    await h.client.me();
    h.sim.control.setLatency(100);
    // Nine different servers (identical reads in flight would be one request), read for a change:
    // a person's plain reads leave the last place free for changes.
    const uuids = h.sim.control
      .servers()
      .map((s) => s.uuid)
      .slice(0, 9);
    let done = false;
    const all = Promise.all(uuids.map((u) => h!.client.getServer(u, { priority: 'write' }))).finally(() => {
      done = true;
    });
    let maxSeen = 0;
    while (!done) {
      await until(() => done || h!.sim.control.inFlight() >= 3 || h!.sim.control.inFlight() === 9);
      maxSeen = Math.max(maxSeen, h.sim.control.inFlight());
      h.sim.control.clock.advance(100);
      await until(() => done || h!.sim.control.inFlight() === 0, 50);
    }
    await all;
    expect(maxSeen).toBe(3);
    expect(h.sim.control.rateLimited().total).toBe(0);
  });

  it('a window 429 waits Retry-After (at least 1 s) before the retry', async () => {
    h = await startHarness({ rateLimit: { limit: 5, windowSeconds: 60, concurrent: 5 } });
    const uuid = uuidOf(h, 'web-1');
    await h.client.getServer(uuid);
    // Another user of the same key takes the rest of the window behind our back.
    const other = h.makeClient(h.sim.keys.full);
    for (let i = 0; i < 4; i += 1) await other.getServer(uuid, { priority: 'order' });
    h.sim.control.clearRequests();
    const d = await h.client.getServer(uuid);
    expect(d.uuid).toBe(uuid);
    const rec = h.sim.control.requests({ path: `/v1/vps/servers/${uuid}` });
    expect(rec.map((r) => r.status)).toEqual([429, 200]);
    const gap = (rec[1]?.at.getTime() ?? 0) - (rec[0]?.at.getTime() ?? 0);
    expect(gap).toBeGreaterThanOrEqual(1000);
    // The retry came after the window's end that Retry-After pointed at.
    expect(Math.floor((rec[1]?.at.getTime() ?? 0) / 60_000)).toBeGreaterThan(
      Math.floor((rec[0]?.at.getTime() ?? 0) / 60_000),
    );
    expect(h.client.metrics().rateLimited).toBe(1);
    expect(h.client.metrics().retries).toBe(1);
    expect(h.client.rateLimit).toMatchObject({ limit: 5, concurrentLimit: 5 });
  });

  it('a concurrency 429 waits for one of our own requests to finish, not a timer', async () => {
    h = await startHarness(
      { rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 2 } },
      { clockKind: 'manual' },
    );
    const clock = h.clock as ManualClock;
    await h.client.me();
    const uuid = uuidOf(h, 'web-1');
    h.sim.control.setLatency(1000);
    const other = h.makeClient(h.sim.keys.full, { clock: new ManualClock() });
    const otherCall = other.getServer(uuid);
    await h.sim.control.waitForInFlight(1);
    h.sim.control.clearRequests();
    // Two different servers, read for a change (which may fill every place we know of).
    const uuid2 = uuidOf(h, 'web-2');
    const a = h.client.getServer(uuid, { priority: 'write' });
    const b = h.client.getServer(uuid2, { priority: 'write' });
    await h.sim.control.waitForInFlight(2);
    // Let the refused one come back and park on "wait for a release".
    await until(() => h!.sim.control.rateLimited().total === 1);
    await flush();
    expect(h.sim.control.rateLimited().total).toBe(1);
    h.sim.control.clock.advance(1000);
    await otherCall;
    await h.sim.control.waitForInFlight(1);
    h.sim.control.clock.advance(1000);
    await Promise.all([a, b]);
    expect(clock.sleeps.filter((ms) => ms >= 1000)).toEqual([]);
    const statuses = h.sim.control.requests({ path: /^\/v1\/vps\/servers\/[^/]+$/ }).map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(h.client.metrics().rateLimited).toBe(1);
  });
});

describe('daily limit', () => {
  it('a Retry-After of hours fails at once, and later calls fail locally without being sent', async () => {
    h = await startHarness({
      now: new Date('2026-01-15T03:00:00Z'),
      rateLimit: { limit: 100, windowSeconds: 60, concurrent: 5, daily: 2 },
    });
    await h.client.me();
    await h.client.me();
    const e = await caught(h.client.me());
    expect(e).toBeInstanceOf(ProviderRateLimitError);
    expect((e as ProviderRateLimitError).retryAfterSeconds).toBeGreaterThan(120);
    expect(h.sim.control.requests({ path: '/v1/me' })).toHaveLength(3);
    const local = await caught(h.client.listServers());
    expect(local).toBeInstanceOf(ProviderRateLimitError);
    expect(h.sim.control.requests()).toHaveLength(3);
  });

  it('requests already waiting in the gate are released with the error, not held for hours', async () => {
    h = await startHarness({
      now: new Date('2026-01-15T03:00:00Z'),
      rateLimit: { limit: 100, windowSeconds: 60, concurrent: 5, daily: 2 },
    });
    // One connection: the later calls queue in the gate while the first ones are out.
    const c = h.makeClient(h.sim.keys.full, { connections: 1 });
    await c.me();
    // Four different reads: identical ones in flight would be one request.
    const uuids = h.sim.control
      .servers()
      .map((s) => s.uuid)
      .slice(0, 4);
    const results = await Promise.allSettled(uuids.map((u) => c.getServer(u)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const r of results.slice(1))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ProviderRateLimitError);
    expect(h.sim.control.requests({ path: /^\/v1\/vps\/servers\// }).map((r) => r.status)).toEqual([
      200, 429,
    ]);
  });
});

describe('retries only where safe', () => {
  it('GET retries 500 and 502 with backoff of at least 1 s', async () => {
    h = await startHarness();
    h.sim.control.addFault({
      path: '/v1/vps/servers',
      method: 'GET',
      status: 502,
      rawBody: '<html>Bad Gateway</html>',
    });
    h.sim.control.addFault({ path: '/v1/vps/servers', method: 'GET', status: 500, code: 'INTERNAL_ERROR' });
    const list = await h.client.listServers();
    expect(list.servers.length).toBeGreaterThan(0);
    expect(h.sim.control.requests({ path: '/v1/vps/servers' }).map((r) => r.status)).toEqual([502, 500, 200]);
    const clock = h.clock as InstantClock;
    expect(clock.sleeps.length).toBeGreaterThanOrEqual(2);
    expect(clock.sleeps.every((ms) => ms >= 1000)).toBe(true);
    expect(h.client.metrics().retries).toBe(2);
  });

  it('GET retries a reset connection; PUT retries a 503 (not taken)', async () => {
    h = await startHarness();
    const uuid = uuidOf(h, 'web-1');
    h.sim.control.addFault({ path: `/v1/vps/servers/${uuid}`, drop: 'before' });
    expect((await h.client.getServer(uuid)).uuid).toBe(uuid);
    h.sim.control.addFault({ path: `/v1/vps/servers/${uuid}/memo`, status: 503 });
    await h.client.setMemo(uuid, 'after retry');
    expect(h.sim.control.requests({ path: `/v1/vps/servers/${uuid}/memo` }).map((r) => r.status)).toEqual([
      503, 200,
    ]);
  });

  it.each([
    [500, 'INTERNAL_ERROR'],
    [502, 'BACKEND_ERROR'],
  ])('a PUT answered %i is not sent again: the provider may have applied it', async (status, code) => {
    h = await startHarness();
    const uuid = uuidOf(h, 'web-1');
    const path = `/v1/vps/servers/${uuid}/memo`;
    h.sim.control.addFault({ method: 'PUT', path, status, code });
    const e = await caught(h.client.setMemo(uuid, 'maybe applied'));
    expect(e).toMatchObject({ code, status });
    expect(h.sim.control.requests({ path }).map((r) => r.status)).toEqual([status]);
    expect(h.client.metrics().retries).toBe(0);
    // The same status on a read is retried.
    h.sim.control.addFault({ method: 'GET', path: `/v1/vps/servers/${uuid}`, status, code });
    expect((await h.client.getServer(uuid)).uuid).toBe(uuid);
    expect(h.client.metrics().retries).toBe(1);
  });

  it('a PUT whose connection broke after it was sent is not sent again: it may have been applied', async () => {
    h = await startHarness();
    const uuid = uuidOf(h, 'web-1');
    const path = `/v1/vps/servers/${uuid}/memo`;
    const memo = () => h!.sim.control.servers().find((s) => s.uuid === uuid)?.memo;
    // Reset after the provider handled it: applied once, and the caller hears it may have been.
    h.sim.control.addFault({ method: 'PUT', path, drop: 'after' });
    const e = await caught(h.client.setMemo(uuid, 'applied once'));
    expect(e).toBeInstanceOf(ProviderNetworkError);
    expect(e).toMatchObject({ mayHaveReachedServer: true });
    expect(h.sim.control.requests({ path })).toHaveLength(1);
    expect(memo()).toBe('applied once');
    // No answer in time (the provider still holds it): not sent a second time either.
    const c = h.makeClient(h.sim.keys.full, { timeouts: { headersMs: 150 } });
    h.sim.control.addFault({ method: 'PUT', path, latencyMs: 3_600_000 });
    const t = await caught(c.setMemo(uuid, 'held'));
    expect(t).toMatchObject({ kind: 'timeout', mayHaveReachedServer: true });
    expect(h.sim.control.requests({ path })).toHaveLength(1);
    expect(memo()).toBe('applied once');
    expect(c.metrics().retries).toBe(0);
  });

  it('never retries 4xx other than 429', async () => {
    h = await startHarness();
    await caught(h.client.getServer('00000000-0000-0000-0000-000000000000'));
    expect(
      h.sim.control.requests({ path: '/v1/vps/servers/00000000-0000-0000-0000-000000000000' }),
    ).toHaveLength(1);
  });

  it('a POST without an Idempotency-Key is sent once even when the connection drops after it was handled', async () => {
    h = await startHarness();
    proveOwnership(h.sim.control, 'xs123456.xsrv.jp', 'example-once.jp');
    h.sim.control.addFault({ method: 'POST', path: /\/domain$/, drop: 'after' });
    const hosting = h.client.hosting('xs123456.xsrv.jp');
    const e = await caught(
      hosting.addDomain({ domain: 'example-once.jp', ssl: false, redirect_https: false }),
    );
    expect(e).toBeInstanceOf(ProviderNetworkError);
    expect((e as ProviderNetworkError).mayHaveReachedServer).toBe(true);
    expect(h.sim.control.requests({ method: 'POST' })).toHaveLength(1);
    h.sim.control.addFault({ method: 'POST', path: /\/domain$/, status: 500 });
    await caught(hosting.addDomain({ domain: 'example-twice.jp', ssl: false, redirect_https: false }));
    expect(h.sim.control.requests({ method: 'POST' })).toHaveLength(2);
  });

  it('a real signup without an Idempotency-Key is refused locally and never sent', async () => {
    h = await startHarness();
    const input = await quote(h);
    h.sim.control.clearRequests();
    const e = await caught(h.client.signup(input, undefined as unknown as string));
    expect(e).toBeInstanceOf(ValidationError);
    expect(h.sim.control.requests()).toHaveLength(0);
  });

  it('a real signup whose answer is lost is retried with the SAME key and charged once', async () => {
    h = await startHarness();
    const input = await quote(h);
    h.sim.control.clearRequests();
    h.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after' });
    const key = '7d1e7c55-2b8f-4c43-b7a4-5a9b1c3e8f21';
    const r = await h.client.signup(input, key);
    expect(r.server.id).toEqual(expect.any(Number));
    const sent = h.sim.control.requests({ method: 'POST', path: '/v1/vps/servers' });
    expect(sent).toHaveLength(2);
    expect(sent.map((x) => x.idempotencyKey)).toEqual([key, key]);
    expect(sent.map((x) => x.status)).toEqual([0, 200]);
    expect(h.sim.control.charges()).toHaveLength(1);
    expect(h.sim.control.signups()).toHaveLength(1);
  });

  it('a real signup that times out is retried with the same key and charged once', async () => {
    h = await startHarness();
    const input = await quote(h);
    const c = h.makeClient(h.sim.keys.full, { timeouts: { headersMs: 150 } });
    h.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', latencyMs: 500 });
    const key = 'timeout-signup-key-1';
    const r = await c.signup(input, key);
    expect(r.server.id).toEqual(expect.any(Number));
    const sent = h.sim.control.requests({ method: 'POST', path: '/v1/vps/servers' });
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((x) => x.idempotencyKey))).toEqual(new Set([key]));
    expect(h.sim.control.charges()).toHaveLength(1);
  });

  it('409 DUPLICATE_REQUEST on a keyed signup is asked again later', async () => {
    h = await startHarness();
    const input = await quote(h);
    h.sim.control.addFault({
      method: 'POST',
      path: '/v1/vps/servers',
      status: 409,
      code: 'DUPLICATE_REQUEST',
    });
    const r = await h.client.signup(input, 'dup-retry-key-1');
    expect(r.server.id).toEqual(expect.any(Number));
    expect(h.sim.control.charges()).toHaveLength(1);
  });

  it('a dry run is retried after a 502', async () => {
    h = await startHarness();
    const input = await quote(h);
    h.sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', status: 502 });
    expect((await h.client.signupDryRun(input)).total_price).toBe(input.expected_total_price);
  });
});

describe('odd answers and network failures', () => {
  it('an HTML 502 page and an empty 500 become the status error with the raw text kept', async () => {
    h = await startHarness();
    const c = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 } });
    const html = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
    h.sim.control.addFault({ path: '/v1/me', status: 502, rawBody: html });
    const e = await caught(c.me());
    expect(e).toBeInstanceOf(ProviderServerError);
    expect(e).toMatchObject({ code: 'BACKEND_ERROR', status: 502, rawBody: html });
    h.sim.control.addFault({ path: '/v1/me', status: 500, rawBody: '' });
    expect(await caught(c.me())).toMatchObject({ code: 'INTERNAL_ERROR', status: 500, rawBody: '' });
    expect(h.sink.text).toContain('not JSON');
  });

  it('a 200 that is not JSON or not the documented shape is a ProviderResponseError', async () => {
    h = await startHarness();
    h.sim.control.addFault({ path: '/v1/me', status: 200, rawBody: 'hello' });
    const e = await caught(h.client.me());
    expect(e).toBeInstanceOf(ProviderResponseError);
    h.sim.control.addFault({ path: '/v1/vps/servers', status: 200, rawBody: '{"servers":{"uuid":1}}' });
    const e2 = await caught(h.client.listServers());
    expect(e2).toBeInstanceOf(ProviderResponseError);
    expect((e2 as ProviderResponseError).issues.join(' ')).toContain('servers');
    // One entry that breaks the spec is not the answer breaking it: it is read as far as it goes.
    h.sim.control.addFault({ path: '/v1/vps/servers', status: 200, rawBody: '{"servers":[{"uuid":1}]}' });
    const listing = await h.client.listServers();
    expect(listing.servers).toEqual([]);
    expect(listing.malformed).toEqual([expect.objectContaining({ index: 0, uuid: null })]);
    expect(listing.malformed[0]!.broken).toContain('uuid');
  });

  it('a truncated body is a network error of kind truncated; a GET retries it', async () => {
    h = await startHarness();
    const c = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 } });
    h.sim.control.addFault({ path: '/v1/vps/servers', truncate: true });
    const e = await caught(c.listServers());
    expect(e).toBeInstanceOf(ProviderNetworkError);
    expect(e).toMatchObject({ kind: 'truncated', phase: 'body', mayHaveReachedServer: true });
    h.sim.control.addFault({ path: '/v1/vps/servers', truncate: true });
    expect((await h.client.listServers()).servers.length).toBeGreaterThan(0);
  });

  it('a slow answer times out on headers', async () => {
    h = await startHarness();
    const c = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 }, timeouts: { headersMs: 150 } });
    h.sim.control.addFault({ path: '/v1/me', latencyMs: 3_600_000 });
    const e = await caught(c.me());
    expect(e).toBeInstanceOf(ProviderNetworkError);
    expect(e).toMatchObject({ kind: 'timeout', phase: 'headers', mayHaveReachedServer: true });
  });

  it('an answer that stalls mid-body times out on the body; a GET then retries and succeeds', async () => {
    h = await startHarness();
    const c = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 }, timeouts: { bodyMs: 150 } });
    h.sim.control.addFault({ path: '/v1/vps/servers', stallBody: true });
    const e = await caught(c.listServers());
    expect(e).toBeInstanceOf(ProviderNetworkError);
    expect(e).toMatchObject({ kind: 'timeout', phase: 'body', mayHaveReachedServer: true });
    const retrying = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 2 }, timeouts: { bodyMs: 150 } });
    h.sim.control.addFault({ path: '/v1/vps/servers', stallBody: true });
    expect((await retrying.listServers()).servers.length).toBeGreaterThan(0);
    expect(retrying.metrics().retries).toBe(1);
  });

  it('a refused connection is kind refused and did not reach the server', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const c = new ProviderClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'xs_refused_key_123456',
      retry: { maxAttempts: 2 },
      clock: new InstantClock(),
    });
    const e = await caught(c.me());
    await c.close();
    expect(e).toBeInstanceOf(ProviderNetworkError);
    expect(e).toMatchObject({ kind: 'refused', phase: 'connect', mayHaveReachedServer: false });
  });

  it('an aborted call rejects with the abort reason', async () => {
    h = await startHarness();
    h.sim.control.addFault({ path: '/v1/me', latencyMs: 3_600_000 });
    const ctl = new AbortController();
    const p = caught(h.client.me({ signal: ctl.signal }));
    await h.sim.control.waitForInFlight(1);
    ctl.abort(new Error('user gave up'));
    expect(await p).toMatchObject({ message: 'user gave up' });
  });
});

describe('the API key never leaks', () => {
  it('is absent from errors, their causes and every log line', async () => {
    h = await startHarness({ rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 5 } });
    const key = h.sim.keys.full;
    const { logger, sink } = memoryLogger();
    const c = h.makeClient(key, { logger, retry: { maxAttempts: 2 }, timeouts: { headersMs: 150 } });
    const errors: unknown[] = [];
    const collect = (p: Promise<unknown>) => p.catch((e: unknown) => errors.push(e));
    await c.me();
    h.sim.control.addFault({
      path: '/v1/vps/servers',
      status: 502,
      rawBody: `<html>proxy saw Bearer ${key}</html>`,
      times: 5,
    });
    await collect(c.listServers());
    h.sim.control.clearFaults();
    h.sim.control.addFault({ path: '/v1/me', drop: 'before', times: 5 });
    await collect(c.me());
    h.sim.control.clearFaults();
    h.sim.control.addFault({ path: '/v1/me', truncate: true, times: 5 });
    await collect(c.me());
    h.sim.control.clearFaults();
    h.sim.control.addFault({ path: '/v1/me', latencyMs: 3_600_000, times: 5 });
    await collect(c.me());
    h.sim.control.clearFaults();
    h.sim.control.addFault({ path: '/v1/me', status: 429, code: 'RATE_LIMIT_EXCEEDED', times: 5 });
    await collect(c.me());
    h.sim.control.clearFaults();
    await collect(c.setName('x', 'BAD NAME'));
    await collect(h.makeClient(h.sim.keys.expired, { logger }).me());
    await collect(c.getServer('00000000-0000-0000-0000-000000000000'));
    expect(errors.length).toBeGreaterThanOrEqual(7);
    expect(errors.some((e) => e instanceof ProviderRateLimitError)).toBe(true);
    for (const e of errors) {
      const text = [String(e), (e as Error).stack ?? '', inspect(e, { depth: 8 }), JSON.stringify(e)].join(
        '\n',
      );
      expect(text).not.toContain(key);
    }
    expect(sink.lines.length).toBeGreaterThan(5);
    expect(sink.text).not.toContain(key);
    expect(h.sink.text).not.toContain(key);
  });
});

describe('metrics', () => {
  it('counts requests by endpoint template and status, latency, retries and rate-limit headers', async () => {
    h = await startHarness();
    const uuid = uuidOf(h, 'web-1');
    await h.client.getServer(uuid);
    await h.client.getServer(uuidOf(h, 'web-2'));
    await caught(h.client.getServer('00000000-0000-0000-0000-000000000000'));
    h.sim.control.addFault({ path: '/v1/me', status: 500 });
    await h.client.me();
    const m = h.client.metrics();
    expect(m.requests['GET /v1/vps/servers/{uuid}']).toEqual({ '200': 2, '404': 1 });
    expect(m.requests['GET /v1/me']).toEqual({ '500': 1, '200': 1 });
    expect(m.latency['GET /v1/vps/servers/{uuid}']?.count).toBe(3);
    expect(m.latency['GET /v1/vps/servers/{uuid}']?.buckets.at(-1)).toBe(3);
    expect(m.retries).toBe(1);
    expect(m.totalRequests).toBe(5);
    expect(m.rateLimit.limit).toEqual(expect.any(Number));
    expect(m.rateLimit.remaining).toEqual(expect.any(Number));
    expect(m.rateLimit.reset).toEqual(expect.any(Number));
    expect(m.rateLimit.concurrentLimit).toEqual(expect.any(Number));
    expect(m.rateLimit.concurrentRemaining).toEqual(expect.any(Number));
    expect(m.rateLimit.seenAt).toEqual(expect.any(Number));
  });
});
