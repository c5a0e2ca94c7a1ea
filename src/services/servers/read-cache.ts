/** One provider read, and when it was asked for. */
export interface Read<T> {
  value: T;
  /** When it was asked for (epoch ms). */
  at: number;
}

/**
 * Provider reads kept for a while, by key. A read that began before a change
 * (`drop`) never refills the cache after it, and an older read never replaces
 * a newer one.
 */
export class ReadCache<K, V> {
  private readonly kept = new Map<K, Read<V>>();
  /** Counts drops: a read that began before one must not refill the cache after it. */
  private drops = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  /** What was read of `key` while it is fresh, else `read()` now. */
  async get(key: K, read: () => Promise<V>): Promise<Read<V>> {
    const hit = this.kept.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    const drops = this.drops;
    const at = this.now();
    const fresh = { value: await read(), at };
    const now = this.kept.get(key);
    if (drops === this.drops && (!now || now.at <= at)) this.kept.set(key, fresh);
    return fresh;
  }

  drop(key: K): void {
    this.drops += 1;
    this.kept.delete(key);
  }
}
