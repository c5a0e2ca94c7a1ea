import type { App } from '@slack/bolt';
import { COMMANDS } from '../../src/slack/ids.ts';
import type { HandlerDeps } from '../deps.ts';
import { hostingCommand } from './hosting.ts';
import { serversCommands } from './servers/index.ts';
import { signupCommands } from './signup/index.ts';
import { vpsCommand } from './vps.ts';
import { watchCommands } from './watch/index.ts';

/** The slash commands; each `/vps` feature adds its words with one line here. */
export function registerCommands(app: App, deps: HandlerDeps): void {
  app.command(COMMANDS.vps, vpsCommand(deps, { ...serversCommands, ...signupCommands, ...watchCommands }));
  app.command(COMMANDS.hosting, hostingCommand(deps));
}
