/**
 * The buttons of destructive /hosting operations.
 *
 * Confirm (the requester's ephemeral confirmation) and Approve (an approver's,
 * on the request in the channel) both go through the service, which re-checks
 * the clicker's role and the requester's now and decides by one conditional
 * UPDATE: a second click, a second replica or a retried delivery loses and is
 * answered so alone. The winner's click replaces the message it was on with the
 * outcome (status first, no buttons) and announces the change in the channel.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { OperationOutcome } from '../../../src/services/hosting/index.ts';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { failureMessage } from '../../../src/slack/error-text.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import { decodePayload, hostingOperationPayload } from '../../../src/slack/payloads.ts';
import type { Ui } from '../../../src/slack/views/format.ts';
import { HOSTING_REFUSALS } from '../../../src/slack/views/hosting/operations.ts';
import { doneView } from '../../../src/slack/views/hosting/writes.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { outcomeMessage, redrawApproval } from '../../../src/workers/posting/hosting-posts.ts';
import { announce, button, type HandlerDeps, tellUser } from '../../kit.ts';

type Decide = 'confirm' | 'cancel' | 'approve' | 'reject';

/** Each button's step on the decision machine: Cancel is the requester's no. */
const STEP = { confirm: 'confirm', approve: 'approve', cancel: 'reject', reject: 'reject' } as const;

/** The sentence a failed operation shows: the provider's refusal in the user's words. */
function failureReason(ui: Ui, r: OperationOutcome): string | undefined {
  return r.kind === 'failed' ? failureMessage(ui, r.error).text : undefined;
}

function decision(deps: HandlerDeps, what: Decide) {
  return button(
    deps,
    `hosting ${what}`,
    async ({ deps, actor, ui, log, client, value, reply }) => {
      const { userId } = actor;
      const v = decodePayload(hostingOperationPayload, value);
      if (!v) return reply(textView(ui.t('hosting.refused.not_found')));
      // In the channel, or from the App Home (decided as in the request's channel).
      const r = await deps.hosting.operations.decide(actor, v.id, STEP[what]);
      // An expired request is shown by redrawing its message, below; every other refusal goes to the clicker alone.
      const refusal = decisionRefusal(ui, r, HOSTING_REFUSALS);
      if (refusal !== undefined && r.kind !== 'expired') return reply(refusal);
      if (r.kind === 'refused') return;
      // The message the button was on becomes the outcome: the requester's own
      // confirmation (in their language), or the request in the channel (the channel's).
      const onChannel = r.row.needsApproval;
      const words = onChannel ? deps.channelUi : ui;
      const m = outcomeMessage(words, r, userId, failureReason(words, r));
      if (onChannel) await redrawApproval(client, r.row, m, log);
      else await reply(m, { inPlace: true });
      // From the App Home, the clicker sees the outcome where they clicked too.
      if (onChannel && actor.fromHome === true)
        await reply(outcomeMessage(ui, r, userId, failureReason(ui, r)));
      if (r.kind === 'done') {
        const announcement = doneView(deps.channelUi, r.row.requesterId, r.result);
        const where = { channelId: r.row.channelId, userId: r.row.requesterId };
        await announce(client, r.row.channelId, announcement, (x) => tellUser(client, where, x, log), log);
      }
    },
    { retry: 'write', inPlace: false },
  );
}

export function registerHostingOperationButtons(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.confirm, decision(deps, 'confirm'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.cancel, decision(deps, 'cancel'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.approve, decision(deps, 'approve'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.reject, decision(deps, 'reject'));
}
