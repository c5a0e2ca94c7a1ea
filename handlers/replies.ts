/**
 * How answers reach people: personal answers ephemeral (through the
 * response_url when there is one), changes announced in the channel, failures
 * ephemeral with the sentence that says what to do.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import type { Logger } from '../src/log.ts';
import { classifyFailure } from '../src/services/errors.ts';
import type { Message, Ui } from '../src/slack/views/format.ts';
import type { HandlerDeps } from './deps.ts';

export function ephemeral(respond: RespondFn, m: Message, replaceOriginal = false): Promise<unknown> {
  return respond({
    response_type: 'ephemeral',
    text: m.text,
    blocks: m.blocks,
    ...(replaceOriginal ? { replace_original: true } : {}),
  });
}

/**
 * Posts to the channel; when the bot may not post there (not a member, a DM),
 * the announcement reaches the actor instead so the change is never unreported.
 */
export async function announce(
  client: webApi.WebClient,
  channelId: string,
  m: Message,
  fallback: (m: Message) => Promise<unknown>,
  log: Logger,
): Promise<void> {
  try {
    await client.chat.postMessage({ channel: channelId, text: m.text, blocks: m.blocks });
  } catch (err) {
    log.warn(
      { err: { message: (err as Error).message }, channelId },
      'announcement to channel failed; telling the actor',
    );
    await fallback(m);
  }
}

/** Logs a failure with its classification (never the payload, which may hold secrets). */
export function logFailure(log: Logger, err: unknown, what: string): void {
  const kind = classifyFailure(err);
  if (kind.kind === 'internal') log.error({ err }, `${what} failed`);
  else
    log.info(
      { failure: kind.kind, code: 'code' in kind ? kind.code : undefined },
      `${what} refused or failed`,
    );
}

/**
 * The user's language when it is known quickly, else the bot's default: a view
 * submission must be answered within 3 seconds, and users.info (cached, but
 * not forever) must not eat that time.
 */
export function uiWithin(
  deps: Pick<HandlerDeps, 'ui' | 'channelUi'>,
  userId: string,
  ms: number,
): Promise<Ui> {
  let timer: NodeJS.Timeout | undefined;
  const fallback = new Promise<Ui>((resolve) => {
    timer = setTimeout(() => resolve(deps.channelUi), ms);
  });
  return Promise.race([deps.ui(userId), fallback]).finally(() => clearTimeout(timer));
}
