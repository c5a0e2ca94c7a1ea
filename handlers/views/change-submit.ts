import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { z } from 'zod';
import type { ChangeField } from '../../src/services/command-parser.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { failureMessage, fieldProblemText } from '../../src/slack/error-text.ts';
import { BLOCKS, INPUT_ACTION } from '../../src/slack/ids.ts';
import { announceView } from '../../src/slack/views/messages.ts';
import { noticeModalView } from '../../src/slack/views/servers/change-modal.ts';
import type { HandlerDeps } from '../deps.ts';
import { announce, logFailure, uiWithin } from '../replies.ts';

const metaSchema = z.object({ uuid: z.string().min(1), ref: z.string(), channelId: z.string().min(1) });

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * Submission of the rename / memo / reverse DNS form. The spec's rules are
 * checked before anything is called and answered on the field itself; a valid
 * value turns the modal into "saving", the change runs, and the modal then
 * says done (the channel gets the announcement) or what went wrong.
 */
export function changeSubmit(deps: HandlerDeps, field: ChangeField) {
  return async ({ ack, body, view, client }: SubmitArgs): Promise<void> => {
    const log = deps.logger.child({ component: 'change-submit', field, user: body.user.id });
    const ui = await uiWithin(deps, body.user.id, 1000);
    const raw = view.state.values[BLOCKS.changeInput]?.[INPUT_ACTION[field]]?.value ?? '';
    const value = field === 'memo' ? raw : raw.trim();
    const problem = deps.servers.check(field, value)[0];
    if (problem) {
      await ack({
        response_action: 'errors',
        errors: { [BLOCKS.changeInput]: fieldProblemText(ui, problem.field, problem.rule, problem.limit) },
      });
      return;
    }
    const meta = metaSchema.safeParse(safeJson(view.private_metadata));
    if (!meta.success) {
      await ack({ response_action: 'update', view: noticeModalView(ui, field, ui.t('error.internal')) });
      log.error({ issues: meta.error.issues.length }, 'modal private_metadata unreadable');
      return;
    }
    await ack({ response_action: 'update', view: noticeModalView(ui, field, ui.t('modal.saving')) });
    const actor = { userId: body.user.id, channelId: meta.data.channelId };
    try {
      // The trigger id is per submission: a retried delivery carries the same one.
      const key = body.trigger_id ?? `${view.id}:${view.hash}`;
      const result = await deps.servers.change(actor, field, meta.data.uuid, value, key);
      const m = announceView(deps.channelUi, actor.userId, result);
      await client.views.update({
        view_id: view.id,
        view: noticeModalView(ui, field, `${ui.t('modal.done')}\n${m.text}`),
      });
      await announce(
        client,
        actor.channelId,
        m,
        (fallback) =>
          client.chat.postMessage({ channel: actor.userId, text: fallback.text, blocks: fallback.blocks }),
        log,
      );
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'already_handled') return;
      logFailure(log, err, `change ${field}`);
      const m = failureMessage(ui, err);
      await client.views.update({
        view_id: view.id,
        view: noticeModalView(ui, field, m.text, m.blocks.slice(1)),
      });
    }
  };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
