/**
 * The Server card shortcut's modal, sent: the reference is checked as
 * `/vps show` checks one and refused on its field; a valid one turns the
 * modal into "reading" at once (a submission is answered within 3 s), then
 * into the card, or back into the question with what went wrong above the
 * field and what was typed in it. The card's own submit button asks again.
 */
import type { App, ViewOutput } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { checkServerRef } from '../../../src/services/servers/index.ts';
import { fieldProblemText } from '../../../src/slack/error-text.ts';
import { FIND_SERVER_IDS } from '../../../src/slack/ids.ts';
import { slackFailure } from '../../../src/slack/slack-failure.ts';
import {
  findServerCardView,
  findServerLoadingView,
  findServerView,
} from '../../../src/slack/views/servers/find-server.ts';
import { serverCardView } from '../../../src/slack/views/servers/server-card.ts';
import {
  accountForm,
  failureReply,
  type HandlerDeps,
  isRetry,
  type SubmitArgs,
  uiWithin,
} from '../../kit.ts';

function typedRef(view: ViewOutput): string {
  return (view.state.values[FIND_SERVER_IDS.refBlock]?.[FIND_SERVER_IDS.refInput]?.value ?? '').trim();
}

function findSubmit(deps: HandlerDeps) {
  return async ({ ack, body, view, client }: SubmitArgs): Promise<void> => {
    const userId = body.user.id;
    const log = deps.logger.child({ component: 'find-server-submit', user: userId });
    const ui = await uiWithin(deps, userId, 1000);
    const ref = typedRef(view);
    const tooLong = checkServerRef(ref);
    const problem = ref === '' ? ui.t('shortcut.find.empty') : tooLong && fieldProblemText(ui, tooLong);
    if (problem) {
      await ack({ response_action: 'errors', errors: { [FIND_SERVER_IDS.refBlock]: problem } });
      return;
    }
    // A retried delivery of this submission is answered by the first one.
    if (await isRetry(deps, `find-server:${view.id}:${view.hash}`, 'read')) {
      await ack();
      return;
    }
    await ack({ response_action: 'update', view: findServerLoadingView(ui, ref) });
    // Opened from the composer: in no channel; the person's own id stands for it.
    const actor = { userId, channelId: userId };
    let next: ModalView;
    try {
      const card = await deps.servers.card(actor, ref);
      const shown = serverCardView(ui, card.detail, { canEdit: card.canEdit, readAt: card.readAt });
      next = findServerCardView(ui, shown, card.canEdit ? { name: card.detail.name ?? ref } : undefined);
    } catch (err) {
      next = findServerView(ui, { ref, problem: failureReply(log, ui, err, 'server card shortcut') });
    }
    await client.views
      .update({ view_id: view.id, view: next })
      .catch((err: unknown) => log.info({ err: slackFailure(err) }, 'server card modal gone'));
  };
}

export function registerFindServerForm(app: App, deps: HandlerDeps): void {
  app.view(FIND_SERVER_IDS.modalCallback, accountForm(deps, findSubmit));
  // The card's "Find another": the question again.
  app.view(FIND_SERVER_IDS.cardCallback, async ({ ack, body }: SubmitArgs) => {
    await ack({ response_action: 'update', view: findServerView(await uiWithin(deps, body.user.id, 1000)) });
  });
}
