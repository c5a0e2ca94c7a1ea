import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  encodeDomainSegment,
  encodeMailSegment,
  type HostingClient,
  ProviderAuthError,
  ProviderNotFoundError,
  ProviderRejectedError,
  ValidationError,
} from '../../src/provider/index.ts';
import { caught } from '../support/caught.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

let h: Harness;
let host: HostingClient;
const SERVER = 'xs123456.xsrv.jp';
const BASE = `/v1/server/${SERVER}`;

beforeEach(async () => {
  h = await startHarness();
  host = h.client.hosting(SERVER);
});
afterEach(async () => {
  await h.close();
});

// Padded base64 (a length a multiple of 4), as every OpenSSH key is.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHostingTest00000000000000000000000000000000 me@laptop';

describe('path encoding', () => {
  it('Punycode for Japanese domains, %40 for @', () => {
    expect(encodeDomainSegment('れい.jp')).toMatch(/^xn--[a-z0-9-]+\.jp$/);
    expect(encodeDomainSegment('Example.COM')).toBe('example.com');
    expect(encodeDomainSegment('日本語.jp')).toBe('xn--wgv71a119e.jp');
    expect(encodeMailSegment('info@れい.jp')).toMatch(/^info%40xn--[a-z0-9-]+\.jp$/);
    expect(() => encodeMailSegment('nobody')).toThrow(ValidationError);
  });
});

describe('hosting endpoints (every row of the table)', () => {
  it('GET /server-info and /server-info/usage', async () => {
    const info = await host.serverInfo();
    expect(info.ip_address).toBe('183.90.240.11');
    expect(info.name_servers?.length).toBeGreaterThan(0);
    expect(info.domain_validation_token).toEqual(expect.any(String));
    const usage = await host.usage();
    expect(usage).toHaveProperty('disk');
  });

  it('GET /domain, GET /domain/{domain} with a Japanese domain in Punycode', async () => {
    const list = await host.listDomains();
    expect(Array.isArray(list.domains)).toBe(true);
    const idn = await host.getDomain('れい.jp');
    expect(idn.domain).toMatch(/^xn--/);
    expect(idn.document_root).toEqual(expect.any(String));
    expect(idn.url).toEqual(expect.any(String));
    const paths = h.sim.control.requests({ method: 'GET' }).map((r) => r.path);
    expect(paths).toContain(`${BASE}/domain/${encodeDomainSegment('れい.jp')}`);
    const blog = await host.getDomain('example-blog.net');
    expect(blog.ssl_status).toBe('failed_nameserver');
  });

  it('POST /domain, POST /domain/{domain}/reset', async () => {
    const token = h.sim.control.hostingServer(SERVER).domainValidationToken;
    h.sim.control.setTxtRecord('_service-verify.ドメイン.jp', token);
    const added = await host.addDomain({ domain: 'ドメイン.jp', ssl: true, redirect_https: true });
    expect(added.message).toEqual(expect.any(String));
    const body = h.sim.control.requests({ method: 'POST', path: `${BASE}/domain` })[0]?.body;
    expect(body).toEqual({ domain: encodeDomainSegment('ドメイン.jp'), ssl: true, redirect_https: true });
    expect((await host.getDomain('ドメイン.jp')).ssl_status).toBe('active');
    const reset = await host.resetDomain('example-shop.com');
    expect(reset.message).toEqual(expect.any(String));
    expect((await host.listWordpress({ domain: 'example-shop.com' })).wordpress).toHaveLength(0);
  });

  it('GET /subdomain, POST /subdomain', async () => {
    await host.addSubdomain({ subdomain: 'shop.example-blog.net', ssl: false });
    const list = await host.listSubdomains();
    const subs = list.subdomains as Array<{ subdomain: string; document_root: string }>;
    expect(subs.find((s) => s.subdomain === 'shop.example-blog.net')?.document_root).toEqual(
      expect.any(String),
    );
  });

  it('GET /wp (with a parent domain), POST /wp, DELETE /wp/{id} with a JSON body', async () => {
    const all = await host.listWordpress();
    expect(all.wordpress.length).toBe(3);
    const idn = await host.listWordpress({ domain: 'れい.jp' });
    expect(idn.wordpress).toHaveLength(1);
    expect(h.sim.control.requests({ path: `${BASE}/wp` }).at(-1)?.query).toEqual({
      domain: encodeDomainSegment('れい.jp'),
    });
    const made = await host.installWordpress({
      url: 'https://example-blog.net/',
      title: 'Blog',
      admin_username: 'admin',
      admin_password: 'Wp-Passw0rd!',
      admin_email: 'me@example-blog.net',
    });
    const id = String(made.id);
    await host.deleteWordpress(id, { delete_db: false });
    const del = h.sim.control.requests({ method: 'DELETE' })[0];
    expect(del?.path).toBe(`${BASE}/wp/${id}`);
    expect(del?.body).toEqual({ delete_db: false, delete_db_user: false, delete_cron: true });
    expect((await host.listWordpress()).wordpress).toHaveLength(3);
    expect(h.sink.text).not.toContain('Wp-Passw0rd!');
  });

  it('POST /db, POST /db/user, POST /db/user/{db_user}/grant', async () => {
    const db = await host.createDatabase({ name_suffix: 'shop', character_set: 'utf8mb4' });
    const user = await host.createDatabaseUser({ name_suffix: 'shopuser', password: 'Db-Passw0rd!' });
    const grant = await host.grantDatabase(String(user.db_user), String(db.db_name));
    expect(grant.message).toEqual(expect.any(String));
    expect(h.sim.control.requests({ method: 'POST' }).map((r) => r.path)).toEqual([
      `${BASE}/db`,
      `${BASE}/db/user`,
      `${BASE}/db/user/${String(user.db_user)}/grant`,
    ]);
  });

  it('an @ in a path parameter is URL-encoded (the simulator refuses a raw @ with 400)', async () => {
    const e = await caught(host.grantDatabase('user@example.jp', 'xs123456_app'));
    expect(e).toBeInstanceOf(ProviderNotFoundError);
    expect(h.sim.control.requests({ method: 'POST' })[0]?.path).toBe(
      `${BASE}/db/user/user%40example.jp/grant`,
    );
  });

  it('GET /ssh, PUT /ssh', async () => {
    expect((await host.getSsh()).port).toBe(10022);
    await host.setSsh(false);
    expect((await host.getSsh()).ssh_enabled).toBe(false);
  });

  it('GET /ssh/key, POST /ssh/key (public key and generate), DELETE /ssh/key/{key_id}', async () => {
    const before = (await host.listSshKeys()).ssh_keys as unknown[];
    const added = await host.addSshKey({ public_key: ED25519, label: 'laptop' });
    const generated = await host.addSshKey({ generate: true, label: 'made-for-me' });
    expect(generated.private_key).toEqual(expect.stringContaining('PRIVATE KEY'));
    expect(
      h.sim.control.requests({ method: 'POST', path: `${BASE}/ssh/key` }).map((r) => r.body),
    ).toContainEqual({
      generate: true,
      label: 'made-for-me',
    });
    expect(((await host.listSshKeys()).ssh_keys as unknown[]).length).toBe(before.length + 2);
    await host.deleteSshKey(String(added.key_id));
    expect(((await host.listSshKeys()).ssh_keys as unknown[]).length).toBe(before.length + 1);
  });

  it('GET /error-log with domain, lines and keyword', async () => {
    const log = await host.errorLog({ domain: 'example-shop.com', lines: 10, keyword: 'PHP' });
    expect(log.domain).toBe('example-shop.com');
    expect(String(log.log)).toContain('PHP');
    expect(String(log.log)).not.toContain('favicon');
    expect(h.sim.control.requests({ path: `${BASE}/error-log` })[0]?.query).toEqual({
      domain: 'example-shop.com',
      lines: '10',
      keyword: 'PHP',
    });
    const idn = await host.errorLog({ domain: 'れい.jp' });
    expect(String(idn.log)).toContain('robots.txt');
  });
});

describe('hosting errors and validation', () => {
  it('a key without the server service gets 403; an unknown server 404; a bad body 422', async () => {
    const e403 = await caught(
      h
        .makeClient(h.sim.keys.read)
        .hosting(SERVER)
        .addDomain({ domain: 'x-y.jp', ssl: false, redirect_https: false }),
    );
    expect(e403).toBeInstanceOf(ProviderAuthError);
    const e404 = await caught(h.client.hosting('xs999999.xsrv.jp').serverInfo());
    expect(e404).toBeInstanceOf(ProviderNotFoundError);
    const e422 = await caught(host.createDatabase({ name_suffix: 'UPPER-case' }));
    expect(e422).toBeInstanceOf(ProviderRejectedError);
    expect(e422).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
  });

  it('refuses bad input locally and sends nothing', async () => {
    h.sim.control.clearRequests();
    const cases: Array<[Promise<unknown>, string]> = [
      [host.getDomain('bad domain'), 'domain'],
      [host.addDomain({ domain: 'ok.jp', ssl: 'yes' as unknown as boolean, redirect_https: false }), 'ssl'],
      [host.addSshKey({ public_key: 'not a key', label: 'x' }), 'public_key'],
      [host.errorLog({ domain: 'ok.jp', lines: 0 }), 'lines'],
      [host.deleteWordpress('../1', {}), 'wp_id'],
      [
        host.installWordpress({
          url: '',
          title: 't',
          admin_username: 'a',
          admin_password: 'p',
          admin_email: 'x',
        }),
        'url',
      ],
    ];
    for (const [p, field] of cases) {
      const e = await caught(p);
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).issues.map((i) => i.field)).toContain(field);
    }
    expect(() => h.client.hosting('not a server')).toThrow(ValidationError);
    expect(h.sim.control.requests()).toHaveLength(0);
  });
});
