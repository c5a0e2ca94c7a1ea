/**
 * Every hosting endpoint of the provider's reference over real HTTP, as the
 * reference gives it: the answers' fields and id types, the defaults, the
 * PUTs that keep what they are not sent (but WordPress's memo), the DELETE
 * bodies, and a refusal with the documented code and status for each rule.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { type CallResult, call, codeOf, detailsOf, start } from './sim-client.ts';

const SERVER = 'xs123456.xsrv.jp';
const S = `/v1/server/${SERVER}`;
const IDN = 'xn--n8jyh.jp'; // れい.jp
const SHOP = 'example-shop.com';

let sim: Simulator;
beforeEach(async () => {
  sim = await start({ rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 5 } });
});
afterEach(async () => {
  await sim.close();
});

const get = async <T>(path: string, query?: Record<string, string>): Promise<T> => {
  const r = await call(sim, 'GET', `${S}${path}`, query ? { query } : {});
  expect(r.status, r.text).toBe(200);
  return r.json as T;
};
const refused = (r: CallResult, status: number, code: string) =>
  expect([r.status, codeOf(r)]).toEqual([status, code]);
const ok = (r: CallResult) => {
  expect(r.status, r.text).toBe(200);
  expect((r.json as { message: string }).message).toEqual(expect.any(String));
  return r.json as Record<string, unknown>;
};

describe('server information and usage', () => {
  it('server-info has the reference’s twelve fields; a business sub-account has no cpu or memory', async () => {
    const info = await get<Record<string, unknown>>('/server-info');
    expect(Object.keys(info).sort()).toEqual(
      [
        'server_id',
        'hostname',
        'ip_address',
        'os',
        'cpu',
        'memory',
        'apache_version',
        'perl_versions',
        'php_versions',
        'db_versions',
        'name_servers',
        'domain_validation_token',
      ].sort(),
    );
    expect(info).toMatchObject({ server_id: 'xs123456', os: 'Linux', db_versions: ['mariadb10.5.x'] });
    expect(info.php_versions).toContain('8.3.14');
    const biz = (await call(sim, 'GET', '/v1/server/xs654321.xsrv.jp/server-info')).json;
    expect(biz).toMatchObject({ cpu: null, memory: null });
  });
  it('usage: disk in GB, the file limit (0: none), counts without the initial domain', async () => {
    expect(await get('/server-info/usage')).toEqual({
      disk: { quota_gb: 300, used_gb: 12.48, file_limit: 0, file_count: 48210 },
      counts: { domains: 3, subdomains: 1, mail_accounts: 3, ftp_accounts: 2, mysql_databases: 4 },
    });
  });
  it('an unknown server is 404, a server outside a selected key’s range 403, an unknown query 422', async () => {
    refused(await call(sim, 'GET', '/v1/server/xs000000.xsrv.jp/server-info'), 404, 'NOT_FOUND');
    refused(
      await call(sim, 'GET', '/v1/server/xs654321.xsrv.jp/server-info', { key: sim.keys.selected }),
      403,
      'FORBIDDEN',
    );
    refused(await call(sim, 'GET', `${S}/server-info`, { query: { verbose: '1' } }), 422, 'VALIDATION_ERROR');
  });
});

describe('domains', () => {
  it('lists domain, type, ssl, memo, is_awaiting; the detail adds root, URL, PHP, date', async () => {
    const { domains } = await get<{ domains: Record<string, unknown>[] }>('/domain');
    expect(domains.find((d) => d.domain === SHOP)).toEqual({
      domain: SHOP,
      type: 'addon',
      ssl: true,
      memo: '本番ショップ',
      is_awaiting: false,
    });
    expect(domains.find((d) => d.domain === 'example-blog.net')?.ssl).toBe(false);
    expect(await get(`/domain/${IDN}`)).toEqual({
      domain: IDN,
      type: 'addon',
      document_root: `/home/xs123456/${IDN}/public_html`,
      url: `https://${IDN}/`,
      php_version: '8.2',
      ssl: true,
      memo: '',
      is_awaiting: false,
      created_at: '1970-01-01',
    });
    refused(await call(sim, 'GET', `${S}/domain/${encodeURIComponent('れい.jp')}`), 404, 'NOT_FOUND');
    refused(await call(sim, 'GET', `${S}/domain/blog.${SHOP}`), 404, 'NOT_FOUND');
  });
  it('POST: ssl, redirect_https and ai_crawler_block_enabled default as the reference says; ssl_status', async () => {
    const token = sim.control.hostingServer(SERVER).domainValidationToken;
    for (const d of ['テスト.jp', 'plain.jp', 'other-ns.jp', 'ssl-breaks.jp'])
      sim.control.setTxtRecord(`_xserver-verify.${d}`, `xserver-verify=${token}`);
    sim.control.clock.advance(60_000);
    const added = ok(
      await call(sim, 'POST', `${S}/domain`, { body: { domain: 'テスト.jp', memo: '新店舗' } }),
    );
    expect(added).toEqual({ domain: 'xn--zckzah.jp', message: expect.any(String), ssl_status: 'success' });
    expect(await get('/domain/xn--zckzah.jp')).toMatchObject({
      ssl: true,
      memo: '新店舗',
      is_awaiting: true,
    });
    sim.control.clock.advance(5 * 60_000);
    expect(await get('/domain/xn--zckzah.jp')).toMatchObject({ is_awaiting: false });
    // Without SSL: no ssl_status (the reference is silent), no certificate, http.
    const plain = ok(await call(sim, 'POST', `${S}/domain`, { body: { domain: 'plain.jp', ssl: false } }));
    expect(plain).not.toHaveProperty('ssl_status');
    expect(await get('/domain/plain.jp')).toMatchObject({ ssl: false, url: 'http://plain.jp/' });
    sim.control.setExternalNameServers('other-ns.jp', true);
    expect(ok(await call(sim, 'POST', `${S}/domain`, { body: { domain: 'other-ns.jp' } })).ssl_status).toBe(
      'failed_nameserver',
    );
    sim.control.setSslFailure('ssl-breaks.jp', true);
    expect(ok(await call(sim, 'POST', `${S}/domain`, { body: { domain: 'ssl-breaks.jp' } })).ssl_status).toBe(
      'failed',
    );
    const req = sim.control.requests({ method: 'POST', path: `${S}/domain` })[0];
    expect(req?.body).toEqual({ domain: 'テスト.jp', memo: '新店舗' });
  });
  it('POST refusals: a domain held, a malformed name, a wrong type, an unknown field (422)', async () => {
    for (const body of [
      { domain: SHOP },
      { domain: 'no_dots' },
      { domain: 'x-site.com', ssl: 'yes' },
      { domain: 'x-site.com', ai_crawler_block_enabled: 1 },
      { domain: 'x-site.com', verify: true },
      {},
    ]) {
      const r = await call(sim, 'POST', `${S}/domain`, { body });
      refused(r, 422, 'VALIDATION_ERROR');
      expect(detailsOf(r).length).toBeGreaterThan(0);
    }
  });
  it('PUT takes a memo, required; DELETE takes delete_files (default false); the initial domain stays', async () => {
    ok(await call(sim, 'PUT', `${S}/domain/${IDN}`, { body: { memo: 'れい' } }));
    expect(await get(`/domain/${IDN}`)).toMatchObject({ memo: 'れい' });
    refused(await call(sim, 'PUT', `${S}/domain/${IDN}`, { body: {} }), 422, 'VALIDATION_ERROR');
    refused(
      await call(sim, 'DELETE', `${S}/domain/${SHOP}`, { body: { delete_files: 'yes' } }),
      422,
      'VALIDATION_ERROR',
    );
    ok(await call(sim, 'DELETE', `${S}/domain/${SHOP}`));
    const h = sim.control.hostingServer(SERVER);
    expect(h.domains.map((d) => d.domain)).not.toContain(SHOP);
    // Its subdomain, mail and FTP accounts, records and certificates went; its files (sites) stayed.
    expect(h.subdomains).toEqual([]);
    expect(h.mailAccounts.map((m) => m.address)).toEqual([`admin@${IDN}`]);
    expect(h.ftpAccounts).toEqual([]);
    expect(h.dnsRecords.some((r) => r.domain === SHOP)).toBe(false);
    expect(h.wordpress.map((w) => w.id)).toContain('1001');
    ok(await call(sim, 'DELETE', `${S}/domain/${IDN}`, { body: { delete_files: true } }));
    expect(sim.control.hostingServer(SERVER).wordpress.map((w) => w.id)).not.toContain('1003');
    refused(await call(sim, 'DELETE', `${S}/domain/${SERVER}`), 409, 'OPERATION_ERROR');
  });
  it('reset needs its type: all, web or other', async () => {
    refused(await call(sim, 'POST', `${S}/domain/${SHOP}/reset`), 422, 'VALIDATION_ERROR');
    refused(
      await call(sim, 'POST', `${S}/domain/${SHOP}/reset`, { body: { type: 'files' } }),
      422,
      'VALIDATION_ERROR',
    );
    ok(await call(sim, 'POST', `${S}/domain/${SHOP}/reset`, { body: { type: 'web' } }));
    const wp = await get<{ wordpress: { domain: string }[] }>('/wp');
    expect(wp.wordpress.map((w) => w.domain)).toEqual([IDN]);
  });
});

describe('subdomains', () => {
  it('lists by parent; adds with ssl (default true) and memo; a Unicode body is 422', async () => {
    expect(await get('/subdomain', { domain: SHOP })).toEqual({
      subdomains: [
        {
          subdomain: `blog.${SHOP}`,
          domain: SHOP,
          document_root: `/home/xs123456/blog.${SHOP}/public_html`,
          ssl: true,
          memo: 'ショップのブログ',
        },
      ],
    });
    expect(await get('/subdomain', { domain: IDN })).toEqual({ subdomains: [] });
    const added = ok(
      await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: `shop.${SHOP}`, memo: 'm' } }),
    );
    expect(added).toEqual({ subdomain: `shop.${SHOP}`, message: expect.any(String), ssl_status: 'success' });
    refused(
      await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: 'blog.れい.jp' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(
      await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: 'www.not-mine.com' } }),
      422,
      'VALIDATION_ERROR',
    );
  });
  it('several made in quick succession meet a temporary error (409), gone after a while', async () => {
    for (const n of ['a', 'b', 'c'])
      ok(await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: `${n}.${SHOP}` } }));
    refused(
      await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: `d.${SHOP}` } }),
      409,
      'OPERATION_ERROR',
    );
    sim.control.clock.advance(10_000);
    ok(await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: `d.${SHOP}` } }));
  });
  it('PUT needs a memo; DELETE takes delete_files', async () => {
    ok(await call(sim, 'PUT', `${S}/subdomain/blog.${SHOP}`, { body: { memo: 'x' } }));
    refused(
      await call(sim, 'PUT', `${S}/subdomain/blog.${SHOP}`, { body: { note: 'x' } }),
      422,
      'VALIDATION_ERROR',
    );
    ok(await call(sim, 'DELETE', `${S}/subdomain/blog.${SHOP}`, { body: { delete_files: true } }));
    expect(sim.control.hostingServer(SERVER).wordpress.map((w) => w.id)).not.toContain('1002');
    refused(await call(sim, 'DELETE', `${S}/subdomain/blog.${SHOP}`), 404, 'NOT_FOUND');
  });
});

describe('WordPress', () => {
  const install = (over: Record<string, unknown> = {}) =>
    call(sim, 'POST', `${S}/wp`, {
      body: {
        url: `${IDN}/blog`,
        title: 'ブログ',
        admin_username: 'admin',
        admin_password: 'WpPass1',
        admin_email: 'a@example.com',
        ...over,
      },
    });
  it('lists the reference’s fields; a subdomain filter is 422', async () => {
    const { wordpress } = await get<{ wordpress: Record<string, unknown>[] }>('/wp', { domain: SHOP });
    expect(wordpress.find((w) => w.id === '1002')).toEqual({
      id: '1002',
      domain: SHOP,
      url: `https://blog.${SHOP}/`,
      title: 'Shop Blog',
      version: '6.7.1',
      db_name: 'xs123456_wp2',
      db_user: 'xs123456_wp2',
      memo: '',
    });
    refused(
      await call(sim, 'GET', `${S}/wp`, { query: { domain: `blog.${SHOP}` } }),
      422,
      'VALIDATION_ERROR',
    );
  });
  it('installs with the scheme left out; answers {id, message}; the password is masked in the journal', async () => {
    const r = ok(await install());
    expect(r).toEqual({ id: expect.any(String), message: expect.any(String) });
    const site = sim.control.hostingServer(SERVER).wordpress.find((w) => w.id === r.id);
    expect(site?.url).toBe(`https://${IDN}/blog/`);
    expect(JSON.stringify(sim.control.requests())).not.toContain('WpPass1');
  });
  it('refuses each limit: url 512, title 255, user 255, password 7, e-mail 255, memo 500', async () => {
    for (const over of [
      { url: `${IDN}/${'a'.repeat(512)}` },
      { title: 't'.repeat(256) },
      { admin_username: 'u'.repeat(256) },
      { admin_password: 'short6' },
      { admin_email: `${'e'.repeat(251)}@x.jp` },
      { memo: 'm'.repeat(501) },
    ]) {
      const r = await install(over);
      refused(r, 422, 'VALIDATION_ERROR');
      expect(detailsOf(r)[0]).toMatch(new RegExp(`^${Object.keys(over)[0]}:`));
    }
    ok(await install({ title: 't'.repeat(255), memo: 'm'.repeat(500) }));
  });
  it('PUT: a memo left out empties it (unlike every other PUT)', async () => {
    ok(await call(sim, 'PUT', `${S}/wp/1001`, { body: { memo: 'main site' } }));
    expect(sim.control.hostingServer(SERVER).wordpress.find((w) => w.id === '1001')?.memo).toBe('main site');
    ok(await call(sim, 'PUT', `${S}/wp/1001`, { body: {} }));
    expect(sim.control.hostingServer(SERVER).wordpress.find((w) => w.id === '1001')?.memo).toBe('');
    refused(await call(sim, 'PUT', `${S}/wp/9999`, { body: {} }), 404, 'NOT_FOUND');
  });
  it('DELETE takes a JSON body of booleans', async () => {
    ok(await call(sim, 'DELETE', `${S}/wp/1001`, { body: { delete_cron: true } }));
    refused(await call(sim, 'DELETE', `${S}/wp/1001`), 404, 'NOT_FOUND');
    refused(
      await call(sim, 'DELETE', `${S}/wp/1002`, { body: { delete_db: 'no' } }),
      422,
      'VALIDATION_ERROR',
    );
  });
});

describe('mail accounts and forwarding', () => {
  const enc = encodeURIComponent;
  it('lists (by domain), shows one with its usage; a raw @ in the path is 400', async () => {
    expect(await get('/mail', { domain: IDN })).toEqual({
      accounts: [{ mail_address: `admin@${IDN}`, quota_mb: 500, memo: '' }],
    });
    expect(await get(`/mail/${enc(`info@${SHOP}`)}`)).toEqual({
      mail_address: `info@${SHOP}`,
      quota_mb: 2000,
      used_mb: 153.4,
      memo: '問い合わせ窓口',
    });
    refused(await call(sim, 'GET', `${S}/mail/info@${SHOP}`), 400, 'BAD_REQUEST');
    refused(await call(sim, 'GET', `${S}/mail/${enc(`nobody@${SHOP}`)}`), 404, 'NOT_FOUND');
  });
  it('creates on a verified domain; password at least 6, quota 1 to 50000', async () => {
    const r = ok(
      await call(sim, 'POST', `${S}/mail`, {
        body: { mail_address: `sales@${SHOP}`, password: 'Mail-1', quota_mb: 1 },
      }),
    );
    expect(r).toEqual({ mail_address: `sales@${SHOP}`, message: expect.any(String) });
    expect(JSON.stringify(sim.control.requests())).not.toContain('Mail-1');
    for (const body of [
      { mail_address: `a@${SHOP}`, password: 'five5' },
      { mail_address: `a@${SHOP}`, password: 'Mail-12', quota_mb: 0 },
      { mail_address: `a@${SHOP}`, password: 'Mail-12', quota_mb: 50_001 },
      { mail_address: `a@${SHOP}`, password: 'Mail-12', quota_mb: 1.5 },
      { mail_address: `sales@${SHOP}`, password: 'Mail-12' },
      { mail_address: 'a@elsewhere.jp', password: 'Mail-12' },
      { mail_address: `a@${SHOP}` },
    ])
      refused(await call(sim, 'POST', `${S}/mail`, { body }), 422, 'VALIDATION_ERROR');
    ok(
      await call(sim, 'POST', `${S}/mail`, {
        body: { mail_address: `big@${SHOP}`, password: 'Mail-12', quota_mb: 50_000 },
      }),
    );
  });
  it('PUT keeps what it is not sent; the creation limits hold there too (the simulator’s choice)', async () => {
    ok(await call(sim, 'PUT', `${S}/mail/${enc(`info@${SHOP}`)}`, { body: { quota_mb: 3000 } }));
    expect(await get(`/mail/${enc(`info@${SHOP}`)}`)).toMatchObject({
      quota_mb: 3000,
      memo: '問い合わせ窓口',
    });
    refused(
      await call(sim, 'PUT', `${S}/mail/${enc(`info@${SHOP}`)}`, { body: { quota_mb: 0 } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(
      await call(sim, 'PUT', `${S}/mail/${enc(`info@${SHOP}`)}`, { body: { password: 'abc' } }),
      422,
      'VALIDATION_ERROR',
    );
  });
  it('forwarding: read; the list is replaced, [] clears it, one left out stays', async () => {
    const path = `${S}/mail/${enc(`support@${SHOP}`)}/forwarding`;
    expect((await call(sim, 'GET', path)).json).toEqual({
      forwarding_addresses: ['oncall@example.net', 'support-archive@example.net'],
      keep_in_mailbox: true,
    });
    ok(await call(sim, 'PUT', path, { body: { forwarding_addresses: ['new@example.net'] } }));
    ok(await call(sim, 'PUT', path, { body: { keep_in_mailbox: false } }));
    expect((await call(sim, 'GET', path)).json).toEqual({
      forwarding_addresses: ['new@example.net'],
      keep_in_mailbox: false,
    });
    ok(await call(sim, 'PUT', path, { body: { forwarding_addresses: [] } }));
    expect((await call(sim, 'GET', path)).json).toMatchObject({ forwarding_addresses: [] });
    refused(
      await call(sim, 'PUT', path, { body: { forwarding_addresses: 'a@example.net' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(
      await call(sim, 'PUT', path, { body: { forwarding_addresses: ['not an address'] } }),
      422,
      'VALIDATION_ERROR',
    );
  });
  it('DELETE takes no body', async () => {
    refused(
      await call(sim, 'DELETE', `${S}/mail/${enc(`info@${SHOP}`)}`, { body: { purge: true } }),
      422,
      'VALIDATION_ERROR',
    );
    ok(await call(sim, 'DELETE', `${S}/mail/${enc(`info@${SHOP}`)}`));
    refused(await call(sim, 'DELETE', `${S}/mail/${enc(`info@${SHOP}`)}`), 404, 'NOT_FOUND');
  });
});

describe('mail sorting', () => {
  it('lists rules with string ids, priorities from 1, conditions and an action (target "" when unused)', async () => {
    const { filters } = await get<{ filters: Record<string, unknown>[] }>('/mail-filter', { domain: SHOP });
    expect(filters).toHaveLength(2);
    expect(filters[1]).toEqual({
      id: expect.any(String),
      domain: SHOP,
      priority: 2,
      conditions: [
        { keyword: 'promo', field: 'from', match_type: 'start_from' },
        { keyword: 'unsubscribe', field: 'body', match_type: 'contain' },
      ],
      action: { type: 'trash', target: '', method: 'move' },
    });
  });
  it('adds a rule at the end, refuses what the reference rules out, deletes and renumbers', async () => {
    const rule = {
      domain: SHOP,
      conditions: [{ keyword: 'invoice', field: 'subject', match_type: 'contain' }],
      action: { type: 'mail_address', target: `info@${SHOP}`, method: 'copy' },
    };
    const r = ok(await call(sim, 'POST', `${S}/mail-filter`, { body: rule }));
    expect(r).toEqual({ id: expect.any(String), message: expect.any(String) });
    for (const body of [
      { ...rule, conditions: [] },
      { ...rule, conditions: [{ keyword: 'x', field: 'cc', match_type: 'contain' }] },
      { ...rule, conditions: [{ keyword: 'x', field: 'to', match_type: 'regex' }] },
      { ...rule, action: { type: 'forward', method: 'move' } },
      { ...rule, action: { type: 'trash', method: 'keep' } },
      { ...rule, action: { type: 'mail_address', method: 'move' } },
      { ...rule, domain: 'れい.jp' },
      { ...rule, domain: `${'a'.repeat(250)}.jp` },
    ])
      refused(await call(sim, 'POST', `${S}/mail-filter`, { body }), 422, 'VALIDATION_ERROR');
    const first = (
      await get<{ filters: { id: string; priority: number }[] }>('/mail-filter', { domain: SHOP })
    ).filters;
    expect(first.map((f) => f.priority)).toEqual([1, 2, 3]);
    ok(await call(sim, 'DELETE', `${S}/mail-filter/${first[0]?.id}`));
    const after = (
      await get<{ filters: { id: string; priority: number }[] }>('/mail-filter', { domain: SHOP })
    ).filters;
    expect(after.map((f) => [f.id, f.priority])).toEqual([
      [first[1]?.id, 1],
      [r.id, 2],
    ]);
    refused(await call(sim, 'DELETE', `${S}/mail-filter/${first[0]?.id}`), 404, 'NOT_FOUND');
  });
});

describe('FTP accounts', () => {
  it('lists the added accounts (not the main one) with the directory from the home', async () => {
    expect(await get('/ftp')).toEqual({
      accounts: [
        { ftp_account: `deploy@${SHOP}`, directory: `${SHOP}/public_html`, quota_mb: 0, memo: 'CI' },
        { ftp_account: `backup@${SHOP}`, directory: SHOP, quota_mb: 5000, memo: '' },
      ],
    });
  });
  it('creates with the directory defaulting to /, a password of at least 8; PUT keeps the rest; DELETE', async () => {
    const r = ok(
      await call(sim, 'POST', `${S}/ftp`, { body: { ftp_account: `web@${IDN}`, password: 'FtpPass1' } }),
    );
    expect(r).toEqual({ ftp_account: `web@${IDN}`, message: expect.any(String) });
    expect(
      sim.control.hostingServer(SERVER).ftpAccounts.find((a) => a.account === `web@${IDN}`),
    ).toMatchObject({
      directory: '/',
      quotaMb: 0,
    });
    refused(
      await call(sim, 'POST', `${S}/ftp`, { body: { ftp_account: `x@${IDN}`, password: 'FtpPas7' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(
      await call(sim, 'POST', `${S}/ftp`, { body: { ftp_account: 'x', password: 'FtpPass1' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(
      await call(sim, 'POST', `${S}/ftp`, {
        body: { ftp_account: `x@${IDN}`, password: 'FtpPass1', quota_mb: '5' },
      }),
      422,
      'VALIDATION_ERROR',
    );
    ok(
      await call(sim, 'PUT', `${S}/ftp/${encodeURIComponent(`web@${IDN}`)}`, {
        body: { directory: '/public_html/app' },
      }),
    );
    expect(
      (
        await get<{ accounts: { ftp_account: string; directory: string; memo: string }[] }>('/ftp', {
          domain: IDN,
        })
      ).accounts,
    ).toEqual([{ ftp_account: `web@${IDN}`, directory: `${IDN}/public_html/app`, quota_mb: 0, memo: '' }]);
    // The reference does not ask for `@` to be encoded here: both forms reach the account.
    ok(await call(sim, 'DELETE', `${S}/ftp/web@${IDN}`));
    refused(await call(sim, 'DELETE', `${S}/ftp/${encodeURIComponent(`web@${IDN}`)}`), 404, 'NOT_FOUND');
  });
});

describe('MySQL', () => {
  it('lists databases and users with their version names, sizes, grants and memos', async () => {
    const { databases } = await get<{ databases: Record<string, unknown>[] }>('/db');
    expect(databases.find((d) => d.db_name === 'xs123456_app')).toEqual({
      db_name: 'xs123456_app',
      version_name: 'MariaDB10.5',
      size_mb: 420.5,
      granted_users: ['xs123456_app'],
      memo: '在庫管理アプリ',
    });
    const { users } = await get<{ users: Record<string, unknown>[] }>('/db/user');
    expect(users[0]).toEqual({ db_user: 'xs123456_wp1', version_name: 'MariaDB10.5', memo: '' });
    expect(await get('/db/user/xs123456_app/grant')).toEqual({ databases: ['xs123456_app'] });
  });
  it('creates a database (character set one of five, utf8mb4 by default) and a user (password 6+)', async () => {
    expect(ok(await call(sim, 'POST', `${S}/db`, { body: { name_suffix: 'shop', memo: 'm' } }))).toEqual({
      db_name: 'xs123456_shop',
      message: expect.any(String),
    });
    ok(await call(sim, 'POST', `${S}/db`, { body: { name_suffix: 'legacy', character_set: 'SHIFT-JIS' } }));
    expect(
      sim.control.hostingServer(SERVER).databases.find((d) => d.name === 'xs123456_shop')?.characterSet,
    ).toBe('utf8mb4');
    refused(
      await call(sim, 'POST', `${S}/db`, { body: { name_suffix: 'x', character_set: 'utf8' } }),
      422,
      'VALIDATION_ERROR',
    );
    expect(
      ok(await call(sim, 'POST', `${S}/db/user`, { body: { name_suffix: 'shopuser', password: 'DbPas6' } })),
    ).toEqual({
      db_user: 'xs123456_shopuser',
      message: expect.any(String),
    });
    refused(
      await call(sim, 'POST', `${S}/db/user`, { body: { name_suffix: 'u2', password: 'five5' } }),
      422,
      'VALIDATION_ERROR',
    );
    expect(JSON.stringify(sim.control.requests())).not.toContain('DbPas6');
  });
  it('PUT /db needs a memo; PUT /db/user keeps what it is not sent; DELETEs take no body', async () => {
    ok(await call(sim, 'PUT', `${S}/db/xs123456_app`, { body: { memo: 'inventory' } }));
    refused(await call(sim, 'PUT', `${S}/db/xs123456_app`, { body: {} }), 422, 'VALIDATION_ERROR');
    ok(await call(sim, 'PUT', `${S}/db/user/xs123456_app`, { body: { memo: 'app user' } }));
    ok(await call(sim, 'PUT', `${S}/db/user/xs123456_app`, { body: { password: 'NewPass9' } }));
    expect(
      (await get<{ users: { db_user: string; memo: string }[] }>('/db/user')).users.find(
        (u) => u.db_user === 'xs123456_app',
      )?.memo,
    ).toBe('app user');
    ok(await call(sim, 'DELETE', `${S}/db/user/xs123456_app`));
    expect(
      (await get<{ databases: { db_name: string; granted_users: string[] }[] }>('/db')).databases.find(
        (d) => d.db_name === 'xs123456_app',
      )?.granted_users,
    ).toEqual([]);
    ok(await call(sim, 'DELETE', `${S}/db/xs123456_app`));
    refused(await call(sim, 'DELETE', `${S}/db/xs123456_app`), 404, 'NOT_FOUND');
  });
  it('grants: add, list, revoke with a JSON body; twice is 409, an unknown database 422', async () => {
    const grant = `${S}/db/user/xs123456_wp1/grant`;
    ok(await call(sim, 'POST', grant, { body: { db_name: 'xs123456_app' } }));
    refused(await call(sim, 'POST', grant, { body: { db_name: 'xs123456_app' } }), 409, 'OPERATION_ERROR');
    refused(await call(sim, 'POST', grant, { body: { db_name: 'xs123456_none' } }), 422, 'VALIDATION_ERROR');
    expect(await get('/db/user/xs123456_wp1/grant')).toEqual({ databases: ['xs123456_wp1', 'xs123456_app'] });
    refused(await call(sim, 'DELETE', grant), 422, 'VALIDATION_ERROR');
    ok(await call(sim, 'DELETE', grant, { body: { db_name: 'xs123456_app' } }));
    refused(await call(sim, 'DELETE', grant, { body: { db_name: 'xs123456_app' } }), 409, 'OPERATION_ERROR');
    refused(
      await call(sim, 'POST', `${S}/db/user/xs123456_ghost/grant`, { body: { db_name: 'xs123456_app' } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('cron', () => {
  type Cron = { id: string; minute: string; command: string; comment: string; enabled: boolean };
  const crons = async () => await get<{ crons: Cron[]; notification_email: string }>('/cron');
  const job = {
    minute: '*/5',
    hour: '*',
    day: '*',
    month: '*',
    weekday: '*',
    command: '/usr/bin/php /home/xs123456/job.php',
  };
  it('lists jobs (string ids) and the notice address', async () => {
    const list = await crons();
    expect(list.notification_email).toBe(`ops@${SHOP}`);
    expect(list.crons.find((c) => c.comment === 'weekly sales report')).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{10}$/),
      minute: '30',
      hour: '9',
      weekday: '1',
      enabled: false,
    });
  });
  it('adds a job; a change of content gives a new id, the old one is gone; what is not sent stays', async () => {
    const { id } = ok(await call(sim, 'POST', `${S}/cron`, { body: { ...job, comment: 'every 5' } })) as {
      id: string;
    };
    const changed = ok(await call(sim, 'PUT', `${S}/cron/${id}`, { body: { minute: '*/10' } })) as {
      id: string;
    };
    expect(changed.id).not.toBe(id);
    refused(await call(sim, 'PUT', `${S}/cron/${id}`, { body: { minute: '1' } }), 404, 'NOT_FOUND');
    const now = (await crons()).crons.find((c) => c.id === changed.id);
    expect(now).toMatchObject({ minute: '*/10', command: job.command, comment: 'every 5', enabled: true });
    // Disabling is a change too; leaving `enabled` out keeps it as it is.
    const off = ok(await call(sim, 'PUT', `${S}/cron/${changed.id}`, { body: { enabled: false } })) as {
      id: string;
    };
    const again = ok(await call(sim, 'PUT', `${S}/cron/${off.id}`, { body: { comment: 'paused' } })) as {
      id: string;
    };
    expect((await crons()).crons.find((c) => c.id === again.id)?.enabled).toBe(false);
    ok(await call(sim, 'DELETE', `${S}/cron/${again.id}`));
    refused(await call(sim, 'DELETE', `${S}/cron/${again.id}`), 404, 'NOT_FOUND');
  });
  it('refuses a command over 1024 characters, a field out of its range, a missing field, `enabled` on POST', async () => {
    for (const body of [
      { ...job, command: `/bin/${'x'.repeat(1020)}` },
      { ...job, minute: '60' },
      { ...job, hour: '24' },
      { ...job, day: '0' },
      { ...job, month: '13' },
      { ...job, weekday: '8' },
      { ...job, weekday: 'mon' },
      { ...job, minute: undefined },
      { ...job, enabled: false },
    ])
      refused(await call(sim, 'POST', `${S}/cron`, { body }), 422, 'VALIDATION_ERROR');
    ok(
      await call(sim, 'POST', `${S}/cron`, {
        body: { ...job, minute: '0-30/15,45', weekday: '7', command: `/bin/${'x'.repeat(1019)}` },
      }),
    );
  });
});

describe('PHP version', () => {
  it('answers the versions on offer as the field table’s map, or the example’s list; each domain’s', async () => {
    const answer = await get<{ available_versions: unknown; domains: unknown[] }>('/php-version', {
      domain: IDN,
    });
    expect(answer).toEqual({
      available_versions: {
        '8.4': 'PHP 8.4.x',
        '8.3': 'PHP 8.3.x',
        '8.2': 'PHP 8.2.x',
        '8.1': 'PHP 8.1.x',
        '7.4': 'PHP 7.4.x',
      },
      domains: [{ domain: IDN, current_version: '8.2' }],
    });
    sim.control.setAnswerForms({ phpAvailableVersions: 'list' });
    expect((await get<{ available_versions: unknown }>('/php-version')).available_versions).toEqual([
      '8.4',
      '8.3',
      '8.2',
      '8.1',
      '7.4',
    ]);
  });
  it('sets a domain’s version (major.minor on offer); the domain detail follows', async () => {
    ok(await call(sim, 'PUT', `${S}/php-version/${IDN}`, { body: { version: '8.4' } }));
    expect(await get(`/domain/${IDN}`)).toMatchObject({ php_version: '8.4' });
    refused(
      await call(sim, 'PUT', `${S}/php-version/${IDN}`, { body: { version: '8.4.3' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(await call(sim, 'PUT', `${S}/php-version/${IDN}`, { body: {} }), 422, 'VALIDATION_ERROR');
    refused(
      await call(sim, 'PUT', `${S}/php-version/nowhere.jp`, { body: { version: '8.3' } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('SSL', () => {
  type Cert = { id: number; common_name: string; type: string; expires_at: string; status: string };
  it('lists free and paid certificates with integer ids and an ISO expiry in Japan time', async () => {
    const { ssl_list } = await get<{ ssl_list: Cert[] }>('/ssl', { domain: SHOP });
    expect(ssl_list.map((c) => [c.common_name, c.type, c.status])).toEqual([
      [SHOP, 'letsencrypt', 'active'],
      [`blog.${SHOP}`, 'letsencrypt', 'active'],
      [`www.${SHOP}`, 'option', 'active'],
    ]);
    expect(Number.isInteger(ssl_list[0]?.id)).toBe(true);
    expect(ssl_list[0]?.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    sim.control.panelSetSslExpiry(SERVER, SHOP, new Date(sim.control.clock.now().getTime() - 1000));
    expect((await get<{ ssl_list: Cert[] }>('/ssl', { domain: SHOP })).ssl_list[0]?.status).toBe('expired');
  });
  it('installs free SSL on the service’s name servers only; deletes a free one, never a paid one', async () => {
    refused(await call(sim, 'POST', `${S}/ssl`, { body: { common_name: SHOP } }), 409, 'OPERATION_ERROR');
    ok(await call(sim, 'DELETE', `${S}/ssl/${SHOP}`));
    expect(await get(`/domain/${SHOP}`)).toMatchObject({ ssl: false, url: `http://${SHOP}/` });
    ok(await call(sim, 'POST', `${S}/ssl`, { body: { common_name: SHOP } }));
    expect(await get(`/domain/${SHOP}`)).toMatchObject({ ssl: true });
    refused(
      await call(sim, 'POST', `${S}/ssl`, { body: { common_name: 'example-blog.net' } }),
      409,
      'OPERATION_ERROR',
    );
    refused(
      await call(sim, 'POST', `${S}/ssl`, { body: { common_name: 'unheld.jp' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(
      await call(sim, 'POST', `${S}/ssl`, { body: { common_name: 'れい.jp' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(await call(sim, 'DELETE', `${S}/ssl/www.${SHOP}`), 409, 'OPERATION_ERROR');
    refused(await call(sim, 'DELETE', `${S}/ssl/nowhere.jp`), 404, 'NOT_FOUND');
  });
});

describe('DNS records', () => {
  type Rec = {
    id: number;
    domain: string;
    host: string;
    type: string;
    content: string;
    ttl: number;
    priority: number | null;
  };
  const records = async (domain = SHOP) => (await get<{ records: Rec[] }>('/dns', { domain })).records;
  it('lists integer ids; priority for MX, 0 (or the example’s null) for the others', async () => {
    const list = await records();
    expect(list.find((r) => r.type === 'MX')).toEqual({
      id: expect.any(Number),
      domain: SHOP,
      host: '@',
      type: 'MX',
      content: SHOP,
      ttl: 3600,
      priority: 10,
    });
    expect(list.find((r) => r.type === 'A' && r.host === '@')?.priority).toBe(0);
    sim.control.setAnswerForms({ dnsPriority: 'null' });
    expect((await records()).find((r) => r.type === 'A' && r.host === '@')?.priority).toBeNull();
    expect((await records()).find((r) => r.type === 'MX')?.priority).toBe(10);
  });
  it('adds with ttl 3600 by default; changes only what is sent; deletes; a non-integer id is 404', async () => {
    const { id } = ok(
      await call(sim, 'POST', `${S}/dns`, {
        body: { domain: SHOP, host: 'api', type: 'A', content: '203.0.113.8' },
      }),
    ) as { id: number };
    expect(Number.isInteger(id)).toBe(true);
    expect((await records()).find((r) => r.id === id)).toMatchObject({ host: 'api', ttl: 3600, priority: 0 });
    ok(await call(sim, 'PUT', `${S}/dns/${id}`, { body: { ttl: 60 } }));
    expect((await records()).find((r) => r.id === id)).toMatchObject({
      host: 'api',
      content: '203.0.113.8',
      ttl: 60,
    });
    refused(
      await call(sim, 'PUT', `${S}/dns/${id}`, { body: { content: 'not-an-ip' } }),
      422,
      'VALIDATION_ERROR',
    );
    ok(await call(sim, 'DELETE', `${S}/dns/${id}`));
    refused(await call(sim, 'DELETE', `${S}/dns/${id}`), 404, 'NOT_FOUND');
    refused(await call(sim, 'DELETE', `${S}/dns/abc`), 404, 'NOT_FOUND');
  });
  it('refuses a ttl out of 60-86400, an unknown type, a host over 255, a domain in Unicode or not held', async () => {
    const rec = { domain: SHOP, host: 'x', type: 'TXT', content: 'hello' };
    for (const body of [
      { ...rec, ttl: 59 },
      { ...rec, ttl: 86_401 },
      { ...rec, type: 'PTR' },
      { ...rec, host: 'h'.repeat(256) },
      { ...rec, domain: 'れい.jp' },
      { ...rec, domain: 'unheld.jp' },
      { ...rec, priority: 'high' },
      { ...rec, content: '' },
      { ...rec, type: 'AAAA', content: '203.0.113.1' },
    ])
      refused(await call(sim, 'POST', `${S}/dns`, { body }), 422, 'VALIDATION_ERROR');
    ok(await call(sim, 'POST', `${S}/dns`, { body: { ...rec, ttl: 60 } }));
    ok(await call(sim, 'POST', `${S}/dns`, { body: { ...rec, ttl: 86_400, priority: 10 } }));
  });
});

describe('logs', () => {
  it('the access log: every line when `lines` is left out, the last N, by keyword', async () => {
    const all = await get<{ domain: string; log: string }>('/access-log', { domain: SHOP });
    expect(all.log.split('\n')).toHaveLength(5);
    expect(
      (await get<{ log: string }>('/access-log', { domain: SHOP, lines: '2' })).log.split('\n'),
    ).toHaveLength(2);
    expect(
      (await get<{ log: string }>('/access-log', { domain: SHOP, keyword: 'wp-login' })).log.split('\n'),
    ).toHaveLength(2);
    refused(await call(sim, 'GET', `${S}/access-log`), 422, 'VALIDATION_ERROR');
    refused(
      await call(sim, 'GET', `${S}/access-log`, { query: { domain: SHOP, lines: '0' } }),
      422,
      'VALIDATION_ERROR',
    );
    refused(await call(sim, 'GET', `${S}/access-log`, { query: { domain: 'unheld.jp' } }), 404, 'NOT_FOUND');
  });
  it('the error log: domain required; {domain, log}; lines and keyword', async () => {
    const all = await get<{ domain: string; log: string }>('/error-log', { domain: SHOP });
    expect(all.domain).toBe(SHOP);
    expect(all.log.split('\n')).toHaveLength(3);
    expect((await get<{ log: string }>('/error-log', { domain: SHOP, lines: '1' })).log).toContain(
      'PHP Warning',
    );
    expect(
      (await get<{ log: string }>('/error-log', { domain: SHOP, keyword: 'Fatal' })).log.split('\n'),
    ).toHaveLength(1);
    refused(await call(sim, 'GET', `${S}/error-log`), 422, 'VALIDATION_ERROR');
  });
});

describe('SSH (the older partial spec)', () => {
  it('reads and toggles SSH; adds, lists and deletes a key', async () => {
    expect((await call(sim, 'GET', `${S}/ssh`)).json).toEqual({
      ssh_enabled: true,
      host: SERVER,
      user: 'xs123456',
      port: 10022,
    });
    expect((await call(sim, 'PUT', `${S}/ssh`, { body: { ssh_enabled: false } })).json).toMatchObject({
      ssh_enabled: false,
    });
    const pub = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ4a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5 me@laptop';
    const added = (await call(sim, 'POST', `${S}/ssh/key`, { body: { public_key: pub, label: 'laptop' } }))
      .json as { key_id: string };
    expect((await call(sim, 'DELETE', `${S}/ssh/key/${added.key_id}`)).status).toBe(200);
    expect((await call(sim, 'DELETE', `${S}/ssh/key/${added.key_id}`)).status).toBe(404);
  });
});

describe('keys', () => {
  it('a read key reads and cannot write; a custom key reaches only its categories', async () => {
    expect((await call(sim, 'GET', `${S}/dns`, { key: sim.keys.read })).status).toBe(200);
    refused(await call(sim, 'POST', `${S}/cron`, { key: sim.keys.read, body: {} }), 403, 'FORBIDDEN');
    // The preset custom key names wordpress (full) and log (read), and no dns.
    expect((await call(sim, 'GET', `${S}/wp`, { key: sim.keys.custom })).status).toBe(200);
    refused(await call(sim, 'GET', `${S}/dns`, { key: sim.keys.custom }), 403, 'FORBIDDEN');
  });
  it('every write answers 200 under the rate limit, and carries the rate-limit headers', async () => {
    const r = await call(sim, 'GET', `${S}/cron`);
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
  });
});
