/**
 * The approval message's buttons and the order form's plan choice.
 *
 * Approve: ack, then the service decides (live role, self-approval, expiry,
 * one conditional UPDATE); a click that did not win is told why, alone. The
 * winner's click redraws the message in place (who approved, what happens
 * now), runs the order, says the outcome in the thread and redraws the message
 * again. A price change posts a new approval request at the new price.
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  StaticSelectAction,
} from '@slack/bolt';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { SIGNUP_IDS, signupBlockId } from '../../../src/slack/ids.ts';
import { decodePayload, signupButtonPayload, signupModalPayload } from '../../../src/slack/payloads.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { signupModalView, signupNoticeView } from '../../../src/slack/views/signup/modal.ts';
import { signupPasswordMessage, signupRefusals } from '../../../src/slack/views/signup/requester.ts';
import { refreshApproval, reportOutcome } from '../../../src/workers/posting/index.ts';
import type { HandlerDeps } from '../../deps.ts';
import { replyTo, slackFailure } from '../../kit.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type SelectArgs = SlackActionMiddlewareArgs<BlockAction<StaticSelectAction>> & AllMiddlewareArgs;

/**
 * What every click on an approval message starts with: who clicked, in their
 * language, which request the button names. An unreadable button value is
 * answered here (and yields undefined).
 */
async function readClick(deps: HandlerDeps, args: ButtonArgs, component: string) {
  const userId = args.body.user.id;
  const log = deps.logger.child({ component, user: userId });
  const ui = await deps.ui(userId);
  const value = decodePayload(signupButtonPayload, args.action.value);
  if (!value) {
    await replyTo(args.respond, textView(ui.t('signup.click.not_found')));
    return undefined;
  }
  // A click without a channel matches no request's channel, and is refused by the service.
  return { userId, log, ui, value, channelId: args.body.channel?.id ?? '' };
}

/** The row with the clicked message's place, in case it was not recorded (posted by a replica that died). */
function withMessage<T extends { messageTs: string | null; threadTs: string | null }>(
  row: T,
  body: BlockAction,
): T {
  const ts = body.message?.ts;
  if (row.messageTs || !ts) return row;
  return { ...row, messageTs: ts, threadTs: ts };
}

function approve(deps: HandlerDeps) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, respond, client } = args;
    await ack();
    const click = await readClick(deps, args, 'signup-approve');
    if (!click) return;
    const { userId, log, ui, value, channelId } = click;
    const result = await deps.signup.approvals.approve({
      id: value.id,
      approverId: userId,
      shownPrice: value.price,
      channelId,
    });
    if (result.kind !== 'approved') {
      const refusal = decisionRefusal(ui, result, signupRefusals('approve'));
      if (refusal) await replyTo(respond, refusal);
      if (result.kind === 'expired') await refreshApproval(deps, client, withMessage(result.row, body), log);
      return;
    }
    const approved = withMessage(result.row, body);
    await refreshApproval(deps, client, approved, log);
    const outcome = await deps.signup.orders.execute(approved.id);
    await reportOutcome(deps, client, outcome, log, approved);
  };
}

function reject(deps: HandlerDeps) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, respond, client } = args;
    await ack();
    const click = await readClick(deps, args, 'signup-reject');
    if (!click) return;
    const { userId, log, ui, value, channelId } = click;
    const r = await deps.signup.approvals.reject({ id: value.id, userId, channelId });
    if (r.kind !== 'rejected') {
      const refusal = decisionRefusal(ui, r, signupRefusals('reject'));
      if (refusal) await replyTo(respond, refusal);
      return;
    }
    await refreshApproval(deps, client, withMessage(r.row, body), log);
  };
}

/** A plan chosen in the form: periods (with prices) and images follow it. */
function planChosen(deps: HandlerDeps) {
  return async ({ ack, body, action, client }: SelectArgs): Promise<void> => {
    await ack();
    const view = body.view;
    const meta = decodePayload(signupModalPayload, view?.private_metadata);
    if (!view || !meta) return;
    const ui = await deps.ui(body.user.id);
    try {
      const catalogue = await deps.signup.quotes.catalogue();
      await client.views.update({
        view_id: view.id,
        // The hash makes Slack refuse the update if the view changed meanwhile (a newer choice wins).
        hash: view.hash,
        view: signupModalView(ui, catalogue, {
          channelId: meta.channelId,
          planId: action.selected_option.value,
        }),
      });
    } catch (err) {
      deps.logger.info({ err: slackFailure(err) }, 'signup form not updated for the chosen plan');
    }
  };
}

/**
 * "Show the root password", in a direct message that holds none: the password
 * is read from its seal for the requester alone and shown once in a private
 * window (a modal), while the order still needs it.
 */
function showPassword(deps: HandlerDeps) {
  return async ({ ack, body, action, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const userId = body.user.id;
    const ui = await deps.ui(userId);
    const payload = decodePayload(signupButtonPayload, action.value);
    const r = payload
      ? await deps.signup.orders.revealPassword({ id: payload.id, userId })
      : ({ kind: 'not_yours' } as const);
    if (r.kind !== 'shown') {
      await replyTo(
        respond,
        textView(ui.t(r.kind === 'gone' ? 'signup.password.gone' : 'signup.password.not_yours')),
      );
      return;
    }
    const shown = signupPasswordMessage(ui, r.serverName, r.password);
    try {
      await client.views.open({ trigger_id: body.trigger_id, view: signupNoticeView(ui, shown.text) });
    } catch (err) {
      deps.logger.warn({ err: slackFailure(err) }, 'password window not opened');
      await replyTo(respond, textView(ui.t('signup.password.window_failed')));
    }
  };
}

export function registerSignupActions(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.approve, approve(deps));
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.reject, reject(deps));
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.showPassword, showPassword(deps));
  app.action<BlockAction<StaticSelectAction>>(
    { action_id: 'plan_id', block_id: signupBlockId('plan_id') },
    planChosen(deps),
  );
}
