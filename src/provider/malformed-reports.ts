/**
 * An entry of the provider's answers that breaks the spec is logged once, not
 * on every read: the watcher reads the list every round and people read it at
 * will, and the same broken entry would otherwise fill the log. It is logged
 * again when what is broken in it changes.
 */
import type { Logger } from 'pino';

/** Entries remembered at most; past it the memory starts again (a storm of new ones is logged anew). */
const REMEMBERED = 1_000;
/** Longest identifier kept in a log line: the provider's own value, which may be anything. */
const ID_SHOWN = 100;

export class MalformedReports {
  private readonly seen = new Set<string>();

  constructor(private readonly log: Logger | undefined) {}

  /** Logs `entry` of `endpoint` once for this set of broken fields; true when it was logged now. */
  report(endpoint: string, entry: string, broken: readonly string[]): boolean {
    const id = entry.length > ID_SHOWN ? `${entry.slice(0, ID_SHOWN)}…` : entry;
    const key = `${endpoint}\n${id}\n${broken.join(',')}`;
    if (this.seen.has(key)) return false;
    if (this.seen.size >= REMEMBERED) this.seen.clear();
    this.seen.add(key);
    this.log?.warn(
      { endpoint, entry: id, fields: broken.slice(0, 20) },
      'the provider answered an entry that breaks the spec; it is shown as far as it can be read',
    );
    return true;
  }
}
