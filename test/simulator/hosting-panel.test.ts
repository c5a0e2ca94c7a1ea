/**
 * What happens to a hosting server outside the API, from the control
 * surface, as the API then answers it over real HTTP: a hosting contract
 * added, a domain added and removed in the control panel (with SSL as its
 * name servers allow), a domain's SSL turning `failed_nameserver` and back,
 * SSH turned on and off, an SSH key registered and deleted. None of it is a
 * request with a key: the journal and `/v1/logs` do not have it. Mistakes are
 * refused with the reason, over HTTP with 400.
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

type DomainAnswer = { domain: string; ssl_status: string };
const domains = async (server = SERVER) =>
  ((await call(sim, 'GET', `/v1/server/${server}/domain`)).json as { domains: DomainAnswer[] }).domains;
const sslOf = async (d: string) => (await domains()).find((x) => x.domain === d)?.ssl_status;
const keys = async () =>
  ((await call(sim, 'GET', `${S}/ssh/key`)).json as { ssh_keys: { key_id: string; label: string }[] })
    .ssh_keys;
const sshOn = async () => ((await call(sim, 'GET', `${S}/ssh`)).json as { ssh_enabled: boolean }).ssh_enabled;

describe('the control panel, outside the API', () => {
  it('adds a domain (SSL as its name servers allow) and removes it with its subdomains', async () => {
    const d = sim.control.panelAddDomain(SERVER, 'panel-shop.jp');
    expect(d).toMatchObject({ domain: 'panel-shop.jp', sslStatus: 'active' });
    expect(await sslOf('panel-shop.jp')).toBe('active');
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
    expect(await sslOf('example-shop.com')).toBe('active');
    sim.control.setExternalNameServers('example-shop.com', true);
    expect(await sslOf('example-shop.com')).toBe('failed_nameserver');
    sim.control.setExternalNameServers('example-shop.com', false);
    expect(await sslOf('example-shop.com')).toBe('active');
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
