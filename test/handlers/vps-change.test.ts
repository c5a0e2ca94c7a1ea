import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VpsServerState } from '../../src/simulator/index.ts';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { ACTIONS, BLOCKS, CALLBACKS, INPUT_ACTION } from '../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';

const en = catalogs.en;
const uuidOf = (h: Harness, name: string) => {
  const s = h.sim.control.servers().find((x) => x.name === name);
  if (!s) throw new Error(`no seeded server ${name}`);
  return s.uuid;
};
const puts = (h: Harness) => h.sim.control.requests({ method: 'PUT' });

describe('/vps changes through the real app', () => {
  let h: Harness;
  beforeAll(async () => {
    // One bot for the whole file: its ~60 requests within a minute would take a 60-a-minute window
    // down to what reads leave to changes, and a test would wait up to a minute for the next one.
    h = await startHarness({ rateLimit: { limit: 600, windowSeconds: 60, concurrent: 5 } });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    h.sim.control.clearFaults();
  });

  it('renames a server and announces it in the channel', async () => {
    const uuid = uuidOf(h, 'web-2');
    const before = h.slack.lastSeq;
    const { ack } = await h.command('rename web-2 web-02', { user: OPERATOR });
    expect(ack.status).toBe(200);
    const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    expect(post.args.channel).toBe(CHANNEL);
    expect(messageText(post)).toContain(`<@${OPERATOR}> renamed server *web-2* to *web-02*`);
    expect(h.sim.control.servers().find((s) => s.uuid === uuid)?.name).toBe('web-02');
    const audit = await h.bot.store.audit.latest({ target: uuid, limit: 5 });
    expect(audit[0]).toMatchObject({ action: 'rename', outcome: 'ok', actor: OPERATOR });
  });

  it('sets and clears a memo, and sets reverse DNS', async () => {
    const uuid = uuidOf(h, 'db-1');
    let before = h.slack.lastSeq;
    await h.command('memo db-1 primary   database', { user: OPERATOR });
    await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    expect(h.sim.control.servers().find((s) => s.uuid === uuid)?.memo).toBe('primary   database');
    before = h.slack.lastSeq;
    await h.command('memo db-1 ""', { user: OPERATOR });
    const cleared = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    expect(messageText(cleared)).toContain('deleted the memo of *db-1*');
    before = h.slack.lastSeq;
    await h.command('rdns db-1 db.example.com', { user: OPERATOR });
    const rdns = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
    expect(messageText(rdns)).toContain('`db.example.com`');
    expect(h.sim.control.servers().find((s) => s.uuid === uuid)?.reverseHostname).toBe('db.example.com');
  });

  it('refuses a bad name before any provider call, with the rule', async () => {
    const n = puts(h).length;
    const { reply } = await h.command('rename web-1 Web_ONE!', { user: OPERATOR });
    const text = messageText(await reply());
    expect(text).toContain(en['field.name.charset']);
    expect(puts(h).length).toBe(n);
  });

  it('refuses a name another server already has, naming it, before any provider call', async () => {
    const n = puts(h).length;
    const db1 = h.sim.control.servers().find((s) => s.name === 'db-1')!;
    const text = messageText(await (await h.command('rename web-1 db-1', { user: OPERATOR })).reply());
    expect(text).toContain(`Another server is already called \`db-1\` (${db1.ipAddress})`);
    expect(text).toContain('Pick another name.');
    expect(puts(h).length).toBe(n);
    expect(h.sim.control.servers().filter((s) => s.name === 'db-1')).toHaveLength(1);
    const [audit] = await h.bot.store.audit.latest({ limit: 1 });
    expect(audit).toMatchObject({ action: 'rename', outcome: 'refused', errorCode: 'name_taken' });
  });

  it('shows the provider’s own reasons for a 422, escaped, and points to the rules in /vps help', async () => {
    h.sim.control.addFault({
      method: 'PUT',
      path: /\/memo$/,
      status: 422,
      rawBody: JSON.stringify({
        error: {
          code: 'VALIDATION_ERROR',
          message: '入力内容に誤りがあります',
          errors: ['memo: 使用できない文字が含まれています', '<!channel> ping'],
        },
      }),
    });
    const text = messageText(await (await h.command('memo db-1 hello', { user: OPERATOR })).reply());
    expect(text).toContain('The provider refused a value (its reasons are below)');
    expect(text).toContain('`/vps help memo`');
    expect(text).toContain('*The provider said* — memo: 使用できない文字が含まれています');
    expect(text).toContain('&lt;!channel&gt; ping');
    expect(text).not.toContain('<!channel>');
    const rules = messageText(await (await h.command('help memo', { user: OPERATOR })).reply());
    expect(rules).toContain('The memo can be at most 500 characters.');
    expect(messageText(await (await h.command('help rename', { user: OPERATOR })).reply())).toContain(
      'No other server may already have the name.',
    );
  });

  it('refuses a viewer trying a write, and audits the attempt', async () => {
    const uuid = uuidOf(h, 'web-1');
    const n = puts(h).length;
    const { reply } = await h.command('rename web-1 web-x', { user: VIEWER });
    const r = await reply();
    expect(r.args.response_type).toBe('ephemeral');
    expect(messageText(r)).toContain('This needs the *operator* role; yours is *viewer*');
    expect(puts(h).length).toBe(n);
    const audit = await h.bot.store.audit.latest({ target: uuid, limit: 5 });
    expect(audit[0]).toMatchObject({
      action: 'rename',
      outcome: 'refused',
      actor: VIEWER,
      errorCode: 'role_required',
    });
  });

  it('explains 409 OPERATION_ERROR and audits the failure', async () => {
    h.sim.control.addFault({ method: 'PUT', path: /\/name$/, status: 409, code: 'OPERATION_ERROR' });
    const { reply } = await h.command('rename cache-1 cache-01', { user: OPERATOR });
    const text = messageText(await reply());
    expect(text).toContain(en['provider.OPERATION_ERROR']);
    const audit = await h.bot.store.audit.latest({ target: uuidOf(h, 'cache-1'), limit: 1 });
    expect(audit[0]).toMatchObject({ outcome: 'failed', errorCode: 'OPERATION_ERROR' });
  });

  const codes: [number, string][] = [
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [402, 'PAYMENT_REQUIRED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CAPACITY_UNAVAILABLE'],
    [409, 'DUPLICATE_REQUEST'],
    [409, 'OPERATION_ERROR'],
    [422, 'VALIDATION_ERROR'],
    [422, 'PRICE_MISMATCH'],
    [422, 'PLAN_NOT_AVAILABLE'],
    [500, 'INTERNAL_ERROR'],
    [502, 'BACKEND_ERROR'],
  ];
  it.each(codes)('turns provider %i %s into its sentence, never the provider text', async (status, code) => {
    h.sim.control.addFault({ method: 'PUT', path: /\/memo$/, status, code, times: Number.POSITIVE_INFINITY });
    const { reply } = await h.command(`memo mail-1 note ${code}`, { user: OPERATOR });
    const r = await reply();
    const text = messageText(r);
    expect(text).toContain(en[`provider.${code}` as keyof typeof en]);
    expect(JSON.stringify(r.args)).not.toContain(h.apiKey);
    expect(JSON.stringify(r.args)).not.toMatch(/at \w+ \(|Error:/);
  });

  it('sends a change once when the connection breaks after the provider took it, and says to check', async () => {
    const uuid = uuidOf(h, 'mail-1');
    const n = puts(h).length;
    h.sim.control.addFault({ method: 'PUT', path: /\/memo$/, drop: 'after' });
    const { reply } = await h.command('memo mail-1 sent once', { user: OPERATOR });
    expect(messageText(await reply())).toContain(en['provider.network']);
    expect(puts(h).length - n).toBe(1);
    expect(h.sim.control.servers().find((s) => s.uuid === uuid)?.memo).toBe('sent once');
    const audit = await h.bot.store.audit.latest({ target: uuid, limit: 1 });
    expect(audit[0]).toMatchObject({ action: 'memo', outcome: 'failed', errorCode: 'NETWORK' });
  });

  it('never repeats a change for a retried delivery of the same trigger', async () => {
    const n = puts(h).length;
    const triggerId = 'trig.retry-1';
    const first = await h.command('memo backup-1 once', { user: OPERATOR, triggerId });
    await h.slack.waitFor((c) => c.method === 'chat.postMessage' && messageText(c).includes('once'));
    const before = h.slack.lastSeq;
    const retry = await h.command('memo backup-1 once', {
      user: OPERATOR,
      triggerId,
      delivery: { retryNum: 1 },
    });
    expect(first.ack.status).toBe(200);
    expect(retry.ack.status).toBe(200);
    // A later command proves the retry has been fully handled before counting.
    const probe = await h.command('power backup-1', { user: OPERATOR });
    await probe.reply();
    expect(puts(h).length - n).toBe(1);
    expect(h.slack.calls.filter((c) => c.seq > before && c.method === 'chat.postMessage')).toHaveLength(0);
  });

  it('executes a change once when Slack’s retry arrives while the original is still in flight', async () => {
    const n = puts(h).length;
    const since = h.slack.lastSeq;
    const triggerId = 'trig.retry-together';
    const [first, retry] = await Promise.all([
      h.command('memo backup-1 together', { user: OPERATOR, triggerId }),
      h.command('memo backup-1 together', { user: OPERATOR, triggerId, delivery: { retryNum: 1 } }),
    ]);
    expect(first.ack.status).toBe(200);
    expect(retry.ack.status).toBe(200);
    const told = (c: RecordedCall) =>
      c.seq > since && c.method === 'chat.postMessage' && messageText(c).includes('together');
    await h.slack.waitFor(told);
    // A later command proves both have been fully handled before counting.
    await (await h.command('power backup-1', { user: OPERATOR })).reply();
    expect(puts(h).length - n).toBe(1);
    expect(h.slack.calls.filter(told)).toHaveLength(1);
  });

  describe('through the modal', () => {
    it('opens a loading modal at once, then the prefilled form', async () => {
      const before = h.slack.lastSeq;
      await h.command('rename mail-1', { user: OPERATOR });
      const open = await h.slack.waitFor((c) => c.method === 'views.open' && c.seq > before);
      expect(open.args.trigger_id).toBeTruthy();
      const update = await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > open.seq);
      const view = update.args.view as {
        callback_id: string;
        blocks: { element?: { initial_value?: string } }[];
      };
      expect(view.callback_id).toBe(CALLBACKS.name);
      expect(view.blocks[1]?.element?.initial_value).toBe('mail-1');
    });

    it('opens the form from the card’s buttons', async () => {
      const uuid = uuidOf(h, 'db-2');
      const before = h.slack.lastSeq;
      const click = await h.click(ACTIONS.cardMemo, uuid, { user: OPERATOR });
      expect(click.ack.status).toBe(200);
      const open = await h.slack.waitFor((c) => c.method === 'views.open' && c.seq > before);
      const update = await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > open.seq);
      expect((update.args.view as { callback_id: string }).callback_id).toBe(CALLBACKS.memo);
      expect(JSON.parse((update.args.view as { private_metadata: string }).private_metadata)).toMatchObject({
        uuid,
        channelId: CHANNEL,
      });
    });

    it('says where the card is when Slack will not open the form', async () => {
      h.slack.fail('views.open', { error: 'expired_trigger_id' });
      const click = await h.click(ACTIONS.cardRename, uuidOf(h, 'db-2'), { user: OPERATOR });
      const r = await click.reply();
      expect(r.args.response_type).toBe('ephemeral');
      expect(messageText(r)).toContain(en['error.internal']);
    });

    it('tells a viewer in the modal why the form is not theirs, and audits it', async () => {
      const uuid = uuidOf(h, 'db-2');
      const before = h.slack.lastSeq;
      await h.click(ACTIONS.cardRdns, uuid, { user: VIEWER });
      const open = await h.slack.waitFor((c) => c.method === 'views.open' && c.seq > before);
      const update = await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > open.seq);
      expect(messageText(update)).toContain('This needs the *operator* role');
      const audit = await h.bot.store.audit.latest({ target: uuid, limit: 1 });
      expect(audit[0]).toMatchObject({ action: 'rdns', outcome: 'refused', actor: VIEWER });
    });

    it('answers invalid input on the field, without calling the provider', async () => {
      const n = puts(h).length;
      const uuid = uuidOf(h, 'mail-1');
      const ack = await h.submit({
        callbackId: CALLBACKS.name,
        userId: OPERATOR,
        privateMetadata: JSON.stringify({ uuid, ref: 'mail-1', channelId: CHANNEL }),
        values: {
          [BLOCKS.changeInput]: { [INPUT_ACTION.name]: { type: 'plain_text_input', value: 'x'.repeat(51) } },
        },
      });
      expect(ack.status).toBe(200);
      const body = JSON.parse(ack.text) as { response_action: string; errors: Record<string, string> };
      expect(body.response_action).toBe('errors');
      expect(body.errors[BLOCKS.changeInput]).toBe('The name can be at most 50 characters.');
      expect(puts(h).length).toBe(n);
    });

    it('saves a valid submission, says done in the modal and announces in the channel', async () => {
      const uuid = uuidOf(h, 'mail-1');
      const before = h.slack.lastSeq;
      const ack = await h.submit({
        callbackId: CALLBACKS.rdns,
        userId: OPERATOR,
        viewId: 'V0MODAL01',
        privateMetadata: JSON.stringify({ uuid, ref: 'mail-1', channelId: CHANNEL }),
        values: {
          [BLOCKS.changeInput]: {
            [INPUT_ACTION.rdns]: { type: 'plain_text_input', value: 'mx.example.com' },
          },
        },
      });
      expect(JSON.parse(ack.text)).toMatchObject({ response_action: 'update' });
      const done = await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > before);
      expect(done.args.view_id).toBe('V0MODAL01');
      expect(messageText(done)).toContain('Done.');
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
      expect(post.args.channel).toBe(CHANNEL);
      expect(h.sim.control.servers().find((s) => s.uuid === uuid)?.reverseHostname).toBe('mx.example.com');
    });

    it('saves a retried delivery of one submission once', async () => {
      const uuid = uuidOf(h, 'mail-1');
      const fields = {
        callbackId: CALLBACKS.memo,
        userId: OPERATOR,
        viewId: 'V0MODAL03',
        triggerId: 'trig.form-retry-1',
        privateMetadata: JSON.stringify({ uuid, ref: 'mail-1', channelId: CHANNEL }),
        values: {
          [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'once' } },
        },
      };
      const n = puts(h).length;
      const before = h.slack.lastSeq;
      await h.submit(fields);
      await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
      const retry = await h.submit(fields, { retryNum: 1 });
      expect(retry.status).toBe(200);
      // A later command proves the retry has been handled before counting.
      await (await h.command('list', { user: OPERATOR })).reply();
      expect(puts(h).length).toBe(n + 1);
      expect(h.slack.calls.filter((c) => c.method === 'chat.postMessage' && c.seq > before)).toHaveLength(1);
    });

    it.each([
      ['memo', 'memo', 'mail-1', 'told anyway', (s: VpsServerState) => s.memo],
      ['name', 'rename', 'staging-1', 'staging-told', (s: VpsServerState) => s.name],
      ['rdns', 'rdns', 'batch-1', 'told.example.com', (s: VpsServerState) => s.reverseHostname],
    ] as const)(
      'announces a %s change whose modal was closed before the answer, and audits it',
      async (field, action, ref, value, read) => {
        const uuid = uuidOf(h, ref);
        const before = h.slack.lastSeq;
        // The person closed "Saving…": Slack no longer knows the view.
        h.slack.fail('views.update', { error: 'not_found' });
        const viewId = `V0CLOSED${field}`;
        const ack = await h.submit({
          callbackId: CALLBACKS[field],
          userId: OPERATOR,
          viewId,
          privateMetadata: JSON.stringify({ uuid, ref, channelId: CHANNEL }),
          values: {
            [BLOCKS.changeInput]: { [INPUT_ACTION[field]]: { type: 'plain_text_input', value } },
          },
        });
        expect(JSON.parse(ack.text)).toMatchObject({ response_action: 'update' });
        const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > before);
        expect(post.args.channel).toBe(CHANNEL);
        expect(messageText(post)).toContain(value);
        const server = h.sim.control.servers().find((s) => s.uuid === uuid);
        expect(server && read(server)).toBe(value);
        const [audit] = await h.bot.store.audit.latest({ target: uuid, limit: 1 });
        expect(audit).toMatchObject({ action, outcome: 'ok', actor: OPERATOR });
        // Then the modal, which Slack no longer knows; nothing else is tried on it.
        const gone = await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > before);
        expect(gone).toMatchObject({ error: 'not_found', args: { view_id: viewId } });
        expect(messageText(gone)).toContain('Done.');
      },
    );

    it('tells the person a failure whose modal was closed before the answer', async () => {
      h.sim.control.addFault({ method: 'PUT', path: /\/memo$/, status: 409, code: 'OPERATION_ERROR' });
      h.slack.fail('views.update', { error: 'not_found' });
      const uuid = uuidOf(h, 'mail-1');
      const before = h.slack.lastSeq;
      await h.submit({
        callbackId: CALLBACKS.memo,
        userId: OPERATOR,
        viewId: 'V0CLOSED2',
        privateMetadata: JSON.stringify({ uuid, ref: 'mail-1', channelId: CHANNEL }),
        values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'y' } } },
      });
      const told = await h.slack.waitFor(
        (c) => c.method === 'chat.postEphemeral' && c.seq > before && c.args.user === OPERATOR,
      );
      expect(told.args.channel).toBe(CHANNEL);
      expect(messageText(told)).toContain(en['provider.OPERATION_ERROR']);
    });

    it('shows a provider failure in the modal', async () => {
      h.sim.control.addFault({ method: 'PUT', path: /\/memo$/, status: 409, code: 'OPERATION_ERROR' });
      const uuid = uuidOf(h, 'mail-1');
      const before = h.slack.lastSeq;
      await h.submit({
        callbackId: CALLBACKS.memo,
        userId: OPERATOR,
        viewId: 'V0MODAL02',
        privateMetadata: JSON.stringify({ uuid, ref: 'mail-1', channelId: CHANNEL }),
        values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value: 'x' } } },
      });
      const update = await h.slack.waitFor((c) => c.method === 'views.update' && c.seq > before);
      expect(messageText(update)).toContain(en['provider.OPERATION_ERROR']);
    });
  });
});

// A 429 blocks the client's rate-limit gate for the Retry-After: its own app, so
// the block does not refuse the requests of other tests.
describe('/vps when the provider rate limit is reached', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('turns a 429 into a sentence with the wait', async () => {
    h.sim.control.addFault({
      method: 'PUT',
      path: /\/memo$/,
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
      times: Number.POSITIVE_INFINITY,
    });
    const { reply } = await h.command('memo mail-1 rate', { user: OPERATOR });
    expect(messageText(await reply())).toMatch(/rate limit is reached/);
  });
});
