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
import { answerClick } from '../../kit.ts';
import { openSignupForm } from '../../open-signup-form.ts';
import { readButton } from '../../read-button.ts';

export function registerSignupPriceListButtons(app: App, deps: HandlerDeps): void {
  // Each plan's button carries `:<plan_id>`, and the pager's `:prev` / `:next`: ids unique in the message.
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${SIGNUP_IDS.orderPlan}:`),
    readButton(deps, 'opening the order form', async ({ actor, ui, value, args }) => {
      const { plan } = decodePayloadOrThrow(planOrderPayload, value, 'plan order value');
      const log = deps.logger.child({ component: 'price-list', user: actor.userId });
      await openSignupForm(deps, {
        client: args.client,
        triggerId: args.body.trigger_id,
        actor,
        ui,
        log,
        // The price list stays where it is: a refusal is a message of its own.
        reply: (m) => answerClick(args, ui, m, log),
        planId: plan,
      });
      return undefined;
    }),
  );
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${SIGNUP_IDS.plansPage}:`),
    readButton(deps, 'price list page', async ({ actor, ui, value }) => {
      const { p } = decodePayloadOrThrow(plansPagePayload, value, 'price list pager value');
      return priceListView(ui, await deps.signup.reads.plans(actor), p, deps.clock.now());
    }),
  );
}
