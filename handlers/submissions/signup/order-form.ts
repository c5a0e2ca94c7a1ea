/**
 * Submission of the `/vps signup` form. Every field is checked by the spec's
 * rules first and refused on its own field (`response_action: errors`). A
 * valid form turns the modal into "asking for the price", the dry run makes a
 * quote, the approval request goes to the channel, and the modal then shows
 * the requester where it is, with the generated root password if the bot made
 * one: the modal is the requester's alone, and it is shown this once.
 */
import type { App } from '@slack/bolt';
import { ServiceError } from '../../../src/services/errors.ts';
import { checkSignupForm, type QuoteResult } from '../../../src/services/signup/index.ts';
import { SIGNUP_IDS, signupBlockId } from '../../../src/slack/ids.ts';
import { decodePayload, signupModalPayload } from '../../../src/slack/payloads.ts';
import type { Message, Ui } from '../../../src/slack/views/format.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import {
  readApprovalChannel,
  readSignupForm,
  signupFieldErrors,
  signupNoticeView,
  type ViewStateValues,
} from '../../../src/slack/views/signup/modal.ts';
import {
  signupPasswordButtonMessage,
  signupPasswordMessage,
  signupQuotedNotice,
  signupQuoteRefusal,
} from '../../../src/slack/views/signup/requester.ts';
import { postApproval } from '../../../src/workers/posting/signup-posts.ts';
import { accountForm, type HandlerDeps, isRetry, type SubmitArgs, settleForm } from '../../kit.ts';

/**
 * What is wrong with the channel chosen for the approval request, in words for
 * its field: none chosen, or one this person may not use (outside the
 * policy's channel list, or one they cannot read in Slack), checked again by
 * the quote.
 */
async function approvalChannelProblem(
  deps: HandlerDeps,
  ui: Ui,
  userId: string,
  chosen: string | undefined,
): Promise<string | undefined> {
  if (!chosen) return ui.t('signup.field.approval_channel.required');
  const refusal = await deps.signup.quotes.mayRequestIn(userId, chosen);
  if (!refusal) return undefined;
  if (refusal.code === 'target_channel_not_allowed') return ui.t('signup.field.approval_channel.not_allowed');
  if (refusal.code === 'target_channel_not_visible')
    return ui.t('signup.field.approval_channel.not_readable');
  return signupQuoteRefusal(ui, refusal).text;
}

function orderSubmit(deps: HandlerDeps) {
  return async ({ ack, body, view, client }: SubmitArgs): Promise<void> => {
    const userId = body.user.id;
    const log = deps.logger.child({ component: 'signup-submit', user: userId });
    const ui = await deps.ui(userId);
    // The scrubber learns a typed password only once the form passed its checks and the role
    // check (the quote): a refused form must not teach it ordinary words to blank.
    const form = readSignupForm(view.state.values as ViewStateValues);
    const meta = decodePayload(signupModalPayload, view.private_metadata);
    if (!meta) {
      log.error({}, 'signup modal private_metadata unreadable');
      await ack({ response_action: 'update', view: signupNoticeView(ui, ui.t('signup.modal.internal')) });
      return;
    }
    let checked: ReturnType<typeof checkSignupForm>;
    try {
      checked = checkSignupForm(
        form,
        await deps.signup.quotes.catalogue({ anyAgeToday: true, for: { userId } }),
      );
    } catch (err) {
      await ack({
        response_action: 'errors',
        errors: { [signupBlockId('plan_id')]: signupQuoteRefusal(ui, err).text },
      });
      return;
    }
    // A form opened outside any channel names the channel its approval request goes to.
    const chosen =
      meta.channelId === '' ? readApprovalChannel(view.state.values as ViewStateValues) : undefined;
    const channelProblem =
      meta.channelId === '' ? await approvalChannelProblem(deps, ui, userId, chosen) : undefined;
    if (!checked.ok || channelProblem) {
      const shown = (view.blocks ?? [])
        .map((b) => b.block_id)
        .filter((id): id is string => typeof id === 'string');
      const present = shown.length > 0 ? new Set(shown) : undefined;
      await ack({
        response_action: 'errors',
        errors: {
          ...(checked.ok
            ? {}
            : signupFieldErrors(ui, checked.problems, form.plan_id ?? meta.planId, present)),
          ...(channelProblem ? { [SIGNUP_IDS.approvalChannel]: channelProblem } : {}),
        },
      });
      return;
    }
    const channelId = meta.channelId || chosen || '';
    // Slack re-delivers a submission it thinks went unanswered: one quote per submission.
    if (await isRetry(deps, `signup-submit:${view.id}:${view.hash}`, 'write')) {
      await ack();
      return;
    }
    await ack({ response_action: 'update', view: signupNoticeView(ui, ui.t('signup.modal.quoting')) });
    const where = { channelId, userId };
    // The approval request is the announcement (postApproval); what the form says next is the requester's.
    const show = (text: string, withoutSecret?: Message) =>
      settleForm(
        client,
        { viewId: view.id, ...where },
        {
          view: signupNoticeView(ui, text),
          message: textView(text),
          ...(withoutSecret ? { withoutSecret } : {}),
        },
        log,
      );

    let q: QuoteResult;
    try {
      q = await deps.signup.quotes.quote({
        request: checked.request,
        requesterId: userId,
        channelId,
        chosen: meta.channelId === '',
        locale: ui.locale,
      });
    } catch (err) {
      if (!(err instanceof ServiceError)) log.error({ err }, 'signup quote failed');
      await show(signupQuoteRefusal(ui, err).text);
      return;
    }
    const posted = await postApproval(deps, client, q.row, log);
    const notice = signupQuotedNotice(
      ui,
      { row: q.row, plan: q.plan, account: deps.signup.quotes.accountLabel() },
      posted,
    );
    const password = q.generatedPassword
      ? signupPasswordMessage(ui, q.row.serverName, q.generatedPassword)
      : null;
    if (!password) {
      await show(notice.text);
      return;
    }
    await show(`${notice.text}\n\n${password.text}`, signupPasswordButtonMessage(ui, notice.text, q.row));
  };
}

export function registerOrderForm(app: App, deps: HandlerDeps): void {
  app.view(
    SIGNUP_IDS.modalCallback,
    accountForm(deps, orderSubmit, ({ view }) => readApprovalChannel(view.state.values as ViewStateValues)),
  );
}
