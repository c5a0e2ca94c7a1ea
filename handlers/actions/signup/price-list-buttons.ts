/**
 * The price list's buttons: a plan's "Order this plan", which opens the order
 * form with that plan chosen (the person's role checked as for `/vps
 * signup`), and the pager, which shows another page of the same list.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { SIGNUP_IDS } from '../../../src/slack/ids.ts';
import { decodePayloadOrThrow, planOrderPayload, plansPagePayload } from '../../../src/slack/payloads.ts';
import { priceListView } from '../../../src/slack/views/signup/price-list.ts';
import type { HandlerDeps } from '../../deps.ts';
import { failureReply, firstDelivery, replyTo } from '../../kit.ts';
import type { ButtonArgs } from '../../listener-args.ts';
import { openSignupForm } from '../../open-signup-form.ts';

function orderPlan(deps: HandlerDeps) {
  return async ({ ack, body, action, respond, client }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'read'))) return;
    const actor = { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
    const log = deps.logger.child({ component: 'price-list', user: actor.userId });
    const ui = await deps.ui(actor.userId);
    try {
      const { plan } = decodePayloadOrThrow(planOrderPayload, action.value, 'plan order value');
      // The price list stays where it is: a refusal is a message of its own.
      const reply = (m: Parameters<typeof replyTo>[1]) => replyTo(respond, m);
      await openSignupForm(deps, { client, triggerId: body.trigger_id, actor, ui, log, reply, planId: plan });
    } catch (err) {
      await replyTo(respond, failureReply(log, ui, err, 'opening the order form'));
    }
  };
}

function plansPage(deps: HandlerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'read'))) return;
    const actor = { userId: body.user.id, channelId: body.channel?.id ?? body.user.id };
    const ui = await deps.ui(actor.userId);
    try {
      const { p } = decodePayloadOrThrow(plansPagePayload, action.value, 'price list pager value');
      const list = await deps.signup.reads.plans(actor);
      await replyTo(respond, priceListView(ui, list, p, deps.clock.now()), { replaceOriginal: true });
    } catch (err) {
      await replyTo(respond, failureReply(deps.logger, ui, err, 'price list page'));
    }
  };
}

export function registerSignupPriceListButtons(app: App, deps: HandlerDeps): void {
  // Each plan's button carries `:<plan_id>`, and the pager's `:prev` / `:next`: ids unique in the message.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${SIGNUP_IDS.orderPlan}:`), orderPlan(deps));
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${SIGNUP_IDS.plansPage}:`), plansPage(deps));
}
