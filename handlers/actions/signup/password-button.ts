/**
 * The generated root password's button, on the direct message sent when the
 * order form was closed before it could show the password.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { SIGNUP_IDS } from '../../../src/slack/ids.ts';
import { decodePayload, signupButtonPayload } from '../../../src/slack/payloads.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import { signupNoticeView } from '../../../src/slack/views/signup/modal.ts';
import { signupPasswordMessage } from '../../../src/slack/views/signup/requester.ts';
import type { HandlerDeps } from '../../deps.ts';
import { replyTo, showInWindow } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';

const REFUSED = {
  gone: 'signup.password.gone',
  not_yours: 'signup.password.not_yours',
  shown_before: 'signup.password.shown_before',
} as const;

/**
 * "Show the root password", in a direct message that holds none: the password
 * is taken from its seal for the requester alone and shown once in a private
 * window (a modal), while the order still needs it; several clicks at once or
 * Slack's retry of one show it once, and a window Slack would not open gives
 * it back, to press again.
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
    if (r.kind !== 'shown' || !payload) {
      await replyTo(respond, textView(ui.t(REFUSED[r.kind === 'shown' ? 'not_yours' : r.kind])));
      return;
    }
    const who = { id: payload.id, userId };
    const shown = signupPasswordMessage(ui, r.serverName, r.password);
    const opened = await showInWindow(
      client,
      body.trigger_id,
      signupNoticeView(ui, shown.text),
      respond,
      textView(ui.t('signup.password.window_failed')),
      deps.logger,
      () => deps.signup.orders.givePasswordBack(who),
    );
    if (opened) await deps.signup.orders.passwordShown(who);
  };
}

export function registerSignupPasswordButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.showPassword, showPassword(deps));
}
