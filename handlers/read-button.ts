/**
 * A button that reads (a card's refresh, a pager, a form's opening): ack,
 * drop a retried delivery, run, answer in place of the message the button was
 * on (or the failure, as a new message); in the App Home, in a window. Buttons of several features share it,
 * so it sits at the top of handlers/, where actions may import it.
 */
import type { Actor } from '../src/services/access/index.ts';
import type { Message, Ui } from '../src/slack/views/format.ts';
import type { HandlerDeps } from './deps.ts';
import { answerClick, clickActor, failureReply, firstDelivery } from './kit.ts';
import type { ButtonArgs } from './listener-args.ts';

export interface Click {
  actor: Actor;
  ui: Ui;
  value: string | undefined;
  args: ButtonArgs;
}

/**
 * `run` answers with a message, or undefined when it answered otherwise (a
 * form opened). `inPlace: false` answers the clicker alone and leaves the
 * message (a channel's alert).
 */
export function readButton(
  deps: HandlerDeps,
  what: string,
  run: (click: Click) => Promise<Message | undefined>,
  { inPlace = true }: { inPlace?: boolean } = {},
) {
  return async (args: ButtonArgs): Promise<void> => {
    const { ack, body, action } = args;
    await ack();
    if (!(await firstDelivery(deps, `action:${body.trigger_id}`, 'read'))) return;
    // In a channel's message, or in the person's App Home (answered in a window there).
    const actor = clickActor(body);
    const ui = await deps.ui(actor.userId);
    try {
      const m = await run({ actor, ui, value: action.value, args });
      if (m) await answerClick(args, ui, m, deps.logger, { replaceOriginal: inPlace });
    } catch (err) {
      await answerClick(args, ui, failureReply(deps.logger, ui, err, what), deps.logger);
    }
  };
}
