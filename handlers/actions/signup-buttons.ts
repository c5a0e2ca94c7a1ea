/**
 * The approval message's buttons and the form's plan choice.
 *
 * Approve: ack, then the service decides (live role, self-approval, expiry,
 * one conditional UPDATE); a click that did not win is told why, alone. The
 * winner's click updates the message in place (who approved, what happens
 * now), runs the order, says the outcome in the thread and redraws the
 * message. A price change posts a new approval request at the new price.
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  StaticSelectAction,
  webApi,
} from '@slack/bolt';
import type { Logger } from '../../src/log.ts';
import {
  approveSignup,
  attachMessage,
  describeRow,
  type ExecuteOutcome,
  executeSignup,
  loadCatalogue,
  rejectSignup,
} from '../../src/services/signup/index.ts';
import { SIGNUP_IDS, signupBlockId } from '../../src/slack/ids.ts';
import type { Message } from '../../src/slack/views/format.ts';
import {
  parseButtonValue,
  signupApprovalMessage,
  signupApproveRefusal,
  signupOutcomeMessage,
  signupRejectRefusal,
} from '../../src/slack/views/signup-approval.ts';
import { parseSignupMeta, signupModalView, st } from '../../src/slack/views/signup-modal.ts';
import { errorText, postInThread, refreshApproval, type SignupHandlerDeps } from '../signup-deps.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type SelectArgs = SlackActionMiddlewareArgs<BlockAction<StaticSelectAction>> & AllMiddlewareArgs;

async function alone(respond: ButtonArgs['respond'], m: Message | undefined): Promise<void> {
  if (!m) return;
  await respond({ response_type: 'ephemeral', replace_original: false, text: m.text, blocks: m.blocks });
}

/**
 * What every click on an approval message starts with: who clicked, in their
 * language, which request the button names. An unreadable button value is
 * answered here (and yields undefined).
 */
async function readClick(deps: SignupHandlerDeps, args: ButtonArgs, component: string) {
  const userId = args.body.user.id;
  const log = deps.logger.child({ component, user: userId });
  const ui = await deps.ui(userId);
  const value = parseButtonValue(args.action.value);
  if (!value) {
    await alone(args.respond, { text: st(ui, 'signup.click.not_found'), blocks: [] });
    return undefined;
  }
  return { userId, log, ui, value, channelId: args.body.channel?.id };
}

export function signupApprove(deps: SignupHandlerDeps) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, respond, client } = args;
    await ack();
    const click = await readClick(deps, args, 'signup-approve');
    if (!click) return;
    const { userId, log, ui, value, channelId } = click;
    const result = await approveSignup(deps.signup, {
      id: value.id,
      approverId: userId,
      shownPrice: value.price,
      ...(channelId ? { channelId } : {}),
    });
    if (result.kind !== 'approved') {
      await alone(respond, signupApproveRefusal(ui, result));
      if (result.kind === 'expired') await refreshApproval(deps, client, withMessage(result.row, body), log);
      return;
    }
    const approved = withMessage(result.row, body);
    await refreshApproval(deps, client, approved, log);
    const outcome = await executeSignup(deps.signup, approved.id);
    await reportOutcome(deps, client, outcome, log, approved);
  };
}

/** The row with the clicked message's place, in case it was not recorded (posted by an older replica). */
function withMessage<T extends { messageTs: string | null; threadTs: string | null }>(
  row: T,
  body: BlockAction,
): T {
  const ts = body.message?.ts;
  if (row.messageTs || !ts) return row;
  return { ...row, messageTs: ts, threadTs: ts };
}

/** Thread message, message redrawn, and for a price change the new approval request. */
export async function reportOutcome(
  deps: SignupHandlerDeps,
  client: webApi.WebClient,
  outcome: ExecuteOutcome,
  log: Logger,
  fallback?: { messageTs: string | null; threadTs: string | null },
): Promise<void> {
  if (outcome.kind === 'not_executable' || !outcome.row) return;
  const row =
    fallback && !outcome.row.messageTs
      ? { ...outcome.row, messageTs: fallback.messageTs, threadTs: fallback.threadTs }
      : outcome.row;
  const m = signupOutcomeMessage(deps.channelUi, outcome);
  if (m) await postInThread(client, row, m, log);
  await refreshApproval(deps, client, row, log);
  if (outcome.kind === 'price_changed' && outcome.requote) {
    const re = outcome.requote;
    const am = signupApprovalMessage(deps.channelUi, { row: re, ...(await describeRow(deps.signup, re)) });
    try {
      const res = await client.chat.postMessage({ channel: re.channelId, text: am.text, blocks: am.blocks });
      if (res.ts) await attachMessage(deps.signup, re.id, { messageTs: res.ts });
    } catch (err) {
      log.warn({ signupId: re.id, err: errorText(err) }, 'new approval request not posted');
    }
  }
}

export function signupReject(deps: SignupHandlerDeps) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, respond, client } = args;
    await ack();
    const click = await readClick(deps, args, 'signup-reject');
    if (!click) return;
    const { userId, log, ui, value, channelId } = click;
    const r = await rejectSignup(deps.signup, { id: value.id, userId, ...(channelId ? { channelId } : {}) });
    if (r.kind !== 'rejected') {
      await alone(respond, signupRejectRefusal(ui, r));
      return;
    }
    await refreshApproval(deps, client, withMessage(r.row, body), log);
  };
}

/** A plan chosen in the form: periods (with prices) and images follow it. */
export function signupPlanChosen(deps: SignupHandlerDeps) {
  return async ({ ack, body, action, client }: SelectArgs): Promise<void> => {
    await ack();
    const view = body.view;
    const meta = parseSignupMeta(view?.private_metadata);
    if (!view || !meta) return;
    const ui = await deps.ui(body.user.id);
    try {
      const catalogue = await loadCatalogue(deps.signup);
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
      deps.logger.info({ err: errorText(err) }, 'signup form not updated for the chosen plan');
    }
  };
}

export function registerSignupActions(app: App, deps: SignupHandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.approve, signupApprove(deps));
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.reject, signupReject(deps));
  app.action<BlockAction<StaticSelectAction>>(
    { action_id: 'plan_id', block_id: signupBlockId('plan_id') },
    signupPlanChosen(deps),
  );
}
