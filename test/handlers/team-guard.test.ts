/**
 * The bot serves the workspace its token belongs to (auth.test: T0FAKE) and
 * no other: a signed command, button or form from another workspace is
 * refused before any listener runs, with one sentence where Slack lets the
 * bot say one, nothing done and nothing read from the provider, the refusal
 * logged. The same requests from the bot's own workspace still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { BLOCKS, CALLBACKS, INPUT_ACTION, NOTICE_CALLBACK, WATCH_IDS } from '../../src/slack/ids.ts';
import { enterpriseIdsOf, teamIdsOf } from '../../src/slack/team-guard.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { deliver, slashCommandBody } from '../support/slack-request.ts';

const en = catalogs.en;
const ja = catalogs.ja;
const OTHER = 'T0OTHER01';

describe('requests from another workspace', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: [OPERATOR] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const providerRequests = () => h.sim.control.requests().length;
  const refusals = () =>
    h.logs.records().filter((l) => l.msg === 'request from another workspace refused' && l.level === 'warn');

  it('a command is answered with the sentence alone, ephemeral, and nothing is read', async () => {
    const n = providerRequests();
    const logged = refusals().length;
    const c = await h.command('list', { user: OPERATOR, team: OTHER });
    expect(c.ack.status).toBe(200);
    expect(JSON.parse(c.ack.text)).toEqual({
      response_type: 'ephemeral',
      text: en['refused.other_workspace'],
    });
    // The same command from the bot's own workspace is answered on its response_url; this one never is.
    await (await h.command('me', { user: OPERATOR })).reply();
    expect(h.slack.calls.some((x) => x.responseId === c.responseId)).toBe(false);
    expect(providerRequests()).toBeGreaterThan(n);
    const [line] = refusals().slice(logged);
    expect(line).toMatchObject({ teams: [OTHER], kind: 'command', user: OPERATOR });
  });

  it('a button changes nothing and tells the clicker alone', async () => {
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    const click = await h.click(WATCH_IDS.mute, JSON.stringify({ u: db1.uuid, s: 3600 }), {
      user: OPERATOR,
      team: OTHER,
    });
    expect(click.ack.status).toBe(200);
    const told = await click.reply();
    expect(told.args).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(messageText(told)).toBe(en['refused.other_workspace']);
    expect(await h.bot.store.mutes.active(new Date(), CHANNEL)).toEqual([]);
    expect(await h.bot.store.audit.latest({ limit: 5 })).toEqual([]);
    expect(refusals().at(-1)).toMatchObject({ teams: [OTHER], kind: 'block_actions' });
  });

  it('a form submission changes nothing and the modal says why', async () => {
    const uuid = h.sim.control.servers().find((s) => s.name === 'mail-1')!.uuid;
    const puts = h.sim.control.requests({ method: 'PUT' }).length;
    const ack = await h.submit({
      callbackId: CALLBACKS.memo,
      userId: OPERATOR,
      teamId: OTHER,
      privateMetadata: JSON.stringify({ uuid, ref: 'mail-1', channelId: CHANNEL }),
      values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'x' } } },
    });
    expect(ack.status).toBe(200);
    const body = JSON.parse(ack.text) as { response_action: string; view: Record<string, unknown> };
    expect(body.response_action).toBe('update');
    expect(body.view.callback_id).toBe(NOTICE_CALLBACK);
    expect(JSON.stringify(body.view)).toContain(en['refused.other_workspace']);
    expect(h.sim.control.requests({ method: 'PUT' }).length).toBe(puts);
    expect(refusals().at(-1)).toMatchObject({ teams: [OTHER], kind: 'view_submission' });
  });

  it('a payload that names our workspace but another user’s, or none at all, is refused too', async () => {
    const n = providerRequests();
    const body = slashCommandBody({ text: 'list', responseUrl: h.slack.responseUrl('no-team') });
    const noTeam = new URLSearchParams(body);
    noTeam.delete('team_id');
    const r = await deliver(h.url, h.signingSecret, noTeam.toString());
    expect(JSON.parse(r.text)).toMatchObject({ text: en['refused.other_workspace'] });
    expect(providerRequests()).toBe(n);
    expect(teamIdsOf({ team: { id: 'T0FAKE' }, user: { id: 'U1', team_id: OTHER } })).toEqual([
      'T0FAKE',
      OTHER,
    ]);
  });
});

describe('requests from another workspace, bot speaking Japanese', () => {
  it('the refusal is in the bot’s language', async () => {
    const h = await startHarness({ locale: 'ja' });
    try {
      const c = await h.command('list', { team: OTHER });
      expect(JSON.parse(c.ack.text)).toMatchObject({ text: ja['refused.other_workspace'] });
    } finally {
      await h.close();
    }
  });
});

describe('requests from another workspace, in Socket Mode', () => {
  it('the envelope is acknowledged with the sentence, and nothing is read', async () => {
    const h = await startHarness({ socketMode: true });
    try {
      await h.slack.socketModeConnected();
      const n = h.sim.control.requests().length;
      const payload = Object.fromEntries(
        new URLSearchParams(
          slashCommandBody({ text: 'list', teamId: OTHER, responseUrl: h.slack.responseUrl('sock') }),
        ),
      );
      const ack = await h.slack.sendEnvelope('slash_commands', payload);
      expect(ack.args.payload).toEqual({ response_type: 'ephemeral', text: en['refused.other_workspace'] });
      expect(h.sim.control.requests().length).toBe(n);
    } finally {
      await h.close();
    }
  });
});

describe('requests from another Enterprise Grid organisation', () => {
  const OURS = 'E0GRID001';
  const THEIRS = 'E0GRID002';
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: [OPERATOR], enterpriseId: OURS });
  });
  afterAll(async () => {
    await h?.close();
  });

  const refusals = () =>
    h.logs.records().filter((l) => l.msg === 'request from another workspace refused' && l.level === 'warn');

  it('a command naming our workspace but another organisation is refused like another workspace', async () => {
    const n = h.sim.control.requests().length;
    const c = await h.command('list', { user: OPERATOR, enterprise: THEIRS });
    expect(c.ack.status).toBe(200);
    expect(JSON.parse(c.ack.text)).toEqual({
      response_type: 'ephemeral',
      text: en['refused.other_workspace'],
    });
    expect(h.sim.control.requests().length).toBe(n);
    expect(refusals().at(-1)).toMatchObject({ teams: ['T0FAKE'], enterprises: [THEIRS], kind: 'command' });
    // From our own organisation the same command is served.
    const served = await h.command('list', { user: OPERATOR, enterprise: OURS });
    expect(messageText(await served.reply())).toContain('web-1');
  });

  it('a button and a form from another organisation change nothing', async () => {
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    const click = await h.click(WATCH_IDS.mute, JSON.stringify({ u: db1.uuid, s: 3600 }), {
      user: OPERATOR,
      enterprise: THEIRS,
    });
    expect(messageText(await click.reply())).toBe(en['refused.other_workspace']);
    expect(await h.bot.store.mutes.active(new Date(), CHANNEL)).toEqual([]);
    const puts = h.sim.control.requests({ method: 'PUT' }).length;
    const ack = await h.submit({
      callbackId: CALLBACKS.memo,
      userId: OPERATOR,
      enterpriseId: THEIRS,
      privateMetadata: JSON.stringify({ uuid: db1.uuid, ref: 'db-1', channelId: CHANNEL }),
      values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'x' } } },
    });
    expect(JSON.stringify(JSON.parse(ack.text))).toContain(en['refused.other_workspace']);
    expect(h.sim.control.requests({ method: 'PUT' }).length).toBe(puts);
    expect(refusals().at(-1)).toMatchObject({ enterprises: [THEIRS], kind: 'view_submission' });
  });

  it('outside a grid, a request naming any organisation is refused', async () => {
    const plain = await startHarness();
    try {
      const c = await plain.command('list', { enterprise: OURS });
      expect(JSON.parse(c.ack.text)).toMatchObject({ text: en['refused.other_workspace'] });
      expect(enterpriseIdsOf({ enterprise: null, team: { id: 'T0FAKE' } })).toEqual([]);
      expect(
        enterpriseIdsOf({ enterprise: { id: OURS }, team: { id: 'T1', enterprise_id: THEIRS } }),
      ).toEqual([OURS, THEIRS]);
    } finally {
      await plain.close();
    }
  });
});
