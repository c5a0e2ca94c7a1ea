/**
 * A watcher alert's mute button: mutes the alert's server in the alert's
 * channel for a while (what `/vps mute <server> 1h` does), announced in the
 * channel; the alert itself stays as it is. The server card button is the
 * servers feature's (`ACTIONS.cardShow`).
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { WATCH_IDS } from '../../../src/slack/ids.ts';
import { decodePayloadOrThrow, mutePayload } from '../../../src/slack/payloads.ts';
import { muteChangeView } from '../../../src/slack/views/watch/command-answers.ts';
import { announce, button, type HandlerDeps } from '../../kit.ts';

export function registerWatchMuteButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    WATCH_IDS.mute,
    button(
      deps,
      'mute button',
      async ({ deps, actor, value, client, log, reply }) => {
        // Pressed where no channel is (a forged click from the App Home), it names none: the service refuses it.
        const v = decodePayloadOrThrow(mutePayload, value, 'mute button value');
        const result = await deps.subscriptions.mute(actor, v.u, v.s * 1000, actor.channelId);
        const m = muteChangeView(deps.channelUi, result, actor.userId);
        await announce(client, result.channelId, m, reply, log);
      },
      // A mute is a change: a retried delivery must not announce it twice, even with the store down.
      { retry: 'write', inPlace: false },
    ),
  );
}
