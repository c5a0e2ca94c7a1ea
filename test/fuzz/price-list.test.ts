/**
 * Property: whatever plans, periods and images the provider lists (hostile
 * names, any numbers, many of each), every page of `/vps plans` is a message
 * Slack takes, in both languages, that names what it was given as text and
 * never as a live mention, and every plan is on exactly one page; and any
 * signup status answer renders the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OsImage, Plan } from '../../src/services/signup/index.ts';
import { translator } from '../../src/slack/i18n/index.ts';
import { SIGNUP_IDS } from '../../src/slack/ids.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../src/slack/views/limits.ts';
import { PLANS_PAGE_SIZE, priceListView } from '../../src/slack/views/signup/price-list.ts';
import { signupStatusView } from '../../src/slack/views/signup/signup-status.ts';
import { LIVE_MENTION, mrkdwnTexts, nastyText, params } from './support.ts';

const uis: Ui[] = [
  { t: translator('en'), locale: 'en', tz: 'UTC', dateLocale: 'en-US' },
  { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' },
];

const text = fc.oneof(nastyText, fc.constantFrom('VPS 2GB', 'vps-2gb', 'Ubuntu', '24.04'));
const yen = fc.integer({ min: -1, max: 10_000_000_000 });
const period = fc.record({
  months: fc.integer({ min: -1, max: 1200 }),
  total_price: yen,
  regular_total_price: yen,
  campaign_applied: fc.boolean(),
});
const plan: fc.Arbitrary<Plan> = fc.record({
  plan_id: text,
  vps_type: text,
  plan_name: text,
  memory_mb: fc.integer({ min: 0, max: 1_048_576 }),
  vcpu: fc.integer({ min: 0, max: 512 }),
  disk_gb: fc.integer({ min: 0, max: 100_000 }),
  currency: text,
  periods: fc.array(period, { minLength: 1, maxLength: 40 }),
});
const image: fc.Arbitrary<OsImage> = fc.record({
  image_id: text,
  name: text,
  version: fc.option(text),
  minimum_memory_mb: fc.integer({ min: 0, max: 1_048_576 }),
});

describe('the price list under any catalogue', () => {
  it('renders every page within Slack’s limits, every plan once, nothing live', () => {
    fc.assert(
      fc.property(
        fc.array(plan, { maxLength: 30 }),
        fc.array(image, { maxLength: 60 }),
        fc.boolean(),
        (plans, images, canOrder) => {
          const list = { catalogue: { plans, images }, canOrder };
          const pages = Math.max(1, Math.ceil(plans.length / PLANS_PAGE_SIZE));
          for (const ui of uis) {
            let buttons = 0;
            for (let p = 0; p < pages; p++) {
              const m = priceListView(ui, list, p);
              assertBlocksWithinLimits(m.blocks, 'message');
              expect(m.text.length).toBeGreaterThan(0);
              for (const t of mrkdwnTexts(m)) expect(t).not.toMatch(LIVE_MENTION);
              buttons += JSON.stringify(m.blocks).split(`"${SIGNUP_IDS.orderPlan}:`).length - 1;
            }
            // A plan whose id is too long for a button is listed without one.
            if (!canOrder) expect(buttons).toBe(0);
            else expect(buttons).toBe(plans.filter((x) => x.plan_id.length <= 100).length);
          }
        },
      ),
      params(150),
    );
  });

  it('renders any signup status', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.integer(),
          uuid: fc.option(text),
          name: text,
          status: fc.oneof(text, fc.constantFrom('active', 'building', 'setup_pending')),
          expiry_date: fc.option(text),
        }),
        (s) => {
          for (const ui of uis) {
            const m = signupStatusView(ui, s);
            assertBlocksWithinLimits(m.blocks, 'message');
            for (const t of mrkdwnTexts(m)) expect(t).not.toMatch(LIVE_MENTION);
          }
        },
      ),
      params(300),
    );
  });
});
