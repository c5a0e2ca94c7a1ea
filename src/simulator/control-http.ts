/**
 * The control API over HTTP under the reserved prefix /__sim/ (no auth, JSON
 * bodies), for the sandbox and for tests in another process. Each route maps
 * onto one SimulatorControl method. Failures answer 400 with
 * {"error":{"code":"BAD_REQUEST","message":...}} (English: operator-facing).
 *
 *   GET    /__sim/state                         whole state
 *   GET    /__sim/keys                          preset API keys
 *   POST   /__sim/keys          KeySpec         -> {key}
 *   POST   /__sim/keys/{name}/expiry {expires_at: JST string, ISO string or null, enforced?: boolean}
 *   POST   /__sim/keys/{name}/use    {ip, method, path, status?, at?: ISO string}   another client used the key
 *   POST   /__sim/keys/{name}/denied {count, ip?, status?: 401|403, method?, path?, at?}   refused, a second apart
 *   GET    /__sim/clock                         -> {now}
 *   POST   /__sim/clock         {now?: ISO string, advanceMs?: number}
 *   GET    /__sim/servers                       -> {servers}
 *   POST   /__sim/servers       {count, template?} -> {uuids}
 *   DELETE /__sim/servers/{uuid}
 *   POST   /__sim/power         {uuid, status, then?: {status, afterMs}}
 *   POST   /__sim/contract-status {uuid, status}
 *   POST   /__sim/servers/{uuid}/answer {set?: {field: a JSON value}, omit?: [field]}   a fault on what is answered
 *   DELETE /__sim/servers/{uuid}/answer
 *   POST   /__sim/rename        {uuid, name}
 *   In the control panel (no key, no /v1/logs entry), besides rename, contract-status and DELETE servers/{uuid}:
 *   POST   /__sim/servers/{uuid}/memo     {memo: string | null}
 *   POST   /__sim/servers/{uuid}/rdns     {hostname: string | null}   null: the standard hostname again
 *   POST   /__sim/servers/{uuid}/ip       {ip: string | null}
 *   POST   /__sim/servers/{uuid}/plan     {planId}
 *   GET    /__sim/balance       POST /__sim/balance {yen}
 *   POST   /__sim/plans/{planId}/price    {yen}
 *   POST   /__sim/plans/{planId}/campaign {months, discountPercent: number | null}
 *   POST   /__sim/plans/{planId}/paused   {paused}
 *   POST   /__sim/plans/{planId}/closed   {months: number | null, closed}
 *   POST   /__sim/signup-outcome {outcome}
 *   POST   /__sim/maintenance  {on}
 *   GET    /__sim/signups       POST /__sim/signups/{id}/complete
 *   GET    /__sim/charges
 *   POST   /__sim/rate-limit    {limit, windowSeconds, concurrent, daily?, key?}
 *   GET    /__sim/rate-limited  -> {total, byKey}
 *   POST   /__sim/latency       {ms}
 *   GET    /__sim/faults        POST /__sim/faults FaultRule (path string, or pathRegex; times number or "Infinity"; probability 0-1) -> {id}
 *   DELETE /__sim/faults
 *   GET    /__sim/requests?method=&path=&keyName=&status=   DELETE /__sim/requests
 *   GET    /__sim/dns/txt                       -> {records: [{name, value, visibleAt, visible}]}
 *   POST   /__sim/dns/txt       {name, value, propagationMs?} -> {record}
 *   DELETE /__sim/dns/txt/{name}?value=         one value, or every value of the name
 *   POST   /__sim/dns/propagation  {ms}         default delay of records set from now on
 *   POST   /__sim/dns/name-servers {domain, external}
 *   GET    /__sim/hosting/{servername}          -> HostingServerSnapshot
 *   POST   /__sim/hosting   {servername, variant?, domains?}   a hosting contract added -> HostingServerSnapshot
 *   In the control panel (no key, no /v1/logs entry):
 *   POST   /__sim/hosting/{servername}/domains  {domain, ssl?}  -> {domain}
 *   DELETE /__sim/hosting/{servername}/domains?domain=
 *   POST   /__sim/hosting/{servername}/ssh      {enabled}
 *   POST   /__sim/hosting/{servername}/ssh-keys {label, publicKey?} -> {keyId}
 *   DELETE /__sim/hosting/{servername}/ssh-keys?keyId=
 *   POST   /__sim/hosting/{servername}/dns      {domain, host, type, content, ttl?, priority?} -> {id}
 *   PUT    /__sim/hosting/{servername}/dns/{id} {domain?, host?, type?, content?, ttl?, priority?}
 *   DELETE /__sim/hosting/{servername}/dns/{id}
 *   POST   /__sim/hosting/{servername}/cron     {minute, hour, day, month, weekday, command, comment?, enabled?} -> {id}
 *   PUT    /__sim/hosting/{servername}/cron/{id} {…any of those} -> {id} (new when the content changed)
 *   DELETE /__sim/hosting/{servername}/cron/{id}
 *   POST   /__sim/hosting/{servername}/mail     {address, quotaMb?, memo?, forwarding?, keepInMailbox?}
 *   DELETE /__sim/hosting/{servername}/mail/{address}
 *   POST   /__sim/hosting/{servername}/ftp      {account, directory?, quotaMb?, memo?}
 *   DELETE /__sim/hosting/{servername}/ftp/{account}
 *   POST   /__sim/hosting/{servername}/ssl-expiry {commonName, expiresAt: ISO string}
 *   Beside the panel:
 *   POST   /__sim/ssl-failure   {domain, failing}     free SSL fails there for another reason than name servers
 *   POST   /__sim/dns/verification-delay {ms}         how long after a TXT record resolves the ownership check sees it
 *   POST   /__sim/answer-forms  {phpAvailableVersions?: 'map'|'list', dnsPriority?: 'zero'|'null'}
 *
 * Accounts: every route above acts on the first account; under
 * /__sim/accounts/{name}/ it acts on that one (`/__sim/accounts/shop/state`).
 *   GET    /__sim/accounts                      -> {accounts: [{name, keys}]}
 *   POST   /__sim/accounts  {name, seed?: 'default'|'empty'} -> {name, keys}
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimCore } from './core.ts';
import { parseQuery, readBody } from './http-server.ts';
import type { Simulation } from './simulation.ts';
import type {
  AnswerForms,
  CronJobSpec,
  DnsRecordSpec,
  FaultRule,
  KeySpec,
  KeyUseSpec,
  RequestFilter,
  SimulatorControl,
} from './types.ts';

type Json = Record<string, unknown>;

class ControlError extends Error {}

function obj(v: unknown): Json {
  if (v === undefined) return {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ControlError('body must be a JSON object');
  return v as Json;
}
function str(b: Json, k: string): string {
  const v = b[k];
  if (typeof v !== 'string') throw new ControlError(`${k} must be a string`);
  return v;
}
function isoDate(b: Json, k: string): Date {
  const d = new Date(str(b, k));
  if (Number.isNaN(d.getTime())) throw new ControlError(`${k} must be an ISO date`);
  return d;
}
function num(b: Json, k: string): number {
  const v = b[k];
  if (typeof v !== 'number') throw new ControlError(`${k} must be a number`);
  return v;
}
function strings(b: Json, k: string): string[] {
  const v = b[k];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new ControlError(`${k} must be strings`);
  return v as string[];
}
function bool(b: Json, k: string): boolean {
  const v = b[k];
  if (typeof v !== 'boolean') throw new ControlError(`${k} must be a boolean`);
  return v;
}

function optionalNum(b: Json, k: string): { [key: string]: number } {
  return b[k] === undefined ? {} : { [k]: num(b, k) };
}

function recordId(y: string): number {
  if (!/^\d+$/.test(y)) throw new ControlError('a DNS record id is a whole number');
  return Number(y);
}

function dnsRecordSpec(b: Json): DnsRecordSpec {
  return {
    domain: str(b, 'domain'),
    host: str(b, 'host'),
    type: str(b, 'type'),
    content: str(b, 'content'),
    ...optionalNum(b, 'ttl'),
    ...optionalNum(b, 'priority'),
  };
}

function dnsRecordChange(b: Json): Partial<DnsRecordSpec> {
  const out: Partial<DnsRecordSpec> = { ...optionalNum(b, 'ttl'), ...optionalNum(b, 'priority') };
  for (const k of ['domain', 'host', 'type', 'content'] as const) if (b[k] !== undefined) out[k] = str(b, k);
  return out;
}

const CRON_TEXT = ['minute', 'hour', 'day', 'month', 'weekday', 'command', 'comment'] as const;

function cronJobChange(b: Json): Partial<CronJobSpec> {
  const out: Partial<CronJobSpec> = {};
  for (const k of CRON_TEXT) if (b[k] !== undefined) out[k] = str(b, k);
  if (b.enabled !== undefined) out.enabled = bool(b, 'enabled');
  return out;
}

function cronJobSpec(b: Json): CronJobSpec {
  const job = {
    minute: str(b, 'minute'),
    hour: str(b, 'hour'),
    day: str(b, 'day'),
    month: str(b, 'month'),
    weekday: str(b, 'weekday'),
    command: str(b, 'command'),
  };
  return { ...job, ...cronJobChange(b) };
}

function faultFromJson(b: Json): FaultRule {
  let path: string | RegExp;
  if (typeof b.pathRegex === 'string') path = new RegExp(b.pathRegex);
  else path = str(b, 'path');
  const rule: FaultRule = { path };
  if (b.method !== undefined) rule.method = str(b, 'method');
  if (b.times !== undefined)
    rule.times = b.times === 'Infinity' || b.times === null ? Number.POSITIVE_INFINITY : num(b, 'times');
  if (b.probability !== undefined) rule.probability = num(b, 'probability');
  if (b.status !== undefined) rule.status = num(b, 'status');
  if (b.code !== undefined) rule.code = str(b, 'code');
  if (b.rawBody !== undefined) rule.rawBody = str(b, 'rawBody');
  if (b.latencyMs !== undefined) rule.latencyMs = num(b, 'latencyMs');
  if (b.drop !== undefined) {
    const d = str(b, 'drop');
    if (d !== 'before' && d !== 'after') throw new ControlError("drop must be 'before' or 'after'");
    rule.drop = d;
  }
  if (b.truncate !== undefined) rule.truncate = bool(b, 'truncate');
  if (b.stallBody !== undefined) rule.stallBody = bool(b, 'stallBody');
  if (b.headers !== undefined) {
    const h = obj(b.headers);
    rule.headers = Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));
  }
  return rule;
}

function dispatch(
  c: SimulatorControl,
  core: SimCore,
  method: string,
  segs: string[],
  q: Json,
  b: Json,
): unknown {
  // The one path parameter of a route, shown as :x in the route name.
  const paramAt =
    segs[0] === 'dns' && segs[1] === 'txt'
      ? 2
      : ['servers', 'plans', 'signups', 'hosting', 'keys'].includes(segs[0] ?? '')
        ? 1
        : -1;
  // A hosting server's records name a second parameter: hosting/:x/dns/:y, …/cron/:y, …/mail/:y.
  const secondAt = segs[0] === 'hosting' && segs.length >= 4 ? 3 : -1;
  const route = `${method} ${segs.map((s, i) => (i === paramAt ? ':x' : i === secondAt ? ':y' : s)).join('/')}`;
  const x = segs[paramAt] ?? '';
  const y = segs[secondAt] ?? '';
  switch (route) {
    case 'GET state':
      return c.state();
    case 'GET keys':
      return { keys: core.presetKeys };
    case 'POST keys':
      return { key: c.createKey(b as KeySpec) };
    case 'POST keys/:x/expiry': {
      const v = b.expires_at;
      if (v !== null && typeof v !== 'string') throw new ControlError('expires_at must be a string or null');
      // ISO 8601 (with a zone) or the provider's own JST form.
      const iso = typeof v === 'string' && /T.*(Z|[+-]\d{2}:?\d{2})$/.test(v) ? new Date(v) : v;
      if (iso instanceof Date && Number.isNaN(iso.getTime()))
        throw new ControlError('expires_at is not a date');
      c.setKeyExpiry(x, iso, b.enforced === undefined ? undefined : { enforced: bool(b, 'enforced') });
      return { ok: true };
    }
    case 'POST keys/:x/use':
      c.keyUse({
        key: x,
        ip: str(b, 'ip'),
        method: str(b, 'method') as KeyUseSpec['method'],
        path: str(b, 'path'),
        ...(b.status === undefined ? {} : { status: num(b, 'status') }),
        ...(b.at === undefined ? {} : { at: isoDate(b, 'at') }),
      });
      return { ok: true };
    case 'POST keys/:x/denied':
      c.keyDenied({
        key: x,
        count: num(b, 'count'),
        ...(b.ip === undefined ? {} : { ip: str(b, 'ip') }),
        ...(b.status === undefined ? {} : { status: num(b, 'status') as 401 | 403 }),
        ...(b.method === undefined ? {} : { method: str(b, 'method') as KeyUseSpec['method'] }),
        ...(b.path === undefined ? {} : { path: str(b, 'path') }),
        ...(b.at === undefined ? {} : { at: isoDate(b, 'at') }),
      });
      return { ok: true };
    case 'GET clock':
      return { now: c.clock.now().toISOString() };
    case 'POST clock': {
      if (b.now !== undefined) {
        const d = new Date(str(b, 'now'));
        if (Number.isNaN(d.getTime())) throw new ControlError('now must be an ISO date');
        c.clock.set(d);
      }
      if (b.advanceMs !== undefined) c.clock.advance(num(b, 'advanceMs'));
      return { now: c.clock.now().toISOString() };
    }
    case 'GET servers':
      return { servers: c.servers() };
    case 'POST servers':
      return { uuids: c.addServers(num(b, 'count'), b.template === undefined ? undefined : obj(b.template)) };
    case 'DELETE servers/:x':
      c.removeServer(x);
      return { ok: true };
    case 'POST servers/:x/answer': {
      const set = b.set === undefined ? undefined : obj(b.set);
      const omit = b.omit === undefined ? undefined : b.omit;
      if (omit !== undefined && (!Array.isArray(omit) || omit.some((f) => typeof f !== 'string')))
        throw new ControlError('omit must be an array of field names');
      c.corruptServer(x, { ...(set ? { set } : {}), ...(omit ? { omit: omit as string[] } : {}) });
      return { ok: true };
    }
    case 'DELETE servers/:x/answer':
      c.corruptServer(x, null);
      return { ok: true };
    case 'POST servers/:x/memo':
      c.panelSetMemo(x, b.memo === null ? null : str(b, 'memo'));
      return { ok: true };
    case 'POST servers/:x/rdns':
      c.panelSetReverseHostname(x, b.hostname === null ? null : str(b, 'hostname'));
      return { ok: true };
    case 'POST servers/:x/ip':
      c.panelSetIpAddress(x, b.ip === null ? null : str(b, 'ip'));
      return { ok: true };
    case 'POST servers/:x/plan':
      c.panelSetPlan(x, str(b, 'planId'));
      return { ok: true };
    case 'POST power': {
      type Power = Parameters<SimulatorControl['setPower']>[1];
      const then = b.then === undefined ? undefined : obj(b.then);
      c.setPower(
        str(b, 'uuid'),
        str(b, 'status') as Power,
        then ? { status: str(then, 'status') as Power, afterMs: num(then, 'afterMs') } : undefined,
      );
      return { ok: true };
    }
    case 'POST contract-status':
      c.setContractStatus(
        str(b, 'uuid'),
        str(b, 'status') as Parameters<SimulatorControl['setContractStatus']>[1],
      );
      return { ok: true };
    case 'POST rename':
      c.renameServer(str(b, 'uuid'), str(b, 'name'));
      return { ok: true };
    case 'GET balance':
      return { balance: c.balance() };
    case 'POST balance':
      c.setBalance(num(b, 'yen'));
      return { balance: c.balance() };
    case 'POST plans/:x/price':
      c.setMonthlyPrice(x, num(b, 'yen'));
      return { ok: true };
    case 'POST plans/:x/campaign':
      c.setCampaign(
        x,
        num(b, 'months'),
        b.discountPercent === null ? null : { discountPercent: num(b, 'discountPercent') },
      );
      return { ok: true };
    case 'POST plans/:x/paused':
      c.setPlanPaused(x, bool(b, 'paused'));
      return { ok: true };
    case 'POST plans/:x/closed':
      c.setPlanClosed(
        x,
        b.months === null || b.months === undefined ? null : num(b, 'months'),
        bool(b, 'closed'),
      );
      return { ok: true };
    case 'POST signup-outcome':
      c.setNextSignupOutcome(str(b, 'outcome') as Parameters<SimulatorControl['setNextSignupOutcome']>[0]);
      return { ok: true };
    case 'POST maintenance':
      c.setMaintenance(bool(b, 'on'));
      return { ok: true };
    case 'GET signups':
      return { signups: c.signups() };
    case 'POST signups/:x/complete':
      c.completeSignup(x);
      return { ok: true };
    case 'GET charges':
      return { charges: c.charges() };
    case 'POST rate-limit': {
      const cfg = {
        limit: num(b, 'limit'),
        windowSeconds: num(b, 'windowSeconds'),
        concurrent: num(b, 'concurrent'),
      };
      const daily = b.daily === undefined ? {} : { daily: num(b, 'daily') };
      c.setRateLimit({ ...cfg, ...daily }, b.key === undefined ? undefined : str(b, 'key'));
      return { ok: true };
    }
    case 'GET rate-limited':
      return c.rateLimited();
    case 'POST latency':
      c.setLatency(num(b, 'ms'));
      return { ok: true };
    case 'GET faults':
      return { faults: (c.state().faults as unknown[]) ?? [] };
    case 'POST faults':
      return { id: c.addFault(faultFromJson(b)) };
    case 'DELETE faults':
      c.clearFaults();
      return { ok: true };
    case 'GET requests': {
      const f: RequestFilter = {};
      if (typeof q.method === 'string') f.method = q.method;
      if (typeof q.path === 'string') f.path = q.path;
      if (typeof q.keyName === 'string') f.keyName = q.keyName;
      if (typeof q.status === 'string') f.status = Number(q.status);
      return { requests: c.requests(f) };
    }
    case 'DELETE requests':
      c.clearRequests();
      return { ok: true };
    case 'GET dns/txt':
      return { records: c.txtRecords() };
    case 'POST dns/txt':
      return {
        record: c.setTxtRecord(
          str(b, 'name'),
          str(b, 'value'),
          b.propagationMs === undefined ? undefined : { propagationMs: num(b, 'propagationMs') },
        ),
      };
    case 'DELETE dns/txt/:x':
      c.removeTxtRecord(x, typeof q.value === 'string' ? q.value : undefined);
      return { ok: true };
    case 'POST dns/propagation':
      c.setDnsPropagation(num(b, 'ms'));
      return { ok: true };
    case 'POST dns/name-servers':
      c.setExternalNameServers(str(b, 'domain'), bool(b, 'external'));
      return { ok: true };
    case 'GET hosting/:x':
      return c.hostingServer(x);
    case 'POST hosting':
      return c.addHostingServer(str(b, 'servername'), {
        ...(b.variant === undefined
          ? {}
          : { variant: str(b, 'variant') === 'business' ? 'business' : 'standard' }),
        ...(b.domains === undefined ? {} : { domains: strings(b, 'domains') }),
      });
    case 'POST hosting/:x/domains':
      return {
        domain: c.panelAddDomain(x, str(b, 'domain'), b.ssl === undefined ? {} : { ssl: bool(b, 'ssl') }),
      };
    case 'DELETE hosting/:x/domains':
      c.panelRemoveDomain(x, str(q, 'domain'));
      return { ok: true };
    case 'POST hosting/:x/ssh':
      c.panelSetSsh(x, bool(b, 'enabled'));
      return { ok: true };
    case 'POST hosting/:x/ssh-keys':
      return {
        keyId: c.panelAddSshKey(
          x,
          str(b, 'label'),
          b.publicKey === undefined ? undefined : str(b, 'publicKey'),
        ),
      };
    case 'DELETE hosting/:x/ssh-keys':
      c.panelRemoveSshKey(x, str(q, 'keyId'));
      return { ok: true };
    case 'POST hosting/:x/dns':
      return { id: c.panelAddDnsRecord(x, dnsRecordSpec(b)) };
    case 'PUT hosting/:x/dns/:y':
      c.panelChangeDnsRecord(x, recordId(y), dnsRecordChange(b));
      return { ok: true };
    case 'DELETE hosting/:x/dns/:y':
      c.panelRemoveDnsRecord(x, recordId(y));
      return { ok: true };
    case 'POST hosting/:x/cron':
      return { id: c.panelAddCronJob(x, cronJobSpec(b)) };
    case 'PUT hosting/:x/cron/:y':
      return { id: c.panelChangeCronJob(x, y, cronJobChange(b)) };
    case 'DELETE hosting/:x/cron/:y':
      c.panelRemoveCronJob(x, y);
      return { ok: true };
    case 'POST hosting/:x/mail':
      c.panelAddMailAccount(x, str(b, 'address'), {
        ...(b.quotaMb === undefined ? {} : { quotaMb: num(b, 'quotaMb') }),
        ...(b.memo === undefined ? {} : { memo: str(b, 'memo') }),
        ...(b.forwarding === undefined ? {} : { forwarding: strings(b, 'forwarding') }),
        ...(b.keepInMailbox === undefined ? {} : { keepInMailbox: bool(b, 'keepInMailbox') }),
      });
      return { ok: true };
    case 'DELETE hosting/:x/mail/:y':
      c.panelRemoveMailAccount(x, y);
      return { ok: true };
    case 'POST hosting/:x/ftp':
      c.panelAddFtpAccount(x, str(b, 'account'), {
        ...(b.directory === undefined ? {} : { directory: str(b, 'directory') }),
        ...(b.quotaMb === undefined ? {} : { quotaMb: num(b, 'quotaMb') }),
        ...(b.memo === undefined ? {} : { memo: str(b, 'memo') }),
      });
      return { ok: true };
    case 'DELETE hosting/:x/ftp/:y':
      c.panelRemoveFtpAccount(x, y);
      return { ok: true };
    case 'POST hosting/:x/ssl-expiry':
      c.panelSetSslExpiry(x, str(b, 'commonName'), isoDate(b, 'expiresAt'));
      return { ok: true };
    case 'POST ssl-failure':
      c.setSslFailure(str(b, 'domain'), bool(b, 'failing'));
      return { ok: true };
    case 'POST dns/verification-delay':
      c.setVerificationDelay(num(b, 'ms'));
      return { ok: true };
    case 'POST answer-forms':
      c.setAnswerForms({
        ...(b.phpAvailableVersions === undefined
          ? {}
          : { phpAvailableVersions: str(b, 'phpAvailableVersions') as AnswerForms['phpAvailableVersions'] }),
        ...(b.dnsPriority === undefined
          ? {}
          : { dnsPriority: str(b, 'dnsPriority') as AnswerForms['dnsPriority'] }),
      });
      return { ok: true };
    default:
      return undefined;
  }
}

/**
 * `/__sim/accounts` lists the accounts and their preset keys, and adds one;
 * `/__sim/accounts/{name}/…` is any route below for that account; a route
 * without that prefix acts on the first account.
 */
function accountRoute(
  sim: Simulation,
  method: string,
  segs: string[],
  b: Json,
): { done: unknown } | { core: SimCore; control: SimulatorControl; segs: string[] } {
  if (segs[0] !== 'accounts') return { ...sim.first, segs };
  if (segs.length === 1 && method === 'GET')
    return { done: { accounts: sim.all().map((e) => ({ name: e.core.name, keys: e.core.presetKeys })) } };
  if (segs.length === 1 && method === 'POST') {
    const seed = b.seed === undefined ? undefined : str(b, 'seed');
    if (seed !== undefined && seed !== 'default' && seed !== 'empty')
      throw new ControlError("seed must be 'default' or 'empty'");
    const e = sim.addAccount({ name: str(b, 'name'), ...(seed ? { seed } : {}) });
    return { done: { name: e.core.name, keys: e.core.presetKeys } };
  }
  const e = sim.find(segs[1] ?? '');
  if (!e) throw new ControlError(`no account named ${segs[1] ?? ''}`);
  return { ...e, segs: segs.slice(2) };
}

export async function handleControlRequest(
  sim: Simulation,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const raw = await readBody(req);
  const reply = (status: number, body: unknown) => {
    const buf = Buffer.from(JSON.stringify(body));
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': buf.length,
    });
    res.end(buf);
  };
  try {
    const text = raw?.toString('utf8') ?? '';
    const body = obj(text.trim() === '' ? undefined : JSON.parse(text));
    const segs = url.pathname
      .slice('/__sim/'.length)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
    const method = (req.method ?? 'GET').toUpperCase();
    const target = accountRoute(sim, method, segs, body);
    const out =
      'done' in target
        ? target.done
        : dispatch(target.control, target.core, method, target.segs, parseQuery(url.searchParams), body);
    if (out === undefined)
      reply(404, { error: { code: 'NOT_FOUND', message: `no control route ${req.method} ${url.pathname}` } });
    else reply(200, out);
  } catch (e) {
    reply(400, { error: { code: 'BAD_REQUEST', message: e instanceof Error ? e.message : String(e) } });
  }
}
