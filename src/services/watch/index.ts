export { alarmShown } from './alarm-place.ts';
export {
  type ClaimAnnouncer,
  type ClaimClick,
  type ClaimResult,
  claimAction,
  IncidentService,
  type IncidentServiceDeps,
  type OpenIncident,
  WATCHER,
} from './incident-service.ts';
export type {
  ChannelReach,
  MuteChange,
  MuteEntry,
  SubscriptionChange,
  SubscriptionList,
} from './subscription-types.ts';
export {
  MAX_MUTE_MS,
  MIN_MUTE_MS,
  type SubscriptionDeps,
  WatchSubscriptions,
} from './subscriptions.ts';
