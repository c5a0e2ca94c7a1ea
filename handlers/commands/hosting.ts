import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { textView } from '../../src/slack/views/messages.ts';
import type { HandlerDeps } from '../deps.ts';
import { replyTo } from '../kit.ts';

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/** `/hosting …` has no user surface yet: say so instead of failing. */
export function hostingCommand(deps: HandlerDeps) {
  return async ({ command, ack, respond }: CommandArgs): Promise<void> => {
    await ack();
    const ui = await deps.ui(command.user_id);
    await replyTo(respond, textView(ui.t('coming.hosting')));
  };
}
