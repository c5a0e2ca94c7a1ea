/**
 * `/vps watch <server|all> [#channel]`, `/vps unwatch …`, `/vps watches [#channel]`,
 * `/vps mute <server|all> <duration> [#channel]`, `/vps unmute [server|all] [#channel]`,
 * `/vps incidents`.
 */

import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import {
  muteChangeView,
  subscriptionChangeView,
  subscriptionListView,
} from '../../../src/slack/views/watch/command-answers.ts';
import { incidentListView } from '../../../src/slack/views/watch/incident-list.ts';
import { announce, type CommandTable } from '../../kit.ts';
import { watchHere } from './watch-here.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const WATCH_WRITES: readonly VpsCommand['name'][] = ['watch', 'unwatch', 'mute', 'unmute'];

export const watchCommands: CommandTable<
  VpsCommand,
  'watch' | 'unwatch' | 'watches' | 'mute' | 'unmute' | 'incidents'
> = {
  async watch(ctx, c) {
    await watchHere(ctx, c.channelId, (channelId, reach) =>
      ctx.deps.subscriptions.watch(ctx.actor, c.target, channelId, reach),
    );
  },
  async unwatch({ deps, actor, ui, reply }, c) {
    const result = await deps.subscriptions.unwatch(actor, c.target, c.channelId ?? actor.channelId);
    await reply(subscriptionChangeView(ui, 'unwatch', result));
  },
  async watches({ deps, actor, ui, reply }, c) {
    await reply(subscriptionListView(ui, await deps.subscriptions.list(actor, c.channelId)));
  },
  // A mute changes what the whole channel is notified of: the channel hears it, in its own language.
  async mute({ deps, actor, ui, reply, client, log }, c) {
    const result = await deps.subscriptions.mute(
      actor,
      c.target,
      c.durationMs,
      c.channelId ?? actor.channelId,
    );
    await announce(
      client,
      result.channelId,
      muteChangeView(deps.channelUi, result, actor.userId),
      reply,
      log,
    );
    if (result.channelId !== actor.channelId) await reply(muteChangeView(ui, result, actor.userId));
  },
  async unmute({ deps, actor, ui, reply, client, log }, c) {
    const result = await deps.subscriptions.unmute(actor, c.target, c.channelId ?? actor.channelId);
    if (!result.changed) {
      await reply(muteChangeView(ui, result, actor.userId));
      return;
    }
    await announce(
      client,
      result.channelId,
      muteChangeView(deps.channelUi, result, actor.userId),
      reply,
      log,
    );
    if (result.channelId !== actor.channelId) await reply(muteChangeView(ui, result, actor.userId));
  },
  // The open alarms, to the person who asks: each with "I'm on it" and the server's card.
  async incidents({ deps, actor, ui, reply }) {
    await reply(incidentListView(ui, await deps.incidents.open(actor)));
  },
};
