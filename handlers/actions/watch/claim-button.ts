/**
 * "I'm on it" on an alarm (its message, a digest's "I'm on …" buttons, the
 * `/vps incidents` list): the claim is decided by the one decision machine
 * (anyone who may read what the alarm is about; one owner however many click
 * at once; a later click takes it over). The alarm's messages are edited in
 * every channel by the notifier, from the rows the claim wrote with it; the
 * clicker alone is told the outcome.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { WATCH_IDS } from '../../../src/slack/ids.ts';
import { claimPayload, decodePayload } from '../../../src/slack/payloads.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { claimDoneView, claimRefusals, withTakeOver } from '../../../src/slack/views/watch/incident-list.ts';
import type { HandlerDeps } from '../../deps.ts';
import { answerClick, clickActor, failureReply, firstDelivery } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';

/** The button's own id, or a digest's numbered one. */
const CLAIM_ACTION = new RegExp(`^${WATCH_IDS.claim}(#\\d+)?$`);

export function registerWatchClaimButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(CLAIM_ACTION, async (args: ButtonArgs) => {
    const { ack, body, action } = args;
    await ack();
    // A claim is a change: a retried delivery must not be decided twice, even with the store down.
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'write'))) return;
    // In an alarm's channel, in a list, or in the person's App Home.
    const actor = clickActor(body);
    const log = deps.logger.child({ component: 'claim-button', user: actor.userId });
    const ui = await deps.ui(actor.userId);
    try {
      const v = decodePayload(claimPayload, action.value);
      const words = claimRefusals(actor.userId);
      if (!v) {
        await answerClick(args, ui, textView(words.notFound(ui)), log);
        return;
      }
      const { decision, previous } = await deps.incidents.claim(actor, v.i, v.n);
      const refusal = () =>
        decisionRefusal(ui, decision, words) ?? textView(ui.t('oncall.claim.not_possible'));
      const answer =
        decision.kind === 'approved'
          ? claimDoneView(ui, actor.userId, decision.row, previous)
          : decision.kind === 'already_handled'
            ? withTakeOver(ui, refusal(), decision.row, actor.userId)
            : refusal();
      await answerClick(args, ui, answer, log);
    } catch (err) {
      await answerClick(args, ui, failureReply(log, ui, err, 'claim button'), log);
    }
  });
}
