/**
 * `/vps signup` (open the order form) and `/vps signups` (recent quotes and
 * orders). The one `/vps` listener (handlers/commands/vps.ts) routes these two
 * words here.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import { ServiceError } from '../../src/services/errors.ts';
import { listSignups, loadCatalogue, mayRequestSignup } from '../../src/services/signup/index.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import { signupQuoteRefusal } from '../../src/slack/views/signup-approval.ts';
import { SIGNUP_LIST_MAX, signupListView } from '../../src/slack/views/signup-list.ts';
import {
  signupLoadingView,
  signupModalView,
  signupNoticeView,
  st,
} from '../../src/slack/views/signup-modal.ts';
import { errorText, type SignupHandlerDeps } from '../signup-deps.ts';

export interface SignupCommandInput {
  userId: string;
  channelId: string;
  triggerId: string;
}

async function reply(respond: RespondFn, m: { text: string; blocks: unknown[] }): Promise<void> {
  await respond({ response_type: 'ephemeral', text: m.text, blocks: m.blocks as never });
}

/**
 * Opens the form at once (a trigger id lives 3 s) with a loading notice, then
 * fills it from the catalogue. Someone who may not order is told so instead.
 */
export async function openSignupModal(
  deps: SignupHandlerDeps,
  client: webApi.WebClient,
  respond: RespondFn,
  input: SignupCommandInput,
): Promise<void> {
  const log = deps.logger.child({ component: 'signup-command', user: input.userId });
  const ui = await deps.ui(input.userId);
  const refusal = await mayRequestSignup(deps.signup, input.userId, input.channelId);
  if (refusal) {
    await reply(respond, signupQuoteRefusal(ui, refusal));
    return;
  }
  let viewId: string | undefined;
  try {
    const opened = await client.views.open({
      trigger_id: input.triggerId,
      view: signupLoadingView(ui, input.channelId),
    });
    viewId = opened.view?.id;
  } catch (err) {
    log.warn({ err: errorText(err) }, 'signup form not opened');
    return;
  }
  if (!viewId) return;
  try {
    const catalogue = await loadCatalogue(deps.signup);
    await client.views.update({
      view_id: viewId,
      view: signupModalView(ui, catalogue, { channelId: input.channelId }),
    });
  } catch (err) {
    const reason = err instanceof ServiceError ? signupQuoteRefusal(ui, err).text : errorText(err);
    log.warn({ err: errorText(err) }, 'signup form not filled');
    await client.views
      .update({ view_id: viewId, view: signupNoticeView(ui, st(ui, 'signup.modal.failed', { reason })) })
      .catch(() => undefined);
  }
}

/** `/vps signups`: the channel's recent quotes and orders, to the asker alone. */
export async function showSignups(
  deps: SignupHandlerDeps,
  respond: RespondFn,
  input: Pick<SignupCommandInput, 'userId' | 'channelId'>,
): Promise<void> {
  const ui: Ui = await deps.ui(input.userId);
  const rows = await listSignups(deps.signup, { channelId: input.channelId, limit: SIGNUP_LIST_MAX });
  const plans = await loadCatalogue(deps.signup)
    .then((c) => c.plans)
    .catch(() => []);
  await reply(respond, signupListView(ui, rows, plans));
}
