/**
 * No secret leaves the requester's own view: a typed WordPress admin password
 * and a DB user password appear in no Slack call, no log line, no audit row
 * and no database row, whatever happened to the request (done, refused by the
 * form, refused by the provider, lost on the way); a generated SSH private key
 * appears once, in the requester's own ephemeral answer, and nowhere else.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, type Harness, messageText, startHarness } from '../../support/app-harness.ts';
import {
  announced,
  everyDatabaseRow,
  formOutcome,
  hosting,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  spellings,
  submitForm,
  textValues,
} from '../../support/hosting.ts';
import { proveOwnership } from '../../support/ownership.ts';

const WP_PASSWORD = 'Wp-Adm1n-Secret-7f3a';
const WP_PASSWORD_LOST = 'Wp-Lost-Secret-91c2';
const WP_PASSWORD_REFUSED = 'Wp-Dup-Secret-44d0';
const WP_PASSWORD_BAD = 'bad secret with spaces 5e1';
const DB_PASSWORD = 'Db-User-Secret-b8e6';
const DB_PASSWORD_TAKEN = 'Db-Taken-Secret-3c9d';
// Made before any connection is open: the seconds it takes would outlast a kept-alive one.
const RSA_PEM = generateKeyPairSync('rsa', { modulusLength: 4096 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

describe('/hosting secrets', () => {
  let h: Harness;
  let privateKey = '';
  let keyResponseId = '';

  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
    proveOwnership(h.sim.control, SERVER, 'secret-shop.jp');
    await announced(h, 'domain add secret-shop.jp');
  });
  afterAll(async () => {
    await h?.close();
  });

  const wpForm = (url: string, password: string) =>
    textValues({
      url,
      title: 'Secret Shop',
      admin_username: 'keeper',
      admin_password: password,
      admin_email: 'keeper@secret-shop.jp',
    });

  it('installs WordPress with a typed password, and the password reaches only the provider', async () => {
    const form = await openedForm(h, 'wp install');
    const sent = await submitForm(
      h,
      'wp_install',
      form.privateMetadata,
      wpForm('https://secret-shop.jp/', WP_PASSWORD),
    );
    expect(messageText(await formOutcome(h, sent.viewId))).toContain('Done.');
    const req = h.sim.control.requests({ method: 'POST', path: /\/wp$/ }).at(-1);
    // The simulator masks it in its own journal; it got there (the site exists).
    expect(req?.status).toBe(200);
    expect(
      h.sim.control.hostingServer(SERVER).wordpress.some((w) => w.url === 'https://secret-shop.jp/'),
    ).toBe(true);
  });

  it('keeps a password the form refused, one the provider refused and one whose answer was lost out of sight too', async () => {
    const bad = await openedForm(h, 'wp install');
    const refused = await submitForm(
      h,
      'wp_install',
      bad.privateMetadata,
      // The form refuses the URL (not an http(s) one); the password beside it is never sent.
      wpForm('ftp://secret-shop.jp/a/', WP_PASSWORD_BAD),
    );
    expect(JSON.parse(refused.text)).toMatchObject({ response_action: 'errors' });

    // The provider refuses a second install at the same URL.
    const dup = await openedForm(h, 'wp install');
    const d = await submitForm(
      h,
      'wp_install',
      dup.privateMetadata,
      wpForm('https://secret-shop.jp/', WP_PASSWORD_REFUSED),
    );
    expect(messageText(await formOutcome(h, d.viewId))).toContain('既にWordPressがインストールされています');

    // The answer is lost after the provider did it.
    h.sim.control.addFault({ method: 'POST', path: /\/wp$/, drop: 'after' });
    const lost = await openedForm(h, 'wp install');
    const l = await submitForm(
      h,
      'wp_install',
      lost.privateMetadata,
      wpForm('https://secret-shop.jp/blog/', WP_PASSWORD_LOST),
    );
    expect(messageText(await formOutcome(h, l.viewId))).toContain('may or may not have happened');

    // A DB user the provider refuses (the name is taken), its password typed.
    const firstForm = await openedForm(h, 'db user create');
    const ff = await submitForm(
      h,
      'db_user_create',
      firstForm.privateMetadata,
      textValues({ name_suffix: 'taken', password: DB_PASSWORD }),
    );
    await formOutcome(h, ff.viewId);
    const takenForm = await openedForm(h, 'db user create');
    const tf = await submitForm(
      h,
      'db_user_create',
      takenForm.privateMetadata,
      textValues({ name_suffix: 'taken', password: DB_PASSWORD_TAKEN }),
    );
    expect(messageText(await formOutcome(h, tf.viewId))).toContain('VALIDATION_ERROR');
  });

  it('creates a DB user with a typed password', async () => {
    const form = await openedForm(h, 'db user create');
    const since = h.slack.lastSeq;
    await submitForm(
      h,
      'db_user_create',
      form.privateMetadata,
      textValues({ name_suffix: 'secret', password: DB_PASSWORD }),
    );
    const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
    expect(messageText(post)).toContain('created the database user `xs123456_secret`');
  });

  it('generates a key pair: the private key to the requester alone, in an ephemeral answer', async () => {
    const since = h.slack.lastSeq;
    const r = await hosting(h, 'ssh key generate secret-laptop');
    expect(r.call.args.response_type).toBe('ephemeral');
    const pem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(r.text)?.[0];
    if (!pem) throw new Error(`no private key in the answer: ${r.text}`);
    privateKey = pem;
    keyResponseId = r.responseId;
    await h.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.seq > since && c.args.channel === CHANNEL,
    );
    // Read again, the keys list shows the public key's end only.
    expect((await hosting(h, 'ssh keys')).text).toContain('“secret-laptop”');
  });

  it('shows a long generated key (RSA 4096) whole to the requester, and tells the channel only that it was made', async () => {
    const pem = RSA_PEM;
    // A provider that makes RSA keys: its answer, once.
    h.sim.control.addFault({
      method: 'POST',
      path: /\/ssh\/key$/,
      status: 200,
      rawBody: JSON.stringify({
        message: '公開鍵を登録しました。',
        key_id: '9001',
        public_key: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQ rsa',
        label: 'rsa-laptop',
        private_key: pem,
      }),
    });
    const since = h.slack.lastSeq;
    const r = await hosting(h, 'ssh key generate rsa-laptop');
    expect(r.call.args.response_type).toBe('ephemeral');
    const shown = (r.call.args.blocks as { text: { text: string } }[])
      .map((b) => /^```([\s\S]*)```$/.exec(b.text.text)?.[1])
      .filter((x): x is string => x !== undefined)
      .join('\n');
    expect(shown).toBe(pem.trim());
    const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
    expect(messageText(post)).toContain('generated an SSH key pair');
    const body = pem.split('\n').filter((l) => l !== '' && !l.startsWith('-----'));
    const elsewhere = JSON.stringify(h.slack.calls.filter((c) => c.responseId !== r.responseId));
    for (const line of body) {
      expect(elsewhere).not.toContain(line);
      expect(h.logs.text).not.toContain(line);
    }
  });

  it('finds no typed password in any Slack call, log line, audit row or database row', async () => {
    const slack = JSON.stringify(h.slack.calls);
    const logs = h.logs.text;
    const audit = JSON.stringify(await h.bot.store.audit.latest({ limit: 1000 }));
    const rows = everyDatabaseRow(h);
    // The scan reads what was really written: the requests and answers of those forms are in it.
    expect(logs).toContain('POST /v1/server/{servername}/wp');
    expect(logs).toContain('POST /v1/server/{servername}/db/user');
    expect(slack).toContain('views.update');
    expect(rows).toContain('hosting.wp_install');
    expect(rows).toContain('hosting.db_user_create');
    for (const secret of [
      WP_PASSWORD,
      WP_PASSWORD_LOST,
      WP_PASSWORD_REFUSED,
      WP_PASSWORD_BAD,
      DB_PASSWORD,
      DB_PASSWORD_TAKEN,
    ]) {
      for (const s of spellings(secret)) {
        expect(slack, `Slack calls carry ${secret}`).not.toContain(s);
        expect(logs, `logs carry ${secret}`).not.toContain(s);
        expect(audit, `audit carries ${secret}`).not.toContain(s);
        expect(rows, `database carries ${secret}`).not.toContain(s);
      }
    }
  });

  it('finds the generated private key only in the requester’s own answer', async () => {
    expect(privateKey).not.toBe('');
    // The key's body (base64, one line of the PEM) is what must not be anywhere else.
    const body = privateKey
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('-----'))
      .join('');
    expect(body.length).toBeGreaterThan(40);
    const carrying = h.slack.calls.filter((c) => JSON.stringify(c).includes(body));
    expect(carrying.map((c) => `${c.method}:${c.responseId ?? ''}`)).toEqual([
      `response_url:${keyResponseId}`,
    ]);
    expect(carrying[0]?.args.response_type).toBe('ephemeral');
    expect(h.logs.text).not.toContain(body);
    expect(JSON.stringify(await h.bot.store.audit.latest({ limit: 1000 }))).not.toContain(body);
    expect(everyDatabaseRow(h)).not.toContain(body);
    expect(everyDatabaseRow(h)).not.toContain('PRIVATE KEY');
  });
});
