/**
 * The Order a VPS shortcut: the order form `/vps signup` opens, with the same
 * role check, from anywhere in Slack. It is opened in no channel, so the form
 * asks which channel the approval request goes to (the policy's channel list
 * applies to it when the form is sent); someone who may not order hears so
 * in a modal, the one place a global shortcut can answer.
 */
import type { App, GlobalShortcut } from '@slack/bolt';
import { SHORTCUTS } from '../../../src/slack/ids.ts';
import type { Message } from '../../../src/slack/views/format.ts';
import { signupNoticeView } from '../../../src/slack/views/signup/modal.ts';
import { globalShortcut, type HandlerDeps } from '../../kit.ts';
import { openSignupForm } from '../../open-signup-form.ts';

export function registerOrderShortcut(app: App, deps: HandlerDeps): void {
  app.shortcut<GlobalShortcut>(
    { callback_id: SHORTCUTS.orderVps, type: 'shortcut' },
    globalShortcut(deps, async (ctx) => {
      const reply = (m: Message) => ctx.open(signupNoticeView(ctx.ui, m.text));
      await openSignupForm({ ...ctx, reply }, { placeless: true });
    }),
  );
}
