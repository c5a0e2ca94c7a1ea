/**
 * "Show the private key", on the direct message sent when a generated SSH
 * private key could be shown neither in its requester's answer nor
 * ephemerally (commands/hosting: ssh key generate).
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import { decodePayload, privateKeyButtonPayload } from '../../../src/slack/payloads.ts';
import { privateKeyModalView, privateKeyShownView } from '../../../src/slack/views/hosting/writes.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import type { HandlerDeps } from '../../deps.ts';
import { replyTo, showInWindow } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';

/**
 * The key is taken from its seal for its requester alone (anyone else, and
 * any other click while it is out, finds nothing there: several clicks at
 * once or Slack's retry show it once) and shown in a private window; once
 * shown it is destroyed, and the message no longer offers it. A window Slack
 * would not open gives it back, to press again until it expires.
 */
function showPrivateKey(deps: HandlerDeps) {
  return async ({ ack, body, action, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const actor = { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
    const log = deps.logger.child({ component: 'private-key-button', user: actor.userId });
    const ui = await deps.ui(actor.userId);
    const payload = decodePayload(privateKeyButtonPayload, action.value);
    const r = payload ? await deps.hosting.privateKeys.take(actor, payload.id) : ({ kind: 'gone' } as const);
    if (r.kind !== 'shown' || !payload) {
      await replyTo(respond, textView(ui.t('hosting.key.gone'))).catch(() => undefined);
      return;
    }
    try {
      const retry = textView(ui.t('hosting.key.window_failed'));
      const giveBack = () => deps.hosting.privateKeys.giveBack(actor, payload.id);
      const view = privateKeyModalView(ui, r);
      if (!(await showInWindow(client, body.trigger_id, view, respond, retry, log, giveBack))) return;
      await deps.hosting.privateKeys.shown(actor, payload.id, r);
      await replyTo(respond, privateKeyShownView(ui, r), { replaceOriginal: true }).catch(() => undefined);
    } finally {
      deps.hosting.writes.forgetSecret(r.privateKey);
    }
  };
}

export function registerHostingPrivateKeyButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(HOSTING_IDS.showPrivateKey, showPrivateKey(deps));
}
