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
    await showInWindow(
      client,
      body.trigger_id,
      signupNoticeView(ui, shown.text),
      respond,
      textView(ui.t('signup.password.window_failed')),
      deps.logger,
    );
  };
}

export function registerSignupPasswordButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(SIGNUP_IDS.showPassword, showPassword(deps));
}
