/**
 * The outcome of an order a Workflow Builder step placed (`order_vps`), reported
 * to Slack once: the step completes with the server's name and status when
 * the order is active, or fails with the reason (rejected, expired, price
 * changed, failed). Reported from the signup's row as it is now, whichever path
 * moved it (a click, the sweep, the watcher), by whichever replica claims it
 * first (one conditional UPDATE); a bot that restarts finds the rows nobody
 * completed on its next sweep. Uses the bot's own token: a step's token lives only
 * while the step runs, and is never stored.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../log.ts';
import type { SignupRow, SignupService } from '../../services/signup/index.ts';
import { localeFromSlack } from '../../slack/i18n/index.ts';
import { slackFailure } from '../../slack/slack-failure.ts';
import { uiFor } from '../../slack/views/format.ts';

export interface StepOutcomeDeps {
  signup: SignupService;
}

/** Slack's answers that mean the step is over already: completing it again can never work. */
const STEP_OVER = new Set(['execution_not_in_running_state', 'function_execution_not_found']);

/** What the step reports for an order in `row.state` (an ended one). */
export function stepOutcome(
  row: SignupRow,
): { ok: true; outputs: { name: string; status: string } } | { ok: false; error: string } {
  const ui = uiFor(localeFromSlack(row.locale ?? undefined, 'en'), 'UTC');
  const name = row.serverName ?? ui.t('step.unnamed_server');
  switch (row.state) {
    case 'active':
      return { ok: true, outputs: { name, status: row.providerStatus ?? 'active' } };
    case 'rejected':
      return { ok: false, error: ui.t('step.order.rejected', { name }) };
    case 'expired':
      return { ok: false, error: ui.t('step.order.expired', { name }) };
    case 'price_changed':
      return { ok: false, error: ui.t('step.order.price_changed', { name }) };
    default:
      return { ok: false, error: ui.t('step.order.failed', { name }) };
  }
}

/**
 * Completes the step of `row` with its outcome if the row is one a step waits on and
 * it ended; nothing otherwise (most rows: a quote made with `/vps signup`,
 * an order still under way, one completed already).
 */
export async function completeStep(
  deps: StepOutcomeDeps,
  client: webApi.WebClient,
  row: Pick<SignupRow, 'id' | 'stepExecutionId'>,
  log: Logger,
): Promise<void> {
  if (!row.stepExecutionId) return;
  const claimed = await deps.signup.orders.claimStep(row.id);
  if (!claimed?.stepExecutionId) return;
  const outcome = stepOutcome(claimed);
  const execution = claimed.stepExecutionId;
  try {
    if (outcome.ok)
      await client.functions.completeSuccess({ function_execution_id: execution, outputs: outcome.outputs });
    else await client.functions.completeError({ function_execution_id: execution, error: outcome.error });
    await deps.signup.orders.stepDone(row.id, true);
    log.info({ signupId: row.id, state: claimed.state }, 'order step completed');
  } catch (err) {
    const error = slackFailure(err);
    const over = STEP_OVER.has(error);
    await deps.signup.orders.stepDone(row.id, over);
    log.warn(
      { signupId: row.id, err: error },
      over ? 'order step was over already' : 'order step not completed; a later pass will',
    );
  }
}

/** Every order whose step waits on an outcome not reported yet (the sweep's part); returns how many were looked at. */
export async function completeEndedSteps(
  deps: StepOutcomeDeps,
  client: webApi.WebClient,
  log: Logger,
): Promise<number> {
  const rows = await deps.signup.orders.stepsToComplete();
  for (const row of rows) await completeStep(deps, client, row, log);
  return rows.length;
}
