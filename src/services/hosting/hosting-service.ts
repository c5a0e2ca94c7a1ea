/**
 * /hosting as one object of the composition root: its reads, its changes made
 * at once, and its destructive operations decided on the one decision machine.
 */
import type { DecisionMachine } from '../decisions/index.ts';
import { HostingCalls, type HostingDeps } from './hosting-calls.ts';
import { HostingOperations } from './hosting-operations.ts';
import { HostingReads } from './hosting-reads.ts';
import { HostingWrites } from './hosting-writes.ts';

export class HostingService {
  readonly reads: HostingReads;
  readonly writes: HostingWrites;
  readonly operations: HostingOperations;

  constructor(deps: HostingDeps, machine: Pick<DecisionMachine, 'decide'>) {
    const calls = new HostingCalls(deps);
    this.reads = new HostingReads(calls);
    this.writes = new HostingWrites(calls);
    this.operations = new HostingOperations(calls, machine);
  }
}
