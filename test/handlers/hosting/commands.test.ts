/**
 * Every word of the /hosting grammar through the real app (signed requests,
 * the simulator behind, a key with one server so it may be left out): reads
 * answer the person alone through the response_url, changes are announced in
 * the channel, forms open a modal and run on submission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  buttonsOf,
  buttonValue,
  deleteOptions,
  formOutcome,
  hosting,
  hostingRequests,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  submitForm,
  textValues,
} from '../../support/hosting.ts';
import { proveOwnership } from '../../support/ownership.ts';

const en = catalogs.en;
/** An operator who reads Japanese. */
const JA_OPERATOR = 'U0JAOPER1';
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@laptop';

describe('/hosting: every command, one server by default', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('reads answer the person alone', () => {
    it('servers lists the key’s servers', async () => {
      const r = await hosting(h, 'servers', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(en['hosting.servers.title']);
      expect(r.text).toContain(`\`${SERVER}\``);
    });

    it('info shows the IP address, name servers, PHP and DB versions and the hostname', async () => {
      const r = await hosting(h, 'info', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`Server ${SERVER}`);
      expect(r.text).toContain('183.90.240.11');
      expect(r.text).toContain('ns1.xserver.jp');
      expect(r.text).toContain('8.3.14');
      expect(r.text).toContain('mariadb10.5.x');
      expect(r.text).toContain('sv123456.xsrv.jp');
    });

    it('usage shows the figures the provider gave', async () => {
      const r = await hosting(h, 'usage', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`Usage of ${SERVER}`);
      // The reference's fields (disk in GB; counts of domains, mail and FTP accounts, databases).
      expect(r.text).toContain('disk.used_gb: *12.48*');
      expect(r.text).toContain('counts.mysql_databases: *4*');
    });

    it('domains lists every domain with its SSL state', async () => {
      const r = await hosting(h, 'domains', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`domains on ${SERVER}`);
      // The reference's list says whether a certificate is set (`ssl`), no `ssl_status`.
      expect(r.text).toContain('`example-shop.com` — SSL: on');
      expect(r.text).toContain('`example-blog.net` — SSL: off');
    });

    it('domain <name> shows its document root, URL and SSL', async () => {
      const r = await hosting(h, 'domain example-shop.com', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain('Domain example-shop.com');
      expect(r.text).toContain('https://example-shop.com/');
      expect(r.text).toContain('/home/xs123456/example-shop.com/public_html');
      expect(r.text).toContain('*SSL*\non');
    });

    it('domain <name> on other name servers shows its SSL off: the reference’s detail has no ssl_status to say why', async () => {
      const r = await hosting(h, 'domain example-blog.net', VIEWER);
      expect(r.text).toContain('*SSL*\noff');
      expect(r.text).not.toContain('does not use this service’s name servers');
    });

    it('subdomains lists the subdomains', async () => {
      const r = await hosting(h, 'subdomains', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`1 subdomain on ${SERVER}`);
      expect(r.text).toContain('`blog.example-shop.com`');
    });

    it('wp lists the WordPress sites, and wp <domain> those of one domain', async () => {
      const all = await hosting(h, 'wp', VIEWER);
      expect(all.call.args.response_type).toBe('ephemeral');
      expect(all.text).toContain(`3 WordPress sites on ${SERVER}`);
      expect(all.text).toContain('`1001` https://example-shop.com/ — Example Shop');
      const one = await hosting(h, 'wp example-shop.com', VIEWER);
      expect(one.text).toContain(`2 WordPress sites of example-shop.com on ${SERVER}`);
      expect(one.text).not.toContain('1003');
    });

    it('ssh says whether SSH is on and how to connect', async () => {
      const r = await hosting(h, 'ssh', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`SSH on ${SERVER} is *on*.`);
      expect(r.text).toContain(`ssh -p 10022 xs123456@${SERVER}`);
    });

    it('ssh keys lists the registered keys', async () => {
      const r = await hosting(h, 'ssh keys', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`1 SSH key on ${SERVER}`);
      expect(r.text).toContain('`2001` “ci-deploy”');
    });

    it('errorlog <domain> shows the log to an operator', async () => {
      const r = await hosting(h, 'errorlog example-shop.com');
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`Error log of example-shop.com on ${SERVER}`);
      expect(r.text).toContain('Call to undefined function wc_get_product()');
      expect(r.text).toContain('Lines 1–3 of 3');
      // One page: no pager, only the button that sends the whole log as a file.
      expect(buttonsOf(r.call).map((b) => b.action_id)).toEqual([HOSTING_IDS.errorLogFile]);
    });

    it('errorlog <domain> [lines] <keyword> asks the provider for the lines containing it, in English and Japanese', async () => {
      const r = await hosting(h, 'errorlog example-shop.com 50 Fatal');
      expect(h.sim.control.requests({ path: /\/error-log$/ }).at(-1)?.query).toEqual({
        domain: 'example-shop.com',
        lines: '50',
        keyword: 'Fatal',
      });
      expect(r.text).toContain('Call to undefined function wc_get_product()');
      expect(r.text).not.toContain('favicon.ico');
      expect(r.text).toContain('Lines 1–1 of the 1 containing “Fatal”');
      // The file button reads again with the same keyword.
      expect(JSON.parse(buttonValue(r.call, HOSTING_IDS.errorLogFile))).toEqual({
        s: SERVER,
        d: 'example-shop.com',
        l: 50,
        k: 'Fatal',
      });
      // Quoted, with spaces; a line that has none of it is said to be missing, not shown empty.
      const none = await hosting(h, 'errorlog example-shop.com "no such text"');
      expect(none.text).toContain('No line of the error log of example-shop.com contains “no such text”');
      const ja = await hosting(h, 'errorlog example-shop.com keyword="PHP Warning"', JA_OPERATOR);
      expect(ja.text).toContain('「PHP Warning」を含む 1行中 1〜1行目');
      expect(ja.text).toContain('Undefined array key');
    });

    it('errorlog pages a long log with the pager buttons, newest page first', async () => {
      const lines = Array.from({ length: 60 }, (_, i) => `[error] line ${String(i + 1).padStart(2, '0')}`);
      // The provider's answer for this domain: 60 lines (three reads: the command and two pages).
      h.sim.control.addFault({
        method: 'GET',
        path: /\/error-log$/,
        status: 200,
        rawBody: JSON.stringify({ domain: 'example-shop.com', log: lines.join('\n') }),
        times: 3,
      });
      const first = await hosting(h, 'errorlog example-shop.com 60');
      expect(first.text).toContain('Lines 51–60 of 60');
      expect(first.text).toContain('line 60');
      expect(first.text).not.toContain('line 50');
      const prevId = `${HOSTING_IDS.errorLogPage}:prev`;
      const file = HOSTING_IDS.errorLogFile;
      expect(buttonsOf(first.call).map((b) => b.action_id)).toEqual([prevId, file]);
      const lookedUp = h.sim.control.requests({ path: /\/error-log$/ }).at(-1);
      expect(lookedUp?.query).toMatchObject({ domain: 'example-shop.com', lines: '60' });

      const back = await h.click(prevId, buttonValue(first.call, prevId), { user: OPERATOR });
      const page2 = await back.reply();
      expect(page2.args.replace_original).toBe(true);
      expect(messageText(page2)).toContain('Lines 26–50 of 60');
      expect(messageText(page2)).toContain('line 26');
      expect(buttonsOf(page2).map((b) => b.action_id)).toEqual([
        prevId,
        `${HOSTING_IDS.errorLogPage}:next`,
        file,
      ]);

      const start = await h.click(prevId, buttonValue(page2, prevId), { user: OPERATOR });
      const page1 = await start.reply();
      expect(messageText(page1)).toContain('Lines 1–25 of 60');
      expect(messageText(page1)).toContain('line 01');
      expect(buttonsOf(page1).map((b) => b.action_id)).toEqual([`${HOSTING_IDS.errorLogPage}:next`, file]);
    });

    it('audit shows the server’s /hosting changes and refusals', async () => {
      await hosting(h, 'ssh on', VIEWER); // refused: a viewer's write
      const r = await hosting(h, 'audit', VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`Recent /hosting changes on ${SERVER}`);
      expect(r.text).toMatch(/<@U0VIEWER1> · `ssh on` {2}· refused: lacked the role it needs/);
      expect(r.text).not.toContain('role_required');
    });

    it('help lists the commands with examples', async () => {
      const r = await hosting(h, 'help');
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(en['hosting.help.title']);
      expect(r.text).toContain(en['hosting.help.server'].replace('{server}', SERVER));
      expect(r.text).toContain(en['hosting.help.cmd.hosting.errorlog']);
      expect(r.text).toContain(en['hosting.help.cmd.hosting.domain_add']);
      // A bare /hosting is help too.
      expect((await hosting(h, '')).text).toContain(en['hosting.help.title']);
    });

    it('a word it does not know, or a command missing its argument, gets what to type', async () => {
      expect((await hosting(h, 'frobnicate')).text).toContain(
        en['parse.unknown_command'].replace('{word}', 'frobnicate').replace('{command}', '/hosting'),
      );
      expect((await hosting(h, 'domain add')).text).toContain(en['usage.hosting.domain_add']);
      expect((await hosting(h, 'db grant only_one')).text).toContain(en['usage.hosting.db_grant']);
    });
  });

  describe('in the person’s language', () => {
    it('answers a Japanese user in Japanese: a read, a refusal, a field’s rule', async () => {
      const JA = 'U0JAPAN01';
      h.slack.setUser(JA, { locale: 'ja-JP' });
      const ja = catalogs.ja;
      expect((await hosting(h, 'ssh', JA)).text).toContain(ja['hosting.ssh.on'].replace('{server}', SERVER));
      expect((await hosting(h, 'ssh on', JA)).text).toContain(
        ja['error.role_required']
          .replace('{role}', ja['role.operator'])
          .replace('{yours}', ja['role.viewer'])
          .replace('{how}', ja['error.role_required.how.operator']),
      );
      expect((await hosting(h, 'wp bad_domain', JA)).text).toContain(ja['field.domain.charset']);
    });
  });

  describe('changes are announced in the channel', () => {
    it('domain add, once its TXT record is in DNS', async () => {
      proveOwnership(h.sim.control, SERVER, 'new-shop.jp');
      const post = await announced(h, 'domain add new-shop.jp ssl redirect-https');
      expect(post.args.channel).toBe(CHANNEL);
      expect(messageText(post)).toContain(`<@${OPERATOR}> added the domain \`new-shop.jp\` to ${SERVER}.`);
      const sent = h.sim.control.requests({ method: 'POST', path: `/v1/server/${SERVER}/domain` }).at(-1);
      expect(sent?.body).toEqual({ domain: 'new-shop.jp', ssl: true, redirect_https: true });
      expect(h.sim.control.hostingServer(SERVER).domains.some((d) => d.domain === 'new-shop.jp')).toBe(true);
    });

    it('subdomain add', async () => {
      const post = await announced(h, 'subdomain add shop.new-shop.jp');
      expect(messageText(post)).toContain(`added the subdomain \`shop.new-shop.jp\` to ${SERVER}.`);
      const sent = h.sim.control.requests({ method: 'POST', path: /\/subdomain$/ }).at(-1);
      expect(sent?.body).toEqual({ subdomain: 'shop.new-shop.jp', ssl: false });
    });

    it('db grant', async () => {
      const post = await announced(h, 'db grant xs123456_app xs123456_wp1');
      expect(messageText(post)).toContain(
        `<@${OPERATOR}> granted \`xs123456_app → xs123456_wp1\` on ${SERVER}.`,
      );
      const db = h.sim.control.hostingServer(SERVER).databases.find((d) => d.name === 'xs123456_wp1');
      expect(db?.grants).toContain('xs123456_app');
    });

    it('ssh on', async () => {
      const post = await announced(h, 'ssh on');
      expect(messageText(post)).toContain(`<@${OPERATOR}> turned SSH on for ${SERVER}.`);
      expect(h.sim.control.hostingServer(SERVER).sshEnabled).toBe(true);
    });

    it('ssh key generate [label]: the private key to the requester alone, the channel told a pair was made', async () => {
      const since = h.slack.lastSeq;
      const r = await hosting(h, 'ssh key generate my laptop');
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toMatch(/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/);
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      expect(messageText(post)).toContain(`<@${OPERATOR}> generated an SSH key pair on ${SERVER}`);
      expect(messageText(post)).not.toContain('PRIVATE KEY');
      expect(h.sim.control.hostingServer(SERVER).sshKeys.some((k) => k.label === 'my laptop')).toBe(true);
    });

    it('a change in a channel the bot cannot post in is told to the actor alone', async () => {
      h.slack.fail('chat.postMessage', { error: 'not_in_channel' });
      const told = await hosting(h, 'subdomain add api.new-shop.jp');
      expect(told.call.args.response_type).toBe('ephemeral');
      expect(told.text).toContain(`<@${OPERATOR}> added the subdomain \`api.new-shop.jp\` to ${SERVER}.`);
    });
  });

  describe('a delivery Slack retries is not a second change', () => {
    it('a write command delivered twice with its trigger is sent once', async () => {
      const puts = () => hostingRequests(h, 'PUT');
      const n = puts();
      const triggerId = `trig.retried-${Date.now()}`;
      const since = h.slack.lastSeq;
      const opts = { user: OPERATOR, command: '/hosting', triggerId };
      const [first, retry] = await Promise.all([
        h.command('ssh on', opts),
        h.command('ssh on', { ...opts, delivery: { retryNum: 1 } }),
      ]);
      expect([first.ack.status, retry.ack.status]).toEqual([200, 200]);
      await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      // The delivery that lost the claim can no longer send anything.
      expect(puts()).toBe(n + 1);
    });

    it('a form submitted twice (same view and hash) runs once', async () => {
      const form = await openedForm(h, 'db create');
      const posts = () => h.sim.control.requests({ method: 'POST', path: /\/db$/ }).length;
      const n = posts();
      const values = textValues({ name_suffix: 'twice', character_set: '' });
      const viewId = 'VRETRIED1';
      const [a, b] = await Promise.all([
        submitForm(h, 'db_create', form.privateMetadata, values, OPERATOR, viewId),
        submitForm(h, 'db_create', form.privateMetadata, values, OPERATOR, viewId),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      await formOutcome(h, viewId);
      expect(posts()).toBe(n + 1);
    });
  });

  describe('destructive commands ask to confirm first', () => {
    it('domain reset', async () => {
      const n = hostingWrites(h);
      const r = await hosting(h, 'domain reset new-shop.jp');
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain('Reset domain new-shop.jp?');
      expect(buttonsOf(r.call).map((b) => b.action_id)).toEqual([HOSTING_IDS.confirm, HOSTING_IDS.cancel]);
      expect(hostingWrites(h)).toBe(n);
    });

    it('ssh key delete <id>', async () => {
      const r = await hosting(h, 'ssh key delete 2001');
      expect(r.text).toContain('Delete SSH key 2001?');
      expect(r.text).toContain('“ci-deploy”');
    });

    it('ssh off', async () => {
      const r = await hosting(h, 'ssh off');
      expect(r.text).toContain(`Turn SSH off on ${SERVER}?`);
    });
  });

  describe('forms', () => {
    it('wp install opens a modal; its submission installs and announces', async () => {
      const form = await openedForm(h, 'wp install');
      expect(form.view.callback_id).toBe('hosting_wp_install_modal');
      const since = h.slack.lastSeq;
      const sent = await submitForm(
        h,
        'wp_install',
        form.privateMetadata,
        textValues({
          url: 'https://new-shop.jp/',
          title: 'New Shop',
          admin_username: 'shopkeeper',
          admin_password: 'Corr3ct-Horse!',
          admin_email: 'owner@new-shop.jp',
        }),
      );
      expect(sent.status).toBe(200);
      expect(JSON.parse(sent.text)).toMatchObject({ response_action: 'update' });
      const done = await formOutcome(h, sent.viewId);
      expect(messageText(done)).toContain('Done.');
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      expect(messageText(post)).toContain(
        `<@${OPERATOR}> installed WordPress at https://new-shop.jp/ on ${SERVER}.`,
      );
      expect(
        h.sim.control.hostingServer(SERVER).wordpress.some((w) => w.url === 'https://new-shop.jp/'),
      ).toBe(true);
    });

    it('db create opens a modal; its submission creates the database', async () => {
      const form = await openedForm(h, 'db create');
      expect(form.view.callback_id).toBe('hosting_db_create_modal');
      const since = h.slack.lastSeq;
      const sent = await submitForm(
        h,
        'db_create',
        form.privateMetadata,
        textValues({ name_suffix: 'shop', character_set: '' }),
      );
      expect(JSON.parse(sent.text)).toMatchObject({ response_action: 'update' });
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      expect(messageText(post)).toContain(`created the database \`xs123456_shop\` on ${SERVER}.`);
      const req = h.sim.control.requests({ method: 'POST', path: /\/db$/ }).at(-1);
      expect(req?.body).toEqual({ name_suffix: 'shop' });
    });

    it('db user create opens a modal; its submission creates the user', async () => {
      const form = await openedForm(h, 'db user create');
      expect(form.view.callback_id).toBe('hosting_db_user_create_modal');
      const since = h.slack.lastSeq;
      await submitForm(
        h,
        'db_user_create',
        form.privateMetadata,
        textValues({ name_suffix: 'shop', password: 'S3cret-db-pass' }),
      );
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      expect(messageText(post)).toContain(`created the database user \`xs123456_shop\` on ${SERVER}.`);
      expect(h.sim.control.hostingServer(SERVER).dbUsers).toContain('xs123456_shop');
    });

    it('ssh key add opens a modal; its submission registers the key', async () => {
      const form = await openedForm(h, 'ssh key add');
      expect(form.view.callback_id).toBe('hosting_ssh_key_add_modal');
      const since = h.slack.lastSeq;
      await submitForm(
        h,
        'ssh_key_add',
        form.privateMetadata,
        textValues({ public_key: ED25519, label: 'laptop' }),
      );
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      expect(messageText(post)).toContain(`<@${OPERATOR}> registered the SSH key “laptop” on ${SERVER}.`);
      expect(h.sim.control.hostingServer(SERVER).sshKeys.some((k) => k.publicKey === ED25519)).toBe(true);
    });

    it('wp delete <id> opens a modal with the spec’s defaults, then asks to confirm', async () => {
      const site = h.sim.control
        .hostingServer(SERVER)
        .wordpress.find((w) => w.url === 'https://new-shop.jp/');
      if (!site) throw new Error('the site installed above is missing');
      const form = await openedForm(h, `wp delete ${site.id}`);
      expect(form.view.callback_id).toBe('hosting_wp_delete_modal');
      const options = JSON.stringify(form.view.blocks);
      // Delete DB yes, delete DB user no, delete cron yes.
      const initial = (
        (form.view.blocks as { element?: { initial_options?: { value: string }[] } }[]).find(
          (b) => b.element?.initial_options,
        )?.element?.initial_options ?? []
      ).map((o) => o.value);
      expect(initial).toEqual(['delete_db', 'delete_cron']);
      expect(options).toContain('delete_db_user');
      const n = hostingWrites(h);
      const since = h.slack.lastSeq;
      const sent = await submitForm(
        h,
        'wp_delete',
        form.privateMetadata,
        deleteOptions(['delete_db', 'delete_cron']),
      );
      expect(JSON.parse(sent.text)).toEqual({ response_action: 'clear' });
      const ask = await h.slack.waitFor((c) => c.method === 'chat.postEphemeral' && c.seq > since);
      expect(ask.args.user).toBe(OPERATOR);
      expect(messageText(ask)).toContain(`Delete WordPress site ${site.id}?`);
      expect(messageText(ask)).toContain('Database: *deleted*. Database user: kept. Cron jobs: *deleted*.');
      expect(hostingWrites(h)).toBe(n);
      expect(hostingRequests(h, 'DELETE')).toBe(0);
    });
  });
});
