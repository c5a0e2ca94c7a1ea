export {
  type SubscriptionChange,
  type SubscriptionDeps,
  type SubscriptionList,
  WatchSubscriptions,
} from './subscriptions.ts';
