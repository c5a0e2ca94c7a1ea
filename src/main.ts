/**
 * Composition root: config -> logger -> store -> provider -> services -> Slack
 * app. `npm start` runs this file; tests and benchmarks call startBot() with
 * their own config, logger and clock.
 */
import { pathToFileURL } from 'node:url';
import { webApi } from '@slack/bolt';
import { registerHandlers } from '../handlers/index.ts';
import { type Clock, realTimers, systemClock } from './clock.ts';
import { type Config, ConfigError, configSecrets, loadConfig } from './config.ts';
import { createLogger, type Logger, SecretRegistry } from './log.ts';
import { type BackgroundStats, BotMetrics } from './metrics/index.ts';
import { ProviderClient, type ProviderClock, type RetryPolicy, type Timeouts } from './provider/index.ts';
import { AccessService, loadPolicyFile, PolicyError } from './services/access/index.ts';
import { Audit } from './services/audit.ts';
import { DecisionMachine } from './services/decisions/index.ts';
import { FairUse } from './services/fair-use.ts';
import { healthReport } from './services/health.ts';
import { HostingService } from './services/hosting/index.ts';
import { ServersService } from './services/servers/index.ts';
import { SignupService } from './services/signup/index.ts';
import { WatchSubscriptions } from './services/watch/index.ts';
import { createSlackApp } from './slack/app.ts';
import { checkAppToken, fetchBotIdentity, SlackStartupError } from './slack/identity.ts';
import { SlackDirectory } from './slack/slack-directory.ts';
import { channelUiFor } from './slack/views/format.ts';
import { openStore, type Store, StoreError } from './store/index.ts';
import { KeyHealth, keyFingerprint, ProviderKeyError } from './watch/key-health.ts';
import { createWatcherRuntime } from './watch/runtime.ts';
import { Notifier } from './workers/notifier/index.ts';
import { runSweep, type SweepReport, startSweep } from './workers/sweep.ts';

export interface RunningBot {
  port: number;
  store: Store;
  provider: ProviderClient;
  /** One pass of the sweep (expiries, re-checks of orders in `unknown`), as its timer runs it. */
  sweep(): Promise<SweepReport>;
  stop(): Promise<void>;
}

export interface StartOptions {
  logger: Logger;
  clock?: Clock;
  /** Overrides config.port (0: a free port). */
  port?: number;
  /** The provider client's retry policy, waiting clock and timeouts (tests and benchmarks shorten the waits). */
  provider?: { retry?: Partial<RetryPolicy>; clock?: ProviderClock; timeouts?: Timeouts };
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
}

export async function startBot(config: Config, opts: StartOptions): Promise<RunningBot> {
  const { logger } = opts;
  const clock = opts.clock ?? systemClock;
  if (!config.provider.apiKey)
    throw new ConfigError(['PROVIDER_API_KEY: required to reach the provider API']);
  const policy = config.policyFile ? await loadPolicyFile(config.policyFile) : undefined;
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    encryptionKey: config.encryptionKey,
    logger,
    clock,
  });
  const provider = new ProviderClient({
    baseUrl: config.provider.baseUrl,
    apiKey: config.provider.apiKey,
    // The provider client, the watcher and the notifier name their own component in their log lines.
    logger,
    dailyLimit: config.provider.dailyLimit,
    ...(opts.provider?.retry ? { retry: opts.provider.retry } : {}),
    ...(opts.provider?.clock ? { clock: opts.provider.clock } : {}),
    ...(opts.provider?.timeouts ? { timeouts: opts.provider.timeouts } : {}),
  });
  try {
    let notifier: Notifier | undefined;
    const watch = createWatcherRuntime({
      settings: {
        intervalSeconds: config.watch.intervalSeconds,
        budgetShare: config.watch.budgetShare,
        notifyChannel: config.notifyChannel,
        flapSeconds: config.watch.flapSeconds,
        setupPendingMinutes: config.watch.setupPendingMinutes,
      },
      store,
      provider,
      logger,
      clock,
      onOutbox: () => notifier?.kick(),
    });
    // The provider key, asked once now and watched while the bot runs; only the watcher's leader warns.
    const keyHealth = new KeyHealth({
      provider,
      store,
      clock,
      timers: realTimers,
      logger,
      keyId: keyFingerprint(config.provider.apiKey),
      baseUrl: config.provider.baseUrl,
      isLeader: () => watch.leadership.isLeader(),
      notifyChannel: config.notifyChannel,
      onOutbox: () => notifier?.kick(),
    });
    // Slack and the provider are asked at once; a refusal by either stops start-up in one line
    // (Slack's first: a Slack that cannot be reached is not kept waiting for the provider's answer).
    const keyCheck = keyHealth.startupCheck();
    keyCheck.catch(() => undefined);
    const identity = await fetchBotIdentity(config.slack);
    if (config.slack.socketMode) await checkAppToken(config.slack);
    await keyCheck;
    let background: () => BackgroundStats = () => ({});
    // The notifier is made after the app; the background parts are read late, at each scrape.
    const metrics = new BotMetrics({
      provider: () => provider.metrics(),
      background: () => ({ ...background(), providerKey: keyHealth.status() }),
      outbox: () => store.outbox.backlog(),
      now: () => clock.now().getTime(),
    });
    const slackFetch = metrics.slackFetch();
    const channelUi = channelUiFor(config.locale);
    const slack = createSlackApp({
      identity,
      ui: channelUi,
      slack: config.slack,
      port: opts.port ?? config.port,
      logger,
      health: () => healthReport(store, provider, { status: keyHealth.status(), now: clock.now() }),
      metrics,
      fetch: slackFetch,
    });
    const directory = new SlackDirectory(slack.app.client, config.locale, clock);
    const access = new AccessService({
      operators: config.operators,
      approvers: config.approvers,
      policy,
      groups: directory,
      channels: directory,
      provider,
      clock,
    });
    const secrets = opts.secrets ?? new SecretRegistry();
    const audit = new Audit(store, logger.child({ component: 'audit' }));
    audit.onRecord((e) => metrics.recordAction(e.action, e.outcome));
    // One budget per person across /vps and /hosting: a flood by one never spends the key for all.
    const fairUse = new FairUse({ ...config.fairUse, clock });
    const servers = new ServersService({
      provider,
      store,
      access,
      audit,
      clock,
      fairUse,
      readCacheMs: config.readCacheSeconds * 1000,
      // A power state older than a few of the watcher's rounds is flagged in /vps list.
      powerStaleAfterMs: () => 3 * watch.watcher.cycleMs(),
    });
    const ui = (userId: string) => directory.ui(userId);
    // Everything that waits on a person is decided by this one machine.
    const decisions = new DecisionMachine({
      access,
      audit,
      clock,
      logger: logger.child({ component: 'decisions' }),
      allowSelfApproval: policy?.approvals.allow_self ?? false,
    });
    const signup = new SignupService(
      {
        provider,
        store,
        access,
        audit,
        clock,
        logger: logger.child({ component: 'signup' }),
        secrets,
        termsUrl: config.provider.termsUrl,
      },
      decisions,
    );
    // The outbox is the notifier's only retry: the app's client would retry a 429
    // three times on its own and hold the channel's order hostage meanwhile.
    const notifierWeb = new webApi.WebClient(config.slack.botToken, {
      ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      fetch: slackFetch,
    });
    notifier = new Notifier({
      store,
      slack: notifierWeb.chat,
      logger,
      render: { locale: config.locale, oncallMention: config.oncallMention },
      isLeader: () => watch.leadership.isLeader(),
      flapWindowMs: watch.flapWindowMs,
      clock,
    });
    const subscriptions = new WatchSubscriptions({
      store,
      provider,
      servers,
      access,
      audit,
      clock,
      notifyChannel: config.notifyChannel,
    });
    const hosting = new HostingService(
      {
        fairUse,
        provider,
        store,
        access,
        audit,
        clock,
        secrets,
        logger: logger.child({ component: 'hosting' }),
      },
      decisions,
    );
    registerHandlers(slack.app, {
      servers,
      signup,
      subscriptions,
      hosting,
      access,
      ui,
      channelUi,
      deliveries: store.deliveries,
      clock,
      logger,
    });
    const { port } = await slack.start();
    // Every replica sweeps: each row moves by one conditional UPDATE, so only one acts on it.
    const sweepMs = opts.sweepMs ?? 15_000;
    const posts = { signup, hosting, channelUi };
    const stopSweep = sweepMs > 0 ? startSweep(posts, slack.app.client, logger, sweepMs) : () => undefined;
    const watching = opts.watcher ?? true;
    if (watching) {
      watch.watcher.start();
      notifier.start();
      keyHealth.start();
      const running = notifier;
      background = () => ({ watcher: watch.watcher.stats(), notifier: running.stats() });
    }
    logger.info({ port, socketMode: config.slack.socketMode, store: store.kind }, 'vps-chatops started');
    return {
      port,
      store,
      provider,
      sweep: () => runSweep(posts, slack.app.client, logger),
      async stop() {
        stopSweep();
        if (watching) {
          await keyHealth.stop();
          await watch.watcher.stop();
          await notifier?.stop();
        }
        await slack.stop().catch((err: unknown) => logger.warn({ err }, 'slack app stop failed'));
        await provider.close();
        await store.close();
      },
    };
  } catch (err) {
    await provider.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw err;
  }
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
