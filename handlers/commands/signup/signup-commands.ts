/** `/vps signup` (the order form) and `/vps signups` (the channel's recent quotes and orders). */
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { SIGNUP_LIST_MAX, signupListView } from '../../../src/slack/views/signup/list.ts';
import {
  signupLoadingView,
  signupModalView,
  signupNoticeView,
} from '../../../src/slack/views/signup/modal.ts';
import { signupQuoteRefusal } from '../../../src/slack/views/signup/requester.ts';
import { openForm, slackFailure } from '../../kit.ts';
import type { CommandTable } from '../command.ts';

export const signupCommands: CommandTable<VpsCommand, 'signup' | 'signups'> = {
  /**
   * Opens the form at once with a loading notice (kit.openForm), then fills it
   * from the catalogue. Someone who may not order is told so instead.
   */
  async signup({ deps, actor, ui, log, client, triggerId, reply }) {
    const refusal = await deps.signup.quotes.mayRequest(actor.userId, actor.channelId);
    if (refusal) {
      await reply(signupQuoteRefusal(ui, refusal));
      return;
    }
    await openForm(
      client,
      triggerId,
      signupLoadingView(ui, actor.channelId),
      async () => signupModalView(ui, await deps.signup.quotes.catalogue(), { channelId: actor.channelId }),
      (err) => {
        log.warn({ err: slackFailure(err) }, 'signup form not filled');
        const reason = signupQuoteRefusal(ui, err).text;
        return signupNoticeView(ui, ui.t('signup.modal.failed', { reason }));
      },
      log,
    );
  },
  async signups({ deps, actor, ui, reply }) {
    const rows = await deps.signup.orders.list({ channelId: actor.channelId, limit: SIGNUP_LIST_MAX });
    const plans = await deps.signup.quotes
      .catalogue()
      .then((c) => c.plans)
      .catch(() => []);
    await reply(signupListView(ui, rows, plans));
  },
};
