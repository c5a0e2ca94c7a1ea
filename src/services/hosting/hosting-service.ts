/**
 * /hosting as one object of the composition root: its reads, its changes made
 * at once, its destructive operations decided on the one decision machine,
 * and the generated private keys waiting, sealed, to be shown.
 */
import type { DecisionMachine } from '../decisions/index.ts';
import { HostingAccessLog } from './access-log.ts';
import { HostingCron } from './cron-jobs.ts';
import { HostingDns } from './dns-records.ts';
import { HostingVerification } from './domain-verification.ts';
import { HostingFtp } from './ftp-accounts.ts';
import { HostingCalls, type HostingDeps } from './hosting-calls.ts';
import { HostingOperations } from './hosting-operations.ts';
import { HostingReads } from './hosting-reads.ts';
import { HostingWrites } from './hosting-writes.ts';
import { HostingMail } from './mail-accounts.ts';
import { HostingMailRules } from './mail-rules.ts';
import { HostingPhp } from './php-versions.ts';
import { HostingPrivateKeys } from './private-keys.ts';
import { HostingSites } from './site-operations.ts';
import { HostingSsl } from './ssl-certificates.ts';

export class HostingService {
  readonly reads: HostingReads;
  readonly writes: HostingWrites;
  readonly operations: HostingOperations;
  readonly privateKeys: HostingPrivateKeys;
  /** DNS records, cron jobs, PHP versions and SSL certificates (their deletes and record changes are `operations`). */
  readonly dns: HostingDns;
  readonly cron: HostingCron;
  readonly php: HostingPhp;
  readonly ssl: HostingSsl;
  readonly accessLog: HostingAccessLog;
  readonly ftp: HostingFtp;
  readonly mail: HostingMail;
  readonly mailRules: HostingMailRules;
  /** Domains', subdomains', WordPress sites' and databases' changes, and the database reads (their deletes are `operations`). */
  readonly sites: HostingSites;
  /** A domain's ownership proven for the person after the provider refused a domain or a mailbox. */
  readonly verification: HostingVerification;

  constructor(deps: HostingDeps, machine: DecisionMachine) {
    const calls = new HostingCalls(deps);
    this.reads = new HostingReads(calls);
    this.writes = new HostingWrites(calls);
    this.operations = new HostingOperations(calls, machine);
    this.privateKeys = new HostingPrivateKeys(calls);
    this.dns = new HostingDns(calls);
    this.cron = new HostingCron(calls);
    this.php = new HostingPhp(calls);
    this.ssl = new HostingSsl(calls);
    this.accessLog = new HostingAccessLog(calls);
    this.ftp = new HostingFtp(calls);
    this.mail = new HostingMail(calls);
    this.mailRules = new HostingMailRules(calls);
    this.sites = new HostingSites(calls);
    this.verification = new HostingVerification(calls);
  }
}
