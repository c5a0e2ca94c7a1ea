/**
 * The Server card global shortcut through the real app: a signed `shortcut`
 * delivery opens the question with its trigger id; the modal's submission
 * (signed too) is refused on its field when empty or too long, answered at
 * once with "reading", and the card read from the simulator over HTTP then
 * replaces it (by name, IP address or uuid), or the question comes back with
 * the provider's answer above the field. In the person's language, within a
 * modal's limits; refused for a person without a role, and where the
 * policy's channel list leaves out a shortcut that belongs to no channel.
 */
import type { ModalView } from '@slack/types';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { FIND_SERVER_IDS, NOTICE_CALLBACK, SHORTCUTS } from '../../src/slack/ids.ts';
import { CHANNEL, type Harness, modalIn, OPERATOR, startHarness, VIEWER } from '../support/app-harness.ts';

const en = catalogs.en;
const ja = catalogs.ja;

const text = (v: unknown) => JSON.stringify(v);

describe('the Server card shortcut', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  /** Opens the shortcut and returns the question modal it opened (and its view id). */
  async function open(user = VIEWER): Promise<{ view: ModalView; viewId: string }> {
    const { ack, triggerId } = await h!.shortcut(SHORTCUTS.findServer, { user });
    expect(ack.status).toBe(200);
    expect(ack.text).toBe('');
    const opened = await h!.slack.waitFor(
      (c) => c.method === 'views.open' && c.args.trigger_id === triggerId,
    );
    expect(opened.error).toBeUndefined();
    return { view: modalIn(opened), viewId: `V-find-${triggerId}` };
  }

  /** Sends the question with `ref` typed; returns the ack's body and the next update of that modal. */
  async function ask(ref: string | null, viewId: string, user = VIEWER) {
    const after = h!.slack.lastSeq;
    const ack = await h!.submit({
      callbackId: FIND_SERVER_IDS.modalCallback,
      privateMetadata: '',
      userId: user,
      viewId,
      // Each update of the modal gives it a new hash, as Slack does.
      hash: `h-${after}`,
      values: {
        [FIND_SERVER_IDS.refBlock]: { [FIND_SERVER_IDS.refInput]: { type: 'plain_text_input', value: ref } },
      },
    });
    expect(ack.status).toBe(200);
    const body = ack.text === '' ? {} : (JSON.parse(ack.text) as Record<string, unknown>);
    return {
      body,
      next: () =>
        h!.slack.waitFor((c) => c.method === 'views.update' && c.args.view_id === viewId && c.seq > after),
    };
  }

  it('asks for a server, says it is reading, then shows its card found by name', async () => {
    h = await startHarness();
    const { view, viewId } = await open();
    expect(view.callback_id).toBe(FIND_SERVER_IDS.modalCallback);
    expect(view.title.text).toBe(en['shortcut.find.title']);
    expect(text(view)).toContain(en['shortcut.find.intro']);

    const { body, next } = await ask('web-1', viewId);
    expect(body.response_action).toBe('update');
    expect(text(body.view)).toContain('Reading `web-1` from the provider');
    const card = modalIn(await next());
    expect(card.callback_id).toBe(FIND_SERVER_IDS.cardCallback);
    expect(card.blocks[0]).toMatchObject({ type: 'header', text: { text: 'web-1' } });
    const web1 = h.sim.control.servers().find((s) => s.name === 'web-1')!;
    expect(text(card)).toContain(web1.ipAddress!);
    expect(h.sim.control.requests({ path: `/v1/vps/servers/${web1.uuid}` })).toHaveLength(1);
    // A card's buttons answer in a message: the modal has none, and a viewer is not told of edits.
    expect(card.blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(text(card)).not.toContain('/vps show');
    expect(card.submit?.text).toBe(en['shortcut.find.another']);
    // Nothing went to a channel or a direct message.
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    expect(h.slack.callsOf('chat.postEphemeral')).toHaveLength(0);
  });

  it('finds a server by its IP address and by its uuid, in any case', async () => {
    h = await startHarness();
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    const { viewId } = await open();
    for (const ref of [db1.ipAddress!, db1.uuid.toUpperCase()]) {
      const { next } = await ask(ref, viewId);
      const card = modalIn(await next());
      expect(card.blocks[0]).toMatchObject({ type: 'header', text: { text: 'db-1' } });
    }
  });

  it('an operator is told where the change buttons are', async () => {
    h = await startHarness();
    const { viewId } = await open(OPERATOR);
    const { next } = await ask('db-2', viewId, OPERATOR);
    const card = modalIn(await next());
    expect(text(card)).toContain('/vps show db-2');
  });

  it('a server it cannot find: the question again, the provider’s answer above what was typed', async () => {
    h = await startHarness();
    const { viewId } = await open();
    const { body, next } = await ask('  web-99 ', viewId);
    expect(body.response_action).toBe('update');
    const again = modalIn(await next());
    expect(again.callback_id).toBe(FIND_SERVER_IDS.modalCallback);
    expect(text(again)).toContain('web-99');
    const input = again.blocks.find((b) => b.block_id === FIND_SERVER_IDS.refBlock);
    expect(input).toMatchObject({ element: { initial_value: 'web-99' } });
    expect(text(again)).not.toContain(en['shortcut.find.intro']);
  });

  it('an empty field and one past the longest reference are refused on the field, before any read', async () => {
    h = await startHarness();
    const { viewId } = await open();
    const before = h.sim.control.requests({ path: /^\/v1\/vps\// }).length;
    for (const [ref, words] of [
      ['   ', en['shortcut.find.empty']],
      [null, en['shortcut.find.empty']],
      ['x'.repeat(51), '50'],
    ] as const) {
      const { body } = await ask(ref, viewId);
      expect(body.response_action).toBe('errors');
      expect((body.errors as Record<string, string>)[FIND_SERVER_IDS.refBlock]).toContain(words);
    }
    expect(h.sim.control.requests({ path: /^\/v1\/vps\// }).length).toBe(before);
  });

  it('the card’s “Find another” asks again', async () => {
    h = await startHarness();
    const ack = await h.submit({
      callbackId: FIND_SERVER_IDS.cardCallback,
      privateMetadata: '',
      userId: VIEWER,
      values: {},
    });
    const body = JSON.parse(ack.text) as { response_action: string; view: ModalView };
    expect(body.response_action).toBe('update');
    expect(body.view.callback_id).toBe(FIND_SERVER_IDS.modalCallback);
  });

  it('in Japanese for a person whose Slack is in Japanese', async () => {
    h = await startHarness();
    h.slack.setUser(VIEWER, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const { view, viewId } = await open();
    expect(view.title.text).toBe(ja['shortcut.find.title']);
    expect(text(view)).toContain(ja['shortcut.find.intro']);
    const { body, next } = await ask('web-2', viewId);
    expect(text(body.view)).toContain('`web-2` の情報をプロバイダーから取得しています');
    const card = modalIn(await next());
    expect(card.submit?.text).toBe(ja['shortcut.find.another']);
    const { next: missing } = await ask('web-99', viewId);
    expect(text(modalIn(await missing()))).toContain(ja['shortcut.find.label']);
  });

  it('a person without a role is told so in the modal, and nothing is read', async () => {
    h = await startHarness({ policy: 'default_role: none\n' });
    const { view, viewId } = await open();
    expect(view.callback_id).toBe(NOTICE_CALLBACK);
    expect(view.submit).toBeUndefined();
    expect(text(view)).toContain('This needs the *viewer* role');
    // A forged submission of the question is refused the same way.
    const { next } = await ask('web-1', viewId);
    expect(text(modalIn(await next()))).toContain('This needs the *viewer* role');
    expect(h.sim.control.requests({ path: /^\/v1\/vps\// })).toHaveLength(0);
  });

  it('where the policy lists channels, a shortcut from the message box (in none) is refused and says why', async () => {
    h = await startHarness({ policy: `channels: [${CHANNEL}]\n` });
    const { view } = await open();
    expect(view.callback_id).toBe(NOTICE_CALLBACK);
    expect(text(view)).toContain(`<#${CHANNEL}>`);
    expect(text(view)).toContain(en['shortcut.placeless_note']);
  });

  it('a retried delivery opens one modal; one from another workspace opens only the refusal', async () => {
    h = await startHarness();
    const triggerId = 'trig.same-global-shortcut';
    await h.shortcut(SHORTCUTS.findServer, { triggerId });
    await h.slack.waitFor((c) => c.method === 'views.open' && c.args.trigger_id === triggerId);
    await h.shortcut(SHORTCUTS.findServer, { triggerId, delivery: { retryNum: 1 } });
    const other = await h.shortcut(SHORTCUTS.findServer, { team: 'T0OTHER01' });
    const refused = await h.slack.waitFor(
      (c) => c.method === 'views.open' && c.args.trigger_id === other.triggerId,
    );
    expect(text(refused.args.view)).toContain(en['refused.other_workspace']);
    expect(h.slack.callsOf('views.open').filter((c) => c.args.trigger_id === triggerId)).toHaveLength(1);
  });

  it('a retried delivery of the same submission reads and updates once', async () => {
    h = await startHarness();
    const submission = {
      callbackId: FIND_SERVER_IDS.modalCallback,
      privateMetadata: '',
      userId: VIEWER,
      viewId: 'V0RETRIED1',
      hash: 'h-same',
      values: {
        [FIND_SERVER_IDS.refBlock]: {
          [FIND_SERVER_IDS.refInput]: { type: 'plain_text_input', value: 'web-1' },
        },
      },
    };
    const first = await h.submit(submission);
    expect(JSON.parse(first.text)).toMatchObject({ response_action: 'update' });
    await h.slack.waitFor((c) => c.method === 'views.update' && c.args.view_id === 'V0RETRIED1');
    const retried = await h.submit(submission, { retryNum: 1 });
    expect(retried).toMatchObject({ status: 200, text: '' });
    // A later question is answered: by then the retry's would have been too, had it run.
    await h.submit({ ...submission, viewId: 'V0LATER001' });
    await h.slack.waitFor((c) => c.method === 'views.update' && c.args.view_id === 'V0LATER001');
    expect(h.slack.callsOf('views.update').filter((c) => c.args.view_id === 'V0RETRIED1')).toHaveLength(1);
  });
});
