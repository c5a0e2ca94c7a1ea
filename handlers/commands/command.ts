/**
 * What a `/vps` word's handler gets: the parsed command and its context. The
 * `/vps` listener (vps.ts) has acked, parsed, dropped a retried delivery and
 * will answer any failure; a word's handler calls its use case and answers.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import type { Logger } from '../../src/log.ts';
import type { Actor } from '../../src/services/access.ts';
import type { VpsCommand } from '../../src/slack/grammar/vps.ts';
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

/** One handler per word of the grammar; a feature exports the part of the table it owns. */
export type CommandTable<N extends VpsCommand['name']> = {
  [K in N]: (ctx: CommandContext, c: Extract<VpsCommand, { name: K }>) => Promise<void>;
};
