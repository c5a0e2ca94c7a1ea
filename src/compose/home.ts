/**
 * The App Home's parts. The changes first (`buildHomeChanges`): every part
 * that changes something a Home shows is handed them and refreshes the Homes
 * it concerns where it makes the change (the signup, /hosting and watch
 * services, a claim; the watcher's commits and the key's warnings through the
 * background). Then, once the features and the Slack side exist, the read
 * model and the publisher, which publishes from the lease holder only: only
 * the Homes that look different are published (the rest cost a drawing from
 * the store, no Slack call).
 */
import { webApi } from '@slack/bolt';
import type { SlackCallCounter } from '../metrics/slack-fetch.ts';
import { HomeService } from '../services/home/index.ts';
import { HomeChanges } from '../services/home-changes.ts';
import type { SlackDirectory } from '../slack/slack-directory.ts';
import { homeView } from '../slack/views/home/home-view.ts';
import { hostingGlanceOf } from '../watch/hosting-state.ts';
import type { KeyHealth } from '../watch/key-health.ts';
import type { Leadership } from '../watch/leader.ts';
import { HomePublisher } from '../workers/home-publisher.ts';
import type { Features } from './features.ts';
import type { Foundation } from './foundation.ts';

export function buildHomeChanges(f: Foundation): HomeChanges {
  return new HomeChanges({ store: f.store, clock: f.clock, logger: f.logger.child({ component: 'home' }) });
}

export interface Home {
  service: HomeService;
  publisher: HomePublisher;
}

export function buildHome(
  f: Foundation,
  parts: {
    features: Features;
    changes: HomeChanges;
    directory: SlackDirectory;
    keyHealth: KeyHealth;
    leadership: Leadership;
    slackCalls: SlackCallCounter;
  },
): Home {
  const { config, store, provider, clock, logger } = f;
  const service = new HomeService({
    store,
    access: parts.features.access,
    servers: parts.features.servers,
    signup: parts.features.signup,
    hosting: parts.features.hosting,
    incidents: parts.features.incidents,
    clock,
    readCacheMs: config.readCacheSeconds * 1000,
    hostingGlance: async () => hostingGlanceOf(await store.hostingSnapshots.all()),
    key: () => {
      const status = parts.keyHealth.status();
      const day = provider.daily;
      return {
        state: status.state,
        expiresAt: status.expiresAt,
        readAt: status.checkedAt,
        limit: day.limit,
        used: day.used,
        remaining: day.remaining,
        resetsAt: day.resetsAt,
      };
    },
  });
  // As the notifier's: the Homes flagged in the store are the retry, so the client never retries on its own.
  const web = new webApi.WebClient(config.slack.botToken, {
    ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    fetch: parts.slackCalls.fetch(),
  });
  const publisher = new HomePublisher({
    store,
    slack: { publish: (args) => web.views.publish(args) },
    draw: async (userId, refresh) =>
      homeView(await parts.directory.ui(userId), await service.build(userId, { refresh })),
    logger,
    clock,
    isLeader: () => parts.leadership.isLeader(),
  });
  parts.changes.onChange(() => publisher.kick());
  return { service, publisher };
}
