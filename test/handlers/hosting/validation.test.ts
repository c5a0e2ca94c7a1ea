/**
 * Input is checked before anything is sent: every mistake is answered with
 * the field it is about (a typed argument in words, a form's field as an
 * inline error on its block), an over-long value included, never a crash and
 * never a request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_CALLBACKS, hostingBlockId } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../../support/app-harness.ts';
import {
  hosting,
  hostingRequests,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  submitForm,
  textValues,
} from '../../support/hosting.ts';

const en = catalogs.en;
const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(p[k] ?? `{${k}}`));
const invalid = (key: keyof typeof en, limit?: number) =>
  fill(en['error.invalid_field'], { reason: fill(en[key], limit === undefined ? {} : { limit }) });
const LONG_DOMAIN = `${'a'.repeat(2996)}.jp`;

describe('/hosting validation before sending', () => {
  let h: Harness;
  let before = 0;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    before = hostingRequests(h);
  });
  const nothingSent = () => expect(hostingRequests(h)).toBe(before);

  describe('typed arguments', () => {
    it('a 3,000-character domain, in every command that takes one', async () => {
      expect(LONG_DOMAIN).toHaveLength(2999);
      const tooLong = invalid('field.domain.too_long', 253);
      for (const text of [
        `domain ${LONG_DOMAIN}`,
        `domain add ${LONG_DOMAIN}`,
        `domain reset ${LONG_DOMAIN}`,
        `wp ${LONG_DOMAIN}`,
        `errorlog ${LONG_DOMAIN}`,
      ]) {
        const r = await hosting(h, text);
        expect(r.text, text.slice(0, 20)).toContain(tooLong);
      }
      const sub = await hosting(h, `subdomain add ${LONG_DOMAIN}`);
      expect(sub.text).toContain(invalid('field.subdomain.too_long', 253));
      nothingSent();
    });

    it('a domain that is not one', async () => {
      expect((await hosting(h, 'domain add not_a-domain')).text).toContain(invalid('field.domain.charset'));
      expect((await hosting(h, 'domain add -bad.example.jp')).text).toContain(
        invalid('field.domain.charset'),
      );
      expect((await hosting(h, 'subdomain add nodot')).text).toContain(invalid('field.subdomain.charset'));
      nothingSent();
    });

    it('lines: 0, abc, negative, too many, and as lines=', async () => {
      const range = invalid('field.lines.range', 1000);
      for (const lines of ['0', 'lines=abc', '-5', '1001', '99999999999', '2.5', 'lines=0']) {
        const r = await hosting(h, `errorlog example-shop.com ${lines}`);
        expect(r.text, lines).toContain(range);
      }
      nothingSent();
      const ok = await hosting(h, 'errorlog example-shop.com lines=2');
      expect(ok.text).toContain('Lines 1–2 of 2');
    });

    it('keyword: empty or longer than 200 characters, on its field', async () => {
      expect((await hosting(h, 'errorlog example-shop.com keyword=')).text).toContain(
        invalid('field.keyword.required'),
      );
      expect((await hosting(h, 'errorlog example-shop.com "   "')).text).toContain(
        invalid('field.keyword.required'),
      );
      expect((await hosting(h, `errorlog example-shop.com 10 ${'k'.repeat(201)}`)).text).toContain(
        invalid('field.keyword.too_long', 200),
      );
      nothingSent();
      const ok = await hosting(h, `errorlog example-shop.com ${'k'.repeat(200)}`);
      expect(ok.text).toContain('No line of the error log of example-shop.com contains');
    });

    it('ids and names that cannot be the provider’s', async () => {
      expect((await hosting(h, 'wp delete 12;drop')).text).toContain(invalid('field.wp_id.charset'));
      expect((await hosting(h, `wp delete ${'9'.repeat(3000)}`)).text).toContain(
        invalid('field.wp_id.too_long'),
      );
      expect((await hosting(h, `ssh key delete ${'k'.repeat(3000)}`)).text).toContain(
        invalid('field.key_id.too_long'),
      );
      expect((await hosting(h, 'db grant bad-user xs123456_wp1')).text).toContain(
        invalid('field.db_user.charset'),
      );
      expect((await hosting(h, `db grant xs123456_app ${'d'.repeat(3000)}`)).text).toContain(
        invalid('field.db_name.too_long', 64),
      );
      expect((await hosting(h, `ssh key generate ${'l'.repeat(3000)}`)).text).toContain(
        invalid('field.label.too_long', 50),
      );
      nothingSent();
      expect(h.slack.callsOf('views.open')).toEqual([]);
    });

    it('a 3,000-character server name', async () => {
      const name = `${'x'.repeat(2990)}.xsrv.jp`;
      const r = await hosting(h, `${name} info`);
      expect(r.text).toContain(invalid('field.server.too_long', 253));
      nothingSent();
    });

    it('a flag it does not know', async () => {
      expect((await hosting(h, 'domain add shop.example.jp https')).text).toContain(
        en['usage.hosting.domain_add'],
      );
      expect((await hosting(h, 'subdomain add a.example-shop.com redirect-https')).text).toContain(
        en['usage.hosting.subdomain_add'],
      );
      nothingSent();
    });
  });

  describe('forms: the error on its field’s block, nothing sent, the form kept open', () => {
    const errorsOf = (text: string) =>
      JSON.parse(text) as { response_action: string; errors: Record<string, string> };

    it('a public key that is not an OpenSSH one, and one too long', async () => {
      const form = await openedForm(h, 'ssh key add');
      const bad = await submitForm(
        h,
        'ssh_key_add',
        form.privateMetadata,
        textValues({ public_key: 'ssh-rsa not-base64!!', label: 'x' }),
      );
      expect(bad.status).toBe(200);
      expect(errorsOf(bad.text)).toEqual({
        response_action: 'errors',
        errors: { [hostingBlockId('public_key')]: en['field.public_key.charset'] },
      });
      const long = await submitForm(
        h,
        'ssh_key_add',
        form.privateMetadata,
        textValues({ public_key: `ssh-ed25519 ${'A'.repeat(3000)}`, label: 'l'.repeat(101) }),
      );
      expect(errorsOf(long.text).errors).toEqual({
        [hostingBlockId('public_key')]: fill(en['field.public_key.too_long'], { limit: 2999 }),
        [hostingBlockId('label')]: fill(en['field.label.too_long'], { limit: 50 }),
      });
      nothingSent();
    });

    it('WordPress: every field named at once', async () => {
      const form = await openedForm(h, 'wp install');
      const r = await submitForm(
        h,
        'wp_install',
        form.privateMetadata,
        textValues({
          url: 'ftp://example-shop.com/',
          title: 't'.repeat(201),
          admin_username: 'has space',
          admin_password: 'short',
          admin_email: 'not-an-address',
        }),
      );
      expect(errorsOf(r.text).errors).toEqual({
        [hostingBlockId('url')]: en['field.url.charset'],
        [hostingBlockId('title')]: fill(en['field.title.too_long'], { limit: 100 }),
        [hostingBlockId('admin_username')]: en['field.admin_username.charset'],
        [hostingBlockId('admin_password')]: fill(en['field.admin_password.too_short'], { limit: 8 }),
        [hostingBlockId('admin_email')]: en['field.admin_email.charset'],
      });
      const empty = await submitForm(
        h,
        'wp_install',
        form.privateMetadata,
        textValues({ url: '', title: '', admin_username: '', admin_password: '', admin_email: '' }),
      );
      expect(Object.keys(errorsOf(empty.text).errors)).toHaveLength(5);
      expect(errorsOf(empty.text).errors[hostingBlockId('admin_password')]).toBe(
        en['field.admin_password.required'],
      );
      nothingSent();
    });

    it('database and database user', async () => {
      const db = await openedForm(h, 'db create');
      const r = await submitForm(
        h,
        'db_create',
        db.privateMetadata,
        textValues({ name_suffix: 'bad-suffix', character_set: 'x'.repeat(3000) }),
      );
      expect(errorsOf(r.text).errors).toEqual({
        [hostingBlockId('name_suffix')]: en['field.name_suffix.charset'],
        [hostingBlockId('character_set')]: fill(en['field.character_set.too_long'], { limit: 32 }),
      });
      const user = await openedForm(h, 'db user create');
      const u = await submitForm(
        h,
        'db_user_create',
        user.privateMetadata,
        textValues({ name_suffix: 's'.repeat(3000), password: 'pass word' }),
      );
      expect(errorsOf(u.text).errors).toEqual({
        [hostingBlockId('name_suffix')]: fill(en['field.name_suffix.too_long'], { limit: 16 }),
        [hostingBlockId('password')]: en['field.password.charset'],
      });
      nothingSent();
    });

    it('a form with unreadable metadata is answered, not crashed on', async () => {
      const r = await h.submit({
        callbackId: HOSTING_CALLBACKS.db_create,
        privateMetadata: '{not json',
        values: textValues({ name_suffix: 'ok', character_set: '' }),
        userId: OPERATOR,
        viewId: 'VBADMETA1',
      });
      expect(r.status).toBe(200);
      const body = JSON.parse(r.text) as { response_action: string; view: unknown };
      expect(body.response_action).toBe('update');
      expect(JSON.stringify(body.view)).toContain(en['error.internal'].slice(0, 30));
      nothingSent();
    });

    it('a form whose inputs allow one character over the rule, so an over-long paste reaches it', () => {
      // The modal's max_length is the rule's limit + 1 (within Slack's 3,000).
      return openedForm(h, 'ssh key add').then(({ view }) => {
        const inputs = (view.blocks as { element?: { action_id?: string; max_length?: number } }[])
          .map((b) => b.element)
          .filter((e): e is { action_id: string; max_length: number } => Boolean(e?.action_id));
        expect(Object.fromEntries(inputs.map((e) => [e.action_id, e.max_length]))).toEqual({
          public_key: 3000,
          label: 51,
        });
      });
    });
  });

  it('answered every one of them in the person’s reply, ephemeral', () => {
    const replies = h.slack.callsOf('response_url');
    expect(replies.length).toBeGreaterThan(20);
    for (const r of replies) expect(r.args.response_type).toBe('ephemeral');
    expect(replies.map(messageText).join('\n')).not.toContain(en['error.internal']);
    expect(SERVER).toBe('xs123456.xsrv.jp');
  });
});
