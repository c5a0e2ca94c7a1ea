/**
 * Paid VPS signup, exactly once (docs/operators.md, "Ordering a VPS";
 * the provider's side in docs/provider-api.md, Signup).
 *
 *   quoted -> approved -> executing -> submitted | active
 *   exits: rejected, expired, price_changed, failed, unknown (-> executing again)
 *
 * Every move is one conditional UPDATE in the store (`transition`), so a
 * second click, a second replica or a retried Slack delivery loses the race
 * and learns who won. Money moves only in signup-orders.ts, with the row's own
 * Idempotency-Key and `expected_total_price` = the price the approver saw.
 *
 * The root password lives sealed in the store while the quote waits, is
 * registered with the log scrubber whenever it is in memory, and is destroyed
 * as soon as the outcome is definite or the quote expires. No function here
 * puts it in a log line, an audit entry, an error or a return value, except
 * `SignupQuotes.quote`'s `generatedPassword`, which the caller shows to the requester
 * alone, once.
 *
 * The choices made where the provider leaves one (docs/provider-api.md, Decisions
 * where the spec is silent), and why:
 * - PRICE_MISMATCH ends the row in `price_changed` and the new quote is a NEW
 *   row (new id, new key). Re-quoting in place would let a click on the old
 *   message, whose confirm dialog stated the old amount, approve the new one.
 * - A quote expires at min(now + TTL, next 00:00 JST), and the expiry is part
 *   of the approving UPDATE itself (store guard), then checked again before
 *   the order is sent: a click racing midnight cannot approve yesterday's price.
 * - While an order is `unknown` its password stays sealed: the retry must be
 *   the identical request (same key, same body). It is destroyed as soon as
 *   the outcome is definite, or when a person must look (NEEDS_MANUAL_CHECK).
 * - 429 and DUPLICATE_REQUEST on the real POST go to `unknown` (ask again with
 *   the same key), never to `failed`: only a definite refusal ends an order.
 * - After an `unknown`, a PRICE_MISMATCH makes no new quote by itself: whether
 *   the first attempt went through rests on the provider's idempotency, so a
 *   second order is left to a person.
 * - Rows orphaned by a dead replica (`approved` never claimed, `executing`
 *   never finished) are picked up by `SignupOrders.recoverUnknown` with the same key.
 *   A bot that starts asks at once about every order it finds `executing`
 *   (`markInterrupted`, then `recheck`), rather than after the orphan window:
 *   the same key makes asking safe even if another replica is placing it.
 *
 * This file is the feature's public surface: code outside this folder imports
 * only from here: the SignupService (quotes, approvals on the one decision machine,
 * orders) and the shapes and pure rules the views need.
 */
export type { OsImage, Plan } from '../../provider/index.ts';
export type { SignupRow } from '../../store/index.ts';
export type { FieldProblem } from '../field-problem.ts';
export {
  type Catalogue,
  catalogueOf,
  findPlan,
  imagesFor,
} from './catalogue.ts';
export type { RevealOutcome } from './password.ts';
export type { ApproveInput } from './signup-approvals.ts';
export type { SignupDeps, SignupPolicy } from './signup-deps.ts';
export { type ExecuteOutcome, INTERRUPTED } from './signup-orders.ts';
export {
  checkSignupForm,
  type QuoteInput,
  type QuoteResult,
  SIGNUP_LIMITS,
  type SignupField,
  type SignupFieldRule,
  type SignupFormValues,
  type SignupRequest,
} from './signup-quotes.ts';
export { type PriceList, SIGNUP_ID_FIELD, type SignupReads } from './signup-reads.ts';
export { SignupService } from './signup-service.ts';
