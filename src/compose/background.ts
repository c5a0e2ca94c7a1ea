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
import type { Foundation, ProviderAccount } from './foundation.ts';

/** One account's background: its watcher, notifier, reminders and key's health, on its own client and rows. */
export interface AccountBackground {
  account: ProviderAccount;
  notifier: Notifier;
  renotifier: Renotifier;
  watcher: Watcher;
  keyHealth: KeyHealth;
  renewals: RenewalReminders;
}

export interface Background {
  leadership: Leadership;
  /** Every account's, the default one first. */
  accounts: AccountBackground[];
  /** The default account's parts. */
  notifier: Notifier;
  watcher: Watcher;
  keyHealth: KeyHealth;
  /** The account of that name's parts. */
  of(account: string): AccountBackground;
  /** Starts every part (a watcher whose key is refused holds off by itself: `paused`). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * One lease for every account (whoever holds it watches and posts for all of
 * them); each account's watcher reads within its own key's budget, and its
 * notifier drains its own rows of the outbox.
 */
export function buildBackground(f: Foundation, slackCalls: SlackCallCounter, homes: HomeChanges): Background {
  const { config, clock } = f;
  const leadership = createLeadership({ settings: watchSettings(f, undefined), store: f.store, clock });
  // The outbox is the notifier's only retry: the app's client would retry a 429
  // three times on its own and hold the channel's order hostage meanwhile.
  const web = new webApi.WebClient(config.slack.botToken, {
    ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    fetch: slackCalls.fetch(),
  });
  const accounts = f.accounts.map((account) => accountBackground(f, account, { leadership, web, homes }));
  const byName = new Map(accounts.map((a) => [a.account.name, a]));
  // The lease is kept here, not by a watcher: it is every account's, whichever of them run.
  let keeping: { abort: AbortController; loop: Promise<void> } | undefined;
  const first = accounts[0]!;
  return {
    leadership,
    accounts,
    notifier: first.notifier,
    watcher: first.watcher,
    keyHealth: first.keyHealth,
    of(name) {
      const found = byName.get(name);
      if (!found) throw new Error(`no provider account named ${name}`);
      return found;
    },
    start() {
      if (!keeping) {
        const abort = new AbortController();
        const loop = leadership.keep(
          realTimers,
          abort.signal,
          f.logger.child({ component: 'watcher' }),
          () => {},
        );
        keeping = { abort, loop };
      }
      for (const a of accounts) {
        a.watcher.start();
        a.notifier.start();
        a.keyHealth.start();
        a.renewals.start();
      }
    },
    async stop() {
      for (const a of accounts) {
        await a.renewals.stop();
        await a.keyHealth.stop();
      }
      for (const a of accounts) await a.watcher.stop();
      for (const a of accounts) await a.notifier.stop();
      // Handed back once every watcher is still, so another replica takes over at once.
      if (keeping) {
        keeping.abort.abort();
        await keeping.loop;
        keeping = undefined;
        await leadership.release().catch((err: unknown) => {
          f.logger.warn({ err }, 'could not release the watcher lease; it lapses by itself');
        });
      }
    },
  };
}

function watchSettings(f: Foundation, account: ProviderAccount | undefined): WatchSettings {
  const { config } = f;
  return {
    intervalSeconds: config.watch.intervalSeconds,
    budgetShare: config.watch.budgetShare,
    notifyChannel: account?.notifyChannel,
    flapSeconds: config.watch.flapSeconds,
    setupPendingMinutes: config.watch.setupPendingMinutes,
    // The client journals every request (foundation.ts): the key's log can tell the bot's own.
    keyUse: {
      expected: config.keyUse.expectedIps,
      burst: { count: config.keyUse.authBurst, windowMinutes: config.keyUse.authWindowMinutes },
    },
  };
}

function accountBackground(
  f: Foundation,
  account: ProviderAccount,
  shared: { leadership: Leadership; web: webApi.WebClient; homes: HomeChanges },
): AccountBackground {
  const { config, clock } = f;
  const { store, provider } = account;
  const { leadership, web, homes } = shared;
  const logger = f.accounts.length > 1 ? f.logger.child({ account: account.name }) : f.logger;
  const settings = watchSettings(f, account);
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
    keyId: keyFingerprint(account.apiKey),
    baseUrl: config.provider.baseUrl,
    isLeader: () => leadership.isLeader(),
    notifyChannel: account.notifyChannel,
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
    keepsLease: false,
    // A refused key (at start, or since) stops only this account's watching, until a check finds it works.
    paused: () => keyHealth.status().state === 'refused',
    // The notify channel hears of every hosting server the key names (one covering all of them names none).
    hostingServers: () => {
      const key = keyHealth.keyInfo();
      return key ? keyScopeOf(key).hosting.servers : undefined;
    },
    onOutbox: wakeAll('watcher'),
  });
  return { account, notifier, renotifier, watcher, keyHealth, renewals };
}

/**
 * The daily digests' workers, one per account with a digest channel (each
 * account's digest in its own channel: nothing of one account is posted
 * where another's people read). They read the digest service, so they are
 * built once the features exist, beside the background parts whose lease and
 * notifier they use: only the lease holder writes them, and the account's
 * notifier posts them.
 */
export function buildDailyDigests(
  f: Foundation,
  background: Background,
  features: (account: string) => Features,
): { start(): void; stop(): Promise<void> } {
  const { config } = f;
  const digests = background.accounts.map(
    ({ account, notifier }) =>
      new DailyDigest({
        digest: features(account.name).digest,
        store: account.store,
        clock: f.clock,
        timers: realTimers,
        logger: f.logger,
        isLeader: () => background.leadership.isLeader(),
        channelId: account.digestChannel,
        minutes: config.digest.minutes,
        locale: config.locale,
        // A look is a clock read: as often as the watcher's cycle (a minute at most), so a clock moved
        // (the sandbox's `sim clock`) or a lease taken over is noticed soon; the hour itself is slept to.
        pollMs: Math.min(60_000, config.watch.intervalSeconds * 1000),
        onOutbox: () => notifier.kick(),
      }),
  );
  return {
    start: () => {
      for (const d of digests) d.start();
    },
    stop: async () => {
      for (const d of digests) await d.stop();
    },
  };
}
