import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseVpsCommand } from '../../src/services/command-parser.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { failureMessage, parseProblemMessage } from '../../src/slack/error-text.ts';
import { announceView, powerView, textView } from '../../src/slack/views/messages.ts';
import { auditView } from '../../src/slack/views/servers/audit.ts';
import { helpView } from '../../src/slack/views/servers/help.ts';
import { logsView } from '../../src/slack/views/servers/logs.ts';
import { meView } from '../../src/slack/views/servers/me.ts';
import { serverCardView } from '../../src/slack/views/servers/server-card.ts';
import { serverListView } from '../../src/slack/views/servers/server-list.ts';
import type { HandlerDeps } from '../deps.ts';
import { announce, ephemeral, logFailure } from '../replies.ts';
import { openChangeModal } from '../views/change-modal-flow.ts';
import { openSignupModal, showSignups } from './signup-command.ts';
import { answerWatchCommand, isWatchCommandText } from './watch.ts';

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/** `/vps …`: ack at once, then parse, call one use case, render, answer. */
export function vpsCommand(deps: HandlerDeps) {
  return async ({ command, ack, respond, client }: CommandArgs): Promise<void> => {
    await ack();
    if (!(await deps.deliveries.first('command', command.trigger_id))) return;
    const log = deps.logger.child({ component: 'vps-command', user: command.user_id });
    const actor = { userId: command.user_id, channelId: command.channel_id };
    const ui = await deps.ui(actor.userId);
    const reply = (m: Parameters<typeof ephemeral>[1]) => ephemeral(respond, m);
    if (isWatchCommandText(command.text)) {
      await answerWatchCommand(deps.watch, command, respond);
      return;
    }
    const parsed = parseVpsCommand(command.text);
    if (!parsed.ok) {
      await reply(parseProblemMessage(ui, parsed.error));
      return;
    }
    const c = parsed.command;
    const started = performance.now();
    try {
      switch (c.name) {
        case 'help':
          await reply(helpView(ui, await deps.access.capabilities(actor)));
          break;
        case 'list':
          await reply(serverListView(ui, await deps.servers.list(actor, c.filter), c.filter, c.page));
          break;
        case 'show': {
          const [detail, caps] = await Promise.all([
            deps.servers.show(actor, c.server),
            deps.access.capabilities(actor),
          ]);
          const canEdit = caps.allowed.some((a) => a === 'rename' || a === 'memo' || a === 'rdns');
          await reply(serverCardView(ui, detail, { canEdit, readAt: deps.clock.now() }));
          break;
        }
        case 'power': {
          const r = await deps.servers.power(actor, c.server);
          await reply(powerView(ui, r.server.name, r.power, r.at));
          break;
        }
        case 'change': {
          if (c.value === undefined) {
            await openChangeModal(deps, client, command.trigger_id, actor, c.field, c.server, ui);
            break;
          }
          const value = c.field === 'memo' ? c.value : c.value.trim();
          const result = await deps.servers.change(actor, c.field, c.server, value, command.trigger_id);
          await announce(
            client,
            actor.channelId,
            announceView(deps.channelUi, actor.userId, result),
            reply,
            log,
          );
          break;
        }
        case 'logs':
          await reply(logsView(ui, await deps.servers.logs(actor, c.filter), c.filter));
          break;
        case 'me': {
          const r = await deps.servers.me(actor);
          await reply(meView(ui, r.key, r.role, deps.clock.now()));
          break;
        }
        case 'audit': {
          const r = await deps.servers.audit(actor, c.server);
          await reply(auditView(ui, r.entries, r.server));
          break;
        }
        case 'signup':
          await openSignupModal(deps.signup, client, respond, { ...actor, triggerId: command.trigger_id });
          break;
        case 'signups':
          await showSignups(deps.signup, respond, actor);
          break;
      }
      log.info({ command: c.name, ms: Math.round(performance.now() - started) }, '/vps answered');
    } catch (err) {
      // A retried delivery of a change already made: the first delivery answered.
      if (err instanceof ServiceError && err.code === 'already_handled') {
        log.info({ trigger: 'duplicate' }, 'duplicate delivery ignored');
        return;
      }
      logFailure(log, err, `/vps ${c.name}`);
      await reply(failureMessage(ui, err));
    }
  };
}

/** `/hosting …` is a later issue: say so instead of failing. */
export function hostingCommand(deps: HandlerDeps) {
  return async ({ command, ack, respond }: CommandArgs): Promise<void> => {
    await ack();
    const ui = await deps.ui(command.user_id);
    await ephemeral(respond, textView(ui.t('coming.hosting')));
  };
}
