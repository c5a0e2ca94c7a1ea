/**
 * What paid signup says in Slack after the form and the clicks: the approval
 * request, the approval message redrawn in place as its row moves, and the
 * outcome in its thread. Used by the listeners (a click's own outcome) and by
 * the background sweep (expiries, re-checked orders) alike. A Slack failure
 * here is logged, never thrown: the row in the store is the truth, and the
 * message is only its picture.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../log.ts';
import type { ExecuteOutcome, SignupRow, SignupService } from '../../services/signup/index.ts';
import { slackFailure } from '../../slack/slack-failure.ts';
import type { Message, Ui } from '../../slack/views/format.ts';
import { signupApprovalMessage } from '../../slack/views/signup/approval.ts';
import { signupOutcomeDirect, signupOutcomeMessage } from '../../slack/views/signup/outcomes.ts';

export interface SignupPostDeps {
  signup: SignupService;
  /** The bot's language: the whole channel reads these messages. */
  channelUi: Ui;
}

/** The approval message of a row as it is now, in `ui` (the channel's, or a clicker's in their App Home). */
export async function approvalView(deps: SignupPostDeps, ui: Ui, row: SignupRow): Promise<Message> {
  return signupApprovalMessage(ui, { row, ...(await deps.signup.quotes.describe(row)) });
}

function approvalMessage(deps: SignupPostDeps, row: SignupRow): Promise<Message> {
  return approvalView(deps, deps.channelUi, row);
}

/** Posts an approval request in the row's channel and remembers where it is; false when Slack refused it. */
export async function postApproval(
  deps: SignupPostDeps,
  client: webApi.WebClient,
  row: SignupRow,
  log: Logger,
): Promise<boolean> {
  const m = await approvalMessage(deps, row);
  try {
    const res = await client.chat.postMessage({ channel: row.channelId, text: m.text, blocks: m.blocks });
    if (res.ts) await deps.signup.quotes.attachMessage(row.id, { messageTs: res.ts });
    return true;
  } catch (err) {
    log.warn({ signupId: row.id, err: slackFailure(err) }, 'approval request not posted');
    return false;
  }
}

/** Redraws the approval message in place from the row as it is now. */
export async function refreshApproval(
  deps: SignupPostDeps,
  client: webApi.WebClient,
  row: SignupRow,
  log: Logger,
): Promise<void> {
  if (!row.messageTs) return;
  const m = await approvalMessage(deps, row);
  try {
    await client.chat.update({ channel: row.channelId, ts: row.messageTs, text: m.text, blocks: m.blocks });
  } catch (err) {
    log.warn({ signupId: row.id, err: slackFailure(err) }, 'approval message not updated');
  }
}

/**
 * Posts in the approval message's thread (or the channel when there is no
 * message). When Slack refuses it (the bot was removed from the channel, the
 * channel archived, Slack down past the client's retries), the requester is
 * notified the same directly: whoever ordered must learn what became of the order.
 */
async function postInThread(
  ui: Ui,
  client: webApi.WebClient,
  row: SignupRow,
  m: Message,
  log: Logger,
): Promise<void> {
  const thread = row.threadTs ?? row.messageTs;
  try {
    await client.chat.postMessage({
      channel: row.channelId,
      text: m.text,
      blocks: m.blocks,
      ...(thread ? { thread_ts: thread } : {}),
    });
    return;
  } catch (err) {
    log.warn(
      { signupId: row.id, err: slackFailure(err) },
      'signup thread message not posted; telling the requester',
    );
  }
  try {
    const direct = signupOutcomeDirect(ui, row, m);
    await client.chat.postMessage({ channel: row.requesterId, text: direct.text, blocks: direct.blocks });
  } catch (err) {
    log.error({ signupId: row.id, err: slackFailure(err) }, 'signup outcome told to nobody');
  }
}

/**
 * An order's outcome: said in the thread, the message redrawn, and for a price
 * change the new approval request at the new price. `where` is the clicked
 * message, for a row whose message was not recorded (posted by another replica
 * that died before recording it).
 */
export async function reportOutcome(
  deps: SignupPostDeps,
  client: webApi.WebClient,
  outcome: ExecuteOutcome,
  log: Logger,
  where?: { messageTs: string | null; threadTs: string | null },
): Promise<void> {
  if (outcome.kind === 'not_executable' || !outcome.row) return;
  const row =
    where && !outcome.row.messageTs
      ? { ...outcome.row, messageTs: where.messageTs, threadTs: where.threadTs }
      : outcome.row;
  const m = signupOutcomeMessage(deps.channelUi, outcome);
  if (m) await postInThread(deps.channelUi, client, row, m, log);
  await refreshApproval(deps, client, row, log);
  if (outcome.kind === 'price_changed' && outcome.requote) {
    await postApproval(deps, client, outcome.requote, log);
  }
}
