/**
 * A watcher alert's mute button: mutes the alert's server in the alert's
 * channel for a while (what `/vps mute <server> 1h` does), said in the
 * channel; the alert itself stays as it is. The server card button is the
 * servers feature's (`ACTIONS.cardShow`).
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { WATCH_IDS } from '../../../src/slack/ids.ts';
import { decodePayloadOrThrow, mutePayload } from '../../../src/slack/payloads.ts';
import { muteChangeView } from '../../../src/slack/views/watch/command-answers.ts';
import type { HandlerDeps } from '../../deps.ts';
import { announce, answerClick, clickActor, failureReply, firstDelivery, replyTo } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';

export function registerWatchMuteButton(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    WATCH_IDS.mute,
    async ({ ack, body, action, respond, client }: ButtonArgs) => {
      await ack();
      // A mute is a change: a retried delivery must not announce it twice, even with the store down.
      if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'write'))) return;
      // Pressed where no channel is (a forged click from the App Home), it names none: the service refuses it.
      const actor = clickActor(body);
      const log = deps.logger.child({ component: 'watch-action', user: actor.userId });
      const ui = await deps.ui(actor.userId);
      try {
        const v = decodePayloadOrThrow(mutePayload, action.value, 'mute button value');
        const result = await deps.subscriptions.mute(actor, v.u, v.s * 1000, actor.channelId);
        await announce(
          client,
          result.channelId,
          muteChangeView(deps.channelUi, result, actor.userId),
          (m) => replyTo(respond, m),
          log,
        );
      } catch (err) {
        await answerClick({ body, respond, client }, ui, failureReply(log, ui, err, 'mute button'), log);
      }
    },
  );
}
