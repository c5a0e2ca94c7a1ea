/**
 * Submission of the `/vps signup` form. Every field is checked by the spec's
 * rules first and refused on its own field (`response_action: errors`). A
 * valid form turns the modal into "asking for the price", the dry run makes a
 * quote, the approval request goes to the channel, and the modal then tells
 * the requester where it is, with the generated root password if the bot made
 * one: the modal is the requester's alone, and it is shown this once.
 */
import type { AllMiddlewareArgs, App, SlackViewMiddlewareArgs, ViewSubmitAction, webApi } from '@slack/bolt';
import type { Logger } from '../../src/log.ts';
import { ServiceError } from '../../src/services/errors.ts';
import {
  attachMessage,
  checkSignupForm,
  describeRow,
  loadCatalogue,
  type QuoteResult,
  quoteSignup,
} from '../../src/services/signup/index.ts';
import { SIGNUP_IDS, signupBlockId } from '../../src/slack/ids.ts';
import type { Message, Ui } from '../../src/slack/views/format.ts';
import {
  signupApprovalMessage,
  signupPasswordMessage,
  signupQuotedNotice,
  signupQuoteRefusal,
} from '../../src/slack/views/signup-approval.ts';
import {
  parseSignupMeta,
  readSignupForm,
  signupFieldErrors,
  signupNoticeView,
  st,
  type ViewStateValues,
} from '../../src/slack/views/signup-modal.ts';
import { errorText, type SignupHandlerDeps, tellUser } from '../signup-deps.ts';

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

const SUBMISSION_TTL_MS = 15 * 60_000;

export function signupSubmit(deps: SignupHandlerDeps) {
  return async ({ ack, body, view, client }: SubmitArgs): Promise<void> => {
    const userId = body.user.id;
    const log = deps.logger.child({ component: 'signup-submit', user: userId });
    const ui = await deps.ui(userId);
    const form = readSignupForm(view.state.values as ViewStateValues);
    // From here on no log line can carry it, whatever happens next.
    deps.signup.secrets.add(form.root_password);
    const meta = parseSignupMeta(view.private_metadata);
    if (!meta) {
      log.error({}, 'signup modal private_metadata unreadable');
      await ack({ response_action: 'update', view: signupNoticeView(ui, st(ui, 'signup.modal.internal')) });
      return;
    }
    let checked: ReturnType<typeof checkSignupForm>;
    try {
      checked = checkSignupForm(form, await loadCatalogue(deps.signup, { anyAgeToday: true }));
    } catch (err) {
      const sentence =
        err instanceof ServiceError ? signupQuoteRefusal(ui, err).text : st(ui, 'signup.modal.internal');
      await ack({ response_action: 'errors', errors: { [signupBlockId('plan_id')]: sentence } });
      return;
    }
    if (!checked.ok) {
      const shown = (view.blocks ?? [])
        .map((b) => b.block_id)
        .filter((id): id is string => typeof id === 'string');
      const present = shown.length > 0 ? new Set(shown) : undefined;
      await ack({
        response_action: 'errors',
        errors: signupFieldErrors(ui, checked.problems, form.plan_id ?? meta.planId, present),
      });
      return;
    }
    // Slack re-delivers a submission it thinks went unanswered: one quote per submission.
    if (
      deps.deliveries &&
      !(await deps.deliveries.firstSeen(`signup-submit:${view.id}:${view.hash}`, SUBMISSION_TTL_MS))
    ) {
      await ack();
      return;
    }
    await ack({ response_action: 'update', view: signupNoticeView(ui, st(ui, 'signup.modal.quoting')) });

    let q: QuoteResult;
    try {
      q = await quoteSignup(deps.signup, {
        request: checked.request,
        requesterId: userId,
        channelId: meta.channelId,
        locale: ui.locale,
      });
    } catch (err) {
      const m =
        err instanceof ServiceError
          ? signupQuoteRefusal(ui, err)
          : { text: st(ui, 'signup.modal.internal'), blocks: [] };
      if (!(err instanceof ServiceError)) log.error({ err: errorText(err) }, 'signup quote failed');
      await showInModal(client, view.id, ui, m.text, userId, meta.channelId, log);
      return;
    }

    const posted = await postApproval(deps, client, q, log);
    const notice = signupQuotedNotice(ui, { row: q.row, plan: q.plan }, posted);
    const password = q.generatedPassword
      ? signupPasswordMessage(ui, q.row.serverName, q.generatedPassword)
      : null;
    const text = password ? `${notice.text}\n\n${password.text}` : notice.text;
    await showInModal(client, view.id, ui, text, userId, meta.channelId, log);
  };
}

/** The approval request in the channel; remembers where it is. */
async function postApproval(
  deps: SignupHandlerDeps,
  client: webApi.WebClient,
  q: QuoteResult,
  log: Logger,
): Promise<boolean> {
  const m: Message = signupApprovalMessage(deps.channelUi, {
    row: q.row,
    ...(await describeRow(deps.signup, q.row)),
  });
  try {
    const res = await client.chat.postMessage({ channel: q.row.channelId, text: m.text, blocks: m.blocks });
    if (res.ts) await attachMessage(deps.signup, q.row.id, { messageTs: res.ts });
    return true;
  } catch (err) {
    log.warn({ signupId: q.row.id, err: errorText(err) }, 'approval request not posted');
    return false;
  }
}

/** The requester's own modal; if it was closed meanwhile, a message to them alone. */
async function showInModal(
  client: webApi.WebClient,
  viewId: string,
  ui: Ui,
  text: string,
  userId: string,
  channelId: string,
  log: Logger,
): Promise<void> {
  try {
    await client.views.update({ view_id: viewId, view: signupNoticeView(ui, text) });
  } catch (err) {
    log.info({ err: errorText(err) }, 'signup modal gone; telling the requester directly');
    await tellUser(
      client,
      channelId,
      userId,
      { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] },
      log,
    );
  }
}

export function registerSignupSubmit(app: App, deps: SignupHandlerDeps): void {
  app.view(SIGNUP_IDS.modalCallback, signupSubmit(deps));
}
