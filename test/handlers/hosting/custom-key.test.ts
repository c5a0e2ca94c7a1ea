/**
 * A custom key, whose category names are not published: the bot refuses
 * nothing on a name it would have to guess. Every command reaches the
 * provider, and the provider's 403 is answered with the categories the key
 * carries, as the provider named them, escaped, in the person's language, and
 * audited. The simulator here calls its categories by names the bot has never
 * seen (one of them hostile mrkdwn).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { type Harness, messageText, OPERATOR, startHarness, VIEWER } from '../../support/app-harness.ts';
import { hosting, hostingRequests, NO_RATE_LIMIT, openedView, SERVER } from '../../support/hosting.ts';
import { mrkdwnTexts } from '../../support/mrkdwn.ts';

const en = catalogs.en;
const ja = catalogs.ja;

const categoryNames = {
  server: {
    server_info: 'サーバー情報',
    domain: 'web.domains',
    wordpress: 'cms',
    database: 'db<&>',
    ssh: '<!here> shell',
    log: 'logs',
  },
  vps: { server: 'vps.view', settings: 'vps.meta' },
};

/** What the key carries, in the provider's order; `mail` is a name the simulator does not gate by. */
const SERVER_MAP = {
  サーバー情報: 'read',
  'web.domains': 'read',
  cms: 'full',
  'db<&>': 'none',
  '<!here> shell': 'none',
  logs: 'read',
  mail: 'full',
} as const;

const sentence = (words: typeof en, service: string) =>
  words['error.key_custom_forbidden'].replace('{service}', service);

describe('a custom key whose category names the bot has never seen', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      rateLimit: NO_RATE_LIMIT,
      categoryNames,
      keyOf: (sim) =>
        sim.control.createKey({
          name: 'renamed-custom',
          services: {
            server: { permission_type: 'custom', permissions: { ...SERVER_MAP } },
            vps: { permission_type: 'custom', permissions: { 'vps.view': 'read', 'vps.meta': 'none' } },
          },
        }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const lastAudit = async () => (await h.bot.store.audit.latest({ limit: 1 }))[0];

  it('offers every command its role allows, and says the provider decides', async () => {
    const r = await hosting(h, 'help', OPERATOR);
    expect(r.text).toContain(en['hosting.help.key_custom']);
    for (const a of ['db_create', 'db_grant', 'ssh_on', 'ssh_keys', 'domain_add', 'wp_install'] as const)
      expect(r.text, a).toContain(en[`hosting.help.cmd.hosting.${a}`]);
    expect(r.text).not.toContain(en['hosting.help.key_read_only']);
  });

  it('sends a write its map denies and explains the 403 with the key’s categories, escaped, audited', async () => {
    const before = hostingRequests(h, 'POST');
    const r = await hosting(h, `${SERVER} db grant xs123456_app xs123456_wp1`, OPERATOR);
    // It reached the provider, which refused it.
    expect(hostingRequests(h, 'POST')).toBe(before + 1);
    const sent = h.sim.control.requests({ path: /\/grant$/ }).at(-1);
    expect(sent?.status).toBe(403);
    expect(r.text).toContain(sentence(en, 'server'));
    // Every category, as the provider named it, with its level in words.
    expect(r.text).toContain('*サーバー情報* — read only');
    expect(r.text).toContain('*cms* — full');
    expect(r.text).toContain('*db&lt;&amp;&gt;* — none');
    expect(r.text).toContain('*&lt;!here&gt; shell* — none');
    expect(r.text).toContain('*mail* — full');
    for (const t of mrkdwnTexts(r.call.args)) expect(t).not.toContain('<!here>');
    expect(await lastAudit()).toMatchObject({
      actor: OPERATOR,
      action: 'hosting.db_grant',
      target: SERVER,
      outcome: 'refused',
      errorCode: 'key_custom_forbidden',
    });
  });

  it('sends a read its map denies and explains it the same way', async () => {
    const before = hostingRequests(h, 'GET');
    const r = await hosting(h, `${SERVER} ssh`, VIEWER);
    expect(hostingRequests(h, 'GET')).toBe(before + 1);
    expect(r.text).toContain(sentence(en, 'server'));
    expect(r.text).toContain('*web.domains* — read only');
    expect(await lastAudit()).toMatchObject({
      action: 'hosting.ssh',
      outcome: 'refused',
      errorCode: 'key_custom_forbidden',
    });
  });

  it('sends a write to a category the key may only read, rather than guessing the category', async () => {
    const r = await hosting(h, `${SERVER} subdomain add new.example-shop.com`, OPERATOR);
    expect(h.sim.control.requests({ method: 'POST', path: /\/subdomain$/ }).at(-1)?.status).toBe(403);
    expect(r.text).toContain(sentence(en, 'server'));
  });

  it('answers what the map allows as with any key', async () => {
    const r = await hosting(h, `${SERVER} wp`, VIEWER);
    expect(r.text).toContain('WordPress');
    expect(r.text).not.toContain(sentence(en, 'server'));
  });

  it('opens a form the map may deny: the provider decides when it is sent', async () => {
    // The form opens at once as a loading view, then becomes the form (not a refusal).
    const opened = await openedView(h, `${SERVER} db create`, OPERATOR);
    expect(opened.view.callback_id).toBe('hosting_db_create_modal');
  });

  it('explains the 403 in Japanese to a Japanese user', async () => {
    h.slack.setUser('U0JAPAN01', { locale: 'ja-JP', tz: 'Asia/Tokyo' });
    const r = await hosting(h, `${SERVER} ssh`, 'U0JAPAN01');
    expect(r.text).toContain(sentence(ja, 'server'));
    expect(r.text).toContain('*サーバー情報* — 読み取りのみ');
    expect(r.text).toContain('*&lt;!here&gt; shell* — なし');
  });

  it('/vps: a change its map denies is sent, explained with the vps categories and audited', async () => {
    const r = messageText(await (await h.command('memo web-1 primary', { user: OPERATOR })).reply());
    const memo = h.sim.control.requests({ method: 'PUT', path: /\/memo$/ }).at(-1);
    expect(memo?.status).toBe(403);
    expect(r).toContain(sentence(en, 'vps'));
    expect(r).toContain('*vps.view* — read only');
    expect(r).toContain('*vps.meta* — none');
    expect(await lastAudit()).toMatchObject({
      action: 'memo',
      outcome: 'refused',
      errorCode: 'key_custom_forbidden',
    });
    // What the map allows is read as usual.
    const shown = messageText(await (await h.command('show web-1', { user: VIEWER })).reply());
    expect(shown).toContain('web-1');
    expect(shown).not.toContain(sentence(en, 'vps'));
  });

  it('/vps help offers the changes and says the provider decides', async () => {
    const r = messageText(await (await h.command('help', { user: OPERATOR })).reply());
    expect(r).toContain(en['help.key_custom']);
    expect(r).toContain(en['help.cmd.rename']);
    expect(r).not.toContain(en['help.key_read_only']);
  });
});

describe('a custom key that names no category at all', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      rateLimit: NO_RATE_LIMIT,
      keyOf: (sim) =>
        sim.control.createKey({
          name: 'empty-custom',
          services: { server: { permission_type: 'custom', permissions: {} } },
        }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('still asks the provider, and says the key names no category', async () => {
    const r = await hosting(h, `${SERVER} info`, VIEWER);
    expect(hostingRequests(h, 'GET')).toBe(1);
    expect(r.text).toContain(en['error.key_custom_forbidden_empty'].replace('{service}', 'server'));
  });
});
