/**
 * An order placed outside the bot, as the provider's control panel would: a
 * real signup on the simulator by another client of the same account, at
 * today's price. Its service code is what `/vps signup status` is asked for.
 */
import { createLogger } from '../../src/log.ts';
import { ProviderClient, type SignupState } from '../../src/provider/index.ts';
import type { Simulator } from '../../src/simulator/types.ts';

export async function panelOrder(sim: Simulator, outcome: SignupState, name = 'from-panel'): Promise<number> {
  const client = new ProviderClient({
    baseUrl: sim.url,
    apiKey: sim.keys.full,
    logger: createLogger({ level: 'silent' }),
    clock: { now: () => sim.control.clock.now().getTime(), sleep: async () => undefined },
  });
  try {
    const { plans } = await client.plans();
    const period = plans.find((p) => p.plan_id === 'vps-2gb')!.periods.find((p) => p.months === 1)!;
    sim.control.setNextSignupOutcome(outcome);
    const r = await client.signup(
      {
        plan_id: 'vps-2gb',
        period: 1,
        image_id: 'ubuntu-24.04',
        root_password: 'Panel-Passw0rd-1',
        name,
        expected_total_price: period.total_price,
        agree_to_terms: true,
      },
      `panel-order-${name}`,
    );
    return Number(r.server.id);
  } finally {
    await client.close();
  }
}
