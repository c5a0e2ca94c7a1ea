/** The server card's buttons and the pagers of the server list and the API log. */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { ChangeField } from '../../../src/services/servers/index.ts';
import { ACTIONS } from '../../../src/slack/ids.ts';
import { decodePayloadOrThrow, listPagePayload, logsMorePayload } from '../../../src/slack/payloads.ts';
import { logsView } from '../../../src/slack/views/servers/logs.ts';
import { serverCardView } from '../../../src/slack/views/servers/server-card.ts';
import { serverListView } from '../../../src/slack/views/servers/server-list.ts';
import { button, type HandlerDeps } from '../../kit.ts';
import { openChangeForm } from '../../open-change-form.ts';

export function registerServersButtons(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    ACTIONS.cardRefresh,
    button(deps, 'card refresh', async ({ deps, actor, ui, value, reply }) => {
      // Refresh asks the provider again, whatever the card's age.
      const card = await deps.servers.card(actor, value ?? '', { refresh: true });
      await reply(serverCardView(ui, card.detail, { canEdit: card.canEdit, readAt: card.readAt }));
    }),
  );
  // A watcher alert's "Server card": the card for the clicker alone; the alert stays for everyone.
  app.action<BlockAction<ButtonAction>>(
    ACTIONS.cardShow,
    button(
      deps,
      'server card',
      async ({ deps, actor, ui, value, reply }) => {
        const card = await deps.servers.card(actor, value ?? '');
        await reply(serverCardView(ui, card.detail, { canEdit: card.canEdit, readAt: card.readAt }));
      },
      { inPlace: false },
    ),
  );
  const edit = (field: ChangeField) =>
    button(deps, 'opening the change form', (ctx) => openChangeForm(ctx, field, ctx.value ?? ''));
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardRename, edit('name'));
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardMemo, edit('memo'));
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardRdns, edit('rdns'));
  // Pager buttons carry `:prev` / `:next` so two of them can share a block.
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${ACTIONS.listPage}:`),
    button(deps, 'list page', async ({ deps, actor, ui, value, reply }) => {
      const state = decodePayloadOrThrow(listPagePayload, value, 'list pager value');
      const list = await deps.servers.list(actor, state.f);
      await reply(
        serverListView(ui, [...list.servers, ...list.malformed], state.f, state.p, {
          readAgeMs: deps.clock.now().getTime() - list.readAt.getTime(),
        }),
      );
    }),
  );
  app.action<BlockAction<ButtonAction>>(
    ACTIONS.logsMore,
    button(deps, 'logs page', async ({ deps, actor, ui, value, reply }) => {
      const state = decodePayloadOrThrow(logsMorePayload, value, 'logs pager value');
      await reply(logsView(ui, await deps.servers.logs(actor, state.f, state.c), state.f));
    }),
  );
}
