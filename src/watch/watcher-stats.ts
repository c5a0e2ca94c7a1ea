/** What the watcher reports (/metrics, /healthz): its counters and the detection delays it saw. */
import type { BudgetState } from './budget.ts';
import type { KeyUseStats } from './key-use-watch.ts';

export interface WatcherStats {
  requests: number;
  rateLimited: number;
  failures: number;
  transitions: number;
  lists: number;
  lastListAt: number | undefined;
  leader: boolean;
  budget: BudgetState;
  /** The stalest server reading (epoch ms): how late a change could be seen now. */
  oldestReadAt: number | undefined;
  /** For each power change seen: the time since the read before it, the most it can have gone unseen. */
  detection: DetectionDelays;
  /** The key-use watch's figures; undefined when it is off. */
  keyUse?: KeyUseStats | undefined;
}

/** The stalest of the reads' times (epoch ms), undefined when there are none. */
export function oldestOf(times: readonly number[]): number | undefined {
  return times.length === 0 ? undefined : Math.min(...times);
}

/** Upper bounds (seconds) of the detection delay histogram; then +Inf. */
export const DETECTION_BUCKETS_SECONDS = [1, 2, 5, 10, 30, 60, 120, 300, 600, 1800] as const;

export interface DetectionDelays {
  boundsSeconds: readonly number[];
  /** Cumulative counts per bound. */
  counts: number[];
  sumSeconds: number;
  count: number;
}

export function emptyDetectionDelays(): DetectionDelays {
  return {
    boundsSeconds: DETECTION_BUCKETS_SECONDS,
    counts: DETECTION_BUCKETS_SECONDS.map(() => 0),
    sumSeconds: 0,
    count: 0,
  };
}

/** Counts one power change seen `delaySeconds` after the read before it. */
export function observeDetection(d: DetectionDelays, delaySeconds: number): void {
  d.count += 1;
  d.sumSeconds += delaySeconds;
  d.boundsSeconds.forEach((le, i) => {
    if (delaySeconds <= le) d.counts[i] = (d.counts[i] ?? 0) + 1;
  });
}
