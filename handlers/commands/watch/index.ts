/** `/vps watch <server|all> [#channel]`, `/vps unwatch …`, `/vps watches [#channel]`. */

import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import {
  subscriptionChangeView,
  subscriptionListView,
} from '../../../src/slack/views/watch/notifications.ts';
import type { CommandTable } from '../command.ts';

export const watchCommands: CommandTable<VpsCommand, 'watch' | 'unwatch' | 'watches'> = {
  async watch({ deps, actor, ui, reply }, c) {
    const result = await deps.subscriptions.watch(actor, c.target, c.channelId ?? actor.channelId);
    await reply(subscriptionChangeView(ui, 'watch', result));
  },
  async unwatch({ deps, actor, ui, reply }, c) {
    const result = await deps.subscriptions.unwatch(actor, c.target, c.channelId ?? actor.channelId);
    await reply(subscriptionChangeView(ui, 'unwatch', result));
  },
  async watches({ deps, actor, ui, reply }, c) {
    await reply(subscriptionListView(ui, await deps.subscriptions.list(actor, c.channelId)));
  },
};
