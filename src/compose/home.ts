/**
 * The App Home's parts. The changes first (`buildHomeChanges`): every part
 * that changes something a Home shows is handed them and refreshes the Homes
 * it concerns where it makes the change (the signup, /hosting and watch
 * services, a claim; the watcher's commits and the key's warnings through the
 * background). Then, once the features and the Slack side exist, the read
 * model and the publisher, which publishes from the lease holder only: only
 * the Homes that look different are published (the rest cost a drawing from
 * the store, no Slack call). With several provider accounts, each account
 * has its Home read model over its own rows, key and day, and a person's Home
 * has one part per account they have a role in.
 */
import { webApi } from '@slack/bolt';
import type { SlackCallCounter } from '../metrics/slack-fetch.ts';
import { AccountsHome, HomeService } from '../services/home/index.ts';
import { HomeChanges } from '../services/home-changes.ts';
import type { SlackDirectory } from '../slack/slack-directory.ts';
import { homeView } from '../slack/views/home/home-view.ts';
import { hostingGlanceOf } from '../watch/hosting-state.ts';
import type { KeyHealth } from '../watch/key-health.ts';
import type { Leadership } from '../watch/leader.ts';
import { HomePublisher } from '../workers/home-publisher.ts';
import type { Features } from './features.ts';
import type { Foundation, ProviderAccount } from './foundation.ts';

export function buildHomeChanges(f: Foundation): HomeChanges {
  return new HomeChanges({ store: f.store, clock: f.clock, logger: f.logger.child({ component: 'home' }) });
}

export interface Home {
  /** The default account's (the one a Home without parts shows). */
  service: HomeService;
  /** Each account's, by its name. */
  of(account: string): HomeService;
  /** A person's whole Home: one part per account they have a role in. */
  page: AccountsHome;
  publisher: HomePublisher;
}

/** One account's parts a Home reads: its features (over its rows) and its key's health. */
export interface HomeAccountParts {
  account: ProviderAccount;
  features: Features;
  keyHealth: KeyHealth;
}

/** One account's Home: its rows, its watcher's readings, its key and its day only. */
function accountHome(f: Foundation, parts: HomeAccountParts): HomeService {
  const { config, clock } = f;
  const { account, features, keyHealth } = parts;
  const store = account.store;
  return new HomeService({
    store,
    access: features.access,
    servers: features.servers,
    signup: features.signup,
    hosting: features.hosting,
    incidents: features.incidents,
    clock,
    readCacheMs: config.readCacheSeconds * 1000,
    hostingGlance: async () => hostingGlanceOf(await store.hostingSnapshots.all()),
    key: () => {
      const status = keyHealth.status();
      const day = account.provider.daily;
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
}

export function buildHome(
  f: Foundation,
  parts: {
    /** Every account's, the default one first. */
    accounts: readonly HomeAccountParts[];
    changes: HomeChanges;
    directory: SlackDirectory;
    leadership: Leadership;
    slackCalls: SlackCallCounter;
  },
): Home {
  const { config, store, clock, logger } = f;
  const services = new Map(parts.accounts.map((a) => [a.account.name, accountHome(f, a)]));
  const of = (account: string): HomeService => {
    const found = services.get(account);
    if (!found) throw new Error(`no provider account named ${account}`);
    return found;
  };
  const page = new AccountsHome(
    parts.accounts.map((a) => ({
      name: a.account.name,
      label: a.account.label,
      service: of(a.account.name),
    })),
  );
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
      homeView(await parts.directory.ui(userId), await page.build(userId, { refresh })),
    logger,
    clock,
    isLeader: () => parts.leadership.isLeader(),
  });
  parts.changes.onChange(() => publisher.kick());
  return { service: of(parts.accounts[0]!.account.name), of, page, publisher };
}
