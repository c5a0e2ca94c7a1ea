/**
 * Every global shortcut's listener: ack at once, drop a retried delivery,
 * and hand the person (who is in no channel: a global shortcut is opened from
 * Slack's composer or search) to the shortcut's handler, which opens its
 * modal with the trigger id while it lives (3 s).
 */
import type { webApi } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { Logger } from '../../src/log.ts';
import type { Actor } from '../../src/services/access/index.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import type { HandlerDeps } from '../deps.ts';
import { firstDelivery, slackFailure, uiWithin } from '../kit.ts';
import type { GlobalShortcutArgs } from '../listener-args.ts';

/** How long the person's language may take to read before the bot's default is used: the trigger id lives 3 s. */
const UI_WAIT_MS = 1_000;

export interface ShortcutUse {
  /** The person; their own id stands for the channel, as in a direct message with the bot. */
  actor: Actor;
  ui: Ui;
  log: Logger;
  client: webApi.WebClient;
  triggerId: string;
  /** Opens a modal with the shortcut's trigger id (once); a failure is logged. */
  open(view: ModalView): Promise<void>;
}

export function globalShortcut(deps: HandlerDeps, run: (use: ShortcutUse) => Promise<void>) {
  return async ({ ack, shortcut, client }: GlobalShortcutArgs): Promise<void> => {
    await ack();
    if (!(await firstDelivery(deps, `shortcut:${shortcut.trigger_id}`, 'read'))) return;
    const userId = shortcut.user.id;
    const log = deps.logger.child({ component: 'shortcut', shortcut: shortcut.callback_id, user: userId });
    const ui = await uiWithin(deps, userId, UI_WAIT_MS);
    const open = async (view: ModalView) => {
      await client.views.open({ trigger_id: shortcut.trigger_id, view }).then(
        () => undefined,
        (err: unknown) => log.warn({ err: slackFailure(err) }, 'shortcut modal not opened'),
      );
    };
    try {
      await run({
        actor: { userId, channelId: userId },
        ui,
        log,
        client,
        triggerId: shortcut.trigger_id,
        open,
      });
    } catch (err) {
      log.error({ err }, 'shortcut failed');
    }
  };
}
