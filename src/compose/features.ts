/**
 * The use cases, each built once: who may do what (access), the audit trail,
 * the one decision machine, and the features (servers, signup, watch
 * subscriptions, hosting, contract renewals, the daily digest) over them.
 */
import type { SecretRegistry } from '../log.ts';
import {
  AccessService,
  type ChannelDirectory,
  type GroupDirectory,
  grantsFor,
  type KeyReadingSource,
  policyFor,
} from '../services/access/index.ts';
import { Audit } from '../services/audit.ts';
import { DecisionMachine } from '../services/decisions/index.ts';
import { DigestService } from '../services/digest/index.ts';
import type { HomeChanges } from '../services/home-changes.ts';
import { HostingService } from '../services/hosting/index.ts';
import { RenewalsService } from '../services/renewals/index.ts';
import { ServersService } from '../services/servers/index.ts';
import { SignupService } from '../services/signup/index.ts';
import { IncidentService, WatchSubscriptions } from '../services/watch/index.ts';
import { announceClaim } from '../watch/alarms.ts';
import { readIncident } from '../watch/notices.ts';
import type { Foundation, ProviderAccount } from './foundation.ts';

export interface Features {
  access: AccessService;
  audit: Audit;
  decisions: DecisionMachine;
  servers: ServersService;
  signup: SignupService;
  subscriptions: WatchSubscriptions;
  incidents: IncidentService;
  hosting: HostingService;
  renewals: RenewalsService;
  digest: DigestService;
}

/** Contracts renewing within this many days are in the digest when no renewal reminder is set. */
const DIGEST_RENEWAL_DAYS = 30;

/** One account's use cases: its client, its rows, its roles; the Homes and the audit's figures are shared. */
export function buildFeatures(
  f: Foundation,
  account: ProviderAccount,
  inputs: {
    /** Slack's user groups and channels, read for roles and for what a person may see. */
    directory: GroupDirectory & ChannelDirectory;
    /** The logger's scrubber: secrets that live in memory a while are registered with it. */
    secrets: SecretRegistry;
    /** How long the watcher's power state stays fresh (a few of its rounds). */
    watcherCycleMs: () => number;
    /** Each audited action, for /metrics. */
    onAudit: (action: string, outcome: string) => void;
    /** Rows were queued in the outbox (a claim's edits): the notifier may post them now. */
    onOutbox: () => void;
    /** The App Homes: quotes, operations, mutes and claims are on them, and each feature refreshes them. */
    homes: HomeChanges;
    /** The key's one reading (the key's health holds it), shared with every read of GET /v1/me. */
    keyReading?: KeyReadingSource;
  },
): Features {
  const { config, clock } = f;
  const { store, provider } = account;
  const logger = f.accounts.length > 1 ? f.logger.child({ account: account.name }) : f.logger;
  // An account's roles replace the file's top-level ones for the people they name, for that account.
  const policy = f.policy ? policyFor(f.policy, account.name) : undefined;
  const { secrets, homes } = inputs;
  const access = new AccessService({
    ...grantsFor(f.policy, account.name, { operators: config.operators, approvers: config.approvers }),
    policy,
    groups: inputs.directory,
    channels: inputs.directory,
    provider,
    clock,
    keyReading: inputs.keyReading,
  });
  const audit = new Audit(store, logger.child({ component: 'audit' }));
  audit.onRecord((e) => inputs.onAudit(e.action, e.outcome));
  // Everything that waits on a person is decided by this one machine.
  const decisions = new DecisionMachine({
    access,
    audit,
    clock,
    logger: logger.child({ component: 'decisions' }),
    allowSelfApproval: policy?.approvals.allow_self ?? false,
  });
  const servers = new ServersService({
    provider,
    store,
    access,
    audit,
    clock,
    readCacheMs: config.readCacheSeconds * 1000,
    // A power state older than a few of the watcher's rounds is flagged in /vps list.
    powerStaleAfterMs: () => 3 * inputs.watcherCycleMs(),
  });
  const signup = new SignupService(
    {
      provider,
      store,
      access,
      audit,
      homes,
      clock,
      logger: logger.child({ component: 'signup' }),
      secrets,
      termsUrl: config.provider.termsUrl,
      ...(f.accounts.length > 1 ? { accountLabel: account.label } : {}),
    },
    decisions,
  );
  const subscriptions = new WatchSubscriptions({
    store,
    provider,
    servers,
    access,
    audit,
    homes,
    clock,
    notifyChannel: account.notifyChannel,
  });
  // "I'm on it": decided by the one machine; the claim's edits are written with it, by the watcher's rules.
  const incidents = new IncidentService(
    {
      store,
      access,
      clock,
      announce: (tx, claimed, previous) => announceClaim(tx, claimed, previous, clock.now()),
      onOutbox: inputs.onOutbox,
      homes,
      read: readIncident,
    },
    decisions,
  );
  const hosting = new HostingService(
    {
      provider,
      store,
      access,
      audit,
      homes,
      clock,
      secrets,
      logger: logger.child({ component: 'hosting' }),
    },
    decisions,
  );
  const renewals = new RenewalsService({
    store,
    servers,
    access,
    audit,
    clock,
    reminderDays: config.renewalReminderDays,
  });
  // The daily digest and /vps digest: the store and what the client holds, no provider request.
  const digest = new DigestService({
    store,
    provider,
    renewals,
    access,
    clock,
    planNames: () => signup.planNames(),
    renewalWithinDays: Math.max(...config.renewalReminderDays, 0) || DIGEST_RENEWAL_DAYS,
  });
  return { access, audit, decisions, servers, signup, subscriptions, incidents, hosting, renewals, digest };
}
