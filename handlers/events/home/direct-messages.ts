/**
 * The bot's Messages tab: in a direct message with the bot, a person may type
 * a command's words without the slash (`list`, `show db-1`, and `/hosting`'s
 * after the word `hosting`: `hosting info`). The reads are answered there,
 * by the same handlers, with the same roles, as the slash command typed in
 * that direct message; anything else (a change, a form, words the grammar
 * does not know) gets a short help, since a message has no form to open and
 * no confirmation to click through. Slack has had its answer before this
 * runs (Bolt acknowledges events at once); a message Slack sends again is
 * answered once.
 */
import type { App } from '@slack/bolt';
import type { HostingCommand } from '../../../src/slack/grammar/hosting.ts';
import type { VpsCommand } from '../../../src/slack/grammar/vps.ts';
import type { Message } from '../../../src/slack/views/format.ts';
import { textView } from '../../../src/slack/views/messages.ts';
import {
  accountDeps,
  type CommandTable,
  failureReply,
  type HandlerDeps,
  isRetry,
  type ListenerContext,
  type SlashSpec,
} from '../../kit.ts';

/** Words answered in a direct message: reads, which need no form and no confirmation. */
const VPS_READS: ReadonlySet<VpsCommand['name']> = new Set<VpsCommand['name']>([
  'help',
  'list',
  'show',
  'power',
  'logs',
  'me',
  'audit',
  'signup_status',
  'signups',
  'plans',
  'watches',
  'incidents',
  'renewals',
  'digest',
]);
const HOSTING_READS: ReadonlySet<HostingCommand['name']> = new Set<HostingCommand['name']>([
  'help',
  'servers',
  'info',
  'usage',
  'domains',
  'domain',
  'subdomains',
  'wp',
  'ssh',
  'ssh_keys',
  'errorlog',
  'audit',
]);

const HOSTING_WORD = /^hosting(?:\s+|$)/i;

export function registerDirectMessages(
  app: App,
  deps: HandlerDeps,
  specs: { vps: SlashSpec<VpsCommand>; hosting: SlashSpec<HostingCommand> },
): void {
  app.event('message', async ({ event, client }) => {
    // delivery-shape.ts lets through only a person's own message in a direct message.
    if (!('user' in event) || typeof event.user !== 'string' || !('text' in event)) return;
    const userId = event.user;
    const channelId = event.channel;
    if (await isRetry(deps, `dm:${channelId}:${event.ts}`, 'read')) return;
    const typed = (typeof event.text === 'string' ? event.text : '').trim();
    const log = deps.logger.child({ component: 'direct-message', user: userId });
    const ui = await deps.ui(userId);
    const reply = async (m: Message) => {
      await client.chat.postMessage({ channel: channelId, text: m.text, blocks: m.blocks });
    };
    const hosting = HOSTING_WORD.test(typed);
    // `hosting` alone is /hosting's help, as the slash command typed alone is.
    const words = hosting ? typed.replace(HOSTING_WORD, '') || 'help' : typed;
    try {
      // A direct message is the person's own place: with several accounts, one bound to none is refused.
      const ctx: ListenerContext = {
        deps: await accountDeps(deps, channelId),
        actor: { userId, channelId },
        ui,
        log,
        client,
        triggerId: '',
        reply,
      };
      const ran = hosting
        ? await runRead(ctx, specs.hosting, HOSTING_READS, words)
        : await runRead(ctx, specs.vps, VPS_READS, words);
      if (!ran) await reply(textView(ui.t('dm.help')));
    } catch (err) {
      await reply(failureReply(log, ui, err, 'direct message')).catch(() => undefined);
    }
  });
}

/** Runs the words when they are one of the reads; false when they are not (the help answers them). */
async function runRead<C extends { name: string }>(
  ctx: ListenerContext,
  spec: SlashSpec<C>,
  reads: ReadonlySet<C['name']>,
  words: string,
): Promise<boolean> {
  if (words === '') return false;
  const parsed = spec.parse(words);
  if (!parsed.ok || !reads.has(parsed.command.name)) return false;
  const handler = (spec.handlers as CommandTable<C>)[parsed.command.name as C['name']] as (
    ctx: ListenerContext,
    c: C,
  ) => Promise<void>;
  await handler(ctx, parsed.command);
  return true;
}
