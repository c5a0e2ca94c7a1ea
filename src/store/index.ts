/** Persistence: the store and the plain data in and out of it. */
export type { AccountBinding, AccountBindingRepo } from './account-bindings.ts';
export * from './alarm-types.ts';
export {
  type AuditEntry,
  type AuditOutcome,
  type AuditRepo,
  type AuditRow,
  isSecretKey,
  OUTSIDE_ACTOR,
  OUTSIDE_CHANGE_ACTION,
  SERVER_OUTSIDE_CHANGE_ACTION,
  stripSecrets,
} from './audit.ts';
export type { ChannelRepo } from './channels.ts';
export { SQLITE_FILE_NAME } from './connect.ts';
export { ACCOUNT_NAME, DEFAULT_ACCOUNT } from './context.ts';
export {
  type ContractDateInput,
  type ContractOrder,
  type ContractRepo,
  type ContractRow,
  contractDate,
  orderContractId,
  serverContractId,
} from './contracts.ts';
export type { DailyDigestRepo, DailyDigestRow, NewDailyDigest } from './daily-digests.ts';
export type { DailyRequestRepo } from './daily-requests.ts';
export type { DeliveryRepo } from './deliveries.ts';
export { KEY_FILE_NAME } from './encryption-key.ts';
export { StoreError, type StoreErrorCode } from './errors.ts';
export type { HomeViewer, HomeViewerRepo } from './home-viewers.ts';
export {
  HOSTING_PARTS,
  type HostingPart,
  type HostingSnapshotRepo,
  type HostingSnapshotRow,
} from './hosting-snapshots.ts';
export type {
  IncidentChange,
  IncidentPost,
  IncidentReading,
  IncidentRepo,
  IncidentRow,
  NewIncident,
  ReadIncident,
} from './incidents.ts';
export type { KeyLogRepo } from './key-log.ts';
export type { KeyRequestRepo } from './key-requests.ts';
export * from './key-use-types.ts';
export type { LeaseHolder, LeaseRepo } from './leases.ts';
export { type DatabaseKind, LATEST_MIGRATION } from './migrations.ts';
export type { MuteRepo, MuteRow } from './mutes.ts';
export * from './notice-types.ts';
export { type OpenStoreOptions, openStore, type Store } from './open-store.ts';
export {
  type NewOperation,
  OPERATION_STATES,
  OPERATION_TRANSITIONS,
  type OperationPatch,
  type OperationRepo,
  type OperationRow,
  type OperationState,
  TERMINAL_OPERATION_STATES,
} from './operations.ts';
export type { OutboxRepo } from './outbox.ts';
export * from './outbox-types.ts';
export type { SealOptions, SecretRepo } from './secrets.ts';
export {
  type ProviderSignupStatus,
  SIGNUP_STATES,
  SIGNUP_TRANSITIONS,
  type SignupPatch,
  type SignupQuote,
  type SignupRepo,
  type SignupRow,
  type SignupState,
  STEP_ENDED_SIGNUP_STATES,
  TERMINAL_SIGNUP_STATES,
} from './signups.ts';
export type { SnapshotInput, SnapshotRepo, SnapshotRow } from './snapshots.ts';
export type { TransitionGuard, TransitionResult } from './transitions.ts';
export {
  hostingOfTarget,
  hostingWatchTarget,
  isKeySubject,
  WATCH_ALL,
  WATCH_KEY,
  type WatchRepo,
  type WatchRow,
} from './watches.ts';
