/**
 * Deliveries Slack never sends, signed all the same (issue 21): a user-group
 * id where a person's id belongs, an interaction with no user, a numeric
 * `action_id`, a view submission with no view or `state: null`, a button or
 * form no listener knows, a kind of delivery the app does not serve. Each is
 * answered at once, 400 or 200, with a log line, nothing is run, and the bot
 * keeps serving; before, they got HTTP 500, 404 after Slack's three seconds,
 * or, for the group id, the group's role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, BLOCKS, CALLBACKS, INPUT_ACTION } from '../../src/slack/ids.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { blockActionBody, slashCommandBody, viewSubmissionBody } from '../support/slack-request.ts';

const OPS_GROUP = 'S0OPSGROUP';

type Json = Record<string, unknown>;
const payloadOf = (form: string): Json => JSON.parse(new URLSearchParams(form).get('payload')!) as Json;
const formOf = (payload: unknown): string =>
  new URLSearchParams({ payload: JSON.stringify(payload) }).toString();

describe('deliveries Slack never sends, over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    // The operators are a user group: its members are operators, the group's own id is nobody.
    h = await startHarness({ operators: [OPS_GROUP] });
    h.slack.setGroup(OPS_GROUP, [OPERATOR]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const refused = () => h.logs.records().filter((l) => l.msg === 'Slack delivery refused');
  const boltFailures = () =>
    h.logs
      .records()
      .filter((l) => /unhandled error|not acknowledged|Could not determine/i.test(String(l.msg)));
  const memoOf = (name: string) => h.sim.control.servers().find((s) => s.name === name)!;
  const card = () => {
    const s = memoOf('web-1');
    return { uuid: s.uuid, ref: 'web-1', channelId: CHANNEL };
  };

  it('a command whose user is the operators’ group id is refused 400 and changes nothing', async () => {
    const puts = h.sim.control.requests({ method: 'PUT' }).length;
    const logged = refused().length;
    const c = await h.command('memo web-1 set-by-a-group', { user: OPS_GROUP });
    expect(c.ack.status).toBe(400);
    expect(h.sim.control.requests({ method: 'PUT' }).length).toBe(puts);
    expect(refused().slice(logged)).toEqual([
      expect.objectContaining({ reason: 'user id is not a Slack user id', kind: 'command', level: 'warn' }),
    ]);
    // A member of the group is an operator, as the policy says.
    const before = h.slack.lastSeq;
    await h.command('memo web-1 set-by-a-member', { user: OPERATOR });
    await h.slack.waitFor((x) => x.method === 'chat.postMessage' && x.seq > before);
    expect(memoOf('web-1').memo).toBe('set-by-a-member');
  });

  it('a click and a form whose user is a group id are refused 400 too', async () => {
    const click = await h.click(ACTIONS.cardRefresh, memoOf('web-1').uuid, { user: OPS_GROUP });
    expect(click.ack.status).toBe(400);
    const puts = h.sim.control.requests({ method: 'PUT' }).length;
    const ack = await h.submit({
      callbackId: CALLBACKS.memo,
      userId: OPS_GROUP,
      privateMetadata: JSON.stringify(card()),
      values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'x' } } },
    });
    expect(ack.status).toBe(400);
    expect(h.sim.control.requests({ method: 'PUT' }).length).toBe(puts);
  });

  it('each malformed interaction is answered 400 at once with a log line, and nothing runs', async () => {
    const click = () =>
      payloadOf(
        blockActionBody({
          actionId: ACTIONS.cardRefresh,
          value: memoOf('web-1').uuid,
          userId: OPERATOR,
          responseUrl: h.slack.responseUrl('malformed'),
        }),
      );
    const submission = () =>
      payloadOf(
        viewSubmissionBody({
          callbackId: CALLBACKS.memo,
          userId: OPERATOR,
          privateMetadata: JSON.stringify(card()),
          values: {
            [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'malformed' } },
          },
        }),
      );
    const cases: [string, Json][] = [
      ['a click with no user', { ...click(), user: undefined }],
      ['a click whose user is null', { ...click(), user: null }],
      [
        'a click with a numeric action_id',
        { ...click(), actions: [{ ...(click().actions as Json[])[0], action_id: 42 }] },
      ],
      ['a click with no actions', { ...click(), actions: [] }],
      ['a submission with no user', { ...submission(), user: undefined }],
      ['a submission with no view', { ...submission(), view: undefined }],
      ['a submission whose view is null', { ...submission(), view: null }],
      [
        'a submission with state null',
        { ...submission(), view: { ...(submission().view as Json), state: null } },
      ],
      [
        'a submission with a numeric callback_id',
        { ...submission(), view: { ...(submission().view as Json), callback_id: 7 } },
      ],
    ];
    const puts = h.sim.control.requests({ method: 'PUT' }).length;
    const reads = h.sim.control.requests().length;
    for (const [what, payload] of cases) {
      const logged = refused().length;
      const r = await h.deliverRaw(formOf(payload));
      expect(r.status, what).toBe(400);
      expect(refused().length, what).toBe(logged + 1);
    }
    expect(h.sim.control.requests({ method: 'PUT' }).length).toBe(puts);
    expect(h.sim.control.requests().length).toBe(reads);
    expect(boltFailures()).toEqual([]);
    expect(messageText(await (await h.command('help', { user: OPERATOR })).reply())).toContain('/vps');
  });

  it('a button or form no listener knows is acknowledged 200 with a log line, not left to time out', async () => {
    const unknownButton = await h.click('vps_button_of_an_older_version', 'x', { user: OPERATOR });
    expect(unknownButton.ack.status).toBe(200);
    const unknownForm = await h.submit({
      callbackId: 'a_form_of_an_older_version',
      userId: OPERATOR,
      privateMetadata: '',
      values: {},
    });
    expect(unknownForm.status).toBe(200);
    const lines = h.logs
      .records()
      .filter((l) => l.msg === 'no listener acknowledged the delivery: acknowledged empty');
    expect(lines.map((l) => l.kind)).toEqual(['block_actions', 'view_submission']);
    expect(boltFailures()).toEqual([]);
  });

  it('a kind of delivery the app does not serve is answered 200 and logged', async () => {
    const shortcut = {
      type: 'shortcut',
      callback_id: 'x',
      trigger_id: 'trig.1',
      team: { id: 'T0FAKE' },
      user: { id: OPERATOR, team_id: 'T0FAKE' },
    };
    const r = await h.deliverRaw(formOf(shortcut));
    expect(r.status).toBe(200);
    expect(
      h.logs
        .records()
        .filter((l) => l.msg === 'Slack delivery not served')
        .at(-1),
    ).toMatchObject({
      kind: 'shortcut',
    });
    // A command with a user id of another shape than a person's (a bot's) is malformed too.
    const bot = await h.deliverRaw(
      slashCommandBody({ text: 'list', userId: 'B0SOMEBOT', responseUrl: h.slack.responseUrl('bot') }),
    );
    expect(bot.status).toBe(400);
  });
});

describe('deliveries Slack never sends, in Socket Mode', () => {
  it('each is acknowledged, nothing runs, and the next command is answered', async () => {
    const h = await startHarness({ socketMode: true, operators: [OPERATOR] });
    try {
      await h.slack.socketModeConnected();
      const reads = h.sim.control.requests().length;
      const click = payloadOf(
        blockActionBody({ actionId: ACTIONS.cardRefresh, value: 'x', responseUrl: h.slack.responseUrl('s') }),
      );
      for (const payload of [
        { ...click, user: undefined },
        { ...click, actions: [{ action_id: 5 }] },
        { ...click, actions: [{ ...(click.actions as Json[])[0], action_id: 'vps_unknown_button' }] },
        {
          type: 'view_submission',
          user: { id: OPERATOR },
          team: { id: 'T0FAKE' },
          view: { id: 'V1', callback_id: 'vps_memo_modal', state: null },
        },
      ]) {
        const ack = await h.slack.sendEnvelope('interactive', payload);
        expect(ack.args.payload ?? {}).toEqual({});
      }
      expect(h.sim.control.requests().length).toBe(reads);
      const { reply } = await h.envelopeCommand('help', { user: OPERATOR });
      expect(messageText(await reply())).toContain('/vps');
    } finally {
      await h.close();
    }
  });
});
