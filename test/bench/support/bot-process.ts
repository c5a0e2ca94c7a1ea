/**
 * The bot as a process of its own, for the benchmarks that kill it or weigh
 * it: `startBot` from src/main.ts (the composition root `npm start` runs) with
 * the configuration read from the environment, as `npm start` reads it, and
 * two things `npm start` cannot be told:
 *
 * - BENCH_CLOCK_AHEAD_MS: the bot's clock runs this far ahead of the wall
 *   clock. The kill-order benchmark restarts the bot with it set past the time
 *   after which an `executing` order is presumed orphaned (10 minutes), which
 *   is what a restart that many minutes later would see, without waiting them.
 * - BENCH_SWEEP_MS: how often the sweep runs (default: as in production).
 *
 * SIGTERM stops it as `npm start` does.
 */
import { configSecrets, loadConfig } from '../../../src/config.ts';
import { createLogger, SecretRegistry } from '../../../src/log.ts';
import { startBot } from '../../../src/main.ts';

const ahead = Number(process.env.BENCH_CLOCK_AHEAD_MS ?? 0);
const sweepMs = process.env.BENCH_SWEEP_MS === undefined ? undefined : Number(process.env.BENCH_SWEEP_MS);

const config = loadConfig();
const secrets = new SecretRegistry();
for (const s of configSecrets(config)) secrets.add(s);
const logger = createLogger({ level: config.logLevel, secrets });
const bot = await startBot(config, {
  logger,
  secrets,
  ...(ahead !== 0 ? { clock: { now: () => new Date(Date.now() + ahead) } } : {}),
  ...(sweepMs !== undefined ? { sweepMs } : {}),
});

process.once('SIGTERM', () => {
  bot.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
