export {
  HomePublisher,
  type HomePublisherOptions,
  type HomePublisherStats,
  type HomeSlack,
  viewFingerprint,
} from './home-publisher.ts';
export { PublishPace } from './publish-pace.ts';
