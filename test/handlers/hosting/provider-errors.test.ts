/**
 * What the provider says no with, reaching the person as a sentence that
 * says what to do: every error status of the spec on hosting paths (faults
 * in the simulator), a write whose connection dropped after it reached the
 * provider ("may or may not have happened", never repeated), domain
 * ownership verification naming the TXT record, `failed_nameserver` naming
 * the name servers, and Japanese domains reaching the provider in Punycode.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import {
  announced,
  buttonValue,
  clickAndAnswer,
  hosting,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
} from '../../support/hosting.ts';
import { proveOwnership } from '../../support/ownership.ts';
import { fill } from '../../support/words.ts';

const en = catalogs.en;
const NOON = new Date('2026-11-21T03:00:00.000Z');

describe('/hosting: provider errors in words', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, manualClockAt: NOON });
    token = h.sim.control.hostingServer(SERVER).domainValidationToken;
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    h.sim.control.clearFaults();
  });

  /** How many times the simulator saw this method and path. */
  const seen = (method: string, path: RegExp | string) => h.sim.control.requests({ method, path }).length;

  describe('each status of the spec', () => {
    it('400 on a write shows the provider’s refusal in its words; on a read, what to do', async () => {
      h.sim.control.addFault({ method: 'POST', path: /\/subdomain$/, status: 400 });
      const w = await hosting(h, 'subdomain add x.example-shop.com');
      expect(w.text).toContain(
        fill(en['error.hosting_rejected'], { code: 'BAD_REQUEST', message: 'リクエストが不正です' }),
      );
      h.sim.control.addFault({ method: 'GET', path: /\/ssh$/, status: 400 });
      const r = await hosting(h, 'ssh', VIEWER);
      expect(r.text).toContain(
        fill(en['error.hosting_rejected'], { code: 'BAD_REQUEST', message: 'リクエストが不正です' }),
      );
    });

    it('401: the key was refused; renew it', async () => {
      h.sim.control.addFault({ method: 'GET', path: /\/domain$/, status: 401 });
      expect((await hosting(h, 'domains', VIEWER)).text).toContain(en['provider.UNAUTHORIZED']);
      h.sim.control.addFault({ method: 'PUT', path: /\/ssh$/, status: 401 });
      expect((await hosting(h, 'ssh on')).text).toContain(en['provider.UNAUTHORIZED']);
    });

    it('403: the key may not do this', async () => {
      h.sim.control.addFault({ method: 'GET', path: /\/server-info$/, status: 403 });
      expect((await hosting(h, 'info', VIEWER)).text).toContain(en['provider.FORBIDDEN']);
      h.sim.control.addFault({ method: 'POST', path: /\/db\/user\/[^/]+\/grant$/, status: 403 });
      expect((await hosting(h, 'db grant xs123456_app xs123456_wp2')).text).toContain(
        en['provider.FORBIDDEN'],
      );
    });

    it('404: what the provider did not find, in /hosting’s terms, never /vps’s', async () => {
      const r = await hosting(h, 'domain nosuch-domain.jp', VIEWER);
      expect(r.text).toContain(
        fill(en['error.hosting_rejected'], {
          code: 'NOT_FOUND',
          message: '指定されたドメインが見つかりません',
        }),
      );
      expect(r.text).not.toContain('/vps');
      const log = await hosting(h, 'errorlog nosuch-domain.jp');
      expect(log.text).toContain('NOT_FOUND');
      expect(log.text).not.toContain('/vps');
      const grant = await hosting(h, 'db grant xs123456_nobody xs123456_wp1');
      expect(grant.text).toContain('指定されたMySQLユーザーが見つかりません');
      expect(grant.text).not.toContain('/vps');
      const reset = await hosting(h, 'domain reset nosuch-domain.jp');
      expect(reset.text).toContain('NOT_FOUND');
      expect(reset.text).not.toContain('/vps');
    });

    it('409 on a write: the provider’s own reason', async () => {
      h.sim.control.addFault({ method: 'POST', path: /\/db$/, status: 409, code: 'OPERATION_ERROR' });
      const form = await openForm('db create');
      await submitDb(form, 'conflict');
      const notice = await formNotice(form.viewId);
      expect(notice).toContain(
        fill(en['error.hosting_rejected'], {
          code: 'OPERATION_ERROR',
          message: 'サーバーの状態により操作を完了できませんでした',
        }),
      );
    });

    it('422 on a write the provider checks further than we do: its field and reason', async () => {
      // A database that is already there: only the provider knows.
      const first = await openForm('db create');
      await submitDb(first, 'twice');
      await formNotice(first.viewId);
      const form = await openForm('db create');
      await submitDb(form, 'twice');
      const notice = await formNotice(form.viewId);
      expect(notice).toContain('VALIDATION_ERROR');
      expect(notice).toContain('name_suffix: 既に存在するデータベース名です.');
      // A read the provider refuses with 422: WordPress sites of a subdomain.
      const wp = await hosting(h, 'wp blog.example-shop.com', VIEWER);
      expect(wp.text).toContain('サブドメインは指定できません');
    });

    it('429: the rate limit, with when to try again; a write is not retried', async () => {
      h.sim.control.addFault({
        method: 'POST',
        path: /\/subdomain$/,
        status: 429,
        headers: { 'Retry-After': '30' },
      });
      const before = seen('POST', /\/subdomain$/);
      const w = await hosting(h, 'subdomain add y.example-shop.com');
      expect(w.text).toContain(fill(en['provider.RATE_LIMIT_EXCEEDED'], { seconds: 30 }));
      expect(seen('POST', /\/subdomain$/)).toBe(before + 1);
      // The client honours Retry-After for every request until then: nothing more is sent meanwhile.
      const n = h.sim.control.requests().length;
      expect((await hosting(h, 'subdomains', VIEWER)).text).toMatch(/The provider’s rate limit is reached/);
      expect(h.sim.control.requests().length).toBe(n);
      h.sim.control.clock.advance(31_000);
      h.sim.control.addFault({ method: 'GET', path: /\/subdomain$/, status: 429 });
      expect((await hosting(h, 'subdomains', VIEWER)).text).toMatch(/The provider’s rate limit is reached/);
      h.sim.control.clock.advance(31_000);
      expect((await hosting(h, 'subdomains', VIEWER)).text).toContain('1 subdomain on');
    });

    it('500 and 503: the provider’s trouble; a write is sent once', async () => {
      h.sim.control.addFault({ method: 'PUT', path: /\/ssh$/, status: 500 });
      const before = seen('PUT', /\/ssh$/);
      expect((await hosting(h, 'ssh on')).text).toContain(en['provider.INTERNAL_ERROR']);
      expect(seen('PUT', /\/ssh$/)).toBe(before + 1);
      h.sim.control.addFault({
        method: 'GET',
        path: /\/usage$/,
        status: 503,
        code: 'BACKEND_ERROR',
        times: 10,
      });
      expect((await hosting(h, 'usage', VIEWER)).text).toContain(en['provider.BACKEND_ERROR']);
    });
  });

  describe('a confirmed destructive operation the provider refuses', () => {
    it('says why in words on the confirmation it replaces (500, then 404)', async () => {
      const ask = await hosting(h, 'ssh off');
      h.sim.control.addFault({ method: 'PUT', path: /\/ssh$/, status: 500 });
      const before = seen('PUT', /\/ssh$/);
      const failed = await clickAndAnswer(
        h,
        HOSTING_IDS.confirm,
        buttonValue(ask.call, HOSTING_IDS.confirm),
        OPERATOR,
      );
      expect(failed.call.args.replace_original).toBe(true);
      expect(failed.text).toContain(fill(en['hosting.op.failed'], { reason: en['provider.INTERNAL_ERROR'] }));
      expect(seen('PUT', /\/ssh$/)).toBe(before + 1);

      // The key went between the confirmation and the click: the provider's 404, in its words.
      const key = await hosting(h, 'ssh key delete 2001');
      h.sim.control.addFault({ method: 'DELETE', path: /\/ssh\/key\/2001$/, status: 404, code: 'NOT_FOUND' });
      const gone = await clickAndAnswer(
        h,
        HOSTING_IDS.confirm,
        buttonValue(key.call, HOSTING_IDS.confirm),
        OPERATOR,
      );
      expect(gone.text).toContain(
        fill(en['hosting.op.failed'], {
          reason: fill(en['error.hosting_rejected'], {
            code: 'NOT_FOUND',
            message: '指定されたリソースが見つかりません',
          }),
        }),
      );
      const failedOps = await h.bot.store.operations.listByState(['failed']);
      expect(failedOps.map((o) => o.errorCode).sort()).toEqual(['INTERNAL_ERROR', 'hosting_rejected']);
    });
  });

  describe('a connection lost after the request reached the provider', () => {
    it('a write: may or may not have happened, check with the read that tells; sent exactly once', async () => {
      h.sim.control.addFault({ method: 'POST', path: /\/subdomain$/, drop: 'after' });
      const before = seen('POST', /\/subdomain$/);
      const r = await hosting(h, 'subdomain add maybe.example-shop.com');
      expect(r.text).toContain(
        fill(en['error.hosting_outcome_unknown'], { server: SERVER, check: `/hosting ${SERVER} subdomains` }),
      );
      expect(seen('POST', /\/subdomain$/)).toBe(before + 1);
      // It did happen (the provider did the work): the read it names shows so.
      expect((await hosting(h, 'subdomains', VIEWER)).text).toContain('maybe.example-shop.com');
      const [row] = await h.bot.store.audit.latest({ target: SERVER, limit: 1 });
      expect(row).toMatchObject({
        action: 'hosting.subdomain_add',
        outcome: 'failed',
        errorCode: 'OUTCOME_UNKNOWN',
      });
    });

    it('a confirmed destructive operation: the outcome is unknown, the read is named, nothing repeated', async () => {
      const ask = await hosting(h, 'ssh off');
      h.sim.control.addFault({ method: 'PUT', path: /\/ssh$/, drop: 'after' });
      const before = seen('PUT', /\/ssh$/);
      const done = await clickAndAnswer(
        h,
        HOSTING_IDS.confirm,
        buttonValue(ask.call, HOSTING_IDS.confirm),
        OPERATOR,
      );
      expect(done.text).toContain(fill(en['hosting.op.unknown'], { check: `/hosting ${SERVER} ssh` }));
      expect(seen('PUT', /\/ssh$/)).toBe(before + 1);
      const [op] = await h.bot.store.operations.listByState(['unknown']);
      expect(op?.kind).toBe('hosting.ssh_off');
    });

    it('a read whose connection drops: nothing changed, in /hosting’s words', async () => {
      // A read is tried again by itself; here every try fails.
      h.sim.control.addFault({
        method: 'GET',
        path: /\/domain$/,
        drop: 'before',
        times: Number.POSITIVE_INFINITY,
      });
      const r = await hosting(h, 'domains', VIEWER);
      expect(r.text).toContain(en['error.hosting_unreachable']);
      expect(r.text).not.toContain('/vps');
    });

    it('a form’s write: the form says so', async () => {
      h.sim.control.addFault({ method: 'POST', path: /\/db$/, drop: 'after' });
      const before = seen('POST', /\/db$/);
      const form = await openForm('db create');
      await submitDb(form, 'dropped');
      expect(await formNotice(form.viewId)).toContain(
        fill(en['error.hosting_outcome_unknown'], { server: SERVER, check: `/hosting ${SERVER} usage` }),
      );
      expect(seen('POST', /\/db$/)).toBe(before + 1);
    });
  });

  describe('domain ownership', () => {
    it('names the TXT record with the server’s token and the provider’s message, then adds once it is set', async () => {
      const n = seen('POST', `/v1/server/${SERVER}/domain`);
      const refused = await hosting(h, 'domain add verify-me.jp ssl');
      expect(refused.text).toContain('`_xserver-verify.verify-me.jp`');
      expect(refused.text).toContain(`\`xserver-verify=${token}\``);
      expect(refused.text).toContain('ドメインの所有権をTXTレコードで認証できませんでした。');
      expect(refused.text).toContain('_xserver-verify.verify-me.jp に xserver-verify=');
      expect(refused.text).toContain('wait for DNS to propagate');
      expect(seen('POST', `/v1/server/${SERVER}/domain`)).toBe(n + 1);

      // The record is set, but the provider does not see it until DNS has propagated, and a while after.
      h.sim.control.setTxtRecord('_xserver-verify.verify-me.jp', `xserver-verify=${token}`, {
        propagationMs: 10 * 60_000,
      });
      expect((await hosting(h, 'domain add verify-me.jp ssl')).text).toContain(
        '`_xserver-verify.verify-me.jp`',
      );
      h.sim.control.clock.advance(11 * 60_000);
      const post = await announced(h, 'domain add verify-me.jp ssl');
      expect(post.args.channel).toBe(CHANNEL);
      expect(messageText(post)).toContain(`<@${OPERATOR}> added the domain \`verify-me.jp\` to ${SERVER}.`);
    });

    it('failed_nameserver: adding with SSL says so and names the server’s name servers; so does the domain', async () => {
      proveOwnership(h.sim.control, SERVER, 'ext-shop.jp');
      h.sim.control.setExternalNameServers('ext-shop.jp', true);
      const post = await announced(h, 'domain add ext-shop.jp ssl');
      const names = h.sim.control.hostingServer(SERVER).nameServers;
      const advice = fill(en['hosting.domain.failed_nameserver'], {
        domain: 'ext-shop.jp',
        name_servers: names.map((n) => `\`${n}\``).join(', '),
      });
      expect(messageText(post)).toContain('added the domain `ext-shop.jp`');
      expect(messageText(post)).toContain(advice);
      // Its detail says only that no certificate is set (the reference gives `ssl_status` on creation alone).
      const d = await hosting(h, 'domain ext-shop.jp', VIEWER);
      expect(d.text).toContain('*SSL*\noff');
      // A subdomain with SSL under it fails the same way and says so, naming the domain to move.
      const sub = await announced(h, 'subdomain add www.ext-shop.jp ssl');
      expect(messageText(sub)).toContain('added the subdomain `www.ext-shop.jp`');
      expect(messageText(sub)).toContain(
        fill(en['hosting.domain.failed_nameserver'], {
          domain: 'ext-shop.jp',
          name_servers: names.map((n) => `\`${n}\``).join(', '),
        }),
      );
      // Back on the service's name servers, SSL is on and nothing is advised.
      h.sim.control.setExternalNameServers('ext-shop.jp', false);
      const fixed = await hosting(h, 'domain ext-shop.jp', VIEWER);
      expect(fixed.text).not.toContain('does not use this service’s name servers');
      expect(fixed.text).toContain('*SSL*\non');
    });
  });

  describe('Japanese domain names', () => {
    it('reach the provider in Punycode: in a path, a query and a body', async () => {
      const r = await hosting(h, 'domain れい.jp', VIEWER);
      expect(r.text).toContain('Domain xn--n8jyh.jp');
      expect(seen('GET', `/v1/server/${SERVER}/domain/xn--n8jyh.jp`)).toBe(1);

      await hosting(h, 'errorlog れい.jp');
      expect(h.sim.control.requests({ path: /\/error-log$/ }).at(-1)?.query).toMatchObject({
        domain: 'xn--n8jyh.jp',
      });
      await hosting(h, 'wp れい.jp', VIEWER);
      expect(h.sim.control.requests({ method: 'GET', path: /\/wp$/ }).at(-1)?.query).toEqual({
        domain: 'xn--n8jyh.jp',
      });

      // Ownership of テスト.jp: the record to set is named in Punycode, as DNS holds it.
      const refused = await hosting(h, 'domain add テスト.jp');
      expect(refused.text).toContain('`_xserver-verify.xn--zckzah.jp`');
      proveOwnership(h.sim.control, SERVER, 'テスト.jp');
      const post = await announced(h, 'domain add テスト.jp');
      expect(messageText(post)).toContain('added the domain `テスト.jp`');
      const sent = h.sim.control.requests({ method: 'POST', path: `/v1/server/${SERVER}/domain` }).at(-1);
      expect(sent?.body).toEqual({ domain: 'xn--zckzah.jp', ssl: false, redirect_https: false });
      expect(h.sim.control.hostingServer(SERVER).domains.some((d) => d.domain === 'xn--zckzah.jp')).toBe(
        true,
      );

      // A destructive operation's path too.
      const ask = await hosting(h, 'domain reset テスト.jp');
      await clickAndAnswer(h, HOSTING_IDS.confirm, buttonValue(ask.call, HOSTING_IDS.confirm), OPERATOR);
      expect(seen('POST', `/v1/server/${SERVER}/domain/xn--zckzah.jp/reset`)).toBe(1);
    });
  });

  // ------------------------------------------------------------ form helpers

  async function openForm(text: string): Promise<{ privateMetadata: string; viewId: string }> {
    const { privateMetadata } = await openedForm(h, text);
    return {
      privateMetadata,
      viewId: `V${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    };
  }

  async function submitDb(form: { privateMetadata: string; viewId: string }, suffix: string): Promise<void> {
    const d = await h.submit({
      callbackId: 'hosting_db_create_modal',
      privateMetadata: form.privateMetadata,
      viewId: form.viewId,
      userId: OPERATOR,
      values: {
        hosting_name_suffix: { name_suffix: { type: 'plain_text_input', value: suffix } },
        hosting_character_set: { character_set: { type: 'plain_text_input', value: null } },
      },
    });
    expect(d.status).toBe(200);
  }

  async function formNotice(viewId: string): Promise<string> {
    const c = await h.slack.waitFor(
      (x) =>
        x.method === 'views.update' &&
        x.args.view_id === viewId &&
        !messageText(x).includes('Sending to the provider'),
    );
    return messageText(c);
  }
});
