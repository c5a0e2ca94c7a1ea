/**
 * `/vps watch <server|all> [#channel]`, `/vps unwatch <server|all> [#channel]`,
 * `/vps watches`: ack, parse, call the subscriptions use case, answer
 * ephemerally. The one `/vps` listener (vps.ts) routes these three words
 * here (see `isWatchCommandText`), so a command is acked exactly once.
 */

import type { RespondFn } from '@slack/bolt';
import type { Logger } from '../../src/log.ts';
import type { WatchSubscriptions } from '../../src/services/watch/index.ts';
import { failureMessage } from '../../src/slack/error-text.ts';
import { t } from '../../src/slack/i18n/index.ts';
import type { Ui } from '../../src/slack/views/format.ts';
import { textView } from '../../src/slack/views/messages.ts';
import { subscriptionChangeView, subscriptionListView } from '../../src/slack/views/notifications.ts';
import { ephemeral, logFailure } from '../replies.ts';

export interface WatchHandlerDeps {
  subscriptions: WatchSubscriptions;
  ui(userId: string): Promise<Ui>;
  logger: Logger;
}

export type WatchCommand =
  | { name: 'watch' | 'unwatch'; target: string; channelId: string | undefined }
  | { name: 'watches'; channelId: string | undefined }
  | { name: 'usage' };

const WORDS = new Set(['watch', 'unwatch', 'watches']);
/** Slack escapes a channel picked from autocomplete as `<#C123ABC|name>` (or `<#C123ABC>`). */
const CHANNEL_REF = /^<#([CG][A-Z0-9]+)(?:\|[^>]*)?>$/;

export function isWatchCommandText(text: string): boolean {
  const word = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return WORDS.has(word);
}

export function parseWatchCommand(text: string): WatchCommand | undefined {
  const [first, ...rest] = text.trim().split(/\s+/).filter(Boolean);
  const word = first?.toLowerCase();
  if (!word || !WORDS.has(word)) return undefined;
  const channelOf = (tok: string | undefined): string | undefined | null => {
    if (tok === undefined) return undefined;
    const m = CHANNEL_REF.exec(tok);
    return m ? m[1]! : null;
  };
  if (word === 'watches') {
    if (rest.length > 1) return { name: 'usage' };
    const ch = channelOf(rest[0]);
    return ch === null ? { name: 'usage' } : { name: 'watches', channelId: ch };
  }
  if (rest.length < 1 || rest.length > 2) return { name: 'usage' };
  const ch = channelOf(rest[1]);
  if (ch === null) return { name: 'usage' };
  return { name: word as 'watch' | 'unwatch', target: rest[0]!, channelId: ch };
}

/**
 * Answers one `/vps watch|unwatch|watches …` (the `/vps` listener has acked and
 * routed it here): parse, call the subscriptions use case, answer ephemerally.
 */
export async function answerWatchCommand(
  deps: WatchHandlerDeps,
  command: { text: string; user_id: string; channel_id: string },
  respond: RespondFn,
): Promise<void> {
  const ui = await deps.ui(command.user_id);
  const log = deps.logger.child({ component: 'watch-command', user: command.user_id });
  const actor = { userId: command.user_id, channelId: command.channel_id };
  const c = parseWatchCommand(command.text);
  if (!c || c.name === 'usage') {
    await ephemeral(respond, textView(t(ui.locale, 'watch.cmd.usage')));
    return;
  }
  try {
    if (c.name === 'watches') {
      const list = await deps.subscriptions.list(actor, c.channelId);
      await ephemeral(respond, subscriptionListView(ui.locale, list));
      return;
    }
    const result =
      c.name === 'watch'
        ? await deps.subscriptions.watch(actor, c.target, c.channelId ?? actor.channelId)
        : await deps.subscriptions.unwatch(actor, c.target, c.channelId ?? actor.channelId);
    await ephemeral(respond, subscriptionChangeView(ui.locale, c.name, result));
  } catch (err) {
    logFailure(log, err, `/vps ${c.name}`);
    await ephemeral(respond, failureMessage(ui, err));
  }
}
