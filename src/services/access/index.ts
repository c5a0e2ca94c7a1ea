export type { KeyExpiry } from '../../provider/index.ts';
export {
  type AccessDeps,
  AccessService,
  type Actor,
  type Capabilities,
  type ChannelDirectory,
  type ChannelFilter,
  type ChannelReaders,
  type DecideOptions,
  type Decision,
  type GroupDirectory,
  type KeyReadingSource,
} from './access-service.ts';
export {
  type AccountBindings,
  AccountDirectory,
  type AccountDirectoryDeps,
  type AccountFigures,
  type AccountKeyHealth,
  type AccountOverview,
  type AccountSpec,
  type BindOutcome,
  type BoundChannel,
  grantsFor,
  policyFor,
  resolveAccounts,
  type StoredBinding,
} from './accounts.ts';
export {
  type Action,
  DESTRUCTIVE_HOSTING_ACTIONS,
  type DestructiveHostingAction,
  HOSTING_ACTION_SPECS,
  HOSTING_ACTIONS,
  type HostingAction,
  VPS_ACTIONS,
} from './actions.ts';
export {
  customKeyRefusal,
  type HostingScope,
  type KeyDescription,
  type KeyScope,
  type KeyService,
  keyExpiryOf,
  keyRefusal,
  keyScopeOf,
} from './key-scope.ts';
export {
  ACCOUNT_NAME,
  type AccountPolicy,
  DEFAULT_ACCOUNT,
  loadPolicyFile,
  type Policy,
  PolicyError,
  parsePolicy,
} from './policy.ts';
export { isGroupId, isUserId } from './principals.ts';
export type { Role } from './roles.ts';
