/**
 * The order form's opening. `/vps signup`, a plan's button in `/vps plans`
 * (with its plan chosen), the App Home's "Order a VPS" and the Order a VPS
 * shortcut all open it, so it sits at the top of handlers/, where every
 * surface may import it; its submission is in
 * handlers/submissions/signup/order-form.ts.
 */

import { slackFailure } from '../src/slack/slack-failure.ts';
import { signupLoadingView, signupModalView, signupNoticeView } from '../src/slack/views/signup/modal.ts';
import { signupQuoteRefusal } from '../src/slack/views/signup/requester.ts';
import { type ListenerContext, openForm } from './kit.ts';

/**
 * Opens the form at once with a loading notice (kit.openForm: a trigger id
 * lives 3 s), then fills it from the catalogue. Someone who may not order
 * is answered (`reply`) instead. `planId`: the plan it opens with (the first
 * one when absent or no longer offered). `placeless`: opened outside any
 * channel (the shortcut, the App Home), so the form asks for the channel the
 * approval request goes to, and only the role is checked now.
 */
export async function openSignupForm(
  ctx: ListenerContext,
  { planId, placeless = false }: { planId?: string; placeless?: boolean } = {},
): Promise<void> {
  const { deps, actor, ui, log } = ctx;
  // '' in the form's metadata: the channel is chosen in the form (from the App Home too: it is no channel).
  const channelId = placeless || actor.fromHome === true ? '' : actor.channelId;
  const refusal = await deps.signup.quotes.mayRequest(actor.userId, channelId || undefined);
  if (refusal) {
    await ctx.reply(signupQuoteRefusal(ui, refusal));
    return;
  }
  await openForm(
    ctx,
    signupLoadingView(ui, channelId),
    async () =>
      signupModalView(ui, await deps.signup.quotes.catalogue({ for: actor }), { channelId, planId }),
    (err) => {
      log.warn({ err: slackFailure(err) }, 'signup form not filled');
      const reason = signupQuoteRefusal(ui, err).text;
      return signupNoticeView(ui, ui.t('signup.modal.failed', { reason }));
    },
  );
}
