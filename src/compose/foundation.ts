/**
 * What every other part stands on: the clock, the policy file, the store and
 * the provider client. A part that fails here stops start-up in one line.
 */
import { type Clock, systemClock } from '../clock.ts';
import { type Config, ConfigError } from '../config.ts';
import type { Logger } from '../log.ts';
import { ProviderClient, type ProviderClock, type RetryPolicy, type Timeouts } from '../provider/index.ts';
import { loadPolicyFile, type Policy } from '../services/access/index.ts';
import { openStore, type Store } from '../store/index.ts';

export interface FoundationOptions {
  logger: Logger;
  clock?: Clock | undefined;
  /** The provider client's retry policy, waiting clock and timeouts (tests and benchmarks shorten the waits). */
  provider?: { retry?: Partial<RetryPolicy>; clock?: ProviderClock; timeouts?: Timeouts } | undefined;
}

export interface Foundation {
  config: Config;
  logger: Logger;
  clock: Clock;
  policy: Policy | undefined;
  store: Store;
  provider: ProviderClient;
  /** The provider key (checked present: the bot cannot run without it). */
  apiKey: string;
  /** Closes what was opened, in reverse order (start-up failed, or the bot stops). */
  close(): Promise<void>;
}

export async function openFoundation(config: Config, opts: FoundationOptions): Promise<Foundation> {
  const { logger } = opts;
  const clock = opts.clock ?? systemClock;
  const apiKey = config.provider.apiKey;
  if (!apiKey) throw new ConfigError(['PROVIDER_API_KEY: required to reach the provider API']);
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
    apiKey,
    // The provider client, the watcher and the notifier name their own component in their log lines.
    logger,
    dailyLimit: config.provider.dailyLimit,
    // The key's day is every replica's: counted in the store, which all replicas share.
    dailyCounter: {
      add: (dayEndsAt, requests) => store.dailyRequests.add(new Date(dayEndsAt), requests),
    },
    // Every replica's requests are the bot's own: journaled where the watcher's leader reads the key's log.
    sentRequests: {
      // The bot's clock, which the key's log is judged by (a sandbox moves it with its simulator).
      now: () => clock.now().getTime(),
      append: (rows) =>
        store.keyRequests.append(
          rows.map((r) => ({ method: r.method, path: r.path, sentAt: new Date(r.sentAt) })),
        ),
    },
    queueBound: { maxWaitMs: config.fairWait.seconds * 1000, maxWaiting: config.fairWait.commands },
    ...(opts.provider?.retry ? { retry: opts.provider.retry } : {}),
    ...(opts.provider?.clock ? { clock: opts.provider.clock } : {}),
    ...(opts.provider?.timeouts ? { timeouts: opts.provider.timeouts } : {}),
  });
  return {
    config,
    logger,
    clock,
    policy,
    store,
    provider,
    apiKey,
    async close() {
      await provider.close().catch(() => undefined);
      await store.close().catch(() => undefined);
    },
  };
}
