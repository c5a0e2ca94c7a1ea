/**
 * Forms open while their trigger is alive, whatever the provider's latency:
 * with a provider that takes 4 s per answer and the key's scope not read yet,
 * every form opens at once (Slack honours a trigger id for 3 s; the fake
 * Slack refuses an older one with `expired_trigger_id`, on the simulated
 * clock) and is filled once the reads are back, or says what refused it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { NO_RATE_LIMIT } from '../support/hosting.ts';

const en = catalogs.en;
const LATENCY_MS = 4_000;

describe('forms behind a slow provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      manualClockAt: new Date('2026-03-10T03:00:00.000Z'),
    });
    // Slow from now on (the bot's start-up read of its key went at full speed).
    h.sim.control.setLatency(LATENCY_MS);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    // Past the key scope's minute in the cache: each form reads it again from the slow provider.
    h.sim.control.clock.advance(61_000);
  });

  /** Lets simulated time pass for each request the slow provider holds, until `done` has happened. */
  async function whileSlow(done: Promise<RecordedCall>): Promise<RecordedCall> {
    let call: RecordedCall | undefined;
    void done.then((c) => {
      call = c;
    });
    while (!call) {
      await Promise.race([h.sim.control.waitForInFlight(1), done]);
      if (!call) h.sim.control.clock.advance(LATENCY_MS);
    }
    return call;
  }

  /** A command that opens a form: the views.open and what the form became. */
  async function form(text: string, command: string, user = OPERATOR) {
    const c = await h.command(text, { user, command });
    const open = await whileSlow(
      h.slack.waitFor((x) => x.method === 'views.open' && x.args.trigger_id === c.triggerId),
    );
    expect(
      open.error,
      `${text}: ${h.slack.calls.filter((x) => x.responseId === c.responseId).map(messageText)}`,
    ).toBeUndefined();
    const filled = await whileSlow(
      h.slack.waitFor((x) => x.method === 'views.update' && x.args.view_id === open.viewId),
    );
    return { open, filled, replies: h.slack.calls.filter((x) => x.responseId === c.responseId) };
  }

  it.each([
    ['db user create', 'hosting_db_user_create_modal'],
    ['db create', 'hosting_db_create_modal'],
    ['wp install', 'hosting_wp_install_modal'],
    ['ssh key add', 'hosting_ssh_key_add_modal'],
    ['wp delete 1001', 'hosting_wp_delete_modal'],
  ])('/hosting %s opens at once and is filled when the reads are back', async (text, callback) => {
    const { open, filled, replies } = await form(text, '/hosting');
    expect(messageText(open)).toContain(en['modal.loading']);
    expect((filled.args.view as { callback_id: string }).callback_id).toBe(callback);
    expect(replies.map(messageText).join('\n')).not.toContain(en['error.internal']);
  });

  it('turns the form into the refusal’s sentence when the checks refuse', async () => {
    const { filled } = await form('db user create', '/hosting', VIEWER);
    expect((filled.args.view as { callback_id: string }).callback_id).toMatch(/_notice$/);
    expect(messageText(filled)).toContain('This needs the *operator* role');
  });

  it('/vps memo <server> opens at once too', async () => {
    const { filled } = await form('memo web-1', '/vps');
    expect((filled.args.view as { callback_id: string }).callback_id).toBe('vps_memo_modal');
  });
});
