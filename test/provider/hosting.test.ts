/**
 * The hosting client against the simulator over real HTTP: every endpoint of
 * the provider's reference (57, the key's `/v1/me` among them) and the five
 * SSH ones, each sending what the reference says and reading its answer; a
 * refusal before sending for each rule the reference states; the provider's
 * own answer where the reference leaves a rule open; both forms where it
 * contradicts itself; an item that breaks its schema read on its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKGROUND,
  domainListOf,
  encodeDomainSegment,
  encodeMailSegment,
  type HostingClient,
  ProviderAuthError,
  ProviderConflictError,
  type ProviderError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderRejectedError,
  ProviderResponseError,
  ProviderServerError,
  readKeyExpiry,
  subdomainListOf,
  ValidationError,
  WRITE,
} from '../../src/provider/index.ts';
import { caught } from '../support/caught.ts';
import { type Harness, startHarness } from './support/sim-client.ts';

let h: Harness;
let host: HostingClient;
const SERVER = 'xs123456.xsrv.jp';
const BASE = `/v1/server/${SERVER}`;
const SHOP = 'example-shop.com';
const IDN = 'xn--n8jyh.jp'; // れい.jp

beforeEach(async () => {
  h = await startHarness({ rateLimit: { limit: 1000, windowSeconds: 60, concurrent: 5 } });
  host = h.client.hosting(SERVER);
});
afterEach(async () => {
  await h.close();
});

// Padded base64 (a length a multiple of 4), as every OpenSSH key is.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHostingTest00000000000000000000000000000000 me@laptop';
const JOB = {
  minute: '0',
  hour: '3',
  day: '*',
  month: '*',
  weekday: '*',
  command: '/usr/bin/php /home/xs123456/a.php',
};

/** Ownership of `domain` proven in the public DNS and seen by the provider. */
function prove(domain: string): void {
  const token = h.sim.control.hostingServer(SERVER).domainValidationToken;
  h.sim.control.setTxtRecord(`_xserver-verify.${domain}`, `xserver-verify=${token}`);
  h.sim.control.clock.advance(60_000);
}

const cronIdOf = (comment: string) =>
  h.sim.control.hostingServer(SERVER).cronJobs.find((c) => c.comment === comment)?.id ?? '';

interface Sent {
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, string>;
}

interface EndpointCase {
  name: string;
  run: () => Promise<unknown>;
  sent: Sent | (() => Sent);
  answer?: (a: never) => void;
}

/** One per endpoint: E1-E57 of the reference, then SSH. */
const ENDPOINTS: EndpointCase[] = [
  {
    name: 'E1 GET /v1/me',
    run: () => h.client.me(),
    sent: { method: 'GET', path: '/v1/me' },
    answer: (a: { services: { server?: { permission_type: string } } }) =>
      expect(a.services.server?.permission_type).toBe('full'),
  },
  {
    name: 'E2 GET /server-info',
    run: () => host.serverInfo(),
    sent: { method: 'GET', path: `${BASE}/server-info` },
    answer: (a: { server_id: string; cpu: string; db_versions: unknown }) =>
      expect(a).toMatchObject({
        server_id: 'xs123456',
        cpu: expect.any(String),
        db_versions: ['mariadb10.5.x'],
      }),
  },
  {
    name: 'E3 GET /server-info/usage',
    run: () => host.usage(),
    sent: { method: 'GET', path: `${BASE}/server-info/usage` },
    answer: (a: { disk: unknown; counts: unknown }) =>
      expect(a).toMatchObject({
        disk: { quota_gb: 300, file_limit: 0 },
        counts: { mail_accounts: 3, domains: 3 },
      }),
  },
  {
    name: 'E4 GET /cron',
    run: () => host.listCron(),
    sent: { method: 'GET', path: `${BASE}/cron` },
    answer: (a: { items: { enabled: boolean }[]; malformed: unknown[]; notificationEmail: string }) => {
      expect(a.items).toHaveLength(5);
      expect(a.malformed).toEqual([]);
      expect(a.notificationEmail).toBe(`ops@${SHOP}`);
    },
  },
  {
    name: 'E5 POST /cron',
    run: () => host.addCron({ ...JOB, comment: 'nightly' }),
    sent: { method: 'POST', path: `${BASE}/cron`, body: { ...JOB, comment: 'nightly' } },
    answer: (a: { id: string }) => expect(a.id).toMatch(/^[0-9a-f]{10}$/),
  },
  {
    name: 'E6 PUT /cron/{cron_id}',
    run: async () => ({
      before: cronIdOf('nightly uploads backup'),
      after: await host.updateCron(cronIdOf('nightly uploads backup'), { enabled: false }),
    }),
    sent: () => ({
      method: 'PUT',
      path: expect.stringMatching(new RegExp(`^${BASE}/cron/[0-9a-f]{10}$`)) as unknown as string,
      body: { enabled: false },
    }),
    answer: (a: { before: string; after: { id: string } }) => {
      expect(a.after.id).not.toBe(a.before);
      expect(cronIdOf('nightly uploads backup')).toBe(a.after.id);
    },
  },
  {
    name: 'E7 DELETE /cron/{cron_id}',
    run: () => host.deleteCron(cronIdOf('weekly sales report')),
    sent: () => ({
      method: 'DELETE',
      path: expect.stringMatching(/\/cron\/[0-9a-f]{10}$/) as unknown as string,
    }),
    answer: () => expect(cronIdOf('weekly sales report')).toBe(''),
  },
  {
    name: 'E8 GET /wp',
    run: () => host.listWordpress({ domain: 'れい.jp' }),
    sent: { method: 'GET', path: `${BASE}/wp`, query: { domain: IDN } },
    answer: (a: { wordpress: { id: string; db_name: string }[] }) =>
      expect(a.wordpress).toMatchObject([{ id: '1003', db_name: 'xs123456_wp3' }]),
  },
  {
    name: 'E9 POST /wp',
    run: () =>
      host.installWordpress({
        url: `${SHOP}/news`,
        title: 'News',
        admin_username: 'admin',
        admin_password: 'Wp-Pas7',
        admin_email: `me@${SHOP}`,
        memo: 'campaign',
      }),
    sent: {
      method: 'POST',
      path: `${BASE}/wp`,
      body: {
        url: `${SHOP}/news`,
        title: 'News',
        admin_username: 'admin',
        admin_password: '********',
        admin_email: `me@${SHOP}`,
        memo: 'campaign',
      },
    },
    answer: (a: { id: string; message: string }) =>
      expect(a).toEqual({ id: '5001', message: expect.any(String) }),
  },
  {
    name: 'E10 PUT /wp/{wp_id}',
    run: () => host.updateWordpress('1001', { memo: 'shop front' }),
    sent: { method: 'PUT', path: `${BASE}/wp/1001`, body: { memo: 'shop front' } },
  },
  {
    name: 'E11 DELETE /wp/{wp_id}',
    run: () => host.deleteWordpress('1001', { delete_db: false }),
    sent: {
      method: 'DELETE',
      path: `${BASE}/wp/1001`,
      body: { delete_db: false, delete_db_user: false, delete_cron: true },
    },
  },
  {
    name: 'E12 GET /mail',
    run: () => host.listMail({ domain: SHOP }),
    sent: { method: 'GET', path: `${BASE}/mail`, query: { domain: SHOP } },
    answer: (a: { items: { mail_address: string }[] }) =>
      expect(a.items.map((m) => m.mail_address)).toEqual([`info@${SHOP}`, `support@${SHOP}`]),
  },
  {
    name: 'E13 GET /mail/{mail_account}',
    run: () => host.getMail(`info@${SHOP}`),
    sent: { method: 'GET', path: `${BASE}/mail/info%40${SHOP}` },
    answer: (a: unknown) =>
      expect(a).toEqual({
        mail_address: `info@${SHOP}`,
        quota_mb: 2000,
        used_mb: 153.4,
        memo: '問い合わせ窓口',
        broken: [],
      }),
  },
  {
    name: 'E14 POST /mail',
    run: () => host.createMail({ mail_address: 'sales@れい.jp', password: 'Mail-P6', quota_mb: 100 }),
    sent: {
      method: 'POST',
      path: `${BASE}/mail`,
      body: { mail_address: `sales@${IDN}`, password: '********', quota_mb: 100 },
    },
    answer: (a: { mail_address: string }) => expect(a.mail_address).toBe(`sales@${IDN}`),
  },
  {
    name: 'E15 PUT /mail/{mail_account}',
    run: () => host.updateMail(`info@${SHOP}`, { memo: 'front desk' }),
    sent: { method: 'PUT', path: `${BASE}/mail/info%40${SHOP}`, body: { memo: 'front desk' } },
  },
  {
    name: 'E16 DELETE /mail/{mail_account}',
    run: () => host.deleteMail(`info@${SHOP}`),
    sent: { method: 'DELETE', path: `${BASE}/mail/info%40${SHOP}` },
  },
  {
    name: 'E17 GET /mail/{mail_account}/forwarding',
    run: () => host.getForwarding(`support@${SHOP}`),
    sent: { method: 'GET', path: `${BASE}/mail/support%40${SHOP}/forwarding` },
    answer: (a: { forwarding_addresses: string[]; keep_in_mailbox: boolean }) =>
      expect(a).toMatchObject({
        forwarding_addresses: ['oncall@example.net', 'support-archive@example.net'],
        keep_in_mailbox: true,
      }),
  },
  {
    name: 'E18 PUT /mail/{mail_account}/forwarding',
    run: () => host.setForwarding(`support@${SHOP}`, { forwarding_addresses: [] }),
    sent: {
      method: 'PUT',
      path: `${BASE}/mail/support%40${SHOP}/forwarding`,
      body: { forwarding_addresses: [] },
    },
  },
  {
    name: 'E19 GET /mail-filter',
    run: () => host.listMailFilters(),
    sent: { method: 'GET', path: `${BASE}/mail-filter` },
    answer: (a: { items: { priority: number; action: { target: string } }[] }) =>
      expect(a.items.map((f) => [f.priority, f.action.target])).toEqual([
        [1, `support@${SHOP}`],
        [2, ''],
      ]),
  },
  {
    name: 'E20 POST /mail-filter',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'invoice', field: 'subject', match_type: 'contain' }],
        action: { type: 'spam_folder', method: 'move' },
      }),
    sent: {
      method: 'POST',
      path: `${BASE}/mail-filter`,
      body: {
        domain: SHOP,
        conditions: [{ keyword: 'invoice', field: 'subject', match_type: 'contain' }],
        action: { type: 'spam_folder', method: 'move' },
      },
    },
    answer: (a: { id: string }) => expect(a.id).toEqual(expect.any(String)),
  },
  {
    name: 'E21 DELETE /mail-filter/{filter_id}',
    run: () => host.deleteMailFilter(h.sim.control.hostingServer(SERVER).mailFilters[0]?.id ?? ''),
    sent: () => ({
      method: 'DELETE',
      path: `${BASE}/mail-filter/${h.sim.control.requests().at(-1)?.path.split('/').at(-1)}`,
    }),
    answer: () => expect(h.sim.control.hostingServer(SERVER).mailFilters).toHaveLength(1),
  },
  {
    name: 'E22 GET /ftp',
    run: () => host.listFtp(),
    sent: { method: 'GET', path: `${BASE}/ftp` },
    answer: (a: { items: { directory: string }[] }) =>
      expect(a.items.map((x) => x.directory)).toEqual([`${SHOP}/public_html`, SHOP]),
  },
  {
    name: 'E23 POST /ftp',
    run: () => host.createFtp({ ftp_account: 'web@れい.jp', password: 'Ftp-Pass' }),
    sent: { method: 'POST', path: `${BASE}/ftp`, body: { ftp_account: `web@${IDN}`, password: '********' } },
    answer: (a: { ftp_account: string }) => expect(a.ftp_account).toBe(`web@${IDN}`),
  },
  {
    name: 'E24 PUT /ftp/{ftp_account}',
    run: () => host.updateFtp(`deploy@${SHOP}`, { quota_mb: 100 }),
    sent: { method: 'PUT', path: `${BASE}/ftp/deploy%40${SHOP}`, body: { quota_mb: 100 } },
  },
  {
    name: 'E25 DELETE /ftp/{ftp_account}',
    run: () => host.deleteFtp(`deploy@${SHOP}`),
    sent: { method: 'DELETE', path: `${BASE}/ftp/deploy%40${SHOP}` },
  },
  {
    name: 'E26 GET /db',
    run: () => host.listDatabases(),
    sent: { method: 'GET', path: `${BASE}/db` },
    answer: (a: { items: { db_name: string; size_mb: number }[] }) =>
      expect(a.items.find((d) => d.db_name === 'xs123456_app')?.size_mb).toBe(420.5),
  },
  {
    name: 'E27 POST /db',
    run: () => host.createDatabase({ name_suffix: 'legacy', character_set: 'EUC-JP', memo: 'old shop' }),
    sent: {
      method: 'POST',
      path: `${BASE}/db`,
      body: { name_suffix: 'legacy', character_set: 'EUC-JP', memo: 'old shop' },
    },
    answer: (a: { db_name: string }) => expect(a.db_name).toBe('xs123456_legacy'),
  },
  {
    name: 'E28 PUT /db/{db_name}',
    run: () => host.updateDatabase('xs123456_app', 'inventory'),
    sent: { method: 'PUT', path: `${BASE}/db/xs123456_app`, body: { memo: 'inventory' } },
  },
  {
    name: 'E29 DELETE /db/{db_name}',
    run: () => host.deleteDatabase('xs123456_app'),
    sent: { method: 'DELETE', path: `${BASE}/db/xs123456_app` },
  },
  {
    name: 'E30 GET /db/user',
    run: () => host.listDatabaseUsers(),
    sent: { method: 'GET', path: `${BASE}/db/user` },
    answer: (a: { items: { version_name: string }[] }) =>
      expect(a.items[0]?.version_name).toBe('MariaDB10.5'),
  },
  {
    name: 'E31 POST /db/user',
    run: () => host.createDatabaseUser({ name_suffix: 'report', password: 'Db-Pa6' }),
    sent: { method: 'POST', path: `${BASE}/db/user`, body: { name_suffix: 'report', password: '********' } },
    answer: (a: { db_user: string }) => expect(a.db_user).toBe('xs123456_report'),
  },
  {
    name: 'E32 PUT /db/user/{db_user}',
    run: () => host.updateDatabaseUser('xs123456_app', { memo: 'app' }),
    sent: { method: 'PUT', path: `${BASE}/db/user/xs123456_app`, body: { memo: 'app' } },
  },
  {
    name: 'E33 DELETE /db/user/{db_user}',
    run: () => host.deleteDatabaseUser('xs123456_app'),
    sent: { method: 'DELETE', path: `${BASE}/db/user/xs123456_app` },
  },
  {
    name: 'E34 GET /db/user/{db_user}/grant',
    run: () => host.listGrants('xs123456_app'),
    sent: { method: 'GET', path: `${BASE}/db/user/xs123456_app/grant` },
    answer: (a: unknown) => expect(a).toEqual({ databases: ['xs123456_app'], malformed: [] }),
  },
  {
    name: 'E35 POST /db/user/{db_user}/grant',
    run: () => host.grantDatabase('xs123456_wp1', 'xs123456_app'),
    sent: { method: 'POST', path: `${BASE}/db/user/xs123456_wp1/grant`, body: { db_name: 'xs123456_app' } },
  },
  {
    name: 'E36 DELETE /db/user/{db_user}/grant',
    run: () => host.revokeGrant('xs123456_app', 'xs123456_app'),
    sent: { method: 'DELETE', path: `${BASE}/db/user/xs123456_app/grant`, body: { db_name: 'xs123456_app' } },
  },
  {
    name: 'E37 GET /php-version',
    run: () => host.phpVersions({ domain: 'れい.jp' }),
    sent: { method: 'GET', path: `${BASE}/php-version`, query: { domain: IDN } },
    answer: (a: { available: { version: string; label: string }[]; domains: { items: unknown[] } }) => {
      expect(a.available[1]).toEqual({ version: '8.3', label: 'PHP 8.3.x' });
      expect(a.domains.items).toEqual([{ domain: IDN, current_version: '8.2' }]);
    },
  },
  {
    name: 'E38 PUT /php-version/{domain}',
    run: () => host.setPhpVersion('れい.jp', '8.4'),
    sent: { method: 'PUT', path: `${BASE}/php-version/${IDN}`, body: { version: '8.4' } },
  },
  {
    name: 'E39 GET /domain',
    run: async () => domainListOf(await host.listDomains()),
    sent: { method: 'GET', path: `${BASE}/domain` },
    answer: (a: { items: { domain: string; ssl: boolean }[] }) =>
      expect(a.items.find((d) => d.domain === 'example-blog.net')).toMatchObject({
        ssl: false,
        type: 'addon',
      }),
  },
  {
    name: 'E40 GET /domain/{domain}',
    run: () => host.getDomain('れい.jp'),
    sent: { method: 'GET', path: `${BASE}/domain/${IDN}` },
    answer: (a: unknown) =>
      expect(a).toMatchObject({ domain: IDN, php_version: '8.2', ssl: true, created_at: '1970-01-01' }),
  },
  {
    name: 'E41 POST /domain',
    run: async () => {
      prove('新店.jp');
      return host.addDomain({ domain: '新店.jp', memo: 'new branch' });
    },
    sent: {
      method: 'POST',
      path: `${BASE}/domain`,
      body: { domain: encodeDomainSegment('新店.jp'), memo: 'new branch' },
    },
    answer: (a: unknown) =>
      expect(a).toEqual({
        domain: encodeDomainSegment('新店.jp'),
        message: expect.any(String),
        ssl_status: 'success',
      }),
  },
  {
    name: 'E42 PUT /domain/{domain}',
    run: () => host.updateDomain('れい.jp', 'rei'),
    sent: { method: 'PUT', path: `${BASE}/domain/${IDN}`, body: { memo: 'rei' } },
  },
  {
    name: 'E43 DELETE /domain/{domain}',
    run: () => host.deleteDomain('example-blog.net'),
    sent: { method: 'DELETE', path: `${BASE}/domain/example-blog.net`, body: { delete_files: false } },
  },
  {
    name: 'E44 POST /domain/{domain}/reset',
    run: () => host.resetDomain(SHOP, 'web'),
    sent: { method: 'POST', path: `${BASE}/domain/${SHOP}/reset`, body: { type: 'web' } },
  },
  {
    name: 'E45 GET /subdomain',
    run: async () => subdomainListOf(await host.listSubdomains({ domain: SHOP })),
    sent: { method: 'GET', path: `${BASE}/subdomain`, query: { domain: SHOP } },
    answer: (a: { items: unknown[] }) =>
      expect(a.items).toMatchObject([{ subdomain: `blog.${SHOP}`, ssl: true, memo: 'ショップのブログ' }]),
  },
  {
    name: 'E46 POST /subdomain',
    run: () => host.addSubdomain({ subdomain: 'shop.example-blog.net', ssl: false }),
    sent: {
      method: 'POST',
      path: `${BASE}/subdomain`,
      body: { subdomain: 'shop.example-blog.net', ssl: false },
    },
    answer: (a: unknown) =>
      expect(a).toEqual({ subdomain: 'shop.example-blog.net', message: expect.any(String) }),
  },
  {
    name: 'E47 PUT /subdomain/{subdomain}',
    run: () => host.updateSubdomain(`blog.${SHOP}`, 'blog'),
    sent: { method: 'PUT', path: `${BASE}/subdomain/blog.${SHOP}`, body: { memo: 'blog' } },
  },
  {
    name: 'E48 DELETE /subdomain/{subdomain}',
    run: () => host.deleteSubdomain(`blog.${SHOP}`, { delete_files: true }),
    sent: { method: 'DELETE', path: `${BASE}/subdomain/blog.${SHOP}`, body: { delete_files: true } },
  },
  {
    name: 'E49 GET /ssl',
    run: () => host.listSsl({ domain: SHOP }),
    sent: { method: 'GET', path: `${BASE}/ssl`, query: { domain: SHOP } },
    answer: (a: { items: { id: number; type: string }[] }) => {
      expect(a.items.map((c) => c.type)).toEqual(['letsencrypt', 'letsencrypt', 'option']);
      expect(Number.isInteger(a.items[0]?.id)).toBe(true);
    },
  },
  {
    name: 'E50 POST /ssl',
    run: async () => {
      await host.addSubdomain({ subdomain: `new.${SHOP}`, ssl: false });
      return host.addFreeSsl(`new.${SHOP}`);
    },
    sent: { method: 'POST', path: `${BASE}/ssl`, body: { common_name: `new.${SHOP}` } },
  },
  {
    name: 'E51 DELETE /ssl/{common_name}',
    run: () => host.deleteFreeSsl(`blog.${SHOP}`),
    sent: { method: 'DELETE', path: `${BASE}/ssl/blog.${SHOP}` },
  },
  {
    name: 'E52 GET /dns',
    run: () => host.listDns({ domain: SHOP }),
    sent: { method: 'GET', path: `${BASE}/dns`, query: { domain: SHOP } },
    answer: (a: { items: { type: string; priority: number | null; id: number }[] }) => {
      expect(a.items.find((r) => r.type === 'MX')?.priority).toBe(10);
      expect(a.items.find((r) => r.type === 'A')?.priority).toBe(0);
      expect(Number.isInteger(a.items[0]?.id)).toBe(true);
    },
  },
  {
    name: 'E53 POST /dns',
    run: () => host.addDns({ domain: 'れい.jp', host: 'api', type: 'A', content: '203.0.113.9' }),
    sent: {
      method: 'POST',
      path: `${BASE}/dns`,
      body: { domain: IDN, host: 'api', type: 'A', content: '203.0.113.9' },
    },
    answer: (a: { id: number }) => expect(Number.isInteger(a.id)).toBe(true),
  },
  {
    name: 'E54 PUT /dns/{dns_id}',
    run: () => host.updateDns(501, { ttl: 300 }),
    sent: { method: 'PUT', path: `${BASE}/dns/501`, body: { ttl: 300 } },
  },
  {
    name: 'E55 DELETE /dns/{dns_id}',
    run: () => host.deleteDns('501'),
    sent: { method: 'DELETE', path: `${BASE}/dns/501` },
  },
  {
    name: 'E56 GET /access-log',
    run: () => host.accessLog({ domain: SHOP }),
    sent: { method: 'GET', path: `${BASE}/access-log`, query: { domain: SHOP } },
    answer: (a: { log: string }) => expect(a.log.split('\n')).toHaveLength(5),
  },
  {
    name: 'E57 GET /error-log',
    run: () => host.errorLog({ domain: 'れい.jp', lines: 10, keyword: 'robots' }),
    sent: {
      method: 'GET',
      path: `${BASE}/error-log`,
      query: { domain: IDN, lines: '10', keyword: 'robots' },
    },
    answer: (a: { log: string }) => expect(a.log).toContain('robots.txt'),
  },
  {
    name: 'SSH GET /ssh',
    run: () => host.getSsh(),
    sent: { method: 'GET', path: `${BASE}/ssh` },
    answer: (a: { port: number }) => expect(a.port).toBe(10022),
  },
  {
    name: 'SSH PUT /ssh',
    run: () => host.setSsh(false),
    sent: { method: 'PUT', path: `${BASE}/ssh`, body: { ssh_enabled: false } },
  },
  {
    name: 'SSH GET /ssh/key',
    run: () => host.listSshKeys(),
    sent: { method: 'GET', path: `${BASE}/ssh/key` },
  },
  {
    name: 'SSH POST /ssh/key',
    run: () => host.addSshKey({ public_key: ED25519, label: 'laptop' }),
    sent: { method: 'POST', path: `${BASE}/ssh/key`, body: { public_key: ED25519, label: 'laptop' } },
  },
  {
    name: 'SSH DELETE /ssh/key/{key_id}',
    run: () => host.deleteSshKey('2001'),
    sent: { method: 'DELETE', path: `${BASE}/ssh/key/2001` },
  },
];

describe('every endpoint, as the reference says', () => {
  it('covers the reference’s 57 endpoints and the 5 SSH ones', () => {
    expect(ENDPOINTS.filter((c) => /^E\d+ /.test(c.name)).map((c) => c.name.split(' ')[0])).toEqual(
      Array.from({ length: 57 }, (_, i) => `E${i + 1}`),
    );
    expect(ENDPOINTS).toHaveLength(62);
  });

  it.each(ENDPOINTS)('$name', async (c) => {
    h.sim.control.clearRequests();
    const answer = await c.run();
    const last = h.sim.control.requests().at(-1);
    const sent = typeof c.sent === 'function' ? c.sent() : c.sent;
    expect(last).toMatchObject({
      method: sent.method,
      path: sent.path,
      status: 200,
      ...(sent.query ? { query: sent.query } : {}),
    });
    if (sent.body !== undefined) expect(last?.body).toEqual(sent.body);
    else if (sent.method !== 'GET') expect(last?.body).toBeUndefined();
    c.answer?.(answer as never);
    expect(h.sink.text).not.toMatch(/Wp-Pas7|Mail-P6|Ftp-Pass|Db-Pa6/);
  });
});

interface Refusal {
  name: string;
  run: () => Promise<unknown>;
  field: string;
  rule: string;
}

const long = (n: number) => 'x'.repeat(n);

/** A rule the reference states, refused before anything is sent. */
const REFUSALS: Refusal[] = [
  {
    name: 'cron minute out of 0-59',
    run: () => host.addCron({ ...JOB, minute: '60' }),
    field: 'minute',
    rule: 'range',
  },
  {
    name: 'cron hour out of 0-23',
    run: () => host.addCron({ ...JOB, hour: '0-24' }),
    field: 'hour',
    rule: 'range',
  },
  {
    name: 'cron day out of 1-31',
    run: () => host.addCron({ ...JOB, day: '0' }),
    field: 'day',
    rule: 'range',
  },
  {
    name: 'cron month out of 1-12',
    run: () => host.addCron({ ...JOB, month: '13' }),
    field: 'month',
    rule: 'range',
  },
  {
    name: 'cron weekday out of 0-7',
    run: () => host.addCron({ ...JOB, weekday: '8' }),
    field: 'weekday',
    rule: 'range',
  },
  {
    name: 'cron field required',
    run: () => host.addCron({ ...JOB, hour: '' }),
    field: 'hour',
    rule: 'required',
  },
  {
    name: 'cron command over 1024',
    run: () => host.addCron({ ...JOB, command: long(1025) }),
    field: 'command',
    rule: 'max_length',
  },
  {
    name: 'cron command required',
    run: () => host.addCron({ ...JOB, command: ' ' }),
    field: 'command',
    rule: 'required',
  },
  {
    name: 'cron comment text rule',
    run: () => host.addCron({ ...JOB, comment: 'a\u0007b' }),
    field: 'comment',
    rule: 'control_character',
  },
  { name: 'cron id in a path', run: () => host.updateCron('../x', {}), field: 'cron_id', rule: 'format' },
  {
    name: 'cron enabled a boolean',
    run: () => host.updateCron('abc', { enabled: 'no' as never }),
    field: 'enabled',
    rule: 'type',
  },
  {
    name: 'wp url over 512',
    run: () =>
      host.installWordpress({
        url: long(513),
        title: 't',
        admin_username: 'a',
        admin_password: 'Wp-Pas7',
        admin_email: 'a@b.jp',
      }),
    field: 'url',
    rule: 'max_length',
  },
  {
    name: 'wp title over 255',
    run: () =>
      host.installWordpress({
        url: SHOP,
        title: long(256),
        admin_username: 'a',
        admin_password: 'Wp-Pas7',
        admin_email: 'a@b.jp',
      }),
    field: 'title',
    rule: 'max_length',
  },
  {
    name: 'wp admin_username over 255',
    run: () =>
      host.installWordpress({
        url: SHOP,
        title: 't',
        admin_username: long(256),
        admin_password: 'Wp-Pas7',
        admin_email: 'a@b.jp',
      }),
    field: 'admin_username',
    rule: 'max_length',
  },
  {
    name: 'wp admin_password under 7',
    run: () =>
      host.installWordpress({
        url: SHOP,
        title: 't',
        admin_username: 'a',
        admin_password: 'Wp-Pa6',
        admin_email: 'a@b.jp',
      }),
    field: 'admin_password',
    rule: 'min_length',
  },
  {
    name: 'wp admin_email over 255',
    run: () =>
      host.installWordpress({
        url: SHOP,
        title: 't',
        admin_username: 'a',
        admin_password: 'Wp-Pas7',
        admin_email: `${long(251)}@b.jp`,
      }),
    field: 'admin_email',
    rule: 'max_length',
  },
  {
    name: 'wp admin_email an address',
    run: () =>
      host.installWordpress({
        url: SHOP,
        title: 't',
        admin_username: 'a',
        admin_password: 'Wp-Pas7',
        admin_email: 'nobody',
      }),
    field: 'admin_email',
    rule: 'format',
  },
  {
    name: 'wp memo over 500',
    run: () =>
      host.installWordpress({
        url: SHOP,
        title: 't',
        admin_username: 'a',
        admin_password: 'Wp-Pas7',
        admin_email: 'a@b.jp',
        memo: long(501),
      }),
    field: 'memo',
    rule: 'max_length',
  },
  {
    name: 'wp memo always sent on PUT',
    run: () => host.updateWordpress('1001', {} as never),
    field: 'memo',
    rule: 'required',
  },
  {
    name: 'wp delete flags booleans',
    run: () => host.deleteWordpress('1001', { delete_db: 'no' as never }),
    field: 'delete_db',
    rule: 'type',
  },
  {
    name: 'mail address',
    run: () => host.createMail({ mail_address: 'nobody', password: 'Mail-P6' }),
    field: 'mail_address',
    rule: 'format',
  },
  {
    name: 'mail password at least 6',
    run: () => host.createMail({ mail_address: `a@${SHOP}`, password: 'Mail5' }),
    field: 'password',
    rule: 'min_length',
  },
  {
    name: 'mail quota at least 1',
    run: () => host.createMail({ mail_address: `a@${SHOP}`, password: 'Mail-P6', quota_mb: 0 }),
    field: 'quota_mb',
    rule: 'range',
  },
  {
    name: 'mail quota at most 50000',
    run: () => host.createMail({ mail_address: `a@${SHOP}`, password: 'Mail-P6', quota_mb: 50_001 }),
    field: 'quota_mb',
    rule: 'range',
  },
  {
    name: 'mail quota an integer',
    run: () => host.createMail({ mail_address: `a@${SHOP}`, password: 'Mail-P6', quota_mb: 1.5 }),
    field: 'quota_mb',
    rule: 'type',
  },
  {
    name: 'mail account in a path',
    run: () => host.getMail('nobody'),
    field: 'mail_address',
    rule: 'format',
  },
  {
    name: 'forwarding addresses',
    run: () => host.setForwarding(`info@${SHOP}`, { forwarding_addresses: ['x'] }),
    field: 'forwarding_addresses',
    rule: 'format',
  },
  {
    name: 'forwarding keep a boolean',
    run: () => host.setForwarding(`info@${SHOP}`, { keep_in_mailbox: 'yes' as never }),
    field: 'keep_in_mailbox',
    rule: 'type',
  },
  {
    name: 'mail-filter domain over 253',
    run: () =>
      host.addMailFilter({
        domain: `${long(251)}.jp`,
        conditions: [{ keyword: 'k', field: 'to', match_type: 'match' }],
        action: { type: 'trash', method: 'move' },
      }),
    field: 'domain',
    rule: 'max_length',
  },
  {
    name: 'mail-filter a condition',
    run: () =>
      host.addMailFilter({ domain: SHOP, conditions: [], action: { type: 'trash', method: 'move' } }),
    field: 'conditions',
    rule: 'min_items',
  },
  {
    name: 'mail-filter field',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'k', field: 'cc' as never, match_type: 'match' }],
        action: { type: 'trash', method: 'move' },
      }),
    field: 'field',
    rule: 'enum',
  },
  {
    name: 'mail-filter match_type',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'k', field: 'to', match_type: 'regex' as never }],
        action: { type: 'trash', method: 'move' },
      }),
    field: 'match_type',
    rule: 'enum',
  },
  {
    name: 'mail-filter keyword',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: '', field: 'to', match_type: 'match' }],
        action: { type: 'trash', method: 'move' },
      }),
    field: 'keyword',
    rule: 'required',
  },
  {
    name: 'mail-filter action type',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'k', field: 'to', match_type: 'match' }],
        action: { type: 'forward' as never, method: 'move' },
      }),
    field: 'type',
    rule: 'enum',
  },
  {
    name: 'mail-filter action method',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'k', field: 'to', match_type: 'match' }],
        action: { type: 'trash', method: 'keep' as never },
      }),
    field: 'method',
    rule: 'enum',
  },
  {
    name: 'mail-filter action target',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'k', field: 'to', match_type: 'match' }],
        action: { type: 'mail_address', target: 'x', method: 'copy' },
      }),
    field: 'target',
    rule: 'format',
  },
  {
    name: 'mail-filter id in a path',
    run: () => host.deleteMailFilter(''),
    field: 'filter_id',
    rule: 'required',
  },
  {
    name: 'ftp account user@domain',
    run: () => host.createFtp({ ftp_account: 'deploy', password: 'Ftp-Pass' }),
    field: 'ftp_account',
    rule: 'format',
  },
  {
    name: 'ftp password at least 8',
    run: () => host.createFtp({ ftp_account: `x@${SHOP}`, password: 'Ftp-Pa7' }),
    field: 'password',
    rule: 'min_length',
  },
  {
    name: 'ftp quota an integer',
    run: () => host.createFtp({ ftp_account: `x@${SHOP}`, password: 'Ftp-Pass', quota_mb: '5' as never }),
    field: 'quota_mb',
    rule: 'type',
  },
  {
    name: 'db character set one of five',
    run: () => host.createDatabase({ name_suffix: 'x', character_set: 'utf8' }),
    field: 'character_set',
    rule: 'enum',
  },
  {
    name: 'db name_suffix required',
    run: () => host.createDatabase({ name_suffix: '' }),
    field: 'name_suffix',
    rule: 'required',
  },
  {
    name: 'db memo required on PUT',
    run: () => host.updateDatabase('xs123456_app', undefined as never),
    field: 'memo',
    rule: 'required',
  },
  {
    name: 'db user password at least 6',
    run: () => host.createDatabaseUser({ name_suffix: 'u', password: 'Db-P5' }),
    field: 'password',
    rule: 'min_length',
  },
  {
    name: 'grant revoke db_name required',
    run: () => host.revokeGrant('xs123456_app', ''),
    field: 'db_name',
    rule: 'required',
  },
  {
    name: 'php version required',
    run: () => host.setPhpVersion(IDN, ''),
    field: 'version',
    rule: 'required',
  },
  {
    name: 'domain a domain',
    run: () => host.addDomain({ domain: 'bad domain' }),
    field: 'domain',
    rule: 'format',
  },
  {
    name: 'domain ai_crawler_block_enabled a boolean',
    run: () => host.addDomain({ domain: 'ok.jp', ai_crawler_block_enabled: 'yes' as never }),
    field: 'ai_crawler_block_enabled',
    rule: 'type',
  },
  {
    name: 'domain memo required on PUT',
    run: () => host.updateDomain(IDN, undefined as never),
    field: 'memo',
    rule: 'required',
  },
  {
    name: 'domain delete_files a boolean',
    run: () => host.deleteDomain(IDN, { delete_files: 1 as never }),
    field: 'delete_files',
    rule: 'type',
  },
  {
    name: 'domain reset type one of three',
    run: () => host.resetDomain(SHOP, 'files' as never),
    field: 'type',
    rule: 'enum',
  },
  {
    name: 'domain reset type required',
    run: () => host.resetDomain(SHOP, undefined as never),
    field: 'type',
    rule: 'required',
  },
  {
    name: 'subdomain a domain',
    run: () => host.addSubdomain({ subdomain: 'nodots' }),
    field: 'subdomain',
    rule: 'format',
  },
  {
    name: 'subdomain ssl a boolean',
    run: () => host.addSubdomain({ subdomain: `x.${SHOP}`, ssl: 'on' as never }),
    field: 'ssl',
    rule: 'type',
  },
  {
    name: 'ssl common_name a domain',
    run: () => host.addFreeSsl('not a domain'),
    field: 'common_name',
    rule: 'format',
  },
  {
    name: 'dns ttl at least 60',
    run: () => host.addDns({ domain: SHOP, host: 'x', type: 'TXT', content: 'v', ttl: 59 }),
    field: 'ttl',
    rule: 'range',
  },
  {
    name: 'dns ttl at most 86400',
    run: () => host.addDns({ domain: SHOP, host: 'x', type: 'TXT', content: 'v', ttl: 86_401 }),
    field: 'ttl',
    rule: 'range',
  },
  {
    name: 'dns type one of seven',
    run: () => host.addDns({ domain: SHOP, host: 'x', type: 'PTR' as never, content: 'v' }),
    field: 'type',
    rule: 'enum',
  },
  {
    name: 'dns host at most 255',
    run: () => host.addDns({ domain: SHOP, host: long(256), type: 'TXT', content: 'v' }),
    field: 'host',
    rule: 'max_length',
  },
  {
    name: 'dns host required',
    run: () => host.addDns({ domain: SHOP, host: '', type: 'TXT', content: 'v' }),
    field: 'host',
    rule: 'required',
  },
  {
    name: 'dns content required',
    run: () => host.addDns({ domain: SHOP, host: 'x', type: 'TXT', content: '' }),
    field: 'content',
    rule: 'required',
  },
  {
    name: 'dns domain over 253',
    run: () => host.addDns({ domain: `${long(251)}.jp`, host: 'x', type: 'TXT', content: 'v' }),
    field: 'domain',
    rule: 'max_length',
  },
  {
    name: 'dns priority an integer',
    run: () => host.addDns({ domain: SHOP, host: '@', type: 'MX', content: SHOP, priority: 1.5 }),
    field: 'priority',
    rule: 'type',
  },
  { name: 'dns ttl range on PUT', run: () => host.updateDns(501, { ttl: 59 }), field: 'ttl', rule: 'range' },
  { name: 'dns id an integer', run: () => host.deleteDns('abc'), field: 'dns_id', rule: 'type' },
  {
    name: 'dns filter a domain',
    run: () => host.listDns({ domain: 'bad domain' }),
    field: 'domain',
    rule: 'format',
  },
  {
    name: 'log lines at least 1',
    run: () => host.accessLog({ domain: SHOP, lines: 0 }),
    field: 'lines',
    rule: 'range',
  },
  {
    name: 'log domain required',
    run: () => host.errorLog({ domain: '' }),
    field: 'domain',
    rule: 'required',
  },
];

describe('refused before sending, on the field the reference constrains', () => {
  it.each(REFUSALS)('$name', async (c) => {
    h.sim.control.clearRequests();
    const e = await caught(c.run());
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).issues).toContainEqual(
      expect.objectContaining({ field: c.field, rule: c.rule }),
    );
    expect(h.sim.control.requests()).toEqual([]);
  });

  it('the bound itself passes: 1024, 512, 255, 7, 6, 8, 50000, 60 and 86400', async () => {
    await host.addCron({ ...JOB, command: `/bin/${long(1019)}` });
    await host.createMail({ mail_address: `edge@${SHOP}`, password: 'Mail-6', quota_mb: 50_000 });
    await host.createFtp({ ftp_account: `edge@${SHOP}`, password: 'Ftp-Pas8' });
    await host.createDatabaseUser({ name_suffix: 'edge', password: 'Db-Pa6' });
    await host.addDns({ domain: SHOP, host: 'a', type: 'TXT', content: 'v', ttl: 60 });
    await host.addDns({ domain: SHOP, host: 'b', type: 'TXT', content: 'v', ttl: 86_400 });
    await host.installWordpress({
      url: `${SHOP}/${long(512 - SHOP.length - 1)}`,
      title: long(255),
      admin_username: long(255),
      admin_password: 'Wp-Pas7',
      admin_email: `${long(248)}@b.jp`,
      memo: long(500),
    });
    expect(h.sim.control.requests({ status: 200 })).toHaveLength(7);
  });
});

interface Gap {
  name: string;
  run: () => Promise<unknown>;
  error: typeof ProviderError;
  code: string;
}

/** What the reference leaves open is sent, and the provider's answer is what comes back. */
const GAPS: Gap[] = [
  {
    name: 'a mail quota of 0 on PUT (bounds stated for creation only)',
    run: () => host.updateMail(`info@${SHOP}`, { quota_mb: 0 }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a short mail password on PUT',
    run: () => host.updateMail(`info@${SHOP}`, { password: 'abc' }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a long mail memo (no memo limit published)',
    run: () => host.createMail({ mail_address: `m@${SHOP}`, password: 'Mail-P6', memo: long(300) }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a negative FTP quota (no range published)',
    run: () => host.createFtp({ ftp_account: `q@${SHOP}`, password: 'Ftp-Pass', quota_mb: -1 }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a name suffix’s characters',
    run: () => host.createDatabase({ name_suffix: 'Bad-Name' }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a weekday by name',
    run: () => host.addCron({ ...JOB, weekday: 'mon' }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'eleven sorting conditions (no maximum published)',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: Array.from({ length: 11 }, (_, i) => ({
          keyword: `k${i}`,
          field: 'to' as const,
          match_type: 'match' as const,
        })),
        action: { type: 'trash', method: 'move' },
      }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'forwarding by a rule with no target',
    run: () =>
      host.addMailFilter({
        domain: SHOP,
        conditions: [{ keyword: 'k', field: 'to', match_type: 'match' }],
        action: { type: 'mail_address', method: 'copy' },
      }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a PHP version not on offer',
    run: () => host.setPhpVersion(IDN, '8.0'),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'an A record that is no address',
    run: () => host.addDns({ domain: SHOP, host: 'x', type: 'A', content: 'not-an-ip' }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a WordPress memo over 500 on PUT',
    run: () => host.updateWordpress('1001', { memo: long(501) }),
    error: ProviderRejectedError,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'a domain not proven (status unpublished)',
    run: () => host.addDomain({ domain: 'unproven.jp' }),
    error: ProviderConflictError,
    code: 'OPERATION_ERROR',
  },
  {
    name: 'a mailbox on a domain not proven',
    run: async () => {
      h.sim.control.panelAddDomain(SERVER, 'panel.jp');
      return host.createMail({ mail_address: 'a@panel.jp', password: 'Mail-P6' });
    },
    error: ProviderConflictError,
    code: 'OPERATION_ERROR',
  },
  {
    name: 'free SSL on other name servers',
    run: () => host.addFreeSsl('example-blog.net'),
    error: ProviderConflictError,
    code: 'OPERATION_ERROR',
  },
  {
    name: 'a paid certificate’s DELETE',
    run: () => host.deleteFreeSsl(`www.${SHOP}`),
    error: ProviderConflictError,
    code: 'OPERATION_ERROR',
  },
  {
    name: 'an unknown record',
    run: () => host.deleteDns(99_999),
    error: ProviderNotFoundError,
    code: 'NOT_FOUND',
  },
];

describe('left to the provider where the reference is silent', () => {
  it.each(GAPS)('$name', async (c) => {
    h.sim.control.clearRequests();
    const e = await caught(c.run());
    expect(e).toBeInstanceOf(c.error);
    expect(e).toMatchObject({ code: c.code });
    expect(h.sim.control.requests().at(-1)?.status).toBe((e as ProviderError).status);
  });

  it('subdomains made in quick succession: the provider’s temporary error, then it works', async () => {
    for (const n of ['a', 'b', 'c']) await host.addSubdomain({ subdomain: `${n}.${SHOP}` });
    const e = await caught(host.addSubdomain({ subdomain: `d.${SHOP}` }));
    expect(e).toBeInstanceOf(ProviderConflictError);
    h.sim.control.clock.advance(10_000);
    expect((await host.addSubdomain({ subdomain: `d.${SHOP}` })).ssl_status).toBe('success');
  });
});

describe('the answers, read leniently', () => {
  it('both forms where the reference contradicts itself: PHP versions as a list, DNS priority null', async () => {
    h.sim.control.setAnswerForms({ phpAvailableVersions: 'list', dnsPriority: 'null' });
    const php = await host.phpVersions();
    expect(php.available.map((v) => v)).toContainEqual({ version: '8.3', label: null });
    expect(php.availableUnread).toBe(false);
    const dns = await host.listDns({ domain: SHOP });
    expect(dns.malformed).toEqual([]);
    expect(dns.items.find((r) => r.type === 'A')?.priority).toBeNull();
  });

  it('an item that breaks its schema is kept apart, what it says readable, and logged once', async () => {
    const good = {
      id: 1,
      domain: SHOP,
      host: '@',
      type: 'A',
      content: '203.0.113.1',
      ttl: 3600,
      priority: 0,
    };
    h.sim.control.addFault({
      method: 'GET',
      path: `${BASE}/dns`,
      status: 200,
      rawBody: JSON.stringify({ records: [good, { ...good, id: 2, ttl: 'long' }, 'nonsense'] }),
      times: 2,
    });
    for (let i = 0; i < 2; i += 1) {
      const dns = await host.listDns();
      expect(dns.items).toEqual([good]);
      expect(dns.malformed).toEqual([
        { index: 1, readable: { ...good, id: 2, ttl: undefined }, broken: ['ttl'] },
        { index: 2, readable: {}, broken: ['*'] },
      ]);
    }
    expect(h.sink.text.match(/breaks the spec/g)).toHaveLength(2);
  });

  it('an answer whose list is missing is a response error; a PHP offer of neither form is unread', async () => {
    h.sim.control.addFault({ method: 'GET', path: `${BASE}/cron`, status: 200, rawBody: '{"jobs":[]}' });
    expect(await caught(host.listCron())).toBeInstanceOf(ProviderResponseError);
    h.sim.control.addFault({
      method: 'GET',
      path: `${BASE}/php-version`,
      status: 200,
      rawBody: '{"available_versions":"8.3","domains":[]}',
    });
    expect(await host.phpVersions()).toEqual({
      available: [],
      availableUnread: true,
      domains: { items: [], malformed: [] },
    });
  });

  it('a DELETE answered 204 with no body reads as done', async () => {
    h.sim.control.addFault({ method: 'DELETE', path: `${BASE}/dns/501`, status: 204, rawBody: '' });
    expect(await host.deleteDns(501)).toEqual({});
  });

  it('GET /v1/me in the reference’s flat shape, its expiry with a T and no zone read as Japan time', async () => {
    const key = h.sim.control.createKey({
      expires_at: '2030-06-30 00:00:00',
      flat: { servername: SERVER, permission_type: 'custom', permissions: { dns: 'full' } },
    });
    const me = await h.makeClient(key).me();
    expect(me).toMatchObject({
      service_type: 'server',
      servername: SERVER,
      permission_type: 'custom',
      expires_at: '2030-06-30T00:00:00',
      services: {},
    });
    expect(readKeyExpiry(me.expires_at, new Date('2026-11-21T03:00:00Z'))).toMatchObject({
      state: 'expires',
      at: new Date('2030-06-29T15:00:00Z'),
    });
    const flat = h.makeClient(key).hosting(SERVER);
    expect((await flat.listDns()).items.length).toBeGreaterThan(0);
    expect(await caught(flat.listCron())).toBeInstanceOf(ProviderAuthError);
  });
});

describe('the error family and the priorities', () => {
  it('maps every documented status and code of a hosting answer to its class', async () => {
    const cases: [number, string | undefined, typeof ProviderError, string][] = [
      [400, undefined, ProviderRejectedError, 'BAD_REQUEST'],
      [401, 'UNAUTHORIZED', ProviderAuthError, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN', ProviderAuthError, 'FORBIDDEN'],
      [404, 'NOT_FOUND', ProviderNotFoundError, 'NOT_FOUND'],
      [409, 'OPERATION_ERROR', ProviderConflictError, 'OPERATION_ERROR'],
      [422, 'VALIDATION_ERROR', ProviderRejectedError, 'VALIDATION_ERROR'],
      [500, 'INTERNAL_ERROR', ProviderServerError, 'INTERNAL_ERROR'],
      [502, 'BACKEND_ERROR', ProviderServerError, 'BACKEND_ERROR'],
    ];
    for (const [status, code, cls, expected] of cases) {
      h.sim.control.addFault({
        method: 'POST',
        path: `${BASE}/cron`,
        status,
        ...(code ? { code } : {}),
        ...(code ? {} : { rawBody: '' }),
      });
      const e = await caught(host.addCron(JOB));
      expect(e, `${status}`).toBeInstanceOf(cls);
      expect(e).toMatchObject({ status, code: expected, endpoint: 'POST /v1/server/{servername}/cron' });
    }
    h.sim.control.addFault({
      method: 'POST',
      path: `${BASE}/cron`,
      status: 429,
      headers: { 'Retry-After': '7200' },
    });
    expect(await caught(host.addCron(JOB))).toBeInstanceOf(ProviderRateLimitError);
    // A hosting write is never repeated: each fault met one request.
    expect(h.sim.control.requests({ method: 'POST', path: `${BASE}/cron` })).toHaveLength(9);
  });

  it('passes the caller’s priority through; a change defaults to write, a read to read', async () => {
    await host.listDns({}, BACKGROUND);
    await host.deleteDns(501, WRITE);
    await host.updateDns(502, { ttl: 600 });
    const lines = h.sink.lines.map(
      (l) => JSON.parse(l) as { msg: string; endpoint?: string; priority?: string },
    );
    const prio = (endpoint: string) =>
      lines.find((l) => l.msg === 'provider request' && l.endpoint === endpoint)?.priority;
    expect(prio('GET /v1/server/{servername}/dns')).toBe('background');
    expect(prio('DELETE /v1/server/{servername}/dns/{dns_id}')).toBe('write');
    expect(prio('PUT /v1/server/{servername}/dns/{dns_id}')).toBe('write');
  });
});

describe('paths', () => {
  it('Punycode for Japanese domains, %40 for @', () => {
    expect(encodeDomainSegment('れい.jp')).toBe(IDN);
    expect(encodeDomainSegment('Example.COM')).toBe('example.com');
    expect(encodeMailSegment('info@れい.jp')).toBe(`info%40${IDN}`);
    expect(() => encodeMailSegment('nobody')).toThrow(ValidationError);
    expect(() => h.client.hosting('not a server')).toThrow(ValidationError);
  });
});
