/**
 * The daily digest's worker, built once the features exist (it reads the
 * digest service) beside the background parts whose lease and notifier it
 * uses: only the lease holder writes it, and the notifier posts it.
 */
import { realTimers } from '../clock.ts';
import { DailyDigest } from '../workers/digest/index.ts';
import type { Background } from './background.ts';
import type { Features } from './features.ts';
import type { Foundation } from './foundation.ts';

export function buildDailyDigest(
  f: Foundation,
  background: Pick<Background, 'leadership' | 'notifier'>,
  features: Pick<Features, 'digest'>,
): DailyDigest {
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
