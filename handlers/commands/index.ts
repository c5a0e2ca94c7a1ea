import type { App } from '@slack/bolt';
import { COMMANDS } from '../../src/slack/ids.ts';
import type { HandlerDeps } from '../deps.ts';
import { hostingCommand, vpsCommand } from './vps.ts';

export function registerCommands(app: App, deps: HandlerDeps): void {
  app.command(COMMANDS.vps, vpsCommand(deps));
  app.command(COMMANDS.hosting, hostingCommand(deps));
}
