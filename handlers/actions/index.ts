import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTIONS } from '../../src/slack/ids.ts';
import type { HandlerDeps } from '../deps.ts';
import { cardEdit, cardRefresh } from './card-buttons.ts';
import { listPage, logsMore } from './pagers.ts';

export function registerActions(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardRefresh, cardRefresh(deps));
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardRename, cardEdit(deps, 'name'));
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardMemo, cardEdit(deps, 'memo'));
  app.action<BlockAction<ButtonAction>>(ACTIONS.cardRdns, cardEdit(deps, 'rdns'));
  // Pager buttons carry `:prev` / `:next` so two of them can share a block.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${ACTIONS.listPage}:`), listPage(deps));
  app.action<BlockAction<ButtonAction>>(ACTIONS.logsMore, logsMore(deps));
}
