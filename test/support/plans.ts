/** A plan as the provider lists it, for view tests: 1 and 12 months, the 12 at a campaign price when asked. */
import type { Plan } from '../../src/services/signup/index.ts';

export const testPlan = (id: string, gb: number, campaign = false): Plan => ({
  plan_id: id,
  vps_type: 'vps',
  plan_name: `VPS ${gb}GB`,
  memory_mb: gb * 1024,
  vcpu: gb + 1,
  disk_gb: 50,
  currency: 'JPY',
  periods: [
    { months: 1, total_price: 1_234, regular_total_price: 1_234, campaign_applied: false },
    {
      months: 12,
      total_price: campaign ? 13_000 : 18_000,
      regular_total_price: 18_000,
      campaign_applied: campaign,
    },
  ],
});
