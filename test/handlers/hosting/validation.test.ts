/**
 * Input is checked before anything is sent by the rules that are no guess:
 * every mistake is answered with the field it is about (a typed argument in
 * words, a form's field as an inline error on its block), an over-long value
 * included, never a crash and never a request. What only the provider can say
 * (a password too short for it) is sent, and its refusal is shown in its own
 * words on the form, with nothing made.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_CALLBACKS, hostingBlockId } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness } from '../../support/app-harness.ts';
import {
  answerOf,
  formOutcome,
  formsFilled,
  hosting,
  hostingRequests,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  submitForm,
  textValues,
} from '../../support/hosting.ts';
import { fill } from '../../support/words.ts';

const en = catalogs.en;
const invalid = (key: keyof typeof en, limit?: number) =>
  fill(en['error.invalid_field'], { reason: fill(en[key], limit === undefined ? {} : { limit }) });
const LONG_DOMAIN = `${'a'.repeat(2996)}.jp`;
/** The simulator's words for a password it does not take (src/simulator/README.md, Simulator assumptions). */
const PROVIDER_SAID_PASSWORD =
  '入力内容に誤りがあります。 / password: 半角英数字記号で入力してください（空白は使用できません）';

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

    it('ids a path cannot carry, and text over the bot’s bound', async () => {
      // The delete form opens at once (its trigger lives 3 s) and says the refusal in its place.
      const badId = await answerOf(h, 'wp delete 10/01');
      expect(badId).toMatchObject({ form: true });
      expect(badId.text).toContain(invalid('field.wp_id.charset'));
      expect((await answerOf(h, `wp delete ${'9'.repeat(3000)}`)).text).toContain(
        invalid('field.wp_id.charset'),
      );
      expect((await hosting(h, `ssh key delete ${'k'.repeat(3000)}`)).text).toContain(
        invalid('field.key_id.charset'),
      );
      expect((await hosting(h, 'db grant bad/user xs123456_wp1')).text).toContain(
        invalid('field.db_user.charset'),
      );
      expect((await hosting(h, `db grant xs123456_app ${'d'.repeat(3000)}`)).text).toContain(
        invalid('field.db_name.too_long', 2999),
      );
      expect((await hosting(h, `ssh key generate ${'l'.repeat(3000)}`)).text).toContain(
        invalid('field.label.too_long', 2999),
      );
      nothingSent();
      expect(formsFilled(h)).toEqual([]);
    });

    it('a name the bot once refused on a guess reaches the provider, and its answer is shown', async () => {
      // `-` in a user name: the provider's to judge (the bot refused it as not `[A-Za-z0-9_]` once).
      const grants = () => h.sim.control.requests({ method: 'POST', path: /\/grant$/ }).length;
      const sent = grants();
      const grant = await hosting(h, 'db grant xs123456_no-such xs123456_wp1');
      expect(grants()).toBe(sent + 1);
      expect(grant.text).toContain(
        fill(en['error.hosting_rejected'], {
          code: 'NOT_FOUND',
          message: '指定されたMySQLユーザーが見つかりません',
        }),
      );
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
        textValues({ public_key: `ssh-ed25519 ${'A'.repeat(3000)}`, label: 'l'.repeat(3000) }),
      );
      expect(errorsOf(long.text).errors).toEqual({
        [hostingBlockId('public_key')]: fill(en['field.public_key.too_long'], { limit: 2999 }),
        [hostingBlockId('label')]: fill(en['field.label.too_long'], { limit: 2999 }),
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
          title: 't'.repeat(3000),
          admin_username: 'ad\u0007min',
          admin_password: 'p'.repeat(3000),
          admin_email: 'not-an-address',
        }),
      );
      expect(errorsOf(r.text).errors).toEqual({
        [hostingBlockId('url')]: en['field.url.charset'],
        [hostingBlockId('title')]: fill(en['field.title.too_long'], { limit: 2999 }),
        [hostingBlockId('admin_username')]: en['field.control_character'],
        [hostingBlockId('admin_password')]: fill(en['field.admin_password.too_long'], { limit: 2999 }),
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
        textValues({ name_suffix: '', character_set: 'x'.repeat(3000) }),
      );
      expect(errorsOf(r.text).errors).toEqual({
        [hostingBlockId('name_suffix')]: en['field.name_suffix.required'],
        [hostingBlockId('character_set')]: fill(en['field.character_set.too_long'], { limit: 2999 }),
      });
      const user = await openedForm(h, 'db user create');
      const u = await submitForm(
        h,
        'db_user_create',
        user.privateMetadata,
        textValues({ name_suffix: 's'.repeat(3000), password: '   ' }),
      );
      expect(errorsOf(u.text).errors).toEqual({
        [hostingBlockId('name_suffix')]: fill(en['field.name_suffix.too_long'], { limit: 2999 }),
        [hostingBlockId('password')]: en['field.password.required'],
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

    it('a form whose inputs allow one character over the bot’s bound, so an over-long paste reaches it', () => {
      // The modal's max_length is the bound + 1: Slack's 3,000, for every field alike.
      return openedForm(h, 'ssh key add').then(({ view }) => {
        const inputs = (view.blocks as { element?: { action_id?: string; max_length?: number } }[])
          .map((b) => b.element)
          .filter((e): e is { action_id: string; max_length: number } => Boolean(e?.action_id));
        expect(Object.fromEntries(inputs.map((e) => [e.action_id, e.max_length]))).toEqual({
          public_key: 3000,
          label: 3000,
        });
      });
    });
  });

  describe('what only the provider can say: sent, and its refusal shown on the form in its words', () => {
    const sentence = (code: string, message: string) => fill(en['error.hosting_rejected'], { code, message });

    it('a database user’s password with a space: the reference gives only its length, so the bot sends it, the provider refuses, nothing is made', async () => {
      const users = h.sim.control.hostingServer(SERVER).dbUsers.length;
      const userPosts = () => h.sim.control.requests({ method: 'POST', path: /\/db\/user$/ }).length;
      const postsBefore = userPosts();
      const posts = h.slack.callsOf('chat.postMessage').length;
      const form = await openedForm(h, 'db user create');
      const sent = await submitForm(
        h,
        'db_user_create',
        form.privateMetadata,
        textValues({ name_suffix: 'shortpw', password: 'Sh0rt pw' }),
      );
      // Not refused on the bot's guess: the form goes on to the provider.
      expect(JSON.parse(sent.text)).toMatchObject({ response_action: 'update' });
      const notice = messageText(await formOutcome(h, sent.viewId));
      expect(notice).toContain(sentence('VALIDATION_ERROR', PROVIDER_SAID_PASSWORD));
      expect(notice).not.toContain('Sh0rt pw');
      expect(userPosts()).toBe(postsBefore + 1);
      expect(h.sim.control.hostingServer(SERVER).dbUsers).toHaveLength(users);
      expect(h.slack.callsOf('chat.postMessage')).toHaveLength(posts);
      const [row] = await h.bot.store.audit.latest({ target: SERVER, limit: 1 });
      expect(row).toMatchObject({
        action: 'hosting.db_user_create',
        outcome: 'failed',
        errorCode: 'VALIDATION_ERROR',
      });
    });

    it('a WordPress admin password in Japanese, and the provider’s words echoing it, masked', async () => {
      const form = await openedForm(h, 'wp install');
      const values = textValues({
        url: 'https://example-shop.com/jp/',
        title: 'ブログ',
        admin_username: '管理者',
        admin_password: 'ぱすわーどです',
        admin_email: 'web@example-shop.com',
      });
      const sent = await submitForm(h, 'wp_install', form.privateMetadata, values);
      const notice = messageText(await formOutcome(h, sent.viewId));
      expect(notice).toContain('VALIDATION_ERROR');
      expect(notice).toContain('admin_username: 半角英数字と _ . @ - で入力してください');
      expect(notice).toContain('admin_password: 半角英数字記号で入力してください（空白は使用できません）');
      expect(h.sim.control.hostingServer(SERVER).wordpress.some((w) => w.url.includes('/jp/'))).toBe(false);

      // A provider whose words repeat the password: the form shows them with the password masked
      // (the provider client scrubs a request's secrets from its answer).
      h.sim.control.addFault({
        method: 'POST',
        path: /\/wp$/,
        status: 422,
        rawBody: JSON.stringify({
          error: {
            code: 'VALIDATION_ERROR',
            message: '入力内容に誤りがあります。',
            errors: ['admin_password: 「ぱすわーどです」は使用できません。'],
          },
        }),
      });
      const again = await openedForm(h, 'wp install');
      const echoed = await submitForm(h, 'wp_install', again.privateMetadata, values);
      const masked = messageText(await formOutcome(h, echoed.viewId));
      expect(masked).toContain('admin_password: 「[redacted]」は使用できません');
      expect(JSON.stringify(h.slack.calls)).not.toContain('ぱすわーどです');
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
