import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderAuthError,
  ProviderConflictError,
  type ProviderError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderRejectedError,
  ProviderServerError,
  type SignupInput,
  ValidationError,
} from '../../src/provider/index.ts';
import { caught } from '../support/caught.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

function uuidOf(name: string): string {
  const s = h.sim.control.servers().find((x) => x.name === name);
  if (!s) throw new Error(`no seeded server ${name}`);
  return s.uuid;
}

async function quote(planId = 'vps-2gb', months = 1): Promise<SignupInput> {
  const { plans, os_images } = await h.client.plans();
  const plan = plans.find((p) => p.plan_id === planId);
  const period = plan?.periods.find((p) => p.months === months);
  if (!plan || !period || !os_images[0]) throw new Error('plan not in catalogue');
  return {
    plan_id: plan.plan_id,
    period: period.months,
    image_id: os_images[0].image_id,
    root_password: 'Sim-Passw0rd!',
    name: 'new-vps-1',
    expected_total_price: period.total_price,
    agree_to_terms: true,
  };
}

describe('common endpoints', () => {
  it('me() reads a current key', async () => {
    const me = await h.client.me();
    expect(me.services.vps?.permission_type).toBe('full');
    expect(Array.isArray(me.services.vps?.targets)).toBe(true);
    expect(me.expires_at === null || typeof me.expires_at === 'string').toBe(true);
    expect(me.servername).toBeUndefined();
    const rec = h.sim.control.requests({ path: '/v1/me' });
    expect(rec).toHaveLength(1);
    expect(rec[0]?.keyName).toBeDefined();
  });

  it('me() reads a legacy single-server key', async () => {
    const legacy = h.makeClient(h.sim.keys.legacy);
    const me = await legacy.me();
    expect(me.service_type).toBe('server');
    expect(typeof me.servername).toBe('string');
    expect(me.servername).toBe(me.services.server?.targets[0]);
    expect(me.permission_type).toBe(me.services.server?.permission_type);
  });

  it('logs() sends every filter and pages with the cursor; allLogs() walks every page', async () => {
    for (let i = 0; i < 5; i += 1) await h.client.me();
    await caught(h.client.getServer('no-such-uuid'));
    const first = await h.client.logs({ limit: 2 });
    expect(first.logs).toHaveLength(2);
    expect(first.count).toBe(2);
    expect(first.limit).toBe(2);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await h.client.logs({ limit: 2, cursor: first.next_cursor ?? '' });
    expect((second.logs[0]?.created_at ?? '') <= (first.logs[1]?.created_at ?? '')).toBe(true);

    const all: string[] = [];
    for await (const e of h.client.allLogs({ limit: 3, method: 'GET' })) all.push(`${e.method} ${e.path}`);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.every((x) => x.startsWith('GET '))).toBe(true);

    const errors = await h.client.logs({
      status_class: 'error',
      status_code: 404,
      method: 'GET',
      limit: 500,
    });
    expect(errors.logs.length).toBe(1);
    expect(errors.logs[0]?.status_code).toBe(404);
    await h.client.logs({ from: '2000-01-01 00:00:00', to: '2100-01-01 00:00:00', status_class: 'success' });
    const sent = h.sim.control.requests({ path: '/v1/logs' }).map((r) => r.query);
    expect(sent).toContainEqual({ status_class: 'error', status_code: '404', method: 'GET', limit: '500' });
    expect(sent).toContainEqual({
      from: '2000-01-01 00:00:00',
      to: '2100-01-01 00:00:00',
      status_class: 'success',
    });
  });
});

describe('signup', () => {
  it('plans() lists plans with periods and OS images', async () => {
    const { plans, os_images } = await h.client.plans();
    expect(plans.length).toBeGreaterThan(3);
    const p = plans.find((x) => x.plan_id === 'vps-2gb');
    expect(p?.currency).toBe('JPY');
    expect(p?.periods.some((x) => x.campaign_applied)).toBe(true);
    expect(os_images.some((i) => i.minimum_memory_mb > 0)).toBe(true);
  });

  it('signupDryRun() prices without charging and sends no Idempotency-Key', async () => {
    const input = await quote();
    const r = await h.client.signupDryRun(input);
    expect(r).toMatchObject({ dry_run: true, total_price: input.expected_total_price });
    expect(h.sim.control.charges()).toHaveLength(0);
    const rec = h.sim.control.requests({ method: 'POST', path: '/v1/vps/servers' });
    expect(rec[0]?.idempotencyKey).toBeUndefined();
    expect((rec[0]?.body as Record<string, unknown> | undefined)?.dry_run).toBe(true);
  });

  it('signup() charges once with the Idempotency-Key; signupStatus() follows it', async () => {
    const input = await quote();
    const key = '0b6f3a52-5d0e-4a35-9d39-7b5a2e8c1f00';
    h.sim.control.setNextSignupOutcome('building');
    const r = await h.client.signup(input, key);
    expect(r.server.id).toEqual(expect.any(Number));
    expect(r.server.status).toBe('building');
    const rec = h.sim.control.requests({ method: 'POST', path: '/v1/vps/servers' });
    expect(rec.map((x) => x.idempotencyKey)).toEqual([key]);
    expect(h.sim.control.charges()).toHaveLength(1);
    const st = await h.client.signupStatus(r.server.id);
    expect(st.status).toBe('building');
    expect(st.uuid).toBeNull();
    h.sim.control.completeSignup(r.server.id);
    const done = await h.client.signupStatus(String(r.server.id));
    expect(done.status).toBe('active');
    expect(done.uuid).toEqual(expect.any(String));
    const detail = await h.client.getServer(done.uuid ?? '');
    expect(detail.name).toBe('new-vps-1');
  });
});

describe('VPS information', () => {
  it('listServers() and getServer()', async () => {
    const { servers: list, malformed } = await h.client.listServers();
    expect(list.length).toBe(h.sim.control.servers().length);
    expect(malformed).toEqual([]);
    const web1 = list.find((s) => s.name === 'web-1');
    expect(web1?.memo).toBe('本番Web (nginx)');
    const d = await h.client.getServer(web1?.uuid ?? '');
    expect(d.power.status).toBe('running');
    expect(d.reverse_hostname).toBe('www.example-shop.com');
    expect(typeof d.plan.memory_gb).toBe('number');
    expect(d.broken).toEqual([]);
  });

  it('setMemo(), setName(), setReverseDns() change the server', async () => {
    const uuid = uuidOf('web-2');
    expect((await h.client.setMemo(uuid, 'メモ: テスト')).message).toEqual(expect.any(String));
    expect((await h.client.setName(uuid, 'web-two')).message).toEqual(expect.any(String));
    expect((await h.client.setReverseDns(uuid, 'web2.example.jp')).message).toEqual(expect.any(String));
    const d = await h.client.getServer(uuid);
    expect(d).toMatchObject({ memo: 'メモ: テスト', name: 'web-two', reverse_hostname: 'web2.example.jp' });
    await h.client.setMemo(uuid, '');
    expect((await h.client.getServer(uuid)).memo ?? '').toBe('');
    const puts = h.sim.control.requests({ method: 'PUT' }).map((r) => r.body);
    expect(puts).toContainEqual({ memo: 'メモ: テスト' });
    expect(puts).toContainEqual({ name: 'web-two' });
    expect(puts).toContainEqual({ hostname: 'web2.example.jp' });
  });

  it('getPower() reads the power state leniently', async () => {
    const p = await h.client.getPower(uuidOf('db-2'));
    expect(p.status).toBe('stopped');
    expect(p.raw).toBeTypeOf('object');
    h.sim.control.setPower(uuidOf('db-2'), 'processing');
    expect((await h.client.getPower(uuidOf('db-2'))).status).toBe('processing');
  });
});

describe('every error code reaches the caller as the right class', () => {
  it('401 UNAUTHORIZED for an expired key', async () => {
    const e = await caught(h.makeClient(h.sim.keys.expired).me());
    expect(e).toBeInstanceOf(ProviderAuthError);
    expect(e).toMatchObject({ code: 'UNAUTHORIZED', status: 401, endpoint: 'GET /v1/me' });
    expect((e as ProviderError).providerMessage).not.toBe('');
  });

  it('403 FORBIDDEN for an IP-restricted key, a key without signup, a read key writing', async () => {
    expect(await caught(h.makeClient(h.sim.keys.ipRestricted).me())).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    const noSignup = await caught(h.makeClient(h.sim.keys.noSignup).plans());
    expect(noSignup).toBeInstanceOf(ProviderAuthError);
    expect(noSignup).toMatchObject({ code: 'FORBIDDEN' });
    const ro = await caught(h.makeClient(h.sim.keys.read).setMemo(uuidOf('web-1'), 'x'));
    expect(ro).toMatchObject({ code: 'FORBIDDEN', status: 403, endpoint: 'PUT /v1/vps/servers/{uuid}/memo' });
  });

  it('404 NOT_FOUND for an unknown server', async () => {
    const e = await caught(h.client.getServer('00000000-0000-0000-0000-000000000000'));
    expect(e).toBeInstanceOf(ProviderNotFoundError);
    expect(e).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('409 OPERATION_ERROR while a power operation runs', async () => {
    const e = await caught(h.client.setName(uuidOf('cache-1'), 'cache-one'));
    expect(e).toBeInstanceOf(ProviderConflictError);
    expect(e).toMatchObject({ code: 'OPERATION_ERROR', status: 409 });
  });

  it('409 CAPACITY_UNAVAILABLE for a paused plan', async () => {
    const { plans, os_images } = await h.client.plans();
    const paused = plans.find((p) => p.plan_id === 'vps-64gb');
    const period = paused?.periods[0];
    const e = await caught(
      h.client.signupDryRun({
        plan_id: 'vps-64gb',
        period: period?.months ?? 1,
        image_id: os_images[0]?.image_id ?? 'ubuntu-24.04',
        root_password: 'Sim-Passw0rd!',
        expected_total_price: period?.total_price ?? 0,
        agree_to_terms: true,
      }),
    );
    expect(e).toBeInstanceOf(ProviderConflictError);
    expect(e).toMatchObject({ code: 'CAPACITY_UNAVAILABLE' });
  });

  it('409 DUPLICATE_REQUEST while the same key is in process', async () => {
    const client = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 } });
    await client.me();
    const input = await quote();
    h.sim.control.setLatency(1000);
    const key = 'dup-key-123456';
    const first = client.signup(input, key);
    await h.sim.control.waitForInFlight(1);
    const second = caught(client.signup(input, key));
    await h.sim.control.waitForInFlight(2);
    h.sim.control.clock.advance(1000);
    const e = await second;
    expect(e).toBeInstanceOf(ProviderConflictError);
    expect(e).toMatchObject({ code: 'DUPLICATE_REQUEST', status: 409 });
    await first;
    expect(h.sim.control.charges()).toHaveLength(1);
  });

  it('402 PAYMENT_REQUIRED, 422 PRICE_MISMATCH, PLAN_NOT_AVAILABLE, VALIDATION_ERROR', async () => {
    const input = await quote();
    const mismatch = await caught(
      h.client.signupDryRun({ ...input, expected_total_price: input.expected_total_price + 1 }),
    );
    expect(mismatch).toBeInstanceOf(ProviderRejectedError);
    expect(mismatch).toMatchObject({ code: 'PRICE_MISMATCH', status: 422 });
    expect((mismatch as ProviderError).details.length).toBeGreaterThan(0);

    const closed = await caught(h.client.signupDryRun({ ...(await quote('vps-1gb', 1)), period: 36 }));
    expect(closed).toMatchObject({ code: 'PLAN_NOT_AVAILABLE', status: 422 });

    const badImage = await caught(h.client.signupDryRun({ ...input, image_id: 'no-such-image' }));
    expect(badImage).toBeInstanceOf(ProviderRejectedError);
    expect(badImage).toMatchObject({ status: 422 });

    h.sim.control.setBalance(0);
    const poor = await caught(h.client.signup(input, 'poor-key-123456'));
    expect(poor).toBeInstanceOf(ProviderRejectedError);
    expect(poor).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
    expect(h.sim.control.charges()).toHaveLength(0);
  });

  it('400, 429, 500 and 502 (faults) with the provider body', async () => {
    const client = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 } });
    h.sim.control.addFault({ path: '/v1/me', status: 400, code: 'BAD_REQUEST' });
    h.sim.control.addFault({ path: '/v1/me', status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    h.sim.control.addFault({ path: '/v1/me', status: 500, code: 'INTERNAL_ERROR' });
    h.sim.control.addFault({ path: '/v1/me', status: 502, code: 'BACKEND_ERROR' });
    const e400 = await caught(client.me());
    expect(e400).toBeInstanceOf(ProviderRejectedError);
    expect(e400).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    const e429 = await caught(client.me());
    expect(e429).toBeInstanceOf(ProviderRateLimitError);
    expect(e429).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429 });
    const e500 = await caught(client.me());
    expect(e500).toBeInstanceOf(ProviderServerError);
    expect(e500).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
    const e502 = await caught(client.me());
    expect(e502).toMatchObject({ code: 'BACKEND_ERROR', status: 502 });
  });

  it('a server-side VALIDATION_ERROR keeps its details', async () => {
    const client = h.makeClient(h.sim.keys.full, { retry: { maxAttempts: 1 } });
    h.sim.control.addFault({ path: /\/memo$/, status: 422, code: 'VALIDATION_ERROR' });
    const e = await caught(client.setMemo(uuidOf('web-1'), 'ok'));
    expect(e).toBeInstanceOf(ProviderRejectedError);
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
  });
});

describe('validation refuses before anything is sent', () => {
  it.each([
    ['setName', () => h.client.setName(uuidOf('web-1'), 'Web 1'), 'name', 'charset'],
    ['setMemo', () => h.client.setMemo(uuidOf('web-1'), 'x'.repeat(501)), 'memo', 'max_length'],
    ['setReverseDns', () => h.client.setReverseDns(uuidOf('web-1'), 'a_b.example.jp'), 'hostname', 'charset'],
    ['getServer', () => h.client.getServer('../me'), 'uuid', 'format'],
    ['logs limit', () => h.client.logs({ limit: 0 }), 'limit', 'range'],
    ['logs method', () => h.client.logs({ method: 'get' as 'GET' }), 'method', 'enum'],
    ['logs status_class', () => h.client.logs({ status_class: 'bad' as 'error' }), 'status_class', 'enum'],
    ['signupStatus', () => h.client.signupStatus(''), 'id', 'required'],
  ] as const)('%s', async (_name, call, field, rule) => {
    h.sim.control.clearRequests();
    const e = await caught(call());
    expect(e).toBeInstanceOf(ValidationError);
    expect(e).toMatchObject({ field, rule });
    expect(h.sim.control.requests()).toHaveLength(0);
  });

  it('signup: forbidden password characters, missing or bad Idempotency-Key, bad partner code', async () => {
    const input = await quote();
    h.sim.control.clearRequests();
    const cases: Array<[Promise<unknown>, string, string]> = [
      [
        h.client.signup({ ...input, root_password: 'Passw0rd<x' }, 'good-key-1234'),
        'root_password',
        'forbidden_character',
      ],
      [
        h.client.signup({ ...input, root_password: 'Passw0rd`x' }, 'good-key-1234'),
        'root_password',
        'forbidden_character',
      ],
      [
        h.client.signup({ ...input, root_password: 'Ｐassw0rdxx' }, 'good-key-1234'),
        'root_password',
        'full_width',
      ],
      [h.client.signup(input, ''), 'idempotency_key', 'required'],
      [h.client.signup(input, 'short'), 'idempotency_key', 'length'],
      [h.client.signup(input, 'has space 1234'), 'idempotency_key', 'charset'],
      [h.client.signupDryRun({ ...input, partner_code: 'ab-12' }), 'partner_code', 'charset'],
      [h.client.signupDryRun({ ...input, name: 'UPPER' }), 'name', 'charset'],
      [h.client.signupDryRun({ ...input, agree_to_terms: false as true }), 'agree_to_terms', 'must_be_true'],
    ];
    for (const [p, field, rule] of cases) {
      const e = await caught(p);
      expect(e).toBeInstanceOf(ValidationError);
      expect(e).toMatchObject({ field, rule });
    }
    expect(h.sim.control.requests()).toHaveLength(0);
    expect(h.sim.control.charges()).toHaveLength(0);
  });
});
