/**
 * The /hosting use cases: every row of the hosting API's endpoint table
 * (docs/provider-api.md, Web hosting), for the server the command names (or
 * the key's only one), by the people the access policy allows, with the input
 * checked by the rules before anything is sent. Knows nothing of Slack.
 *
 * This file is the feature's public surface: code outside this folder imports
 * only from here.
 */

export * from '../../provider/hosting-answers.ts';

/** What the watcher writes in the audit trail for a change made outside the bot (the audit view reads it). */
export { OUTSIDE_CHANGE_ACTION } from '../../store/index.ts';
export type { FieldProblem } from '../field-problem.ts';
export { checkAccessLogQuery, HostingAccessLog } from './access-log.ts';
export type { RecordArea } from './area-rejection.ts';
export { maskCommandSecrets } from './command-secrets.ts';
export { type CronListing, HostingCron, schedule } from './cron-jobs.ts';
export { type DnsListing, HostingDns, recordName } from './dns-records.ts';
export {
  domainOf,
  HostingVerification,
  type OwnershipOffer,
  VERIFICATION_RETRY,
  type VerifiedOutcome,
  type VerifiedRequest,
} from './domain-verification.ts';
export * from './ftp-accounts.ts';
export type { HostingDeps, WriteResult } from './hosting-calls.ts';
export {
  type DestructiveRequest,
  HostingOperations,
  type Loss,
  lossOf,
  type OperationOutcome,
} from './hosting-operations.ts';
export {
  type DomainDetail,
  type ErrorLogPage,
  HostingReads,
  type OnServer,
  type ServersAnswer,
} from './hosting-reads.ts';
export { HostingService } from './hosting-service.ts';
export { HostingWrites } from './hosting-writes.ts';
export * from './mail-accounts.ts';
export * from './mail-rules.ts';
export { isOwnershipRefusal } from './ownership-refusal.ts';
export { HostingPhp, type PhpListing } from './php-versions.ts';
export { HostingPrivateKeys, type PrivateKey, type PrivateKeyReveal } from './private-keys.ts';
export {
  type CronJobNow,
  type DnsChange,
  type DnsRecordNow,
  isRecordLoss,
  type RecordLoss,
  type RecordRequest,
  type SslNow,
} from './record-operations.ts';
export * from './record-rules.ts';
export * from './rules.ts';
export * from './site-operations.ts';
export { HostingSsl, type SslListing } from './ssl-certificates.ts';
