/**
 * The work nobody clicks for: signup quotes that expire (the message says
 * so), orders in `unknown` asked again with the same Idempotency-Key until
 * the answer is definite (the thread says what it was), and /hosting requests
 * nobody confirmed or approved in time (their approval message says they
 * expired). Safe on every replica at once: each row moves by one conditional
 * UPDATE, so only one replica acts on it and only that one posts.
 *
 * And once, on start: the orders a bot stopped in the middle of placing
 * (killed, crashed, restarted). Each reads "checking what happened to this
 * order" at once on its approval message, is asked about again with its own
 * Idempotency-Key, and its outcome is posted in its thread, even when it is
 * not known yet (the thread has heard nothing since the approval). The sweep
 * follows up what stays unknown.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../log.ts';
import type { HostingService } from '../services/hosting/index.ts';
import type { SignupService } from '../services/signup/index.ts';
import type { Ui } from '../slack/views/format.ts';
import { outcomeMessage, redrawApproval } from './posting/hosting-posts.ts';
import { refreshApproval, reportOutcome } from './posting/signup-posts.ts';
import { completeEndedSteps } from './posting/step-outcomes.ts';

export interface SweepDeps {
  signup: SignupService;
  hosting: HostingService;
  /** The bot's language: the whole channel reads these messages. */
  channelUi: Ui;
}

export interface SweepReport {
  expired: number;
  rechecked: number;
  operationsExpired: number;
  /** Orders of Workflow Builder steps whose outcome was still to be reported (the watcher saw them active, a replica died). */
  stepsLookedAt: number;
}

export async function runSweep(
  deps: SweepDeps,
  client: webApi.WebClient,
  logger: Logger,
): Promise<SweepReport> {
  const log = logger.child({ component: 'sweep' });
  const expired = await deps.signup.orders.expireDue();
  for (const row of expired) await refreshApproval(deps, client, row, log);
  const outcomes = await deps.signup.orders.recoverUnknown();
  for (const o of outcomes) {
    // Still unknown after another try: the thread already says it is being checked.
    if (o.kind === 'unknown' && o.code !== 'NEEDS_MANUAL_CHECK') continue;
    await reportOutcome(deps, client, o, log);
  }
  const ops = await deps.hosting.operations.expireDue();
  for (const op of ops) {
    await redrawApproval(
      client,
      op,
      outcomeMessage(deps.channelUi, { kind: 'expired', row: op }, 'system'),
      log,
    );
  }
  const steps = await completeEndedSteps(deps, client, log);
  return {
    expired: expired.length,
    rechecked: outcomes.length,
    operationsExpired: ops.length,
    stepsLookedAt: steps,
  };
}

/** Runs the sweep every `intervalMs`; returns the stop function. */
/** Runs `sweep` every `intervalMs`, one pass at a time (every provider account's, one after the other). */
export function startSweep(
  sweep: () => Promise<SweepReport>,
  logger: Logger,
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((err: unknown) => logger.error({ err }, 'sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Several accounts' passes as one report. */
export function sumReports(reports: readonly SweepReport[]): SweepReport {
  const sum: SweepReport = { expired: 0, rechecked: 0, operationsExpired: 0, stepsLookedAt: 0 };
  for (const r of reports) {
    sum.expired += r.expired;
    sum.rechecked += r.rechecked;
    sum.operationsExpired += r.operationsExpired;
    sum.stepsLookedAt += r.stepsLookedAt;
  }
  return sum;
}

/** The orders interrupted while being placed, asked about again (on start); returns how many. */
export async function resumeInterruptedOrders(
  deps: SweepDeps,
  client: webApi.WebClient,
  logger: Logger,
): Promise<number> {
  const log = logger.child({ component: 'resume-orders' });
  const interrupted = await deps.signup.orders.markInterrupted();
  for (const row of interrupted) await refreshApproval(deps, client, row, log);
  for (const row of interrupted) {
    const outcome = await deps.signup.orders.recheck(row);
    if (outcome) await reportOutcome(deps, client, outcome, log);
  }
  return interrupted.length;
}
