/** `/vps signup` (the order form) and `/vps signups` (the channel's recent quotes and orders). */
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { SIGNUP_LIST_MAX, signupListView } from '../../../src/slack/views/signup/list.ts';
import {
  signupLoadingView,
  signupModalView,
  signupNoticeView,
} from '../../../src/slack/views/signup/modal.ts';
import { signupQuoteRefusal } from '../../../src/slack/views/signup/requester.ts';
import { slackFailure } from '../../kit.ts';
import type { CommandTable } from '../command.ts';

export const signupCommands: CommandTable<VpsCommand, 'signup' | 'signups'> = {
  /**
   * Opens the form at once (a trigger id lives 3 s) with a loading notice, then
   * fills it from the catalogue. Someone who may not order is told so instead.
   */
  async signup({ deps, actor, ui, log, client, triggerId, reply }) {
    const refusal = await deps.signup.quotes.mayRequest(actor.userId, actor.channelId);
    if (refusal) {
      await reply(signupQuoteRefusal(ui, refusal));
      return;
    }
    let viewId: string | undefined;
    try {
      const opened = await client.views.open({
        trigger_id: triggerId,
        view: signupLoadingView(ui, actor.channelId),
      });
      viewId = opened.view?.id;
    } catch (err) {
      log.warn({ err: slackFailure(err) }, 'signup form not opened');
      return;
    }
    if (!viewId) return;
    try {
      const catalogue = await deps.signup.quotes.catalogue({ for: actor });
      await client.views.update({
        view_id: viewId,
        view: signupModalView(ui, catalogue, { channelId: actor.channelId }),
      });
    } catch (err) {
      log.warn({ err: slackFailure(err) }, 'signup form not filled');
      const reason = signupQuoteRefusal(ui, err).text;
      await client.views
        .update({ view_id: viewId, view: signupNoticeView(ui, ui.t('signup.modal.failed', { reason })) })
        .catch(() => undefined);
    }
  },
  async signups({ deps, actor, ui, reply }) {
    const rows = await deps.signup.orders.list({ channelId: actor.channelId, limit: SIGNUP_LIST_MAX });
    const plans = await deps.signup.quotes
      .catalogue({ for: actor })
      .then((c) => c.plans)
      .catch(() => []);
    await reply(signupListView(ui, rows, plans));
  },
};
