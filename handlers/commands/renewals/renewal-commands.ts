/**
 * `/vps renewals`, `/vps renewal set <server> <YYYY-MM-DD>`, `/vps renewal clear <server>`.
 */

import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { renewalChangeView } from '../../../src/slack/views/renewals/change.ts';
import { renewalListView } from '../../../src/slack/views/renewals/list.ts';
import { type CommandTable, probeChannel } from '../../kit.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const RENEWAL_WRITES: readonly VpsCommand['name'][] = ['renewal_set', 'renewal_clear'];

export const renewalCommands: CommandTable<VpsCommand, 'renewals' | 'renewal_set' | 'renewal_clear'> = {
  async renewals({ deps, actor, ui, reply }) {
    await reply(renewalListView(ui, await deps.renewals.list(actor)));
  },
  // The bot must be able to post where the reminders go: the check is the answer itself, shown to
  // the operator alone in this channel (a server ordered here keeps its order's channel).
  async renewal_set(ctx, c) {
    const { deps, actor, ui, reply } = ctx;
    let answered = false;
    const change = await deps.renewals.set(actor, c.server, c.date, async (preview) => {
      const m = renewalChangeView(ui, preview, actor.channelId);
      const reach = await probeChannel(ctx, actor.channelId, m);
      answered = reach === 'ok';
      return reach;
    });
    if (!answered) await reply(renewalChangeView(ui, change, actor.channelId));
  },
  async renewal_clear({ deps, actor, ui, reply }, c) {
    await reply(renewalChangeView(ui, await deps.renewals.clear(actor, c.server), actor.channelId));
  },
};
