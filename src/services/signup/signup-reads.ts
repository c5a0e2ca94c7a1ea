/**
 * What anyone who may read can ask about signing up, without ordering:
 * today's price list (plans, every period's price, the images each plan can
 * take) and the status of a signup by its service code, whether it was
 * ordered here or in the provider's panel. Neither is refused on a guess
 * about the key: the provider answers 403 to a key that may not sign up, and
 * that answer is what the person sees (docs/provider-api.md, VPS endpoints).
 */
import { asPerson, ProviderError, READ, type SignupStatus, validatePathId } from '../../provider/index.ts';
import type { Action, Actor } from '../access/index.ts';
import { ServiceError, type SignupIdRule } from '../errors.ts';
import { type Catalogue, readCatalogue } from './catalogue.ts';
import type { SignupDeps } from './signup-deps.ts';

export interface PriceList {
  catalogue: Catalogue;
  /** Whether this person may order here: the list then offers each plan's order form. */
  canOrder: boolean;
}

/** The service code a signup status is asked for, as the path takes it. */
export const SIGNUP_ID_FIELD = 'signup_id';

/** A provider answer this read explains in its own words; anything else is the provider's own error. */
function explained(err: unknown, refusals: Partial<Record<number, () => ServiceError>>): unknown {
  if (!(err instanceof ProviderError)) return err;
  return refusals[err.status]?.() ?? err;
}

/** The rule a service code breaks, in the words the refusal names (it goes into a path). */
function signupIdRule(rule: string): SignupIdRule {
  return rule === 'required' || rule === 'control_character' ? rule : 'format';
}

export class SignupReads {
  constructor(private readonly deps: SignupDeps) {}

  private async authorize(actor: Actor, action: Action): Promise<void> {
    const { refusal } = await this.deps.access.decide(actor, action);
    if (refusal) throw refusal;
  }

  /** Today's plans and images as the provider lists them (the order form's catalogue, reused briefly). */
  async plans(actor: Actor): Promise<PriceList> {
    await this.authorize(actor, 'plans');
    let catalogue: Catalogue;
    try {
      // Read as this person's: they wait their turn at the provider like any command.
      catalogue = await readCatalogue(this.deps, { for: actor });
    } catch (err) {
      throw explained(err, { 403: () => new ServiceError('plans_forbidden') });
    }
    const { refusal } = await this.deps.access.decide(actor, 'signup');
    return { catalogue, canOrder: refusal === null };
  }

  /** GET /v1/vps/signup-status/{id}: the id checked as a path id first, nothing sent when it cannot be one. */
  async status(actor: Actor, typed: string): Promise<SignupStatus> {
    const id = typed.trim();
    const problem = validatePathId(id, SIGNUP_ID_FIELD)[0];
    if (problem)
      throw new ServiceError('invalid_field', { field: SIGNUP_ID_FIELD, rule: signupIdRule(problem.rule) });
    await this.authorize(actor, 'signup_status');
    try {
      return await this.deps.provider.signupStatus(id, asPerson(READ, actor));
    } catch (err) {
      throw explained(err, {
        403: () => new ServiceError('signup_status_forbidden'),
        404: () => new ServiceError('signup_status_not_found', { id }),
      });
    }
  }
}
