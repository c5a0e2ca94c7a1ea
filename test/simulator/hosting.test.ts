import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, detailsOf, start } from './sim-client.ts';

const S = '/v1/server/xs123456.xsrv.jp';
const IDN = 'xn--n8jyh.jp'; // れい.jp

interface Domain {
  domain: string;
  url: string;
  ssl_status: string;
  document_root: string;
}
interface Wp {
  id: string;
  url: string;
  domain: string;
}
interface SshKey {
  key_id: string;
  public_key: string;
  label: string;
}

let sim: Simulator;
beforeEach(async () => {
  sim = await start({ rateLimit: { limit: 500, windowSeconds: 60, concurrent: 5 } });
});
afterEach(async () => {
  await sim.close();
});

describe('server info and usage', () => {
  it('server-info carries the documented fields', async () => {
    const r = await call(sim, 'GET', `${S}/server-info`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      ip_address: expect.any(String),
      name_servers: expect.arrayContaining(['ns1.xserver.jp']),
      php_versions: expect.any(Array),
      db_versions: [{ product: 'MariaDB', version: '10.5' }],
      domain_validation_token: expect.any(String),
      hostname: expect.any(String),
    });
  });
  it('usage reports disk, files and counts', async () => {
    const r = await call(sim, 'GET', `${S}/server-info/usage`);
    expect(r.json).toMatchObject({
      disk: { used_mb: 12480 },
      file_count: 48210,
      counts: { domains: 4, wordpress: 3 },
    });
  });
  it('unknown server name is 404; a non-target server name is 403', async () => {
    const a = await call(sim, 'GET', '/v1/server/xs000000.xsrv.jp/server-info');
    expect([a.status, codeOf(a)]).toEqual([404, 'NOT_FOUND']);
    const b = await call(sim, 'GET', '/v1/server/xs654321.xsrv.jp/server-info', { key: sim.keys.selected });
    expect([b.status, codeOf(b)]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('domains', () => {
  it('lists domains with ssl_status (incl. failed_nameserver), url and document_root', async () => {
    const r = await call(sim, 'GET', `${S}/domain`);
    const domains = (r.json as { domains: Domain[] }).domains;
    expect(domains.map((d) => d.domain)).toContain(IDN);
    expect(domains.find((d) => d.domain === 'example-blog.net')?.ssl_status).toBe('failed_nameserver');
  });
  it('GET one domain by Punycode; a Unicode name in the path is 404', async () => {
    const r = await call(sim, 'GET', `${S}/domain/${IDN}`);
    expect(r.json).toMatchObject({
      domain: IDN,
      url: `https://${IDN}/`,
      document_root: `/home/xs123456/${IDN}/public_html`,
    });
    const u = await call(sim, 'GET', `${S}/domain/${encodeURIComponent('れい.jp')}`);
    expect([u.status, codeOf(u)]).toEqual([404, 'NOT_FOUND']);
  });
  it('adds a domain (Unicode body stored as Punycode); duplicates and bad names are 422', async () => {
    const token = sim.control.hostingServer('xs123456.xsrv.jp').domainValidationToken;
    for (const d of ['テスト.jp', 'external-site.com'])
      sim.control.setTxtRecord(`_service-verify.${d}`, token);
    const r = await call(sim, 'POST', `${S}/domain`, {
      body: { domain: 'テスト.jp', ssl: true, redirect_https: true },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ domain: 'xn--zckzah.jp', ssl_status: 'active' });
    const dup = await call(sim, 'POST', `${S}/domain`, { body: { domain: 'xn--zckzah.jp' } });
    expect([dup.status, codeOf(dup)]).toEqual([422, 'VALIDATION_ERROR']);
    const bad = await call(sim, 'POST', `${S}/domain`, { body: { domain: 'no_dots' } });
    expect(bad.status).toBe(422);
    const ns = await call(sim, 'POST', `${S}/domain`, { body: { domain: 'external-site.com', ssl: true } });
    expect((ns.json as Domain).ssl_status).toBe('failed_nameserver');
    const types = await call(sim, 'POST', `${S}/domain`, { body: { domain: 'x-site.com', ssl: 'yes' } });
    expect(types.status).toBe(422);
  });
  it('reset removes the WordPress sites of the domain and its subdomains', async () => {
    const r = await call(sim, 'POST', `${S}/domain/example-shop.com/reset`);
    expect(r.status).toBe(200);
    const wp = await call(sim, 'GET', `${S}/wp`);
    expect((wp.json as { wordpress: Wp[] }).wordpress.map((w) => w.domain)).toEqual([IDN]);
  });
  it('subdomains: list and add by FQDN under a registered domain', async () => {
    const list = await call(sim, 'GET', `${S}/subdomain`);
    expect(list.json).toMatchObject({
      subdomains: [{ subdomain: 'blog.example-shop.com', domain: 'example-shop.com' }],
    });
    const ok = await call(sim, 'POST', `${S}/subdomain`, {
      body: { subdomain: 'shop.example-shop.com', ssl: true },
    });
    expect(ok.json).toMatchObject({
      subdomain: 'shop.example-shop.com',
      document_root: '/home/xs123456/shop.example-shop.com/public_html',
    });
    const bad = await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: 'www.not-mine.com' } });
    expect([bad.status, codeOf(bad)]).toEqual([422, 'VALIDATION_ERROR']);
  });
});

describe('WordPress', () => {
  it('lists all sites, or those of one parent domain; a subdomain there is 422', async () => {
    const all = (await call(sim, 'GET', `${S}/wp`)).json as { wordpress: Wp[] };
    expect(all.wordpress).toHaveLength(3);
    const shop = (await call(sim, 'GET', `${S}/wp`, { query: { domain: 'example-shop.com' } })).json as {
      wordpress: Wp[];
    };
    expect(shop.wordpress.map((w) => w.url).sort()).toEqual([
      'https://blog.example-shop.com/',
      'https://example-shop.com/',
    ]);
    const sub = await call(sim, 'GET', `${S}/wp`, { query: { domain: 'blog.example-shop.com' } });
    expect([sub.status, codeOf(sub)]).toEqual([422, 'VALIDATION_ERROR']);
    const uni = await call(sim, 'GET', `${S}/wp`, { query: { domain: 'れい.jp' } });
    expect(uni.status).toBe(422);
  });
  it('installs with all fields; the admin password is masked in recorded requests', async () => {
    const r = await call(sim, 'POST', `${S}/wp`, {
      body: {
        url: `https://${IDN}/blog`,
        title: 'ブログ',
        admin_username: 'admin',
        admin_password: 'WpPass-123',
        admin_email: 'a@example.com',
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: expect.any(String), url: `https://${IDN}/blog/` });
    expect(JSON.stringify(sim.control.requests())).not.toContain('WpPass-123');
    const missing = await call(sim, 'POST', `${S}/wp`, { body: { url: `https://${IDN}/x` } });
    expect([missing.status, codeOf(missing)]).toEqual([422, 'VALIDATION_ERROR']);
    expect(detailsOf(missing).length).toBeGreaterThanOrEqual(4);
    const foreign = await call(sim, 'POST', `${S}/wp`, {
      body: {
        url: 'https://elsewhere.com/',
        title: 't',
        admin_username: 'a',
        admin_password: 'WpPass-123',
        admin_email: 'a@b.co',
      },
    });
    expect(foreign.status).toBe(422);
  });
  it('DELETE with a JSON body (delete_db default true, delete_db_user default false)', async () => {
    const r = await call(sim, 'DELETE', `${S}/wp/1001`, { body: { delete_cron: true } });
    expect(r.status).toBe(200);
    expect(
      ((await call(sim, 'GET', `${S}/wp`)).json as { wordpress: Wp[] }).wordpress.map((w) => w.id),
    ).not.toContain('1001');
    // the database went with it, the user stayed: granting on it fails, creating the same db succeeds
    const grant = await call(sim, 'POST', `${S}/db/user/xs123456_wp1/grant`, {
      body: { db_name: 'xs123456_wp1' },
    });
    expect(grant.status).toBe(422);
    const again = await call(sim, 'DELETE', `${S}/wp/1001`);
    expect([again.status, codeOf(again)]).toEqual([404, 'NOT_FOUND']);
    const badBody = await call(sim, 'DELETE', `${S}/wp/1002`, { body: { delete_db: 'no' } });
    expect(badBody.status).toBe(422);
  });
});

describe('databases', () => {
  it('creates a db, a user and grants; validation and 404s', async () => {
    const db = await call(sim, 'POST', `${S}/db`, {
      body: { name_suffix: 'shop', character_set: 'utf8mb4' },
    });
    expect(db.json).toMatchObject({ db_name: 'xs123456_shop' });
    const user = await call(sim, 'POST', `${S}/db/user`, {
      body: { name_suffix: 'shopuser', password: 'DbPass-999' },
    });
    expect(user.json).toMatchObject({ db_user: 'xs123456_shopuser' });
    expect(JSON.stringify(sim.control.requests())).not.toContain('DbPass-999');
    const grant = await call(sim, 'POST', `${S}/db/user/xs123456_shopuser/grant`, {
      body: { db_name: 'xs123456_shop' },
    });
    expect(grant.status).toBe(200);
    const noUser = await call(sim, 'POST', `${S}/db/user/xs123456_ghost/grant`, {
      body: { db_name: 'xs123456_shop' },
    });
    expect(noUser.status).toBe(404);
    const badSuffix = await call(sim, 'POST', `${S}/db`, { body: { name_suffix: 'Bad-Name' } });
    expect(badSuffix.status).toBe(422);
    const badCharset = await call(sim, 'POST', `${S}/db`, {
      body: { name_suffix: 'x', character_set: 'latin9' },
    });
    expect(badCharset.status).toBe(422);
    const shortPw = await call(sim, 'POST', `${S}/db/user`, {
      body: { name_suffix: 'u2', password: 'short' },
    });
    expect(shortPw.status).toBe(422);
  });
});

describe('SSH', () => {
  it('reads and toggles SSH', async () => {
    expect((await call(sim, 'GET', `${S}/ssh`)).json).toEqual({
      ssh_enabled: true,
      host: 'xs123456.xsrv.jp',
      user: 'xs123456',
      port: 10022,
    });
    const r = await call(sim, 'PUT', `${S}/ssh`, { body: { ssh_enabled: false } });
    expect(r.json).toMatchObject({ ssh_enabled: false });
    expect((await call(sim, 'PUT', `${S}/ssh`, { body: {} })).status).toBe(422);
  });
  it('adds a public key with a label, lists it, deletes it', async () => {
    const pub = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ4a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5 me@laptop';
    const r = await call(sim, 'POST', `${S}/ssh/key`, { body: { public_key: pub, label: 'laptop' } });
    const added = r.json as SshKey;
    expect(added).toMatchObject({ public_key: pub, label: 'laptop' });
    expect(added).not.toHaveProperty('private_key');
    const list = (await call(sim, 'GET', `${S}/ssh/key`)).json as { ssh_keys: SshKey[] };
    expect(list.ssh_keys.map((k) => k.label)).toContain('laptop');
    expect((await call(sim, 'DELETE', `${S}/ssh/key/${added.key_id}`)).status).toBe(200);
    expect((await call(sim, 'DELETE', `${S}/ssh/key/${added.key_id}`)).status).toBe(404);
  });
  it('generate:true returns a private key once; it is never listed or recorded', async () => {
    const r = await call(sim, 'POST', `${S}/ssh/key`, { body: { generate: true, label: 'gen' } });
    const body = r.json as SshKey & { private_key: string };
    expect(body.private_key).toContain('PRIVATE KEY');
    expect(body.public_key).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI/);
    const list = await call(sim, 'GET', `${S}/ssh/key`);
    expect(list.text).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(sim.control.requests())).not.toContain('PRIVATE KEY');
  });
  it('bad keys and missing labels are 422', async () => {
    expect(
      (await call(sim, 'POST', `${S}/ssh/key`, { body: { public_key: 'garbage', label: 'x' } })).status,
    ).toBe(422);
    expect(
      (
        await call(sim, 'POST', `${S}/ssh/key`, {
          body: { public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ4' },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(sim, 'POST', `${S}/ssh/key`, { body: { generate: true, public_key: 'ssh-ed25519 AAAA' } }))
        .status,
    ).toBe(422);
  });
});

describe('error log', () => {
  it('requires domain; answers {domain, log}; lines and keyword', async () => {
    const missing = await call(sim, 'GET', `${S}/error-log`);
    expect([missing.status, codeOf(missing)]).toEqual([422, 'VALIDATION_ERROR']);
    const all = await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'example-shop.com' } });
    const body = all.json as { domain: string; log: string };
    expect(body.domain).toBe('example-shop.com');
    expect(body.log.split('\n')).toHaveLength(3);
    const last = (
      await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'example-shop.com', lines: '1' } })
    ).json as { log: string };
    expect(last.log).toContain('PHP Warning');
    const kw = (
      await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'example-shop.com', keyword: 'Fatal' } })
    ).json as { log: string };
    expect(kw.log.split('\n')).toHaveLength(1);
    expect(kw.log).toContain('Fatal');
    expect(
      (await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'example-shop.com', lines: '0' } }))
        .status,
    ).toBe(422);
    expect((await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'unknown.com' } })).status).toBe(404);
  });
});

describe('paths', () => {
  it('a raw @ in a path is 400 (must be URL-encoded)', async () => {
    const r = await call(sim, 'GET', `${S}/domain/info@example-shop.com`);
    expect([r.status, codeOf(r)]).toEqual([400, 'BAD_REQUEST']);
  });
  it('read key cannot write hosting resources', async () => {
    const r = await call(sim, 'PUT', `${S}/ssh`, { key: sim.keys.read, body: { ssh_enabled: false } });
    expect([r.status, codeOf(r)]).toEqual([403, 'FORBIDDEN']);
  });
});
