/**
 * Mail sorting rules through the real app (signed requests, the simulator
 * over HTTP behind), in English and Japanese: the list in words, to the
 * person alone (a domain, or an address standing for its domain); a rule
 * added from the form, the reference's rules named on their field before
 * anything is sent and what it leaves open sent and explained; a delete
 * confirmed before any request, the confirmation showing the rule as it is.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_IDS, HOSTING_MAIL_RULE_CALLBACK, hostingBlockId } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import {
  approvalPost,
  buttonValue,
  clickAndAnswer,
  formOutcome,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  textValues,
} from '../../support/hosting.ts';

const SHOP = 'example-shop.com';
const JA_OPERATOR = 'U0JAOPER4';
const APPROVER = 'U0APPROVE4';

const rules = (h: Harness) => h.sim.control.hostingServer(SERVER).mailFilters;

const chosen = (field: string, value: string) => ({
  [hostingBlockId(field)]: { [field]: { type: 'static_select', selected_option: { value } } },
});

function submitRule(h: Harness, privateMetadata: string, values: Record<string, unknown>, userId = OPERATOR) {
  const viewId = `V${randomUUID().slice(0, 8).toUpperCase()}`;
  return h
    .submit({
      callbackId: HOSTING_MAIL_RULE_CALLBACK,
      privateMetadata,
      values: values as Parameters<Harness['submit']>[0]['values'],
      userId,
      viewId,
    })
    .then((d) => ({ ...d, viewId }));
}

const errorsOf = (d: { text: string }) => (JSON.parse(d.text) as { errors: Record<string, string> }).errors;

describe('/hosting mail rules', () => {
  let h: Harness;
  let invoiceRule: string;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    invoiceRule = rules(h).find((r) => r.domain === SHOP && r.priority === 1)!.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists a domain’s rules in words, in order, to the person alone, in English and Japanese', async () => {
    const r = await hosting(h, `mail rules ${SHOP}`, VIEWER);
    expect(r.call.args.response_type).toBe('ephemeral');
    expect(r.text).toContain(`Mail sorting rules of ${SHOP} on ${SERVER}`);
    expect(r.text).toContain(
      `• \`${invoiceRule}\`  ${SHOP}, #1: when the subject contains “請求書”, forward it to support@${SHOP} (a copy stays in the inbox).`,
    );
    expect(r.text).toContain(
      'when the sender starts with “promo” and the body contains “unsubscribe”, put it in the trash (no copy stays in the inbox).',
    );
    expect(h.sim.control.requests({ path: /\/mail-filter$/ }).at(-1)?.query).toEqual({ domain: SHOP });
    // An address stands for its domain: a rule belongs to a domain.
    await hosting(h, `mail rules info@${SHOP}`, VIEWER);
    expect(h.sim.control.requests({ path: /\/mail-filter$/ }).at(-1)?.query).toEqual({ domain: SHOP });
    const j = await hosting(h, `mail rules ${SHOP}`, JA_OPERATOR);
    expect(j.text).toContain(`${SERVER} の ${SHOP} のメール振り分けルール`);
    expect(j.text).toContain(
      '差出人が「promo」で始まる、かつ本文が「unsubscribe」を含むとき、ごみ箱へ・受信箱には残さない。',
    );
    expect((await hosting(h, 'mail rules', VIEWER)).text).toContain(`Mail sorting rules on ${SERVER}`);
    expect((await hosting(h, 'mail rules list', VIEWER)).text).toContain(
      'Usage: `/hosting [server] mail rules',
    );
  });

  it('names a missing condition, a missing action and a destination that is no address before sending', async () => {
    const n = hostingWrites(h);
    const form = await openedForm(h, `mail rules add ${SHOP}`);
    expect(JSON.stringify(form.view.blocks)).toContain(`*${SHOP}*`);
    const empty = errorsOf(await submitRule(h, form.privateMetadata, textValues({ keyword_1: '  ' })));
    expect(empty[hostingBlockId('keyword_1')]).toBe('Fill in at least one condition’s keyword.');
    expect(empty[hostingBlockId('type')]).toBe('Choose what is done with the mail.');
    const target = errorsOf(
      await submitRule(h, form.privateMetadata, {
        ...textValues({ keyword_1: 'invoice', target: 'not an address' }),
        ...chosen('type', 'mail_address'),
      }),
    );
    expect(target[hostingBlockId('target')]).toBe('Write one mail address, such as `name@example.jp`.');
    const jform = await openedForm(h, `mail rules add ${SHOP}`, JA_OPERATOR);
    const j = errorsOf(
      await submitRule(h, jform.privateMetadata, textValues({ keyword_1: '' }), JA_OPERATOR),
    );
    expect(j[hostingBlockId('keyword_1')]).toBe('条件のキーワードを 1 つ以上入力してください。');
    expect(hostingWrites(h)).toBe(n);
  });

  it('adds a rule from the form and announces it with the id the provider gave', async () => {
    const form = await openedForm(h, `mail rules add ${SHOP}`);
    const sent = await submitRule(h, form.privateMetadata, {
      ...textValues({ keyword_1: 'newsletter', keyword_2: '', target: '' }),
      ...chosen('field_1', 'from'),
      ...chosen('match_type_1', 'contain'),
      ...chosen('type', 'spam_folder'),
      [hostingBlockId('method')]: { method: { type: 'radio_buttons', selected_option: { value: 'move' } } },
    });
    const outcome = messageText(await formOutcome(h, sent.viewId));
    const post = h.sim.control.requests({ method: 'POST', path: /\/mail-filter$/ }).at(-1);
    expect(post?.status).toBe(200);
    expect(post?.body).toEqual({
      domain: SHOP,
      conditions: [{ keyword: 'newsletter', field: 'from', match_type: 'contain' }],
      action: { type: 'spam_folder', method: 'move' },
    });
    const added = rules(h).find((r) => r.domain === SHOP && r.priority === 3);
    expect(added).toBeDefined();
    expect(outcome).toContain(`added the mail sorting rule \`${added!.id}\` for ${SHOP} on ${SERVER}.`);
  });

  it('sends what the reference leaves open (a forward without a destination) and explains the refusal', async () => {
    const form = await openedForm(h, `mail rules add ${SHOP}`, JA_OPERATOR);
    const sent = await submitRule(
      h,
      form.privateMetadata,
      {
        ...textValues({ keyword_1: 'invoice' }),
        ...chosen('field_1', 'subject'),
        ...chosen('match_type_1', 'contain'),
        ...chosen('type', 'mail_address'),
      },
      JA_OPERATOR,
    );
    const outcome = messageText(
      await h.slack.waitFor(
        (c) =>
          c.method === 'views.update' &&
          c.args.view_id === sent.viewId &&
          messageText(c).includes('VALIDATION_ERROR'),
      ),
    );
    expect(outcome).toContain('プロバイダーがこのルールを受け付けませんでした（VALIDATION_ERROR）');
    expect(outcome).toContain('転送先のメールアドレスを指定してください');
  });

  it('deletes a rule only after a confirmation that shows it as it is now; nothing is sent before', async () => {
    const n = hostingWrites(h);
    const ask = await hosting(h, `mail rules delete ${invoiceRule}`);
    expect(ask.call.args.response_type).toBe('ephemeral');
    expect(ask.text).toContain(`Delete the mail sorting rule ${invoiceRule}?`);
    expect(ask.text).toContain(
      `Deleting the sorting rule \`${invoiceRule}\` of ${SHOP} on ${SERVER} (#1): when the subject contains “請求書”, forward it to support@${SHOP} (a copy stays in the inbox).`,
    );
    expect(ask.text).toContain('Nothing has been sent yet.');
    expect(hostingWrites(h)).toBe(n);
    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(done.text).toContain(`deleted the mail sorting rule \`${invoiceRule}\` on ${SERVER}.`);
    expect(h.sim.control.requests({ method: 'DELETE', path: /\/mail-filter\// })).toHaveLength(1);
    expect(rules(h).some((r) => r.id === invoiceRule)).toBe(false);
    expect(hostingWrites(h)).toBe(n + 1);
  });

  it('explains the provider’s refusal of a confirmed delete as a sorting rule one, in Japanese', async () => {
    const id = rules(h).find((r) => r.domain === SHOP && r.priority === 2)!.id;
    const ask = await hosting(h, `mail rules delete ${id}`, JA_OPERATOR);
    expect(ask.text).toContain(`振り分けルール ${id} を削除しますか？`);
    h.sim.control.addFault({
      method: 'DELETE',
      path: /\/mail-filter\//,
      status: 404,
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({
        error: { code: 'NOT_FOUND', message: '指定された振り分け設定が見つかりません。' },
      }),
    });
    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      JA_OPERATOR,
    );
    expect(done.text).toContain(
      'プロバイダーにその振り分けルールがありません（NOT_FOUND）。プロバイダーの説明: 指定された振り分け設定が見つかりません。',
    );
    expect(rules(h).some((r) => r.id === id)).toBe(true);
  });

  it('the help lists the new words, in both languages', async () => {
    const en = (await hosting(h, 'help')).text;
    expect(en).toContain('`/hosting [server] mail rules add <domain>`');
    expect(en).toContain('`/hosting [server] ftp add <account>`');
    expect(en).toContain('`/hosting [server] ftp change <account>`');
    const ja = (await hosting(h, 'help', JA_OPERATOR)).text;
    expect(ja).toContain('振り分けルールを削除します。送信前に確認します');
    expect(ja).toContain('FTPアカウント（`user@domain`）を追加します');
  });

  it('refuses a rule that is not there before anyone confirms, in English and Japanese', async () => {
    const n = hostingWrites(h);
    expect((await hosting(h, 'mail rules delete nope1234')).text).toContain(
      'There is no mail sorting rule `nope1234` on this server. See `/hosting mail rules [domain]` for the rules and their ids.',
    );
    expect((await hosting(h, 'mail rules delete nope1234', JA_OPERATOR)).text).toContain(
      'ルールとその ID は `/hosting mail rules [domain]` で確認できます。',
    );
    expect((await hosting(h, 'mail rules delete')).text).toContain('Usage: `/hosting [server] mail rules');
    expect((await hosting(h, `mail rules delete ${invoiceRule}`, VIEWER)).text).toContain('operator');
    expect(hostingWrites(h)).toBe(n);
  });
});

describe('/hosting mail rules delete with a second person', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      operators: [OPERATOR],
      approvers: [APPROVER],
      policy: ['approvals:', '  second_person: [hosting.mail_rules_delete]'].join('\n'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('posts the request with the rule in the channel; the approver’s click deletes it', async () => {
    const id = rules(h).find((r) => r.domain === SHOP && r.priority === 2)!.id;
    const since = h.slack.lastSeq;
    const n = hostingWrites(h);
    const ask = await hosting(h, `mail rules delete ${id}`);
    expect(ask.text).toContain(CHANNEL);
    const post = await approvalPost(h, since);
    expect(messageText(post)).toContain(
      'when the sender starts with “promo” and the body contains “unsubscribe”',
    );
    expect(hostingWrites(h)).toBe(n);
    await h.click(HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), { user: APPROVER });
    await h.slack.waitFor(
      (c) => c.method === 'chat.update' && messageText(c).includes('deleted the mail sorting rule'),
    );
    expect(rules(h).some((r) => r.id === id)).toBe(false);
    expect(hostingWrites(h)).toBe(n + 1);
  });
});
