import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { ChangeField } from '../../src/services/command-parser.ts';
import { failureMessage } from '../../src/slack/error-text.ts';
import { serverCardView } from '../../src/slack/views/servers/server-card.ts';
import type { HandlerDeps } from '../deps.ts';
import { ephemeral, logFailure } from '../replies.ts';
import { openChangeModal } from '../views/change-modal-flow.ts';

export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function actorOf(body: BlockAction) {
  return { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
}

/** Refresh: the card again, power read now, in place of the old one. */
export function cardRefresh(deps: HandlerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await deps.deliveries.first('action', body.trigger_id))) return;
    const actor = actorOf(body);
    const ui = await deps.ui(actor.userId);
    try {
      const [detail, caps] = await Promise.all([
        deps.servers.show(actor, action.value ?? ''),
        deps.access.capabilities(actor),
      ]);
      const canEdit = caps.allowed.some((a) => a === 'rename' || a === 'memo' || a === 'rdns');
      await ephemeral(respond, serverCardView(ui, detail, { canEdit, readAt: deps.clock.now() }), true);
    } catch (err) {
      logFailure(deps.logger, err, 'card refresh');
      await ephemeral(respond, failureMessage(ui, err));
    }
  };
}

/** Rename / Edit memo / Set reverse DNS on the card: the form for that field. */
export function cardEdit(deps: HandlerDeps, field: ChangeField) {
  return async ({ ack, body, action, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await deps.deliveries.first('action', body.trigger_id))) return;
    const actor = actorOf(body);
    const ui = await deps.ui(actor.userId);
    try {
      await openChangeModal(deps, client, body.trigger_id, actor, field, action.value ?? '', ui);
    } catch (err) {
      // views.open itself failed (an expired trigger, Slack down): say so where the card is.
      logFailure(deps.logger, err, 'opening the change form');
      await ephemeral(respond, failureMessage(ui, err));
    }
  };
}
