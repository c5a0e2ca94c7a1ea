/**
 * The approval message's buttons.
 *
 * Approve: ack, then the service decides (live role, self-approval, expiry,
 * one conditional UPDATE); a click that did not win is told why, alone. The
 * winner's click redraws the message in place (who approved, what happens
 * now), runs the order, says the outcome in the thread and redraws the message
 * again. A price change posts a new approval request at the new price.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { decisionRefusal } from '../../../src/slack/decision-text.ts';
import { SIGNUP_IDS } from '../../../src/slack/ids.ts';
import { decodePayload, signupButtonPayload } from '../../../src/slack/payloads.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { signupRefusals } from '../../../src/slack/views/signup/requester.ts';
import { approvalView, refreshApproval, reportOutcome } from '../../../src/workers/posting/signup-posts.ts';
import type { HandlerDeps } from '../../deps.ts';
import { answerClick, clickedFromHome } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';

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
    await answerClick(args, ui, textView(ui.t('signup.click.not_found')), log);
    return undefined;
  }
  // A click without a channel matches no request's channel, and is refused by the service; from
  // the App Home it counts in the request's channel when the clicker may read it.
  const fromHome = clickedFromHome(args.body);
  return { userId, log, ui, value, channelId: args.body.channel?.id ?? '', fromHome };
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
    const { ack, body, client } = args;
    await ack();
    const click = await readClick(deps, args, 'signup-approve');
    if (!click) return;
    const { userId, log, ui, value, channelId, fromHome } = click;
    const result = await deps.signup.approvals.approve({
      id: value.id,
      approverId: userId,
      shownPrice: value.price,
      channelId,
      fromHome,
    });
    if (result.kind !== 'approved') {
      const refusal = decisionRefusal(ui, result, signupRefusals('approve'));
      if (refusal) await answerClick(args, ui, refusal, log);
      if (result.kind === 'expired') await refreshApproval(deps, client, withMessage(result.row, body), log);
      return;
    }
    const approved = withMessage(result.row, body);
    await refreshApproval(deps, client, approved, log);
    // From the App Home, the clicker sees the request as decided where they clicked, too.
    if (fromHome) await answerClick(args, ui, await approvalView(deps, ui, approved), log);
    const outcome = await deps.signup.orders.execute(approved.id);
    await reportOutcome(deps, client, outcome, log, approved);
  };
}

function reject(deps: HandlerDeps) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, client } = args;
    await ack();
    const click = await readClick(deps, args, 'signup-reject');
    if (!click) return;
    const { userId, log, ui, value, channelId, fromHome } = click;
    const r = await deps.signup.approvals.reject({ id: value.id, userId, channelId, fromHome });
    if (r.kind !== 'rejected') {
      const refusal = decisionRefusal(ui, r, signupRefusals('reject'));
      if (refusal) await answerClick(args, ui, refusal, log);
      return;
    }
    await refreshApproval(deps, client, withMessage(r.row, body), log);
    if (fromHome) await answerClick(args, ui, await approvalView(deps, ui, r.row), log);
  };
}

export function registerSignupApprovalButtons(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.approve, approve(deps));
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.reject, reject(deps));
}
