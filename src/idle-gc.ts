/**
 * The old generation's collections while nobody waits. V8 collects the old
 * generation (a mark-compact, whose last step stops the thread) when it has
 * grown enough since the last one, which under the bot's traffic is in the
 * middle of someone's command: the ack that meets it waits 6 to 12 ms for the
 * bot's 30 MB heap (Node 20; `npm run bench ack-latency` with a record of the
 * collections lined up with the acks, README "Acks first"). Chat traffic
 * comes in spells with quiet between them; a browser collects in its idle
 * time, and Node gives V8 none. So when the event loop has been quiet for
 * QUIET_MS (at most MAX_BUSY of each CHECK_MS spent working) and the old
 * generation has grown GROWTH_BYTES since the last collection this made,
 * this collects it then, once per quiet spell: a delivery arriving meets a
 * heap with room to grow. V8's own collections go on as before.
 *
 * It needs V8's `gc` function, which `node --expose-gc` gives (the image's
 * command line, Dockerfile; `npm start` passes it too); without it nothing
 * runs and the bot is as it was.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { BackgroundLoop, realTimers, sleep, type Timers } from './clock.ts';
import type { Logger } from './log.ts';

/** The event loop quiet this long first (ms). */
export const QUIET_MS = 250;
/** How often the loop's business is looked at (ms). */
export const CHECK_MS = 50;
/** Busy at most this share of a check's span, and the loop counts as quiet. */
export const MAX_BUSY = 0.02;
/** Grown this much since the last idle collection (bytes), and the old generation is collected. */
export const GROWTH_BYTES = 2 * 1024 * 1024;

export interface IdleCollectorParts {
  /** V8's full collection (`globalThis.gc` under --expose-gc). */
  gc: () => void;
  /** The share of time the event loop worked since the previous call (0 to 1). */
  busySinceLast: () => number;
  /** Bytes used in the old generation now. */
  oldGeneration: () => number;
  /** Monotonic ms. */
  now: () => number;
  /** The looks' timer (real ones never keep a stopping bot alive). */
  timers: Timers;
}

export class IdleCollector {
  private quietSince: number;
  private baseline: number;
  private collections = 0;
  private readonly loop = new BackgroundLoop(async (signal) => {
    this.parts.busySinceLast();
    for (;;) {
      await sleep(this.parts.timers, CHECK_MS, signal);
      if (signal.aborted) return;
      this.check();
    }
  });

  constructor(private readonly parts: IdleCollectorParts) {
    this.quietSince = parts.now();
    this.baseline = parts.oldGeneration();
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Collections made so far. */
  get made(): number {
    return this.collections;
  }

  /** One look: collects if the loop has been quiet for QUIET_MS and the old generation has grown enough. */
  check(): void {
    const now = this.parts.now();
    const used = this.parts.oldGeneration();
    // V8 collected on its own meanwhile: growth counts from what it left.
    if (used < this.baseline) this.baseline = used;
    if (this.parts.busySinceLast() > MAX_BUSY) {
      this.quietSince = now;
      return;
    }
    if (now - this.quietSince < QUIET_MS || used - this.baseline < GROWTH_BYTES) return;
    this.parts.gc();
    this.collections += 1;
    this.baseline = this.parts.oldGeneration();
    // Once per quiet spell: the next waits for the loop to have worked and gone quiet again.
    this.quietSince = this.parts.now();
  }
}

/** The collector on this process's V8, or undefined without `--expose-gc` (said at debug level). */
export function startIdleCollector(logger: Logger): IdleCollector | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') {
    logger.debug('idle collections off: node was started without --expose-gc');
    return undefined;
  }
  let last = performance.eventLoopUtilization();
  const collector = new IdleCollector({
    gc: () => gc(),
    busySinceLast: () => {
      const now = performance.eventLoopUtilization();
      const span = performance.eventLoopUtilization(now, last);
      last = now;
      return span.utilization;
    },
    oldGeneration: () =>
      getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0,
    now: () => performance.now(),
    timers: realTimers,
  });
  collector.start();
  return collector;
}
