/**
 * The Order a VPS global shortcut through the real app: a signed `shortcut`
 * delivery opens the order form `/vps signup` opens (filled from the
 * simulator's price list), which, opened in no channel, asks for the channel
 * of its approval request; the signed submission is refused on that field
 * when none is chosen or the policy leaves the one chosen out, and otherwise
 * quotes (a dry run at the simulator) and posts the approval request in the
 * channel chosen. In the person's language, within a modal's limits; someone
 * who may not order is told so in a modal.
 */
import { randomUUID } from 'node:crypto';
import type { ModalView } from '@slack/types';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { SHORTCUTS, SIGNUP_IDS, signupBlockId } from '../../src/slack/ids.ts';
import { approvalOf } from '../scenarios/signup-harness.ts';
import {
  ADMIN,
  CHANNEL,
  type Harness,
  modalIn,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import { type SubmittedState, TEAM_ID } from '../support/slack-request.ts';

const en = catalogs.en;
const ja = catalogs.ja;
const ELSEWHERE = 'C0RANDOM01';
const PRIVATE = 'G0PRIVATE1';

const text = (v: unknown) => JSON.stringify(v);

/** The form's answers as Slack sends them, with the channel chosen (or none). */
function answers(channel: string | null, planId = 'vps-2gb'): Record<string, Record<string, SubmittedState>> {
  const typed = (value: string | null) => ({ type: 'plain_text_input', value });
  const select = (value: string) => ({ type: 'static_select', selected_option: { value } });
  const box = (on: boolean) => ({ type: 'checkboxes', selected_options: on ? [{ value: 'yes' }] : [] });
  return {
    [SIGNUP_IDS.approvalChannel]: {
      [SIGNUP_IDS.approvalChannel]: { type: 'conversations_select', selected_conversation: channel },
    },
    [signupBlockId('plan_id')]: { plan_id: select(planId) },
    [signupBlockId('period', planId)]: { period: select('1') },
    [signupBlockId('image_id', planId)]: { image_id: select('ubuntu-24.04') },
    [signupBlockId('name')]: { name: typed('web-new') },
    [signupBlockId('ssh_key_name')]: { ssh_key_name: typed(null) },
    [signupBlockId('ssh_public_key')]: { ssh_public_key: typed(null) },
    [signupBlockId('root_password')]: { root_password: typed('Typed-Passw0rd-77') },
    [signupBlockId('auto_renew')]: { auto_renew: box(true) },
    [signupBlockId('partner_code')]: { partner_code: typed(null) },
    [signupBlockId('agree_to_terms')]: { agree_to_terms: box(true) },
  };
}

const dryRuns = (h: Harness) => h.sim.control.requests({ method: 'POST', path: '/v1/vps/servers' });

describe('the Order a VPS shortcut', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  /** Opens the shortcut; returns the filled order form. */
  async function openForm(user = OPERATOR): Promise<ModalView & { id: string }> {
    const { ack, triggerId } = await h!.shortcut(SHORTCUTS.orderVps, { user });
    expect(ack).toMatchObject({ status: 200, text: '' });
    const opened = await h!.slack.waitFor(
      (c) => c.method === 'views.open' && c.args.trigger_id === triggerId,
    );
    modalIn(opened);
    const filled = await h!.slack.waitFor(
      (c) =>
        c.method === 'views.update' &&
        c.seq > opened.seq &&
        text(c.args.view).includes(SIGNUP_IDS.approvalChannel),
    );
    return { ...modalIn(filled), id: String(filled.args.view_id) };
  }

  function send(form: ModalView & { id: string }, channel: string | null, user = OPERATOR) {
    return h!.submit({
      callbackId: SIGNUP_IDS.modalCallback,
      privateMetadata: form.private_metadata ?? '',
      userId: user,
      viewId: form.id,
      hash: `h-${randomUUID()}`,
      values: answers(channel),
    });
  }

  it('opens the order form, which asks for the approval channel and chooses none itself', async () => {
    h = await startHarness();
    const form = await openForm();
    expect(form.callback_id).toBe(SIGNUP_IDS.modalCallback);
    expect(JSON.parse(form.private_metadata ?? '{}')).toMatchObject({ channelId: '' });
    const pick = form.blocks.find((b) => b.block_id === SIGNUP_IDS.approvalChannel);
    expect(pick).toMatchObject({
      type: 'input',
      label: { text: en['signup.field.approval_channel'] },
      element: { type: 'conversations_select', action_id: SIGNUP_IDS.approvalChannel },
    });
    expect(text(pick)).not.toContain('initial_conversation');
    expect(text(form.blocks[0])).toContain(en['signup.modal.intro_choose']);
    // Filled from the provider's price list, as /vps signup's form.
    expect(text(form)).toContain('vps-2gb');
  });

  it('a submission with no channel is refused on that field, and nothing is asked of the provider', async () => {
    h = await startHarness();
    const form = await openForm();
    const ack = await send(form, null);
    expect(JSON.parse(ack.text)).toEqual({
      response_action: 'errors',
      errors: { [SIGNUP_IDS.approvalChannel]: en['signup.field.approval_channel.required'] },
    });
    expect(dryRuns(h)).toHaveLength(0);
  });

  it('quotes and posts the approval request in the channel chosen; an approver there decides', async () => {
    h = await startHarness({ approvers: [ADMIN] });
    const form = await openForm();
    const after = h.slack.lastSeq;
    const ack = await send(form, CHANNEL);
    expect(JSON.parse(ack.text)).toMatchObject({ response_action: 'update' });
    const posted = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL,
    );
    expect(text(posted.args.blocks)).toContain(SIGNUP_IDS.approve);
    expect(typeof posted.args.text).toBe('string');
    const notice = await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'views.update' && c.args.view_id === form.id,
    );
    expect(text(notice.args.view)).toContain(`<#${CHANNEL}>`);
    const [row] = await h.bot.store.signups.listRecent({ limit: 1 });
    expect(row).toMatchObject({ channelId: CHANNEL, requesterId: OPERATOR, serverName: 'web-new' });
    expect(dryRuns(h)).toHaveLength(1);
    expect(h.sim.control.charges()).toHaveLength(0);
    // The request belongs to the channel chosen: an approver's click there places the order.
    const approval = approvalOf(posted);
    const before = h.slack.lastSeq;
    await h.click(SIGNUP_IDS.approve, approval.value, { user: ADMIN, channel: CHANNEL });
    await h.slack.waitFor(
      (c) => c.seq > before && c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string',
    );
    expect(h.sim.control.charges().map((c) => c.amount)).toEqual([approval.price]);
  });

  it('where the policy lists channels, the form still opens and the channel chosen must be one of them', async () => {
    h = await startHarness({ policy: `channels: [${CHANNEL}]\n` });
    const form = await openForm();
    const refused = await send(form, ELSEWHERE);
    expect(JSON.parse(refused.text)).toEqual({
      response_action: 'errors',
      errors: { [SIGNUP_IDS.approvalChannel]: en['signup.field.approval_channel.not_allowed'] },
    });
    expect(dryRuns(h)).toHaveLength(0);
    const after = h.slack.lastSeq;
    await send(form, CHANNEL);
    await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === CHANNEL,
    );
  });

  it('a submission naming a private channel its requester is not in is refused there; one they are in is used', async () => {
    h = await startHarness({ approvers: [ADMIN] });
    h.slack.setChannel(PRIVATE, { private: true, members: [ADMIN] });
    const form = await openForm();
    const since = h.slack.lastSeq;
    const refused = await send(form, PRIVATE);
    expect(JSON.parse(refused.text)).toEqual({
      response_action: 'errors',
      errors: { [SIGNUP_IDS.approvalChannel]: en['signup.field.approval_channel.not_readable'] },
    });
    expect(dryRuns(h)).toHaveLength(0);
    expect(await h.bot.store.signups.listRecent({ limit: 1 })).toEqual([]);
    expect(
      h.slack.calls.filter(
        (c) => c.seq > since && c.args.channel === PRIVATE && c.method.startsWith('chat.'),
      ),
    ).toEqual([]);
    // Once they are a member, the same channel is theirs to use.
    h.slack.setChannel(PRIVATE, { private: true, members: [ADMIN, OPERATOR] });
    const after = h.slack.lastSeq;
    await send(form, PRIVATE);
    await h.slack.waitFor(
      (c) => c.seq > after && c.method === 'chat.postMessage' && c.args.channel === PRIVATE,
    );
    const [row] = await h.bot.store.signups.listRecent({ limit: 1 });
    expect(row).toMatchObject({ channelId: PRIVATE, requesterId: OPERATOR });
  });

  it('choosing another plan keeps asking for the channel', async () => {
    h = await startHarness();
    const form = await openForm();
    const after = h.slack.lastSeq;
    const payload = {
      type: 'block_actions',
      team: { id: TEAM_ID, domain: 'fake' },
      user: { id: OPERATOR, username: 'op', team_id: TEAM_ID },
      api_app_id: 'A0FAKE',
      token: 'legacy-verification-token',
      container: { type: 'view', view_id: form.id },
      trigger_id: `trig.${randomUUID()}`,
      view: { ...form, id: form.id, hash: 'h-plan', state: { values: {} } },
      actions: [
        {
          type: 'static_select',
          action_id: 'plan_id',
          block_id: signupBlockId('plan_id'),
          selected_option: { text: { type: 'plain_text', text: 'vps-4gb' }, value: 'vps-4gb' },
          action_ts: '1.000',
        },
      ],
    };
    await h.deliverRaw(new URLSearchParams({ payload: JSON.stringify(payload) }).toString());
    const redrawn = await h.slack.waitFor((c) => c.seq > after && c.method === 'views.update');
    const view = modalIn(redrawn);
    expect(text(view)).toContain(signupBlockId('period', 'vps-4gb'));
    expect(view.blocks.some((b) => b.block_id === SIGNUP_IDS.approvalChannel)).toBe(true);
  });

  it('someone who may not order is told so in a modal, and no form is filled', async () => {
    h = await startHarness();
    const { triggerId } = await h.shortcut(SHORTCUTS.orderVps, { user: VIEWER });
    const opened = await h.slack.waitFor((c) => c.method === 'views.open' && c.args.trigger_id === triggerId);
    const view = modalIn(opened);
    // A modal that only says it: nothing to send.
    expect(view.submit).toBeUndefined();
    expect(view.blocks.some((b) => b.type === 'input')).toBe(false);
    expect(text(view)).toContain(en['signup.refused.role_required'].replace('{role}', 'viewer'));
    expect(h.slack.callsOf('views.update')).toHaveLength(0);
    expect(h.sim.control.requests({ path: /^\/v1\/vps\/(plans|os-images)/ })).toHaveLength(0);
  });

  it('a person without any role is refused the same way', async () => {
    h = await startHarness({ operators: [], policy: 'default_role: none\n' });
    const { triggerId } = await h.shortcut(SHORTCUTS.orderVps, { user: VIEWER });
    const opened = await h.slack.waitFor((c) => c.method === 'views.open' && c.args.trigger_id === triggerId);
    // No role is said as such, never as the role's id (`none`).
    expect(text(modalIn(opened))).toContain(en['signup.refused.role_required_none']);
  });

  it('in Japanese for a person whose Slack is in Japanese, field errors included', async () => {
    h = await startHarness();
    h.slack.setUser(OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const form = await openForm();
    expect(text(form)).toContain(ja['signup.field.approval_channel']);
    expect(text(form.blocks[0])).toContain(ja['signup.modal.intro_choose']);
    const ack = await send(form, null);
    expect(JSON.parse(ack.text).errors[SIGNUP_IDS.approvalChannel]).toBe(
      ja['signup.field.approval_channel.required'],
    );
  });
});
