/**
 * `/vps plans`: today's price list as the provider gives it. Each plan with
 * its memory, vCPU and disk, every period's price (tax included, with this
 * month's pro-rata part; the campaign price beside the regular one when a
 * campaign applies) and the OS images its memory allows; for someone who may
 * order, a button that opens the order form with the plan chosen. A long list
 * is paged like the server list; within a plan, what does not fit one section
 * is counted, never dropped silently.
 */
import type { Button, KnownBlock, SectionBlock } from '@slack/types';
import { imagesFor, type OsImage, type Plan, type PriceList } from '../../../services/signup/index.ts';
import { SIGNUP_IDS } from '../../ids.ts';
import { encodePayload, planOrderPayload, plansPagePayload } from '../../payloads.ts';
import { formatDuration, formatYen, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, LIMITS } from '../limits.ts';
import { summaryText } from '../sections.ts';

/** Plans per page: a section and a divider each keeps a page far below 50 blocks. */
export const PLANS_PAGE_SIZE = 8;

const gb = (mb: number): number => Math.round((mb / 1024) * 10) / 10;

function imageName(i: OsImage): string {
  return mrkdwnText(i.version ? `${i.name} ${i.version}` : i.name, SHOWN.name);
}

function periodLine(ui: Ui, p: Plan['periods'][number]): string {
  const price = formatYen(ui, p.total_price);
  if (!p.campaign_applied) return ui.t('signup.plans.period', { months: p.months, price });
  return p.regular_total_price !== p.total_price
    ? ui.t('signup.plans.period_campaign', {
        months: p.months,
        price,
        regular: formatYen(ui, p.regular_total_price),
      })
    : ui.t('signup.plans.period_campaign_same', { months: p.months, price });
}

/** `items` joined while they fit `room` characters; what does not is counted by `more`. */
function within(ui: Ui, items: readonly string[], room: number, more: (n: number) => string): string {
  const sep = ui.locale === 'ja' ? '、' : ', ';
  const kept: string[] = [];
  let length = 0;
  for (let i = 0; i < items.length; i += 1) {
    const add = [...items[i]!].length + (kept.length > 0 ? sep.length : 0);
    // While more follow, room is kept for the count of what is left out.
    const mark = i < items.length - 1 ? 40 : 0;
    if (length + add + mark > room) return [...kept, more(items.length - i)].join(sep);
    kept.push(items[i]!);
    length += add;
  }
  return kept.join(sep);
}

/** One plan as one section: what it is, every period's price, the images it can take. */
function planText(ui: Ui, list: PriceList, plan: Plan): string {
  const head = ui.t('signup.plans.plan', {
    name: mrkdwnText(plan.plan_name, SHOWN.name),
    memory: gb(plan.memory_mb),
    vcpu: plan.vcpu,
    disk: plan.disk_gb,
  });
  const images = imagesFor(list.catalogue, plan).map(imageName);
  const lines = [head];
  let used = [...head].length;
  const periods = plan.periods.map((p) => `• ${periodLine(ui, p)}`);
  // The images' line and a count of periods left out keep their room.
  const periodRoom = LIMITS.sectionText - 400;
  for (let i = 0; i < periods.length; i += 1) {
    if (used + [...periods[i]!].length + 1 > periodRoom) {
      lines.push(ui.t('signup.plans.more_periods', { count: periods.length - i }));
      break;
    }
    lines.push(periods[i]!);
    used += [...periods[i]!].length + 1;
  }
  const osRoom = LIMITS.sectionText - used - 10;
  lines.push(
    images.length === 0
      ? ui.t('signup.plans.os_none')
      : ui.t('signup.plans.os', {
          images: within(ui, images, osRoom - 20, (count) => ui.t('signup.plans.more_images', { count })),
        }),
  );
  return lines.join('\n');
}

function orderButton(ui: Ui, plan: Plan): Button | undefined {
  const value = encodePayload(planOrderPayload, { plan: plan.plan_id });
  if (plan.plan_id.length > 100 || !fits('buttonValue', value)) return undefined;
  return {
    type: 'button',
    // One per plan: action_ids stay unique across the message.
    action_id: `${SIGNUP_IDS.orderPlan}:${plan.plan_id}`,
    text: { type: 'plain_text', text: ui.t('signup.plans.order') },
    value,
  };
}

function pagerButton(ui: Ui, page: number, dir: 'prev' | 'next'): Button {
  return {
    type: 'button',
    action_id: `${SIGNUP_IDS.plansPage}:${dir}`,
    text: { type: 'plain_text', text: ui.t(dir === 'prev' ? 'list.prev' : 'list.next') },
    value: encodePayload(plansPagePayload, { p: page }),
  };
}

/** `now`: to say how long ago the provider was asked (the list is reused for a few minutes within the Japan day). */
export function priceListView(ui: Ui, list: PriceList, page: number, now?: Date): Message {
  const { plans } = list.catalogue;
  const title = ui.t('signup.plans.header');
  if (plans.length === 0) {
    const blocks: KnownBlock[] = [
      { type: 'section', text: { type: 'mrkdwn', text: ui.t('signup.plans.empty') } },
    ];
    return { text: ui.t('signup.plans.empty'), blocks };
  }
  const pages = Math.ceil(plans.length / PLANS_PAGE_SIZE);
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = plans.slice(current * PLANS_PAGE_SIZE, (current + 1) * PLANS_PAGE_SIZE);
  const notes = [ui.t('signup.plans.note')];
  const readAgeMs = now && list.catalogue.readAt ? now.getTime() - list.catalogue.readAt.getTime() : 0;
  if (readAgeMs >= 1000) notes.push(ui.t('signup.plans.read_ago', { age: formatDuration(ui, readAgeMs) }));
  notes.push(list.canOrder ? ui.t('signup.plans.order_hint') : ui.t('signup.plans.no_order'));
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: title } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: notes.join(' ') }] },
  ];
  for (const plan of shown) {
    const section: SectionBlock = {
      type: 'section',
      text: { type: 'mrkdwn', text: planText(ui, list, plan) },
    };
    const button = list.canOrder ? orderButton(ui, plan) : undefined;
    if (button) section.accessory = button;
    blocks.push({ type: 'divider' }, section);
  }
  if (pages > 1) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('signup.plans.page', { page: current + 1, pages, count: plans.length }),
        },
      ],
    });
    const buttons = [
      ...(current > 0 ? [pagerButton(ui, current - 1, 'prev')] : []),
      ...(current < pages - 1 ? [pagerButton(ui, current + 1, 'next')] : []),
    ];
    blocks.push({ type: 'actions', block_id: SIGNUP_IDS.plansPager, elements: buttons });
  }
  assertBlocksWithinLimits(blocks, 'message');
  const summary = plans.map((p) => {
    const cheapest = Math.min(...p.periods.map((x) => x.total_price));
    return ui.t('signup.plans.text_item', {
      name: mrkdwnText(p.plan_name, SHOWN.name),
      price: p.periods.length > 0 ? formatYen(ui, cheapest) : '—',
    });
  });
  return { text: summaryText(title, summary), blocks };
}
