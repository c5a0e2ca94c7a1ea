/**
 * Everything one simulator instance holds, shared by the HTTP pipeline, the
 * route modules and the control API.
 */
import { type KeyRecord, KeyRegistry } from './api-keys.ts';
import { SimClock } from './clock.ts';
import { FaultSet } from './faults.ts';
import { seededRandom } from './random.ts';
import { RateLimiter } from './rate-limit.ts';
import { ApiLog, RequestJournal } from './request-journal.ts';
import { createWorld } from './seed.ts';
import type { SimulatorKeys, SimulatorOptions } from './types.ts';
import type { World } from './world.ts';

export class SimCore {
  readonly clock: SimClock;
  readonly world: World;
  readonly keys: KeyRegistry;
  readonly presetKeys: SimulatorKeys;
  readonly limiter: RateLimiter;
  readonly faults: FaultSet;
  readonly journal = new RequestJournal();
  readonly apiLog = new ApiLog();
  latencyMs: number;
  private inFlightCount = 0;
  private inFlightWaiters: { count: number; resolve: () => void }[] = [];

  constructor(options: SimulatorOptions) {
    this.clock = new SimClock(options.clock ?? 'real', options.now);
    this.faults = new FaultSet(seededRandom(options.randomSeed ?? 1));
    this.world = createWorld(options.seed ?? 'default', this.clock.now());
    this.limiter = new RateLimiter(options.rateLimit);
    this.latencyMs = options.latencyMs ?? 0;
    this.keys = new KeyRegistry(options.categoryNames);
    this.presetKeys = this.keys.createPresets(this.clock.now(), this.world.balance);
  }

  now(): Date {
    return this.clock.now();
  }

  /** Applies what simulated time has made happen (signups completing). */
  tick(): void {
    const now = this.clock.nowMs();
    for (const [uuid, p] of this.world.pendingPower) {
      if (p.at > now) continue;
      this.world.pendingPower.delete(uuid);
      const server = this.world.vps.get(uuid);
      if (server) server.power = p.status;
    }
    for (const s of this.world.signupList) {
      if (s.status !== 'active' && s.completesAt && s.completesAt.getTime() <= now)
        this.world.completeSignup(s);
    }
  }

  authenticate(token: string): KeyRecord | undefined {
    return this.keys.find(token);
  }

  inFlight(): number {
    return this.inFlightCount;
  }

  enter(): void {
    this.inFlightCount += 1;
  }

  /** Called once a request is parked (latency) so waitForInFlight sees it in a stable state. */
  announce(): void {
    const ready = this.inFlightWaiters.filter((w) => this.inFlightCount >= w.count);
    this.inFlightWaiters = this.inFlightWaiters.filter((w) => this.inFlightCount < w.count);
    for (const w of ready) w.resolve();
  }

  leave(): void {
    this.inFlightCount -= 1;
  }

  waitForInFlight(count: number): Promise<void> {
    if (this.inFlightCount >= count) return Promise.resolve();
    return new Promise((resolve) => this.inFlightWaiters.push({ count, resolve }));
  }
}
