import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, detailsOf, PASSWORD, signupBody, start } from './sim-client.ts';

interface Period {
  months: number;
  total_price: number;
  regular_total_price: number;
  campaign_applied: boolean;
}
interface Plan {
  plan_id: string;
  memory_mb: number;
  periods: Period[];
}
interface PlansBody {
  plans: Plan[];
  os_images: { image_id: string; minimum_memory_mb: number }[];
}
interface SignupAnswer {
  server: { id: number; uuid: string | null; name: string; status: string; expiry_date: string | null };
}

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

async function plans(): Promise<PlansBody> {
  const r = await call(sim, 'GET', '/v1/vps/plans');
  expect(r.status).toBe(200);
  return r.json as PlansBody;
}

async function price(planId: string, months: number): Promise<Period> {
  const p = (await plans()).plans.find((x) => x.plan_id === planId)?.periods.find((x) => x.months === months);
  if (!p) throw new Error(`no ${planId}/${months}`);
  return p;
}

const idem = (n = 1) => `test-idem-key-${String(n).padStart(4, '0')}`;

function signup(body: Record<string, unknown>, key = idem(), apiKey?: string) {
  return call(sim, 'POST', '/v1/vps/servers', {
    body,
    headers: { 'Idempotency-Key': key },
    ...(apiKey ? { key: apiKey } : {}),
  });
}

describe('plans and prices', () => {
  it('lists vps and business plans with periods, omitting ended plans and closed periods', async () => {
    const body = await plans();
    const ids = body.plans.map((p) => p.plan_id);
    expect(ids).toContain('vps-1gb');
    expect(ids).toContain('vps-64gb'); // paused plans stay listed
    expect(ids).toContain('business-4gb');
    expect(ids).not.toContain('business-2gb'); // ended
    expect(body.plans.find((p) => p.plan_id === 'vps-1gb')?.periods.map((p) => p.months)).toEqual([
      1, 3, 6, 12, 24,
    ]);
    expect(body.plans.find((p) => p.plan_id === 'vps-4gb')?.periods.map((p) => p.months)).toEqual([
      1, 3, 6, 12, 24, 36,
    ]);
    expect(body.os_images.find((i) => i.minimum_memory_mb === 2048)).toBeDefined();
  });

  it('total_price = pro-rata of this JST month (days left incl. today) + period amount', async () => {
    // 2026-11-21 JST: 10 of 30 days left. vps-4gb = 3,200 yen a month.
    expect(await price('vps-4gb', 1)).toEqual({
      months: 1,
      total_price: 1066 + 3200,
      regular_total_price: 4266,
      campaign_applied: false,
    });
    // 12 months at 90 % per month: round(3200 * 0.9) = 2880.
    expect((await price('vps-4gb', 12)).total_price).toBe(1066 + 2880 * 12);
  });

  it('campaign: total after discount, regular before, campaign_applied true', async () => {
    const p = await price('vps-2gb', 12);
    const regular = Math.floor((1700 * 10) / 30) + Math.round(1700 * 0.9) * 12;
    expect(p).toEqual({
      months: 12,
      regular_total_price: regular,
      total_price: Math.floor((regular * 70) / 100),
      campaign_applied: true,
    });
    sim.control.setCampaign('vps-2gb', 12, null);
    expect(await price('vps-2gb', 12)).toMatchObject({ total_price: regular, campaign_applied: false });
  });

  it('the price changes at JST midnight, not UTC midnight', async () => {
    const before = (await price('vps-4gb', 1)).total_price;
    sim.control.clock.advance(11 * 3600_000 + 59 * 60_000); // 23:59 JST, same day
    expect((await price('vps-4gb', 1)).total_price).toBe(before);
    sim.control.clock.advance(60_000); // 00:00 JST on the 22nd (still the 21st in UTC)
    expect((await price('vps-4gb', 1)).total_price).toBe(Math.floor((3200 * 9) / 30) + 3200);
  });

  it('setMonthlyPrice moves the listed price', async () => {
    sim.control.setMonthlyPrice('vps-4gb', 3000);
    expect((await price('vps-4gb', 1)).total_price).toBe(1000 + 3000);
  });

  it('plans need a key that permits signup (403 otherwise)', async () => {
    for (const key of [sim.keys.noSignup, sim.keys.read, sim.keys.selected]) {
      const r = await call(sim, 'GET', '/v1/vps/plans', { key });
      expect([r.status, codeOf(r)]).toEqual([403, 'FORBIDDEN']);
    }
  });
});

describe('dry run', () => {
  it('answers {dry_run:true,total_price} and charges nothing, without an Idempotency-Key', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: total, dry_run: true }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ dry_run: true, total_price: total });
    expect(sim.control.balance()).toBe(50_000);
    expect(sim.control.charges()).toEqual([]);
  });

  it('paused plan: 409 CAPACITY_UNAVAILABLE on dry run and real signup', async () => {
    const total = (await price('vps-64gb', 1)).total_price;
    const dry = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ plan_id: 'vps-64gb', expected_total_price: total, dry_run: true }),
    });
    expect([dry.status, codeOf(dry)]).toEqual([409, 'CAPACITY_UNAVAILABLE']);
    sim.control.setBalance(1_000_000);
    const real = await signup(signupBody({ plan_id: 'vps-64gb', expected_total_price: total }));
    expect([real.status, codeOf(real)]).toEqual([409, 'CAPACITY_UNAVAILABLE']);
    sim.control.setPlanPaused('vps-64gb', false);
    const again = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ plan_id: 'vps-64gb', expected_total_price: total, dry_run: true }),
    });
    expect(again.status).toBe(200);
  });

  it('maintenance: 409 CAPACITY_UNAVAILABLE for every plan until it ends', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    sim.control.setMaintenance(true);
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: total, dry_run: true }),
    });
    expect([r.status, codeOf(r)]).toEqual([409, 'CAPACITY_UNAVAILABLE']);
    sim.control.setMaintenance(false);
    const ok = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: total, dry_run: true }),
    });
    expect(ok.status).toBe(200);
  });

  it('closed period and ended plan: 422 PLAN_NOT_AVAILABLE', async () => {
    const closedPeriod = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ plan_id: 'vps-1gb', period: 36, expected_total_price: 1, dry_run: true }),
    });
    expect([closedPeriod.status, codeOf(closedPeriod)]).toEqual([422, 'PLAN_NOT_AVAILABLE']);
    const ended = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ plan_id: 'business-2gb', expected_total_price: 1, dry_run: true }),
    });
    expect([ended.status, codeOf(ended)]).toEqual([422, 'PLAN_NOT_AVAILABLE']);
    sim.control.setPlanClosed('vps-4gb', 3, true);
    const closedNow = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ period: 3, expected_total_price: 1, dry_run: true }),
    });
    expect([closedNow.status, codeOf(closedNow)]).toEqual([422, 'PLAN_NOT_AVAILABLE']);
  });

  it('422 PRICE_MISMATCH when expected_total_price is not the current price', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({ expected_total_price: total + 1, dry_run: true }),
    });
    expect([r.status, codeOf(r)]).toEqual([422, 'PRICE_MISMATCH']);
    sim.control.clock.advance(24 * 3600_000);
    const real = await signup(signupBody({ expected_total_price: total }));
    expect([real.status, codeOf(real)]).toEqual([422, 'PRICE_MISMATCH']);
    expect(sim.control.charges()).toEqual([]);
  });
});

describe('signup validation (422 VALIDATION_ERROR)', () => {
  async function expect422(over: Record<string, unknown>, field: string, headers?: Record<string, string>) {
    const total = (await price('vps-4gb', 1)).total_price;
    const body = { ...signupBody({ expected_total_price: total }), ...over };
    for (const [k, v] of Object.entries(over)) if (v === undefined) delete body[k];
    const r = await call(sim, 'POST', '/v1/vps/servers', {
      body,
      headers: headers ?? { 'Idempotency-Key': idem() },
    });
    expect([r.status, codeOf(r)]).toEqual([422, 'VALIDATION_ERROR']);
    expect(detailsOf(r).some((e) => e.startsWith(field))).toBe(true);
    expect(sim.control.charges()).toEqual([]);
  }

  it('required fields', async () => {
    for (const f of [
      'plan_id',
      'period',
      'image_id',
      'root_password',
      'expected_total_price',
      'agree_to_terms',
    ]) {
      await expect422({ [f]: undefined }, f);
    }
  });
  it('unknown plan, period not offered, unknown image', async () => {
    await expect422({ plan_id: 'windows-4gb' }, 'plan_id');
    await expect422({ period: 2 }, 'period');
    await expect422({ period: '1' }, 'period');
    await expect422({ image_id: 'centos-7' }, 'image_id');
  });
  it('image minimum_memory_mb above the plan memory', async () => {
    const total = (await price('vps-1gb', 1)).total_price;
    await expect422(
      { plan_id: 'vps-1gb', image_id: 'oraclelinux-9-desktop', expected_total_price: total },
      'image_id',
    );
    const ok = await call(sim, 'POST', '/v1/vps/servers', {
      body: signupBody({
        plan_id: 'vps-4gb',
        image_id: 'oraclelinux-9-desktop',
        expected_total_price: (await price('vps-4gb', 1)).total_price,
        dry_run: true,
      }),
    });
    expect(ok.status).toBe(200);
  });
  it('root_password: length 9-70', async () => {
    await expect422({ root_password: 'Abcdef1!' }, 'root_password');
    await expect422({ root_password: `A1${'b'.repeat(69)}` }, 'root_password');
  });
  it('root_password: two kinds of letters/digits/symbols', async () => {
    await expect422({ root_password: 'abcdefghijk' }, 'root_password');
    await expect422({ root_password: '1234567890' }, 'root_password');
    await expect422({ root_password: '!!!!!!!!!!' }, 'root_password');
  });
  it('root_password: no backquote, <, > or full-width characters', async () => {
    await expect422({ root_password: 'Abcdefgh1`' }, 'root_password');
    await expect422({ root_password: 'Abcdefgh1<' }, 'root_password');
    await expect422({ root_password: 'Abcdefgh1>' }, 'root_password');
    await expect422({ root_password: 'Abcdefgh1Ａ' }, 'root_password');
    await expect422({ root_password: 'Abcdefgh1パス' }, 'root_password');
  });
  it('name: up to 50 of [a-z0-9_-]', async () => {
    await expect422({ name: 'My-Server' }, 'name');
    await expect422({ name: 'a'.repeat(51) }, 'name');
  });
  it('partner_code: alphanumeric up to 50', async () => {
    await expect422({ partner_code: 'abc-123' }, 'partner_code');
    await expect422({ partner_code: 'a'.repeat(51) }, 'partner_code');
  });
  it('ssh_public_key: OpenSSH format and only with ssh_key_name; ssh_key_name must exist when alone', async () => {
    const valid = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ4a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5 me@host';
    await expect422({ ssh_public_key: valid }, 'ssh_public_key');
    await expect422({ ssh_key_name: 'new-key', ssh_public_key: 'not a key' }, 'ssh_public_key');
    await expect422(
      { ssh_key_name: 'new-key', ssh_public_key: 'ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIGJ4 me' },
      'ssh_public_key',
    );
    await expect422({ ssh_key_name: 'no-such-key' }, 'ssh_key_name');
    const total = (await price('vps-4gb', 1)).total_price;
    const ok = await signup(
      signupBody({ expected_total_price: total, ssh_key_name: 'new-key', ssh_public_key: valid }),
    );
    expect(ok.status).toBe(200);
  });
  it('agree_to_terms must be true', async () => {
    await expect422({ agree_to_terms: false }, 'agree_to_terms');
    await expect422({ agree_to_terms: 'true' }, 'agree_to_terms');
  });
  it('Idempotency-Key: required for a real signup, 8-64 of [A-Za-z0-9_-]', async () => {
    await expect422({}, 'Idempotency-Key', {});
    await expect422({}, 'Idempotency-Key', { 'Idempotency-Key': 'short' });
    await expect422({}, 'Idempotency-Key', { 'Idempotency-Key': 'a'.repeat(65) });
    await expect422({}, 'Idempotency-Key', { 'Idempotency-Key': 'has space 123' });
  });
  it('accepts the boundaries: password of 9 and 70, name of 50, partner code of 50, two kinds only', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const ok = async (over: Record<string, unknown>) => {
      const r = await call(sim, 'POST', '/v1/vps/servers', {
        body: signupBody({ expected_total_price: total, dry_run: true, ...over }),
      });
      expect([JSON.stringify(over), r.status]).toEqual([JSON.stringify(over), 200]);
    };
    await ok({ root_password: 'abcdefgh1' });
    await ok({ root_password: `A1${'b'.repeat(68)}` });
    await ok({ root_password: 'abcdefgh!' });
    await ok({ root_password: '12345678-' });
    await ok({ name: `${'a'.repeat(48)}-_` });
    await ok({ partner_code: `Ab9${'x'.repeat(47)}` });
    await ok({ auto_renew: false, ssh_key_name: 'ops-key' });
  });

  it('auto_renew and dry_run must be booleans; unknown fields are refused', async () => {
    await expect422({ auto_renew: 'yes' }, 'auto_renew');
    await expect422({ dry_run: 1 }, 'dry_run');
    await expect422({ sshkey: 'x' }, 'sshkey');
  });
});

describe('real signup', () => {
  it('charges the balance once, creates the server and answers server.id/status', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const r = await signup(signupBody({ expected_total_price: total, name: 'app-1' }));
    expect(r.status).toBe(200);
    const s = (r.json as SignupAnswer).server;
    expect(s).toMatchObject({ name: 'app-1', status: 'active', expiry_date: '2026-12-31' });
    expect(typeof s.id).toBe('number');
    expect(typeof s.uuid).toBe('string');
    expect(sim.control.balance()).toBe(50_000 - total);
    expect(sim.control.charges()).toHaveLength(1);
    expect(sim.control.charges()[0]).toMatchObject({ amount: total, signupId: s.id, idempotencyKey: idem() });
    const detail = await call(sim, 'GET', `/v1/vps/servers/${s.uuid}`);
    expect(detail.json).toMatchObject({
      server: { name: 'app-1', power: { status: 'running' }, plan: { memory_gb: 4 } },
    });
    const st = await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`);
    expect(st.json).toEqual({
      server: { id: s.id, uuid: s.uuid, name: 'app-1', status: 'active', expiry_date: '2026-12-31' },
    });
  });

  it('402 PAYMENT_REQUIRED when the balance is short; nothing charged', async () => {
    sim.control.setBalance(1000);
    const total = (await price('vps-4gb', 1)).total_price;
    const r = await signup(signupBody({ expected_total_price: total }));
    expect([r.status, codeOf(r)]).toEqual([402, 'PAYMENT_REQUIRED']);
    expect(sim.control.balance()).toBe(1000);
    expect(sim.control.signups()).toEqual([]);
  });

  it('assigns a name when omitted', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const r = await signup(signupBody({ expected_total_price: total }));
    expect((r.json as SignupAnswer).server.name).toMatch(/^[a-z0-9_-]{1,50}$/);
  });

  it('403 for a key without allow_signup, a read key and a selected-target key', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    for (const key of [sim.keys.noSignup, sim.keys.read, sim.keys.selected]) {
      const r = await signup(signupBody({ expected_total_price: total }), idem(), key);
      expect([r.status, codeOf(r)]).toEqual([403, 'FORBIDDEN']);
    }
    expect(sim.control.charges()).toEqual([]);
  });

  it('building becomes active after a few simulated minutes; uuid appears then', async () => {
    sim.control.setNextSignupOutcome('building');
    const total = (await price('vps-4gb', 1)).total_price;
    const r = await signup(signupBody({ expected_total_price: total, name: 'slow-1' }));
    const s = (r.json as SignupAnswer).server;
    expect(s.status).toBe('building');
    const st1 = await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`);
    expect(st1.json).toMatchObject({ server: { status: 'building', uuid: null, expiry_date: '2026-12-31' } });
    sim.control.clock.advance(60_000);
    expect((await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`)).json).toMatchObject({
      server: { status: 'building' },
    });
    sim.control.clock.advance(3 * 60_000);
    const st2 = (await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`)).json as SignupAnswer;
    expect(st2.server.status).toBe('active');
    expect(st2.server.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sim.control.servers().some((x) => x.name === 'slow-1')).toBe(true);
  });

  it('setup_pending keeps uuid and expiry_date null until completeSignup', async () => {
    sim.control.setNextSignupOutcome('setup_pending');
    const total = (await price('vps-4gb', 1)).total_price;
    const s = ((await signup(signupBody({ expected_total_price: total }))).json as SignupAnswer).server;
    expect(s.status).toBe('setup_pending');
    expect(s.expiry_date).toBeNull();
    sim.control.clock.advance(60 * 60_000);
    expect((await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`)).json).toMatchObject({
      server: { status: 'setup_pending', uuid: null, expiry_date: null },
    });
    sim.control.completeSignup(s.id);
    const done = (await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`)).json as SignupAnswer;
    expect(done.server.status).toBe('active');
    expect(done.server.uuid).not.toBeNull();
    expect(done.server.expiry_date).toBe('2026-12-31');
  });

  it('setup_pending completes by itself after a long simulated time (48 h)', async () => {
    sim.control.setNextSignupOutcome('setup_pending');
    const total = (await price('vps-4gb', 1)).total_price;
    const s = ((await signup(signupBody({ expected_total_price: total }))).json as SignupAnswer).server;
    sim.control.clock.advance(47 * 3600_000);
    expect(sim.control.signups()[0]?.status).toBe('setup_pending');
    sim.control.clock.advance(3600_000);
    expect((await call(sim, 'GET', `/v1/vps/signup-status/${s.id}`)).json).toMatchObject({
      server: { status: 'active' },
    });
  });

  it('signup-status: 404 for an unknown id, 403 without signup permission', async () => {
    const a = await call(sim, 'GET', '/v1/vps/signup-status/99999999');
    expect([a.status, codeOf(a)]).toEqual([404, 'NOT_FOUND']);
    const b = await call(sim, 'GET', '/v1/vps/signup-status/abc');
    expect([b.status, codeOf(b)]).toEqual([404, 'NOT_FOUND']);
    const c = await call(sim, 'GET', '/v1/vps/signup-status/30000001', { key: sim.keys.noSignup });
    expect([c.status, codeOf(c)]).toEqual([403, 'FORBIDDEN']);
  });

  it('root_password never appears in recorded requests', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    await signup(signupBody({ expected_total_price: total }));
    const recorded = JSON.stringify(sim.control.requests());
    expect(recorded).not.toContain(PASSWORD);
    expect(recorded).not.toContain(sim.keys.full);
    expect(sim.control.requests({ method: 'POST' })[0]?.body).toMatchObject({ root_password: '********' });
  });
});

describe('idempotency', () => {
  it('repeating a completed signup with the same key answers the first outcome and charges once', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const body = signupBody({ expected_total_price: total });
    const first = await signup(body);
    const second = await signup(body);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(sim.control.charges()).toHaveLength(1);
    expect(sim.control.signups()).toHaveLength(1);
    expect(sim.control.balance()).toBe(50_000 - total);
  });

  it('the same key with a different body is a 422, and charges nothing more', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    await signup(signupBody({ expected_total_price: total }));
    const other = await signup(signupBody({ expected_total_price: total, name: 'other' }));
    expect([other.status, codeOf(other)]).toEqual([422, 'VALIDATION_ERROR']);
    expect(sim.control.charges()).toHaveLength(1);
  });

  it('a failed attempt (4xx) does not consume the key', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const bad = await signup(signupBody({ expected_total_price: total + 5 }));
    expect(codeOf(bad)).toBe('PRICE_MISMATCH');
    const ok = await signup(signupBody({ expected_total_price: total }));
    expect(ok.status).toBe(200);
  });

  it('409 DUPLICATE_REQUEST while the first request with the key is still in process', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const body = signupBody({ expected_total_price: total });
    sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', latencyMs: 5_000 });
    const first = signup(body);
    await sim.control.waitForInFlight(1);
    const dup = await signup(body);
    expect([dup.status, codeOf(dup)]).toEqual([409, 'DUPLICATE_REQUEST']);
    expect(sim.control.charges()).toHaveLength(0);
    sim.control.clock.advance(5_000);
    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(200);
    const third = await signup(body);
    expect(third.json).toEqual(firstAnswer.json);
    expect(sim.control.charges()).toHaveLength(1);
  });

  it("drop:'after' charges, drops the connection; the retry with the same key gets the first outcome", async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const body = signupBody({ expected_total_price: total, name: 'dropped-1' });
    sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', drop: 'after' });
    await expect(signup(body)).rejects.toThrow();
    expect(sim.control.charges()).toHaveLength(1);
    const retry = await signup(body);
    expect(retry.status).toBe(200);
    expect((retry.json as SignupAnswer).server).toMatchObject({
      name: 'dropped-1',
      status: 'active',
      id: sim.control.signups()[0]?.id,
    });
    expect(sim.control.charges()).toHaveLength(1);
    expect(sim.control.balance()).toBe(50_000 - total);
  });

  it('a client that times out does not stop the signup: charged once, the retry gets the outcome', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const body = signupBody({ expected_total_price: total, name: 'timed-out-1' });
    sim.control.addFault({ method: 'POST', path: '/v1/vps/servers', latencyMs: 60_000 });
    const ac = new AbortController();
    const first = fetch(`${sim.url}/v1/vps/servers`, {
      method: 'POST',
      signal: ac.signal,
      headers: {
        authorization: `Bearer ${sim.keys.full}`,
        'content-type': 'application/json',
        'Idempotency-Key': idem(),
      },
      body: JSON.stringify(body),
    });
    await sim.control.waitForInFlight(1);
    ac.abort();
    await expect(first).rejects.toThrow();
    const inProcess = await signup(body);
    expect(codeOf(inProcess)).toBe('DUPLICATE_REQUEST');
    sim.control.clock.advance(60_000);
    await vi.waitFor(() => expect(sim.control.charges()).toHaveLength(1));
    const retry = await signup(body);
    expect(retry.status).toBe(200);
    expect((retry.json as SignupAnswer).server.name).toBe('timed-out-1');
    expect(sim.control.charges()).toHaveLength(1);
  });

  it('a dry run with an Idempotency-Key neither reserves nor consumes it', async () => {
    const total = (await price('vps-4gb', 1)).total_price;
    const dry = await signup(signupBody({ expected_total_price: total, dry_run: true }));
    expect(dry.json).toEqual({ dry_run: true, total_price: total });
    const real = await signup(signupBody({ expected_total_price: total }));
    expect((real.json as SignupAnswer).server.status).toBe('active');
    expect(sim.control.charges()).toHaveLength(1);
  });
});
