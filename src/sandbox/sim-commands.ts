/**
 * `sim …`: the simulator's control surface (src/simulator/control.ts) in
 * words a person types: power states, prices and campaigns, the balance, the
 * clock, faults, latency, maintenance, signups, charges, rate limits, DNS
 * records, and what happens in the provider's control panel to a VPS (its
 * name, memo, reverse hostname, IP address, plan, contract, the server
 * itself) and to a hosting server (domains, SSH, keys, DNS records, cron
 * jobs, mail and FTP accounts), and to a domain's name servers (its SSL).
 * With several provider accounts, `sim @<account> …` names the one a command
 * acts on (the first account when none is named). Each command is one
 * control call (or a read); what it answers is a few lines of text. A
 * mistake throws SimCommandError with the usage.
 */
import type { FaultRule, PowerStatus, SimulatorControl, VpsServerState } from '../simulator/index.ts';

export class SimCommandError extends Error {}

export const SIM_HELP = [
  'sim servers                                   the VPSs: name, power, contract, IP',
  'sim power <server> <running|stopped|processing|error> [then <state> <after, e.g. 20s>]',
  'sim contract <server> <active|suspended>      sim rename <server> <name>',
  'sim corrupt <server> <field>=<JSON>… [-<field>…]  a fault: its answers break the spec (name=null memo=42',
  "                                              power.status=suspended -plan_name); 'sim corrupt <server> clear' ends it",
  'sim key expires <+14d|-1h|<ISO time>|never> [still-answering] [key=<name>]   the bot’s key (full) by default',
  'sim key use <ip> <GET|POST|PUT|DELETE> <path> [status] [key=<name>]   another client used the key (its log says so)',
  'sim key denied <count> [ip] [401|403] [key=<name>]   refused requests from another client, a second apart',
  'sim add <count> [name]                        sim remove <server>',
  'sim plans                                     plans, monthly prices, periods',
  'sim price <plan> [months] <yen|+yen|-yen>     the monthly price every period is priced from',
  'sim campaign <plan> <months> <percent|off>    sim plan <plan> <pause|resume|close|reopen> [months]',
  'sim balance [yen]                             sim charges',
  "sim clock [+1h|-30m|2d|<ISO time>]            moves the provider's and the bot's time",
  'sim latency <ms>                              added to every provider answer',
  'sim fault <path> [status] [code=…] [times=N|always] [method=GET] [drop=before|after] [latency=ms] [truncate] [stall]',
  'sim faults                                    sim fault clear',
  'sim maintenance <on|off>                      sim outcome <active|building|setup_pending>',
  'sim signups                                   sim complete <signup id>',
  'sim rate-limit <limit> <window seconds> <concurrent>',
  'sim txt <name> <value>                        a DNS TXT record (hosting domain ownership)',
  'sim hosting [server]                          the hosting servers, or one: domains with SSL, SSH, keys',
  'sim panel <server> domain add <domain> [nossl]   in the control panel, not through the API:',
  'sim panel <server> domain remove <domain>     … a domain, SSH and keys changed by someone outside Slack',
  'sim panel <server> ssh <on|off>               sim panel <server> key add <label>   sim panel <server> key remove <id>',
  'sim panel <server> dns add <domain> <host|@> <type> <content> [ttl] [priority] | dns change <id> <field>=<value>…',
  '                                              | dns remove <id>   (ids: sim hosting <server>)',
  'sim panel <server> cron add <min> <hour> <day> <month> <weekday> <command…> | cron <on|off|remove> <id>',
  'sim panel <server> mail add <address> [quota MB] | mail remove <address>',
  'sim panel <server> ftp add <user@domain> [directory] | ftp remove <user@domain>',
  'sim panel <vps> rename <name> | memo <text|clear> | rdns <hostname|default>   a VPS changed in the control panel',
  'sim panel <vps> ip <address> | plan <plan> | suspend | resume | remove        (or by the provider), not through the API',
  'sim ssl <domain> <failed|ok>                  the domain leaves (or is back on) the service’s name servers: its SSL',
  '                                              turns failed_nameserver (or active again)',
  'sim accounts                                  the provider accounts; sim @<account> <command…> acts on one',
  '                                              (the first account when none is named)',
];

const POWER = ['running', 'stopped', 'processing', 'error'] as const;

/** `90s`, `+1h`, `-30m`, `1h30m`, `2d`, `500ms` -> milliseconds (signed). */
export function parseDuration(text: string): number | undefined {
  const m = /^([+-]?)((?:\d+(?:ms|[smhd]))+)$/.exec(text.trim());
  if (!m) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let total = 0;
  for (const part of m[2]!.matchAll(/(\d+)(ms|[smhd])/g)) total += Number(part[1]) * unit[part[2]!]!;
  return m[1] === '-' ? -total : total;
}

const yen = (n: number) => `${n.toLocaleString('en-US')} yen`;

const ENGLISH_PLURAL = new Intl.PluralRules('en');
/** `1 month`, `3 months`. */
const monthCount = (n: number) => `${n} ${ENGLISH_PLURAL.select(n) === 'one' ? 'month' : 'months'}`;

function jst(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(d);
}

function usage(line: string): never {
  throw new SimCommandError(`usage: ${line}`);
}

function findServer(control: SimulatorControl, ref: string | undefined): VpsServerState {
  if (!ref) throw new SimCommandError('name a server (its name, uuid or IP address); sim servers lists them');
  const all = control.servers();
  const hit =
    all.find((s) => s.uuid === ref) ??
    all.find((s) => s.ipAddress === ref) ??
    all.find((s) => s.name.toLowerCase() === ref.toLowerCase());
  if (!hit) throw new SimCommandError(`no server called ${ref}; sim servers lists them`);
  return hit;
}

function power(word: string | undefined): PowerStatus {
  if (!word || !(POWER as readonly string[]).includes(word))
    throw new SimCommandError(`a power state is one of ${POWER.join(', ')}`);
  return word as PowerStatus;
}

/** A value as JSON when it reads as JSON (`null`, `42`, `"x"`, `true`), else the text itself. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function integer(word: string | undefined, what: string): number {
  const n = Number(word?.replace(/,/g, ''));
  if (word === undefined || !Number.isInteger(n)) throw new SimCommandError(`${what} must be a whole number`);
  return n;
}

interface PlanRow {
  plan_id: string;
  monthly_price: number;
  paused: boolean;
  closed: boolean;
  closed_periods: number[];
  campaigns: Record<string, number>;
  prices: { months: number; total_price: number; regular_total_price: number; campaign_applied: boolean }[];
}

function plans(control: SimulatorControl): PlanRow[] {
  return (control.state().plans as PlanRow[] | undefined) ?? [];
}

function planRow(control: SimulatorControl, planId: string | undefined): PlanRow {
  const row = plans(control).find((p) => p.plan_id === planId);
  if (!row) throw new SimCommandError(`no plan called ${planId ?? '(none)'}; sim plans lists them`);
  return row;
}

function fault(words: string[]): FaultRule {
  const [path, ...rest] = words;
  if (!path || path.includes('=')) usage('sim fault <path> [status] [code=…] [times=N|always] …');
  const rule: FaultRule = { path: path.startsWith('~') ? new RegExp(path.slice(1)) : path };
  for (const w of rest) {
    const [k, v] = w.includes('=') ? [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)] : [w, ''];
    if (/^\d{3}$/.test(k) && v === '') rule.status = Number(k);
    else if (k === 'status') rule.status = integer(v, 'status');
    else if (k === 'code') rule.code = v;
    else if (k === 'times') rule.times = v === 'always' ? Number.POSITIVE_INFINITY : integer(v, 'times');
    else if (k === 'always') rule.times = Number.POSITIVE_INFINITY;
    else if (k === 'method') rule.method = v.toUpperCase();
    else if (k === 'drop' && (v === 'before' || v === 'after')) rule.drop = v;
    else if (k === 'reset') rule.drop = 'before';
    else if (k === 'latency') rule.latencyMs = integer(v, 'latency');
    else if (k === 'truncate') rule.truncate = true;
    else if (k === 'stall') rule.stallBody = true;
    else if (k === 'body') rule.rawBody = v;
    else throw new SimCommandError(`sim fault does not know ${w}`);
  }
  if (rule.status === undefined && !rule.drop && !rule.truncate && !rule.stallBody && !rule.latencyMs)
    throw new SimCommandError(
      'a fault needs a status (503), drop=before|after, truncate, stall or latency=ms',
    );
  return rule;
}

function describeFault(rule: FaultRule): string {
  const what = [
    rule.method,
    rule.path.toString(),
    rule.status !== undefined ? `-> ${rule.status}${rule.code ? ` ${rule.code}` : ''}` : undefined,
    rule.drop ? `connection dropped ${rule.drop} handling` : undefined,
    rule.truncate ? 'truncated body' : undefined,
    rule.stallBody ? 'stalled body' : undefined,
    rule.latencyMs ? `+${rule.latencyMs} ms` : undefined,
    rule.times === undefined ? 'once' : Number.isFinite(rule.times) ? `${rule.times} times` : 'until cleared',
  ];
  return what.filter(Boolean).join(' ');
}

/** A hosting server by its name or the start of it (`xs123456`). */
function findHosting(control: SimulatorControl, ref: string | undefined): string {
  const all = (control.state().hosting as string[] | undefined) ?? [];
  if (!ref) throw new SimCommandError(`name a hosting server: ${all.join(', ')}`);
  const hit = all.find((h) => h === ref.toLowerCase()) ?? all.filter((h) => h.startsWith(ref.toLowerCase()));
  if (typeof hit === 'string') return hit;
  if (hit.length === 1) return hit[0]!;
  throw new SimCommandError(`no hosting server called ${ref}: ${all.join(', ')}`);
}

function describeHosting(control: SimulatorControl, name: string, full = false): string[] {
  const h = control.hostingServer(name);
  return [
    `${h.servername}: SSH ${h.sshEnabled ? 'on' : 'off'}`,
    ...h.domains.map((d) => `  domain ${d.domain.padEnd(28)} ssl ${d.sslStatus}`),
    ...h.sshKeys.map((k) => `  key ${k.keyId.padEnd(6)} ${k.label}`),
    // The ids a `sim panel … dns|cron` change names; only for one server, the list would be long.
    ...(full
      ? [
          ...h.dnsRecords.map(
            (r) =>
              `  dns ${String(r.id).padEnd(6)} ${r.domain} ${r.host} ${r.type} ${r.content} ttl ${r.ttl}${r.priority ? ` priority ${r.priority}` : ''}`,
          ),
          ...h.cronJobs.map(
            (j) => `  cron ${j.id} ${j.schedule} ${j.command}${j.enabled ? '' : ' (disabled)'}`,
          ),
          ...h.mailAccounts.map((m) => `  mail ${m.address} ${m.quotaMb} MB`),
          ...h.ftpAccounts.map((f) => `  ftp ${f.account} ${f.directory}`),
        ]
      : []),
  ];
}

/** `sim panel <server> dns|cron|mail|ftp …`: what the control panel changes beside the API. */
function panelRecords(
  control: SimulatorControl,
  server: string,
  args: readonly string[],
): string[] | undefined {
  const [what, verb, ...rest] = args;
  const said = (line: string) => [`${server}: ${line} in the control panel`];
  if (what === 'dns') {
    if (verb === 'add' && rest.length >= 4 && rest.length <= 6) {
      const [domain, host, type, content, ttl, priority] = rest as [
        string,
        string,
        string,
        string,
        ...string[],
      ];
      const id = control.panelAddDnsRecord(server, {
        domain,
        host,
        type,
        content,
        ...(ttl === undefined ? {} : { ttl: integer(ttl, 'ttl') }),
        ...(priority === undefined ? {} : { priority: integer(priority, 'priority') }),
      });
      return said(`DNS record ${id} (${host} ${type.toUpperCase()} ${content}) added`);
    }
    if (verb === 'change' && rest.length >= 2) {
      const id = integer(rest[0], 'a record id');
      const change: Record<string, string | number> = {};
      for (const w of rest.slice(1)) {
        const at = w.indexOf('=');
        const [k, v] = [w.slice(0, at), w.slice(at + 1)];
        if (at <= 0 || !['host', 'type', 'content', 'ttl', 'priority'].includes(k))
          throw new SimCommandError('a DNS change is host=, type=, content=, ttl= or priority=');
        change[k] = k === 'ttl' || k === 'priority' ? integer(v, k) : v;
      }
      control.panelChangeDnsRecord(server, id, change);
      return said(`DNS record ${id} changed (${rest.slice(1).join(' ')})`);
    }
    if (verb === 'remove' && rest.length === 1) {
      const id = integer(rest[0], 'a record id');
      control.panelRemoveDnsRecord(server, id);
      return said(`DNS record ${id} deleted`);
    }
  }
  if (what === 'cron') {
    if (verb === 'add' && rest.length >= 6) {
      const [minute, hour, day, month, weekday] = rest as [string, string, string, string, string];
      const command = rest.slice(5).join(' ');
      const id = control.panelAddCronJob(server, { minute, hour, day, month, weekday, command });
      return said(`cron job ${id} (${rest.slice(0, 5).join(' ')} ${command}) added`);
    }
    if ((verb === 'on' || verb === 'off') && rest.length === 1) {
      const id = control.panelChangeCronJob(server, rest[0]!, { enabled: verb === 'on' });
      return said(
        `cron job ${rest[0]} ${verb === 'on' ? 'enabled' : 'disabled'}${id === rest[0] ? '' : ` (its id is now ${id})`}`,
      );
    }
    if (verb === 'remove' && rest.length === 1) {
      control.panelRemoveCronJob(server, rest[0]!);
      return said(`cron job ${rest[0]} deleted`);
    }
  }
  if (what === 'mail') {
    if (verb === 'add' && (rest.length === 1 || rest.length === 2)) {
      control.panelAddMailAccount(
        server,
        rest[0]!,
        rest[1] === undefined ? {} : { quotaMb: integer(rest[1], 'the quota') },
      );
      return said(`mail account ${rest[0]} added`);
    }
    if (verb === 'remove' && rest.length === 1) {
      control.panelRemoveMailAccount(server, rest[0]!);
      return said(`mail account ${rest[0]} deleted`);
    }
  }
  if (what === 'ftp') {
    if (verb === 'add' && (rest.length === 1 || rest.length === 2)) {
      control.panelAddFtpAccount(server, rest[0]!, rest[1] === undefined ? {} : { directory: rest[1] });
      return said(`FTP account ${rest[0]} added`);
    }
    if (verb === 'remove' && rest.length === 1) {
      control.panelRemoveFtpAccount(server, rest[0]!);
      return said(`FTP account ${rest[0]} deleted`);
    }
  }
  return undefined;
}

/** What `sim panel <vps> …` does to a VPS. */
const VPS_PANEL = ['rename', 'memo', 'rdns', 'ip', 'plan', 'suspend', 'resume', 'remove'];

function vpsPanel(control: SimulatorControl, args: readonly string[]): string[] {
  const s = findServer(control, args[0]);
  const [verb, value] = args.slice(1);
  const rest = args.slice(2).join(' ');
  const said = (what: string) => [`${s.name}: ${what} in the control panel`];
  switch (verb) {
    case 'rename':
      if (!value || args.length > 3) break;
      control.renameServer(s.uuid, value);
      return said(`renamed to ${value}`);
    case 'memo':
      if (!value) break;
      control.panelSetMemo(s.uuid, value === 'clear' && args.length === 3 ? null : rest);
      return said(value === 'clear' && args.length === 3 ? 'memo deleted' : `memo set to “${rest}”`);
    case 'rdns': {
      if (!value || args.length > 3) break;
      control.panelSetReverseHostname(s.uuid, value === 'default' ? null : value);
      const now = control.servers().find((x) => x.uuid === s.uuid)?.reverseHostname;
      return said(`reverse hostname set to ${now ?? '(none)'}`);
    }
    case 'ip':
      if (!value || args.length > 3) break;
      control.panelSetIpAddress(s.uuid, value);
      return [`${s.name}: IP address ${s.ipAddress ?? '(none)'} -> ${value} (moved by the provider)`];
    case 'plan': {
      if (!value || args.length > 3) break;
      control.panelSetPlan(s.uuid, planRow(control, value).plan_id);
      const now = control.servers().find((x) => x.uuid === s.uuid);
      return said(
        `plan ${s.planName} -> ${now?.planName} (${now?.vcpu} vCPU, ${now?.memoryGb} GB, ${now?.diskGb} GB disk)`,
      );
    }
    case 'suspend':
    case 'resume':
      if (value !== undefined) break;
      control.setContractStatus(s.uuid, verb === 'suspend' ? 'suspended' : 'active');
      return [`${s.name}: contract ${verb === 'suspend' ? 'suspended' : 'active'} (by the provider)`];
    case 'remove':
      if (value !== undefined) break;
      control.removeServer(s.uuid);
      return [`${s.name}: cancelled in the control panel; gone from the account`];
  }
  return usage(
    'sim panel <vps> rename <name> | memo <text|clear> | rdns <hostname|default> | ip <address> | plan <plan> | suspend | resume | remove',
  );
}

function panel(control: SimulatorControl, args: readonly string[]): string[] {
  if (VPS_PANEL.includes(args[1] ?? '')) return vpsPanel(control, args);
  const server = findHosting(control, args[0]);
  const [what, verb, value, flag] = args.slice(1);
  if (['dns', 'cron', 'mail', 'ftp'].includes(what ?? '')) {
    const done = panelRecords(control, server, args.slice(1));
    if (done) return done;
  }
  if (what === 'domain' && verb === 'add' && value && (flag === undefined || flag === 'nossl')) {
    const d = control.panelAddDomain(server, value, { ssl: flag !== 'nossl' });
    return [`${server}: domain ${d.domain} added in the control panel (ssl ${d.sslStatus})`];
  }
  if (what === 'domain' && verb === 'remove' && value) {
    control.panelRemoveDomain(server, value);
    return [`${server}: domain ${value} removed in the control panel`];
  }
  if (what === 'ssh' && (verb === 'on' || verb === 'off') && value === undefined) {
    control.panelSetSsh(server, verb === 'on');
    return [`${server}: SSH turned ${verb} in the control panel`];
  }
  if (what === 'key' && verb === 'add' && value) {
    const label = args.slice(4).length > 0 ? [value, ...args.slice(4)].join(' ') : value;
    return [
      `${server}: SSH key ${control.panelAddSshKey(server, label)} (${label}) registered in the control panel`,
    ];
  }
  if (what === 'key' && verb === 'remove' && value) {
    control.panelRemoveSshKey(server, value);
    return [`${server}: SSH key ${value} deleted in the control panel`];
  }
  return usage(
    'sim panel <server> domain add <domain> [nossl] | domain remove <domain> | ssh <on|off> | key add <label> | key remove <id>' +
      ' | dns add <domain> <host> <type> <content> [ttl] [priority] | dns change <id> <field>=<value>… | dns remove <id>' +
      ' | cron add <min> <hour> <day> <month> <weekday> <command…> | cron <on|off|remove> <id>' +
      ' | mail add <address> [quota MB] | mail remove <address> | ftp add <user@domain> [directory] | ftp remove <user@domain>',
  );
}

const KEY_USAGE = [
  'sim key expires <+14d|-1h|<ISO time>|never> [still-answering] [key=<name>]',
  'sim key use <ip> <GET|POST|PUT|DELETE> <path> [status] [key=<name>]',
  'sim key denied <count> [ip] [401|403] [key=<name>]',
].join(' | ');

/** The key-use watch judges only log seconds over a minute old (src/watch/README.md, Key use). */
const READ_BEHIND = "the bot reads the key's log a little over a minute behind: `sim clock +2m`, then `wait`";

/** `sim key …`: the key's expiry, and its use by other clients (in the key's log). */
function keyCommand(control: SimulatorControl, args: readonly string[]): string[] {
  const name = args.find((a) => a.startsWith('key='))?.slice(4) ?? 'full';
  const words = args.filter((a) => !a.startsWith('key='));
  if (words[0] === 'use') {
    const [, ip, method, path, status] = words;
    if (!ip || !method || !path) usage(KEY_USAGE);
    const code = status === undefined ? 200 : integer(status, 'status');
    const m = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    control.keyUse({ key: name, ip, method: m, path, status: code });
    return [
      `key ${name}: ${m} ${path} -> ${code} from ${ip}, in the key's log now (not made by the bot)`,
      READ_BEHIND,
    ];
  }
  if (words[0] === 'denied') {
    const count = integer(words[1], 'count');
    const ip = words.slice(2).find((w) => !/^\d{3}$/.test(w)) ?? '198.51.100.23';
    const status = words.slice(2).find((w) => /^\d{3}$/.test(w)) ?? '403';
    if (status !== '401' && status !== '403') usage(KEY_USAGE);
    control.keyDenied({ key: name, count, ip, status: status === '401' ? 401 : 403 });
    return [
      `key ${name}: ${count} requests from ${ip} refused (${status}), a second apart, ending now`,
      READ_BEHIND,
    ];
  }
  const when = words[1];
  if (words[0] !== 'expires' || when === undefined) return usage(KEY_USAGE);
  const answering = words.includes('still-answering');
  const ms = parseDuration(when);
  let at: Date | null;
  if (when === 'never') at = null;
  else if (ms !== undefined) at = new Date(control.clock.now().getTime() + ms);
  else {
    at = new Date(when);
    if (Number.isNaN(at.getTime())) usage(KEY_USAGE);
  }
  control.setKeyExpiry(name, at, { enforced: !answering });
  if (at === null) return [`key ${name}: never expires`];
  const jstAt = `${jst(at)} JST`;
  if (at.getTime() > control.clock.now().getTime()) return [`key ${name}: expires at ${jstAt}`];
  return [
    answering
      ? `key ${name}: expired at ${jstAt}, and the provider still answers it`
      : `key ${name}: expired at ${jstAt}: refused (401) from now on`,
  ];
}

/** The simulator's accounts, for `sim accounts` and `sim @<account> …` (Simulator.accounts). */
export interface SimAccounts {
  readonly accounts: readonly { readonly name: string; readonly control: SimulatorControl }[];
}

/**
 * Runs one `sim …` command (the words after `sim`) and answers lines of text.
 * `@<account>` first names the account it acts on, when `accounts` are given.
 */
export function runSimCommand(
  control: SimulatorControl,
  words: readonly string[],
  accounts?: SimAccounts,
): string[] {
  if (words[0] === 'accounts') {
    const all = accounts?.accounts ?? [{ name: control.account, control }];
    return all.map(
      (a, i) =>
        `${a.name}${i === 0 ? ' (first: sim commands act on it unless @<account> names another)' : ''}: ` +
        `${a.control.servers().length} VPS, ${((a.control.state().hosting as string[] | undefined) ?? []).length} hosting`,
    );
  }
  if (words[0]?.startsWith('@')) {
    const name = words[0].slice(1);
    const all = accounts?.accounts ?? [{ name: control.account, control }];
    const hit = all.find((a) => a.name === name);
    if (!hit) throw new SimCommandError(`no account called ${name}: ${all.map((a) => a.name).join(', ')}`);
    return runSimCommand(hit.control, words.slice(1)).map((l) => (all.length > 1 ? `[${name}] ${l}` : l));
  }
  const [verb, ...args] = words;
  switch (verb) {
    case undefined:
    case 'help':
      return SIM_HELP;
    case 'servers':
      return control
        .servers()
        .map(
          (s) =>
            `${s.name.padEnd(12)} ${s.power.padEnd(10)} ${s.status.padEnd(9)} ${(s.ipAddress ?? '-').padEnd(15)} ${s.planName}`,
        );
    case 'power': {
      const s = findServer(control, args[0]);
      const status = power(args[1]);
      let then: { status: PowerStatus; afterMs: number } | undefined;
      if (args[2] !== undefined) {
        const afterMs = parseDuration(args[4] ?? '');
        if (args[2] !== 'then' || afterMs === undefined || afterMs < 0)
          usage('sim power <server> <state> [then <state> <after, e.g. 20s>]');
        then = { status: power(args[3]), afterMs };
      }
      const before = s.power;
      control.setPower(s.uuid, status, then);
      return [
        `${s.name}: power ${before} -> ${status}${then ? `, then ${then.status} after ${args[4]}` : ''}`,
      ];
    }
    case 'contract': {
      const s = findServer(control, args[0]);
      const status = args[1];
      if (status !== 'active' && status !== 'suspended') usage('sim contract <server> <active|suspended>');
      control.setContractStatus(s.uuid, status);
      return [`${s.name}: contract ${status}`];
    }
    case 'corrupt': {
      const s = findServer(control, args[0]);
      const rest = args.slice(1);
      if (rest.length === 0) usage('sim corrupt <server> <field>=<JSON>… [-<field>…] | clear');
      if (rest[0] === 'clear') {
        control.corruptServer(s.uuid, null);
        return [`${s.name}: answered as it is again`];
      }
      const set: Record<string, unknown> = {};
      const omit: string[] = [];
      for (const w of rest) {
        if (w.startsWith('-')) omit.push(w.slice(1));
        else if (w.includes('=')) set[w.slice(0, w.indexOf('='))] = jsonOrText(w.slice(w.indexOf('=') + 1));
        else usage('sim corrupt <server> <field>=<JSON>… [-<field>…] | clear');
      }
      control.corruptServer(s.uuid, { set, omit });
      const said = [
        ...Object.entries(set).map(([k, v]) => `${k}=${JSON.stringify(v)}`),
        ...omit.map((f) => `no ${f}`),
      ];
      return [`${s.name}: the provider now answers ${said.join(', ')} for it (its true state is unchanged)`];
    }
    case 'key':
      return keyCommand(control, args);
    case 'rename': {
      const s = findServer(control, args[0]);
      if (!args[1]) usage('sim rename <server> <name>');
      control.renameServer(s.uuid, args[1]);
      return [`${s.name} is now called ${args[1]} at the provider`];
    }
    case 'add': {
      const count = integer(args[0], 'count');
      const uuids = control.addServers(count, args[1] ? { name: args[1] } : undefined);
      const added = control.servers().filter((s) => uuids.includes(s.uuid));
      return [`added ${added.length}: ${added.map((s) => s.name).join(', ')}`];
    }
    case 'remove': {
      const s = findServer(control, args[0]);
      control.removeServer(s.uuid);
      return [`${s.name} is gone from the account`];
    }
    case 'plans':
      return plans(control).map((p) => {
        const prices = p.prices
          .filter((x) => !p.closed_periods.includes(x.months))
          .map((x) => `${x.months}m ${yen(x.total_price)}${x.campaign_applied ? '*' : ''}`)
          .join(', ');
        const flags = [p.paused ? 'paused' : '', p.closed ? 'ended' : ''].filter(Boolean).join(' ');
        return `${p.plan_id.padEnd(14)} ${yen(p.monthly_price).padStart(12)}/month  ${flags ? `[${flags}] ` : ''}${prices}`;
      });
    case 'price': {
      const months = args.length >= 3 ? integer(args[1], 'months') : undefined;
      const amount = args.length >= 3 ? args[2] : args[1];
      if (!args[0] || !amount || !/^[+-]?[\d,]+$/.test(amount))
        usage('sim price <plan> [months] <yen|+yen|-yen>');
      const row = planRow(control, args[0]);
      const period = (r: PlanRow) => r.prices.find((x) => x.months === months);
      if (months !== undefined && !period(row))
        throw new SimCommandError(`${row.plan_id} has no ${months}-month period`);
      const delta = /^[+-]/.test(amount) ? integer(amount, 'price') : undefined;
      const next = delta === undefined ? integer(amount, 'price') : row.monthly_price + delta;
      control.setMonthlyPrice(row.plan_id, next);
      const after = planRow(control, row.plan_id);
      const lines = [`${row.plan_id}: monthly price ${yen(row.monthly_price)} -> ${yen(next)}`];
      if (months !== undefined)
        lines.push(
          `  a ${months}-month order now costs ${yen(period(after)!.total_price)} (was ${yen(period(row)!.total_price)})`,
        );
      return lines;
    }
    case 'campaign': {
      const row = planRow(control, args[0]);
      const months = integer(args[1], 'months');
      if (!args[2]) usage('sim campaign <plan> <months> <percent|off>');
      const off = args[2] === 'off';
      control.setCampaign(
        row.plan_id,
        months,
        off ? null : { discountPercent: integer(args[2].replace(/%$/, ''), 'percent') },
      );
      return [
        `${row.plan_id} ${monthCount(months)}: ${off ? 'no campaign' : `campaign -${args[2].replace(/%$/, '')} %`}`,
      ];
    }
    case 'plan': {
      const row = planRow(control, args[0]);
      const months = args[2] === undefined ? null : integer(args[2], 'months');
      if (args[1] === 'pause' || args[1] === 'resume')
        control.setPlanPaused(row.plan_id, args[1] === 'pause');
      else if (args[1] === 'close' || args[1] === 'reopen')
        control.setPlanClosed(row.plan_id, months, args[1] === 'close');
      else usage('sim plan <plan> <pause|resume|close|reopen> [months]');
      return [`${row.plan_id}: ${args[1]}${months === null ? '' : ` (${months} months)`}`];
    }
    case 'balance':
      if (args[0] !== undefined) control.setBalance(integer(args[0], 'balance'));
      return [`balance ${yen(control.balance())}`];
    case 'charges': {
      const charges = control.charges();
      if (charges.length === 0) return ['no charges'];
      return charges.map(
        (c) =>
          `#${c.id} ${jst(c.at)} JST  ${yen(c.amount)}  ${c.planId} ${monthCount(c.period)}  signup ${c.signupId}`,
      );
    }
    case 'clock': {
      const arg = args[0];
      if (arg !== undefined) {
        const ms = parseDuration(arg);
        if (ms !== undefined) control.clock.advance(ms);
        else {
          const d = new Date(arg);
          if (Number.isNaN(d.getTime())) usage('sim clock [+1h|-30m|2d|<ISO time>]');
          control.clock.set(d);
        }
      }
      const now = control.clock.now();
      return [`simulated time: ${jst(now)} JST (${now.toISOString()})`];
    }
    case 'latency':
      control.setLatency(integer(args[0], 'latency'));
      return [`every provider answer now takes ${args[0]} ms more`];
    case 'fault': {
      if (args[0] === 'clear') {
        control.clearFaults();
        return ['faults cleared'];
      }
      const rule = fault(args);
      const id = control.addFault(rule);
      return [`fault #${id}: ${describeFault(rule)}`];
    }
    case 'faults': {
      const list =
        (control.state().faults as { id: number; remaining: number | string; path: string }[]) ?? [];
      if (list.length === 0) return ['no faults'];
      return list.map((f) => `#${f.id} ${JSON.stringify(f)}`);
    }
    case 'maintenance':
      if (args[0] !== 'on' && args[0] !== 'off') usage('sim maintenance <on|off>');
      control.setMaintenance(args[0] === 'on');
      return [`maintenance ${args[0]}: orders and quotes answer CAPACITY_UNAVAILABLE while on`];
    case 'outcome': {
      const o = args[0];
      if (o !== 'active' && o !== 'building' && o !== 'setup_pending')
        usage('sim outcome <active|building|setup_pending>');
      control.setNextSignupOutcome(o);
      return [`the next order starts as ${o}`];
    }
    case 'signups': {
      const list = control.signups();
      if (list.length === 0) return ['no signups'];
      return list.map(
        (s) =>
          `#${s.id} ${s.name} ${s.planId} ${s.period}m ${s.status} ${yen(s.priceCharged)} ${s.uuid ?? ''}`,
      );
    }
    case 'complete':
      control.completeSignup(args[0] ?? usage('sim complete <signup id>'));
      return [`signup ${args[0]} is active`];
    case 'rate-limit': {
      const [limit, windowSeconds, concurrent] = [0, 1, 2].map((i) => integer(args[i], 'each figure'));
      control.setRateLimit({ limit: limit!, windowSeconds: windowSeconds!, concurrent: concurrent! });
      return [`rate limit: ${limit} requests per ${windowSeconds} s, ${concurrent} at once`];
    }
    case 'txt': {
      if (!args[0] || !args[1]) usage('sim txt <name> <value>');
      const r = control.setTxtRecord(args[0], args[1]);
      return [`TXT ${r.name} = ${r.value}${r.visible ? '' : ` (visible from ${r.visibleAt.toISOString()})`}`];
    }
    case 'hosting': {
      if (args[0] !== undefined) return describeHosting(control, findHosting(control, args[0]), true);
      return ((control.state().hosting as string[] | undefined) ?? []).flatMap((h) =>
        describeHosting(control, h),
      );
    }
    case 'panel':
      return panel(control, args);
    case 'ssl': {
      const state = args[1];
      if (!args[0] || (state !== 'failed' && state !== 'ok')) usage('sim ssl <domain> <failed|ok>');
      control.setExternalNameServers(args[0], state === 'failed');
      return [
        state === 'failed'
          ? `${args[0]} now points at other name servers: its SSL is failed_nameserver`
          : `${args[0]} is on the service’s name servers again: its SSL is active`,
      ];
    }
    default:
      throw new SimCommandError(`sim does not know "${verb}"; sim help lists what it does`);
  }
}
