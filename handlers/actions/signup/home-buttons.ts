/**
 * The buttons only the App Home has: "Order a VPS" opens the order form as
 * the Order a VPS shortcut does (outside any channel: the form asks for the
 * channel its approval request goes to), and "Price list" shows `/vps plans`
 * in a window. The Home's other buttons (approvals, claims, cards) are the
 * channel's own, and their listeners serve the Home too.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { HOME_IDS } from '../../../src/slack/ids.ts';
import { priceListView } from '../../../src/slack/views/signup/price-list.ts';
import type { HandlerDeps } from '../../deps.ts';
import { answerClick } from '../../kit.ts';
import { openSignupForm } from '../../open-signup-form.ts';
import { readButton } from '../../read-button.ts';

export function registerSignupHomeButtons(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<ButtonAction>>(
    HOME_IDS.orderVps,
    readButton(deps, 'opening the order form', async ({ actor, ui, args }) => {
      const log = deps.logger.child({ component: 'home', user: actor.userId });
      await openSignupForm(deps, {
        client: args.client,
        triggerId: args.body.trigger_id,
        actor,
        ui,
        log,
        placeless: true,
        // Someone who may not order is told so in a window (a Home click has no response_url).
        reply: (m) => answerClick(args, ui, m, log),
      });
      return undefined;
    }),
  );
  app.action<BlockAction<ButtonAction>>(
    HOME_IDS.priceList,
    readButton(deps, 'price list', async ({ actor, ui }) =>
      priceListView(ui, await deps.signup.reads.plans(actor), 0, deps.clock.now()),
    ),
  );
}
