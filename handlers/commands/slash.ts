/**
 * Every slash command's listener: ack at once, parse with the command's one
 * grammar, drop a retried delivery, hand the command to its feature's
 * handler, answer any failure with the sentence that says what to do.
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseProblemMessage } from '../../src/slack/error-text.ts';
import type { ParseResult } from '../../src/slack/grammar/tokens.ts';
import { progressView } from '../../src/slack/views/messages.ts';
import type { HandlerDeps } from '../deps.ts';
import { failureReply, firstDelivery, replyOrEphemeral, replyTo } from '../kit.ts';
import type { CommandContext, CommandTable } from './command.ts';

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/** An answer not ready within this shows "reading from the provider…", which the answer then replaces. */
export const PROGRESS_AFTER_MS = 1_000;

export interface SlashCommand<C extends { name: string }> {
  /** As typed in Slack: `/vps`, `/hosting`. */
  slash: string;
  parse(text: string): ParseResult<C>;
  /** Words that change something: their retried delivery is never answered twice, even with the store down. */
  writes: ReadonlySet<C['name']>;
  handlers: CommandTable<C>;
}

export function slashCommand<C extends { name: string }>(deps: HandlerDeps, command: SlashCommand<C>) {
  return async ({ command: typed, ack, respond, client }: CommandArgs): Promise<void> => {
    await ack();
    // A signed delivery without `text` (not one Slack sends) is read as an empty command.
    const parsed = command.parse(typeof typed.text === 'string' ? typed.text : '');
    const mode = parsed.ok && command.writes.has(parsed.command.name) ? 'write' : 'read';
    if (!(await firstDelivery(deps, `command:${typed.trigger_id}`, mode))) return;
    const actor = { userId: typed.user_id, channelId: typed.channel_id };
    const log = deps.logger.child({ component: `${command.slash.slice(1)}-command`, user: actor.userId });
    const ui = await deps.ui(actor.userId);
    // A slow provider must not leave the person looking at nothing: after a moment they see
    // that the bot is asking, and the first answer takes that line's place.
    let answered = false;
    let progress: Promise<void> | undefined;
    const timer = setTimeout(() => {
      if (answered) return;
      progress = replyTo(respond, progressView(ui)).catch((err: unknown) => {
        log.info({ err: err instanceof Error ? err.name : 'error' }, 'progress line not shown');
      });
    }, PROGRESS_AFTER_MS);
    const reply = async (m: Parameters<CommandContext['reply']>[0]) => {
      clearTimeout(timer);
      const first = !answered;
      answered = true;
      const shown = progress;
      if (first && shown) await shown;
      await replyOrEphemeral(respond, client, actor, m, log, {
        replaceOriginal: first && shown !== undefined,
      });
    };
    if (!parsed.ok) {
      await reply(parseProblemMessage(ui, parsed.error, command.slash));
      return;
    }
    const c = parsed.command;
    const ctx: CommandContext = { deps, actor, ui, log, client, respond, triggerId: typed.trigger_id, reply };
    const started = performance.now();
    try {
      const handler = command.handlers[c.name as C['name']] as (ctx: CommandContext, c: C) => Promise<void>;
      await handler(ctx, c);
      log.info({ command: c.name, ms: Math.round(performance.now() - started) }, `${command.slash} answered`);
    } catch (err) {
      await reply(failureReply(log, ui, err, `${command.slash} ${c.name}`));
    } finally {
      clearTimeout(timer);
      // Answered elsewhere (a form opened, a message in the channel): the progress line goes.
      if (!answered && progress) {
        await progress;
        await respond({ delete_original: true }).catch(() => undefined);
      }
    }
  };
}
