/**
 * Paid signup as one object of the composition root: quotes, their approval
 * on the one decision machine, the orders that follow, and the reads around
 * them (today's price list, a signup's status).
 */
import type { DecisionMachine } from '../decisions/index.ts';
import { knownPlanNames } from './catalogue.ts';
import { SignupApprovals } from './signup-approvals.ts';
import type { SignupDeps } from './signup-deps.ts';
import { SignupOrders } from './signup-orders.ts';
import { SignupQuotes } from './signup-quotes.ts';
import { SignupReads } from './signup-reads.ts';

export class SignupService {
  readonly quotes: SignupQuotes;
  readonly approvals: SignupApprovals;
  readonly orders: SignupOrders;
  readonly reads: SignupReads;

  constructor(
    readonly deps: SignupDeps,
    machine: DecisionMachine,
  ) {
    this.quotes = new SignupQuotes(deps);
    this.approvals = new SignupApprovals(deps, machine);
    this.orders = new SignupOrders(deps);
    this.reads = new SignupReads(deps);
  }

  /** Plan names by id, as the price list last read names them (never a request). */
  planNames(): ReadonlyMap<string, string> {
    return knownPlanNames(this.deps);
  }
}
