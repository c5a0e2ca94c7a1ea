/**
 * FTP accounts added and changed through the real app (signed requests, the
 * simulator over HTTP behind), in English and Japanese: the form with a typed
 * password or one the bot makes (shown to the requester alone, once); the
 * reference's rules named on their field before anything is sent; the
 * provider's refusal explained for FTP; a change starting from the account
 * as listed; and every password found in no log line, Slack call (but the
 * one that shows a generated one), audit row or database row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_FTP_CALLBACKS, hostingBlockId } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import {
  answerOf,
  everyDatabaseRow,
  formOutcome,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  spellings,
  textValues,
} from '../../support/hosting.ts';

const SHOP = 'example-shop.com';
const JA_OPERATOR = 'U0JAOPER3';
const TYPED = 'Ftp-Typed-Secret-8e1c';
const TYPED_REFUSED = 'Ftp-Refused-Secret-3b7d';
const TYPED_CHANGE = 'Ftp-Change-Secret-91af';
const TYPED_SHORT = 'Short7!';
const TYPED_ECHOED = 'Ftp-Echoed-Secret-5c0e';
/** Every generated password shown, to look for afterwards. */
const generated: string[] = [];

const accounts = (h: Harness) => h.sim.control.hostingServer(SERVER).ftpAccounts;

function submitFtpForm(
  h: Harness,
  privateMetadata: string,
  values: Record<string, unknown>,
  form: keyof typeof HOSTING_FTP_CALLBACKS = 'ftp_add',
  userId = OPERATOR,
) {
  const viewId = `V${randomUUID().slice(0, 8).toUpperCase()}`;
  return h
    .submit({
      callbackId: HOSTING_FTP_CALLBACKS[form],
      privateMetadata,
      values: values as Parameters<Harness['submit']>[0]['values'],
      userId,
      viewId,
    })
    .then((d) => ({ ...d, viewId }));
}

const errorsOf = (d: { text: string }) =>
  (JSON.parse(d.text) as { response_action: string; errors: Record<string, string> }).errors;

const generate = {
  [hostingBlockId('generate')]: {
    generate: { type: 'checkboxes', selected_options: [{ value: 'generate' }] },
  },
};

describe('/hosting ftp add and change', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('names a short password, a quota that is no whole number and a missing password on their fields, sending nothing', async () => {
    const n = hostingWrites(h);
    const form = await openedForm(h, `ftp add app@${SHOP}`);
    expect(JSON.stringify(form.view.blocks)).toContain(`app@${SHOP}`);
    expect(form.view.callback_id).toBe(HOSTING_FTP_CALLBACKS.ftp_add);
    const short = errorsOf(
      await submitFtpForm(h, form.privateMetadata, textValues({ password: TYPED_SHORT, quota_mb: 'lots' })),
    );
    expect(short[hostingBlockId('password')]).toBe('Use at least 8 characters.');
    expect(short[hostingBlockId('quota_mb')]).toBe(
      'The quota is a whole number of MB, such as `500` (0 is no limit).',
    );
    const none = errorsOf(await submitFtpForm(h, form.privateMetadata, textValues({ password: '' })));
    expect(none[hostingBlockId('password')]).toBe('Type a password, or tick the box below to have one made.');
    const both = errorsOf(
      await submitFtpForm(h, form.privateMetadata, {
        ...textValues({ password: TYPED_REFUSED }),
        ...generate,
      }),
    );
    expect(both[hostingBlockId('password')]).toBe(
      'Type a password or tick the box to have one made, not both.',
    );
    const jform = await openedForm(h, `ftp add app@${SHOP}`, JA_OPERATOR);
    expect(JSON.stringify(jform.view)).toContain('FTPアカウントの追加');
    const j = errorsOf(
      await submitFtpForm(
        h,
        jform.privateMetadata,
        textValues({ password: TYPED_SHORT }),
        'ftp_add',
        JA_OPERATOR,
      ),
    );
    expect(j[hostingBlockId('password')]).toBe('8 文字以上で入力してください。');
    expect(hostingWrites(h)).toBe(n);
  });

  it('refuses a word that is no account before opening the form, and a viewer before anything', async () => {
    const n = hostingWrites(h);
    expect((await hosting(h, 'ftp add')).text).toContain('Usage: `/hosting [server] ftp [domain]`');
    const word = await answerOf(h, 'ftp add deploy');
    expect(word.text).toContain('The account typed in the command is not `user@domain`.');
    const viewer = await answerOf(h, `ftp add app@${SHOP}`, VIEWER);
    expect(viewer.text).toContain('operator');
    expect(hostingWrites(h)).toBe(n);
  });

  it('adds an account with a typed password and announces it without the password', async () => {
    const form = await openedForm(h, `ftp add app@${SHOP}`);
    const sent = await submitFtpForm(
      h,
      form.privateMetadata,
      textValues({ password: TYPED, directory: '/public_html/app', quota_mb: '500', memo: 'Deploys' }),
    );
    expect(messageText(await formOutcome(h, sent.viewId))).toContain('Done.');
    expect(accounts(h).find((a) => a.account === `app@${SHOP}`)).toMatchObject({
      directory: '/public_html/app',
      quotaMb: 500,
      memo: 'Deploys',
    });
    const post = h.sim.control.requests({ method: 'POST', path: /\/ftp$/ }).at(-1);
    expect(post?.status).toBe(200);
    // The simulator's journal masks a password: that one was sent is what it shows.
    expect(post?.body).toMatchObject({ ftp_account: `app@${SHOP}`, password: '********', quota_mb: 500 });
    const announcement = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes(`app@${SHOP}`),
    );
    expect(messageText(announcement)).toContain(
      `<@${OPERATOR}> added the FTP account \`app@${SHOP}\` on ${SERVER}.`,
    );
  });

  it('explains the provider’s refusal as an FTP one, in the person’s language, without the password', async () => {
    const form = await openedForm(h, `ftp add deploy@${SHOP}`, JA_OPERATOR);
    const sent = await submitFtpForm(
      h,
      form.privateMetadata,
      textValues({ password: TYPED_REFUSED }),
      'ftp_add',
      JA_OPERATOR,
    );
    const outcome = messageText(await formOutcome(h, sent.viewId));
    expect(outcome).toContain('プロバイダーが受け付けない値があります（VALIDATION_ERROR）');
    expect(outcome).toContain('既に存在するFTPアカウントです');
    expect(outcome).not.toContain(TYPED_REFUSED);
  });

  it('makes a password when asked and shows it in the requester’s own form only, once', async () => {
    const form = await openedForm(h, `ftp add ci@${SHOP}`);
    const sent = await submitFtpForm(h, form.privateMetadata, generate);
    const text = messageText(await formOutcome(h, sent.viewId));
    expect(text).toContain(`The FTP account *ci@${SHOP}* on ${SERVER} is ready.`);
    const password = /`([A-Za-z0-9]{20})`/.exec(text)?.[1];
    expect(password).toBeDefined();
    generated.push(password!);
    expect(h.sim.control.requests({ method: 'POST', path: /\/ftp$/ }).at(-1)?.status).toBe(200);
    const carrying = h.slack.calls.filter((c) => JSON.stringify(c).includes(password!));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]!.method).toBe('views.update');
    const jform = await openedForm(h, `ftp add ci2@${SHOP}`, JA_OPERATOR);
    const jsent = await submitFtpForm(h, jform.privateMetadata, generate, 'ftp_add', JA_OPERATOR);
    const jtext = messageText(await formOutcome(h, jsent.viewId));
    expect(jtext).toContain(`${SERVER} のFTPアカウント *ci2@${SHOP}* を作成しました。`);
    generated.push(/`([A-Za-z0-9]{20})`/.exec(jtext)![1]!);
  });

  it('changes an account from a form that starts from it as listed; the folder is kept unless typed', async () => {
    const form = await openedForm(h, `ftp change deploy@${SHOP}`);
    const blocks = JSON.stringify(form.view.blocks);
    expect(blocks).toContain(`folder now \`${SHOP}/public_html\``);
    expect(blocks).toContain('"initial_value":"0"');
    expect(blocks).toContain('"initial_value":"CI"');
    const n = hostingWrites(h);
    const bad = await submitFtpForm(h, form.privateMetadata, textValues({ quota_mb: '1.5' }), 'ftp_change');
    expect(errorsOf(bad)[hostingBlockId('quota_mb')]).toContain('whole number');
    expect(hostingWrites(h)).toBe(n);
    const sent = await submitFtpForm(
      h,
      form.privateMetadata,
      textValues({ password: TYPED_CHANGE, quota_mb: '100', memo: 'CI runner' }),
      'ftp_change',
    );
    expect(messageText(await formOutcome(h, sent.viewId))).toContain(
      `changed the FTP account \`deploy@${SHOP}\` on ${SERVER}.`,
    );
    const put = h.sim.control.requests({ method: 'PUT', path: /\/ftp\/deploy%40/ }).at(-1);
    expect(put?.status).toBe(200);
    expect(put?.body).toEqual({ password: '********', quota_mb: 100, memo: 'CI runner' });
    expect(accounts(h).find((a) => a.account === `deploy@${SHOP}`)).toMatchObject({
      directory: '/public_html',
      quotaMb: 100,
      memo: 'CI runner',
    });
    expect(hostingWrites(h)).toBe(n + 1);
    const jform = await openedForm(h, `ftp change deploy@${SHOP}`, JA_OPERATOR);
    expect(JSON.stringify(jform.view)).toContain('FTPアカウントの変更');
  });

  it('refuses to change an account that is not there, before any form', async () => {
    const r = await answerOf(h, `ftp change nobody@${SHOP}`);
    expect(r.text).toContain(`There is no FTP account \`nobody@${SHOP}\` on this server.`);
  });

  it('keeps a password the provider quotes in its refusal out of the form and the logs', async () => {
    h.sim.control.addFault({
      method: 'PUT',
      path: /\/ftp\/deploy%40/,
      status: 422,
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({
        error: { code: 'VALIDATION_ERROR', message: `password ${TYPED_ECHOED} is too weak` },
      }),
    });
    const form = await openedForm(h, `ftp change deploy@${SHOP}`);
    const sent = await submitFtpForm(
      h,
      form.privateMetadata,
      textValues({ password: TYPED_ECHOED, quota_mb: '100', memo: 'CI runner' }),
      'ftp_change',
    );
    const outcome = messageText(await formOutcome(h, sent.viewId));
    expect(outcome).toContain('The provider does not accept a value (VALIDATION_ERROR)');
    expect(outcome).toContain('password [redacted] is too weak');
    expect(outcome).not.toContain(TYPED_ECHOED);
  });

  it('finds the passwords in no Slack call but the one that showed it, no log line, audit row or database row', async () => {
    const logs = h.logs.text;
    const audit = JSON.stringify(await h.bot.store.audit.latest({ limit: 1000 }));
    const rows = everyDatabaseRow(h);
    // The scan reads what was really written: the requests of the forms and their audit are in it.
    expect(logs).toContain('POST /v1/server/{servername}/ftp');
    expect(audit).toContain('hosting.ftp_add');
    expect(audit).toContain('hosting.ftp_change');
    expect(audit).toContain('"new_login":true');
    expect(rows).toContain('hosting.ftp_add');
    for (const secret of [TYPED, TYPED_REFUSED, TYPED_CHANGE, TYPED_SHORT, TYPED_ECHOED]) {
      const slack = JSON.stringify(h.slack.calls);
      for (const s of spellings(secret)) {
        expect(slack, `Slack calls carry ${secret}`).not.toContain(s);
        expect(logs, `logs carry ${secret}`).not.toContain(s);
        expect(audit, `audit carries ${secret}`).not.toContain(s);
        expect(rows, `database carries ${secret}`).not.toContain(s);
      }
    }
    expect(generated).toHaveLength(2);
    for (const secret of generated) {
      expect(h.slack.calls.filter((c) => JSON.stringify(c).includes(secret))).toHaveLength(1);
      expect(logs).not.toContain(secret);
      expect(audit).not.toContain(secret);
      expect(rows).not.toContain(secret);
    }
  });
});
