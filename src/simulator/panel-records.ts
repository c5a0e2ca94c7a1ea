/**
 * What a hosting server's owner changes in the control panel beside the API:
 * DNS records, cron jobs, mail and FTP accounts, and when a certificate ends.
 * No key, so nothing reaches the request journal or a key's `/v1/logs`; the
 * API answers it from then on, so a watcher sees changes made outside the
 * bot. The panel keeps the API's rules for a value (a record's content by its
 * type, a schedule's fields); errors are plain English for whoever drives
 * the simulator.
 */
import type { SimCore } from './core.ts';
import { checkCronFields } from './cron-routes.ts';
import { contentProblem, DEFAULT_PRIORITY, DNS_TYPES } from './dns-routes.ts';
import { addCronJob, addDnsRecord, type CronFields, changeCronJob } from './hosting-model.ts';
import type { HostingServerState } from './hosting-state.ts';
import { MAIL_DEFAULT_QUOTA_MB } from './mail-routes.ts';
import type { SimulatorControl } from './types.ts';
import { MAIL_ADDRESS_RE } from './validation.ts';

export type PanelRecordControls = Pick<
  SimulatorControl,
  | 'panelAddDnsRecord'
  | 'panelChangeDnsRecord'
  | 'panelRemoveDnsRecord'
  | 'panelAddCronJob'
  | 'panelChangeCronJob'
  | 'panelRemoveCronJob'
  | 'panelAddMailAccount'
  | 'panelRemoveMailAccount'
  | 'panelAddFtpAccount'
  | 'panelRemoveFtpAccount'
  | 'panelSetSslExpiry'
>;

const WITH_PRIORITY = new Set(['MX', 'SRV']);

function refuse(errors: string[]): void {
  if (errors.length > 0) throw new Error(errors.join(' '));
}

/** `local@domain` on a domain the server holds, lower case. */
function onServer(h: HostingServerState, address: string, what: string): string {
  const a = address.trim().toLowerCase();
  const domain = a.slice(a.lastIndexOf('@') + 1);
  if (!MAIL_ADDRESS_RE.test(a)) throw new Error(`${what} must look like user@domain: ${address}`);
  if (!h.domains.has(domain)) throw new Error(`${h.servername} holds no domain ${domain} (Punycode)`);
  return a;
}

export function panelRecordControls(core: SimCore): PanelRecordControls {
  const w = core.world;
  const hosting = (servername: string): HostingServerState => {
    const h = w.hosting.get(servername);
    if (!h) throw new Error(`unknown hosting server ${servername}`);
    return h;
  };
  const checkRecord = (
    h: HostingServerState,
    r: { domain: string; type: string; content: string; ttl: number },
  ) => {
    if (!h.domains.has(r.domain)) throw new Error(`${h.servername} holds no domain ${r.domain} (Punycode)`);
    if (!(DNS_TYPES as readonly string[]).includes(r.type))
      throw new Error(`a record's type is one of ${DNS_TYPES.join(', ')}`);
    if (!Number.isInteger(r.ttl) || r.ttl < 60 || r.ttl > 86_400)
      throw new Error('ttl is 60 to 86400 seconds');
    const p = contentProblem(r.type, r.content);
    if (p) throw new Error(`${r.type} content ${JSON.stringify(r.content)} is refused: ${p}`);
  };
  const cronJob = (h: HostingServerState, id: string) => {
    const j = h.cronJobs.get(id);
    if (!j) throw new Error(`${h.servername} holds no cron job ${id}`);
    return j;
  };
  const checkCron = (f: Partial<CronFields>) => {
    const errors: string[] = [];
    checkCronFields(f, errors);
    refuse(errors);
  };
  return {
    panelAddDnsRecord: (servername, spec) => {
      const h = hosting(servername);
      const r = {
        domain: spec.domain,
        host: spec.host || '@',
        type: spec.type.toUpperCase(),
        content: spec.content,
        ttl: spec.ttl ?? 3600,
        priority: 0,
      };
      checkRecord(h, r);
      if (WITH_PRIORITY.has(r.type)) r.priority = spec.priority ?? DEFAULT_PRIORITY;
      return addDnsRecord(w, h, r, core.clock.nowMs()).id;
    },
    panelChangeDnsRecord: (servername, id, change) => {
      const h = hosting(servername);
      const r = h.dns.get(id);
      if (!r) throw new Error(`${servername} holds no DNS record ${id}`);
      const next = { ...r, ...change, ...(change.type ? { type: change.type.toUpperCase() } : {}) };
      checkRecord(h, next);
      next.priority = WITH_PRIORITY.has(next.type)
        ? (change.priority ?? (r.priority || DEFAULT_PRIORITY))
        : 0;
      Object.assign(r, next, { writtenAt: core.clock.nowMs() });
    },
    panelRemoveDnsRecord: (servername, id) => {
      if (!hosting(servername).dns.delete(id)) throw new Error(`${servername} holds no DNS record ${id}`);
    },
    panelAddCronJob: (servername, spec) => {
      const h = hosting(servername);
      const f: CronFields = { ...spec, comment: spec.comment ?? '', enabled: spec.enabled ?? true };
      checkCron(f);
      if (f.command.trim() === '') throw new Error('a cron job needs a command');
      return addCronJob(w, h, f).id;
    },
    panelChangeCronJob: (servername, id, change) => {
      const h = hosting(servername);
      const j = cronJob(h, id);
      checkCron(change);
      return changeCronJob(h, j, change).id;
    },
    panelRemoveCronJob: (servername, id) => {
      const h = hosting(servername);
      h.cronJobs.delete(cronJob(h, id).id);
    },
    panelAddMailAccount: (servername, address, spec = {}) => {
      const h = hosting(servername);
      const a = onServer(h, address, 'a mail address');
      if (h.mail.has(a)) throw new Error(`${a} exists already`);
      const quota = spec.quotaMb ?? MAIL_DEFAULT_QUOTA_MB;
      if (!Number.isInteger(quota) || quota < 1 || quota > 50_000) throw new Error('quotaMb is 1 to 50000');
      h.mail.set(a, {
        address: a,
        quotaMb: quota,
        usedMb: 0,
        memo: spec.memo ?? '',
        forwarding: [...(spec.forwarding ?? [])],
        keepInMailbox: spec.keepInMailbox ?? true,
      });
    },
    panelRemoveMailAccount: (servername, address) => {
      const h = hosting(servername);
      if (!h.mail.delete(address.trim().toLowerCase()))
        throw new Error(`${servername} holds no mail account ${address}`);
    },
    panelAddFtpAccount: (servername, account, spec = {}) => {
      const h = hosting(servername);
      const a = onServer(h, account, 'an FTP account');
      if (h.ftp.has(a)) throw new Error(`${a} exists already`);
      const directory = spec.directory ?? '/';
      if (!directory.startsWith('/')) throw new Error('an FTP directory starts with /');
      h.ftp.set(a, { account: a, directory, quotaMb: spec.quotaMb ?? 0, memo: spec.memo ?? '' });
    },
    panelRemoveFtpAccount: (servername, account) => {
      const h = hosting(servername);
      if (!h.ftp.delete(account.trim().toLowerCase()))
        throw new Error(`${servername} holds no FTP account ${account}`);
    },
    panelSetSslExpiry: (servername, commonName, expiresAt) => {
      const h = hosting(servername);
      if (Number.isNaN(expiresAt.getTime())) throw new Error('expiresAt is not a date');
      const certs = [...h.ssl.values()].filter((c) => c.commonName === commonName);
      if (certs.length === 0) throw new Error(`${servername} holds no certificate for ${commonName}`);
      for (const c of certs) c.expiresAt = expiresAt;
    },
  };
}
