/**
 * What a destructive /hosting operation says in Slack once it is asked for or
 * decided: the approval request in the channel, its message redrawn in its
 * final state, and the change announced. Used by the listeners and by the
 * sweep that expires requests nobody decided. A Slack failure here is logged,
 * never thrown: the operation's row is the truth.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../log.ts';
import { type HostingService, lossOf, type OperationOutcome } from '../../services/hosting/index.ts';
import { slackFailure } from '../../slack/slack-failure.ts';
import type { Message, Ui } from '../../slack/views/format.ts';
import {
  approvalRequestView,
  operationOutcomeView,
  outcomeStatus,
} from '../../slack/views/hosting/operations.ts';
import type { OperationRow } from '../../store/index.ts';

/** Posts the approval request in the operation's channel and remembers where; false when Slack refused. */
export async function postOperationApproval(
  deps: {
    hosting: HostingService;
    /** The bot's language: the whole channel reads these messages. */
    channelUi: Ui;
  },
  client: webApi.WebClient,
  op: OperationRow,
  log: Logger,
): Promise<boolean> {
  const m = approvalRequestView(deps.channelUi, op, lossOf(op));
  try {
    const res = await client.chat.postMessage({ channel: op.channelId, text: m.text, blocks: m.blocks });
    if (res.ts) await deps.hosting.operations.attachMessage(op.id, res.ts);
    return true;
  } catch (err) {
    log.warn({ operation: op.id, err: slackFailure(err) }, 'approval request not posted');
    return false;
  }
}

/** The decided operation's own message, status first and no buttons; `reason` for a failure. */
export function outcomeMessage(
  ui: Ui,
  r: OperationOutcome & { row: OperationRow },
  actorId: string,
  reason?: string,
): Message {
  return operationOutcomeView(ui, r.row, lossOf(r.row), outcomeStatus(ui, r, actorId, reason));
}

/** Redraws an approval message in the channel (posted earlier) in the operation's final state. */
export async function redrawApproval(
  client: webApi.WebClient,
  op: OperationRow,
  m: Message,
  log: Logger,
): Promise<void> {
  if (!op.messageTs) return;
  try {
    await client.chat.update({ channel: op.channelId, ts: op.messageTs, text: m.text, blocks: m.blocks });
  } catch (err) {
    log.warn({ operation: op.id, err: slackFailure(err) }, 'approval message not updated');
  }
}
