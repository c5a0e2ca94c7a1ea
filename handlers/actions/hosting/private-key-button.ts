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
import { button, type HandlerDeps, showInWindow } from '../../kit.ts';

/**
 * The key is taken from its seal for its requester alone (anyone else, and
 * any other click while it is out, finds nothing there: several clicks at
 * once or Slack's retry show it once) and shown in a private window; once
 * shown it is destroyed, and the message no longer offers it. A window Slack
 * would not open gives it back, to press again until it expires.
 */
export function registerHostingPrivateKeyButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    HOSTING_IDS.showPrivateKey,
    button(
      deps,
      'private key button',
      async (ctx) => {
        const { deps, actor, ui, value, reply } = ctx;
        const payload = decodePayload(privateKeyButtonPayload, value);
        const r = payload
          ? await deps.hosting.privateKeys.take(actor, payload.id)
          : ({ kind: 'gone' } as const);
        if (r.kind !== 'shown' || !payload) {
          await reply(textView(ui.t('hosting.key.gone')));
          return;
        }
        try {
          const retry = textView(ui.t('hosting.key.window_failed'));
          const giveBack = () => deps.hosting.privateKeys.giveBack(actor, payload.id);
          if (!(await showInWindow(ctx, privateKeyModalView(ui, r), retry, giveBack))) return;
          await deps.hosting.privateKeys.shown(actor, payload.id, r);
          await reply(privateKeyShownView(ui, r), { inPlace: true });
        } finally {
          deps.hosting.writes.forgetSecret(r.privateKey);
        }
      },
      { retry: false, inPlace: false },
    ),
  );
}
