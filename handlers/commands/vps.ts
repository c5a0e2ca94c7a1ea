/**
 * `/vps …`: ack at once, parse with the one grammar, drop a retried delivery,
 * hand the command to its feature's handler, answer any failure with the
 * sentence that says what to do.
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseProblemMessage } from '../../src/slack/error-text.ts';
import { parseVpsCommand, type VpsCommand } from '../../src/slack/grammar/vps.ts';
import type { HandlerDeps } from '../deps.ts';
import { failureReply, firstDelivery, replyTo } from '../kit.ts';
import type { CommandContext, CommandTable } from './command.ts';

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/** Words that change something: their retried delivery is never answered twice, even with the store down. */
const WRITES: ReadonlySet<VpsCommand['name']> = new Set(['change', 'watch', 'unwatch']);

export function vpsCommand(deps: HandlerDeps, handlers: CommandTable<VpsCommand['name']>) {
  return async ({ command, ack, respond, client }: CommandArgs): Promise<void> => {
    await ack();
    const parsed = parseVpsCommand(command.text);
    const mode = parsed.ok && WRITES.has(parsed.command.name) ? 'write' : 'read';
    if (!(await firstDelivery(deps, `command:${command.trigger_id}`, mode))) return;
    const actor = { userId: command.user_id, channelId: command.channel_id };
    const log = deps.logger.child({ component: 'vps-command', user: actor.userId });
    const ui = await deps.ui(actor.userId);
    const reply = (m: Parameters<CommandContext['reply']>[0]) => replyTo(respond, m);
    if (!parsed.ok) {
      await reply(parseProblemMessage(ui, parsed.error));
      return;
    }
    const c = parsed.command;
    const ctx: CommandContext = {
      deps,
      actor,
      ui,
      log,
      client,
      respond,
      triggerId: command.trigger_id,
      reply,
    };
    const started = performance.now();
    try {
      await dispatch(handlers, ctx, c);
      log.info({ command: c.name, ms: Math.round(performance.now() - started) }, '/vps answered');
    } catch (err) {
      await reply(failureReply(log, ui, err, `/vps ${c.name}`));
    }
  };
}

function dispatch<N extends VpsCommand['name']>(
  handlers: CommandTable<VpsCommand['name']>,
  ctx: CommandContext,
  c: Extract<VpsCommand, { name: N }>,
): Promise<void> {
  const handler = handlers[c.name as N] as (
    ctx: CommandContext,
    c: Extract<VpsCommand, { name: N }>,
  ) => Promise<void>;
  return handler(ctx, c);
}
