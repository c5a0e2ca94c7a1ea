/**
 * Composition root: startBot builds the bot's parts in order (each part is
 * handed only what was built before it), then starts them. `npm start` runs
 * this file; tests and benchmarks call startBot() with their own config,
 * logger and clock. The parts' builders are in src/compose/.
 */
import { pathToFileURL } from 'node:url';
import type { HandlerDeps } from '../handlers/kit.ts';
import { registerHandlers } from '../handlers/register-handlers.ts';
import type { Clock } from './clock.ts';
import { buildBackground, buildDailyDigests } from './compose/background.ts';
import { buildFeatures, type Features } from './compose/features.ts';
import { type FoundationOptions, openFoundation } from './compose/foundation.ts';
import { buildHome, buildHomeChanges } from './compose/home.ts';
import { buildSlackSide, checkStartup } from './compose/slack-side.ts';
import { type Config, ConfigError, configSecrets, loadConfig } from './config.ts';
import { createLogger, type Logger, SecretRegistry } from './log.ts';
import { BotMetrics } from './metrics/bot-metrics.ts';
import { SlackCallCounter } from './metrics/slack-fetch.ts';
import type { ProviderClient } from './provider/index.ts';
import { type AccountBindings, AccountDirectory, keyScopeOf, PolicyError } from './services/access/index.ts';
import { SlackStartupError } from './slack/identity.ts';
import { type Store, StoreError } from './store/index.ts';
import { ProviderKeyError } from './watch/key-health.ts';
import {
  resumeInterruptedOrders,
  runSweep,
  type SweepReport,
  startSweep,
  sumReports,
} from './workers/sweep.ts';

export interface RunningBot {
  port: number;
  /** The default account's view of the store (`forAccount` gives another's). */
  store: Store;
  /** The provider accounts' names, the default one first. */
  accounts: string[];
  provider: ProviderClient;
  /** One pass of the sweep (expiries, re-checks of orders in `unknown`), as its timer runs it. */
  sweep(): Promise<SweepReport>;
  stop(): Promise<void>;
}

export interface StartOptions extends FoundationOptions {
  logger: Logger;
  clock?: Clock;
  /** Overrides config.port (0: a free port). */
  port?: number;
  /**
   * The logger's secret registry: passwords that live in memory for a while
   * (a signup's root password) are registered so no log line can carry them.
   */
  secrets?: SecretRegistry;
  /** How often the sweep runs (expiries, orders in `unknown`; default 15 s; 0 turns it off for tests). */
  sweepMs?: number;
  /**
   * Whether the watcher polls and the notifier posts (default true). Tests that
   * count the provider requests a command makes turn the background poller off.
   */
  watcher?: boolean;
  /**
   * The provider accounts for `/vps accounts` and `/vps account use`, built over the features
   * (their access and audit); without it those two words are not served.
   */
  accounts?: (features: Features) => HandlerDeps['accounts'];
}

export async function startBot(config: Config, opts: StartOptions): Promise<RunningBot> {
  const f = await openFoundation(config, opts);
  try {
    const watching = opts.watcher ?? true;
    const slackCalls = new SlackCallCounter();
    // First, so every part that changes what an App Home shows is handed them.
    const homeChanges = buildHomeChanges(f);
    const background = buildBackground(f, slackCalls, homeChanges);
    const { identity, refused } = await checkStartup(f, background);
    // Its channels hear at once that the account stopped (the notifier posts it once it runs).
    for (const name of refused) await background.of(name).keyHealth.refusedAtStart();
    const metrics = new BotMetrics(
      {
        // Each account's figures under its name (never its key).
        provider: () => f.accounts.map((a) => ({ account: a.name, metrics: a.provider.metrics() })),
        background: () => ({
          accounts: background.accounts.map((b) => ({
            account: b.account.name,
            ...(watching ? { watcher: b.watcher.stats(), notifier: b.notifier.stats() } : {}),
            providerKey: b.keyHealth.status(),
          })),
        }),
        outbox: () => f.store.outbox.backlog(),
        now: () => f.clock.now().getTime(),
      },
      slackCalls,
    );
    const port = opts.port ?? config.port;
    const { slack, directory, channelUi } = buildSlackSide(f, {
      identity,
      background,
      metrics,
      slackCalls,
      port,
    });
    const secrets = opts.secrets ?? new SecretRegistry();
    // Each account's use cases, on its own client and rows; the Homes and the audit's figures are shared.
    const byAccount = new Map(
      background.accounts.map((b) => [
        b.account.name,
        buildFeatures(f, b.account, {
          directory,
          secrets,
          watcherCycleMs: () => b.watcher.cycleMs(),
          onAudit: (action, outcome) => metrics.recordAction(action, outcome),
          onOutbox: () => b.notifier.kick(),
          homes: homeChanges,
          keyReading: b.keyHealth,
        }),
      ]),
    );
    const featuresOf = (account: string): Features => {
      const found = byAccount.get(account);
      if (!found) throw new Error(`no provider account named ${account}`);
      return found;
    };
    const features = featuresOf(f.accounts[0]!.name);
    const home = buildHome(f, {
      accounts: background.accounts.map((b) => ({
        account: b.account,
        features: featuresOf(b.account.name),
        keyHealth: b.keyHealth,
      })),
      changes: homeChanges,
      directory,
      leadership: background.leadership,
      slackCalls,
    });
    const dailyDigests = buildDailyDigests(f, background, featuresOf);
    const shared = {
      home: home.service,
      homeChanges,
      ui: (userId: string) => directory.ui(userId),
      channelUi,
      deliveries: f.store.deliveries,
      clock: f.clock,
      logger: f.logger,
    };
    const accountDirectory = new AccountDirectory({
      accounts: f.accounts.map((a) => ({ name: a.name, label: a.label, apiKey: a.apiKey })),
      policy: f.policy,
      bindings: storedBindings(f.store),
      access: (account) => featuresOf(account).access,
      // A binding is the channel's, not one account's: kept in the default account's trail.
      audit: features.audit,
    });
    const accounts = opts.accounts
      ? opts.accounts(features)
      : {
          directory: accountDirectory,
          // What /vps accounts shows of each account: its key's last reading and its day, no request.
          figures: async (name: string) => {
            const { keyHealth, account } = background.of(name);
            const status = keyHealth.status();
            const reading = keyHealth.latest();
            const day = account.provider.daily;
            return {
              keyHealth: status.state,
              expiresAt: status.expiresAt,
              scope: reading ? keyScopeOf(reading.info) : undefined,
              requestsToday: day.used,
              dailyLimit: day.limit ?? undefined,
            };
          },
        };
    const depsOf = new Map<string, HandlerDeps>(
      f.accounts.map((a) => [a.name, { ...featuresOf(a.name), ...shared, accounts, home: home.of(a.name) }]),
    );
    registerHandlers(slack.app, {
      ...depsOf.get(f.accounts[0]!.name)!,
      // With several accounts, each listener works with the deps of its channel's account.
      ...(f.accounts.length > 1
        ? {
            forChannel: async (channelId: string) => depsOf.get(await accountDirectory.accountOf(channelId))!,
            // A button in one account's part of the App Home acts on that account.
            forAccount: (account: string) => depsOf.get(account),
          }
        : {}),
    });
    const started = await slack.start();
    // Every replica sweeps: each row moves by one conditional UPDATE, so only one acts on it.
    const posts = f.accounts.map((a) => {
      const { signup, hosting } = featuresOf(a.name);
      return { signup, hosting, channelUi };
    });
    const sweep = async (): Promise<SweepReport> => {
      const reports = [];
      for (const p of posts) reports.push(await runSweep(p, slack.app.client, f.logger));
      return sumReports(reports);
    };
    const sweepMs = opts.sweepMs ?? 15_000;
    const stopSweep = sweepMs > 0 ? startSweep(sweep, f.logger, sweepMs) : () => undefined;
    // Orders a stopped bot was placing are asked about now, not after the orphan window.
    const resuming = Promise.all(
      posts.map((p) => resumeInterruptedOrders(p, slack.app.client, f.logger)),
    ).catch((err: unknown) => {
      f.logger.error({ err }, 'resuming interrupted orders failed');
    });
    if (watching) {
      background.start();
      dailyDigests.start();
    }
    // People's Homes are published whether or not the watcher runs here (from the lease holder).
    home.publisher.start();
    f.logger.info(
      { port: started.port, socketMode: config.slack.socketMode, store: f.store.kind },
      'vps-chatops started',
    );
    return {
      port: started.port,
      store: f.store,
      accounts: f.accounts.map((a) => a.name),
      provider: f.provider,
      sweep,
      async stop() {
        stopSweep();
        await resuming;
        await home.publisher.stop();
        if (watching) {
          await dailyDigests.stop();
          await background.stop();
        }
        await slack.stop().catch((err: unknown) => f.logger.warn({ err }, 'slack app stop failed'));
        await f.close();
      },
    };
  } catch (err) {
    await f.close();
    throw err;
  }
}

/** The store's channel bindings as the account directory reads them. */
function storedBindings(store: Store): AccountBindings {
  return {
    of: async (channelId) => (await store.accountBindings.of(channelId))?.account,
    all: () => store.accountBindings.all(),
    bind: async (channelId, account, by) => {
      await store.accountBindings.bind(channelId, account, by);
    },
    unbind: async (channelId) => {
      await store.accountBindings.unbind(channelId);
    },
  };
}

/**
 * The last line of defence of a running bot: a promise nobody handled or a
 * throw out of some library's callback (a delivery shaped as nobody expected)
 * is logged, and the bot keeps serving everyone else. Its state lives in the
 * store, every change in one transaction, so no half-done work is left in
 * memory by the one request that failed.
 */
export function installProcessGuards(logger: Logger): void {
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection; the bot keeps serving');
  });
  process.on('uncaughtException', (err: Error, origin: string) => {
    logger.error({ err, origin }, 'uncaught exception; the bot keeps serving');
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.problems.join('\n')}\n`);
      process.exit(1);
    }
    throw err;
  }
  const secrets = new SecretRegistry();
  for (const s of configSecrets(config)) secrets.add(s);
  const logger = createLogger({ level: config.logLevel, secrets });
  installProcessGuards(logger);
  let bot: RunningBot;
  try {
    bot = await startBot(config, { logger, secrets });
  } catch (err) {
    if (err instanceof PolicyError || err instanceof ConfigError) {
      process.stderr.write(`${err.problems.join('\n')}\n`);
      process.exit(1);
    }
    // The store, the Slack check and the provider key check explain themselves in one line.
    if (err instanceof SlackStartupError || err instanceof StoreError || err instanceof ProviderKeyError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err }, 'start-up failed');
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    bot.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  void main();
}
