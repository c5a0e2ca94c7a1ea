/**
 * Seed data ('default'): a dozen VPSs of every type, contract state and power
 * state; the plan catalogue with one campaign, one paused plan, one closed
 * period and one ended plan; OS images; 50,000 yen of balance; two hosting
 * servers with domains (one Japanese IDN), WordPress, databases, cron jobs
 * and SSH keys; every seeded domain already verified (its `_service-verify`
 * TXT record is in DNS) and `example-blog.net` on other name servers.
 * 'empty' keeps plans, images and the 50,000 yen balance (signup needs them)
 * but has no VPS and no hosting server.
 */
import { domainToASCII } from 'node:url';
import { verificationRecordName } from './dns.ts';
import type { ContractStatus, PowerStatus, VpsType } from './types.ts';
import {
  type CronJobState,
  type HostingServerState,
  type PlanState,
  planName,
  type WordPressState,
  World,
} from './world.ts';

const PERIODS = [1, 3, 6, 12, 24, 36];

interface PlanRow {
  type: 'vps' | 'business';
  gb: number;
  vcpu: number;
  disk: number;
  price: number;
}

const PLAN_ROWS: PlanRow[] = [
  { type: 'vps', gb: 1, vcpu: 2, disk: 30, price: 990 },
  { type: 'vps', gb: 2, vcpu: 3, disk: 50, price: 1_700 },
  { type: 'vps', gb: 4, vcpu: 4, disk: 100, price: 3_200 },
  { type: 'vps', gb: 8, vcpu: 6, disk: 100, price: 6_600 },
  { type: 'vps', gb: 16, vcpu: 8, disk: 100, price: 13_200 },
  { type: 'vps', gb: 32, vcpu: 12, disk: 100, price: 26_400 },
  { type: 'vps', gb: 64, vcpu: 24, disk: 100, price: 52_800 },
  { type: 'business', gb: 2, vcpu: 3, disk: 50, price: 2_200 },
  { type: 'business', gb: 4, vcpu: 4, disk: 100, price: 4_400 },
  { type: 'business', gb: 8, vcpu: 6, disk: 100, price: 8_800 },
  { type: 'business', gb: 16, vcpu: 8, disk: 100, price: 17_600 },
];

function seedCatalogue(w: World): void {
  for (const r of PLAN_ROWS) {
    const plan: PlanState = {
      planId: `${r.type}-${r.gb}gb`,
      vpsType: r.type,
      planName: planName(r.type, r.gb),
      memoryMb: r.gb * 1024,
      vcpu: r.vcpu,
      diskGb: r.disk,
      monthlyPrice: r.price,
      periods: [...PERIODS],
      closedPeriods: new Set(),
      closed: false,
      paused: false,
      campaigns: new Map(),
    };
    w.plans.set(plan.planId, plan);
  }
  // One campaign, one paused plan, one closed period, one ended plan.
  w.getPlan('vps-2gb').campaigns.set(12, 30);
  w.getPlan('vps-64gb').paused = true;
  w.getPlan('vps-1gb').closedPeriods.add(36);
  w.getPlan('business-2gb').closed = true;

  w.images = [
    { imageId: 'ubuntu-24.04', name: 'Ubuntu', version: '24.04', minimumMemoryMb: 0 },
    { imageId: 'ubuntu-22.04', name: 'Ubuntu', version: '22.04', minimumMemoryMb: 0 },
    { imageId: 'debian-12', name: 'Debian', version: '12', minimumMemoryMb: 0 },
    { imageId: 'almalinux-9', name: 'AlmaLinux', version: '9', minimumMemoryMb: 0 },
    { imageId: 'rockylinux-9', name: 'Rocky Linux', version: '9', minimumMemoryMb: 0 },
    { imageId: 'oraclelinux-9-desktop', name: 'Oracle Linux (Desktop)', version: '9', minimumMemoryMb: 2048 },
  ];
  w.vpsSshKeys.set(
    'ops-key',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOps0000000000000000000000000000000000000000 ops',
  );
  w.vpsSshKeys.set('deploy', null);
}

interface VpsRow {
  name: string;
  type: VpsType;
  gb: number;
  vcpu: number;
  disk: number;
  status: ContractStatus;
  power: PowerStatus;
  os: string | null;
  application?: string;
  memo?: string;
}

const VPS_ROWS: VpsRow[] = [
  {
    name: 'web-1',
    type: 'vps',
    gb: 4,
    vcpu: 4,
    disk: 100,
    status: 'active',
    power: 'running',
    os: 'Ubuntu 24.04',
    memo: '本番Web (nginx)',
  },
  {
    name: 'web-2',
    type: 'vps',
    gb: 4,
    vcpu: 4,
    disk: 100,
    status: 'active',
    power: 'running',
    os: 'Ubuntu 24.04',
    application: 'WordPress',
  },
  {
    name: 'db-1',
    type: 'business',
    gb: 16,
    vcpu: 8,
    disk: 200,
    status: 'active',
    power: 'running',
    os: 'AlmaLinux 9',
    memo: 'MySQL primary',
  },
  {
    name: 'db-2',
    type: 'business',
    gb: 8,
    vcpu: 6,
    disk: 100,
    status: 'active',
    power: 'stopped',
    os: 'AlmaLinux 9',
    memo: 'MySQL replica',
  },
  {
    name: 'cache-1',
    type: 'vps',
    gb: 2,
    vcpu: 3,
    disk: 50,
    status: 'active',
    power: 'processing',
    os: 'Debian 12',
  },
  {
    name: 'batch-1',
    type: 'vps',
    gb: 8,
    vcpu: 6,
    disk: 100,
    status: 'active',
    power: 'error',
    os: 'Rocky Linux 9',
  },
  {
    name: 'win-ad-1',
    type: 'windows',
    gb: 4,
    vcpu: 4,
    disk: 100,
    status: 'active',
    power: 'running',
    os: 'Windows Server 2022',
  },
  {
    name: 'win-rdp-1',
    type: 'windows',
    gb: 8,
    vcpu: 6,
    disk: 200,
    status: 'suspended',
    power: 'stopped',
    os: 'Windows Server 2019',
  },
  {
    name: 'gpu-ml-1',
    type: 'gpu',
    gb: 32,
    vcpu: 12,
    disk: 400,
    status: 'active',
    power: 'running',
    os: 'Ubuntu 22.04',
    application: 'CUDA',
  },
  {
    name: 'staging-1',
    type: 'vps',
    gb: 1,
    vcpu: 2,
    disk: 30,
    status: 'suspended',
    power: 'stopped',
    os: 'Ubuntu 22.04',
  },
  {
    name: 'mail-1',
    type: 'vps',
    gb: 2,
    vcpu: 3,
    disk: 50,
    status: 'active',
    power: 'running',
    os: 'Debian 12',
  },
  {
    name: 'backup-1',
    type: 'business',
    gb: 4,
    vcpu: 4,
    disk: 400,
    status: 'active',
    power: 'running',
    os: null,
    memo: 'バックアップ用',
  },
];

function seedVps(w: World): void {
  for (const r of VPS_ROWS) {
    w.addVps(
      {
        name: r.name,
        vpsType: r.type,
        planName: planName(r.type, r.gb),
        vcpu: r.vcpu,
        memoryGb: r.gb,
        diskGb: r.disk,
        status: r.status,
        power: r.power,
        os: r.os,
        application: r.application ?? null,
        memo: r.memo ?? null,
      },
      `seed-${r.name}`,
    );
  }
  // A customised PTR on web-1 so reverse_hostname differs from hostname somewhere.
  const web1 = [...w.vps.values()].find((s) => s.name === 'web-1');
  if (web1) web1.reverseHostname = 'www.example-shop.com';
}

export function newHostingServer(
  servername: string,
  variant: 'standard' | 'business',
  ip: string,
): HostingServerState {
  return {
    servername,
    variant,
    ipAddress: ip,
    nameServers: ['ns1.xserver.jp', 'ns2.xserver.jp', 'ns3.xserver.jp', 'ns4.xserver.jp', 'ns5.xserver.jp'],
    phpVersions: ['8.3.14', '8.2.26', '8.1.31', '7.4.33'],
    dbVersions: [{ product: 'MariaDB', version: '10.5' }],
    domainValidationToken: `sim-verify-${servername.split('.')[0]}`,
    hostname: servername.replace(/^xs/, 'sv'),
    domains: new Map(),
    subdomains: new Map(),
    wordpress: new Map(),
    databases: new Map(),
    dbUsers: new Map(),
    cronJobs: new Map(),
    sshEnabled: false,
    sshKeys: new Map(),
    errorLogs: new Map(),
    diskUsedMb: 0,
    diskQuotaMb: variant === 'business' ? 500_000 : 300_000,
    fileCount: 0,
  };
}

export function documentRoot(servername: string, host: string): string {
  const account = servername.split('.')[0] ?? servername;
  return `/home/${account}/${host}/public_html`;
}

/** The WP-Cron job a WordPress site gets (php run on the site's wp-cron.php every 15 minutes). */
export function wpCronJob(servername: string, id: string, site: WordPressState): CronJobState {
  const u = new URL(site.url);
  const path = u.pathname.replace(/\/$/, '');
  return {
    id,
    schedule: '*/15 * * * *',
    command: `/usr/bin/php ${documentRoot(servername, u.hostname)}${path}/wp-cron.php`,
    wordpressId: site.id,
  };
}

export function addDomain(
  h: HostingServerState,
  unicode: string,
  ssl: 'active' | 'failed_nameserver' | 'none',
): string {
  const domain = domainToASCII(unicode);
  h.domains.set(domain, {
    domain,
    sslStatus: ssl,
    redirectHttps: ssl === 'active',
    documentRoot: documentRoot(h.servername, domain),
  });
  return domain;
}

function seedHosting(w: World, now: Date): void {
  const a = newHostingServer('xs123456.xsrv.jp', 'standard', '183.90.240.11');
  addDomain(a, 'xs123456.xsrv.jp', 'active');
  const shop = addDomain(a, 'example-shop.com', 'active');
  const idn = addDomain(a, 'れい.jp', 'active');
  addDomain(a, 'example-blog.net', 'failed_nameserver');
  const sub = `blog.${shop}`;
  a.subdomains.set(sub, {
    subdomain: sub,
    parent: shop,
    sslStatus: 'active',
    documentRoot: documentRoot(a.servername, sub),
  });
  a.wordpress.set('1001', {
    id: '1001',
    url: `https://${shop}/`,
    title: 'Example Shop',
    adminUsername: 'shopadmin',
    adminEmail: 'admin@example-shop.com',
    version: '6.7.1',
    dbName: 'xs123456_wp1',
    dbUser: 'xs123456_wp1',
    createdAt: now,
  });
  a.wordpress.set('1002', {
    id: '1002',
    url: `https://${sub}/`,
    title: 'Shop Blog',
    adminUsername: 'blogadmin',
    adminEmail: 'blog@example-shop.com',
    version: '6.7.1',
    dbName: 'xs123456_wp2',
    dbUser: 'xs123456_wp2',
    createdAt: now,
  });
  a.wordpress.set('1003', {
    id: '1003',
    url: `https://${idn}/`,
    title: 'れいのサイト',
    adminUsername: 'reiadmin',
    adminEmail: 'admin@example-shop.com',
    version: '6.6.2',
    dbName: 'xs123456_wp3',
    dbUser: 'xs123456_wp3',
    createdAt: now,
  });
  for (const [i, site] of [...a.wordpress.values()].entries()) {
    const id = String(3001 + i);
    a.cronJobs.set(id, wpCronJob(a.servername, id, site));
  }
  a.cronJobs.set('3101', {
    id: '3101',
    schedule: '0 4 * * *',
    command: '/home/xs123456/bin/backup-uploads.sh',
    wordpressId: null,
  });
  for (const n of ['xs123456_wp1', 'xs123456_wp2', 'xs123456_wp3', 'xs123456_app']) {
    a.databases.set(n, { name: n, characterSet: 'utf8mb4', grants: new Set([n]) });
    a.dbUsers.set(n, { name: n });
  }
  a.sshEnabled = true;
  a.sshKeys.set('2001', {
    keyId: '2001',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDeploy000000000000000000000000000000000000 deploy@ci',
    label: 'ci-deploy',
    createdAt: now,
  });
  a.errorLogs.set(shop, [
    '[Sat Nov 21 10:00:01 2026] [error] [client 203.0.113.5] File does not exist: /home/xs123456/example-shop.com/public_html/favicon.ico',
    '[Sat Nov 21 10:02:13 2026] [error] [client 203.0.113.9] PHP Fatal error:  Uncaught Error: Call to undefined function wc_get_product()',
    '[Sat Nov 21 10:05:40 2026] [warn] [client 198.51.100.7] PHP Warning:  Undefined array key "id" in functions.php on line 42',
  ]);
  a.errorLogs.set(idn, [
    '[Sat Nov 21 09:00:00 2026] [error] [client 203.0.113.5] File does not exist: robots.txt',
  ]);
  a.diskUsedMb = 12_480;
  a.fileCount = 48_210;
  w.hosting.set(a.servername, a);

  const b = newHostingServer('xs654321.xsrv.jp', 'business', '183.90.241.22');
  b.dbVersions = [{ product: 'MySQL', version: '8.0' }];
  addDomain(b, 'xs654321.xsrv.jp', 'active');
  const corp = addDomain(b, 'corp-example.co.jp', 'active');
  b.wordpress.set('1101', {
    id: '1101',
    url: `https://${corp}/`,
    title: 'コーポレートサイト',
    adminUsername: 'corpadmin',
    adminEmail: 'web@corp-example.co.jp',
    version: '6.7.1',
    dbName: 'xs654321_wp1',
    dbUser: 'xs654321_wp1',
    createdAt: now,
  });
  b.databases.set('xs654321_wp1', {
    name: 'xs654321_wp1',
    characterSet: 'utf8mb4',
    grants: new Set(['xs654321_wp1']),
  });
  b.dbUsers.set('xs654321_wp1', { name: 'xs654321_wp1' });
  for (const [i, site] of [...b.wordpress.values()].entries()) {
    const id = String(3201 + i);
    b.cronJobs.set(id, wpCronJob(b.servername, id, site));
  }
  b.errorLogs.set(corp, []);
  b.diskUsedMb = 3_200;
  b.fileCount = 9_877;
  w.hosting.set(b.servername, b);

  // The domains held were verified when they were added: their TXT records are in DNS, visible
  // since the epoch (so a test moving the clock back still sees them).
  for (const h of w.hosting.values()) {
    for (const d of h.domains.keys()) w.dns.setTxt(verificationRecordName(d), h.domainValidationToken, 0, 0);
  }
  w.dns.setExternalNameServers('example-blog.net', true);
}

export function createWorld(seed: 'default' | 'empty', now: Date): World {
  const w = new World();
  seedCatalogue(w);
  if (seed === 'default') {
    seedVps(w);
    seedHosting(w, now);
  }
  w.balance = 50_000;
  return w;
}
