/**
 * The one wording of a decision that decided nothing for the clicker: the
 * decision machine's refusals (not found, another channel, not yours to
 * confirm, needs an approver, your own request, a stale button, a role or
 * channel the policy refuses), a request someone else decided first, one
 * that expired. Each feature lends its own sentences (an order, a request);
 * the reasons and their order are the machine's, the same for all.
 */
import type { Role } from '../services/access/index.ts';
import type { Decision } from '../services/decisions/index.ts';
import type { ServiceError } from '../services/errors.ts';
import { failureMessage } from './error-text.ts';
import type { Message, Ui } from './views/format.ts';
import { textView } from './views/messages.ts';

/** A feature's sentences for the refusals of its requests. */
export interface RefusalWords<Row> {
  notFound(ui: Ui): string;
  selfApproval(ui: Ui): string;
  alreadyHandled(ui: Ui, row: Row): string;
  expired(ui: Ui, row: Row): string;
  /** For requests its requester confirms; absent where nobody confirms alone. */
  notRequester?(ui: Ui, row: Row): string;
  needsApproval?(ui: Ui): string;
  /** For a button that shows a value the request no longer has (an old price). */
  stale?(ui: Ui): string;
  /** The access policy's refusal in the feature's words; default: the shared sentence of its code. */
  forbidden?(ui: Ui, error: ServiceError, role: Role | null): string | undefined;
}

/** What came of an approval after the machine: the feature's own outcomes (done, failed, …). */
type AfterApproval = { kind: 'done' | 'failed' | 'unknown' };

/** What the clicker alone sees when the click decided nothing; undefined when it decided. */
export function decisionRefusal<Row>(
  ui: Ui,
  d: Decision<Row> | AfterApproval,
  words: RefusalWords<Row>,
): Message | undefined {
  if (d.kind === 'done' || d.kind === 'failed' || d.kind === 'unknown') return undefined;
  return machineRefusal(ui, d as Decision<Row>, words);
}

function machineRefusal<Row>(ui: Ui, d: Decision<Row>, words: RefusalWords<Row>): Message | undefined {
  if (d.kind === 'refused' && d.reason === 'forbidden') {
    const own = words.forbidden?.(ui, d.error, d.role);
    return own === undefined ? failureMessage(ui, d.error) : textView(own);
  }
  const text = refusalText(ui, d, words);
  return text === undefined ? undefined : textView(text);
}

function refusalText<Row>(ui: Ui, d: Decision<Row>, words: RefusalWords<Row>): string | undefined {
  switch (d.kind) {
    case 'approved':
    case 'rejected':
      return undefined;
    case 'already_handled':
      return words.alreadyHandled(ui, d.row);
    case 'expired':
      return words.expired(ui, d.row);
    case 'refused':
      break;
  }
  switch (d.reason) {
    case 'not_found':
      return words.notFound(ui);
    case 'wrong_channel':
      return ui.t('error.approval_wrong_channel');
    case 'self_approval':
      return words.selfApproval(ui);
    case 'not_requester':
      return words.notRequester?.(ui, d.row) ?? words.notFound(ui);
    case 'needs_approval':
      return words.needsApproval?.(ui) ?? words.selfApproval(ui);
    case 'stale':
      return words.stale?.(ui) ?? words.alreadyHandled(ui, d.row);
    case 'forbidden':
      return failureMessage(ui, d.error).text;
  }
}
