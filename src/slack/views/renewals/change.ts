/**
 * The answer to `/vps renewal set` and `/vps renewal clear`, to the person
 * who typed it: which date was set or removed, what counts now, and where
 * the reminders go (this channel, or the order's).
 */
import type { KnownBlock } from '@slack/types';
import type { RenewalChange } from '../../../services/renewals/index.ts';
import { contractDay, daysLeftLabel, onlyTheDayBefore, thresholdList } from '../contract-words.ts';
import { type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';

export function renewalChangeView(ui: Ui, c: RenewalChange, here: string): Message {
  const name = mrkdwnText(c.name, SHOWN.name);
  const day = (d: string) => mrkdwnText(contractDay(ui, d), SHOWN.word);
  const lines: string[] = [];
  if (c.kind === 'set') {
    const params = { name, date: day(c.date ?? ''), left: daysLeftLabel(ui, c.left ?? 0) };
    lines.push(
      c.previous && c.previous !== c.date
        ? ui.t('renewal.change.set_replaced', { ...params, previous: day(c.previous) })
        : ui.t('renewal.change.set', params),
    );
    if (c.providerDate)
      lines.push(ui.t('renewal.change.over_provider', { provider: day(c.providerDate), name }));
    if (c.reminderDays.length > 0) {
      const days = thresholdList(ui, c.reminderDays);
      const one = onlyTheDayBefore(c.reminderDays);
      lines.push(
        !c.channelId || c.channelId === here
          ? one
            ? ui.t('renewal.change.reminders_here_one')
            : ui.t('renewal.change.reminders_here', { days })
          : one
            ? ui.t('renewal.change.reminders_there_one', { channel: c.channelId })
            : ui.t('renewal.change.reminders_there', { days, channel: c.channelId }),
      );
    }
  } else if (!c.changed) {
    lines.push(ui.t('renewal.change.nothing', { name }));
  } else {
    lines.push(ui.t('renewal.change.cleared', { name, previous: day(c.previous ?? '') }));
    lines.push(
      c.date !== null && c.left !== null
        ? ui.t('renewal.change.provider_back', { date: day(c.date), left: daysLeftLabel(ui, c.left) })
        : ui.t('renewal.change.no_date_now'),
    );
  }
  const text = lines.join('\n');
  const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}
