import type { App } from '@slack/bolt';
import type { HandlerDeps } from '../deps.ts';
import { registerHostingErrorLogButtons } from './hosting/error-log-buttons.ts';
import { registerHostingOperationButtons } from './hosting/operation-buttons.ts';
import { registerHostingPrivateKeyButton } from './hosting/private-key-button.ts';
import { registerServersButtons } from './servers/server-buttons.ts';
import { registerSignupApprovalButtons } from './signup/approval-buttons.ts';
import { registerSignupHomeButtons } from './signup/home-buttons.ts';
import { registerSignupPasswordButton } from './signup/password-button.ts';
import { registerSignupPlanSelect } from './signup/plan-select.ts';
import { registerSignupPriceListButtons } from './signup/price-list-buttons.ts';
import { registerWatchClaimButton } from './watch/claim-button.ts';
import { registerWatchMuteButton } from './watch/mute-button.ts';

/** Buttons and selects; each feature registers its own here, one line per listener file. */
export function registerActions(app: App, deps: HandlerDeps): void {
  registerServersButtons(app, deps);
  registerSignupApprovalButtons(app, deps);
  registerSignupPasswordButton(app, deps);
  registerSignupPlanSelect(app, deps);
  registerSignupPriceListButtons(app, deps);
  registerHostingOperationButtons(app, deps);
  registerHostingErrorLogButtons(app, deps);
  registerHostingPrivateKeyButton(app, deps);
  registerWatchMuteButton(app, deps);
  registerWatchClaimButton(app, deps);
  registerSignupHomeButtons(app, deps);
}
