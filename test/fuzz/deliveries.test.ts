/**
 * Property: no signed delivery, whatever its body, can end the process or
 * leave it unanswered. The guard in front of Bolt's receiver lets through
 * only bodies Bolt reads safely (one it cannot parse it answers itself, one it
 * parses is an object), the door in front of App.processEvent only shapes Bolt
 * and the listeners read, and the rest is answered at once, 400 (malformed)
 * or 200 (a kind the app does not serve); a timestamp over five minutes ahead
 * is refused, one within is not.
 *
 * Issue 21 adds the malformed deliveries as generators: a real delivery with
 * one thing broken (no user, a user-group or bot id as the user, numeric ids,
 * `state: null`, no view, wrong types; a shortcut without its trigger, a
 * message shortcut without its channel or message; an App Home event whose
 * person, event or installations are not what Slack sends) or from elsewhere
 * (another workspace, another Enterprise Grid organisation). Each is answered
 * 200 or 400 — never 500, never left to Slack's three seconds — and runs nothing.
 */

import { HTTPModuleFunctions, type Receiver } from '@slack/bolt';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, MemoryLogSink } from '../../src/log.ts';
import { boltLogger } from '../../src/slack/bolt-logger.ts';
import { answerSocketRefusal, DeliveryRefused, GuardedApp } from '../../src/slack/guarded-app.ts';
import { ACTIONS, BLOCKS, CALLBACKS, INPUT_ACTION, SHORTCUTS, WATCH_IDS } from '../../src/slack/ids.ts';
import {
  checkRequestBody,
  checkRequestTimestamp,
  REQUEST_MAX_SKEW_SECONDS,
} from '../../src/slack/request-guard.ts';
import { teamGuard } from '../../src/slack/team-guard.ts';
import { channelUiFor } from '../../src/slack/views/format.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import {
  appHomeOpenedBody,
  blockActionBody,
  globalShortcutBody,
  JSON_CONTENT,
  messageShortcutBody,
  sign,
  slashCommandBody,
  TEAM_ID,
  viewSubmissionBody,
} from '../support/slack-request.ts';
import { nastyText, params } from './support.ts';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** Bodies of every shape: JSON values, forms whose payload is any JSON, and text. */
const delivery = fc.oneof(
  fc.record({ type: fc.constant(JSON_TYPE), raw: fc.oneof(fc.json(), nastyText) }),
  fc.record({
    type: fc.constant(FORM),
    raw: fc.oneof(
      fc.json().map((p) => new URLSearchParams({ payload: p }).toString()),
      fc
        .dictionary(fc.constantFrom('payload', 'command', 'text', 'ssl_check', 'x'), nastyText)
        .map((d) => new URLSearchParams(d).toString()),
      nastyText,
    ),
  }),
);

describe('deliveries Bolt does not expect', () => {
  it('passes on only what Bolt can read without a throw', () => {
    fc.assert(
      fc.property(delivery, ({ type, raw }) => {
        const verdict = checkRequestBody(raw, type);
        if (!verdict.ok) {
          expect([200, 400]).toContain(verdict.status);
          return;
        }
        let body: unknown;
        try {
          body = HTTPModuleFunctions.parseHTTPRequestBody({
            rawBody: Buffer.from(raw),
            headers: { 'content-type': type },
          } as never);
        } catch {
          return; // Bolt answers 400 itself.
        }
        // What Bolt reads first outside any try.
        expect(typeof body === 'object' && body !== null).toBe(true);
        expect(() => (body as { ssl_check?: unknown; type?: unknown }).ssl_check).not.toThrow();
      }),
      params(2000),
    );
  });

  it('refuses a timestamp more than five minutes ahead and nothing else', () => {
    const now = Date.UTC(2026, 2, 1);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -10_000, max: 10_000 }).map((d) => String(Math.floor(now / 1000) + d)),
          nastyText,
        ),
        (header) => {
          const v = checkRequestTimestamp(header, now);
          const n = Number(header);
          const ahead = Number.isFinite(n) && n > Math.floor(now / 1000) + REQUEST_MAX_SKEW_SECONDS;
          expect(v.ok).toBe(!ahead);
        },
      ),
      params(2000),
    );
  });

  describe('signed, to the running bot', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(async () => {
      await h?.close();
    });

    it('answers every delivery whose body is not an object 400, and keeps serving', async () => {
      const notObject = fc.oneof(
        fc.record({
          type: fc.constant(JSON_TYPE),
          raw: fc.oneof(
            fc.constantFrom('null', '0', '[]', '"x"', 'true'),
            fc.array(fc.jsonValue()).map((v) => JSON.stringify(v)),
          ),
        }),
        fc.record({
          type: fc.constant(FORM),
          raw: fc
            .oneof(
              fc.constantFrom('null', '1', '[]', '"s"'),
              fc.array(fc.integer()).map((v) => JSON.stringify(v)),
            )
            .map((p) => new URLSearchParams({ payload: p }).toString()),
        }),
      );
      await fc.assert(
        fc.asyncProperty(notObject, async ({ type, raw }) => {
          const ts = Math.floor(Date.now() / 1000);
          const r = await fetch(h.url, {
            method: 'POST',
            headers: {
              'content-type': type,
              'x-slack-request-timestamp': String(ts),
              'x-slack-signature': sign(h.signingSecret, ts, raw),
            },
            body: raw,
            signal: AbortSignal.timeout(5_000),
          });
          expect(r.status).toBe(400);
        }),
        params(30, 0.01),
      );
      expect(messageText(await (await h.command('help')).reply())).toContain('/vps');
    });
  });
});

type Json = Record<string, unknown>;
const OTHER_TEAM = 'T0OTHER01';
const OTHER_ENTERPRISE = 'E0OTHER01';

const payloadOf = (form: string): Json => JSON.parse(new URLSearchParams(form).get('payload')!) as Json;

/**
 * Real deliveries as Slack sends them, each of which would run something:
 * read, mute, write, write, open a modal, read.
 */
function realDeliveries(responseUrl: string | undefined, uuid: string) {
  const url = responseUrl ?? 'http://127.0.0.1:9/unused';
  const strip = (p: Json): Json => {
    if (responseUrl === undefined) delete p.response_url;
    return p;
  };
  return {
    refresh: () =>
      strip(
        payloadOf(
          blockActionBody({ actionId: ACTIONS.cardRefresh, value: uuid, userId: OPERATOR, responseUrl: url }),
        ),
      ),
    mute: () =>
      strip(
        payloadOf(
          blockActionBody({
            actionId: WATCH_IDS.mute,
            value: JSON.stringify({ u: uuid, s: 3600 }),
            userId: OPERATOR,
            responseUrl: url,
          }),
        ),
      ),
    memo: () =>
      payloadOf(
        viewSubmissionBody({
          callbackId: CALLBACKS.memo,
          userId: OPERATOR,
          privateMetadata: JSON.stringify({ uuid, ref: 'web-1', channelId: CHANNEL }),
          values: {
            [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'fuzz' } },
          },
        }),
      ),
    findServer: () => payloadOf(globalShortcutBody({ callbackId: SHORTCUTS.findServer, userId: OPERATOR })),
    // A message shortcut always carries its response_url.
    fromMessage: () =>
      payloadOf(
        messageShortcutBody({
          callbackId: SHORTCUTS.serverFromMessage,
          userId: OPERATOR,
          responseUrl: url,
          message: { text: 'web-1 is slow' },
        }),
      ),
    // An Events API delivery: JSON, no response_url ever.
    homeOpened: () => JSON.parse(appHomeOpenedBody({ userId: OPERATOR })) as Json,
    command: (): Record<string, string | string[]> =>
      Object.fromEntries(
        new URLSearchParams(
          slashCommandBody({ text: 'memo web-1 fuzz', userId: OPERATOR, responseUrl: url }),
        ),
      ),
  };
}

/** Values a field never holds: nothing, null, numbers, text, booleans, lists. Never an object with an id. */
const notAnObject = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
);
/** Values an id or a text field never holds. */
const notText = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
/** What is not a person's Slack id: a user group (the operators' one too), a bot, a channel, a team, a grid, a near miss. */
const notAUserId = fc.oneof(
  fc.constantFrom(
    'S0OPSGROUP',
    'S0EVIL001',
    'B0SOMEBOT',
    'C0OPS0001',
    TEAM_ID,
    'E0GRID001',
    'u0lower01',
    'U',
    '',
    'U0 SPACE',
  ),
  notText,
);

type Mutation = (p: Json) => Json;
const set =
  (key: string, value: unknown): Mutation =>
  (p) => {
    const out = { ...p };
    if (value === undefined) delete out[key];
    else out[key] = value;
    return out;
  };
const inView =
  (key: string, value: unknown): Mutation =>
  (p) =>
    set('view', set(key, value)(p.view as Json))(p);

/** One thing broken in any interaction, or the interaction from elsewhere. */
const interactionMutation: fc.Arbitrary<Mutation> = fc.oneof(
  notAnObject.map((v) => set('user', v)),
  notAUserId.map((id) => set('user', { id, username: 'someone', team_id: TEAM_ID })),
  fc
    .oneof(
      fc.integer(),
      fc.string({ maxLength: 6 }),
      fc.boolean(),
      notText.map((id) => ({ id })),
    )
    .map((v) => set('team', v)),
  fc.constant(set('team', { id: OTHER_TEAM, domain: 'other' })),
  fc.constant(set('enterprise', { id: OTHER_ENTERPRISE, name: 'Another grid' })),
  fc
    .oneof(
      fc.constant(null),
      fc.integer(),
      fc.string({ maxLength: 6 }),
      notText.map((id) => ({ id })),
    )
    .map((v) => set('channel', v)),
  fc
    .oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.array(notText, { minLength: 1, maxLength: 2 }))
    .map((v) => set('response_urls', v)),
  fc
    .oneof(
      fc.integer(),
      fc.constant(null),
      fc.constantFrom(
        '',
        'shortcut',
        'message_action',
        'interactive_message',
        'dialog_submission',
        'workflow_step_edit',
        'ｂｌｏｃｋ_actions',
      ),
    )
    // Another kind than the delivery's own: a message shortcut typed `message_action` is no change.
    .map(
      (v): Mutation =>
        (p) =>
          set('type', v === p.type ? 'interactive_message' : v)(p),
    ),
);

const clickMutation: fc.Arbitrary<Mutation> = fc.oneof(
  interactionMutation,
  notText.map((v) => set('trigger_id', v)),
  fc.constant(set('trigger_id', undefined)),
  fc
    .oneof(notAnObject, fc.constant([]), fc.array(notAnObject, { minLength: 1, maxLength: 2 }))
    .map((v) => set('actions', v)),
  fc.tuple(fc.constantFrom('action_id', 'block_id', 'value', 'selected_option'), notText).map(
    ([k, v]): Mutation =>
      (p) =>
        set('actions', [{ ...(p.actions as Json[])[0], [k]: v }])(p),
  ),
  fc.constant((p: Json) => set('actions', [{ ...(p.actions as Json[])[0], action_id: undefined }])(p)),
  notAnObject.filter((v) => v !== undefined).map((v) => set('message', v)),
);

const submissionMutation: fc.Arbitrary<Mutation> = fc.oneof(
  interactionMutation,
  notAnObject.map((v) => set('view', v)),
  notAnObject.map((v) => inView('state', v)),
  fc.oneof(notAnObject, fc.array(fc.integer(), { minLength: 1 })).map((v) => inView('state', { values: v })),
  fc.constant(inView('state', { values: { b1: null } })),
  fc
    .tuple(fc.constantFrom('id', 'callback_id'), fc.oneof(notText, fc.constant('')))
    .map(([k, v]) => inView(k, v)),
  fc
    .tuple(fc.constantFrom('private_metadata', 'hash', 'app_installed_team_id'), notText)
    .map(([k, v]) => inView(k, v)),
  fc.constant(inView('app_installed_team_id', OTHER_TEAM)),
);

const shortcutMutation: fc.Arbitrary<Mutation> = fc.oneof(
  interactionMutation,
  fc.oneof(notText, fc.constant(''), fc.constant(undefined)).map((v) => set('callback_id', v)),
  fc.oneof(notText, fc.constant(undefined)).map((v) => set('trigger_id', v)),
  // A shortcut has no view: Bolt would match its callback_id on the view's.
  fc
    .oneof(
      notAnObject.filter((v) => v !== undefined),
      fc.constant({ id: 'V1', callback_id: 'find_server' }),
    )
    .map((v) => set('view', v)),
);

const messageShortcutMutation: fc.Arbitrary<Mutation> = fc.oneof(
  shortcutMutation,
  fc.constant(set('channel', undefined)),
  fc.oneof(notText, fc.constant(undefined)).map((v) => set('response_url', v)),
  notAnObject.map((v) => set('message', v)),
);

const inEvent =
  (key: string, value: unknown): Mutation =>
  (p) =>
    set('event', set(key, value)(p.event as Json))(p);

/** One thing broken in an `app_home_opened` delivery, or the event from elsewhere. */
const eventMutation: fc.Arbitrary<Mutation> = fc.oneof(
  notAUserId.map((id) => inEvent('user', id)),
  fc.constant(inEvent('user', undefined)),
  notAnObject.map((v) => set('event', v)),
  fc.oneof(notText, fc.constant(''), fc.constant(undefined)).map((v) => inEvent('type', v)),
  // Events the app does not subscribe to are not served (200), whatever else they carry.
  fc
    .constantFrom('message', 'app_mention', 'app_uninstalled', 'tokens_revoked')
    .map((v) => inEvent('type', v)),
  fc.oneof(notText, fc.constant(''), fc.constant(undefined)).map((v) => inEvent('channel', v)),
  notText.map((v) => inEvent('tab', v)),
  fc
    .oneof(
      notAnObject.filter((v) => v !== undefined),
      notText.map((id) => ({ id })),
    )
    .map((v) => inEvent('view', v)),
  fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 6 })).map((v) => inEvent('item', v)),
  fc.oneof(notText, fc.constant(''), fc.constant(undefined)).map((v) => set('team_id', v)),
  fc.constant(set('team_id', OTHER_TEAM)),
  fc.constant(set('enterprise_id', OTHER_ENTERPRISE)),
  fc
    .oneof(
      notAnObject.filter((v) => v !== undefined && !Array.isArray(v)),
      fc.constant([null]),
      fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 2 }),
      fc.constant([{ team_id: 42 }]),
    )
    .map((v) => set('authorizations', v)),
  fc.constant(set('authorizations', [{ team_id: OTHER_TEAM, enterprise_id: null }])),
  fc.constant(set('authorizations', [{ team_id: TEAM_ID, enterprise_id: OTHER_ENTERPRISE }])),
  fc.constant(inEvent('view', { id: 'V1', team_id: OTHER_TEAM, type: 'home' })),
  fc
    .oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.constantFrom('event', 'url', ''))
    .map((v) => set('type', v)),
);

type CommandForm = Record<string, string | string[]>;
const setField =
  (key: string, value: string | string[] | undefined) =>
  (f: CommandForm): CommandForm => {
    const out = { ...f };
    if (value === undefined) delete out[key];
    else out[key] = value;
    return out;
  };
const commandMutation: fc.Arbitrary<(f: CommandForm) => CommandForm> = fc.oneof(
  fc
    .oneof(fc.constant(undefined), fc.constantFrom('S0OPSGROUP', 'B0SOMEBOT', 'C0OPS0001', '', 'u0lower01'))
    .map((v) => setField('user_id', v)),
  fc.constant(setField('user_id', [OPERATOR, 'S0OPSGROUP'])),
  fc.constantFrom('channel_id', 'response_url', 'trigger_id').map((k) => setField(k, undefined)),
  fc.constantFrom('channel_id', 'trigger_id').map((k) => setField(k, '')),
  fc.constantFrom('vps', '', 'ｖｐｓ').map((v) => setField('command', v)),
  fc.constant(setField('team_id', OTHER_TEAM)),
  fc.constant(setField('team_id', undefined)),
  fc.constant(setField('enterprise_id', OTHER_ENTERPRISE)),
);

/** A real delivery with one thing broken or from elsewhere: the body as sent, and its content type. */
function malformedDelivery(real: ReturnType<typeof realDeliveries>) {
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(real.refresh, real.mute), clickMutation)
      .map(([make, m]) => ({ kind: 'click', body: m(make()) as unknown })),
    submissionMutation.map((m) => ({ kind: 'submission', body: m(real.memo()) as unknown })),
    shortcutMutation.map((m) => ({ kind: 'shortcut', body: m(real.findServer()) as unknown })),
    messageShortcutMutation.map((m) => ({
      kind: 'message shortcut',
      body: m(real.fromMessage()) as unknown,
    })),
    commandMutation.map((m) => ({ kind: 'command', body: m(real.command()) as unknown })),
    eventMutation.map((m) => ({ kind: 'event', body: m(real.homeOpened()) as unknown })),
  );
}

const encode = (d: { kind: string; body: unknown }): string =>
  d.kind === 'command'
    ? new URLSearchParams(
        Object.entries(d.body as CommandForm).flatMap(([k, v]): [string, string][] =>
          Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]],
        ),
      ).toString()
    : d.kind === 'event'
      ? JSON.stringify(d.body)
      : new URLSearchParams({ payload: JSON.stringify(d.body) }).toString();

describe('malformed deliveries, through the app that answers them (both modes’ door)', () => {
  const logs = new MemoryLogSink();
  const logger = createLogger({ level: 'debug', stream: logs });
  const noReceiver: Receiver = {
    init: () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
  const app = new GuardedApp({
    token: 'xoxb-fuzz',
    botId: 'BBOT0001',
    botUserId: 'UBOT0001',
    receiver: noReceiver,
    guardLogger: logger,
    // A refusal the team guard sends (a modal, a response) goes nowhere, at once, never to Slack.
    clientOptions: { slackApiUrl: 'http://127.0.0.1:9/api/', retryConfig: { retries: 0 } },
  });
  const ran: string[] = [];
  const listener =
    (what: string) =>
    async ({ ack }: { ack: () => Promise<void> }) => {
      await ack();
      ran.push(what);
    };
  app.use(teamGuard({ identity: { teamId: TEAM_ID }, ui: channelUiFor('en'), logger }));
  app.command('/vps', listener('command'));
  app.action(ACTIONS.cardRefresh, listener('refresh'));
  app.action(WATCH_IDS.mute, listener('mute'));
  // A listener matched by a pattern, as the error log's pager is: Bolt calls `.match` on the action id.
  app.action(/^vps_never_/, listener('pattern'));
  app.view(CALLBACKS.memo, listener('memo'));
  app.shortcut({ callback_id: SHORTCUTS.findServer, type: 'shortcut' }, listener('find server'));
  app.shortcut(
    { callback_id: SHORTCUTS.serverFromMessage, type: 'message_action' },
    listener('from message'),
  );
  // An event's listener gets no ack: Bolt acknowledges an event before any listener runs.
  app.event('app_home_opened', async () => {
    ran.push('home opened');
  });
  const real = realDeliveries(undefined, '00000000-0000-4000-8000-000000000001');

  const process = async (body: unknown): Promise<number> => {
    let acks = 0;
    const event = {
      body: body as Json,
      ack: async () => {
        acks += 1;
      },
    };
    // As Bolt's Socket Mode receiver hands it over: a refusal at the door goes to its handler, which acks.
    await app.processEvent(event).catch(async (error: unknown) => {
      if (!(error instanceof DeliveryRefused)) throw error;
      if (await answerSocketRefusal({ error, logger: boltLogger(logger), event })) await event.ack();
    });
    return acks;
  };

  it('runs each real delivery once (the generators start from what works)', async () => {
    for (const body of [
      real.refresh(),
      real.mute(),
      real.memo(),
      real.command(),
      real.findServer(),
      real.fromMessage(),
      real.homeOpened(),
    ])
      expect(await process(body)).toBe(1);
    expect(ran).toEqual(['refresh', 'mute', 'memo', 'command', 'find server', 'from message', 'home opened']);
    ran.length = 0;
  });

  it('acknowledges every malformed or foreign one exactly once, runs nothing, never throws', async () => {
    await fc.assert(
      fc.asyncProperty(malformedDelivery(real), async (d) => {
        const body = d.kind === 'command' ? Object.fromEntries(new URLSearchParams(encode(d))) : d.body;
        if (typeof body !== 'object' || body === null) return;
        expect(await process(body)).toBe(1);
        expect(ran).toEqual([]);
      }),
      params(1500),
    );
    expect(logs.records().filter((l) => /unhandled error|not acknowledged/i.test(String(l.msg)))).toEqual([]);
  });
});

describe('malformed deliveries, signed, to the running bot', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: ['S0OPSGROUP'] });
    h.slack.setGroup('S0OPSGROUP', [OPERATOR]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const ANSWERED = new Set([
    'Slack delivery refused',
    'Slack delivery not served',
    'request from another workspace refused',
    'no listener acknowledged the delivery: acknowledged empty',
  ]);

  it('answers each 200 or 400 with a log line, never 500 or a timeout, and nothing reaches the provider', async () => {
    const uuid = h.sim.control.servers().find((s) => s.name === 'web-1')!.uuid;
    const real = realDeliveries(h.slack.responseUrl('fuzz-malformed'), uuid);
    const before = h.sim.control.requests().length;
    await fc.assert(
      fc.asyncProperty(malformedDelivery(real), async (d) => {
        const from = h.logs.lines.length;
        const r = await h.deliverRaw(encode(d), d.kind === 'event' ? { contentType: JSON_CONTENT } : {});
        expect([200, 400]).toContain(r.status);
        // An event is acknowledged before the team guard runs, its line after the ack: awaited.
        await h.logs.waitFor((l) => ANSWERED.has(String(l.msg)), { from });
      }),
      params(60, 0.1),
    );
    expect(h.sim.control.requests().length).toBe(before);
    expect(await h.bot.store.mutes.active(new Date(), CHANNEL)).toEqual([]);
    expect(h.logs.records().filter((l) => /unhandled error|not acknowledged/i.test(String(l.msg)))).toEqual(
      [],
    );
    // The real ones still work: the member of the operators' group writes the memo.
    const c = await h.command('memo web-1 after-the-fuzz', { user: OPERATOR });
    expect(c.ack.status).toBe(200);
    await h.slack.waitFor((x) => x.method === 'chat.postMessage' && /after-the-fuzz/.test(messageText(x)));
  });
});
