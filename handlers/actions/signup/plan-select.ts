/** The order form's plan choice: the form is redrawn for the plan chosen. */
import type { App, BlockAction, StaticSelectAction } from '@slack/bolt';
import { signupBlockId } from '../../../src/slack/ids.ts';
import { decodePayload, signupModalPayload } from '../../../src/slack/payloads.ts';
import { signupModalView } from '../../../src/slack/views/signup/modal.ts';
import type { HandlerDeps } from '../../deps.ts';
import { slackFailure } from '../../kit.ts';
import type { SelectArgs } from '../../listener-args.ts';

/** A plan chosen in the form: periods (with prices) and images follow it. */
function planChosen(deps: HandlerDeps) {
  return async ({ ack, body, action, client }: SelectArgs): Promise<void> => {
    await ack();
    const view = body.view;
    const meta = decodePayload(signupModalPayload, view?.private_metadata);
    if (!view || !meta) return;
    const ui = await deps.ui(body.user.id);
    try {
      const catalogue = await deps.signup.quotes.catalogue({ for: { userId: body.user.id } });
      await client.views.update({
        view_id: view.id,
        // The hash makes Slack refuse the update if the view changed meanwhile (a newer choice wins).
        hash: view.hash,
        view: signupModalView(ui, catalogue, {
          channelId: meta.channelId,
          planId: action.selected_option.value,
        }),
      });
    } catch (err) {
      deps.logger.info({ err: slackFailure(err) }, 'signup form not updated for the chosen plan');
    }
  };
}

export function registerSignupPlanSelect(app: App, deps: HandlerDeps): void {
  app.action<BlockAction<StaticSelectAction>>(
    { action_id: 'plan_id', block_id: signupBlockId('plan_id') },
    planChosen(deps),
  );
}
