/**
 * "I'm on it" on an alarm (its message, a digest's "I'm on …" buttons, the
 * `/vps incidents` list, the App Home): the claim is decided by the one
 * decision machine (anyone who may read what the alarm is about; one owner
 * however many click at once; a later click takes it over). The notifier
 * edits the alarm's messages in every channel, from the rows the claim wrote
 * with it; the clicker alone gets the outcome.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { WATCH_IDS } from '../../../src/slack/ids.ts';
import { claimPayload, decodePayload } from '../../../src/slack/payloads.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { claimDoneView, claimRefusals, withTakeOver } from '../../../src/slack/views/watch/incident-list.ts';
import { button, type HandlerDeps } from '../../kit.ts';

/** The button's own id, or a digest's numbered one. */
const CLAIM_ACTION = new RegExp(`^${WATCH_IDS.claim}(#\\d+)?$`);

export function registerWatchClaimButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    CLAIM_ACTION,
    button(
      deps,
      'claim button',
      async ({ deps, actor, ui, value, reply }) => {
        const v = decodePayload(claimPayload, value);
        const words = claimRefusals(actor.userId);
        if (!v) return reply(textView(words.notFound(ui)));
        const { decision, previous } = await deps.incidents.claim(actor, v.i, v.n);
        const refusal = () =>
          decisionRefusal(ui, decision, words) ?? textView(ui.t('oncall.claim.not_possible'));
        await reply(
          decision.kind === 'approved'
            ? claimDoneView(ui, actor.userId, decision.row, previous)
            : decision.kind === 'already_handled'
              ? withTakeOver(ui, refusal(), decision.row, actor.userId)
              : refusal(),
        );
      },
      // A claim is a change: a retried delivery must not be decided twice, even with the store down.
      { retry: 'write', inPlace: false },
    ),
  );
}
