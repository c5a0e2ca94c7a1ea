/**
 * The renewal reminder a channel gets before a contract's date: that it
 * renews from the prepaid balance that day (or ends, when it was ordered
 * with auto-renewal off), the renewal price of its plan and period from the
 * price list of the day, the provider's own warning about a short balance
 * (docs/provider-api.md, Events), and that the bot cannot see the balance.
 * Pure: the reminder's notice in, Block Kit out, with a text fallback.
 */
import type { KnownBlock } from '@slack/types';
import type { RenewalNotice, RenewalPrice } from '../../../store/index.ts';
import { contractDay, daysLeftLabel, monthsLabel } from '../contract-words.ts';
import { formatYen, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

function priceLine(ui: Ui, p: RenewalPrice): string {
  switch (p.kind) {
    case 'listed':
      return ui.t(
        p.campaign && p.regular !== p.total ? 'renewal.reminder.price_campaign' : 'renewal.reminder.price',
        {
          price: formatYen(ui, p.total),
          regular: formatYen(ui, p.regular),
          plan: mrkdwnText(p.planName, SHOWN.name),
          months: monthsLabel(ui, p.months),
        },
      );
    case 'period_not_offered':
      return ui.t('renewal.reminder.period_gone', {
        plan: mrkdwnText(p.planName, SHOWN.name),
        months: monthsLabel(ui, p.months),
      });
    case 'plan_not_offered':
      return ui.t('renewal.reminder.plan_gone', { plan: mrkdwnText(p.planId, SHOWN.word) });
    case 'unknown_plan':
      return ui.t('renewal.reminder.unknown_plan');
    case 'unreadable':
      return ui.t(
        p.reason === 'forbidden' ? 'renewal.reminder.price_forbidden' : 'renewal.reminder.price_unavailable',
      );
  }
}

export function renewalReminderView(ui: Ui, n: RenewalNotice): Message {
  const params = {
    name: mrkdwnText(n.name, SHOWN.name),
    date: mrkdwnText(contractDay(ui, n.date), SHOWN.word),
    left: daysLeftLabel(ui, n.left),
  };
  const title = ui.t(n.autoRenew === false ? 'renewal.reminder.title_off' : 'renewal.reminder.title', params);
  const warning = ui.t('renewal.reminder.warning');
  const balance = ui.t('renewal.reminder.balance');
  const source =
    n.source === 'person' && n.setBy
      ? ui.t('renewal.reminder.source_person', { user: n.setBy })
      : ui.t('renewal.reminder.source_provider');
  const renew =
    n.autoRenew === null
      ? ui.t('renewal.reminder.renew_unknown')
      : ui.t(n.autoRenew ? 'renewal.reminder.renew_on' : 'renewal.reminder.renew_off');
  const blocks: KnownBlock[] = [
    section(title),
    section(priceLine(ui, n.price)),
    section(`${warning}\n${balance}`),
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: `${source} ${renew}` },
        { type: 'mrkdwn', text: ui.t('renewal.reminder.hint') },
      ],
    },
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${title}\n${warning}\n${balance}`, blocks };
}
