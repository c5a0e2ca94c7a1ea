/**
 * Starts the simulator and a ProviderClient pointed at it, with a client clock
 * that moves the simulator's manual clock along (so X-RateLimit-Reset and the
 * client's waits agree) and a pino logger writing to memory.
 */
import { type Logger, pino } from 'pino';
import { ProviderClient, type ProviderClientOptions } from '../../../src/provider/index.ts';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../../src/simulator/index.ts';
import { InstantClock, ManualClock } from './manual-clock.ts';

export class LogSink {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join('');
  }
}

export function memoryLogger(): { logger: Logger; sink: LogSink } {
  const sink = new LogSink();
  // No redaction configured on purpose: the client itself must never hand the key to a logger.
  return { logger: pino({ level: 'debug' }, sink), sink };
}

export interface Harness {
  sim: Simulator;
  client: ProviderClient;
  clock: InstantClock | ManualClock;
  sink: LogSink;
  makeClient(apiKey: string, extra?: Partial<ProviderClientOptions>): ProviderClient;
  close(): Promise<void>;
}

export async function startHarness(
  simOpts: SimulatorOptions = {},
  clientOpts: Partial<ProviderClientOptions> & { clockKind?: 'instant' | 'manual' } = {},
): Promise<Harness> {
  const sim = await startSimulator({ clock: 'manual', ...simOpts });
  const onAdvance = (ms: number) => sim.control.clock.advance(ms);
  const start = sim.control.clock.now().getTime();
  const clock =
    clientOpts.clockKind === 'manual'
      ? new ManualClock(start, onAdvance)
      : new InstantClock(start, onAdvance);
  const { logger, sink } = memoryLogger();
  const clients: ProviderClient[] = [];
  const makeClient = (apiKey: string, extra: Partial<ProviderClientOptions> = {}) => {
    const { clockKind: _ignored, ...rest } = clientOpts;
    const c = new ProviderClient({
      baseUrl: sim.url,
      apiKey,
      logger,
      clock,
      random: () => 0.5,
      ...rest,
      ...extra,
    });
    clients.push(c);
    return c;
  };
  const client = makeClient(sim.keys.full);
  return {
    sim,
    client,
    clock,
    sink,
    makeClient,
    close: async () => {
      for (const c of clients) await c.close();
      await sim.close();
    },
  };
}
