/**
 * `/vps renewals`, `/vps renewal set <server> <YYYY-MM-DD>`, `/vps renewal clear <server>`.
 */

import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { renewalChangeView } from '../../../src/slack/views/renewals/change.ts';
import { renewalListView } from '../../../src/slack/views/renewals/list.ts';
import { announce } from '../../kit.ts';
import type { CommandTable } from '../command.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const RENEWAL_WRITES: readonly VpsCommand['name'][] = ['renewal_set', 'renewal_clear'];

export const renewalCommands: CommandTable<VpsCommand, 'renewals' | 'renewal_set' | 'renewal_clear'> = {
  async renewals({ deps, actor, ui, reply }) {
    await reply(renewalListView(ui, await deps.renewals.list(actor)));
  },
  // A date decides when reminders come, and where: the channel hears it, in its own language.
  async renewal_set({ deps, actor, reply, client, log }, c) {
    const change = await deps.renewals.set(actor, c.server, c.date);
    const m = renewalChangeView(deps.channelUi, change, actor.userId, actor.channelId);
    await announce(client, actor.channelId, m, reply, log);
  },
  async renewal_clear({ deps, actor, ui, reply, client, log }, c) {
    const change = await deps.renewals.clear(actor, c.server);
    if (!change.changed) {
      await reply(renewalChangeView(ui, change, actor.userId, actor.channelId));
      return;
    }
    const m = renewalChangeView(deps.channelUi, change, actor.userId, actor.channelId);
    await announce(client, actor.channelId, m, reply, log);
  },
};
