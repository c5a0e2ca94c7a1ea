/** Persistence: the store and the plain data in and out of it. */
export * from './alarm-types.ts';
export type { AuditRepo } from './audit.ts';
export { isSecretKey, stripSecrets } from './audit.ts';
export * from './audit-types.ts';
export type { ChannelRepo } from './channels.ts';
export { SQLITE_FILE_NAME } from './connect.ts';
export * from './contract-types.ts';
export { type ContractRepo, orderContractId, serverContractId } from './contracts.ts';
export type { DailyDigestRepo } from './daily-digests.ts';
export type { DailyRequestRepo } from './daily-requests.ts';
export type { DeliveryRepo } from './deliveries.ts';
export * from './digest-types.ts';
export { KEY_FILE_NAME } from './encryption-key.ts';
export { StoreError, type StoreErrorCode } from './errors.ts';
export * from './home-types.ts';
export type { HomeViewerRepo } from './home-viewers.ts';
export type { HostingSnapshotRepo } from './hosting-snapshots.ts';
export * from './incident-types.ts';
export type { IncidentRepo } from './incidents.ts';
export type { KeyLogRepo } from './key-log.ts';
export type { KeyRequestRepo } from './key-requests.ts';
export * from './key-use-types.ts';
export type { LeaseHolder, LeaseRepo } from './leases.ts';
export { type DatabaseKind, LATEST_MIGRATION } from './migrations.ts';
export type { MuteRepo } from './mutes.ts';
export * from './notice-types.ts';
export { type OpenStoreOptions, openStore, type Store } from './open-store.ts';
export * from './operation-types.ts';
export type { OperationRepo } from './operations.ts';
export type { OutboxRepo } from './outbox.ts';
export * from './outbox-types.ts';
export type { SealOptions, SecretRepo } from './secrets.ts';
export * from './signup-types.ts';
export type { SignupRepo } from './signups.ts';
export type { SnapshotRepo } from './snapshots.ts';
export type { TransitionGuard } from './transitions.ts';
export * from './watch-types.ts';
export {
  hostingOfTarget,
  hostingWatchTarget,
  isKeySubject,
  WATCH_ALL,
  WATCH_KEY,
  type WatchRepo,
} from './watches.ts';
