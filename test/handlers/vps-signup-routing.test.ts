/**
 * `/vps signup` and `/vps signups` through the real composition root
 * (startBot): the /vps listener routes them to paid signup's flow. The flow
 * itself (quote, approval, execution) is covered by test/scenarios/signup-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../src/slack/i18n/index.ts';
import { SIGNUP_IDS, signupBlockId } from '../../src/slack/ids.ts';
import { ADMIN, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';

describe('/vps signup routing through startBot', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: [OPERATOR], approvers: [ADMIN] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('opens the order form for an operator and fills it with the provider plans', async () => {
    const { triggerId } = await h.command('signup', { user: OPERATOR });
    const opened = await h.slack.waitFor((c) => c.method === 'views.open' && c.args.trigger_id === triggerId);
    const updated = await h.slack.waitFor(
      (c) =>
        c.method === 'views.update' &&
        JSON.stringify(c.args.view).includes(signupBlockId('plan_id')) &&
        c.seq > opened.seq,
    );
    const view = updated.args.view as { callback_id: string; blocks: { block_id?: string }[] };
    expect(view.callback_id).toBe(SIGNUP_IDS.modalCallback);
    const blockIds = view.blocks.map((b) => b.block_id);
    expect(blockIds).toContain(signupBlockId('plan_id'));
    expect(blockIds).toContain(signupBlockId('root_password'));
    expect(blockIds).toContain(signupBlockId('agree_to_terms'));
    // The form lists the simulator's plans by id as option values.
    expect(JSON.stringify(view)).toContain('vps-2gb');
  });

  it('lists the channel quotes and orders with /vps signups', async () => {
    const reply = await (await h.command('signups', { user: OPERATOR })).reply();
    expect(messageText(reply)).toContain(translator('en')('signup.list.empty'));
  });

  it('refuses usage mistakes with the usage line', async () => {
    const reply = await (await h.command('signup vps-2gb', { user: OPERATOR })).reply();
    expect(messageText(reply)).toContain(translator('en')('usage.signup'));
  });
});
