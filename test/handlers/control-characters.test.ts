/**
 * Control characters and lone surrogates (issue 21): refused on the field
 * where they were typed, a command's argument or a form's field, with the one
 * sentence, before any request; before, `memo web-1 a\0b\x07c` reached the
 * provider verbatim. A multi-line field (the memo) still takes line breaks and
 * tabs. The rule is the provider client's `validateText`, used by every text
 * field of both APIs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { BLOCKS, CALLBACKS, hostingBlockId, INPUT_ACTION } from '../../src/slack/ids.ts';
import { CHANNEL, type Harness, messageText, OPERATOR, startHarness } from '../support/app-harness.ts';
import { hosting, hostingRequests, openedForm, SERVER, submitForm, textValues } from '../support/hosting.ts';

const en = catalogs.en;
const refusal = en['error.invalid_field'].replace('{reason}', en['field.control_character']);

describe('control characters, refused where they were typed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ operators: [OPERATOR] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const server = (name: string) => h.sim.control.servers().find((s) => s.name === name)!;
  const puts = () => h.sim.control.requests({ method: 'PUT' }).length;

  it('a memo, a name and a hostname typed with NUL, BEL, ESC, DEL or a C1 control: the sentence, no request', async () => {
    const before = puts();
    for (const text of [
      'memo web-1 a\u0000b\u0007c',
      'memo web-1 colour \u001b[31mred',
      'rename web-1 web\u007f1',
      'rdns web-1 host\u0085.example.jp',
      'rename web-1 web\u0001x',
    ]) {
      const answer = messageText(await (await h.command(text, { user: OPERATOR })).reply());
      expect(answer, JSON.stringify(text)).toContain(refusal);
    }
    expect(puts()).toBe(before);
    expect(server('web-1').memo).not.toContain('\u0000');
    const [row] = await h.bot.store.audit.latest({ limit: 1 });
    expect(row).toMatchObject({ outcome: 'refused', errorCode: 'invalid_field', actor: OPERATOR });
  });

  const submitMemo = (value: string) =>
    h.submit({
      callbackId: CALLBACKS.memo,
      userId: OPERATOR,
      privateMetadata: JSON.stringify({ uuid: server('db-1').uuid, ref: 'db-1', channelId: CHANNEL }),
      values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value } } },
    });

  it('the memo form: the sentence under the field for a control character or a lone surrogate', async () => {
    const before = puts();
    for (const value of ['a\u0000b', 'bell\u0007', 'half \ud800 a pair', 'carriage\rreturn']) {
      const ack = await submitMemo(value);
      expect(JSON.parse(ack.text), JSON.stringify(value)).toEqual({
        response_action: 'errors',
        errors: { [BLOCKS.changeInput]: en['field.control_character'] },
      });
    }
    expect(puts()).toBe(before);
  });

  it('the memo form keeps taking line breaks and tabs: it is a multi-line field', async () => {
    const since = h.slack.lastSeq;
    const ack = await submitMemo('first line\n\tsecond line');
    expect(ack.status).toBe(200);
    await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
    expect(server('db-1').memo).toBe('first line\n\tsecond line');
  });

  it('/hosting: a domain argument and a form field, each refused with the sentence, nothing sent', async () => {
    const before = hostingRequests(h);
    const typed = await hosting(h, `${SERVER} domain add exa\u0000mple.com`);
    expect(typed.text).toContain(refusal);
    const form = await openedForm(h, `${SERVER} wp install`);
    const sent = hostingRequests(h);
    const r = await submitForm(
      h,
      'wp_install',
      form.privateMetadata,
      textValues({
        url: `https://example-shop.com/blog`,
        title: 'My\u0007Blog',
        admin_username: 'admin',
        admin_password: 'Str0ng-pass-99',
        admin_email: 'owner@example-shop.com\u0000',
      }),
    );
    expect(JSON.parse(r.text)).toEqual({
      response_action: 'errors',
      errors: {
        [hostingBlockId('title')]: en['field.control_character'],
        [hostingBlockId('admin_email')]: en['field.control_character'],
      },
    });
    expect(hostingRequests(h)).toBe(sent);
    expect(before).toBeLessThanOrEqual(sent);
  });
});
