/**
 * Composition root: config -> logger -> store -> provider -> services -> Slack
 * app. `npm start` runs this file; tests and benchmarks call startBot() with
 * their own config, logger and clock.
 */
import { pathToFileURL } from 'node:url';
import { registerHandlers } from '../handlers/index.ts';
import { type Config, ConfigError, configSecrets, loadConfig } from './config.ts';
import { createLogger, type Logger, SecretRegistry } from './log.ts';
import { ProviderClient, type RetryPolicy } from './provider/index.ts';
import { AccessService, loadPolicyFile, PolicyError } from './services/access.ts';
import { providerPort, storePort } from './services/adapters.ts';
import { DeliveryGuard } from './services/delivery-guard.ts';
import { healthReport } from './services/health.ts';
import { type Clock, systemClock } from './services/ports.ts';
import { ServersService } from './services/servers.ts';
import { createSlackApp } from './slack/app.ts';
import { translator } from './slack/i18n/index.ts';
import { prometheusText } from './slack/metrics-text.ts';
import { SlackDirectory } from './slack/slack-directory.ts';
import { openStore, type Store } from './store/index.ts';

export interface RunningBot {
  port: number;
  store: Store;
  provider: ProviderClient;
  stop(): Promise<void>;
}

export interface StartOptions {
  logger: Logger;
  clock?: Clock;
  /** Overrides config.port (0: a free port). */
  port?: number;
  /** Provider client retry policy overrides (tests shorten the waits). */
  providerRetry?: Partial<RetryPolicy>;
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
    logger: logger.child({ component: 'provider' }),
    ...(opts.providerRetry ? { retry: opts.providerRetry } : {}),
  });
  try {
    const ports = { provider: providerPort(provider), store: storePort(store) };
    const slack = createSlackApp({
      slack: config.slack,
      port: opts.port ?? config.port,
      logger,
      health: () => healthReport(ports.store, provider),
      metrics: () => prometheusText(provider.metrics()),
    });
    const directory = new SlackDirectory(slack.app.client, config.locale, clock);
    const access = new AccessService({
      operators: config.operators,
      approvers: config.approvers,
      policy,
      groups: directory,
      provider: ports.provider,
      clock,
    });
    const servers = new ServersService({ ...ports, access, clock });
    registerHandlers(slack.app, {
      servers,
      access,
      ui: (userId) => directory.ui(userId),
      channelUi: { locale: config.locale, tz: 'UTC', t: translator(config.locale) },
      deliveries: new DeliveryGuard(ports.store.deliveries, logger.child({ component: 'deliveries' })),
      clock,
      logger,
    });
    const { port } = await slack.start();
    logger.info({ port, socketMode: config.slack.socketMode, store: store.kind }, 'vps-chatops started');
    return {
      port,
      store,
      provider,
      async stop() {
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
  let bot: RunningBot;
  try {
    bot = await startBot(config, { logger });
  } catch (err) {
    if (err instanceof PolicyError || err instanceof ConfigError) {
      process.stderr.write(`${err.problems.join('\n')}\n`);
      process.exit(1);
    }
    // The store explains itself in one line (which database, what went wrong).
    if (err instanceof Error && err.name === 'StoreError') process.stderr.write(`${err.message}\n`);
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
