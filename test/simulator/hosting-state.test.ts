/**
 * Hosting behaviour the reference describes beyond plain CRUD, over real HTTP
 * on the manual clock: domain ownership verification (TXT
 * `_xserver-verify.{domain}` = `xserver-verify=<token>`, checked on POST
 * /domain and POST /mail, seen a while after it resolves), SSL moving with a
 * domain's name servers, a generated key pair shown once, and the state
 * changes of a domain reset and a WordPress delete.
 */
import { createPublicKey } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, codeOf, ctl, start } from './sim-client.ts';

const SERVER = 'xs123456.xsrv.jp';
const S = `/v1/server/${SERVER}`;
const IDN = 'xn--n8jyh.jp'; // れい.jp
const SEEN_MS = 60_000;

interface Counts {
  domains: number;
  wordpress: number;
  databases: number;
  db_users: number;
  cron_jobs: number;
}

let sim: Simulator;
let token: string;
let value: string;
beforeEach(async () => {
  sim = await start({ rateLimit: { limit: 500, windowSeconds: 60, concurrent: 5 } });
  token = sim.control.hostingServer(SERVER).domainValidationToken;
  value = `xserver-verify=${token}`;
});
afterEach(async () => {
  await sim.close();
});

const addDomain = (domain: string, ssl = false) =>
  call(sim, 'POST', `${S}/domain`, { body: { domain, ssl } });
const addMail = (address: string) =>
  call(sim, 'POST', `${S}/mail`, { body: { mail_address: address, password: 'Mail-Pass1' } });

function counts(): Counts {
  const h = sim.control.hostingServer(SERVER);
  return {
    domains: h.domains.length,
    wordpress: h.wordpress.length,
    databases: h.databases.length,
    db_users: h.dbUsers.length,
    cron_jobs: h.cronJobs.length,
  };
}

async function domainNames(): Promise<string[]> {
  return ((await call(sim, 'GET', `${S}/domain`)).json as { domains: { domain: string }[] }).domains.map(
    (d) => d.domain,
  );
}

describe('domain ownership (TXT _xserver-verify.{domain} = xserver-verify=<token>)', () => {
  it('is refused without the record: 409 OPERATION_ERROR naming the record, nothing added', async () => {
    const r = await addDomain('new-shop.jp');
    expect([r.status, codeOf(r)]).toEqual([409, 'OPERATION_ERROR']);
    expect((r.json as { error: { message: string } }).error.message).toContain('_xserver-verify.new-shop.jp');
    expect(await domainNames()).not.toContain('new-shop.jp');
  });

  it('wants the prefixed value of this server’s token; the bare token or another server’s is refused', async () => {
    sim.control.setTxtRecord('_xserver-verify.new-shop.jp', token);
    const other = sim.control.hostingServer('xs654321.xsrv.jp').domainValidationToken;
    sim.control.setTxtRecord('_xserver-verify.new-shop.jp', `xserver-verify=${other}`);
    sim.control.setTxtRecord('_service-verify.new-shop.jp', value);
    sim.control.clock.advance(SEEN_MS);
    expect((await addDomain('new-shop.jp')).status).toBe(409);
    sim.control.setTxtRecord('_xserver-verify.new-shop.jp', value);
    sim.control.clock.advance(SEEN_MS);
    expect((await addDomain('new-shop.jp')).status).toBe(200);
  });

  it('is seen 60 s after it resolves (the reference’s evidence: 30 to 90 s), propagation first', async () => {
    sim.control.setTxtRecord('_xserver-verify.new-shop.jp', value, { propagationMs: 120_000 });
    sim.control.clock.advance(120_000 + SEEN_MS - 1000);
    expect((await addDomain('new-shop.jp')).status).toBe(409);
    sim.control.clock.advance(1000);
    expect((await addDomain('new-shop.jp')).status).toBe(200);
  });

  it('setVerificationDelay changes the wait; setDnsPropagation the default propagation', async () => {
    sim.control.setVerificationDelay(30_000);
    sim.control.setDnsPropagation(10_000);
    const rec = sim.control.setTxtRecord('_xserver-verify.late.jp', value);
    expect(rec.visibleAt.getTime()).toBe(sim.control.clock.now().getTime() + 10_000);
    sim.control.clock.advance(39_000);
    expect((await addDomain('late.jp')).status).toBe(409);
    sim.control.clock.advance(1000);
    expect((await addDomain('late.jp')).status).toBe(200);
    expect(() => sim.control.setVerificationDelay(-1)).toThrow();
  });

  it('a removed record no longer verifies', async () => {
    sim.control.setTxtRecord('_xserver-verify.gone.jp', value);
    sim.control.removeTxtRecord('_xserver-verify.gone.jp');
    sim.control.clock.advance(SEEN_MS);
    expect((await addDomain('gone.jp')).status).toBe(409);
    expect(() => sim.control.removeTxtRecord('_xserver-verify.gone.jp')).toThrow(/no TXT record/);
  });

  it('a Japanese domain: the record set under its Unicode name is kept in Punycode and verifies', async () => {
    const rec = sim.control.setTxtRecord('_xserver-verify.ドメイン.jp', value);
    expect(rec.name).toBe('_xserver-verify.xn--eckwd4c7c.jp');
    sim.control.clock.advance(SEEN_MS);
    const r = await addDomain('ドメイン.jp');
    expect(r.json).toMatchObject({ domain: 'xn--eckwd4c7c.jp' });
  });

  it('the body is refused for its fields first; a subdomain needs no record', async () => {
    const bad = await call(sim, 'POST', `${S}/domain`, { body: { domain: 'new-shop.jp', ssl: 'yes' } });
    expect([bad.status, codeOf(bad)]).toEqual([422, 'VALIDATION_ERROR']);
    const sub = await call(sim, 'POST', `${S}/subdomain`, {
      body: { subdomain: 'new.example-shop.com', ssl: false },
    });
    expect(sub.status).toBe(200);
  });

  it('POST /mail checks it too: a domain the panel added has no record until one is set', async () => {
    sim.control.panelAddDomain(SERVER, 'panel-shop.jp');
    const r = await addMail('info@panel-shop.jp');
    expect([r.status, codeOf(r)]).toEqual([409, 'OPERATION_ERROR']);
    expect(sim.control.hostingServer(SERVER).mailAccounts.map((m) => m.address)).not.toContain(
      'info@panel-shop.jp',
    );
    // The bot's way: a record in the domain's zone through the DNS API (host _xserver-verify), seen 60 s later.
    const dns = await call(sim, 'POST', `${S}/dns`, {
      body: { domain: 'panel-shop.jp', host: '_xserver-verify', type: 'TXT', content: value },
    });
    expect(dns.status).toBe(200);
    sim.control.clock.advance(SEEN_MS - 1000);
    expect((await addMail('info@panel-shop.jp')).status).toBe(409);
    sim.control.clock.advance(1000);
    expect((await addMail('info@panel-shop.jp')).status).toBe(200);
  });

  it('a zone record of a domain on other name servers is not what the world resolves', async () => {
    sim.control.panelAddDomain(SERVER, 'away.jp');
    sim.control.setExternalNameServers('away.jp', true);
    await call(sim, 'POST', `${S}/dns`, {
      body: { domain: 'away.jp', host: '_xserver-verify', type: 'TXT', content: value },
    });
    sim.control.clock.advance(SEEN_MS);
    expect((await addMail('info@away.jp')).status).toBe(409);
    sim.control.setTxtRecord('_xserver-verify.away.jp', value);
    sim.control.clock.advance(SEEN_MS);
    expect((await addMail('info@away.jp')).status).toBe(200);
  });

  it('the seed holds a seen record for every domain it already holds', async () => {
    const txt = sim.control.txtRecords();
    for (const server of [SERVER, 'xs654321.xsrv.jp']) {
      const h = sim.control.hostingServer(server);
      for (const d of h.domains) {
        expect(txt).toContainEqual(
          expect.objectContaining({
            name: `_xserver-verify.${d.domain}`,
            value: `xserver-verify=${h.domainValidationToken}`,
            visible: true,
          }),
        );
      }
    }
    expect((await addMail('sales@example-shop.com')).status).toBe(200);
  });
});

describe('DNS and hosting controls over HTTP (/__sim/)', () => {
  it('POST/GET/DELETE dns/txt, with propagation on the simulated clock', async () => {
    const set = await ctl(sim, 'POST', 'dns/txt', {
      name: '_xserver-verify.http-made.jp',
      value,
      propagationMs: 120_000,
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({
      record: {
        name: '_xserver-verify.http-made.jp',
        value,
        visibleAt: '2026-11-21T03:02:00.000Z',
        visible: false,
      },
    });
    expect((await addDomain('http-made.jp')).status).toBe(409);
    await ctl(sim, 'POST', 'clock', { advanceMs: 120_000 });
    const list = (await ctl(sim, 'GET', 'dns/txt')).json as { records: { name: string; visible: boolean }[] };
    expect(list.records.find((r) => r.name === '_xserver-verify.http-made.jp')?.visible).toBe(true);
    expect((await ctl(sim, 'POST', 'dns/verification-delay', { ms: 0 })).status).toBe(200);
    expect((await addDomain('http-made.jp')).status).toBe(200);

    await ctl(sim, 'POST', 'dns/txt', { name: '_xserver-verify.two.jp', value: 'a' });
    await ctl(sim, 'POST', 'dns/txt', { name: '_xserver-verify.two.jp', value: 'b' });
    const one = await ctl(sim, 'DELETE', 'dns/txt/_xserver-verify.two.jp?value=a');
    expect(one.json).toEqual({ ok: true });
    expect(sim.control.txtRecords().filter((r) => r.name === '_xserver-verify.two.jp')).toMatchObject([
      { value: 'b' },
    ]);
    expect((await ctl(sim, 'DELETE', 'dns/txt/_xserver-verify.two.jp')).status).toBe(200);
    const again = await ctl(sim, 'DELETE', 'dns/txt/_xserver-verify.two.jp');
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('refuses malformed control input with 400', async () => {
    expect((await ctl(sim, 'POST', 'dns/txt', { name: 'no dots here', value: 'x' })).status).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/txt', { name: '_xserver-verify.ok.jp' })).status).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/txt', { name: '_xserver-verify.ok.jp', value: '' })).status).toBe(
      400,
    );
    expect(
      (await ctl(sim, 'POST', 'dns/txt', { name: '_xserver-verify.ok.jp', value: 'x', propagationMs: -1 }))
        .status,
    ).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/propagation', { ms: -5 })).status).toBe(400);
    expect((await ctl(sim, 'POST', 'dns/name-servers', { domain: 'example-shop.com' })).status).toBe(400);
    expect((await ctl(sim, 'GET', 'hosting/xs000000.xsrv.jp')).status).toBe(400);
  });

  it('POST dns/propagation sets the default delay', async () => {
    expect((await ctl(sim, 'POST', 'dns/propagation', { ms: 30_000 })).status).toBe(200);
    const r = (await ctl(sim, 'POST', 'dns/txt', { name: '_xserver-verify.slow.jp', value: token })).json as {
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
    expect(snap.cronJobs).toHaveLength(5);
    expect(snap.dbUsers).toContain('xs123456_wp1');
    const state = (await ctl(sim, 'GET', 'state')).json as {
      dns: {
        propagation_ms: number;
        verification_delay_ms: number;
        txt: { name: string }[];
        name_servers: Record<string, string>;
      };
    };
    expect(state.dns.propagation_ms).toBe(0);
    expect(state.dns.verification_delay_ms).toBe(SEEN_MS);
    expect(state.dns.txt.map((t) => t.name)).toContain(`_xserver-verify.${IDN}`);
    expect(state.dns.name_servers).toEqual({ 'example-blog.net': 'external' });
  });
});

describe('SSL and name servers', () => {
  const detail = async (d: string) =>
    (await call(sim, 'GET', `${S}/domain/${d}`)).json as { ssl: boolean; url: string };
  const certs = async () =>
    ((await call(sim, 'GET', `${S}/ssl`)).json as { ssl_list: { common_name: string; type: string }[] })
      .ssl_list;

  it('a new domain on other name servers gets failed_nameserver with ssl, no ssl_status without', async () => {
    for (const d of ['elsewhere-dns.jp', 'plain-off.jp']) {
      sim.control.setExternalNameServers(d, true);
      sim.control.setTxtRecord(`_xserver-verify.${d}`, value);
    }
    sim.control.clock.advance(SEEN_MS);
    expect((await addDomain('elsewhere-dns.jp', true)).json).toMatchObject({
      ssl_status: 'failed_nameserver',
    });
    expect(await detail('elsewhere-dns.jp')).toMatchObject({ ssl: false, url: 'http://elsewhere-dns.jp/' });
    expect((await addDomain('plain-off.jp', false)).json).not.toHaveProperty('ssl_status');
    const sub = await call(sim, 'POST', `${S}/subdomain`, { body: { subdomain: 'www.elsewhere-dns.jp' } });
    expect(sub.json).toMatchObject({ ssl_status: 'failed_nameserver' });
  });

  it('a held domain and its subdomains lose their free certificates off the service’s name servers, and get them back (over HTTP)', async () => {
    expect(await detail('example-shop.com')).toMatchObject({ ssl: true });
    const r = await ctl(sim, 'POST', 'dns/name-servers', { domain: 'example-shop.com', external: true });
    expect(r.status).toBe(200);
    expect(await detail('example-shop.com')).toMatchObject({ ssl: false });
    expect((await certs()).map((c) => c.common_name)).toEqual(
      expect.not.arrayContaining(['example-shop.com', 'blog.example-shop.com']),
    );
    // The paid certificate is not the provider's free SSL: it stays.
    expect((await certs()).map((c) => c.common_name)).toContain('www.example-shop.com');
    const h = sim.control.hostingServer(SERVER);
    expect(h.domains.find((d) => d.domain === 'example-shop.com')?.sslStatus).toBe('failed_nameserver');
    expect(h.subdomains.find((d) => d.subdomain === 'blog.example-shop.com')?.sslStatus).toBe(
      'failed_nameserver',
    );
    await ctl(sim, 'POST', 'dns/name-servers', { domain: 'example-shop.com', external: false });
    expect(await detail('example-shop.com')).toMatchObject({ ssl: true });
    sim.control.setExternalNameServers('example-blog.net', false);
    expect(await detail('example-blog.net')).toMatchObject({ ssl: true });
  });

  it('a Japanese domain is marked by either form; the “external” name rule can be overridden', async () => {
    sim.control.setExternalNameServers('れい.jp', true);
    expect(await detail(IDN)).toMatchObject({ ssl: false });
    sim.control.setExternalNameServers('external-ok.jp', false);
    sim.control.setTxtRecord('_xserver-verify.external-ok.jp', value);
    sim.control.clock.advance(SEEN_MS);
    expect((await addDomain('external-ok.jp', true)).json).toMatchObject({ ssl_status: 'success' });
  });

  it('setSslFailure: ssl_status failed, and POST /ssl refused, until it is lifted (over HTTP)', async () => {
    expect(
      (await ctl(sim, 'POST', 'ssl-failure', { domain: 'example-shop.com', failing: true })).status,
    ).toBe(200);
    await call(sim, 'DELETE', `${S}/ssl/blog.example-shop.com`);
    const r = await call(sim, 'POST', `${S}/ssl`, { body: { common_name: 'blog.example-shop.com' } });
    expect([r.status, codeOf(r)]).toEqual([409, 'OPERATION_ERROR']);
    await ctl(sim, 'POST', 'ssl-failure', { domain: 'example-shop.com', failing: false });
    expect(
      (await call(sim, 'POST', `${S}/ssl`, { body: { common_name: 'blog.example-shop.com' } })).status,
    ).toBe(200);
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
    const before = counts();
    const snapBefore = sim.control.hostingServer(SERVER);
    const r = await call(sim, 'POST', `${S}/domain/example-shop.com/reset`, { body: { type: 'web' } });
    expect(r.json).toEqual({ message: expect.any(String) });
    const wp = (await call(sim, 'GET', `${S}/wp`)).json as { wordpress: { id: string }[] };
    expect(wp.wordpress.map((w) => w.id)).toEqual(['1003']);
    const log = (await call(sim, 'GET', `${S}/error-log`, { query: { domain: 'example-shop.com' } })).json;
    expect(log).toEqual({ domain: 'example-shop.com', log: '' });
    const idnLog = (await call(sim, 'GET', `${S}/error-log`, { query: { domain: IDN } })).json as {
      log: string;
    };
    expect(idnLog.log).toContain('robots.txt');
    expect(counts()).toEqual({ ...before, wordpress: before.wordpress - 2 });
    const snap = sim.control.hostingServer(SERVER);
    expect(snap.databases).toEqual(snapBefore.databases);
    expect(snap.cronJobs).toEqual(snapBefore.cronJobs);
    expect(snap.dnsRecords).toEqual(snapBefore.dnsRecords);
    expect(snap.subdomains.map((s) => s.subdomain)).toEqual(['blog.example-shop.com']);
    expect(snap.errorLogLines['example-shop.com']).toBe(0);
    expect(snap.accessLogLines['example-shop.com']).toBe(0);
  });

  it('other: the zone back to its first records, the sorting rules and PHP version back; the site stays', async () => {
    await call(sim, 'PUT', `${S}/php-version/example-shop.com`, { body: { version: '8.1' } });
    const before = sim.control.hostingServer(SERVER);
    expect(
      (await call(sim, 'POST', `${S}/domain/example-shop.com/reset`, { body: { type: 'other' } })).status,
    ).toBe(200);
    const after = sim.control.hostingServer(SERVER);
    const zone = (h: typeof before) =>
      h.dnsRecords
        .filter((r) => r.domain === 'example-shop.com')
        .map((r) => `${r.host} ${r.type} ${r.content}`);
    expect(zone(after)).toEqual([
      '@ A 183.90.240.11',
      'www A 183.90.240.11',
      '@ MX example-shop.com',
      '@ TXT v=spf1 +a:sv123456.xsrv.jp +mx ~all',
    ]);
    expect(zone(before)).toContain('shop-cdn CNAME cdn.example-shop.com.example.net');
    expect(after.mailFilters.filter((f) => f.domain === 'example-shop.com')).toEqual([]);
    expect(after.domains.find((d) => d.domain === 'example-shop.com')?.phpVersion).toBe('8.3');
    expect(after.wordpress).toEqual(before.wordpress);
    expect(after.mailAccounts).toEqual(before.mailAccounts);
  });

  it('a Japanese domain is reset by its Punycode path; the raw Unicode path is a 404 and changes nothing', async () => {
    const raw = await call(sim, 'POST', `${S}/domain/${encodeURIComponent('れい.jp')}/reset`, {
      body: { type: 'all' },
    });
    expect([raw.status, codeOf(raw)]).toEqual([404, 'NOT_FOUND']);
    expect(counts().wordpress).toBe(3);
    expect((await call(sim, 'POST', `${S}/domain/${IDN}/reset`, { body: { type: 'all' } })).status).toBe(200);
    const wp = (await call(sim, 'GET', `${S}/wp`)).json as { wordpress: { id: string }[] };
    expect(wp.wordpress.map((w) => w.id).sort()).toEqual(['1001', '1002']);
    expect(sim.control.hostingServer(SERVER).errorLogLines[IDN]).toBe(0);
  });
});

describe('WordPress delete honours delete_db, delete_db_user and delete_cron', () => {
  const cronOf = (wpId: string) =>
    sim.control.hostingServer(SERVER).cronJobs.filter((c) => c.wordpressId === wpId);

  it('defaults (no body): the database and the cron job go, the DB user stays', async () => {
    const before = counts();
    expect(cronOf('1001')).toHaveLength(1);
    expect((await call(sim, 'DELETE', `${S}/wp/1001`)).status).toBe(200);
    expect(counts()).toEqual({
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
    const before = counts();
    const r = await call(sim, 'DELETE', `${S}/wp/1002`, {
      body: { delete_db: false, delete_db_user: false, delete_cron: false },
    });
    expect(r.status).toBe(200);
    expect(counts()).toEqual({ ...before, wordpress: before.wordpress - 1 });
    const snap = sim.control.hostingServer(SERVER);
    expect(snap.databases.map((d) => d.name)).toContain('xs123456_wp2');
    expect(snap.dbUsers).toContain('xs123456_wp2');
    expect(cronOf('1002')).toHaveLength(1);
  });

  it('delete_db_user true removes the user and its grants; delete_db false keeps the database', async () => {
    const before = counts();
    await call(sim, 'DELETE', `${S}/wp/1003`, { body: { delete_db: false, delete_db_user: true } });
    expect(counts()).toEqual({
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
    const before = counts();
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
    expect(counts()).toEqual({
      ...before,
      wordpress: before.wordpress + 1,
      databases: before.databases + 1,
      db_users: before.db_users + 1,
      cron_jobs: before.cron_jobs + 1,
    });
    expect(cronOf(id)).toMatchObject([
      {
        command: `/usr/bin/php /home/xs123456/${IDN}/public_html/shop/wp-cron.php`,
        schedule: '*/15 * * * *',
      },
    ]);
    await call(sim, 'DELETE', `${S}/wp/${id}`, { body: { delete_db_user: true } });
    expect(counts()).toEqual(before);
  });
});
