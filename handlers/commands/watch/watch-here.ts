/**
 * A watch asked for from a slash command (`/vps watch`, `/hosting watch`):
 * the bot must be able to post where the alerts go. The check is an
 * ephemeral message to the person in that channel: in this channel it is the
 * answer itself, elsewhere a line saying the bot can post there.
 */
import type { ChannelReach, SubscriptionChange } from '../../../src/services/watch/index.ts';
import { subscriptionChangeView, watchProbeView } from '../../../src/slack/views/watch/command-answers.ts';
import { type ListenerContext, probeChannel } from '../../kit.ts';

export async function watchHere(
  ctx: ListenerContext,
  named: string | undefined,
  subscribe: (
    channelId: string,
    reach: (change: SubscriptionChange) => Promise<ChannelReach>,
  ) => Promise<SubscriptionChange>,
): Promise<void> {
  const { actor, ui, reply } = ctx;
  const channelId = named ?? actor.channelId;
  const here = channelId === actor.channelId;
  let answered = false;
  const result = await subscribe(channelId, async (change) => {
    const m = here ? subscriptionChangeView(ui, 'watch', change) : watchProbeView(ui, change);
    const reach = await probeChannel(ctx, channelId, m);
    answered = here && reach === 'ok';
    return reach;
  });
  if (!answered) await reply(subscriptionChangeView(ui, 'watch', result));
}
