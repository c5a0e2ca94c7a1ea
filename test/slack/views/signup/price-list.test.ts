/**
 * `/vps plans` and `/vps signup status` as pure views: every plan, period and
 * image shown or counted, pages within Slack's limits whatever the provider
 * lists, buttons only for someone who may order, both languages.
 */
import type { Button, KnownBlock, SectionBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { OsImage, Plan, PriceList } from '../../../../src/services/signup/index.ts';
import { translator } from '../../../../src/slack/i18n/index.ts';
import { SIGNUP_IDS } from '../../../../src/slack/ids.ts';
import { decodePayload, planOrderPayload, plansPagePayload } from '../../../../src/slack/payloads.ts';
import type { Message, Ui } from '../../../../src/slack/views/format.ts';
import { assertBlocksWithinLimits } from '../../../../src/slack/views/limits.ts';
import { PLANS_PAGE_SIZE, priceListView } from '../../../../src/slack/views/signup/price-list.ts';
import { signupStatusView } from '../../../../src/slack/views/signup/signup-status.ts';
import { slackRefusal } from '../../../support/fake-slack.ts';
import { mrkdwnTexts } from '../../../support/mrkdwn.ts';
import { testPlan } from '../../../support/plans.ts';

const en: Ui = { t: translator('en'), locale: 'en', tz: 'Asia/Tokyo', dateLocale: 'en-US' };
const ja: Ui = { t: translator('ja'), locale: 'ja', tz: 'Asia/Tokyo', dateLocale: 'ja-JP' };

const plan = (gb: number, over: Partial<Plan> = {}): Plan => ({
  ...testPlan(`vps-${gb}gb`, gb, true),
  ...over,
});
const image = (id: string, min: number, name = id): OsImage => ({
  image_id: id,
  name,
  version: '1',
  minimum_memory_mb: min,
});
const list = (plans: Plan[], images: OsImage[], canOrder: boolean): PriceList => ({
  catalogue: { plans, images, readAt: new Date('2026-03-10T03:00:00Z') },
  canOrder,
});

const sections = (m: Message) => m.blocks.filter((b): b is SectionBlock => b.type === 'section');
const buttonsOf = (blocks: readonly KnownBlock[]): Button[] =>
  blocks.flatMap((b) =>
    b.type === 'section' && b.accessory?.type === 'button'
      ? [b.accessory]
      : b.type === 'actions'
        ? (b.elements as Button[])
        : [],
  );
const accepted = (m: Message) => {
  assertBlocksWithinLimits(m.blocks, 'message');
  expect(slackRefusal('chat.postMessage', { text: m.text, blocks: m.blocks })).toBeUndefined();
};

describe('the price list', () => {
  const images = [image('ubuntu', 0, 'Ubuntu'), image('desktop', 2048, 'Desktop')];

  it('shows each plan’s size, every period’s price with the campaign beside the regular one, and the images by memory', () => {
    const m = priceListView(en, list([plan(1), plan(2)], images, true), 0, new Date('2026-03-10T03:02:00Z'));
    const [one, two] = sections(m).map((s) => s.text!.text);
    // A plan by its label, never its id.
    expect(one).toContain('*VPS 1GB*\n');
    expect(one).not.toContain('`vps-1gb`');
    expect(one).toContain('1 GB memory · 2 vCPU · 50 GB disk');
    expect(one).toContain('1 mo · *¥1,234*');
    expect(one).toContain('12 mo · *¥13,000* campaign price (regular ¥18,000)');
    // 0 means any plan; 2048 needs a 2 GB plan.
    expect(one).toContain('OS: Ubuntu 1');
    expect(one).not.toContain('Desktop');
    expect(two).toContain('OS: Ubuntu 1, Desktop 1');
    expect(JSON.stringify(m.blocks)).toContain(en.t('signup.plans.read_ago', { age: '2 min' }));
    accepted(m);
  });

  it('offers one order button per plan to someone who may order, carrying the plan', () => {
    const m = priceListView(en, list([plan(1), plan(2)], images, true), 0);
    const buttons = buttonsOf(m.blocks);
    expect(buttons.map((b) => b.action_id)).toEqual([
      `${SIGNUP_IDS.orderPlan}:vps-1gb`,
      `${SIGNUP_IDS.orderPlan}:vps-2gb`,
    ]);
    expect(buttons.map((b) => decodePayload(planOrderPayload, b.value))).toEqual([
      { plan: 'vps-1gb' },
      { plan: 'vps-2gb' },
    ]);
    expect(buttons[0]!.text.text).toBe('Order this plan');
  });

  it('offers none to someone who may not, and says so', () => {
    const m = priceListView(ja, list([plan(1)], images, false), 0);
    expect(buttonsOf(m.blocks)).toEqual([]);
    expect(JSON.stringify(m.blocks)).toContain(ja.t('signup.plans.no_order'));
    expect(sections(m)[0]!.text!.text).toContain('12か月 · *13,000円*（キャンペーン価格。通常18,000円）');
  });

  it('pages a long list, every plan once, within Slack’s limits in both languages', () => {
    const many = Array.from({ length: 43 }, (_, i) => plan(i + 1));
    const pages = Math.ceil(many.length / PLANS_PAGE_SIZE);
    for (const ui of [en, ja]) {
      const seen: string[] = [];
      for (let p = 0; p < pages; p++) {
        const m = priceListView(ui, list(many, images, true), p);
        accepted(m);
        seen.push(
          ...buttonsOf(m.blocks).flatMap((b) => decodePayload(planOrderPayload, b.value)?.plan ?? []),
        );
        const pager = buttonsOf(m.blocks).filter((b) => b.action_id?.startsWith(SIGNUP_IDS.plansPage));
        expect(pager.map((b) => decodePayload(plansPagePayload, b.value)?.p)).toEqual(
          [p > 0 ? p - 1 : null, p < pages - 1 ? p + 1 : null].filter((x) => x !== null),
        );
      }
      expect(seen).toEqual(many.map((x) => x.plan_id));
    }
    // The text a screen reader hears names every plan or says how many more there are.
    const m = priceListView(en, list(many, images, true), 0);
    expect(m.text).toContain('VPS 1GB: from ¥1,234');
  });

  it('counts the periods and images that do not fit one plan’s section, never dropping them silently', () => {
    const periods = Array.from({ length: 80 }, (_, i) => ({
      months: i + 1,
      total_price: 1_000_000 + i,
      regular_total_price: 2_000_000 + i,
      campaign_applied: true,
    }));
    const lots = Array.from({ length: 300 }, (_, i) => image(`img-${i}`, 0, `Linux ${'x'.repeat(60)} ${i}`));
    const huge = plan(4, { plan_name: 'P'.repeat(500), plan_id: 'vps-4gb', periods });
    for (const ui of [en, ja]) {
      const m = priceListView(ui, list([huge], lots, true), 0);
      accepted(m);
      const text = sections(m)[0]!.text!.text;
      const periodsShown = (text.match(/•/g) ?? []).length - 1;
      expect(text).toContain(ui.t('signup.plans.more_periods', { count: 80 - periodsShown }));
      const imagesShown = (text.match(/Linux/g) ?? []).length;
      expect(text).toContain(ui.t('signup.plans.more_images', { count: 300 - imagesShown }));
    }
  });

  it('says when no image fits a plan, and when there is no plan at all', () => {
    const m = priceListView(en, list([plan(1)], [image('big', 65_536)], true), 0);
    expect(sections(m)[0]!.text!.text).toContain(en.t('signup.plans.os_none'));
    expect(priceListView(en, list([], [], true), 0).text).toBe(en.t('signup.plans.empty'));
  });

  it('shows what the provider names as text, never as a mention', () => {
    const m = priceListView(
      en,
      list([plan(2, { plan_name: '<!channel> *big*' })], [image('x', 0, '<@U123>')], true),
      0,
    );
    for (const t of mrkdwnTexts(m)) {
      expect(t).not.toContain('<!channel>');
      expect(t).not.toContain('<@U123>');
    }
  });
});

describe('a signup’s status', () => {
  it('shows each documented state with what it means, and an undocumented one as given', () => {
    const pending = signupStatusView(en, {
      id: 30000001,
      uuid: null,
      name: 'web-new',
      status: 'setup_pending',
      expiry_date: null,
    });
    const text = JSON.stringify(pending.blocks);
    expect(text).toContain('VPS signup, service code 30000001');
    expect(text).toContain(en.t('signup.progress.state.setup_pending'));
    expect(text).toContain(en.t('signup.progress.uuid_none'));
    expect(text).toContain(en.t('signup.progress.expiry_none'));
    expect(text).toContain('contact the provider’s support with the service code 30000001');
    accepted(pending);
    const active = signupStatusView(ja, {
      id: 30000002,
      uuid: '0f4e0c1a-6d7e-4f57-9b6a-2f0e8c3d5a11',
      name: 'web-new',
      status: 'active',
      expiry_date: '2026-04-30',
    });
    expect(JSON.stringify(active.blocks)).toContain('2026-04-30');
    expect(JSON.stringify(active.blocks)).toContain('`/vps show web-new`');
    expect(active.text).toContain('利用中');
    const odd = signupStatusView(en, {
      id: 1,
      uuid: null,
      name: '<@U1>',
      status: 'frozen',
      expiry_date: null,
    });
    expect(JSON.stringify(odd.blocks)).toContain('`frozen`');
    expect(JSON.stringify(odd.blocks)).toContain(en.t('signup.progress.meaning.other'));
    for (const t of mrkdwnTexts(odd)) expect(t).not.toContain('<@U1>');
  });
});
