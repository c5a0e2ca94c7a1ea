/**
 * The buttons of destructive /hosting operations, and the error log's pager.
 *
 * Confirm (the requester's ephemeral confirmation) and Approve (an approver's,
 * on the request in the channel) both go through the service, which re-checks
 * the clicker's role and the requester's now and decides by one conditional
 * UPDATE: a second click, a second replica or a retried delivery loses and is
 * told so alone. The winner's click replaces the message it was on with the
 * outcome (status first, no buttons) and announces the change in the channel.
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { DecisionResult } from '../../../src/services/hosting/index.ts';
import { failureMessage } from '../../../src/slack/error-text.ts';
import { outcomeMessage, redrawApproval } from '../../../src/slack/hosting-posts.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  decodePayload,
  decodePayloadOrThrow,
  errorLogPagePayload,
  hostingOperationPayload,
} from '../../../src/slack/payloads.ts';
import type { Ui } from '../../../src/slack/views/format.ts';
import { errorLogView } from '../../../src/slack/views/hosting/errorlog.ts';
import { decisionRefusal } from '../../../src/slack/views/hosting/operations.ts';
import { doneView } from '../../../src/slack/views/hosting/writes.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import type { HandlerDeps } from '../../deps.ts';
import { announce, failureReply, firstDelivery, replyTo, tellUser } from '../../kit.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type Decide = 'confirm' | 'cancel' | 'approve' | 'reject';

/** The sentence a failed operation shows: the provider's refusal in the user's words. */
function failureReason(ui: Ui, r: DecisionResult): string | undefined {
  return r.kind === 'failed' ? failureMessage(ui, r.error).text : undefined;
}

function decision(deps: HandlerDeps, what: Decide) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, action, respond, client } = args;
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'write'))) return;
    const userId = body.user.id;
    const actor = { userId, channelId: body.channel?.id ?? userId };
    const log = deps.logger.child({ component: 'hosting-decision', user: userId, what });
    const ui = await deps.ui(userId);
    const value = decodePayload(hostingOperationPayload, action.value);
    if (!value) {
      await replyTo(respond, textView(ui.t('hosting.refused.not_found')));
      return;
    }
    let r: DecisionResult;
    try {
      r =
        what === 'confirm'
          ? await deps.hosting.confirm(actor, value.id)
          : what === 'approve'
            ? await deps.hosting.approve(actor, value.id)
            : await deps.hosting.reject(actor, value.id);
    } catch (err) {
      await replyTo(respond, failureReply(log, ui, err, `hosting ${what}`));
      return;
    }
    if (r.kind === 'forbidden') {
      await replyTo(respond, failureMessage(ui, r.error));
      return;
    }
    const refusal = decisionRefusal(ui, r);
    if (refusal !== undefined && r.kind !== 'expired') {
      await replyTo(respond, textView(refusal));
      return;
    }
    if (r.kind === 'refused') return;
    // The message the button was on becomes the outcome: the requester's own
    // confirmation (in their language), or the request in the channel (the channel's).
    const onChannel = r.op.needsApproval;
    const m = outcomeMessage(
      onChannel ? deps.channelUi : ui,
      r,
      userId,
      failureReason(onChannel ? deps.channelUi : ui, r),
    );
    if (onChannel) await redrawApproval(client, r.op, m, log);
    else await replyTo(respond, m, { replaceOriginal: true });
    if (r.kind === 'done') {
      const announcement = doneView(deps.channelUi, r.op.requesterId, r.result);
      const where = { channelId: r.op.channelId, userId: r.op.requesterId };
      await announce(client, r.op.channelId, announcement, (x) => tellUser(client, where, x, log), log);
    }
  };
}

function errorLogPage(deps: HandlerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'read'))) return;
    const actor = { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
    const ui = await deps.ui(actor.userId);
    try {
      const state = decodePayloadOrThrow(errorLogPagePayload, action.value, 'error log pager value');
      const r = await deps.hosting.errorLog(actor, state.s, state.d, state.l);
      await replyTo(respond, errorLogView(ui, r.server, r.value, state.l, state.p), {
        replaceOriginal: true,
      });
    } catch (err) {
      await replyTo(respond, failureReply(deps.logger, ui, err, 'error log page'));
    }
  };
}

export function registerHostingActions(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.confirm, decision(deps, 'confirm'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.cancel, decision(deps, 'cancel'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.approve, decision(deps, 'approve'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.reject, decision(deps, 'reject'));
  // Pager buttons carry `:prev` / `:next` so two of them can share a block.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${HOSTING_IDS.errorLogPage}:`), errorLogPage(deps));
}
