/**
 * /hosting accesslog through the real app (signed requests, the simulator
 * over HTTP behind): read and paged as the error log is, its file button
 * sending the access log (not the error log) to the clicker alone; a button
 * posted before there were two logs still reads the error log; lines and
 * keyword named on their field before anything is sent; an operator's read.
 * Also the cron command's credentials kept out of the audit rows, and the
 * FTP accounts: listed, and one deleted only once confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS, HOSTING_RECORD_CALLBACKS } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import {
  buttonsOf,
  buttonValue,
  clickAndAnswer,
  formOutcome,
  hosting,
  hostingRequests,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  textValues,
} from '../../support/hosting.ts';
import { fill } from '../../support/words.ts';

const en = catalogs.en;
const ja = catalogs.ja;
const JA_OPERATOR = 'U0JAOPER2';
const FILE = HOSTING_IDS.errorLogFile;
const invalid = (key: keyof typeof en, limit?: number) =>
  fill(en['error.invalid_field'], { reason: fill(en[key], limit === undefined ? {} : { limit }) });
const accessReads = (h: Harness) => h.sim.control.requests({ path: /\/access-log$/ });
const errorReads = (h: Harness) => h.sim.control.requests({ path: /\/error-log$/ });

describe('/hosting accesslog', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows a domain’s access log to an operator alone, in English and Japanese', async () => {
    const r = await hosting(h, 'accesslog example-shop.com');
    expect(r.call.args.response_type).toBe('ephemeral');
    expect(r.text).toContain(`Access log of example-shop.com on ${SERVER}`);
    expect(r.text).toContain('POST /wp-login.php');
    expect(r.text).toContain('Lines 1–5 of 5');
    expect(accessReads(h).at(-1)?.query).toEqual({ domain: 'example-shop.com', lines: '100' });
    // The file button names the access log.
    expect(JSON.parse(buttonValue(r.call, FILE))).toEqual({
      s: SERVER,
      d: 'example-shop.com',
      l: 100,
      t: 'a',
    });
    const jr = await hosting(h, 'accesslog example-shop.com', JA_OPERATOR);
    expect(jr.text).toContain(`${SERVER} の example-shop.com のアクセスログ`);
    expect(ja['hosting.accesslog.title']).not.toBe(ja['hosting.errorlog.title']);
  });

  it('asks the provider for the lines containing a keyword; none is said, not shown empty', async () => {
    const r = await hosting(h, 'accesslog example-shop.com 50 wp-login');
    expect(accessReads(h).at(-1)?.query).toEqual({
      domain: 'example-shop.com',
      lines: '50',
      keyword: 'wp-login',
    });
    expect(r.text).toContain('Lines 1–2 of the 2 containing “wp-login”');
    expect(r.text).not.toContain('favicon.ico');
    const none = await hosting(h, 'access-log example-shop.com "no such text"');
    expect(none.text).toContain('No line of the access log of example-shop.com contains “no such text”');
    const jnone = await hosting(h, 'accesslog example-shop.com "no such text"', JA_OPERATOR);
    expect(jnone.text).toContain('example-shop.com のアクセスログに「no such text」を含む行はありません');
  });

  it('pages a long log, each page read again from the access log', async () => {
    const lines = Array.from(
      { length: 30 },
      (_, i) => `203.0.113.5 - - "GET /p/${String(i + 1).padStart(2, '0')}" 200`,
    );
    h.sim.control.addFault({
      method: 'GET',
      path: /\/access-log$/,
      status: 200,
      rawBody: JSON.stringify({ domain: 'example-shop.com', log: lines.join('\n') }),
      times: 2,
    });
    const first = await hosting(h, 'accesslog example-shop.com 30');
    expect(first.text).toContain('Lines 26–30 of 30');
    const prev = `${HOSTING_IDS.errorLogPage}:prev`;
    expect(buttonsOf(first.call).map((b) => b.action_id)).toEqual([prev, FILE]);
    const reads = accessReads(h).length;
    const errors = errorReads(h).length;
    const back = await h.click(prev, buttonValue(first.call, prev), { user: OPERATOR });
    const page = await back.reply();
    expect(messageText(page)).toContain('Access log of example-shop.com');
    expect(messageText(page)).toContain('Lines 1–25 of 30');
    expect(messageText(page)).toContain('GET /p/01');
    expect(accessReads(h).length).toBe(reads + 1);
    expect(errorReads(h).length).toBe(errors);
  });

  it('sends the access log as a file to the clicker’s direct messages only', async () => {
    const shown = await hosting(h, 'accesslog example-shop.com');
    const since = h.slack.lastSeq;
    const click = await h.click(FILE, buttonValue(shown.call, FILE), { user: OPERATOR });
    expect(messageText(await click.reply())).toContain(
      'Sent the whole access log of example-shop.com (5 lines)',
    );
    const file = h.slack.completedFiles().at(-1)!;
    expect(file.filename).toBe('example-shop.com-access.log');
    expect(file.content).toContain('GET /products/42');
    expect(file.channelId).toBe(h.slack.dmChannelOf(OPERATOR));
    const dm = h.slack.calls.find((c) => c.seq > since && c.method === 'chat.postMessage');
    expect(dm?.args.text).toContain('The access log of example-shop.com');
  });

  it('a button posted before there were two logs (no log named) still reads the error log', async () => {
    const errors = errorReads(h).length;
    const access = accessReads(h).length;
    const old = JSON.stringify({ s: SERVER, d: 'example-shop.com', l: 100 });
    const click = await h.click(FILE, old, { user: OPERATOR });
    expect(messageText(await click.reply())).toContain('Sent the whole error log of example-shop.com');
    expect(h.slack.completedFiles().at(-1)?.filename).toBe('example-shop.com-error.log');
    const page = await h.click(
      `${HOSTING_IDS.errorLogPage}:prev`,
      JSON.stringify({ s: SERVER, d: 'example-shop.com', l: 100, p: 0 }),
      {
        user: OPERATOR,
      },
    );
    expect(messageText(await page.reply())).toContain('Error log of example-shop.com');
    expect(errorReads(h).length).toBe(errors + 2);
    expect(accessReads(h).length).toBe(access);
  });

  it('names lines and keyword on their field before anything is sent', async () => {
    const before = hostingRequests(h);
    for (const lines of ['0', 'lines=abc', '-5', '1001', '2.5']) {
      expect((await hosting(h, `accesslog example-shop.com ${lines}`)).text, lines).toContain(
        invalid('field.lines.range', 1000),
      );
    }
    expect((await hosting(h, 'accesslog example-shop.com keyword=')).text).toContain(
      invalid('field.keyword.required'),
    );
    expect((await hosting(h, `accesslog example-shop.com ${'k'.repeat(201)}`)).text).toContain(
      invalid('field.keyword.too_long', 200),
    );
    // The client's validateLogQuery: a keyword is plain text, without control characters.
    expect((await hosting(h, 'accesslog example-shop.com keyword=a\u0007b')).text).toContain(
      fill(en['error.invalid_field'], { reason: en['field.control_character'] }),
    );
    expect((await hosting(h, 'accesslog')).text).toContain(en['usage.hosting.accesslog']);
    expect(hostingRequests(h)).toBe(before);
  });

  it('a viewer may not read it (it names visitors): refused, nothing read; the help lists it', async () => {
    const before = hostingRequests(h);
    const r = await hosting(h, 'accesslog example-shop.com', VIEWER);
    expect(r.text).toContain(en['role.operator']);
    expect(hostingRequests(h)).toBe(before);
    const help = await hosting(h, 'help');
    expect(help.text).toContain(en['hosting.help.cmd.hosting.accesslog']);
  });
});

describe('a cron job’s command in the audit trail', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is stored with its credentials masked; the job itself gets the command as typed', async () => {
    const command = 'mysqldump -uadmin -pS3cretPw db | curl -T - https://bk:T0kenPw@backup.example.jp/up';
    const form = await openedForm(h, 'cron add');
    const viewId = 'VCRONAUDIT1';
    await h.submit({
      callbackId: HOSTING_RECORD_CALLBACKS.cron_add,
      privateMetadata: form.privateMetadata,
      values: textValues({
        minute: '0',
        hour: '3',
        day: '*',
        month: '*',
        weekday: '*',
        command,
        comment: 'backup',
      }),
      userId: OPERATOR,
      viewId,
    });
    await formOutcome(h, viewId);
    const job = h.sim.control.hostingServer(SERVER).cronJobs.find((j) => j.comment === 'backup');
    expect(job?.command).toBe(command);
    const rows = await h.bot.store.audit.latest({ target: SERVER, limit: 20 });
    const added = rows.find((r) => r.action === 'hosting.cron_add');
    expect(added?.params).toMatchObject({
      command: 'mysqldump -uadmin -p*** db | curl -T - https://bk:***@backup.example.jp/up',
    });
    // A change through its form: the same, under the job's new id.
    const changed = 'PASSWORD=Chg4nged /home/u/backup.sh --db-password=Chg4nged';
    const change = await openedForm(h, `cron change ${job?.id}`);
    const changeView = 'VCRONAUDIT2';
    await h.submit({
      callbackId: HOSTING_RECORD_CALLBACKS.cron_change,
      privateMetadata: change.privateMetadata,
      values: textValues({
        minute: '0',
        hour: '4',
        day: '*',
        month: '*',
        weekday: '*',
        command: changed,
        comment: 'backup',
      }),
      userId: OPERATOR,
      viewId: changeView,
    });
    await formOutcome(h, changeView);
    expect(h.sim.control.hostingServer(SERVER).cronJobs.find((j) => j.comment === 'backup')?.command).toBe(
      changed,
    );
    const after = await h.bot.store.audit.latest({ target: SERVER, limit: 20 });
    expect(after.find((r) => r.action === 'hosting.cron_change')?.params).toMatchObject({
      command: 'PASSWORD=*** /home/u/backup.sh --db-password=***',
    });
    const all = JSON.stringify(after);
    expect(all).not.toContain('S3cretPw');
    expect(all).not.toContain('T0kenPw');
    expect(all).not.toContain('Chg4nged');
  });
});

describe('/hosting ftp', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the accounts with folder, quota (0 is none) and memo, to a viewer alone, in English and Japanese', async () => {
    const r = await hosting(h, 'ftp', VIEWER);
    expect(r.call.args.response_type).toBe('ephemeral');
    expect(r.text).toContain(`FTP accounts on ${SERVER}`);
    expect(r.text).toContain(
      '`deploy@example-shop.com`  folder `example-shop.com/public_html`, no quota — CI',
    );
    expect(r.text).toContain('`backup@example-shop.com`  folder `example-shop.com`, quota 5,000 MB');
    expect(h.sim.control.requests({ path: /\/ftp$/ }).at(-1)?.query ?? {}).toEqual({});
    const jr = await hosting(h, 'ftp example-shop.com', JA_OPERATOR);
    expect(jr.text).toContain(`${SERVER} の example-shop.com のFTPアカウント`);
    expect(jr.text).toContain('容量制限なし');
    expect(h.sim.control.requests({ path: /\/ftp$/ }).at(-1)?.query).toEqual({ domain: 'example-shop.com' });
  });

  it('says there are none besides the main account; a word that is not a domain gets the usage', async () => {
    h.sim.control.addFault({
      method: 'GET',
      path: /\/ftp$/,
      status: 200,
      rawBody: '{"accounts":[]}',
      times: 1,
    });
    expect((await hosting(h, 'ftp')).text).toContain(en['hosting.ftp.empty']);
    const before = hostingRequests(h);
    expect((await hosting(h, 'ftp list')).text).toContain(en['usage.hosting.ftp']);
    expect((await hosting(h, 'ftp bad_domain.')).text).toContain(invalid('field.domain.charset'));
    expect(hostingRequests(h)).toBe(before);
  });

  it('deletes an account only once confirmed, the account as it is now in the confirmation', async () => {
    const accounts = () => h.sim.control.hostingServer(SERVER).ftpAccounts.map((a) => a.account);
    const n = hostingWrites(h);
    const ask = await hosting(h, 'ftp delete deploy@example-shop.com');
    expect(ask.text).toContain('Delete FTP account deploy@example-shop.com?');
    expect(ask.text).toContain('folder `example-shop.com/public_html`, no quota (CI)');
    expect(hostingWrites(h)).toBe(n);
    expect(accounts()).toContain('deploy@example-shop.com');
    const jask = await hosting(h, 'ftp delete backup@example-shop.com', JA_OPERATOR);
    expect(jask.text).toContain('FTPアカウント backup@example-shop.com を削除しますか？');
    await clickAndAnswer(h, HOSTING_IDS.confirm, buttonValue(ask.call, HOSTING_IDS.confirm), OPERATOR);
    expect(accounts()).not.toContain('deploy@example-shop.com');
    expect(accounts()).toContain('backup@example-shop.com');
    expect(hostingWrites(h)).toBe(n + 1);
    expect(h.sim.control.requests({ method: 'DELETE', path: /\/ftp\// }).at(-1)?.path).toContain(
      'deploy%40example-shop.com',
    );
  });

  it('refuses an account that is not there, or not `user@domain`, before anyone confirms', async () => {
    const n = hostingWrites(h);
    const gone = await hosting(h, 'ftp delete nobody@example-shop.com');
    expect(gone.text).toContain('See `/hosting ftp` for the accounts');
    expect(gone.text).not.toContain('Delete FTP account');
    expect((await hosting(h, 'ftp delete not-an-account')).text).toContain(
      en['error.invalid_field'].slice(0, 20),
    );
    expect((await hosting(h, 'ftp delete')).text).toContain(en['usage.hosting.ftp']);
    expect(hostingWrites(h)).toBe(n);
  });
});
