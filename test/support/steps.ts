/**
 * What the Workflow Builder step tests share: who starts a step, the
 * approval request an order step posts, the real (not dry-run) orders sent
 * to the provider, and an interaction as Slack sends it inside a step.
 */
import type { Harness } from './app-harness.ts';
import type { RecordedCall } from './fake-slack.ts';

/** The `user_context` Slack fills from whoever started the workflow: the step acts as them. */
export const startedBy = (userId: string) => ({ user_context: { id: userId, secret: 'c2VjcmV0' } });

export function approvalHas(c: RecordedCall): boolean {
  return JSON.stringify(c.args.blocks ?? []).includes('vps_signup_approve');
}

/** The Approve button's value in a posted approval request. */
export function approvalOf(call: RecordedCall): string {
  const blocks = (call.args.blocks ?? []) as {
    type: string;
    elements?: { action_id?: string; value?: string }[];
  }[];
  const approve = blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === 'vps_signup_approve');
  if (!approve?.value) throw new Error('no Approve button in the message');
  return approve.value;
}

/** Orders placed with the provider for real (a quote is a dry run). */
export function realOrders(h: Pick<Harness, 'sim'>) {
  return h.sim.control
    .requests({ method: 'POST' })
    .filter((r) => r.path === '/v1/vps/servers' && !(r.body as { dry_run?: boolean } | undefined)?.dry_run);
}

export interface StepScope {
  executionId: string;
  callbackId: string;
  inputs?: Record<string, unknown>;
  /** The workflow token Slack hands with the interaction (`bot_access_token`). */
  token: string;
}

/** An interactive payload (a click, a submission) as Slack sends it when it happens inside a step. */
export function inStepPayload(payload: Record<string, unknown>, scope: StepScope): Record<string, unknown> {
  return {
    ...payload,
    function_data: {
      execution_id: scope.executionId,
      function: { callback_id: scope.callbackId },
      inputs: scope.inputs ?? {},
    },
    bot_access_token: scope.token,
  };
}

/** `inStepPayload` on a form-encoded interactive body (blockActionBody, viewSubmissionBody). */
export function inStep(body: string, scope: StepScope): string {
  const payload = JSON.parse(new URLSearchParams(body).get('payload') ?? '{}') as Record<string, unknown>;
  return new URLSearchParams({ payload: JSON.stringify(inStepPayload(payload, scope)) }).toString();
}

/** The same payload decoded, for a Socket Mode `interactive` envelope. */
export function payloadOf(body: string): Record<string, unknown> {
  return JSON.parse(new URLSearchParams(body).get('payload') ?? '{}') as Record<string, unknown>;
}
