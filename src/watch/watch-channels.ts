/** Where the watcher posts what it saw: NOTIFY_CHANNEL and the channels watching it. */
import type { WatchRow } from '../store/index.ts';

/** NOTIFY_CHANNEL (when set) and every channel watching one of `targets`, each once. */
export function channelsWatching(
  notifyChannel: string | undefined,
  watches: readonly WatchRow[],
  targets: readonly string[],
): string[] {
  const set = new Set<string>();
  if (notifyChannel) set.add(notifyChannel);
  for (const w of watches) if (targets.includes(w.target)) set.add(w.channelId);
  return [...set];
}
