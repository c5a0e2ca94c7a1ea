/**
 * The one decision machine, for everything that waits on a person: its
 * shapes and the machine. A feature lends it a `RequestBook` over its table.
 */

export type {
  Decider,
  Decision,
  DecisionAudit,
  DecisionRefusal,
  DecisionRefused,
  DecisionStep,
  PendingRequest,
  RequestBook,
} from './decision.ts';
export type {
  DecideInput,
  DecisionMachineDeps,
} from './decision-machine.ts';
export { DecisionMachine } from './decision-machine.ts';
