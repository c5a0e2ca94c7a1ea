/**
 * `/hosting [server] watch [#channel]` and `/hosting [server] unwatch [#channel]`:
 * a channel subscribes to a hosting server as `/vps watch` does for servers.
 */
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import { subscriptionChangeView } from '../../../src/slack/views/watch/command-answers.ts';
import type { CommandTable } from '../../kit.ts';
import { watchHere } from './watch-here.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const HOSTING_WATCH_WRITES: readonly HostingCommand['name'][] = ['watch', 'unwatch'];

export const hostingWatchCommands: CommandTable<HostingCommand, 'watch' | 'unwatch'> = {
  async watch(ctx, c) {
    await watchHere(ctx, c.channelId, (channelId, reach) =>
      ctx.deps.subscriptions.watchHosting(ctx.actor, c.server, channelId, reach),
    );
  },
  async unwatch({ deps, actor, ui, reply }, c) {
    const r = await deps.subscriptions.unwatchHosting(actor, c.server, c.channelId ?? actor.channelId);
    await reply(subscriptionChangeView(ui, 'unwatch', r));
  },
};
