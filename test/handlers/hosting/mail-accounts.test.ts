/**
 * Mail accounts through the real app (signed requests, the simulator over
 * HTTP behind): the list and one account to the person alone, in English and
 * Japanese; an account created from the form with a typed password or one the
 * bot makes (shown to the requester alone, once); the reference's rules named
 * on their field before anything is sent; a delete confirmed before any
 * request; and the typed password found in no log line, Slack call, audit row
 * or database row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_IDS, HOSTING_MAIL_CALLBACKS, hostingBlockId } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import {
  buttonValue,
  clickAndAnswer,
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
const JA_OPERATOR = 'U0JAOPER1';
const TYPED = 'Mail-Typed-Secret-5d7e';
const TYPED_REFUSED = 'Mail-Refused-Secret-a1b9';
const TYPED_CHANGE = 'Mail-Change-Secret-c4f2';

const accounts = (h: Harness) => h.sim.control.hostingServer(SERVER).mailAccounts;

function submitMailForm(
  h: Harness,
  privateMetadata: string,
  values: Record<string, unknown>,
  form: keyof typeof HOSTING_MAIL_CALLBACKS = 'mail_add',
) {
  const viewId = `V${randomUUID().slice(0, 8).toUpperCase()}`;
  return h
    .submit({
      callbackId: HOSTING_MAIL_CALLBACKS[form],
      privateMetadata,
      values: values as Parameters<Harness['submit']>[0]['values'],
      userId: OPERATOR,
      viewId,
    })
    .then((d) => ({ ...d, viewId }));
}

const generate = {
  [hostingBlockId('generate')]: {
    generate: { type: 'checkboxes', selected_options: [{ value: 'generate' }] },
  },
};

describe('/hosting mail', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists a domain’s accounts with their quotas, to the person alone, in English and Japanese', async () => {
    const r = await hosting(h, `mail ${SHOP}`, VIEWER);
    expect(r.call.args.response_type).toBe('ephemeral');
    expect(r.text).toContain(`Mail accounts of ${SHOP} on ${SERVER}`);
    expect(r.text).toContain(`*info@${SHOP}*  · quota 2,000 MB · 問い合わせ窓口`);
    expect(r.text).toContain(`*support@${SHOP}*  · quota 1,000 MB`);
    const all = await hosting(h, 'mail', VIEWER);
    expect(all.text).toContain(`Mail accounts on ${SERVER}`);
    const j = await hosting(h, `mail ${SHOP}`, JA_OPERATOR);
    expect(j.text).toContain(`${SERVER} の ${SHOP} のメールアカウント`);
    expect(j.text).toContain('容量 2,000 MB');
  });

  it('shows one account with its quota and usage', async () => {
    const r = await hosting(h, `mail show info@${SHOP}`, VIEWER);
    expect(r.call.args.response_type).toBe('ephemeral');
    expect(r.text).toContain(`info@${SHOP} on ${SERVER}`);
    expect(r.text).toContain('*Used:* 153.4 MB of 2,000 MB (7.7 %)');
    const j = await hosting(h, `mail show info@${SHOP}`, JA_OPERATOR);
    expect(j.text).toContain('*使用量:* 2,000 MB 中 153.4 MB（7.7%）');
    expect((await hosting(h, `mail show nobody@${SHOP}`, VIEWER)).text).toContain(
      `There is no mail account \`nobody@${SHOP}\` on this server. See \`/hosting mail [domain]\` for the accounts.`,
    );
  });

  it('names a short password, a quota out of range and a missing password on their fields before sending', async () => {
    const n = hostingWrites(h);
    const form = await openedForm(h, `mail add sales@${SHOP}`);
    expect(JSON.stringify(form.view.blocks)).toContain(`sales@${SHOP}`);
    const short = await submitMailForm(
      h,
      form.privateMetadata,
      textValues({ password: 'abc', quota_mb: '60000' }),
    );
    const errors = JSON.parse(short.text) as { response_action: string; errors: Record<string, string> };
    expect(errors.response_action).toBe('errors');
    expect(errors.errors[hostingBlockId('password')]).toBe('Use at least 6 characters.');
    expect(errors.errors[hostingBlockId('quota_mb')]).toBe(
      'The quota is a whole number of MB from 1 to 50,000.',
    );
    const none = await submitMailForm(h, form.privateMetadata, textValues({ password: '' }));
    expect(
      (JSON.parse(none.text) as { errors: Record<string, string> }).errors[hostingBlockId('password')],
    ).toBe('Type a password, or tick the box below to have one made.');
    const both = await submitMailForm(h, form.privateMetadata, {
      ...textValues({ password: TYPED_REFUSED }),
      ...generate,
    });
    expect(
      (JSON.parse(both.text) as { errors: Record<string, string> }).errors[hostingBlockId('password')],
    ).toBe('Type a password or tick the box to have one made, not both.');
    expect(hostingWrites(h)).toBe(n);
  });

  it('creates an account with a typed password and announces it without the password', async () => {
    const form = await openedForm(h, `mail add sales@${SHOP}`);
    const sent = await submitMailForm(
      h,
      form.privateMetadata,
      textValues({ password: TYPED, quota_mb: '1500', memo: 'Sales team' }),
    );
    expect(messageText(await formOutcome(h, sent.viewId))).toContain('Done.');
    expect(accounts(h).find((a) => a.address === `sales@${SHOP}`)).toMatchObject({
      quotaMb: 1500,
      memo: 'Sales team',
    });
    const post = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes(`sales@${SHOP}`),
    );
    expect(messageText(post)).toContain(
      `<@${OPERATOR}> created the mail account \`sales@${SHOP}\` on ${SERVER}.`,
    );
  });

  it('sends what the reference leaves open and explains the provider’s refusal, without the password', async () => {
    const form = await openedForm(h, `mail add info@${SHOP}`);
    const sent = await submitMailForm(h, form.privateMetadata, textValues({ password: TYPED_REFUSED }));
    const outcome = messageText(await formOutcome(h, sent.viewId));
    expect(outcome).toContain('The provider refused it');
    expect(outcome).not.toContain(TYPED_REFUSED);
    expect(h.sim.control.requests({ method: 'POST', path: /\/mail$/ }).at(-1)?.status).toBeGreaterThanOrEqual(
      400,
    );
  });

  it('makes a password when asked and shows it in the requester’s own form only, once', async () => {
    const form = await openedForm(h, `mail add news@${SHOP}`);
    const sent = await submitMailForm(h, form.privateMetadata, generate);
    const outcome = await formOutcome(h, sent.viewId);
    const text = messageText(outcome);
    expect(text).toContain(`The mail account *news@${SHOP}* on ${SERVER} is ready.`);
    const password = /`([A-Za-z0-9]{20})`/.exec(text)?.[1];
    expect(password).toBeDefined();
    // The password reached the provider (it is the account's), and no one else: one Slack call holds it.
    const sim = h.sim.control.requests({ method: 'POST', path: /\/mail$/ }).at(-1);
    expect(sim?.status).toBe(200);
    expect(accounts(h).some((a) => a.address === `news@${SHOP}`)).toBe(true);
    const carrying = h.slack.calls.filter((c) => JSON.stringify(c).includes(password!));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]!.method).toBe('views.update');
    expect(h.logs.text).not.toContain(password!);
    expect(everyDatabaseRow(h)).not.toContain(password!);
  });

  it('deletes an account only after a confirmation that shows it as it is now; nothing is sent before', async () => {
    const n = hostingWrites(h);
    const ask = await hosting(h, `mail delete support@${SHOP}`);
    expect(ask.call.args.response_type).toBe('ephemeral');
    expect(ask.text).toContain(`Delete the mail account support@${SHOP}?`);
    expect(ask.text).toContain(
      `Deleting the mail account *support@${SHOP}* from ${SERVER}, with the 87.25 MB of mail in it (quota 1,000 MB).`,
    );
    expect(ask.text).toContain('Nothing has been sent yet.');
    expect(hostingWrites(h)).toBe(n);
    expect(accounts(h).some((a) => a.address === `support@${SHOP}`)).toBe(true);
    const done = await clickAndAnswer(
      h,
      HOSTING_IDS.confirm,
      buttonValue(ask.call, HOSTING_IDS.confirm),
      OPERATOR,
    );
    expect(done.text).toContain(`deleted the mail account \`support@${SHOP}\` on ${SERVER}.`);
    expect(h.sim.control.requests({ method: 'DELETE', path: /\/mail\/support%40/ })).toHaveLength(1);
    expect(accounts(h).some((a) => a.address === `support@${SHOP}`)).toBe(false);
    expect(hostingWrites(h)).toBe(n + 1);
  });

  it('refuses an account that is not there, and a word that is no address, before anyone confirms', async () => {
    const n = hostingWrites(h);
    expect((await hosting(h, `mail delete nobody@${SHOP}`)).text).toContain(
      `There is no mail account \`nobody@${SHOP}\` on this server.`,
    );
    expect((await hosting(h, 'mail delete not-an-address')).text).toContain(
      'That is not a mail address: write it as `name@example.jp`.',
    );
    const j = await hosting(h, `mail delete nobody@${SHOP}`, JA_OPERATOR);
    expect(j.text).toContain(`このサーバーにメールアカウント \`nobody@${SHOP}\` はありません。`);
    expect(hostingWrites(h)).toBe(n);
  });

  it('changes an account’s quota, memo and password from a form that starts from the account as it is', async () => {
    const form = await openedForm(h, `mail change info@${SHOP}`);
    const blocks = JSON.stringify(form.view.blocks);
    expect(blocks).toContain('"initial_value":"2000"');
    expect(blocks).toContain('問い合わせ窓口');
    const n = hostingWrites(h);
    const bad = await submitMailForm(
      h,
      form.privateMetadata,
      textValues({ quota_mb: 'lots' }),
      'mail_change',
    );
    expect(JSON.parse(bad.text).errors[hostingBlockId('quota_mb')]).toBe(
      'The quota is a whole number of MB from 1 to 50,000.',
    );
    expect(hostingWrites(h)).toBe(n);
    const sent = await submitMailForm(
      h,
      form.privateMetadata,
      textValues({ password: TYPED_CHANGE, quota_mb: '2500', memo: 'Questions from customers' }),
      'mail_change',
    );
    expect(messageText(await formOutcome(h, sent.viewId))).toContain(
      `changed the mail account \`info@${SHOP}\` on ${SERVER}.`,
    );
    expect(accounts(h).find((a) => a.address === `info@${SHOP}`)).toMatchObject({
      quotaMb: 2500,
      memo: 'Questions from customers',
    });
    const put = h.sim.control.requests({ method: 'PUT', path: /\/mail\/info%40/ }).at(-1);
    expect(put?.status).toBe(200);
    expect(put?.body).toMatchObject({ quota_mb: 2500, memo: 'Questions from customers' });
    expect(hostingWrites(h)).toBe(n + 1);
  });

  it('shows forwarding, sets it from a form (each line checked), and clears it with an empty list', async () => {
    expect((await hosting(h, `mail forward nobody@${SHOP}`, VIEWER)).text).toContain(
      `There is no mail account \`nobody@${SHOP}\` on this server.`,
    );
    const shown = await hosting(h, `mail forward info@${SHOP}`, VIEWER);
    expect(shown.call.args.response_type).toBe('ephemeral');
    expect(shown.text).toContain('*Forwarded to:* nowhere (not forwarded)');
    expect(shown.text).toContain('A copy stays in the mailbox.');
    const form = await openedForm(h, `mail forward set info@${SHOP}`);
    const n = hostingWrites(h);
    const bad = await submitMailForm(
      h,
      form.privateMetadata,
      textValues({ forwarding_addresses: 'ops@example.net\nnot an address' }),
      'mail_forward',
    );
    expect(JSON.parse(bad.text).errors[hostingBlockId('forwarding_addresses')]).toContain('one mail address');
    expect(hostingWrites(h)).toBe(n);
    const sent = await submitMailForm(
      h,
      form.privateMetadata,
      textValues({ forwarding_addresses: 'ops@example.net\nsales-archive@example.net' }),
      'mail_forward',
    );
    expect(messageText(await formOutcome(h, sent.viewId))).toContain(
      `changed the forwarding of \`info@${SHOP}\` on ${SERVER}.`,
    );
    expect(accounts(h).find((a) => a.address === `info@${SHOP}`)).toMatchObject({
      forwarding: ['ops@example.net', 'sales-archive@example.net'],
      keepInMailbox: false,
    });
    const j = await hosting(h, `mail forward info@${SHOP}`, JA_OPERATOR);
    expect(j.text).toContain('*転送先:* ops@example.net、sales-archive@example.net');
    expect(j.text).toContain('メールボックスにはコピーを残しません。');
    const again = await openedForm(h, `mail forward set info@${SHOP}`);
    expect(JSON.stringify(again.view.blocks)).toContain('ops@example.net\\nsales-archive@example.net');
    const cleared = await submitMailForm(
      h,
      again.privateMetadata,
      {
        ...textValues({ forwarding_addresses: '' }),
        [hostingBlockId('keep_in_mailbox')]: {
          keep_in_mailbox: { type: 'checkboxes', selected_options: [{ value: 'keep' }] },
        },
      },
      'mail_forward',
    );
    await formOutcome(h, cleared.viewId);
    const put = h.sim.control.requests({ method: 'PUT', path: /\/forwarding$/ }).at(-1);
    expect(put?.body).toEqual({ forwarding_addresses: [], keep_in_mailbox: true });
    expect(accounts(h).find((a) => a.address === `info@${SHOP}`)).toMatchObject({
      forwarding: [],
      keepInMailbox: true,
    });
  });

  it('finds the typed passwords in no Slack call, log line, audit row or database row', async () => {
    const slack = JSON.stringify(h.slack.calls);
    const logs = h.logs.text;
    const audit = JSON.stringify(await h.bot.store.audit.latest({ limit: 1000 }));
    const rows = everyDatabaseRow(h);
    // The scan reads what was really written: the request of the form and its audit are in it.
    expect(logs).toContain('POST /v1/server/{servername}/mail');
    expect(audit).toContain('hosting.mail_add');
    expect(rows).toContain('hosting.mail_add');
    expect(slack).toContain(`sales@${SHOP}`);
    expect(rows).toContain('hosting.mail_change');
    expect(audit).toContain('"new_login":true');
    for (const secret of [TYPED, TYPED_REFUSED, TYPED_CHANGE]) {
      for (const s of spellings(secret)) {
        expect(slack, `Slack calls carry ${secret}`).not.toContain(s);
        expect(logs, `logs carry ${secret}`).not.toContain(s);
        expect(audit, `audit carries ${secret}`).not.toContain(s);
        expect(rows, `database carries ${secret}`).not.toContain(s);
      }
    }
  });
});
