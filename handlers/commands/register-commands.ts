import type { App } from '@slack/bolt';
import { type HostingCommand, parseHostingCommand } from '../../src/slack/grammar/hosting.ts';
import { parseVpsCommand, type VpsCommand } from '../../src/slack/grammar/vps.ts';
import { COMMANDS } from '../../src/slack/ids.ts';
import type { HandlerDeps } from '../deps.ts';
import { digestCommands } from './digest/digest-commands.ts';
import { HOSTING_WRITES, hostingCommands } from './hosting/hosting-commands.ts';
import { HOSTING_RECORD_WRITES, hostingRecordCommands } from './hosting/record-commands.ts';
import { RENEWAL_WRITES, renewalCommands } from './renewals/renewal-commands.ts';
import { SERVERS_WRITES, serversCommands } from './servers/server-commands.ts';
import { signupCommands } from './signup/signup-commands.ts';
import { slashCommand } from './slash.ts';
import { HOSTING_WATCH_WRITES, hostingWatchCommands } from './watch/hosting-watch-commands.ts';
import { WATCH_WRITES, watchCommands } from './watch/watch-commands.ts';

/** The slash commands; each feature adds its words with one line here. */
export function registerCommands(app: App, deps: HandlerDeps): void {
  app.command(
    COMMANDS.vps,
    slashCommand(deps, {
      slash: COMMANDS.vps,
      parse: parseVpsCommand,
      writes: new Set<VpsCommand['name']>([...SERVERS_WRITES, ...WATCH_WRITES, ...RENEWAL_WRITES]),
      handlers: {
        ...serversCommands,
        ...signupCommands,
        ...watchCommands,
        ...renewalCommands,
        ...digestCommands,
      },
    }),
  );
  app.command(
    COMMANDS.hosting,
    slashCommand(deps, {
      slash: COMMANDS.hosting,
      parse: parseHostingCommand,
      writes: new Set<HostingCommand['name']>([
        ...HOSTING_WRITES,
        ...HOSTING_RECORD_WRITES,
        ...HOSTING_WATCH_WRITES,
      ]),
      handlers: { ...hostingCommands, ...hostingRecordCommands, ...hostingWatchCommands },
    }),
  );
}
