/**
 * What a slash command word's handler gets: the parsed command and its
 * context. The command's listener (slash.ts) has acked, parsed, dropped a
 * retried delivery and will answer any failure; a word's handler calls its
 * use case and answers.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import type { Logger } from '../../src/log.ts';
import type { Actor } from '../../src/services/access/index.ts';
import type { Message, Ui } from '../../src/slack/views/format.ts';
import type { HandlerDeps } from '../deps.ts';

export interface CommandContext {
  deps: HandlerDeps;
  actor: Actor;
  ui: Ui;
  log: Logger;
  client: webApi.WebClient;
  respond: RespondFn;
  triggerId: string;
  /** The answer to the person who typed the command, alone. */
  reply(m: Message): Promise<void>;
}

/**
 * One handler per word of a grammar (`C` its commands); a feature exports the
 * part of the table it owns (`N` its words).
 */
export type CommandTable<C extends { name: string }, N extends C['name'] = C['name']> = {
  [K in N]: (ctx: CommandContext, c: Extract<C, { name: K }>) => Promise<void>;
};
