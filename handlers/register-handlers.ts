/**
 * Every listener of the app, by surface; a feature adds each of its listener
 * files with one line here. The shortcuts' `callback_id`s are in
 * manifest.yml `features.shortcuts`, and the events in its
 * `settings.event_subscriptions` (served by src/slack/delivery-shape.ts).
 */
import type { App } from '@slack/bolt';
import { type HostingCommand, parseHostingCommand } from '../src/slack/grammar/hosting.ts';
import { parseVpsCommand, type VpsCommand } from '../src/slack/grammar/vps.ts';
import { COMMANDS } from '../src/slack/ids.ts';
import { registerHostingErrorLogButtons } from './actions/hosting/error-log-buttons.ts';
import { registerHostingOperationButtons } from './actions/hosting/operation-buttons.ts';
import { registerHostingPrivateKeyButton } from './actions/hosting/private-key-button.ts';
import { registerHostingVerificationButtons } from './actions/hosting/verification-buttons.ts';
import { registerServersButtons } from './actions/servers/server-buttons.ts';
import { registerSignupButtons } from './actions/signup/signup-buttons.ts';
import { registerWatchClaimButton } from './actions/watch/claim-button.ts';
import { registerWatchMuteButton } from './actions/watch/mute-button.ts';
import { ACCOUNT_WRITES, accountCommands } from './commands/accounts/account-commands.ts';
import { digestCommands } from './commands/digest/digest-commands.ts';
import { HOSTING_FTP_WRITES, hostingFtpCommands } from './commands/hosting/ftp-commands.ts';
import { HOSTING_WRITES, hostingCommands } from './commands/hosting/hosting-commands.ts';
import { hostingLogCommands } from './commands/hosting/log-commands.ts';
import { HOSTING_MAIL_WRITES, hostingMailCommands } from './commands/hosting/mail-commands.ts';
import { HOSTING_MAIL_RULE_WRITES, hostingMailRuleCommands } from './commands/hosting/mail-rule-commands.ts';
import { HOSTING_RECORD_WRITES, hostingRecordCommands } from './commands/hosting/record-commands.ts';
import { HOSTING_SITE_WRITES, hostingSiteCommands } from './commands/hosting/site-commands.ts';
import { RENEWAL_WRITES, renewalCommands } from './commands/renewals/renewal-commands.ts';
import { SERVERS_WRITES, serversCommands } from './commands/servers/server-commands.ts';
import { signupCommands } from './commands/signup/signup-commands.ts';
import { HOSTING_WATCH_WRITES, hostingWatchCommands } from './commands/watch/hosting-watch-commands.ts';
import { WATCH_WRITES, watchCommands } from './commands/watch/watch-commands.ts';
import { registerDirectMessages } from './events/home/direct-messages.ts';
import { registerHomeOpened } from './events/home/home-opened.ts';
import { type HandlerDeps, type SlashSpec, slashCommand } from './kit.ts';
import { registerFindServerShortcut } from './shortcuts/servers/find-server-shortcut.ts';
import { registerServerFromMessageShortcut } from './shortcuts/servers/server-from-message.ts';
import { registerOrderShortcut } from './shortcuts/signup/order-shortcut.ts';
import { registerWorkflowSteps } from './steps/workflow-steps.ts';
import { registerHostingFtpForms } from './submissions/hosting/ftp-forms.ts';
import { registerHostingForms } from './submissions/hosting/hosting-forms.ts';
import { registerHostingMailForms } from './submissions/hosting/mail-forms.ts';
import { registerHostingMailRuleForms } from './submissions/hosting/mail-rule-forms.ts';
import { registerHostingRecordForms } from './submissions/hosting/record-forms.ts';
import { registerHostingSiteForms } from './submissions/hosting/site-forms.ts';
import { registerChangeForms } from './submissions/servers/change-form.ts';
import { registerFindServerForm } from './submissions/servers/find-server-form.ts';
import { registerOrderForm } from './submissions/signup/order-form.ts';

export function registerHandlers(app: App, deps: HandlerDeps): void {
  // Slash commands: each feature's words, and those of them that change something.
  const vps: SlashSpec<VpsCommand> = {
    slash: COMMANDS.vps,
    parse: parseVpsCommand,
    writes: new Set<VpsCommand['name']>([
      ...SERVERS_WRITES,
      ...WATCH_WRITES,
      ...RENEWAL_WRITES,
      ...ACCOUNT_WRITES,
    ]),
    // Served in a channel bound to no account: the help, and the accounts and the binding themselves.
    anyAccount: new Set<VpsCommand['name']>(['help', 'accounts', 'account_use']),
    handlers: {
      ...serversCommands,
      ...signupCommands,
      ...watchCommands,
      ...renewalCommands,
      ...digestCommands,
      ...accountCommands,
    },
  };
  const hosting: SlashSpec<HostingCommand> = {
    slash: COMMANDS.hosting,
    parse: parseHostingCommand,
    writes: new Set<HostingCommand['name']>([
      ...HOSTING_WRITES,
      ...HOSTING_RECORD_WRITES,
      ...HOSTING_FTP_WRITES,
      ...HOSTING_MAIL_WRITES,
      ...HOSTING_MAIL_RULE_WRITES,
      ...HOSTING_SITE_WRITES,
      ...HOSTING_WATCH_WRITES,
    ]),
    handlers: {
      ...hostingCommands,
      ...hostingRecordCommands,
      ...hostingLogCommands,
      ...hostingFtpCommands,
      ...hostingMailCommands,
      ...hostingMailRuleCommands,
      ...hostingSiteCommands,
      ...hostingWatchCommands,
    },
  };
  app.command(COMMANDS.vps, slashCommand(deps, vps));
  app.command(COMMANDS.hosting, slashCommand(deps, hosting));

  // Buttons and selects.
  registerServersButtons(app, deps);
  registerSignupButtons(app, deps);
  registerHostingOperationButtons(app, deps);
  registerHostingErrorLogButtons(app, deps);
  registerHostingPrivateKeyButton(app, deps);
  registerHostingVerificationButtons(app, deps);
  registerWatchMuteButton(app, deps);
  registerWatchClaimButton(app, deps);

  // Form submissions.
  registerChangeForms(app, deps);
  registerFindServerForm(app, deps);
  registerOrderForm(app, deps);
  registerHostingForms(app, deps);
  registerHostingRecordForms(app, deps);
  registerHostingMailForms(app, deps);
  registerHostingFtpForms(app, deps);
  registerHostingMailRuleForms(app, deps);
  registerHostingSiteForms(app, deps);

  // Global and message shortcuts.
  registerFindServerShortcut(app, deps);
  registerServerFromMessageShortcut(app, deps);
  registerOrderShortcut(app, deps);

  // Events API events.
  registerHomeOpened(app, deps);
  registerDirectMessages(app, deps, { vps, hosting });

  // Workflow Builder steps (manifest.yml `functions`).
  registerWorkflowSteps(app, deps);
}
