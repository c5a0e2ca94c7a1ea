/**
 * The parts that work while nobody types: the lease that says which replica
 * watches and posts, the notifier that drains the outbox into Slack (and,
 * on its rhythm, reminds on-call of alarms nobody took), the watcher, the
 * provider key's health and the contracts' renewal reminders. Built in that
 * order, so each one is handed only what already exists: the watcher, the
 * key's health and the reminders wake the notifier when they write to the
 * outbox. Nothing runs until `start`. The daily digest is built apart
 * (`buildDailyDigest`), once the features it reads exist.
 */
import { webApi } from '@slack/bolt';
import { realTimers } from '../clock.ts';
import type { SlackCallCounter } from '../metrics/slack-fetch.ts';
import { keyScopeOf } from '../services/access/index.ts';
import type { HomeChanges } from '../services/home-changes.ts';
import { KeyHealth, keyFingerprint } from '../watch/key-health.ts';
import type { Leadership } from '../watch/leader.ts';
import {
  createLeadership,
  createWatcherRuntime,
  flapWindowMs,
  type WatchSettings,
} from '../watch/runtime.ts';
import type { Watcher } from '../watch/watcher.ts';
import { DailyDigest } from '../workers/daily-digest.ts';
import { Notifier } from '../workers/notifier/notifier.ts';
import { RenewalReminders } from '../workers/renewal-reminders.ts';
import { Renotifier } from '../workers/renotifier.ts';
import type { Features } from './features.ts';
import type { Foundation } from './foundation.ts';

export interface Background {
  leadership: Leadership;
  notifier: Notifier;
  renotifier: Renotifier;
  watcher: Watcher;
  keyHealth: KeyHealth;
  renewals: RenewalReminders;
  start(): void;
  stop(): Promise<void>;
}

export function buildBackground(f: Foundation, slackCalls: SlackCallCounter, homes: HomeChanges): Background {
  const { config, store, provider, logger, clock } = f;
  const settings: WatchSettings = {
    intervalSeconds: config.watch.intervalSeconds,
    budgetShare: config.watch.budgetShare,
    notifyChannel: config.notifyChannel,
    flapSeconds: config.watch.flapSeconds,
    setupPendingMinutes: config.watch.setupPendingMinutes,
    // The client journals every request (foundation.ts): the key's log can tell the bot's own.
    keyUse: {
      expected: config.keyUse.expectedIps,
      burst: { count: config.keyUse.authBurst, windowMinutes: config.keyUse.authWindowMinutes },
    },
  };
  const leadership = createLeadership({ settings, store, clock });
  // The outbox is the notifier's only retry: the app's client would retry a 429
  // three times on its own and hold the channel's order hostage meanwhile.
  const web = new webApi.WebClient(config.slack.botToken, {
    ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    fetch: slackCalls.fetch(),
  });
  // Reminders of alarms nobody took run before each notifier pass, on the leader only.
  const renotifier = new Renotifier({
    store,
    clock,
    everyMs: config.oncallRenotify.minutes * 60_000,
    max: config.oncallRenotify.max,
    isLeader: () => leadership.isLeader(),
    logger: logger.child({ component: 'renotifier' }),
  });
  const notifier = new Notifier({
    store,
    slack: web.chat,
    logger,
    render: { locale: config.locale, oncallMention: config.oncallMention },
    isLeader: () => leadership.isLeader(),
    beforePass: () => renotifier.runIfDue(),
    flapWindowMs: flapWindowMs(settings),
    clock,
  });
  const wake = () => notifier.kick();
  // What the watcher and the key's health write (incidents, power and hosting changes, the key's
  // warnings) is on everyone's Home too.
  const wakeAll = (why: string) => () => {
    wake();
    homes.refresh('everyone', why);
  };
  // The provider key, asked once at start-up and watched while the bot runs; only the leader warns.
  const keyHealth = new KeyHealth({
    provider,
    store,
    clock,
    timers: realTimers,
    logger,
    keyId: keyFingerprint(f.apiKey),
    baseUrl: config.provider.baseUrl,
    isLeader: () => leadership.isLeader(),
    notifyChannel: config.notifyChannel,
    flapMs: flapWindowMs(settings),
    onOutbox: wakeAll('key'),
  });
  // The contracts' renewal reminders, from the lease holder only. A look is a store read: as often as
  // the watcher's cycle (a minute at most), so a reminder comes soon after its day begins.
  const renewals = new RenewalReminders({
    store,
    provider,
    clock,
    timers: realTimers,
    logger,
    isLeader: () => leadership.isLeader(),
    days: config.renewalReminderDays,
    pollMs: Math.min(60_000, settings.intervalSeconds * 1000),
    onOutbox: wake,
  });
  const { watcher } = createWatcherRuntime({
    settings,
    store,
    provider,
    logger,
    clock,
    leadership,
    // NOTIFY_CHANNEL hears of every hosting server the key names (one covering all of them names none).
    hostingServers: () => {
      const key = keyHealth.keyInfo();
      return key ? keyScopeOf(key).hosting.servers : undefined;
    },
    onOutbox: wakeAll('watcher'),
  });
  return {
    leadership,
    notifier,
    renotifier,
    watcher,
    keyHealth,
    renewals,
    start() {
      watcher.start();
      notifier.start();
      keyHealth.start();
      renewals.start();
    },
    async stop() {
      await renewals.stop();
      await keyHealth.stop();
      await watcher.stop();
      await notifier.stop();
    },
  };
}

/**
 * The daily digest's worker: it reads the digest service, so it is built once
 * the features exist, beside the background parts whose lease and notifier it
 * uses: only the lease holder writes it, and the notifier posts it.
 */
export function buildDailyDigest(f: Foundation, background: Background, features: Features): DailyDigest {
  const { config } = f;
  return new DailyDigest({
    digest: features.digest,
    store: f.store,
    clock: f.clock,
    timers: realTimers,
    logger: f.logger,
    isLeader: () => background.leadership.isLeader(),
    channelId: config.digest.channel,
    minutes: config.digest.minutes,
    locale: config.locale,
    // A look is a clock read: as often as the watcher's cycle (a minute at most), so a clock moved
    // (the sandbox's `sim clock`) or a lease taken over is noticed soon; the hour itself is slept to.
    pollMs: Math.min(60_000, config.watch.intervalSeconds * 1000),
    onOutbox: () => background.notifier.kick(),
  });
}
