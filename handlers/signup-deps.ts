import type { webApi } from '@slack/bolt';
import type { Logger } from '../src/log.ts';
import { describeRow, type SignupDeps, type SignupRow } from '../src/services/signup/index.ts';
import type { Message, Ui } from '../src/slack/views/format.ts';
import { signupApprovalMessage } from '../src/slack/views/signup-approval.ts';

/** What the signup listeners get from the composition root. */
export interface SignupHandlerDeps {
  signup: SignupDeps;
  /** The user's language and time zone. */
  ui(userId: string): Promise<Ui>;
  /** The bot's default language, for messages the whole channel reads. */
  channelUi: Ui;
  logger: Logger;
  /** Retried Slack deliveries (same view submission twice) are recognised here. */
  deliveries?: { firstSeen(key: string, ttlMs: number): Promise<boolean> };
}

/** Redraws the approval message in place from the row as it is now. */
export async function refreshApproval(
  deps: SignupHandlerDeps,
  client: webApi.WebClient,
  row: SignupRow,
  log: Logger,
): Promise<void> {
  if (!row.messageTs) return;
  const m = signupApprovalMessage(deps.channelUi, { row, ...(await describeRow(deps.signup, row)) });
  try {
    await client.chat.update({ channel: row.channelId, ts: row.messageTs, text: m.text, blocks: m.blocks });
  } catch (err) {
    log.warn({ signupId: row.id, err: errorText(err) }, 'approval message not updated');
  }
}

/** Posts in the approval message's thread (or the channel when there is no message). */
export async function postInThread(
  client: webApi.WebClient,
  row: SignupRow,
  m: Message,
  log: Logger,
): Promise<void> {
  try {
    await client.chat.postMessage({
      channel: row.channelId,
      text: m.text,
      blocks: m.blocks,
      ...((row.threadTs ?? row.messageTs) ? { thread_ts: row.threadTs ?? row.messageTs ?? undefined } : {}),
    });
  } catch (err) {
    log.warn({ signupId: row.id, err: errorText(err) }, 'signup thread message not posted');
  }
}

/** Something to log about a Slack failure without its payload (which may hold what we sent). */
export function errorText(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; data?: { error?: unknown } };
    if (typeof e.data?.error === 'string') return e.data.error;
    if (typeof e.code === 'string') return e.code;
  }
  return err instanceof Error ? err.name : 'error';
}

/** Sends a message to one user only: ephemeral in the channel, else a direct message. */
export async function tellUser(
  client: webApi.WebClient,
  channelId: string,
  userId: string,
  m: Message,
  log: Logger,
): Promise<boolean> {
  try {
    await client.chat.postEphemeral({ channel: channelId, user: userId, text: m.text, blocks: m.blocks });
    return true;
  } catch (err) {
    log.info({ err: errorText(err) }, 'ephemeral not possible; sending a direct message');
  }
  try {
    await client.chat.postMessage({ channel: userId, text: m.text, blocks: m.blocks });
    return true;
  } catch (err) {
    log.warn({ err: errorText(err) }, 'could not reach the user');
    return false;
  }
}
