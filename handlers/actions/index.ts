import type { App } from '@slack/bolt';
import type { HandlerDeps } from '../deps.ts';
import { registerHostingActions } from './hosting/index.ts';
import { registerServersActions } from './servers/index.ts';
import { registerSignupActions } from './signup/index.ts';
import { registerWatchActions } from './watch/index.ts';

/** Buttons and selects; each feature registers its own with one line here. */
export function registerActions(app: App, deps: HandlerDeps): void {
  registerServersActions(app, deps);
  registerSignupActions(app, deps);
  registerHostingActions(app, deps);
  registerWatchActions(app, deps);
}
