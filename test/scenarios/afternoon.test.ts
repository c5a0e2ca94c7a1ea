/**
 * An operator's afternoon through the whole bot (startBot: the real Bolt app
 * over signed HTTP, the watcher and notifier running, the simulator and the
 * fake Slack behind): order a VPS, have a colleague approve it, watch the
 * order finish in the approval thread.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { blockActionBody } from '../support/slack-request.ts';
import { stateValues } from './signup-harness.ts';

describe("an operator's afternoon", () => {
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
  });

  it('orders a VPS, a colleague approves it, and the thread is told when it is ready', async () => {
    h = await startHarness({
      operators: [OPERATOR],
      approvers: [ADMIN],
      watcher: true,
      env: { WATCH_INTERVAL_SECONDS: '1', WATCH_FLAP_SECONDS: '0' },
      rateLimit: { limit: 600, windowSeconds: 10, concurrent: 10 },
    });
    const { plans, os_images } = await h.bot.provider.plans();
    const plan = plans.find((p) => p.plan_id === 'vps-2gb');
    const period = plan?.periods.find((p) => p.months === 1);
    const image = os_images.find((i) => i.minimum_memory_mb <= (plan?.memory_mb ?? 0));
    if (!plan || !period || !image) throw new Error('the seed lacks vps-2gb for 1 month');

    // The order form, submitted (the modal's own opening is covered elsewhere).
    const password = `Aa1-${randomUUID().slice(0, 12)}`;
    const submission = {
      type: 'view_submission',
      team: { id: 'T0FAKE', domain: 'fake' },
      user: { id: OPERATOR, username: 'operator', team_id: 'T0FAKE' },
      api_app_id: 'A0FAKE',
      token: 'legacy-verification-token',
      trigger_id: `trig.${randomUUID()}`,
      view: {
        id: 'V0ORDER01',
        team_id: 'T0FAKE',
        type: 'modal',
        callback_id: 'vps_signup_modal',
        private_metadata: JSON.stringify({ channelId: CHANNEL, planId: plan.plan_id }),
        hash: 'h1',
        state: {
          values: stateValues({
            plan_id: plan.plan_id,
            period: String(period.months),
            image_id: image.image_id,
            name: 'web-new',
            root_password: password,
            agree_to_terms: true,
          }),
        },
        blocks: [],
        title: { type: 'plain_text', text: 'Order a VPS' },
      },
      response_urls: [],
    };
    const ack = await h.deliverRaw(new URLSearchParams({ payload: JSON.stringify(submission) }).toString());
    expect(ack.status).toBe(200);

    // The approval request in the channel shows the price.
    const approval = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.channel === CHANNEL &&
        JSON.stringify(c.args.blocks ?? []).includes('vps_signup_approve'),
    );
    const blocks = approval.args.blocks as {
      type: string;
      elements?: { action_id?: string; value?: string }[];
    }[];
    const approveValue = blocks
      .find((b) => b.type === 'actions')
      ?.elements?.find((e) => e.action_id === 'vps_signup_approve')?.value;
    expect(approveValue).toBeDefined();
    expect(messageText(approval)).toContain(period.total_price.toLocaleString('en-US'));

    // A colleague approves; the provider holds server creation for a while.
    h.sim.control.setNextSignupOutcome('setup_pending');
    // The handler remembers where the request is, then tells the requester in the modal.
    await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > approval.seq);
    const [row] = await h.bot.store.signups.listRecent({ channelId: CHANNEL, limit: 1 });
    const approvalTs = row?.messageTs;
    expect(approvalTs).toBeTruthy();
    await h.deliverRaw(
      blockActionBody({
        actionId: 'vps_signup_approve',
        value: approveValue!,
        userId: ADMIN,
        channelId: CHANNEL,
        responseUrl: h.slack.responseUrl('approve-1'),
        blockId: 'vps_signup_actions',
      }),
    );
    const paid = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.thread_ts === approvalTs &&
        /Ordered and paid/.test(messageText(c)),
    );
    expect(messageText(paid)).toContain('put server creation on hold');

    // The provider finishes; the watcher sees it and tells the requester in the thread.
    const [signup] = h.sim.control.signups();
    if (!signup) throw new Error('no signup reached the provider');
    h.sim.control.completeSignup(signup.id);
    const ready = await h.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' &&
        c.args.thread_ts === approvalTs &&
        messageText(c).includes(':tada:'),
      15_000,
    );
    expect(messageText(ready)).toContain(`<@${OPERATOR}>`);
    expect(messageText(ready)).toContain('web-new');

    // Charged once, at the approved price; the password went nowhere it should not.
    expect(h.sim.control.charges()).toHaveLength(1);
    expect(h.sim.control.charges()[0]).toMatchObject({ amount: period.total_price });
    expect(JSON.stringify(h.slack.calls)).not.toContain(password);
    expect(h.logs.text).not.toContain(password);
  });
});
