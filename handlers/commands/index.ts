import type { App } from '@slack/bolt';
import { parseHostingCommand } from '../../src/slack/grammar/hosting.ts';
import { parseVpsCommand, type VpsCommand } from '../../src/slack/grammar/vps.ts';
import { COMMANDS } from '../../src/slack/ids.ts';
import type { HandlerDeps } from '../deps.ts';
import { HOSTING_WRITES, hostingCommands } from './hosting/index.ts';
import { serversCommands } from './servers/index.ts';
import { signupCommands } from './signup/index.ts';
import { slashCommand } from './slash.ts';
import { watchCommands } from './watch/index.ts';

/** The slash commands; each feature adds its words with one line here. */
export function registerCommands(app: App, deps: HandlerDeps): void {
  app.command(
    COMMANDS.vps,
    slashCommand(deps, {
      slash: COMMANDS.vps,
      parse: parseVpsCommand,
      writes: new Set<VpsCommand['name']>(['change', 'watch', 'unwatch', 'mute', 'unmute']),
      handlers: { ...serversCommands, ...signupCommands, ...watchCommands },
    }),
  );
  app.command(
    COMMANDS.hosting,
    slashCommand(deps, {
      slash: COMMANDS.hosting,
      parse: parseHostingCommand,
      writes: HOSTING_WRITES,
      handlers: hostingCommands,
    }),
  );
}
