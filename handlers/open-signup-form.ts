/**
 * The order form's opening. `/vps signup` and a plan's button in `/vps plans`
 * both open it (the button with its plan chosen), so it sits at the top of
 * handlers/, where commands and actions may both import it; its submission
 * is a modal submission's listener.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../src/log.ts';
import type { Actor } from '../src/services/access/index.ts';
import type { Message, Ui } from '../src/slack/views/format.ts';
import { signupLoadingView, signupModalView, signupNoticeView } from '../src/slack/views/signup/modal.ts';
import { signupQuoteRefusal } from '../src/slack/views/signup/requester.ts';
import type { HandlerDeps } from './deps.ts';
import { openForm, slackFailure } from './kit.ts';

export interface SignupFormOpening {
  client: webApi.WebClient;
  triggerId: string;
  actor: Actor;
  ui: Ui;
  log: Logger;
  /** Answers the person alone (someone who may not order is told so instead of shown the form). */
  reply(m: Message): Promise<void>;
  /** The plan the form opens with; the first one when absent or no longer offered. */
  planId?: string | undefined;
  /**
   * Opened outside any channel (the Order a VPS shortcut): the form asks for
   * the channel the approval request goes to, and only the role is checked now.
   */
  placeless?: boolean;
}

/**
 * Opens the form at once with a loading notice (kit.openForm: a trigger id
 * lives 3 s), then fills it from the catalogue. Someone who may not order is
 * told so instead.
 */
export async function openSignupForm(deps: HandlerDeps, o: SignupFormOpening): Promise<void> {
  const { client, actor, ui, log } = o;
  // '' in the form's metadata: the channel is chosen in the form (from the App Home too: it is no channel).
  const channelId = o.placeless === true || actor.fromHome === true ? '' : actor.channelId;
  const refusal = await deps.signup.quotes.mayRequest(actor.userId, channelId || undefined);
  if (refusal) {
    await o.reply(signupQuoteRefusal(ui, refusal));
    return;
  }
  await openForm(
    client,
    o.triggerId,
    signupLoadingView(ui, channelId),
    async () =>
      signupModalView(ui, await deps.signup.quotes.catalogue({ for: actor }), {
        channelId,
        planId: o.planId,
      }),
    (err) => {
      log.warn({ err: slackFailure(err) }, 'signup form not filled');
      const reason = signupQuoteRefusal(ui, err).text;
      return signupNoticeView(ui, ui.t('signup.modal.failed', { reason }));
    },
    log,
  );
}
