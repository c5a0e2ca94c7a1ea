import type { App } from '@slack/bolt';
import { registerActions } from './actions/index.ts';
import { registerCommands } from './commands/index.ts';
import type { HandlerDeps } from './deps.ts';
import { registerViews } from './views/index.ts';

export type { HandlerDeps } from './deps.ts';

/** Every listener of the app, by surface. */
export function registerHandlers(app: App, deps: HandlerDeps): void {
  registerCommands(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
}
