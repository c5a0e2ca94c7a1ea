/**
 * The rename / memo / reverse DNS form's submission (the form is opened from
 * `/vps rename <server>` with no value, or from a card button).
 */
import type { App } from '@slack/bolt';
import { type ChangeField, changeValue } from '../../../src/services/servers/index.ts';
import { fieldProblemText } from '../../../src/slack/error-text.ts';
import { BLOCKS, CALLBACKS, INPUT_ACTION } from '../../../src/slack/ids.ts';
import { changeModalPayload, decodePayload } from '../../../src/slack/payloads.ts';
import { announceView } from '../../../src/slack/views/messages.ts';
import { noticeModalView } from '../../../src/slack/views/servers/change-modal.ts';
import {
  accountForm,
  failureReply,
  type HandlerDeps,
  isRetry,
  type SubmitArgs,
  settleForm,
  uiWithin,
} from '../../kit.ts';

/**
 * The spec's rules are checked before anything is called and answered on the
 * field itself; a valid value turns the modal into "saving", the change runs,
 * the channel gets the announcement, and the modal then says done or what
 * went wrong (kit.settleForm: answered whether or not the modal is still open).
 */
function changeSubmit(deps: HandlerDeps, field: ChangeField) {
  return async ({ ack, body, view, client }: SubmitArgs): Promise<void> => {
    const log = deps.logger.child({ component: 'change-submit', field, user: body.user.id });
    const ui = await uiWithin(deps, body.user.id, 1000);
    const value = changeValue(
      field,
      view.state.values[BLOCKS.changeInput]?.[INPUT_ACTION[field]]?.value ?? '',
    );
    const problem = deps.servers.check(field, value)[0];
    if (problem) {
      await ack({
        response_action: 'errors',
        errors: { [BLOCKS.changeInput]: fieldProblemText(ui, problem) },
      });
      return;
    }
    const meta = decodePayload(changeModalPayload, view.private_metadata);
    if (!meta) {
      await ack({ response_action: 'update', view: noticeModalView(ui, field, ui.t('error.internal')) });
      log.error({}, 'modal private_metadata unreadable');
      return;
    }
    await ack({ response_action: 'update', view: noticeModalView(ui, field, ui.t('modal.saving')) });
    const actor = { userId: body.user.id, channelId: meta.channelId };
    const form = { viewId: view.id, ...actor };
    try {
      // The trigger id is per submission: a retried delivery carries the same one, and the first answers.
      if (await isRetry(deps, `change:${body.trigger_id ?? `${view.id}:${view.hash}`}`, 'write')) return;
      const result = await deps.servers.change(actor, field, meta.uuid, value);
      const m = announceView(deps.channelUi, actor.userId, result);
      await settleForm(
        client,
        form,
        { announcement: m, view: noticeModalView(ui, field, `${ui.t('modal.done')}\n${m.text}`) },
        log,
      );
    } catch (err) {
      const m = failureReply(log, ui, err, `change ${field}`);
      await settleForm(
        client,
        form,
        { view: noticeModalView(ui, field, m.text, m.blocks.slice(1)), message: m },
        log,
      );
    }
  };
}

export function registerChangeForms(app: App, deps: HandlerDeps): void {
  app.view(
    CALLBACKS.name,
    accountForm(deps, (d) => changeSubmit(d, 'name')),
  );
  app.view(
    CALLBACKS.memo,
    accountForm(deps, (d) => changeSubmit(d, 'memo')),
  );
  app.view(
    CALLBACKS.rdns,
    accountForm(deps, (d) => changeSubmit(d, 'rdns')),
  );
}
