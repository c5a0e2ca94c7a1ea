export {
  type ClaimAnnouncer,
  type ClaimClick,
  claimAction,
  type IncidentBookDeps,
  incidentBook,
  WATCHER,
} from './incident-book.ts';
export {
  type ClaimResult,
  IncidentService,
  type IncidentServiceDeps,
  type OpenIncident,
} from './incident-service.ts';
export {
  type ChannelReach,
  MAX_MUTE_MS,
  MIN_MUTE_MS,
  type MuteChange,
  type MuteEntry,
  type SubscriptionChange,
  type SubscriptionDeps,
  type SubscriptionList,
  WatchSubscriptions,
} from './subscriptions.ts';
