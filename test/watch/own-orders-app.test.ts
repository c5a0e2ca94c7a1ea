/**
 * A server the bot ordered itself, through the real app (signed requests, the
 * simulator and the fake Slack, the watcher and the notifier running on the
 * manual clock): its order is told in the approval's thread, and never again
 * as a new server that appeared in the list; a server added in the control
 * panel meanwhile still is.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { stateValues } from '../scenarios/signup-harness.ts';
import { ADMIN, CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { blockActionBody } from '../support/slack-request.ts';

const NOTIFY = 'C0NOTIFY1';
const START = new Date('2026-03-02T03:00:00Z');
const INTERVAL_MS = 10_000;

const appeared = (c: RecordedCall) =>
  c.method === 'chat.postMessage' && messageText(c).includes('appeared in the list');

/** Resolves with `p`'s value, or undefined once `ms` of real time passed without it. */
function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(undefined), ms);
    void p.then((v) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}

/**
 * Simulated time passes until the watcher has listed the servers `n` times more
 * (or `until` holds): a second at a time, each step awaiting the watcher's next
 * request (its loop, on real timers, looks at the clock at least once a second).
 */
async function rounds(h: Harness, n: number, until?: () => boolean): Promise<void> {
  for (let i = 0; i < n && !until?.(); i += 1) {
    let listed = false;
    void h.sim.control.nextRequest({ path: '/v1/vps/servers' }).then(() => {
      listed = true;
    });
    for (let step = 0; !listed && step < 120; step += 1) {
      const next = h.sim.control.nextRequest();
      h.sim.control.clock.advance(1_000);
      await within(next, 2_000);
    }
    expect(listed).toBe(true);
  }
}

/** The order form submitted as the operator would (the form's own opening is covered elsewhere). */
async function order(h: Harness, name: string): Promise<string> {
  const { plans, os_images } = await h.bot.provider.plans();
  const plan = plans.find((p) => p.plan_id === 'vps-2gb')!;
  const period = plan.periods.find((p) => p.months === 1)!;
  const image = os_images.find((i) => i.minimum_memory_mb <= plan.memory_mb)!;
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
          name,
          root_password: `Aa1-${randomUUID().slice(0, 12)}`,
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
  const approve = blocks
    .find((b) => b.type === 'actions')
    ?.elements?.find((e) => e.action_id === 'vps_signup_approve')?.value;
  await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > approval.seq);
  const [row] = await h.bot.store.signups.listRecent({ channelId: CHANNEL, limit: 1 });
  await h.deliverRaw(
    blockActionBody({
      actionId: 'vps_signup_approve',
      value: approve!,
      userId: ADMIN,
      channelId: CHANNEL,
      responseUrl: h.slack.responseUrl(`approve-${name}`),
      blockId: 'vps_signup_actions',
    }),
  );
  await h.slack.waitFor(
    (c) =>
      c.method === 'chat.postMessage' &&
      c.args.thread_ts === row!.messageTs &&
      /Ordered and paid/.test(messageText(c)),
  );
  return row!.messageTs!;
}

describe('a server the bot ordered, through the real app', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is told in its order’s thread, never as a new server in the list; one added in the panel still is', async () => {
    h = await startHarness({
      operators: [OPERATOR],
      approvers: [ADMIN],
      watcher: true,
      manualClockAt: START,
      rateLimit: { limit: 1200, windowSeconds: 60, concurrent: 10 },
      env: {
        WATCH_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
        WATCH_FLAP_SECONDS: '0',
        NOTIFY_CHANNEL: NOTIFY,
      },
    });
    const app = h;
    // The watcher's baseline: the list and every server read once.
    await app.sim.control.nextRequest({ path: '/v1/vps/servers', status: 200 });
    await rounds(app, 3);

    // Ordered and approved; the provider builds it for three minutes.
    app.sim.control.setNextSignupOutcome('building');
    const thread = await order(app, 'web-new');
    const ready = () =>
      app.slack.calls.some(
        (c) =>
          c.method === 'chat.postMessage' && c.args.thread_ts === thread && messageText(c).includes(':tada:'),
      );
    await rounds(app, 30, ready);
    await app.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' && c.args.thread_ts === thread && messageText(c).includes(':tada:'),
    );
    // Rounds of the watcher since: the list names web-new every time.
    await rounds(app, 6);
    const uuid = app.sim.control.servers().find((s) => s.name === 'web-new')!.uuid;
    expect((await app.bot.store.snapshots.get(uuid))?.name).toBe('web-new');
    expect(app.slack.calls.filter(appeared).map(messageText)).toEqual([]);

    // A server added in the control panel is news.
    const [panel] = app.sim.control.addServers(1, { name: 'panel-made', power: 'running', status: 'active' });
    await rounds(app, 6, () => app.slack.calls.some(appeared));
    await app.slack.waitFor(appeared);
    const told = app.slack.calls.filter(appeared);
    expect(told.map((c) => c.args.channel)).toEqual([NOTIFY]);
    expect(messageText(told[0]!)).toContain('*panel-made*');
    expect((await app.bot.store.snapshots.get(panel!))?.name).toBe('panel-made');
  }, 60_000);
});
