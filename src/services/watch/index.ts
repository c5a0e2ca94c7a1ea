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
