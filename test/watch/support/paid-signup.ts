/**
 * A paid order as the bot records one: a real signup on the simulator (3
 * months of vps-2gb) with the given outcome, and its row in the store,
 * `submitted` when it is on its way, `active` (with its uuid) when the
 * provider answered so at once. Its channel is the approval's, `C0APPROVAL`.
 */
import { randomUUID } from 'node:crypto';
import { ProviderClient, type SignupState } from '../../../src/provider/index.ts';
import type { World } from './world.ts';

export const ORDER_CHANNEL = 'C0APPROVAL';

export async function paidSignup(
  w: World,
  outcome: SignupState,
  opts: { autoRenew?: boolean; name?: string } = {},
): Promise<{ id: string; serviceId: number }> {
  const name = opts.name ?? 'new-web-1';
  const full = new ProviderClient({ baseUrl: w.sim.url, apiKey: w.sim.keys.full, clock: w.time.clientClock });
  const { plans } = await full.plans();
  const plan = plans.find((p) => p.plan_id === 'vps-2gb')!;
  const period = plan.periods.find((p) => p.months === 3)!;
  w.sim.control.setNextSignupOutcome(outcome);
  const result = await full.signup(
    {
      plan_id: plan.plan_id,
      period: period.months,
      image_id: 'ubuntu-24.04',
      root_password: 'Str0ng-pass-word',
      name,
      expected_total_price: period.total_price,
      agree_to_terms: true as const,
      auto_renew: opts.autoRenew ?? true,
    },
    randomUUID(),
  );
  await full.close();
  const s = w.a.store.signups;
  const row = await s.create({
    planId: plan.plan_id,
    period: period.months,
    imageId: 'ubuntu-24.04',
    serverName: name,
    autoRenew: opts.autoRenew ?? true,
    quotedPrice: period.total_price,
    requesterId: 'U0REQUESTER',
    channelId: ORDER_CHANNEL,
    messageTs: '1772420000.000100',
    expiresAt: new Date(w.time.ms() + 3_600_000),
  });
  await s.transition(row.id, ['quoted'], 'approved', { approverId: 'U0APPROVER' });
  await s.transition(row.id, ['approved'], 'executing');
  const uuid = typeof result.server.uuid === 'string' ? result.server.uuid : null;
  await s.transition(row.id, ['executing'], outcome === 'active' ? 'active' : 'submitted', {
    providerServiceId: result.server.id,
    providerStatus: outcome,
    uuid,
  });
  return { id: row.id, serviceId: result.server.id };
}
