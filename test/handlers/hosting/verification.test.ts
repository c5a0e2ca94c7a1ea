/**
 * A domain's ownership proven for the person, through the real app (signed
 * requests, the simulator over HTTP behind, on the manual clock): a mailbox
 * refused for a domain this server's DNS serves is offered "add the TXT
 * record and retry"; the press adds the record through the DNS API, waits
 * while the provider does not see it yet (the clock moved by hand) and
 * creates the mailbox; a domain whose DNS is elsewhere is answered with the
 * exact record and Retry, which works once the record is set; a viewer's
 * press is refused; in English and Japanese; the typed password in no Slack
 * call, log line or database row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS, HOSTING_MAIL_CALLBACKS } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import type { RecordedCall } from '../../support/fake-slack.ts';
import {
  buttonsOf,
  buttonValue,
  everyDatabaseRow,
  hosting,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  textValues,
} from '../../support/hosting.ts';
import { ownershipRecord, proveOwnership } from '../../support/ownership.ts';

const JA_OPERATOR = 'U0JAOPER1';
const TYPED = 'Verify-Typed-Secret-7c1d';
const NEW_SHOP = 'new-shop.jp';
const JA_SHOP = 'tsugi-shop.jp';
const ELSEWHERE = 'elsewhere-shop.jp';
/** Held by this server, but on other name servers (the simulator's rule for a name with `external`): never seen. */
const UNSEEN = 'external-shop.jp';
const NOON_JST = new Date('2026-03-10T03:00:00.000Z');
const en = catalogs.en;

const mailPosts = { method: 'POST', path: /\/mail$/ } as const;

/** Submits the mail add form as Slack does, and the offer the person is shown (an ephemeral message). */
async function refusedMailAdd(h: Harness, address: string, user: string): Promise<RecordedCall> {
  const form = await openedForm(h, `mail add ${address}`, user);
  const since = h.slack.lastSeq;
  await h.submit({
    callbackId: HOSTING_MAIL_CALLBACKS.mail_add,
    privateMetadata: form.privateMetadata,
    values: textValues({ password: TYPED }) as Parameters<Harness['submit']>[0]['values'],
    userId: user,
    viewId: `V${randomUUID().slice(0, 8).toUpperCase()}`,
  });
  return h.slack.waitFor(
    (c) => c.seq > since && c.method === 'chat.postEphemeral' && buttonsOf(c).length > 0,
  );
}

/** The next answer to a click's response_url that is not `but`. */
function answerTo(h: Harness, responseId: string, since: number, also?: (text: string) => boolean) {
  return h.slack.waitFor(
    (c) =>
      c.seq > since &&
      c.method === 'response_url' &&
      c.responseId === responseId &&
      (also === undefined || also(messageText(c))),
  );
}

describe('/hosting domain verification, done for the person', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      operators: [OPERATOR, JA_OPERATOR],
      manualClockAt: NOON_JST,
    });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    // Domains held by this server whose ownership was never proven: their DNS is served here.
    h.sim.control.panelAddDomain(SERVER, NEW_SHOP);
    h.sim.control.panelAddDomain(SERVER, JA_SHOP);
    h.sim.control.panelAddDomain(SERVER, UNSEEN);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds the TXT record, waits while the provider does not see it, and creates the mailbox', async () => {
    const offer = await refusedMailAdd(h, `sales@${NEW_SHOP}`, OPERATOR);
    const record = ownershipRecord(h.sim.control, SERVER, NEW_SHOP);
    const text = messageText(offer);
    // The refusal as the provider gave it, then what the bot can do about it.
    expect(text).toContain(`The provider would not add \`${NEW_SHOP}\` (OPERATION_ERROR).`);
    expect(text).toContain('ドメインの所有権をTXTレコードで認証できませんでした。');
    expect(text).toContain(`This server hosts the DNS for \`${NEW_SHOP}\``);
    expect(text).toContain(`*Name:* \`${record.name}\``);
    expect(text).toContain(`*Value:* \`${record.value}\``);
    expect(buttonsOf(offer).map((b) => b.action_id)).toEqual([HOSTING_IDS.verifyAdd]);
    const value = buttonValue(offer, HOSTING_IDS.verifyAdd);
    expect(value).not.toContain(TYPED);
    expect(h.sim.control.requests(mailPosts).at(-1)?.status).toBe(409);

    // A viewer may not send it: refused, nothing added.
    const dnsBefore = h.sim.control.requests({ method: 'POST', path: /\/dns$/ }).length;
    const viewer = await h.click(HOSTING_IDS.verifyAdd, value, { user: VIEWER });
    expect(messageText(await viewer.reply())).toContain('This needs the *operator* role');
    expect(h.sim.control.requests({ method: 'POST', path: /\/dns$/ }).length).toBe(dnsBefore);

    const since = h.slack.lastSeq;
    const first = h.sim.control.nextRequest(mailPosts);
    const click = await h.click(HOSTING_IDS.verifyAdd, value, { user: OPERATOR });
    const waiting = await answerTo(h, click.responseId, since);
    expect(messageText(waiting)).toContain(
      `Added the TXT record \`${record.name}\`. Waiting for the provider to see it (usually 30 to 90 seconds); I’ll retry every 30 seconds for up to 5 minutes.`,
    );
    const added = h.sim.control.requests({ method: 'POST', path: /\/dns$/ }).at(-1);
    expect(added?.body).toEqual({
      domain: NEW_SHOP,
      host: '_xserver-verify',
      type: 'TXT',
      content: record.value,
    });
    expect((await first).status).toBe(409);

    // 30 seconds on: not seen yet (the provider takes 60), refused again.
    const second = h.sim.control.nextRequest(mailPosts);
    h.sim.control.clock.advance(30_000);
    expect((await second).status).toBe(409);
    expect(
      h.sim.control.hostingServer(SERVER).mailAccounts.some((a) => a.address === `sales@${NEW_SHOP}`),
    ).toBe(false);

    // 60 seconds on: seen, and the mailbox is made with the password typed in the form.
    const done = answerTo(h, click.responseId, waiting.seq);
    h.sim.control.clock.advance(30_000);
    expect(messageText(await done)).toContain(
      `Ownership of \`${NEW_SHOP}\` confirmed. <@${OPERATOR}> created the mail account \`sales@${NEW_SHOP}\` on ${SERVER}.`,
    );
    const created = h.sim.control.requests(mailPosts).at(-1);
    expect(created?.status).toBeLessThan(300);
    // The request as the form sent it (the simulator's journal masks the password itself).
    expect(created?.body).toMatchObject({ mail_address: `sales@${NEW_SHOP}` });
    expect(created?.body).toHaveProperty('password');
    expect(
      h.sim.control.hostingServer(SERVER).mailAccounts.some((a) => a.address === `sales@${NEW_SHOP}`),
    ).toBe(true);
    const post = await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && messageText(c).includes(`sales@${NEW_SHOP}`),
    );
    expect(messageText(post)).toContain(`<@${OPERATOR}> created the mail account`);

    // The typed password is in no Slack call, log line or database row (the seal is encrypted, then destroyed).
    expect(JSON.stringify(h.slack.calls)).not.toContain(TYPED);
    expect(h.logs.text).not.toContain(TYPED);
    expect(everyDatabaseRow(h)).not.toContain(TYPED);
  });

  it('stops after 5 minutes of retries, every 30 seconds, with the record to check and Retry', async () => {
    const offer = await refusedMailAdd(h, `team@${UNSEEN}`, OPERATOR);
    const value = buttonValue(offer, HOSTING_IDS.verifyAdd);
    const before = h.sim.control.requests(mailPosts).length;
    const since = h.slack.lastSeq;
    const first = h.sim.control.nextRequest(mailPosts);
    const click = await h.click(HOSTING_IDS.verifyAdd, value, { user: OPERATOR });
    const waiting = await answerTo(h, click.responseId, since);
    await first;
    for (let round = 1; round < 10; round++) {
      const next = h.sim.control.nextRequest(mailPosts);
      h.sim.control.clock.advance(30_000);
      expect((await next).status).toBe(409);
    }
    const last = answerTo(h, click.responseId, waiting.seq);
    h.sim.control.clock.advance(30_000);
    const answer = await last;
    // Once at the press, then every 30 seconds until 5 minutes have passed: 11 tries, all refused.
    expect(h.sim.control.requests(mailPosts).length).toBe(before + 11);
    const record = ownershipRecord(h.sim.control, SERVER, UNSEEN);
    expect(messageText(answer)).toContain(
      `After 5 minutes the provider still can’t see that you own \`${UNSEEN}\`. Check that this record resolves, then press Retry:`,
    );
    expect(messageText(answer)).toContain(
      `*Name:* \`${record.name}\`\n*Type:* TXT\n*Value:* \`${record.value}\``,
    );
    expect(buttonValue(answer, HOSTING_IDS.verifyRetry)).toBe(value);

    // The form is kept sealed for 15 minutes: after that, Retry asks for it again and sends nothing.
    h.sim.control.clock.advance(15 * 60_000);
    const sent = h.sim.control.requests(mailPosts).length;
    const late = await h.click(HOSTING_IDS.verifyRetry, value, { user: OPERATOR });
    expect(messageText(await late.reply())).toContain(
      `I no longer have what you typed in the form (it’s kept for 15 minutes). Please run \`/hosting mail add team@${UNSEEN}\` again.`,
    );
    expect(h.sim.control.requests(mailPosts).length).toBe(sent);
  });

  it('answers in Japanese', async () => {
    const offer = await refusedMailAdd(h, `info@${JA_SHOP}`, JA_OPERATOR);
    const text = messageText(offer);
    expect(text).toContain(`プロバイダーが \`${JA_SHOP}\` の追加を受け付けませんでした（OPERATION_ERROR）。`);
    expect(text).toContain(`\`${JA_SHOP}\` の DNS はこのサーバーで管理されているため`);
    const b = buttonsOf(offer)[0] as { text?: { text?: string } } | undefined;
    expect(b?.text?.text).toBe('TXT レコードを追加して再試行');
  });

  it('shows the exact record when the DNS is elsewhere, and Retry works once it is set', async () => {
    const record = ownershipRecord(h.sim.control, SERVER, ELSEWHERE);
    const r = await hosting(h, `domain add ${ELSEWHERE}`, OPERATOR);
    expect(r.text).toContain(`The provider would not add \`${ELSEWHERE}\` (OPERATION_ERROR).`);
    expect(r.text).toContain(`The DNS for \`${ELSEWHERE}\` isn’t hosted on this server.`);
    expect(r.text).toContain(`*Name:* \`${record.name}\`\n*Type:* TXT\n*Value:* \`${record.value}\``);
    expect(buttonsOf(r.call).map((b) => b.action_id)).toEqual([HOSTING_IDS.verifyRetry]);
    const value = buttonValue(r.call, HOSTING_IDS.verifyRetry);

    // Not set yet: refused again, the record to check and Retry.
    const early = await h.click(HOSTING_IDS.verifyRetry, value, { user: OPERATOR });
    const again = await early.reply();
    expect(messageText(again)).toContain(`The provider can’t see that you own \`${ELSEWHERE}\` yet.`);
    expect(buttonValue(again, HOSTING_IDS.verifyRetry)).toBe(value);

    // A viewer's press sends nothing.
    const before = h.sim.control.requests({ method: 'POST', path: /\/domain$/ }).length;
    const viewer = await h.click(HOSTING_IDS.verifyRetry, value, { user: VIEWER });
    expect(messageText(await viewer.reply())).toContain('This needs the *operator* role');
    expect(h.sim.control.requests({ method: 'POST', path: /\/domain$/ }).length).toBe(before);

    proveOwnership(h.sim.control, SERVER, ELSEWHERE);
    const click = await h.click(HOSTING_IDS.verifyRetry, value, { user: OPERATOR });
    expect(messageText(await click.reply())).toContain(
      `Ownership of \`${ELSEWHERE}\` confirmed. <@${OPERATOR}> added the domain \`${ELSEWHERE}\` to ${SERVER}.`,
    );
    expect(h.sim.control.hostingServer(SERVER).domains.some((d) => d.domain === ELSEWHERE)).toBe(true);
    expect(en['hosting.verify.button.retry']).toBe('Retry');
  });
});
