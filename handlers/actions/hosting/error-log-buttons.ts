/**
 * The error log's buttons: the pager, and the file button, which reads the log
 * again through the service (role and key re-checked) and sends it whole, as
 * a file, to the clicker's direct messages: never to the channel the log was
 * read in. The access log's buttons are the same ones, their payload naming
 * that log (one without the name, posted before, is the error log's).
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { Actor } from '../../../src/services/access/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  decodePayloadOrThrow,
  errorLogFilePayload,
  errorLogPagePayload,
} from '../../../src/slack/payloads.ts';
import { slackFailure } from '../../../src/slack/slack-failure.ts';
import {
  errorLogFileFailed,
  errorLogFileName,
  errorLogFileText,
  errorLogFileTitle,
  errorLogView,
} from '../../../src/slack/views/hosting/errorlog.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { button, type HandlerDeps } from '../../kit.ts';

export function registerHostingErrorLogButtons(app: App, deps: HandlerDeps): void {
  // Pager buttons carry `:prev` / `:next` so two of them can share a block.
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${HOSTING_IDS.errorLogPage}:`),
    button(deps, 'error log page', async ({ deps, actor, ui, value, reply }) => {
      const state = decodePayloadOrThrow(errorLogPagePayload, value, 'error log pager value');
      const r = await readLog(deps, actor, state);
      await reply(errorLogView(ui, r.server, r.value, state.l, state.p));
    }),
  );
  // The whole log, lines as read, as a text file in the clicker's direct messages. The DM
  // channel's id comes from the answer to a short message posted to the user id (chat:write; no
  // im:write), and the file goes there with files.uploadV2 (files:write). The clicker alone gets
  // the outcome.
  app.action<BlockAction<ButtonAction>>(
    HOSTING_IDS.errorLogFile,
    button(
      deps,
      'error log file',
      async ({ deps, actor, ui, log, client, value, reply }) => {
        const state = decodePayloadOrThrow(errorLogFilePayload, value, 'error log file value');
        const r = await readLog(deps, actor, state);
        const { lines } = r.value;
        if (lines.length === 0) {
          await reply(textView(errorLogFileText(ui, 'empty', r.server, r.value)));
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
            filename: errorLogFileName(r.value),
            title: errorLogFileTitle(ui, r.server, r.value),
            snippet_type: 'text',
          });
        } catch (err) {
          const error = slackFailure(err);
          log.warn({ err: error }, 'error log file not sent');
          await reply(textView(errorLogFileFailed(ui, r.value, error)));
          return;
        }
        await reply(textView(errorLogFileText(ui, 'sent', r.server, r.value)));
      },
      { inPlace: false },
    ),
  );
}

/** The log a button names, read again through the service (role and key re-checked). */
function readLog(
  deps: HandlerDeps,
  actor: Actor,
  state: { s: string; d: string; l: number; k?: string | undefined; t?: 'a' | undefined },
) {
  return state.t === 'a'
    ? deps.hosting.accessLog.read(actor, state.s, state.d, state.l, state.k)
    : deps.hosting.reads.errorLog(actor, state.s, state.d, state.l, state.k);
}
