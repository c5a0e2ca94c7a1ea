/**
 * The error log's buttons: the pager, and the file button, which reads the log
 * again through the service (role and key re-checked) and sends it whole, as
 * a file, to the clicker's direct messages: never to the channel the log was
 * read in.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  decodePayloadOrThrow,
  errorLogFilePayload,
  errorLogPagePayload,
} from '../../../src/slack/payloads.ts';
import { slackFailure } from '../../../src/slack/slack-failure.ts';
import { errorLogFileText, errorLogView } from '../../../src/slack/views/hosting/errorlog.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import type { HandlerDeps } from '../../deps.ts';
import { failureReply, firstDelivery, replyTo } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';

function errorLogPage(deps: HandlerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'read'))) return;
    const actor = { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
    const ui = await deps.ui(actor.userId);
    try {
      const state = decodePayloadOrThrow(errorLogPagePayload, action.value, 'error log pager value');
      const r = await deps.hosting.reads.errorLog(actor, state.s, state.d, state.l, state.k);
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
      r = await deps.hosting.reads.errorLog(actor, state.s, state.d, state.l, state.k);
    } catch (err) {
      await replyTo(respond, failureReply(log, ui, err, 'error log file'));
      return;
    }
    const { domain, lines } = r.value;
    if (lines.length === 0) {
      await replyTo(respond, textView(errorLogFileText(ui, 'empty', r.server, r.value)));
      return;
    }
    try {
      const dm = await client.chat.postMessage({
        channel: actor.userId,
        text: errorLogFileText(ui, 'dm', r.server, r.value),
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
    await replyTo(respond, textView(errorLogFileText(ui, 'sent', r.server, r.value)));
  };
}

export function registerHostingErrorLogButtons(app: App, deps: HandlerDeps): void {
  // Pager buttons carry `:prev` / `:next` so two of them can share a block.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${HOSTING_IDS.errorLogPage}:`), errorLogPage(deps));
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.errorLogFile, errorLogFile(deps));
}
