/**
 * The seeded hosting servers: `xs123456.xsrv.jp` (standard) with four domains
 * (one Japanese, `れい.jp`; `example-blog.net` on other name servers), a
 * subdomain, three WordPress sites, databases and users, cron jobs (one per
 * site clearing its cache, a nightly backup, a disabled weekly report), mail
 * accounts with forwarding and sorting rules, FTP accounts, each domain's PHP
 * version, free certificates (one a few days from its end) and a paid one,
 * DNS zones, SSH and a key, error and access logs; and `xs654321.xsrv.jp`
 * (business) with one domain and its site. Every seeded domain is verified:
 * its `_xserver-verify` TXT record is in its zone and in the public DNS,
 * seen since the epoch.
 */

import {
  addCronJob,
  addDnsRecord,
  addHostingDomain,
  newHostingServer,
  verificationRecordName,
  verificationValue,
  wpCacheJob,
} from './hosting-model.ts';
import type { HostingServerState } from './hosting-state.ts';
import type { World } from './world.ts';

export interface SeedNames {
  server: (n: number) => string;
  domain: (d: string) => string;
}

const DAY_MS = 86_400_000;

function certificateEnds(h: HostingServerState, commonName: string, at: Date): void {
  for (const c of h.ssl.values()) if (c.commonName === commonName) c.expiresAt = at;
}

function seedServerA(w: World, now: Date, names: SeedNames): HostingServerState {
  const ip = w.index === 0 ? '183.90.240.11' : `183.90.${240 + (w.index % 10)}.${11 + w.index}`;
  const a = newHostingServer(names.server(123456), 'standard', ip);
  const acct = a.serverId;
  const at = new Date(0);
  addHostingDomain(w, a, a.servername, { type: 'initial', ssl: 'active', now: at });
  const shop = addHostingDomain(w, a, names.domain('example-shop.com'), {
    ssl: 'active',
    memo: '本番ショップ',
    now: at,
  }).domain;
  const idn = addHostingDomain(w, a, names.domain('れい.jp'), { ssl: 'active', now: at }).domain;
  const blog = names.domain('example-blog.net');
  addHostingDomain(w, a, blog, { ssl: 'failed_nameserver', now: at });
  a.domains.get(idn)!.phpVersion = '8.2';
  a.domains.get(blog)!.phpVersion = '8.1';

  const sub = `blog.${shop}`;
  a.subdomains.set(sub, {
    subdomain: sub,
    parent: shop,
    sslStatus: 'active',
    documentRoot: `/home/${acct}/${sub}/public_html`,
    memo: 'ショップのブログ',
  });
  const subCert = w.allocSslId();
  a.ssl.set(subCert, { id: subCert, commonName: sub, type: 'letsencrypt', expiresAt: new Date(0) });
  // Free certificates end 90 days after their last renewal: spread out, one a few days away.
  certificateEnds(a, a.servername, new Date(now.getTime() + 80 * DAY_MS));
  certificateEnds(a, shop, new Date(now.getTime() + 61 * DAY_MS));
  certificateEnds(a, idn, new Date(now.getTime() + 5 * DAY_MS));
  certificateEnds(a, sub, new Date(now.getTime() + 33 * DAY_MS));
  const paid = w.allocSslId();
  a.ssl.set(paid, {
    id: paid,
    commonName: `www.${shop}`,
    type: 'option',
    expiresAt: new Date(now.getTime() + 200 * DAY_MS),
  });

  const sites = [
    { id: '1001', url: `https://${shop}/`, title: 'Example Shop', admin: 'shopadmin', db: 1 },
    { id: '1002', url: `https://${sub}/`, title: 'Shop Blog', admin: 'blogadmin', db: 2 },
    { id: '1003', url: `https://${idn}/`, title: 'れいのサイト', admin: 'reiadmin', db: 3 },
  ];
  for (const s of sites) {
    const dbName = `${acct}_wp${s.db}`;
    a.wordpress.set(s.id, {
      id: s.id,
      url: s.url,
      title: s.title,
      adminUsername: s.admin,
      adminEmail: `admin@${shop}`,
      version: s.id === '1003' ? '6.6.2' : '6.7.1',
      dbName,
      dbUser: dbName,
      memo: '',
      createdAt: now,
    });
  }
  for (const site of a.wordpress.values()) addCronJob(w, a, wpCacheJob(a, site), site.id);
  addCronJob(w, a, {
    minute: '0',
    hour: '4',
    day: '*',
    month: '*',
    weekday: '*',
    command: `/home/${acct}/bin/backup-uploads.sh`,
    comment: 'nightly uploads backup',
    enabled: true,
  });
  addCronJob(w, a, {
    minute: '30',
    hour: '9',
    day: '*',
    month: '*',
    weekday: '1',
    command: `/usr/bin/php8.3 /home/${acct}/${shop}/bin/weekly-report.php`,
    comment: 'weekly sales report',
    enabled: false,
  });
  a.notificationEmail = `ops@${shop}`;

  for (const [n, size] of [
    ['wp1', 182.4],
    ['wp2', 36.1],
    ['wp3', 12.8],
    ['app', 420.5],
  ] as const) {
    const name = `${acct}_${n}`;
    a.databases.set(name, {
      name,
      characterSet: 'utf8mb4',
      grants: new Set([name]),
      memo: n === 'app' ? '在庫管理アプリ' : '',
      sizeMb: size,
    });
    a.dbUsers.set(name, { name, memo: '' });
  }

  a.mail.set(`info@${shop}`, {
    address: `info@${shop}`,
    quotaMb: 2000,
    usedMb: 153.4,
    memo: '問い合わせ窓口',
    forwarding: [],
    keepInMailbox: true,
  });
  a.mail.set(`support@${shop}`, {
    address: `support@${shop}`,
    quotaMb: 1000,
    usedMb: 87.25,
    memo: '',
    forwarding: ['oncall@example.net', 'support-archive@example.net'],
    keepInMailbox: true,
  });
  a.mail.set(`admin@${idn}`, {
    address: `admin@${idn}`,
    quotaMb: 500,
    usedMb: 3.5,
    memo: '',
    forwarding: [`info@${shop}`],
    keepInMailbox: false,
  });
  for (const [i, f] of [
    {
      conditions: [{ keyword: '請求書', field: 'subject', matchType: 'contain' }],
      action: { type: 'mail_address', target: `support@${shop}`, method: 'copy' },
    },
    {
      conditions: [
        { keyword: 'promo', field: 'from', matchType: 'start_from' },
        { keyword: 'unsubscribe', field: 'body', matchType: 'contain' },
      ],
      action: { type: 'trash', target: '', method: 'move' },
    },
  ].entries()) {
    const id = `f${w.allocSerial().toString(16).padStart(7, '0')}`;
    a.mailFilters.set(id, { id, domain: shop, priority: i + 1, ...f });
  }

  a.ftp.set(`deploy@${shop}`, {
    account: `deploy@${shop}`,
    directory: '/public_html',
    quotaMb: 0,
    memo: 'CI',
  });
  a.ftp.set(`backup@${shop}`, { account: `backup@${shop}`, directory: '/', quotaMb: 5000, memo: '' });

  addDnsRecord(
    w,
    a,
    {
      domain: shop,
      host: 'shop-cdn',
      type: 'CNAME',
      content: `cdn.${shop}.example.net`,
      ttl: 3600,
      priority: 0,
    },
    0,
  );
  addDnsRecord(
    w,
    a,
    { domain: shop, host: '@', type: 'CAA', content: '0 issue "letsencrypt.org"', ttl: 86400, priority: 0 },
    0,
  );
  for (const d of [shop, idn, blog]) {
    addDnsRecord(
      w,
      a,
      {
        domain: d,
        host: '_xserver-verify',
        type: 'TXT',
        content: verificationValue(a.domainValidationToken),
        ttl: 3600,
        priority: 0,
      },
      0,
    );
  }

  a.sshEnabled = true;
  a.sshKeys.set('2001', {
    keyId: '2001',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDeploy000000000000000000000000000000000000 deploy@ci',
    label: 'ci-deploy',
    createdAt: now,
  });
  a.errorLogs.set(shop, [
    `[Sat Nov 21 10:00:01 2026] [error] [client 203.0.113.5] File does not exist: /home/${acct}/${shop}/public_html/favicon.ico`,
    '[Sat Nov 21 10:02:13 2026] [error] [client 203.0.113.9] PHP Fatal error:  Uncaught Error: Call to undefined function wc_get_product()',
    '[Sat Nov 21 10:05:40 2026] [warn] [client 198.51.100.7] PHP Warning:  Undefined array key "id" in functions.php on line 42',
  ]);
  a.errorLogs.set(idn, [
    '[Sat Nov 21 09:00:00 2026] [error] [client 203.0.113.5] File does not exist: robots.txt',
  ]);
  a.accessLogs.set(shop, [
    `203.0.113.5 - - [21/Nov/2026:10:00:01 +0900] "GET / HTTP/1.1" 200 5120 "-" "Mozilla/5.0"`,
    `203.0.113.5 - - [21/Nov/2026:10:00:01 +0900] "GET /favicon.ico HTTP/1.1" 404 196 "-" "Mozilla/5.0"`,
    `198.51.100.7 - - [21/Nov/2026:10:01:12 +0900] "POST /wp-login.php HTTP/1.1" 200 4410 "-" "curl/8.5.0"`,
    `198.51.100.7 - - [21/Nov/2026:10:01:13 +0900] "POST /wp-login.php HTTP/1.1" 200 4410 "-" "curl/8.5.0"`,
    `203.0.113.9 - - [21/Nov/2026:10:02:13 +0900] "GET /products/42 HTTP/1.1" 500 0 "-" "Mozilla/5.0"`,
  ]);
  a.accessLogs.set(idn, [
    `203.0.113.5 - - [21/Nov/2026:09:00:00 +0900] "GET /robots.txt HTTP/1.1" 404 196 "-" "Googlebot/2.1"`,
  ]);
  a.diskUsedGb = 12.48;
  a.fileCount = 48_210;
  return a;
}

function seedServerB(w: World, now: Date, names: SeedNames): HostingServerState {
  const ip = w.index === 0 ? '183.90.241.22' : `183.91.${241 + (w.index % 10)}.${22 + w.index}`;
  const b = newHostingServer(names.server(654321), 'business', ip);
  b.dbVersions = ['mysql8.0.x'];
  b.dbVersionName = 'MySQL8.0';
  const at = new Date(0);
  addHostingDomain(w, b, b.servername, { type: 'initial', ssl: 'active', now: at });
  const corp = addHostingDomain(w, b, names.domain('corp-example.co.jp'), { ssl: 'active', now: at }).domain;
  certificateEnds(b, b.servername, new Date(now.getTime() + 70 * DAY_MS));
  certificateEnds(b, corp, new Date(now.getTime() + 45 * DAY_MS));
  const dbName = `${b.serverId}_wp1`;
  b.wordpress.set('1101', {
    id: '1101',
    url: `https://${corp}/`,
    title: 'コーポレートサイト',
    adminUsername: 'corpadmin',
    adminEmail: `web@${corp}`,
    version: '6.7.1',
    dbName,
    dbUser: dbName,
    memo: '',
    createdAt: now,
  });
  b.databases.set(dbName, {
    name: dbName,
    characterSet: 'utf8mb4',
    grants: new Set([dbName]),
    memo: '',
    sizeMb: 64,
  });
  b.dbUsers.set(dbName, { name: dbName, memo: '' });
  for (const site of b.wordpress.values()) addCronJob(w, b, wpCacheJob(b, site), site.id);
  b.mail.set(`info@${corp}`, {
    address: `info@${corp}`,
    quotaMb: 5000,
    usedMb: 1024.5,
    memo: '代表',
    forwarding: [],
    keepInMailbox: true,
  });
  addDnsRecord(
    w,
    b,
    {
      domain: corp,
      host: '_xserver-verify',
      type: 'TXT',
      content: verificationValue(b.domainValidationToken),
      ttl: 3600,
      priority: 0,
    },
    0,
  );
  b.accessLogs.set(corp, [
    `203.0.113.44 - - [21/Nov/2026:08:00:00 +0900] "GET / HTTP/1.1" 200 8120 "-" "Mozilla/5.0"`,
  ]);
  b.diskUsedGb = 3.2;
  b.fileCount = 9_877;
  return b;
}

export function seedHosting(w: World, now: Date, names: SeedNames): void {
  for (const h of [seedServerA(w, now, names), seedServerB(w, now, names)]) w.hosting.set(h.servername, h);
  // The domains held were verified when they were added: their TXT records are in the public DNS
  // too (a domain on other name servers has only those), visible since the epoch (so a test
  // moving the clock back still sees them).
  for (const h of w.hosting.values()) {
    for (const d of h.domains.keys())
      w.dns.setTxt(verificationRecordName(d), verificationValue(h.domainValidationToken), 0, 0);
  }
  w.dns.setExternalNameServers(names.domain('example-blog.net'), true);
}
