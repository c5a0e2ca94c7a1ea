/**
 * What the thread of an approval message says about the order once it ran
 * (paid, refused, price changed, outcome unknown, expired), and the same sent
 * to the requester directly when the channel refused it. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { ExecuteOutcome, SignupRow } from '../../../services/signup/index.ts';
import type { KeyTaking } from '../../i18n/index.ts';
import { formatQuoteExpiry, formatYen, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits } from '../limits.ts';
import { textView as sentence } from '../messages.ts';

/**
 * The thread's outcome, sent to the requester directly when the channel
 * refused it: which order it is about comes first, since a direct message has
 * no approval message above it.
 */
/** The refusals an order's thread words in its own sentences; any other is named by its code. */
const FAILED: ReadonlyMap<string, KeyTaking<{ price: string; user: string }>> = new Map<
  string,
  KeyTaking<{ price: string; user: string }>
>([
  ['PAYMENT_REQUIRED', 'signup.outcome.failed.PAYMENT_REQUIRED'],
  ['FORBIDDEN', 'signup.outcome.failed.FORBIDDEN'],
  ['CAPACITY_UNAVAILABLE', 'signup.outcome.failed.CAPACITY_UNAVAILABLE'],
  ['PLAN_NOT_AVAILABLE', 'signup.outcome.failed.PLAN_NOT_AVAILABLE'],
  ['VALIDATION_ERROR', 'signup.outcome.failed.VALIDATION_ERROR'],
  ['SECRET_GONE', 'signup.outcome.failed.SECRET_GONE'],
  ['REQUESTER_ROLE', 'signup.outcome.failed.REQUESTER_ROLE'],
  ['CHANNEL_NOT_ALLOWED', 'signup.outcome.failed.CHANNEL_NOT_ALLOWED'],
]);

export function signupOutcomeDirect(ui: Ui, row: SignupRow, m: Message): Message {
  const intro = ui.t('signup.outcome.direct', {
    name: mrkdwnText(row.serverName ?? row.id, SHOWN.name),
    channel: row.channelId,
  });
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: intro } },
    ...(m.blocks ?? []),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: `${intro}\n${m.text}`, blocks };
}

/** What the thread of the approval message says about the order. */
export function signupOutcomeMessage(ui: Ui, o: ExecuteOutcome): Message | undefined {
  switch (o.kind) {
    case 'done':
      if (o.server) {
        return sentence(
          ui.t('signup.outcome.active_server', {
            price: formatYen(ui, o.row.quotedPrice),
            id: String(o.row.providerServiceId ?? '?'),
            uuid: o.server.uuid,
            ip: o.server.ip ?? ui.t('watch.signup.ip_unknown'),
          }),
        );
      }
      return sentence(
        ui.t(`signup.outcome.${o.status}`, {
          price: formatYen(ui, o.row.quotedPrice),
          id: String(o.row.providerServiceId ?? '?'),
        }),
      );
    case 'price_changed':
      if (o.requote) {
        return sentence(
          ui.t('signup.outcome.price_changed', {
            old: formatYen(ui, o.oldPrice),
            new: formatYen(ui, o.requote.quotedPrice),
          }),
        );
      }
      if (o.requoteError === 'AFTER_UNKNOWN') {
        return sentence(
          ui.t('signup.outcome.price_changed_after_unknown', { old: formatYen(ui, o.oldPrice) }),
        );
      }
      return sentence(
        ui.t('signup.outcome.price_changed_no_quote', {
          old: formatYen(ui, o.oldPrice),
          code: mrkdwnText(o.requoteError ?? '?', SHOWN.name),
        }),
      );
    case 'failed': {
      const key = FAILED.get(o.code);
      return sentence(
        key
          ? ui.t(key, { price: formatYen(ui, o.row.quotedPrice), user: o.row.requesterId })
          : ui.t('signup.outcome.failed.other', { code: mrkdwnText(o.code, SHOWN.word) }),
      );
    }
    case 'unknown':
      if (o.code === 'NEEDS_MANUAL_CHECK') return sentence(ui.t('signup.outcome.manual_check'));
      if (o.code === 'DUPLICATE_REQUEST') return sentence(ui.t('signup.outcome.in_process'));
      return sentence(ui.t('signup.outcome.unknown', { code: mrkdwnText(o.code, SHOWN.word) }));
    case 'expired':
      return sentence(ui.t('signup.outcome.expired', { expires: formatQuoteExpiry(ui, o.row.expiresAt) }));
    case 'not_executable':
      // Another click or replica runs it and will post in the thread.
      return undefined;
  }
}
