/**
 * Clicks and forms that happen inside a Workflow Builder step: Slack sends
 * them with `function_data` (the step's execution) and a workflow token
 * (`bot_access_token`) that it revokes once the step is completed. They are
 * served as the channel's are, the step completed once after the decision,
 * over HTTP and over Socket Mode.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS, CALLBACKS, INPUT_ACTION } from '../../src/slack/ids.ts';
import {
  ADMIN,
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { blockActionBody, viewSubmissionBody } from '../support/slack-request.ts';
import {
  approvalHas,
  approvalOf,
  inStep,
  inStepPayload,
  payloadOf,
  realOrders,
  startedBy,
} from '../support/steps.ts';

const orderInputs = (name: string) => ({
  ...startedBy(OPERATOR),
  plan_id: 'vps-2gb',
  period: '1',
  image_id: 'ubuntu-24.04',
  name,
  approval_channel: CHANNEL,
});

/** A fresh workflow token of `executionId`, as Slack hands one with each interaction inside the step. */
function clickToken(h: Harness, executionId: string): string {
  const token = `xwfp-click-${randomUUID()}`;
  h.slack.bindWorkflowToken(token, executionId);
  return token;
}

const toldSlack = (h: Harness, executionId: string) =>
  h.slack.calls.filter(
    (c) => c.method.startsWith('functions.') && c.args.function_execution_id === executionId,
  );

/** No call the bot made since `after` was refused for a workflow token the step's end revoked. */
const refusedSince = (h: Harness, after: number) =>
  h.slack.calls.filter((c) => c.seq > after && c.error === 'token_revoked');

describe('step-scoped interactions over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ approvers: [ADMIN] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the order step’s approval pressed inside the workflow charges once and completes the step once', async () => {
    const after = h.slack.lastSeq;
    const step = await h.step('order_vps', orderInputs('scoped-1'));
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    expect(realOrders(h)).toHaveLength(0);
    const press = (user: string) => {
      const triggerId = `trig.${randomUUID()}`;
      h.slack.issueTrigger(triggerId);
      const body = blockActionBody({
        actionId: 'vps_signup_approve',
        value: approvalOf(posted),
        userId: user,
        channelId: CHANNEL,
        responseUrl: h.slack.responseUrl(`scoped-${triggerId}`),
        triggerId,
      });
      const scope = {
        executionId: step.executionId,
        callbackId: 'order_vps',
        token: clickToken(h, step.executionId),
      };
      return h.deliverRaw(inStep(body, { ...scope, inputs: orderInputs('scoped-1') }));
    };
    // A viewer's press inside the workflow is refused as in the channel: nothing charged, nothing told.
    expect((await press(VIEWER)).status).toBe(200);
    const refused = await h.slack.waitFor((c) => c.seq > after && c.method === 'response_url');
    expect(messageText(refused)).toContain('Only approvers can approve a paid order.');
    expect(realOrders(h)).toHaveLength(0);
    expect(toldSlack(h, step.executionId)).toHaveLength(0);

    const clicked = h.slack.lastSeq;
    expect((await press(ADMIN)).status).toBe(200);
    const done = await step.outcome();
    expect(done.method, String(done.args.error)).toBe('functions.completeSuccess');
    expect(done.args.outputs).toEqual({ name: 'scoped-1', status: 'active' });
    expect(done.token).toMatch(/^xoxb-/);
    expect(realOrders(h)).toHaveLength(1);
    // What follows the decision still reaches the channel, the step's token being revoked by then.
    const redrawn = await h.slack.waitFor((c) => c.seq > done.seq && c.method === 'chat.update');
    expect(redrawn.error).toBeUndefined();
    const thread = h.slack.calls.filter(
      (c) => c.seq > clicked && c.method === 'chat.postMessage' && c.args.thread_ts !== undefined,
    );
    expect(thread.length).toBeGreaterThan(0);
    expect(thread.every((c) => c.error === undefined)).toBe(true);
    expect(refusedSince(h, clicked)).toEqual([]);

    // A second press inside the workflow, and every replica's sweep, neither charge nor tell again.
    await press(ADMIN);
    const again = await h.slack.waitFor((c) => c.seq > redrawn.seq && c.method === 'response_url');
    expect(messageText(again)).toContain('Already handled');
    await h.bot.sweep();
    await h.bot.sweep();
    expect(realOrders(h)).toHaveLength(1);
    expect(toldSlack(h, step.executionId)).toHaveLength(1);
  });

  it('a form submitted inside a workflow step is served as the channel’s', async () => {
    const web = h.sim.control.servers().find((s) => s.name === 'web-1')!;
    const step = await h.step('set_server_memo', {
      ...startedBy(OPERATOR),
      server: 'web-1',
      memo: 'by the step',
      channel: CHANNEL,
    });
    expect((await step.outcome()).method).toBe('functions.completeSuccess');
    const before = h.slack.lastSeq;
    const body = viewSubmissionBody({
      callbackId: CALLBACKS.memo,
      userId: OPERATOR,
      viewId: 'V0STEPFORM1',
      privateMetadata: JSON.stringify({ uuid: web.uuid, ref: 'web-1', channelId: CHANNEL }),
      values: {
        [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'from the form' } },
      },
    });
    // The form was opened inside the step, which has ended since: its token is revoked.
    const ack = await h.deliverRaw(
      inStep(body, {
        executionId: step.executionId,
        callbackId: 'set_server_memo',
        token: step.workflowToken,
      }),
    );
    expect(ack.status).toBe(200);
    expect(JSON.parse(ack.text)).toMatchObject({ response_action: 'update' });
    const post = await h.slack.waitFor(
      (c) => c.seq > before && c.method === 'chat.postMessage' && c.args.channel === CHANNEL,
    );
    expect(post.error).toBeUndefined();
    expect(messageText(post)).toContain('from the form');
    const settled = await h.slack.waitFor(
      (c) => c.seq > before && c.method === 'views.update' && c.args.view_id === 'V0STEPFORM1',
    );
    expect(settled.error).toBeUndefined();
    expect(messageText(settled)).toContain('Done.');
    expect(h.sim.control.servers().find((s) => s.uuid === web.uuid)?.memo).toBe('from the form');
    expect(refusedSince(h, before)).toEqual([]);
    // The form is not the step: it was told its outcome once, by the step itself.
    expect(toldSlack(h, step.executionId)).toHaveLength(1);
  });
});

describe('steps and step-scoped interactions over Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ socketMode: true, approvers: [ADMIN] });
    await h.slack.socketModeConnected();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an order step delivered as an envelope waits, and the approval pressed inside it completes it once', async () => {
    const after = h.slack.lastSeq;
    const step = await h.step('order_vps', orderInputs('socket-1'), { socket: true });
    expect((step.ack as RecordedCall).args.envelope_id).toBeTruthy();
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL && approvalHas(c),
    );
    // Slack delivers the same run again (no ack seen in time): nothing is quoted or posted twice.
    await h.step('order_vps', orderInputs('socket-1'), { socket: true, executionId: step.executionId });
    await (
      await h.step('show_server', { ...startedBy(VIEWER), server: 'web-1' }, { socket: true })
    ).outcome();
    expect(await h.bot.store.signups.listRecent({ limit: 5 })).toHaveLength(1);
    expect(toldSlack(h, step.executionId)).toHaveLength(0);

    const clicked = h.slack.lastSeq;
    const payload = payloadOf(
      blockActionBody({
        actionId: 'vps_signup_approve',
        value: approvalOf(posted),
        userId: ADMIN,
        channelId: CHANNEL,
        responseUrl: h.slack.responseUrl('socket-approve'),
      }),
    );
    const scope = {
      executionId: step.executionId,
      callbackId: 'order_vps',
      token: clickToken(h, step.executionId),
    };
    const ack = await h.slack.sendEnvelope('interactive', inStepPayload(payload, scope));
    expect(ack.args.envelope_id).toBeTruthy();
    const done = await step.outcome();
    expect(done.method, String(done.args.error)).toBe('functions.completeSuccess');
    expect(done.args.outputs).toEqual({ name: 'socket-1', status: 'active' });
    await h.slack.waitFor((c) => c.seq > done.seq && c.method === 'chat.update');
    await h.bot.sweep();
    expect(realOrders(h)).toHaveLength(1);
    expect(toldSlack(h, step.executionId)).toHaveLength(1);
    expect(refusedSince(h, clicked)).toEqual([]);
  });
});
