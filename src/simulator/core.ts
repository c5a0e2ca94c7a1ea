/**
 * One account at the provider, as the simulator holds it: its world (VPSs,
 * hosting servers, prices, balance, signups), its API keys, their rate-limit
 * state and daily cap, its fault rules, the requests its keys made and their
 * `/v1/logs`. Shared by the HTTP pipeline, the route modules and the control
 * API. Every account of one simulator shares its clock (simulation.ts); a
 * request's key picks its account, and nothing else is shared.
 */
import { type KeyRecord, KeyRegistry } from './api-keys.ts';
import type { SimClock } from './clock.ts';
import { FaultSet } from './faults.ts';
import { seededRandom } from './random.ts';
import { RateLimiter } from './rate-limit.ts';
import { ApiLog, RequestJournal } from './request-journal.ts';
import { createWorld } from './seed.ts';
import type { AccountSpec, SimulatorKeys, SimulatorOptions } from './types.ts';
import type { World } from './world.ts';

/** What an account is given by the simulation it belongs to. */
export interface AccountSetup {
  /** 0 for the first account, which keeps the names and keys of a one-account simulator. */
  index: number;
  clock: SimClock;
  /** Applies what simulated time has made happen, in every account. */
  tickAll: () => void;
}

export class SimCore {
  readonly name: string;
  readonly index: number;
  readonly clock: SimClock;
  readonly world: World;
  readonly keys: KeyRegistry;
  readonly presetKeys: SimulatorKeys;
  readonly limiter: RateLimiter;
  readonly faults: FaultSet;
  readonly journal = new RequestJournal();
  readonly apiLog = new ApiLog();
  latencyMs: number;
  private readonly setup: AccountSetup;
  private inFlightCount = 0;
  private inFlightWaiters: { count: number; resolve: () => void }[] = [];

  constructor(options: SimulatorOptions, account: AccountSpec, setup: AccountSetup) {
    this.name = account.name;
    this.index = setup.index;
    this.setup = setup;
    this.clock = setup.clock;
    this.faults = new FaultSet(seededRandom((options.randomSeed ?? 1) + setup.index));
    this.world = createWorld(account.seed ?? options.seed ?? 'default', this.clock.now(), {
      index: setup.index,
      account: account.name,
    });
    this.limiter = new RateLimiter(account.rateLimit ?? options.rateLimit);
    this.latencyMs = account.latencyMs ?? options.latencyMs ?? 0;
    this.keys = new KeyRegistry(options.categoryNames, setup.index === 0 ? undefined : account.name);
    this.presetKeys = this.keys.createPresets(
      this.clock.now(),
      this.world.balance,
      this.world.presetTargets(),
    );
  }

  now(): Date {
    return this.clock.now();
  }

  /** Applies what simulated time has made happen in every account (the clock is theirs in common). */
  tickAll(): void {
    this.setup.tickAll();
  }

  /** Applies what simulated time has made happen here (signups completing, power changes). */
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
