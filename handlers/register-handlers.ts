import type { App } from '@slack/bolt';
import { registerActions } from './actions/register-actions.ts';
import { registerCommands } from './commands/register-commands.ts';
import type { HandlerDeps } from './deps.ts';
import { registerEvents } from './events/register-events.ts';
import { registerShortcuts } from './shortcuts/register-shortcuts.ts';
import { registerSubmissions } from './submissions/register-submissions.ts';

/** Every listener of the app, by surface. */
export function registerHandlers(app: App, deps: HandlerDeps): void {
  registerCommands(app, deps);
  registerActions(app, deps);
  registerSubmissions(app, deps);
  registerShortcuts(app, deps);
  registerEvents(app, deps);
}
