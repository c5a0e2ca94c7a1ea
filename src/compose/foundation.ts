/**
 * What every other part stands on: the clock, the policy file, the store and
 * the provider accounts, each with its own client (rate-limit gate, daily
 * budget, read cache) and its own view of the store. A part that fails here
 * stops start-up in one line.
 */
import { type Clock, systemClock } from '../clock.ts';
import { type Config, ConfigError } from '../config.ts';
import { type Logger, SecretRegistry } from '../log.ts';
import { ProviderClient, type ProviderClock, type RetryPolicy, type Timeouts } from '../provider/index.ts';
import { loadPolicyFile, type Policy, resolveAccounts } from '../services/access/index.ts';
import { openStore, type Store } from '../store/index.ts';

export interface FoundationOptions {
  logger: Logger;
  /** The logger's secret registry: each account's key is registered with it as it is read. */
  secrets?: SecretRegistry | undefined;
  clock?: Clock | undefined;
  /** The provider client's retry policy, waiting clock and timeouts (tests and benchmarks shorten the waits). */
  provider?: { retry?: Partial<RetryPolicy>; clock?: ProviderClock; timeouts?: Timeouts } | undefined;
}

/**
 * One provider account: its key, its own client, and the store as it reads
 * and writes only that account's rows. The first of `Foundation.accounts` is
 * the default account.
 */
export interface ProviderAccount {
  /** The short name the policy gives it (`default` when only PROVIDER_API_KEY is set). */
  name: string;
  /** What people read. */
  label: string;
  apiKey: string;
  provider: ProviderClient;
  store: Store;
  /** Where its watcher's notices go, and its daily digest (the variables are the default account's). */
  notifyChannel: string | undefined;
  digestChannel: string | undefined;
}

export interface Foundation {
  config: Config;
  logger: Logger;
  clock: Clock;
  policy: Policy | undefined;
  /** The default account's view of the store; shared tables are the same in every view. */
  store: Store;
  /** The default account's client and key. */
  provider: ProviderClient;
  apiKey: string;
  /** Every account, the default one first. */
  accounts: ProviderAccount[];
  /** Closes what was opened, in reverse order (start-up failed, or the bot stops). */
  close(): Promise<void>;
}

export async function openFoundation(config: Config, opts: FoundationOptions): Promise<Foundation> {
  const { logger } = opts;
  const clock = opts.clock ?? systemClock;
  const policy = config.policyFile ? await loadPolicyFile(config.policyFile) : undefined;
  // Every key read is registered with the logger's scrubber before anything can log it.
  const resolved = resolveAccounts(config, policy, opts.secrets ?? new SecretRegistry());
  // The default account first: the bot's `store` and `provider` are its, as with one account.
  const specs = [
    ...resolved.filter((a) => a.name === policy?.default_account),
    ...resolved.filter((a) => a.name !== policy?.default_account),
  ];
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    encryptionKey: config.encryptionKey,
    logger,
    clock,
  });
  const accounts = specs.map((spec): ProviderAccount => {
    const scoped = store.forAccount(spec.name);
    return {
      name: spec.name,
      label: spec.label,
      apiKey: spec.apiKey,
      store: scoped,
      provider: providerClientFor(
        config,
        opts,
        scoped,
        clock,
        spec.apiKey,
        specs.length > 1 ? spec.name : undefined,
      ),
      notifyChannel: spec.notifyChannel,
      digestChannel: spec.digestChannel,
    };
  });
  const first = accounts[0];
  if (!first) throw new ConfigError(['PROVIDER_API_KEY: required to reach the provider API']);
  return {
    config,
    logger,
    clock,
    policy,
    store: first.store,
    provider: first.provider,
    apiKey: first.apiKey,
    accounts,
    async close() {
      for (const a of accounts) await a.provider.close().catch(() => undefined);
      await store.close().catch(() => undefined);
    },
  };
}

/** An account's client: its own gate, budget and cache; its day counted and its requests journaled in its rows. */
function providerClientFor(
  config: Config,
  opts: FoundationOptions,
  store: Store,
  clock: Clock,
  apiKey: string,
  account: string | undefined,
): ProviderClient {
  return new ProviderClient({
    baseUrl: config.provider.baseUrl,
    apiKey,
    // The provider client, the watcher and the notifier name their own component in their log lines.
    logger: account ? opts.logger.child({ account }) : opts.logger,
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
}
