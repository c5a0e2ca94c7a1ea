/**
 * The signup reads against the simulator over real HTTP: today's price list
 * (whoever may read; the order button for whoever may order) and a signup's
 * status by its service code, for an order placed outside the bot too. The
 * provider's 403 and 404 become their own sentences; an id that cannot be one
 * is refused before anything is sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { panelOrder } from '../../support/panel-order.ts';
import { type SignupWorld, signupOf, signupWorld } from './harness.ts';

const VIEWER = { userId: 'UVIEW', channelId: 'C1' };
const OPERATOR = { userId: 'UREQ', channelId: 'C1' };

const requests = (w: SignupWorld, path: RegExp | string) => w.sim.control.requests({ path });

describe('signup reads', () => {
  let w: SignupWorld;
  afterEach(async () => {
    await w?.close();
  });

  it('lists today’s plans to a viewer, offering the order form only to whoever may order', async () => {
    w = await signupWorld('sqlite');
    const reads = signupOf(w.deps).reads;
    const seen = await reads.plans(VIEWER);
    expect(seen.canOrder).toBe(false);
    const ids = seen.catalogue.plans.map((p) => p.plan_id);
    // An ended plan is left out by the provider; a paused one is listed.
    expect(ids).toContain('vps-2gb');
    expect(ids).toContain('vps-64gb');
    expect(ids).not.toContain('business-2gb');
    const campaign = seen.catalogue.plans
      .find((p) => p.plan_id === 'vps-2gb')!
      .periods.find((p) => p.months === 12)!;
    expect(campaign.campaign_applied).toBe(true);
    expect(campaign.total_price).toBeLessThan(campaign.regular_total_price);
    expect(seen.catalogue.images.map((i) => i.minimum_memory_mb)).toContain(2048);
    expect((await reads.plans(OPERATOR)).canOrder).toBe(true);
    // Read once and reused within the Japan day: the second person cost no request.
    expect(requests(w, '/v1/vps/plans')).toHaveLength(1);
  });

  it('says what the provider’s 403 means when the key may not sign up, having asked', async () => {
    w = await signupWorld('sqlite', { apiKey: 'noSignup' });
    const reads = signupOf(w.deps).reads;
    await expect(reads.plans(VIEWER)).rejects.toMatchObject({ code: 'plans_forbidden' });
    expect(requests(w, '/v1/vps/plans').map((r) => r.status)).toEqual([403]);
    await expect(reads.status(VIEWER, '30000001')).rejects.toMatchObject({ code: 'signup_status_forbidden' });
    expect(requests(w, /signup-status/).map((r) => r.status)).toEqual([403]);
  });

  it('reads the status of an order placed in the panel, as it moves to active', async () => {
    w = await signupWorld('sqlite');
    const id = await panelOrder(w.sim, 'setup_pending');
    const reads = signupOf(w.deps).reads;
    const pending = await reads.status(VIEWER, ` ${id} `);
    expect(pending).toMatchObject({
      id,
      name: 'from-panel',
      status: 'setup_pending',
      uuid: null,
      expiry_date: null,
    });
    w.sim.control.completeSignup(id);
    const active = await reads.status(VIEWER, String(id));
    expect(active.status).toBe('active');
    expect(active.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(active.expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(requests(w, /signup-status/).at(-1)?.path).toBe(`/v1/vps/signup-status/${id}`);
  });

  it('names an unknown service code, and refuses one that cannot be a path id without asking', async () => {
    w = await signupWorld('sqlite');
    const reads = signupOf(w.deps).reads;
    await expect(reads.status(VIEWER, '99999999')).rejects.toMatchObject({
      code: 'signup_status_not_found',
      params: { id: '99999999' },
    });
    const before = requests(w, /signup-status/).length;
    for (const bad of ['', '   ', '12/34', '12 34', '..', '1?x', '#1', '%2e', 'x'.repeat(201)]) {
      await expect(reads.status(VIEWER, bad), bad).rejects.toMatchObject({
        code: 'invalid_field',
        params: { field: 'signup_id' },
      });
    }
    expect(requests(w, /signup-status/)).toHaveLength(before);
  });

  it('refuses someone with no role before asking', async () => {
    w = await signupWorld('sqlite');
    // Not listed anywhere, under a policy whose default is no role at all.
    const reads = signupOf({ ...w.deps, access: w.access({ default_role: 'none' }) }).reads;
    const nobody = { userId: 'UNONE', channelId: 'C1' };
    await expect(reads.plans(nobody)).rejects.toMatchObject({ code: 'role_required' });
    await expect(reads.status(nobody, '1')).rejects.toMatchObject({ code: 'role_required' });
    expect(requests(w, '/v1/vps/plans')).toHaveLength(0);
    expect(requests(w, /signup-status/)).toHaveLength(0);
  });
});
