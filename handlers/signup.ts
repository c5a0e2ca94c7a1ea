/**
 * Paid signup's listeners: the approval buttons, the form's plan choice and
 * its submission. `/vps signup` and `/vps signups` are routed here by the
 * `/vps` command (see commands/signup-command.ts).
 */
import type { App } from '@slack/bolt';
import { registerSignupActions } from './actions/signup-buttons.ts';
import type { SignupHandlerDeps } from './signup-deps.ts';
import { registerSignupSubmit } from './views/signup-submit.ts';

export { openSignupModal, showSignups } from './commands/signup-command.ts';
export { runSignupBackgroundOnce, startSignupBackground } from './signup-background.ts';
export type { SignupHandlerDeps } from './signup-deps.ts';

export function register(app: App, deps: SignupHandlerDeps): void {
  registerSignupActions(app, deps);
  registerSignupSubmit(app, deps);
}
