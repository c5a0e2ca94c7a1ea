/**
 * Simulated time. In 'real' mode time follows the wall clock plus an offset
 * (so `set`/`advance` still work for a sandbox); in 'manual' mode it moves only
 * when told, and sleepers (latency, faults) wake when simulated time passes
 * their deadline, so tests never wait for wall time.
 */
export type ClockMode = 'real' | 'manual';

interface Sleeper {
  until: number;
  resolve: () => void;
}

export class SimClock {
  readonly mode: ClockMode;
  private offsetMs = 0;
  private manualMs: number;
  private sleepers: Sleeper[] = [];
  private readonly timers = new Map<NodeJS.Timeout, () => void>();

  constructor(mode: ClockMode, start?: Date) {
    this.mode = mode;
    const startMs = start ? start.getTime() : Date.now();
    this.manualMs = startMs;
    if (mode === 'real') this.offsetMs = startMs - Date.now();
  }

  nowMs(): number {
    return this.mode === 'manual' ? this.manualMs : Date.now() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  set(d: Date): void {
    const ms = d.getTime();
    if (Number.isNaN(ms)) throw new Error('clock.set: invalid date');
    if (this.mode === 'manual') this.manualMs = ms;
    else this.offsetMs = ms - Date.now();
    this.wake();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new Error('clock.advance: ms must be finite');
    if (this.mode === 'manual') this.manualMs += ms;
    else this.offsetMs += ms;
    this.wake();
  }

  /**
   * Waits `ms` of simulated time. Real mode uses real timers (benchmarks rely
   * on true latency); manual mode resolves when the clock is moved past the
   * deadline by `set`/`advance`.
   */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    if (this.mode === 'real') {
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          this.timers.delete(t);
          resolve();
        }, ms);
        this.timers.set(t, resolve);
      });
    }
    return new Promise((resolve) => {
      this.sleepers.push({ until: this.manualMs + ms, resolve });
    });
  }

  /** Number of requests/operations currently waiting on simulated time. */
  sleeping(): number {
    return this.sleepers.length;
  }

  /** Releases every sleeper and timer (on close) so no request hangs forever. */
  releaseAll(): void {
    for (const [t, resolve] of this.timers) {
      clearTimeout(t);
      resolve();
    }
    this.timers.clear();
    const all = this.sleepers;
    this.sleepers = [];
    for (const s of all) s.resolve();
  }

  private wake(): void {
    const now = this.nowMs();
    const due = this.sleepers.filter((s) => s.until <= now);
    this.sleepers = this.sleepers.filter((s) => s.until > now);
    for (const s of due) s.resolve();
  }
}
