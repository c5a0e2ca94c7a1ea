/**
 * The provider as a whole: one clock and the accounts it serves, each an
 * account of its own (core.ts) with its API keys. A request's key picks its
 * account; a request whose key no account holds (none, unknown) is the first
 * account's to answer and record, as a one-account simulator did.
 */
import { SimClock } from './clock.ts';
import { createControl } from './control.ts';
import { SimCore } from './core.ts';
import type { AccountSpec, SimulatorAccount, SimulatorControl, SimulatorOptions } from './types.ts';

/** The first account's name when the options name none (issue: one key alone is the account `default`). */
export const DEFAULT_ACCOUNT = 'default';

const ACCOUNT_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export interface AccountEntry {
  core: SimCore;
  control: SimulatorControl;
}

export class Simulation {
  readonly clock: SimClock;
  private readonly entries: AccountEntry[] = [];

  constructor(private readonly options: SimulatorOptions) {
    this.clock = new SimClock(options.clock ?? 'real', options.now);
    const specs = options.accounts?.length ? options.accounts : [DEFAULT_ACCOUNT];
    for (const s of specs) this.addAccount(s);
  }

  /** Adds an account with its own world and preset keys; its name must be new. */
  addAccount(spec: AccountSpec | string): AccountEntry {
    const account = typeof spec === 'string' ? { name: spec } : spec;
    if (!ACCOUNT_NAME.test(account.name))
      throw new Error(
        `an account name is 1 to 32 lower-case letters, digits and "-", starting with a letter: ${JSON.stringify(account.name)}`,
      );
    if (this.find(account.name)) throw new Error(`an account named ${account.name} exists already`);
    const core = new SimCore(this.options, account, {
      index: this.entries.length,
      clock: this.clock,
      tickAll: () => this.tickAll(),
    });
    const entry = { core, control: createControl(core) };
    this.entries.push(entry);
    return entry;
  }

  get first(): AccountEntry {
    return this.entries[0]!;
  }

  all(): readonly AccountEntry[] {
    return this.entries;
  }

  find(name: string): AccountEntry | undefined {
    return this.entries.find((e) => e.core.name === name);
  }

  get(name: string): AccountEntry {
    const e = this.find(name);
    if (!e) throw new Error(`no account named ${name} (${this.entries.map((x) => x.core.name).join(', ')})`);
    return e;
  }

  /** The account whose key this is; the first one for a missing or unknown key. */
  coreFor(token: string | undefined): SimCore {
    if (token !== undefined) {
      for (const e of this.entries) if (e.core.keys.find(token)) return e.core;
    }
    return this.first.core;
  }

  tickAll(): void {
    for (const e of this.entries) e.core.tick();
  }

  handle(e: AccountEntry): SimulatorAccount {
    return { name: e.core.name, keys: { ...e.core.presetKeys }, control: e.control };
  }
}
