import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, type Logger, MemoryLogSink } from '../../../src/log.ts';
import { ProviderClient } from '../../../src/provider/index.ts';
import { type Simulator, startSimulator } from '../../../src/simulator/index.ts';
import { openStore, type Store } from '../../../src/store/index.ts';
import type { KeyUseSettings } from '../../../src/watch/key-use-watch.ts';
import { Leadership } from '../../../src/watch/leader.ts';
import { Watcher } from '../../../src/watch/watcher.ts';
import type { WatcherProvider } from '../../../src/watch/watcher-options.ts';
import { Notifier } from '../../../src/workers/notifier/notifier.ts';
import { createTestDatabase, type TestDatabase } from '../../support/postgres.ts';
import { FakeSlackClient } from './fake-slack-client.ts';
import { ManualTime, ReplicaClock } from './time.ts';

export type Kind = 'sqlite' | 'postgres';

export const CHANNEL = 'C0WATCH01';
export const ONCALL = '<!subteam^S0ONCALL>';
const KEY = randomBytes(32).toString('hex');

export interface WorldOptions {
  kind?: Kind;
  servers?: number;
  rateLimit?: { limit: number; windowSeconds: number; concurrent: number; daily?: number };
  intervalMs?: number;
  flapWindowMs?: number;
  budgetShare?: number;
  notifyChannel?: string | undefined;
  setupPendingEscalateMs?: number;
  /** PROVIDER_DAILY_LIMIT of the bot's client (the simulator's own cap is `rateLimit.daily`). */
  dailyLimit?: number;
  /** The hosting servers the key names (read for NOTIFY_CHANNEL). */
  hostingServers?: () => readonly string[] | undefined;
  /** The key-use watch; each instance's client then journals its requests in its store, as main.ts does. */
  keyUse?: KeyUseSettings;
  /** Whether the watchers hold off (their account's key is refused). */
  paused?: () => boolean;
}

export interface Instance {
  name: string;
  store: Store;
  client: ProviderClient;
  /** The client as the watcher sees it (tracked for `settle()`). */
  provider: WatcherProvider;
  leadership: Leadership;
  watcher: Watcher;
  notifier: Notifier;
  /** Stops the loops, as a crash would: no lease release, nothing flushed. */
  kill(): Promise<void>;
}

export interface World {
  sim: Simulator;
  time: ManualTime;
  slack: FakeSlackClient;
  logger: Logger;
  sink: MemoryLogSink;
  uuids: string[];
  a: Instance;
  /** `a`'s clock: the test's, until a test sets it wrong (`offsetMs`). */
  aClock: ReplicaClock;
  /** Another replica on the same store; `clock` gives it a clock of its own (one that is wrong). */
  instance(name: string, opts?: { clock?: ReplicaClock }): Promise<Instance>;
  close(): Promise<void>;
}

export async function makeWorld(o: WorldOptions = {}): Promise<World> {
  const kind = o.kind ?? 'sqlite';
  const sim = await startSimulator({
    clock: 'manual',
    now: new Date('2026-03-02T03:00:00Z'),
    seed: 'empty',
    rateLimit: o.rateLimit ?? { limit: 6000, windowSeconds: 60, concurrent: 10, daily: 10_000_000 },
  });
  const time = new ManualTime(
    () => sim.control.clock.now().getTime(),
    (ms) => sim.control.clock.set(new Date(ms)),
  );
  const uuids = sim.control.addServers(o.servers ?? 3, { power: 'running', status: 'active' });
  const sink = new MemoryLogSink();
  const logger = createLogger({ level: 'debug', stream: sink });
  const slack = new FakeSlackClient(() => time.ms());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'watch-test-'));
  const db: TestDatabase | null = kind === 'postgres' ? await createTestDatabase('watch') : null;
  const instances: Instance[] = [];
  const intervalMs = o.intervalMs ?? 10_000;
  const flapWindowMs = o.flapWindowMs ?? 30_000;

  async function instance(name: string, io: { clock?: ReplicaClock } = {}): Promise<Instance> {
    // The replica's own clock (the test's unless it is given one); the test's timers either way.
    const clock = io.clock ?? time;
    const store = await openStore({
      dataDir,
      databaseUrl: db?.url,
      encryptionKey: KEY,
      logger,
      clock,
    });
    const tracked = time.trackAll(store);
    const client = new ProviderClient({
      baseUrl: sim.url,
      apiKey: sim.keys.full,
      logger,
      clock: clock.clientClock,
      retry: { maxAttempts: 1 },
      dailyLimit: o.dailyLimit,
      // Tracked, so that settle() waits for the journal's writes too.
      ...(o.keyUse
        ? {
            sentRequests: {
              append: (rows: readonly { method: string; path: string; sentAt: number }[]) =>
                tracked.keyRequests.append(rows.map((r) => ({ ...r, sentAt: new Date(r.sentAt) }))),
            },
          }
        : {}),
    });
    const provider: WatcherProvider = time.trackAll(client);
    const leadership = new Leadership({
      store: tracked,
      holder: name,
      ttlMs: Math.ceil(intervalMs * 1.5),
      clock,
      alwaysLead: kind === 'sqlite',
    });
    let notifier: Notifier | undefined;
    const watcher = new Watcher({
      provider,
      store: tracked,
      logger: logger.child({ instance: name }),
      clock,
      timers: clock,
      leadership,
      intervalMs,
      budgetShare: o.budgetShare ?? 0.5,
      notifyChannel: 'notifyChannel' in o ? o.notifyChannel : CHANNEL,
      flapWindowMs,
      hostingServers: o.hostingServers,
      keyUse: o.keyUse,
      ...(o.paused ? { paused: o.paused } : {}),
      ...(o.setupPendingEscalateMs === undefined ? {} : { setupPendingEscalateMs: o.setupPendingEscalateMs }),
      onOutbox: () => notifier?.kick(),
    });
    notifier = new Notifier({
      store: tracked,
      slack,
      logger: logger.child({ instance: name }),
      clock,
      timers: clock,
      render: { locale: 'en', oncallMention: ONCALL },
      isLeader: () => leadership.isLeader(),
      flapWindowMs,
    });
    const inst: Instance = {
      name,
      store,
      client,
      provider,
      leadership,
      watcher,
      notifier,
      async kill() {
        // A crash: the loops stop where they are; the lease is not handed back.
        // Not awaited: a request the crash cut off may never answer.
        void watcher.stop({ release: false });
        await notifier?.stop();
      },
    };
    instances.push(inst);
    return inst;
  }

  const aClock = new ReplicaClock(time);
  const a = await instance('a', { clock: aClock });
  return {
    sim,
    time,
    slack,
    logger,
    sink,
    uuids,
    a,
    aClock,
    instance,
    async close() {
      for (const i of instances) {
        await i.watcher.stop().catch(() => undefined);
        await i.notifier.stop().catch(() => undefined);
        await i.client.close().catch(() => undefined);
        await i.store.close().catch(() => undefined);
      }
      await sim.close();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
