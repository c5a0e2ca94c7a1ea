/**
 * Hosting behaviour the spec describes beyond plain CRUD, over real HTTP on
 * the manual clock: domain ownership verification through simulated DNS TXT
 * records, `failed_nameserver` through a control, a generated key pair shown
 * once, and the state changes of a domain reset and a WordPress delete.
 */
import { createPublicKey } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, ctl, detailsOf, start } from './sim-client.ts';

const SERVER = 'xs123456.xsrv.jp';
const S = `/v1/server/${SERVER}`;
const IDN = 'xn--n8jyh.jp'; // れい.jp

interface Counts {
  domains: number;
  wordpress: number;
  databases: number;
  db_users: number;
  cron_jobs: number;
}

let sim: Simulator;
let token: string;
beforeEach(async () => {
  sim = await start({ rateLimit: { limit: 500, windowSeconds: 60, concurrent: 5 } });
  token = sim.control.hostingServer(SERVER).domainValidationToken;
});
afterEach(async () => {
  await sim.close();
});

const addDomain = (domain: string, ssl = false) =>
  call(sim, 'POST', `${S}/domain`, { body: { domain, ssl } });

async function counts(): Promise<Counts> {
  return ((await call(sim, 'GET', `${S}/server-info/usage`)).json as { counts: Counts }).counts;
}

async function domainNames(): Promise<string[]> {
  return ((await call(sim, 'GET', `${S}/domain`)).json as { domains: { domain: string }[] }).domains.map(
    (d) => d.domain,
  );
}

describe('domain ownership verification (TXT _service-verify.{domain})', () => {
  it('is refused without the record: 422 VALIDATION_ERROR naming the record, nothing added', async () => {
    const before = await counts();
    const r = await addDomain('new-shop.jp');
    expect([r.status, codeOf(r)]).toEqual([422, 'VALIDATION_ERROR']);
    const e = (r.json as { error: { message: string } }).error;
    expect(e.message).toBe('ドメインの所有権を確認できませんでした。');
    expect(detailsOf(r)).toHaveLength(1);
    expect(detailsOf(r)[0]).toMatch(/^domain: /);
    expect(detailsOf(r)[0]).toContain('_service-verify.new-shop.jp');
    expect(detailsOf(r)[0]).toContain('domain_validation_token');
    expect(await domainNames()).not.toContain('new-shop.jp');
    expect(await counts()).toEqual(before);
  });

  it('is refused with another value or another server’s token, and accepted with this server’s', async () => {
    sim.control.setTxtRecord('_service-verify.new-shop.jp', 'not-the-token');
    expect((await addDomain('new-shop.jp')).status).toBe(422);
    const other = sim.control.hostingServer('xs654321.xsrv.jp').domainValidationToken;
    expect(other).not.toBe(token);
    sim.control.setTxtRecord('_service-verify.new-shop.jp', other);
    expect((await addDomain('new-shop.jp')).status).toBe(422);
    // a name may hold several TXT values, as in DNS: adding the right one is enough
    sim.control.setTxtRecord('_service-verify.new-shop.jp', token);
    const ok = await addDomain('new-shop.jp', true);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ domain: 'new-shop.jp', ssl_status: 'active' });
    expect(await domainNames()).toContain('new-shop.jp');
  });

  it('is refused before the record has propagated and accepted after (simulated clock)', async () => {
    const rec = sim.control.setTxtRecord('_service-verify.new-shop.jp', token, { propagationMs: 300_000 });
    expect(rec.visible).toBe(false);
    expect(rec.visibleAt.toISOString()).toBe('2026-11-21T03:05:00.000Z');
    expect((await addDomain('new-shop.jp')).status).toBe(422);
    sim.control.clock.advance(299_999);
    expect((await addDomain('new-shop.jp')).status).toBe(422);
    sim.control.clock.advance(1);
    expect(sim.control.txtRecords().find((t) => t.name === '_service-verify.new-shop.jp')?.visible).toBe(
      true,
    );
    expect((await addDomain('new-shop.jp')).status).toBe(200);
  });

  it('setDnsPropagation sets the delay of records set afterwards without their own', async () => {
    sim.control.setDnsPropagation(60_000);
    sim.control.setTxtRecord('_service-verify.late.jp', token);
    sim.control.setTxtRecord('_service-verify.early.jp', token, { propagationMs: 0 });
    expect((await addDomain('early.jp')).status).toBe(200);
    expect((await addDomain('late.jp')).status).toBe(422);
    sim.control.clock.advance(60_000);
    expect((await addDomain('late.jp')).status).toBe(200);
  });

  it('a removed record no longer verifies', async () => {
    sim.control.setTxtRecord('_service-verify.gone.jp', token);
    sim.control.removeTxtRecord('_service-verify.gone.jp');
    expect((await addDomain('gone.jp')).status).toBe(422);
    expect(() => sim.control.removeTxtRecord('_service-verify.gone.jp')).toThrow(/no TXT record/);
  });

  it('a Japanese domain: the record set under its Unicode name is kept in Punycode and verifies', async () => {
    const rec = sim.control.setTxtRecord('_service-verify.テスト.jp', token);
    expect(rec.name).toBe('_service-verify.xn--zckzah.jp');
    const r = await addDomain('テスト.jp');
    expect(r.json).toMatchObject({ domain: 'xn--zckzah.jp' });
    expect((await call(sim, 'GET', `${S}/domain/xn--zckzah.jp`)).status).toBe(200);
    const raw = await call(sim, 'GET', `${S}/domain/${encodeURIComponent('テスト.jp')}`);
    expect([raw.status, codeOf(raw)]).toEqual([404, 'NOT_FOUND']);
  });

  it('a malformed body is refused for its fields first; a subdomain needs no record', async () => {
    const bad = await call(sim, 'POST', `${S}/domain`, { body: { domain: 'new-shop.jp', ssl: 'yes' } });
    expect(bad.status).toBe(422);
    expect(detailsOf(bad).join('\n')).not.toContain('_service-verify');
    const dup = await addDomain('example-shop.com');
    expect(detailsOf(dup)).toEqual(['domain: 既に登録されているドメインです。']);
    const sub = await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: 'news.example-shop.com' } });
    expect(sub.status).toBe(200);
  });

  it('the seed holds a visible record for every domain it already holds', () => {
    const records = sim.control.txtRecords();
    for (const server of ['xs123456.xsrv.jp', 'xs654321.xsrv.jp']) {
      const snap = sim.control.hostingServer(server);
      for (const d of snap.domains) {
        expect(records).toContainEqual(
          expect.objectContaining({
            name: `_service-verify.${d.domain}`,
            value: snap.domainValidationToken,
            visible: true,
          }),
        );
      }
    }
  });
});

describe('DNS and hosting controls over HTTP (/__sim/)', () => {
  it('POST/GET/DELETE dns/txt, with propagation on the simulated clock', async () => {
    const set = await ctl(sim, 'POST', 'dns/txt', {
      name: '_service-verify.http-made.jp',
      value: token,
      propagationMs: 120_000,
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({
      record: {
        name: '_service-verify.http-made.jp',
        value: token,
        visibleAt: '2026-11-21T03:02:00.000Z',
        visible: false,
      },
    });
    expect((await addDomain('http-made.jp')).status).toBe(422);
    await ctl(sim, 'POST', 'clock', { advanceMs: 120_000 });
    const list = (await ctl(sim, 'GET', 'dns/txt')).json as { records: { name: string; visible: boolean }[] };
    expect(list.records.find((r) => r.name === '_service-verify.http-made.jp')?.visible).toBe(true);
    expect((await addDomain('http-made.jp')).status).toBe(200);

    await ctl(sim, 'POST', 'dns/txt', { name: '_service-verify.two.jp', value: 'a' });
    await ctl(sim, 'POST', 'dns/txt', { name: '_service-verify.two.jp', value: 'b' });
    const one = await ctl(sim, 'DELETE', 'dns/txt/_service-verify.two.jp?value=a');
    expect(one.json).toEqual({ ok: true });
    expect(sim.control.txtRecords().filter((r) => r.name === '_service-verify.two.jp')).toMatchObject([
      { value: 'b' },
    ]);
    expect((await ctl(sim, 'DELETE', 'dns/txt/_service-verify.two.jp')).status).toBe(200);
    const again = await ctl(sim, 'DELETE', 'dns/txt/_service-verify.two.jp');
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('refuses malformed control input with 400', async () => {
    expect((await ctl(sim, 'POST', 'dns/txt', { name: 'no dots here', value: 'x' })).status).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/txt', { name: '_service-verify.ok.jp' })).status).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/txt', { name: '_service-verify.ok.jp', value: '' })).status).toBe(
      400,
    );
    expect(
      (await ctl(sim, 'POST', 'dns/txt', { name: '_service-verify.ok.jp', value: 'x', propagationMs: -1 }))
        .status,
    ).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/propagation', { ms: -5 })).status).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/name-servers', { domain: 'example-shop.com' })).status).toBe(400);
    expect((await ctl(sim, 'GET', 'hosting/xs000000.xsrv.jp')).status).toBe(400);
  });

  it('POST dns/propagation sets the default delay', async () => {
    expect((await ctl(sim, 'POST', 'dns/propagation', { ms: 30_000 })).status).toBe(200);
    const r = (await ctl(sim, 'POST', 'dns/txt', { name: '_service-verify.slow.jp', value: token })).json as {
      record: { visibleAt: string; visible: boolean };
    };
    expect(r.record).toMatchObject({ visibleAt: '2026-11-21T03:00:30.000Z', visible: false });
  });

  it('GET hosting/{servername} and GET state show the hosting server and the DNS', async () => {
    const snap = (await ctl(sim, 'GET', `hosting/${SERVER}`)).json as {
      servername: string;
      cronJobs: unknown[];
      databases: unknown[];
      dbUsers: string[];
    };
    expect(snap).toMatchObject({ servername: SERVER, domainValidationToken: token });
    expect(snap.cronJobs).toHaveLength(4);
    expect(snap.dbUsers).toContain('xs123456_wp1');
    const state = (await ctl(sim, 'GET', 'state')).json as {
      dns: { propagation_ms: number; txt: { name: string }[]; name_servers: Record<string, string> };
    };
    expect(state.dns.propagation_ms).toBe(0);
    expect(state.dns.txt.map((t) => t.name)).toContain(`_service-verify.${IDN}`);
    expect(state.dns.name_servers).toEqual({ 'example-blog.net': 'external' });
  });
});

describe('ssl_status failed_nameserver through the name-server control', () => {
  const sslOf = async (d: string) =>
    ((await call(sim, 'GET', `${S}/domain/${d}`)).json as { ssl_status: string }).ssl_status;

  it('a new domain marked as on other name servers gets failed_nameserver with ssl, none without', async () => {
    sim.control.setExternalNameServers('elsewhere-dns.jp', true);
    sim.control.setExternalNameServers('plain-off.jp', true);
    sim.control.setTxtRecord('_service-verify.elsewhere-dns.jp', token);
    sim.control.setTxtRecord('_service-verify.plain-off.jp', token);
    expect((await addDomain('elsewhere-dns.jp', true)).json).toMatchObject({
      ssl_status: 'failed_nameserver',
      url: 'http://elsewhere-dns.jp/',
    });
    expect((await addDomain('plain-off.jp', false)).json).toMatchObject({ ssl_status: 'none' });
    const sub = await call(sim, 'POST', `${S}/subdomain`, {
      body: { subdomain: 'www.elsewhere-dns.jp', ssl: true },
    });
    expect(sub.json).toMatchObject({ ssl_status: 'failed_nameserver' });
  });

  it('moves a held domain and its SSL subdomains to failed_nameserver and back (over HTTP)', async () => {
    expect(await sslOf('example-shop.com')).toBe('active');
    const r = await ctl(sim, 'POST', 'dns/name-servers', { domain: 'example-shop.com', external: true });
    expect(r.status).toBe(200);
    expect(await sslOf('example-shop.com')).toBe('failed_nameserver');
    const subs = (await call(sim, 'GET', `${S}/subdomain`)).json as {
      subdomains: { subdomain: string; ssl_status: string }[];
    };
    expect(subs.subdomains.find((s) => s.subdomain === 'blog.example-shop.com')?.ssl_status).toBe(
      'failed_nameserver',
    );
    await ctl(sim, 'POST', 'dns/name-servers', { domain: 'example-shop.com', external: false });
    expect(await sslOf('example-shop.com')).toBe('active');
    // the seeded failed_nameserver domain recovers once it is put on the service's name servers
    sim.control.setExternalNameServers('example-blog.net', false);
    expect(await sslOf('example-blog.net')).toBe('active');
  });

  it('a Japanese domain is marked by either form; the “external” name rule can be overridden', async () => {
    sim.control.setExternalNameServers('れい.jp', true);
    expect(await sslOf(IDN)).toBe('failed_nameserver');
    sim.control.setExternalNameServers('external-ok.jp', false);
    sim.control.setTxtRecord('_service-verify.external-ok.jp', token);
    expect((await addDomain('external-ok.jp', true)).json).toMatchObject({ ssl_status: 'active' });
  });
});

describe('generated SSH key pair', () => {
  it('returns the private key once, matching the public key; no later answer carries it', async () => {
    const r = await call(sim, 'POST', `${S}/ssh/key`, { body: { generate: true, label: 'laptop' } });
    expect(r.status).toBe(200);
    const gen = r.json as { key_id: string; public_key: string; label: string; private_key: string };
    expect(gen.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    // the public half in OpenSSH form is the one of the private key returned
    const raw = Buffer.from(createPublicKey(gen.private_key).export({ format: 'jwk' }).x ?? '', 'base64url');
    const blob = Buffer.from(gen.public_key.split(' ')[1] ?? '', 'base64');
    expect(blob.subarray(blob.length - 32).equals(raw)).toBe(true);
    const secret = gen.private_key.split('\n')[1] ?? '';
    expect(secret.length).toBeGreaterThan(20);

    const reads = [
      '/server-info',
      '/server-info/usage',
      '/domain',
      '/subdomain',
      '/wp',
      '/ssh',
      '/ssh/key',
      '/error-log?domain=example-shop.com',
    ];
    for (const p of reads) {
      const a = await call(sim, 'GET', `${S}${p}`);
      expect(a.status).toBe(200);
      expect(a.text).not.toContain('PRIVATE KEY');
      expect(a.text).not.toContain(secret);
    }
    const listed = (await call(sim, 'GET', `${S}/ssh/key`)).json as { ssh_keys: Record<string, unknown>[] };
    const mine = listed.ssh_keys.find((k) => k.key_id === gen.key_id);
    expect(mine).toMatchObject({ public_key: gen.public_key, label: 'laptop' });
    expect(Object.keys(mine ?? {}).sort()).toEqual(['created_at', 'key_id', 'label', 'public_key']);
    for (const p of ['state', `hosting/${SERVER}`, 'requests']) {
      const text = JSON.stringify((await ctl(sim, 'GET', p)).json);
      expect(text).not.toContain('PRIVATE KEY');
      expect(text).not.toContain(secret);
    }
    // each generation is a new pair
    const second = (await call(sim, 'POST', `${S}/ssh/key`, { body: { generate: true } })).json as {
      public_key: string;
      private_key: string;
      label: string;
    };
    expect(second.public_key).not.toBe(gen.public_key);
    expect(second.private_key).not.toBe(gen.private_key);
  });
});

describe('domain reset changes state', () => {
  it('removes the sites of the domain and its subdomains and clears their error logs; the rest stays', async () => {
    const before = await counts();
    const snapBefore = sim.control.hostingServer(SERVER);
    const r = await call(sim, 'POST', `${S}/domain/example-shop.com/reset`);
    expect(r.json).toEqual({ message: expect.any(String) });
    const wp = (await call(sim, 'GET', `${S}/wp`)).json as { wordpress: { id: string }[] };
    expect(wp.wordpress.map((w) => w.id)).toEqual(['1003']);
    const log = (await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'example-shop.com' } })).json;
    expect(log).toEqual({ domain: 'example-shop.com', log: '' });
    const idnLog = (await call(sim, 'GET', `${S}/error-log`, { query: { domain: IDN } })).json as {
      log: string;
    };
    expect(idnLog.log).toContain('robots.txt');
    expect(await counts()).toEqual({ ...before, wordpress: before.wordpress - 2 });
    const snap = sim.control.hostingServer(SERVER);
    expect(snap.databases).toEqual(snapBefore.databases);
    expect(snap.cronJobs).toEqual(snapBefore.cronJobs);
    expect(snap.subdomains.map((s) => s.subdomain)).toEqual(['blog.example-shop.com']);
    expect(snap.errorLogLines['example-shop.com']).toBe(0);
  });

  it('a Japanese domain is reset by its Punycode path; the raw Unicode path is a 404 and changes nothing', async () => {
    const raw = await call(sim, 'POST', `${S}/domain/${encodeURIComponent('れい.jp')}/reset`);
    expect([raw.status, codeOf(raw)]).toEqual([404, 'NOT_FOUND']);
    expect((await counts()).wordpress).toBe(3);
    expect((await call(sim, 'POST', `${S}/domain/${IDN}/reset`)).status).toBe(200);
    const wp = (await call(sim, 'GET', `${S}/wp`)).json as { wordpress: { id: string }[] };
    expect(wp.wordpress.map((w) => w.id).sort()).toEqual(['1001', '1002']);
    expect(sim.control.hostingServer(SERVER).errorLogLines[IDN]).toBe(0);
  });
});

describe('WordPress delete honours delete_db, delete_db_user and delete_cron', () => {
  const cronOf = (wpId: string) =>
    sim.control.hostingServer(SERVER).cronJobs.filter((c) => c.wordpressId === wpId);

  it('defaults (no body): the database and the cron job go, the DB user stays', async () => {
    const before = await counts();
    expect(cronOf('1001')).toHaveLength(1);
    expect((await call(sim, 'DELETE', `${S}/wp/1001`)).status).toBe(200);
    expect(await counts()).toEqual({
      ...before,
      wordpress: before.wordpress - 1,
      databases: before.databases - 1,
      cron_jobs: before.cron_jobs - 1,
    });
    const snap = sim.control.hostingServer(SERVER);
    expect(snap.databases.map((d) => d.name)).not.toContain('xs123456_wp1');
    expect(snap.dbUsers).toContain('xs123456_wp1');
    expect(cronOf('1001')).toEqual([]);
  });

  it('all three false: only the site goes', async () => {
    const before = await counts();
    const r = await call(sim, 'DELETE', `${S}/wp/1002`, {
      body: { delete_db: false, delete_db_user: false, delete_cron: false },
    });
    expect(r.status).toBe(200);
    expect(await counts()).toEqual({ ...before, wordpress: before.wordpress - 1 });
    const snap = sim.control.hostingServer(SERVER);
    expect(snap.databases.map((d) => d.name)).toContain('xs123456_wp2');
    expect(snap.dbUsers).toContain('xs123456_wp2');
    expect(cronOf('1002')).toHaveLength(1);
  });

  it('delete_db_user true removes the user and its grants; delete_db false keeps the database', async () => {
    const before = await counts();
    await call(sim, 'DELETE', `${S}/wp/1003`, { body: { delete_db: false, delete_db_user: true } });
    expect(await counts()).toEqual({
      ...before,
      wordpress: before.wordpress - 1,
      db_users: before.db_users - 1,
      cron_jobs: before.cron_jobs - 1,
    });
    const snap = sim.control.hostingServer(SERVER);
    expect(snap.dbUsers).not.toContain('xs123456_wp3');
    expect(snap.databases.find((d) => d.name === 'xs123456_wp3')?.grants).toEqual([]);
    // the user is gone for the API too
    const grant = await call(sim, 'POST', `${S}/db/user/xs123456_wp3/grant`, {
      body: { db_name: 'xs123456_wp3' },
    });
    expect([grant.status, codeOf(grant)]).toEqual([404, 'NOT_FOUND']);
  });

  it('a site installed through the API brings a database, a user and a cron job, and takes them per the flags', async () => {
    const before = await counts();
    const r = await call(sim, 'POST', `${S}/wp`, {
      body: {
        url: `https://${IDN}/shop`,
        title: 'ショップ',
        admin_username: 'admin',
        admin_password: 'WpPass-123',
        admin_email: 'a@example.com',
      },
    });
    const id = (r.json as { id: string }).id;
    expect(await counts()).toEqual({
      ...before,
      wordpress: before.wordpress + 1,
      databases: before.databases + 1,
      db_users: before.db_users + 1,
      cron_jobs: before.cron_jobs + 1,
    });
    expect(cronOf(id)).toMatchObject([
      { command: `/usr/bin/php /home/xs123456/${IDN}/public_html/shop/wp-cron.php` },
    ]);
    await call(sim, 'DELETE', `${S}/wp/${id}`, { body: { delete_db_user: true } });
    expect(await counts()).toEqual(before);
  });
});
