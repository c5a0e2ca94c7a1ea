/**
 * Domains, subdomains, WordPress sites and MySQL databases beyond adding
 * them, through the real app (signed requests, the simulator over HTTP
 * behind): the databases, users and grants to the person alone, in English
 * and Japanese; the reference's read fields; memos changed from forms that
 * start from the memo as it is (WordPress's always sent, so never emptied by
 * omission); each delete and a grant's revoke confirmed before any request,
 * the confirmation showing what goes (a domain's document root when its files
 * go, the database's name); a second person where the policy asks; the
 * provider's refusals in sentences; and a database user's password, typed or
 * generated, found in no log line, Slack call, audit row or database row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS, HOSTING_SITE_CALLBACKS, hostingBlockId } from '../../../src/slack/ids.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import {
  approvalPost,
  buttonValue,
  clickAndAnswer,
  everyDatabaseRow,
  formOutcome,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  openedView,
  SERVER,
  spellings,
  textValues,
} from '../../support/hosting.ts';
import { fill } from '../../support/words.ts';

const en = catalogs.en;
const ja = catalogs.ja;
const JA_OPERATOR = 'U0JAOPER3';
const APPROVER = 'U0APPROVE3';
const SHOP = 'example-shop.com';
const BLOG = 'example-blog.net';
const APP_DB = 'xs123456_app';
const TYPED = 'Db-Typed-Secret-7f3a';

const sim = (h: Harness) => h.sim.control.hostingServer(SERVER);
const lastRequest = (h: Harness, method: string, path: RegExp) =>
  h.sim.control.requests({ method, path }).at(-1);

function submitSiteForm(
  h: Harness,
  form: keyof typeof HOSTING_SITE_CALLBACKS,
  privateMetadata: string,
  values: Record<string, unknown>,
) {
  const viewId = `V${randomUUID().slice(0, 8).toUpperCase()}`;
  return h
    .submit({
      callbackId: HOSTING_SITE_CALLBACKS[form],
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

describe('/hosting db, and the reference’s read fields', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the databases with size, users and memo, the users, and a user’s grants, to a viewer alone', async () => {
    const dbs = await hosting(h, 'db', VIEWER);
    expect(dbs.call.args.response_type).toBe('ephemeral');
    expect(dbs.text).toContain(`MySQL databases on ${SERVER}`);
    expect(dbs.text).toMatch(/`xs123456_app` {2}420\.5 MB, [^;]+; users: `xs123456_app` — 在庫管理アプリ/);
    const users = await hosting(h, 'db users', VIEWER);
    expect(users.text).toContain(`MySQL users on ${SERVER}`);
    expect(users.text).toContain('`xs123456_wp1`');
    const grants = await hosting(h, 'db grants xs123456_wp2', VIEWER);
    expect(grants.text).toContain(`Databases xs123456_wp2 reaches on ${SERVER}`);
    expect(grants.text).toContain('• `xs123456_wp2`');
    const jdbs = await hosting(h, 'db', JA_OPERATOR);
    expect(jdbs.text).toContain(`${SERVER} のMySQLデータベース`);
    expect(jdbs.text).toContain('ユーザー: `xs123456_app`');
    const jgrants = await hosting(h, 'db grants nobody_here', JA_OPERATOR);
    expect(jgrants.text).toContain('このサーバーにデータベースユーザー `nobody_here` はありません。');
  });

  it('shows the server’s OS, Apache and Perl, the disk and what the counts leave out, a domain’s memo and PHP', async () => {
    const info = await hosting(h, 'info', VIEWER);
    expect(info.text).toContain(`*${en['hosting.info.os']}*`);
    expect(info.text).toContain(`*${en['hosting.info.apache']}*`);
    const usage = await hosting(h, 'usage', VIEWER);
    expect(usage.text).toMatch(/Disk: 12\.48 GB of [\d,.]+ GB used \([\d.]+%\)\./);
    expect(usage.text).toContain(en['hosting.usage.counts_note']);
    const domain = await hosting(h, `domain ${SHOP}`, VIEWER);
    expect(domain.text).toContain(`*${en['hosting.sites.detail.memo']}*\n本番ショップ`);
    expect(domain.text).toMatch(/\*PHP version\*\n\d+\.\d+/);
    expect((await hosting(h, 'domains', VIEWER)).text).toContain(`\`${SHOP}\` — SSL: on — 本番ショップ`);
    const wp = await hosting(h, 'wp', VIEWER);
    expect(wp.text).toContain(
      '`1001` https://example-shop.com/ — Example Shop · WordPress 6.7.1 · database `xs123456_wp1`',
    );
    const jinfo = await hosting(h, 'usage', JA_OPERATOR);
    expect(jinfo.text).toContain(ja['hosting.usage.counts_note']);
  });

  it('answers a mistyped line with its usage, and a name that breaks the rules on its field, sending nothing', async () => {
    const n = hostingWrites(h);
    expect((await hosting(h, 'db delete')).text).toContain(en['usage.hosting.db_delete']);
    expect((await hosting(h, 'db revoke only_one')).text).toContain(en['usage.hosting.db_revoke']);
    expect((await hosting(h, `domain delete ${SHOP} everything`)).text).toContain(
      en['usage.hosting.domain_delete'],
    );
    expect((await hosting(h, `domain reset ${SHOP} nothing`)).text).toContain(
      en['usage.hosting.domain_reset'],
    );
    expect((await hosting(h, 'domain delete bad_domain.')).text).toContain(
      fill(en['error.invalid_field'], { reason: en['field.domain.charset'] }),
    );
    expect((await hosting(h, 'db delete a/b')).text).toContain(en['error.invalid_field'].slice(0, 20));
    expect((await hosting(h, 'db user delete', JA_OPERATOR)).text).toContain(
      ja['usage.hosting.db_user_delete'],
    );
    expect(hostingWrites(h)).toBe(n);
  });

  it('help lists the new commands to an operator', async () => {
    const help = await hosting(h, 'help');
    for (const k of ['hosting.help.cmd.hosting.db_delete', 'hosting.help.cmd.hosting.domain_delete'] as const)
      expect(help.text).toContain(en[k]);
  });
});

describe('memos changed from a form', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('changes a domain’s memo from a form that starts from the memo as it is, and announces it', async () => {
    const form = await openedForm(h, `domain change ${SHOP}`);
    expect(JSON.stringify(form.view.blocks)).toContain('"initial_value":"本番ショップ"');
    const sent = await submitSiteForm(
      h,
      'domain_change',
      form.privateMetadata,
      textValues({ memo: 'Main shop' }),
    );
    const outcome = await formOutcome(h, sent.viewId);
    expect(messageText(outcome)).toContain(`changed the memo of the domain \`${SHOP}\` on ${SERVER}`);
    expect(lastRequest(h, 'PUT', /\/domain\/example-shop\.com$/)?.body).toEqual({ memo: 'Main shop' });
    expect(sim(h).domains.find((d) => d.domain === SHOP)?.memo).toBe('Main shop');
  });

  it('always sends the WordPress memo (the one PUT that empties it when left out); over 500 is refused on its field', async () => {
    const form = await openedForm(h, 'wp change 1002');
    const long = await submitSiteForm(
      h,
      'wp_change',
      form.privateMetadata,
      textValues({ memo: 'x'.repeat(501) }),
    );
    expect((JSON.parse(long.text) as { errors: Record<string, string> }).errors[hostingBlockId('memo')]).toBe(
      'Use at most 500 characters.',
    );
    const n = hostingWrites(h);
    const sent = await submitSiteForm(
      h,
      'wp_change',
      form.privateMetadata,
      textValues({ memo: 'Blog of the shop' }),
    );
    await formOutcome(h, sent.viewId);
    expect(lastRequest(h, 'PUT', /\/wp\/1002$/)?.body).toEqual({ memo: 'Blog of the shop' });
    const emptied = await submitSiteForm(h, 'wp_change', form.privateMetadata, textValues({ memo: '' }));
    await formOutcome(h, emptied.viewId);
    expect(lastRequest(h, 'PUT', /\/wp\/1002$/)?.body).toEqual({ memo: '' });
    expect(hostingWrites(h)).toBe(n + 2);
  });

  it('changes a subdomain’s and a database’s memo', async () => {
    const sub = await openedForm(h, `subdomain change blog.${SHOP}`);
    expect(JSON.stringify(sub.view.blocks)).toContain('ショップのブログ');
    await formOutcome(
      h,
      (await submitSiteForm(h, 'subdomain_change', sub.privateMetadata, textValues({ memo: 'Blog' }))).viewId,
    );
    expect(sim(h).subdomains.find((s) => s.subdomain === `blog.${SHOP}`)?.memo).toBe('Blog');
    const db = await openedForm(h, `db change ${APP_DB}`);
    await formOutcome(
      h,
      (await submitSiteForm(h, 'db_change', db.privateMetadata, textValues({ memo: 'Stock' }))).viewId,
    );
    expect(sim(h).databases.find((d) => d.name === APP_DB)?.memo).toBe('Stock');
  });

  it('refuses to open a form for a thing that is not there, and says the provider’s refusal in a sentence', async () => {
    const gone = await openedView(h, 'db change xs123456_nothing');
    expect(JSON.stringify(gone.view.blocks)).toContain(
      'There is no database `xs123456_nothing` on this server.',
    );
    h.sim.control.addFault({
      method: 'PUT',
      path: /\/domain\/example-shop\.com$/,
      status: 409,
      code: 'OPERATION_ERROR',
    });
    const form = await openedForm(h, `domain change ${SHOP}`);
    const sent = await submitSiteForm(
      h,
      'domain_change',
      form.privateMetadata,
      textValues({ memo: 'again' }),
    );
    const outcome = await formOutcome(h, sent.viewId);
    expect(messageText(outcome)).toContain('The provider could not make this change now (OPERATION_ERROR)');
  });
});

describe('deletes, confirmed before any request', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const confirm = (h: Harness, call: Parameters<typeof buttonValue>[0], user = OPERATOR) =>
    clickAndAnswer(h, HOSTING_IDS.confirm, buttonValue(call, HOSTING_IDS.confirm), user);

  it('deletes a domain with its files only once confirmed, the confirmation naming its document root', async () => {
    const root = sim(h).domains.find((d) => d.domain === BLOG)?.documentRoot;
    expect(root).toBeTruthy();
    const n = hostingWrites(h);
    const kept = await hosting(h, `domain delete ${BLOG}`);
    expect(kept.text).toContain(`Delete domain ${BLOG}?`);
    expect(kept.text).toContain(en['hosting.sites.loss.files_kept']);
    const ask = await hosting(h, `domain delete ${BLOG} delete-files`);
    expect(ask.text).toContain(`Its folder \`${root}\` is deleted too, with every file in it.`);
    expect(ask.text).toContain('Nothing has been sent yet.');
    expect(hostingWrites(h)).toBe(n);
    const done = await confirm(h, ask.call);
    expect(done.text).toContain(`deleted the domain \`${BLOG}\` from ${SERVER}.`);
    expect(lastRequest(h, 'DELETE', /\/domain\/example-blog\.net$/)?.body).toEqual({ delete_files: true });
    expect(sim(h).domains.some((d) => d.domain === BLOG)).toBe(false);
    expect(hostingWrites(h)).toBe(n + 1);
    expect((await hosting(h, 'domain delete nosuch-domain.jp')).text).toContain(
      'There is no domain `nosuch-domain.jp` on this server.',
    );
  });

  it('resets only the web area when asked, and says so before', async () => {
    const ask = await hosting(h, `domain reset ${SHOP} web`);
    expect(ask.text).toContain(en['hosting.sites.reset.web']);
    await confirm(h, ask.call);
    expect(lastRequest(h, 'POST', /\/domain\/[^/]+\/reset$/)?.body).toEqual({ type: 'web' });
    const all = await hosting(h, `domain reset ${SHOP}`, JA_OPERATOR);
    expect(all.text).toContain(ja['hosting.sites.reset.all']);
  });

  it('deletes a subdomain (its files kept unless asked), a database, a database user and a grant', async () => {
    const sub = await hosting(h, `subdomain delete blog.${SHOP}`);
    expect(sub.text).toContain(`Delete subdomain blog.${SHOP}?`);
    expect(sub.text).toContain('(ショップのブログ)');
    await confirm(h, sub.call);
    expect(lastRequest(h, 'DELETE', /\/subdomain\//)?.body).toEqual({ delete_files: false });
    expect(sim(h).subdomains).toHaveLength(0);

    const db = await hosting(h, `db delete ${APP_DB}`);
    expect(db.text).toContain(`Delete database ${APP_DB}?`);
    expect(db.text).toContain(
      `Deleting the database \`${APP_DB}\` (在庫管理アプリ) on ${SERVER}, with the 420.5 MB of data in it. Users who reach it now: \`${APP_DB}\`.`,
    );
    const jdb = await hosting(h, `db delete ${APP_DB}`, JA_OPERATOR);
    expect(jdb.text).toContain(`データベース ${APP_DB} を削除しますか？`);
    await confirm(h, db.call);
    expect(sim(h).databases.some((d) => d.name === APP_DB)).toBe(false);

    const user = await hosting(h, 'db user delete xs123456_wp3');
    expect(user.text).toContain('Databases it reaches now: `xs123456_wp3`.');
    await confirm(h, user.call);
    expect(sim(h).dbUsers).not.toContain('xs123456_wp3');

    const n = hostingWrites(h);
    expect((await hosting(h, 'db revoke xs123456_wp1 xs123456_wp2')).text).toContain(
      'There is no grant `xs123456_wp1 → xs123456_wp2` on this server.',
    );
    const revoke = await hosting(h, 'db revoke xs123456_wp2 xs123456_wp2');
    expect(revoke.text).toContain('Take xs123456_wp2 away from xs123456_wp2?');
    expect(hostingWrites(h)).toBe(n);
    await confirm(h, revoke.call);
    expect(lastRequest(h, 'DELETE', /\/grant$/)?.body).toEqual({ db_name: 'xs123456_wp2' });
    expect(sim(h).databases.find((d) => d.name === 'xs123456_wp2')?.grants).toEqual([]);
    // The audit trail names what each one was about.
    const audit = await hosting(h, 'audit');
    expect(audit.text).toMatch(/`db revoke` `xs123456_wp2`/);
    expect(audit.text).toMatch(/`db delete` `xs123456_app`/);
    expect(audit.text).toMatch(/`subdomain delete` `blog\.example-shop\.com`/);
  });

  it('says the provider’s refusal of a confirmed delete in the database’s words, and in Japanese', async () => {
    h.sim.control.addFault({
      method: 'DELETE',
      path: /\/db\/xs123456_wp1$/,
      status: 409,
      code: 'OPERATION_ERROR',
      times: 2,
    });
    const ask = await hosting(h, 'db delete xs123456_wp1');
    const failed = await confirm(h, ask.call);
    expect(failed.text).toContain('The provider could not make this database change now (OPERATION_ERROR)');
    const jask = await hosting(h, 'db delete xs123456_wp1', JA_OPERATOR);
    const jfailed = await confirm(h, jask.call, JA_OPERATOR);
    expect(jfailed.text).toContain(
      'プロバイダーがいまこのデータベースの変更を行えませんでした（OPERATION_ERROR）',
    );
    expect(sim(h).databases.some((d) => d.name === 'xs123456_wp1')).toBe(true);
  });

  it('a viewer may not ask for a delete: refused, nothing read or sent', async () => {
    const n = hostingWrites(h);
    expect((await hosting(h, 'db delete xs123456_wp1', VIEWER)).text).toContain(en['role.operator']);
    expect(hostingWrites(h)).toBe(n);
  });
});

describe('a second person for a database delete, as the policy asks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      approvers: [APPROVER],
      policy: ['approvals:', '  second_person: [hosting.db_delete, hosting.domain_delete]'].join('\n'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('posts the request in the channel, naming the database, and runs it on an approver’s click', async () => {
    const since = h.slack.lastSeq;
    const n = hostingWrites(h);
    await hosting(h, 'db delete xs123456_wp3');
    const post = await approvalPost(h, since);
    expect(messageText(post)).toContain('Deleting the database `xs123456_wp3`');
    expect(hostingWrites(h)).toBe(n);
    const clicked = h.slack.lastSeq;
    await h.click(HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), { user: APPROVER });
    // The outcome replaces the request in the channel.
    const outcome = await h.slack.waitFor((c) => c.seq > clicked && c.method === 'chat.update');
    expect(messageText(outcome)).toContain('deleted the database `xs123456_wp3`');
    expect(sim(h).databases.some((d) => d.name === 'xs123456_wp3')).toBe(false);
    expect(hostingWrites(h)).toBe(n + 1);
  });
});

describe('a database user’s password', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is changed from the form with the memo, announced without the password', async () => {
    const form = await openedForm(h, 'db user change xs123456_wp1');
    const sent = await submitSiteForm(
      h,
      'db_user_change',
      form.privateMetadata,
      textValues({ password: TYPED, memo: 'shop site' }),
    );
    const outcome = await formOutcome(h, sent.viewId);
    expect(messageText(outcome)).toContain(`changed the database user \`xs123456_wp1\` on ${SERVER}`);
    const put = lastRequest(h, 'PUT', /\/db\/user\/xs123456_wp1$/);
    expect(put?.status).toBe(200);
    expect(put?.body).toEqual({ password: '********', memo: 'shop site' });
  });

  it('keeps the password when left empty; typed and ticked both is refused on its field', async () => {
    const form = await openedForm(h, 'db user change xs123456_wp2');
    const both = await submitSiteForm(h, 'db_user_change', form.privateMetadata, {
      ...textValues({ password: 'Both-Typed-1' }),
      ...generate,
    });
    expect(
      (JSON.parse(both.text) as { errors: Record<string, string> }).errors[hostingBlockId('password')],
    ).toBe(en['hosting.sites.problem.both']);
    const sent = await submitSiteForm(
      h,
      'db_user_change',
      form.privateMetadata,
      textValues({ memo: 'blog' }),
    );
    await formOutcome(h, sent.viewId);
    expect(lastRequest(h, 'PUT', /\/db\/user\/xs123456_wp2$/)?.body).toEqual({ memo: 'blog' });
  });

  it('is made when asked and shown in the requester’s own form only, once', async () => {
    const form = await openedForm(h, 'db user change xs123456_wp3');
    const sent = await submitSiteForm(h, 'db_user_change', form.privateMetadata, generate);
    const text = messageText(await formOutcome(h, sent.viewId));
    expect(text).toContain(`The MySQL user *xs123456_wp3* on ${SERVER} has a new password`);
    const password = /`([A-Za-z0-9]{20})`/.exec(text)?.[1];
    expect(password).toBeDefined();
    const carrying = h.slack.calls.filter((c) => JSON.stringify(c).includes(password!));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]!.method).toBe('views.update');
    expect(h.logs.text).not.toContain(password!);
    expect(everyDatabaseRow(h)).not.toContain(password!);
    expect(JSON.stringify(await h.bot.store.audit.latest({ limit: 1000 }))).not.toContain(password!);
  });

  it('is found in no Slack call, log line, audit row or database row', async () => {
    const slack = JSON.stringify(h.slack.calls);
    const logs = h.logs.text;
    const audit = JSON.stringify(await h.bot.store.audit.latest({ limit: 1000 }));
    const rows = everyDatabaseRow(h);
    // The scan reads what was really written: the change and its audit are in it.
    expect(logs).toContain('PUT /v1/server/{servername}/db/user/{db_user}');
    expect(audit).toContain('hosting.db_user_change');
    expect(audit).toContain('"new_login":true');
    expect(rows).toContain('hosting.db_user_change');
    for (const s of spellings(TYPED)) {
      expect(slack, 'Slack calls').not.toContain(s);
      expect(logs, 'logs').not.toContain(s);
      expect(audit, 'audit').not.toContain(s);
      expect(rows, 'database').not.toContain(s);
    }
  });
});
