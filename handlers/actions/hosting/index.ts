/**
 * The buttons of destructive /hosting operations, and the error log's pager.
 *
 * Confirm (the requester's ephemeral confirmation) and Approve (an approver's,
 * on the request in the channel) both go through the service, which re-checks
 * the clicker's role and the requester's now and decides by one conditional
 * UPDATE: a second click, a second replica or a retried delivery loses and is
 * told so alone. The winner's click replaces the message it was on with the
 * outcome (status first, no buttons) and announces the change in the channel.
 *
 * The error log's file button reads the log again through the service (role
 * and key re-checked) and sends it whole, as a file, to the clicker's direct
 * messages: never to the channel the log was read in.
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { OperationOutcome } from '../../../src/services/hosting/index.ts';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { failureMessage } from '../../../src/slack/error-text.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  decodePayload,
  decodePayloadOrThrow,
  errorLogFilePayload,
  errorLogPagePayload,
  hostingOperationPayload,
} from '../../../src/slack/payloads.ts';
import { slackFailure } from '../../../src/slack/slack-failure.ts';
import type { Ui } from '../../../src/slack/views/format.ts';
import { errorLogView } from '../../../src/slack/views/hosting/errorlog.ts';
import { HOSTING_REFUSALS } from '../../../src/slack/views/hosting/operations.ts';
import { doneView } from '../../../src/slack/views/hosting/writes.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { outcomeMessage, redrawApproval } from '../../../src/workers/posting/index.ts';
import type { HandlerDeps } from '../../deps.ts';
import { announce, failureReply, firstDelivery, replyTo, tellUser } from '../../kit.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type Decide = 'confirm' | 'cancel' | 'approve' | 'reject';

/** Each button's step on the decision machine: Cancel is the requester's no. */
const STEP = { confirm: 'confirm', approve: 'approve', cancel: 'reject', reject: 'reject' } as const;

/** The sentence a failed operation shows: the provider's refusal in the user's words. */
function failureReason(ui: Ui, r: OperationOutcome): string | undefined {
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
    let r: OperationOutcome;
    try {
      r = await deps.hosting.operations.decide(actor, value.id, STEP[what]);
    } catch (err) {
      await replyTo(respond, failureReply(log, ui, err, `hosting ${what}`));
      return;
    }
    // An expired request is told by redrawing its message, below; every other refusal to the clicker alone.
    const refusal = decisionRefusal(ui, r, HOSTING_REFUSALS);
    if (refusal !== undefined && r.kind !== 'expired') {
      await replyTo(respond, refusal);
      return;
    }
    if (r.kind === 'refused') return;
    // The message the button was on becomes the outcome: the requester's own
    // confirmation (in their language), or the request in the channel (the channel's).
    const onChannel = r.row.needsApproval;
    const m = outcomeMessage(
      onChannel ? deps.channelUi : ui,
      r,
      userId,
      failureReason(onChannel ? deps.channelUi : ui, r),
    );
    if (onChannel) await redrawApproval(client, r.row, m, log);
    else await replyTo(respond, m, { replaceOriginal: true });
    if (r.kind === 'done') {
      const announcement = doneView(deps.channelUi, r.row.requesterId, r.result);
      const where = { channelId: r.row.channelId, userId: r.row.requesterId };
      await announce(client, r.row.channelId, announcement, (x) => tellUser(client, where, x, log), log);
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
      const r = await deps.hosting.reads.errorLog(actor, state.s, state.d, state.l);
      await replyTo(respond, errorLogView(ui, r.server, r.value, state.l, state.p), {
        replaceOriginal: true,
      });
    } catch (err) {
      await replyTo(respond, failureReply(deps.logger, ui, err, 'error log page'));
    }
  };
}

/**
 * The whole error log, lines as read, as a text file in the clicker's direct
 * messages. The DM channel's id comes from the answer to a short message
 * posted to the user id (chat:write; no im:write), and the file goes there
 * with files.uploadV2 (files:write). The clicker alone is told the outcome.
 */
function errorLogFile(deps: HandlerDeps) {
  return async ({ ack, body, action, respond, client }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'read'))) return;
    const actor = { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
    const log = deps.logger.child({ component: 'hosting-errorlog-file', user: actor.userId });
    const ui = await deps.ui(actor.userId);
    let r: Awaited<ReturnType<HandlerDeps['hosting']['reads']['errorLog']>>;
    try {
      const state = decodePayloadOrThrow(errorLogFilePayload, action.value, 'error log file value');
      r = await deps.hosting.reads.errorLog(actor, state.s, state.d, state.l);
    } catch (err) {
      await replyTo(respond, failureReply(log, ui, err, 'error log file'));
      return;
    }
    const { domain, lines } = r.value;
    if (lines.length === 0) {
      await replyTo(respond, textView(ui.t('hosting.errorlog.file.empty', { domain })));
      return;
    }
    const count = lines.length;
    try {
      const dm = await client.chat.postMessage({
        channel: actor.userId,
        text: ui.t('hosting.errorlog.file.dm', { domain, server: r.server, count }),
      });
      if (typeof dm.channel !== 'string') throw new Error('chat.postMessage gave no channel');
      await client.files.uploadV2({
        channel_id: dm.channel,
        content: lines.join('\n'),
        filename: `${domain}-error.log`,
        title: ui.t('hosting.errorlog.title', { domain, server: r.server }),
        snippet_type: 'text',
      });
    } catch (err) {
      const error = slackFailure(err);
      log.warn({ err: error }, 'error log file not sent');
      await replyTo(respond, textView(ui.t('hosting.errorlog.file.failed', { error })));
      return;
    }
    await replyTo(respond, textView(ui.t('hosting.errorlog.file.sent', { domain, count })));
  };
}

export function registerHostingActions(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.confirm, decision(deps, 'confirm'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.cancel, decision(deps, 'cancel'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.approve, decision(deps, 'approve'));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.reject, decision(deps, 'reject'));
  // Pager buttons carry `:prev` / `:next` so two of them can share a block.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${HOSTING_IDS.errorLogPage}:`), errorLogPage(deps));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.errorLogFile, errorLogFile(deps));
}
