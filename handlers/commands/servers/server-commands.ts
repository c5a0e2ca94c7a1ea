/** `/vps help | list | show | power | rename | memo | rdns | logs | me | audit`. */

import { changeValue } from '../../../src/services/servers/index.ts';
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import { announceView, powerView } from '../../../src/slack/views/messages.ts';
import { auditView } from '../../../src/slack/views/servers/audit.ts';
import { helpTopicView, helpView } from '../../../src/slack/views/servers/help.ts';
import { logsView } from '../../../src/slack/views/servers/logs.ts';
import { meView } from '../../../src/slack/views/servers/me.ts';
import { serverCardView } from '../../../src/slack/views/servers/server-card.ts';
import { serverListView } from '../../../src/slack/views/servers/server-list.ts';
import { announce, type CommandTable } from '../../kit.ts';
import { openChangeForm } from '../../open-change-form.ts';

/** Words that change something: a retried delivery of one of these is never answered twice. */
export const SERVERS_WRITES: readonly VpsCommand['name'][] = ['change'];

export const serversCommands: CommandTable<
  VpsCommand,
  'help' | 'list' | 'show' | 'power' | 'change' | 'logs' | 'me' | 'audit'
> = {
  async help({ deps, actor, ui, reply }, c) {
    if (c.topic) {
      await reply(helpTopicView(ui, c.topic));
      return;
    }
    await reply(helpView(ui, await deps.access.capabilities(actor)));
  },
  async list({ deps, actor, ui, reply }, c) {
    const list = await deps.servers.list(actor, c.filter);
    const readAgeMs = deps.clock.now().getTime() - list.readAt.getTime();
    await reply(serverListView(ui, [...list.servers, ...list.malformed], c.filter, c.page, { readAgeMs }));
  },
  async show({ deps, actor, ui, reply }, c) {
    const card = await deps.servers.card(actor, c.server);
    await reply(serverCardView(ui, card.detail, { canEdit: card.canEdit, readAt: card.readAt }));
  },
  async power({ deps, actor, ui, reply }, c) {
    const r = await deps.servers.power(actor, c.server);
    await reply(powerView(ui, r.server.name, r.power, r.at));
  },
  async change(ctx, c) {
    const { deps, actor, log, client, reply } = ctx;
    if (c.value === undefined) {
      await openChangeForm(ctx, c.field, c.server);
      return;
    }
    const result = await deps.servers.change(actor, c.field, c.server, changeValue(c.field, c.value));
    await announce(client, actor.channelId, announceView(deps.channelUi, actor.userId, result), reply, log);
  },
  async logs({ deps, actor, ui, reply }, c) {
    await reply(logsView(ui, await deps.servers.logs(actor, c.filter), c.filter));
  },
  async me({ deps, actor, ui, reply }) {
    const r = await deps.servers.me(actor);
    await reply(meView(ui, r.key, r.role, deps.clock.now(), r.daily, r.vpsNames, r.expectedClients));
  },
  async audit({ deps, actor, ui, reply }, c) {
    const r = await deps.servers.audit(actor, c.server);
    await reply(auditView(ui, r.entries, r.server));
  },
};
