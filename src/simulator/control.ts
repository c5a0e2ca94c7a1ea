/** The in-process control API (SimulatorControl). */
import { checkAnswerPatch } from './answer-faults.ts';
import type { SimCore } from './core.ts';
import type { TxtRecordState } from './dns.ts';
import { scheduleOf, setSslState } from './hosting-model.ts';
import type { SslState } from './hosting-state.ts';
import { formatJstDateTime } from './japan-time.ts';
import { recordKeyDenied, recordKeyUse } from './key-use.ts';
import { panelControls } from './panel.ts';
import { panelRecordControls } from './panel-records.ts';
import { periodPrice } from './pricing.ts';
import type {
  ContractStatus,
  PowerStatus,
  RateLimitConfig,
  SignupStatus,
  SimulatorControl,
  TxtRecord,
} from './types.ts';
import { checkServerName } from './validation.ts';
import { vpsPanelControls } from './vps-panel.ts';

const POWER: readonly PowerStatus[] = ['running', 'stopped', 'processing', 'error'];
const CONTRACT: readonly ContractStatus[] = ['active', 'suspended'];
const OUTCOMES: readonly SignupStatus[] = ['active', 'building', 'setup_pending'];

export function createControl(core: SimCore): SimulatorControl {
  const w = core.world;
  const txt = (r: TxtRecordState): TxtRecord => ({
    name: r.name,
    value: r.value,
    visibleAt: new Date(r.visibleAt),
    visible: r.visibleAt <= core.clock.nowMs(),
  });
  const hosting = (servername: string) => {
    const h = w.hosting.get(servername);
    if (!h) throw new Error(`unknown hosting server ${servername}`);
    return h;
  };
  const plan = (planId: string) => w.getPlan(planId);
  const yen = (n: number, what: string) => {
    if (!Number.isInteger(n) || n < 0) throw new Error(`${what} must be a non-negative integer (yen)`);
  };
  const control: SimulatorControl = {
    account: core.name,
    // One clock for every account: moving it moves them all.
    clock: {
      now: () => core.clock.now(),
      set: (d) => {
        core.clock.set(d);
        core.tickAll();
      },
      advance: (ms) => {
        core.clock.advance(ms);
        core.tickAll();
      },
    },
    setPower: (uuid, status, then) => {
      if (!POWER.includes(status)) throw new Error(`power status must be one of ${POWER.join(', ')}`);
      w.getVps(uuid).power = status;
      w.pendingPower.delete(uuid);
      if (then) {
        if (!POWER.includes(then.status)) throw new Error(`power status must be one of ${POWER.join(', ')}`);
        if (!(then.afterMs >= 0)) throw new Error('then.afterMs must be >= 0');
        w.pendingPower.set(uuid, { status: then.status, at: core.clock.nowMs() + then.afterMs });
        core.tick();
      }
    },
    corruptServer: (uuid, patch) => {
      w.getVps(uuid);
      if (patch === null) w.answerPatches.delete(uuid);
      else {
        checkAnswerPatch(patch);
        w.answerPatches.set(uuid, { set: { ...(patch.set ?? {}) }, omit: [...(patch.omit ?? [])] });
      }
    },
    setContractStatus: (uuid, status) => {
      if (!CONTRACT.includes(status))
        throw new Error(`contract status must be one of ${CONTRACT.join(', ')}`);
      w.getVps(uuid).status = status;
    },
    renameServer: (uuid, name) => {
      const errors: string[] = [];
      checkServerName(name, errors);
      if (errors.length > 0) throw new Error(errors.join(' '));
      w.getVps(uuid).name = name;
    },
    ...vpsPanelControls(core),
    addServers: (n, template) => {
      if (!Number.isInteger(n) || n < 0) throw new Error('addServers: n must be a non-negative integer');
      const uuids: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const s = w.addVps(
          template
            ? { ...template, ...(template.name && n > 1 ? { name: `${template.name}-${i + 1}` } : {}) }
            : {},
        );
        uuids.push(s.uuid);
      }
      return uuids;
    },
    removeServer: (uuid) => {
      w.getVps(uuid);
      w.vps.delete(uuid);
      w.pendingPower.delete(uuid);
      w.answerPatches.delete(uuid);
    },
    servers: () => {
      core.tick();
      return [...w.vps.values()].map((s) => ({ ...s }));
    },
    setBalance: (n) => {
      yen(n, 'balance');
      w.balance = n;
    },
    balance: () => w.balance,
    setMonthlyPrice: (planId, n) => {
      yen(n, 'price');
      plan(planId).monthlyPrice = n;
    },
    setCampaign: (planId, months, campaign) => {
      const p = plan(planId);
      if (!p.periods.includes(months)) throw new Error(`plan ${planId} has no ${months}-month period`);
      if (campaign === null) p.campaigns.delete(months);
      else {
        const d = campaign.discountPercent;
        if (!(d > 0 && d < 100)) throw new Error('discountPercent must be between 0 and 100');
        p.campaigns.set(months, d);
      }
    },
    setPlanPaused: (planId, paused) => {
      plan(planId).paused = paused;
    },
    setPlanClosed: (planId, months, closed) => {
      const p = plan(planId);
      if (months === null) p.closed = closed;
      else {
        if (!p.periods.includes(months)) throw new Error(`plan ${planId} has no ${months}-month period`);
        if (closed) p.closedPeriods.add(months);
        else p.closedPeriods.delete(months);
      }
    },
    setNextSignupOutcome: (outcome) => {
      if (!OUTCOMES.includes(outcome)) throw new Error(`outcome must be one of ${OUTCOMES.join(', ')}`);
      w.nextSignupOutcome = outcome;
    },
    setMaintenance: (on) => {
      w.maintenance = on;
    },
    completeSignup: (id) => {
      const s = w.signupList.find((x) => x.id === Number(id));
      if (!s) throw new Error(`unknown signup ${id}`);
      w.completeSignup(s);
    },
    signups: () => {
      core.tick();
      return w.signupList.map((s) => ({ ...s }));
    },
    charges: () => w.chargeList.map((c) => ({ ...c })),
    setRateLimit: (config: RateLimitConfig, key?: string) => {
      // `key` may be a preset/custom key name or the API key itself.
      const name = key === undefined ? undefined : (core.keys.find(key)?.name ?? key);
      core.limiter.set(config, name);
    },
    rateLimited: () => ({ total: core.limiter.refused, byKey: { ...core.limiter.refusedByKey } }),
    setLatency: (ms) => {
      if (!(ms >= 0)) throw new Error('latency must be >= 0');
      core.latencyMs = ms;
    },
    addFault: (rule) => core.faults.add(rule),
    clearFaults: () => core.faults.clear(),
    requests: (filter) => core.journal.query(filter),
    nextRequest: (filter) => core.journal.next(filter),
    clearRequests: () => core.journal.clear(),
    createKey: (spec) => core.keys.create(spec, w.balance).token,
    setKeyExpiry: (key, expiresAt, options) => core.keys.setExpiry(key, expiresAt, options?.enforced ?? true),
    keyUse: (spec) => recordKeyUse(core, spec),
    keyDenied: (spec) => recordKeyDenied(core, spec),
    inFlight: () => core.inFlight(),
    waitForInFlight: (count = 1) => core.waitForInFlight(count),
    setTxtRecord: (name, value, options) =>
      txt(w.dns.setTxt(name, value, core.clock.nowMs(), options?.propagationMs ?? w.dns.propagationMs)),
    removeTxtRecord: (name, value) => {
      w.dns.removeTxt(name, value);
    },
    txtRecords: () => w.dns.listTxt().map(txt),
    setDnsPropagation: (ms) => {
      if (!(ms >= 0) || !Number.isFinite(ms)) throw new Error('propagation must be a finite number >= 0');
      w.dns.propagationMs = ms;
    },
    setExternalNameServers: (domain, external) => {
      const d = w.dns.setExternalNameServers(domain, external);
      const now = core.now();
      // A free certificate cannot be renewed off the service's name servers: it goes, and comes
      // back when the domain returns.
      for (const h of w.hosting.values()) {
        const move = (x: { sslStatus: SslState }, name: string) => {
          if (external && (x.sslStatus === 'active' || x.sslStatus === 'pending'))
            setSslState(w, h, x, name, 'failed_nameserver', now);
          else if (!external && x.sslStatus === 'failed_nameserver')
            setSslState(w, h, x, name, 'active', now);
        };
        const held = h.domains.get(d);
        if (held) move(held, d);
        for (const s of h.subdomains.values()) if (s.parent === d) move(s, s.subdomain);
      }
    },
    setSslFailure: (domain, failing) => {
      w.dns.setSslFailure(domain, failing);
    },
    setVerificationDelay: (ms) => {
      if (!(ms >= 0) || !Number.isFinite(ms))
        throw new Error('the verification delay must be a finite number >= 0');
      w.dns.verificationDelayMs = ms;
    },
    setAnswerForms: (forms) => {
      if (forms.phpAvailableVersions !== undefined && !['map', 'list'].includes(forms.phpAvailableVersions))
        throw new Error("phpAvailableVersions is 'map' or 'list'");
      if (forms.dnsPriority !== undefined && !['zero', 'null'].includes(forms.dnsPriority))
        throw new Error("dnsPriority is 'zero' or 'null'");
      w.answerForms = { ...w.answerForms, ...forms };
    },
    ...panelControls(core, (s) => control.hostingServer(s)),
    ...panelRecordControls(core),
    hostingServer: (servername) => {
      const h = hosting(servername);
      return {
        servername: h.servername,
        domainValidationToken: h.domainValidationToken,
        nameServers: [...h.nameServers],
        domains: [...h.domains.values()].map((d) => ({
          domain: d.domain,
          sslStatus: d.sslStatus,
          redirectHttps: d.redirectHttps,
          documentRoot: d.documentRoot,
          type: d.type,
          memo: d.memo,
          phpVersion: d.phpVersion,
        })),
        subdomains: [...h.subdomains.values()].map((d) => ({ ...d })),
        wordpress: [...h.wordpress.values()].map((x) => ({
          id: x.id,
          url: x.url,
          title: x.title,
          dbName: x.dbName,
          dbUser: x.dbUser,
          memo: x.memo,
        })),
        databases: [...h.databases.values()].map((d) => ({
          name: d.name,
          characterSet: d.characterSet,
          grants: [...d.grants],
          memo: d.memo,
        })),
        dbUsers: [...h.dbUsers.keys()],
        cronJobs: [...h.cronJobs.values()].map((c) => ({
          id: c.id,
          schedule: scheduleOf(c),
          minute: c.minute,
          hour: c.hour,
          day: c.day,
          month: c.month,
          weekday: c.weekday,
          command: c.command,
          comment: c.comment,
          enabled: c.enabled,
          wordpressId: c.wordpressId,
        })),
        mailAccounts: [...h.mail.values()].map((m) => ({
          address: m.address,
          quotaMb: m.quotaMb,
          memo: m.memo,
          forwarding: [...m.forwarding],
          keepInMailbox: m.keepInMailbox,
        })),
        mailFilters: [...h.mailFilters.values()].map((f) => ({
          id: f.id,
          domain: f.domain,
          priority: f.priority,
        })),
        ftpAccounts: [...h.ftp.values()].map((a) => ({ ...a })),
        sslCertificates: [...h.ssl.values()].map((c) => ({ ...c, expiresAt: new Date(c.expiresAt) })),
        dnsRecords: [...h.dns.values()].map(({ writtenAt: _w, ...r }) => ({ ...r })),
        sshEnabled: h.sshEnabled,
        sshKeys: [...h.sshKeys.values()].map((k) => ({
          keyId: k.keyId,
          publicKey: k.publicKey,
          label: k.label,
        })),
        errorLogLines: Object.fromEntries([...h.errorLogs].map(([d, l]) => [d, l.length])),
        accessLogLines: Object.fromEntries([...h.accessLogs].map(([d, l]) => [d, l.length])),
      };
    },
    state: () => {
      core.tick();
      const now = core.clock.now();
      return {
        account: core.name,
        now: now.toISOString(),
        now_jst: formatJstDateTime(now),
        clock: core.clock.mode,
        balance: w.balance,
        servers: control.servers(),
        answer_faults: Object.fromEntries(w.answerPatches),
        signups: control.signups(),
        charges: control.charges(),
        rate_limited: control.rateLimited(),
        next_signup_outcome: w.nextSignupOutcome,
        maintenance: w.maintenance,
        in_flight: core.inFlight(),
        latency_ms: core.latencyMs,
        faults: core.faults.list().map((f) => ({
          id: f.id,
          remaining: Number.isFinite(f.remaining) ? f.remaining : 'Infinity',
          ...f.rule,
          path: typeof f.rule.path === 'string' ? f.rule.path : f.rule.path.toString(),
        })),
        plans: [...w.plans.values()].map((p) => ({
          plan_id: p.planId,
          monthly_price: p.monthlyPrice,
          paused: p.paused,
          closed: p.closed,
          closed_periods: [...p.closedPeriods],
          campaigns: Object.fromEntries(p.campaigns),
          // What each period costs today, as GET /v1/vps/plans would say (closed ones too).
          prices: p.periods.map((m) => periodPrice(p, m, now)),
        })),
        hosting: [...w.hosting.keys()],
        answer_forms: { ...w.answerForms },
        dns: {
          propagation_ms: w.dns.propagationMs,
          verification_delay_ms: w.dns.verificationDelayMs,
          txt: control.txtRecords().map((r) => ({ ...r, visibleAt: r.visibleAt.toISOString() })),
          name_servers: w.dns.nameServerSettings(),
        },
      };
    },
  };
  return control;
}
