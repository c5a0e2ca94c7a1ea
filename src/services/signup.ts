/**
 * Paid VPS signup, exactly once (DESIGN.md "Paid signup, exactly once").
 *
 *   quoted -> approved -> executing -> submitted | active
 *   exits: rejected, expired, price_changed, failed, unknown (-> executing again)
 *
 * Every move is one conditional UPDATE in the store (`transition`), so a
 * second click, a second replica or a retried Slack delivery loses the race
 * and is told who won. Money moves only in `attempt`, with the row's own
 * Idempotency-Key and `expected_total_price` = the price the approver saw.
 *
 * The root password lives sealed in the store while the quote waits, is
 * registered with the log scrubber whenever it is in memory, and is destroyed
 * as soon as the outcome is definite or the quote expires. No function here
 * puts it in a log line, an audit entry, an error or a return value, except
 * `quoteSignup`'s `generatedPassword`, which the caller shows to the requester
 * alone, once.
 *
 * Where this goes beyond DESIGN.md, and why:
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
 *   never finished) are picked up by `recoverUnknown` with the same key.
 */
import { generateRootPassword } from './password-generator.ts';
import {
  type Catalogue,
  catalogueOf,
  findPeriod,
  findPlan,
  imageFitsPlan,
  jstDay,
  quoteExpiry,
} from './signup-catalogue.ts';
import { classifySignupFailure, SignupError, type SignupFailure } from './signup-errors.ts';
import type { SignupRequest } from './signup-form.ts';
import type {
  OsImage,
  Plan,
  ProviderSignupInput,
  ProviderSignupStatus,
  Role,
  SecretSink,
  SignupAccessPort,
  SignupLogger,
  SignupPatch,
  SignupProviderPort,
  SignupRow,
  SignupState,
  SignupStorePort,
} from './signup-ports.ts';
import { roleAtLeast } from './signup-ports.ts';

export const SECRET_PURPOSE = 'signup.root_password';

export interface SignupPolicy {
  /** May the requester approve their own signup? Default false. */
  allowSelfApproval?: boolean;
  /** Longest life of a quote; it also ends at 00:00 JST. Default 30 minutes. */
  quoteTtlMs?: number;
  /**
   * How long a sealed password outlives its quote, so an order in `unknown`
   * can still be retried with the very same body. Default 7 days.
   */
  secretGraceMs?: number;
  /** First re-check of an `unknown` order; doubles per attempt up to `recheckMaxMs`. Default 30 s. */
  recheckMs?: number;
  recheckMaxMs?: number;
  /** An `executing` row older than this is presumed orphaned (crashed replica) and re-checked. Default 10 min. */
  staleExecutingMs?: number;
  /** An `approved` row not claimed for this long is run by the sweep (its click handler died). Default 1 min. */
  staleApprovedMs?: number;
  /** How long a read catalogue is reused for the modal. Default 5 minutes, never across a JST day. */
  catalogueTtlMs?: number;
}

export interface SignupDeps {
  provider: SignupProviderPort;
  store: SignupStorePort;
  access: SignupAccessPort;
  clock: { now(): Date };
  logger: SignupLogger;
  /** The logger's SecretRegistry: every password in memory is registered here. */
  secrets: SecretSink;
  policy?: SignupPolicy;
  /** Fresh Idempotency-Keys; default crypto.randomUUID (36 characters, within the provider's 8 to 64). */
  newKey?: () => string;
}

const DEFAULTS = {
  allowSelfApproval: false,
  quoteTtlMs: 30 * 60_000,
  secretGraceMs: 7 * 24 * 3_600_000,
  recheckMs: 30_000,
  recheckMaxMs: 10 * 60_000,
  staleExecutingMs: 10 * 60_000,
  staleApprovedMs: 60_000,
  catalogueTtlMs: 5 * 60_000,
} satisfies Required<SignupPolicy>;

/** The role asking for (or approving) an order needs; never below operator / approver. */
function neededRole(deps: SignupDeps, action: 'signup' | 'approve'): Role {
  const floor: Role = action === 'signup' ? 'operator' : 'approver';
  const wanted = deps.access.needs?.(action) ?? floor;
  return roleAtLeast(wanted, floor) ? wanted : floor;
}

function policyOf(deps: SignupDeps): Required<SignupPolicy> {
  return { ...DEFAULTS, ...deps.policy };
}

// ---------------------------------------------------------------- catalogue

const catalogueCache = new WeakMap<SignupDeps, { at: Date; catalogue: Catalogue }>();

/**
 * Plans and images for the modal. Cached briefly (prices change only at
 * 00:00 JST, so never across that); the quote itself always reads fresh.
 * `anyAgeToday` takes the cached one whatever its age, for checking a form
 * inside Slack's 3 seconds: the dry run that follows has the last word.
 */
export async function loadCatalogue(
  deps: SignupDeps,
  opts: { fresh?: boolean; anyAgeToday?: boolean } = {},
): Promise<Catalogue> {
  const now = deps.clock.now();
  const hit = catalogueCache.get(deps);
  if (
    !opts.fresh &&
    hit &&
    (opts.anyAgeToday || now.getTime() - hit.at.getTime() < policyOf(deps).catalogueTtlMs) &&
    jstDay(hit.at) === jstDay(now)
  ) {
    return hit.catalogue;
  }
  let answer: Awaited<ReturnType<SignupProviderPort['plans']>>;
  try {
    answer = await deps.provider.plans();
  } catch (err) {
    throw providerError(err);
  }
  const catalogue = catalogueOf(answer);
  catalogueCache.set(deps, { at: now, catalogue });
  return catalogue;
}

function providerError(err: unknown): SignupError {
  const f = classifySignupFailure(err);
  if (f.kind === 'refused') return new SignupError('provider_refused', { code: f.code });
  if (f.kind === 'in_process') return new SignupError('provider_refused', { code: 'DUPLICATE_REQUEST' });
  if (f.kind === 'price_mismatch') return new SignupError('catalogue_changed', { code: 'PRICE_MISMATCH' });
  return new SignupError('provider_unreachable', { code: f.code });
}

/** Plan and image of a row for display, from the cached catalogue; undefined when not at hand. */
export async function describeRow(
  deps: SignupDeps,
  row: SignupRow,
): Promise<{ plan: Plan | undefined; image: OsImage | undefined }> {
  try {
    const c = await loadCatalogue(deps);
    return { plan: findPlan(c, row.planId), image: c.images.find((i) => i.image_id === row.imageId) };
  } catch {
    // Display only: the row itself carries everything that matters.
    return { plan: undefined, image: undefined };
  }
}

// ---------------------------------------------------------------- quote

/** Whether a user may ask for a quote here (operator or above, allowed channel); for not opening the form in vain. */
export async function mayRequestSignup(
  deps: SignupDeps,
  userId: string,
  channelId: string,
): Promise<SignupError | null> {
  if (deps.access.channelAllowed && !deps.access.channelAllowed(channelId))
    return new SignupError('channel_not_allowed');
  const role = await deps.access.roleOf(userId);
  const needed = neededRole(deps, 'signup');
  return roleAtLeast(role, needed) ? null : new SignupError('role_required', { role: needed, yours: role });
}

export interface QuoteInput {
  request: SignupRequest;
  requesterId: string;
  channelId: string;
  locale: string | null;
}

export interface QuoteResult {
  row: SignupRow;
  plan: Plan;
  image: OsImage;
  /** Set only when the bot generated the password: show it to the requester alone, once. */
  generatedPassword: string | null;
}

function providerInput(
  r: Pick<
    SignupRow,
    | 'planId'
    | 'period'
    | 'imageId'
    | 'serverName'
    | 'sshKeyName'
    | 'sshPublicKey'
    | 'autoRenew'
    | 'partnerCode'
  >,
  password: string,
  price: number,
): ProviderSignupInput {
  const input: ProviderSignupInput = {
    plan_id: r.planId,
    period: r.period,
    image_id: r.imageId,
    root_password: password,
    expected_total_price: price,
    // Only a request whose requester ticked the terms box in the modal gets here.
    agree_to_terms: true,
    auto_renew: r.autoRenew,
  };
  if (r.serverName !== null) input.name = r.serverName;
  if (r.sshKeyName !== null) input.ssh_key_name = r.sshKeyName;
  if (r.sshPublicKey !== null) input.ssh_public_key = r.sshPublicKey;
  if (r.partnerCode !== null) input.partner_code = r.partnerCode;
  return input;
}

interface PricedQuote {
  plan: Plan;
  image: OsImage;
  totalPrice: number;
  regularPrice: number | null;
  campaignApplied: boolean;
}

/**
 * Dry run at the catalogue's price. A PRICE_MISMATCH here means the day turned
 * in Japan between reading the plans and the dry run: read again, once.
 */
async function dryRunQuote(
  deps: SignupDeps,
  fields: Parameters<typeof providerInput>[0],
  password: string,
): Promise<PricedQuote> {
  for (let round = 0; ; round++) {
    const catalogue = await loadCatalogue(deps, { fresh: true });
    const plan = findPlan(catalogue, fields.planId);
    const period = plan ? findPeriod(plan, fields.period) : undefined;
    const image = catalogue.images.find((i) => i.image_id === fields.imageId);
    if (!plan || !period) throw new SignupError('provider_refused', { code: 'PLAN_NOT_AVAILABLE' });
    if (!image || !imageFitsPlan(image, plan))
      throw new SignupError('provider_refused', { code: 'VALIDATION_ERROR' });
    try {
      const dry = await deps.provider.signupDryRun(providerInput(fields, password, period.total_price));
      const same = dry.total_price === period.total_price;
      return {
        plan,
        image,
        totalPrice: dry.total_price,
        regularPrice: same ? period.regular_total_price : null,
        campaignApplied: same ? period.campaign_applied : false,
      };
    } catch (err) {
      const e = providerError(err);
      if (e.code === 'catalogue_changed' && round === 0) continue;
      throw e;
    }
  }
}

export async function quoteSignup(deps: SignupDeps, input: QuoteInput): Promise<QuoteResult> {
  const { request, requesterId, channelId } = input;
  if (deps.access.channelAllowed && !deps.access.channelAllowed(channelId)) {
    await audit(deps, requesterId, channelId, 'signup.quote', null, 'refused', 'channel_not_allowed');
    throw new SignupError('channel_not_allowed');
  }
  const role = await deps.access.roleOf(requesterId);
  const needed = neededRole(deps, 'signup');
  if (!roleAtLeast(role, needed)) {
    await audit(deps, requesterId, channelId, 'signup.quote', null, 'refused', 'role_required');
    throw new SignupError('role_required', { role: needed, yours: role });
  }
  const startedAt = deps.clock.now();
  const password = request.rootPassword ?? generateRootPassword();
  deps.secrets.add(password);
  const fields = {
    planId: request.planId,
    period: request.period,
    imageId: request.imageId,
    serverName: request.serverName,
    sshKeyName: request.sshKeyName,
    sshPublicKey: request.sshPublicKey,
    autoRenew: request.autoRenew,
    partnerCode: request.partnerCode,
  };
  let priced: PricedQuote;
  try {
    priced = await dryRunQuote(deps, fields, password);
  } catch (err) {
    // The password stays registered: a failed request may still be logged by someone upstream.
    const code = err instanceof SignupError ? String(err.params.code ?? err.code) : 'INTERNAL';
    await audit(deps, requesterId, channelId, 'signup.quote', null, 'failed', code, {
      planId: request.planId,
      period: request.period,
    });
    throw err;
  }
  const p = policyOf(deps);
  const expiresAt = quoteExpiry(startedAt, p.quoteTtlMs);
  const secretId = await deps.store.secrets.seal(password, {
    purpose: SECRET_PURPOSE,
    expiresAt: new Date(expiresAt.getTime() + p.secretGraceMs),
  });
  let row: SignupRow;
  try {
    row = await deps.store.signups.create({
      ...fields,
      quotedPrice: priced.totalPrice,
      regularPrice: priced.regularPrice,
      campaignApplied: priced.campaignApplied,
      idempotencyKey: newKey(deps),
      requesterId,
      channelId,
      locale: input.locale,
      expiresAt,
      secretId,
    });
  } catch (err) {
    await destroySecret(deps, secretId);
    throw err;
  }
  await audit(deps, requesterId, channelId, 'signup.quote', row.id, 'ok', null, {
    planId: row.planId,
    period: row.period,
    price: row.quotedPrice,
  });
  deps.logger.info({ signupId: row.id, planId: row.planId, price: row.quotedPrice }, 'signup quoted');
  return {
    row,
    plan: priced.plan,
    image: priced.image,
    generatedPassword: request.rootPassword === null ? password : null,
  };
}

function newKey(deps: SignupDeps): string {
  return deps.newKey ? deps.newKey() : crypto.randomUUID();
}

/** Remembers where the approval message is, so later steps update it in place. */
export async function attachMessage(
  deps: SignupDeps,
  id: string,
  where: { messageTs: string; threadTs?: string },
): Promise<void> {
  await deps.store.signups.setMessage(id, {
    messageTs: where.messageTs,
    threadTs: where.threadTs ?? where.messageTs,
  });
}

// ---------------------------------------------------------------- approve / reject

export type ApproveResult =
  | { kind: 'approved'; row: SignupRow }
  | { kind: 'already_handled'; row: SignupRow }
  | { kind: 'forbidden'; role: Role }
  | { kind: 'self_approval'; row: SignupRow }
  | { kind: 'expired'; row: SignupRow }
  | { kind: 'stale'; row: SignupRow }
  | { kind: 'not_found' };

export interface ApproveInput {
  id: string;
  approverId: string;
  channelId?: string;
  /** The amount the clicked button's confirm dialog stated. */
  shownPrice?: number;
}

/**
 * Checks at click time (live role, self-approval, expiry incl. the JST day),
 * then one conditional UPDATE quoted -> approved decides between concurrent clicks.
 */
export async function approveSignup(deps: SignupDeps, input: ApproveInput): Promise<ApproveResult> {
  const { id, approverId } = input;
  const row = await deps.store.signups.get(id);
  if (!row) return { kind: 'not_found' };
  const channelId = input.channelId ?? row.channelId;
  const role = await deps.access.roleOf(approverId);
  if (!roleAtLeast(role, neededRole(deps, 'approve'))) {
    await audit(deps, approverId, channelId, 'signup.approve', id, 'refused', 'role_required');
    return { kind: 'forbidden', role };
  }
  if (row.state !== 'quoted') return { kind: 'already_handled', row };
  if (input.shownPrice !== undefined && input.shownPrice !== row.quotedPrice) {
    await audit(deps, approverId, channelId, 'signup.approve', id, 'refused', 'stale_price');
    return { kind: 'stale', row };
  }
  if (row.requesterId === approverId && !policyOf(deps).allowSelfApproval) {
    await audit(deps, approverId, channelId, 'signup.approve', id, 'refused', 'self_approval');
    return { kind: 'self_approval', row };
  }
  const now = deps.clock.now();
  if (isExpired(row, now)) {
    const expired = await expireRow(deps, row, ['quoted']);
    if (expired) return { kind: 'expired', row: expired };
    const again = await deps.store.signups.get(id);
    return again ? { kind: 'already_handled', row: again } : { kind: 'not_found' };
  }
  // The store re-checks the expiry inside the same UPDATE, so a click racing 00:00 JST cannot slip through.
  const r = await deps.store.signups.transition(
    id,
    ['quoted'],
    'approved',
    { approverId },
    { unexpired: true },
  );
  if (!r.won) {
    if (r.row?.state === 'quoted') {
      const expired = await expireRow(deps, r.row, ['quoted']);
      if (expired) return { kind: 'expired', row: expired };
    }
    const current = r.row ?? (await deps.store.signups.get(id));
    return current ? { kind: 'already_handled', row: current } : { kind: 'not_found' };
  }
  await audit(deps, approverId, channelId, 'signup.approve', id, 'ok', null, { price: r.row.quotedPrice });
  deps.logger.info({ signupId: id, approverId, price: r.row.quotedPrice }, 'signup approved');
  return { kind: 'approved', row: r.row };
}

/** `expiresAt` is already no later than the 00:00 JST after the quote (see quoteExpiry). */
export function isExpired(row: Pick<SignupRow, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= row.expiresAt.getTime();
}

export type RejectResult =
  | { kind: 'rejected'; row: SignupRow }
  | { kind: 'already_handled'; row: SignupRow }
  | { kind: 'forbidden'; role: Role }
  | { kind: 'not_found' };

/** An approver may reject; the requester may withdraw their own request. */
export async function rejectSignup(
  deps: SignupDeps,
  input: { id: string; userId: string; channelId?: string },
): Promise<RejectResult> {
  const row = await deps.store.signups.get(input.id);
  if (!row) return { kind: 'not_found' };
  const channelId = input.channelId ?? row.channelId;
  if (row.requesterId !== input.userId) {
    const role = await deps.access.roleOf(input.userId);
    if (!roleAtLeast(role, neededRole(deps, 'approve'))) {
      await audit(deps, input.userId, channelId, 'signup.reject', row.id, 'refused', 'role_required');
      return { kind: 'forbidden', role };
    }
  }
  const r = await deps.store.signups.transition(row.id, ['quoted'], 'rejected', {
    approverId: input.userId,
    secretId: null,
  });
  if (!r.won) {
    const current = r.row ?? (await deps.store.signups.get(row.id));
    return current ? { kind: 'already_handled', row: current } : { kind: 'not_found' };
  }
  await destroySecret(deps, row.secretId);
  await audit(deps, input.userId, channelId, 'signup.reject', row.id, 'ok', null);
  return { kind: 'rejected', row: r.row };
}

// ---------------------------------------------------------------- execute

export type ExecuteOutcome =
  /** Paid: `active`, `building` or `setup_pending`. */
  | { kind: 'done'; row: SignupRow; status: ProviderSignupStatus }
  /** Not paid: the price moved. `requote` is the new quote awaiting a new approval (null when none could be made). */
  | {
      kind: 'price_changed';
      row: SignupRow;
      oldPrice: number;
      requote: SignupRow | null;
      requoteError: string | null;
    }
  /** Not paid: refused with `code`. */
  | { kind: 'failed'; row: SignupRow; code: string }
  /** Maybe paid: being checked again with the same key. `code`: what happened (NETWORK, DUPLICATE_REQUEST, 5xx code, …). */
  | { kind: 'unknown'; row: SignupRow; code: string }
  /** The approval came too late (the quote had expired); not paid. */
  | { kind: 'expired'; row: SignupRow }
  /** Another caller is executing or has executed it. */
  | { kind: 'not_executable'; row: SignupRow | null };

/** Runs an approved order: approved -> executing by one conditional UPDATE, then the real POST. */
export async function executeSignup(deps: SignupDeps, id: string): Promise<ExecuteOutcome> {
  const row = await deps.store.signups.get(id);
  if (row?.state !== 'approved') return { kind: 'not_executable', row };
  if (isExpired(row, deps.clock.now())) {
    const expired = await expireRow(deps, row, ['approved']);
    if (expired) return { kind: 'expired', row: expired };
    return { kind: 'not_executable', row: await deps.store.signups.get(id) };
  }
  const claim = await deps.store.signups.transition(id, ['approved'], 'executing', {
    attempts: row.attempts + 1,
  });
  if (!claim.won) return { kind: 'not_executable', row: claim.row };
  return attempt(deps, claim.row, 'approval');
}

/**
 * Re-asks the provider for `unknown` orders that are due, with the same key and
 * the same body; returns orphaned `executing` rows (a replica that died
 * mid-request) to `unknown` first, and runs approvals nobody ran (a replica
 * that died between approving and ordering). Safe on every replica at once.
 */
export async function recoverUnknown(deps: SignupDeps, limit = 20): Promise<ExecuteOutcome[]> {
  const p = policyOf(deps);
  const now = deps.clock.now();
  for (const row of await deps.store.signups.listByState(['executing'], { limit })) {
    if (now.getTime() - row.updatedAt.getTime() >= p.staleExecutingMs) {
      await deps.store.signups.transition(row.id, ['executing'], 'unknown', {
        errorCode: row.errorCode ?? 'ORPHANED',
        nextCheckAt: now,
      });
    }
  }
  const outcomes: ExecuteOutcome[] = [];
  // Approved but never claimed: the clicking replica died between the two steps.
  // Running it here races a live click handler only through the same conditional UPDATE.
  for (const row of await deps.store.signups.listByState(['approved'], { limit })) {
    if (now.getTime() - row.updatedAt.getTime() < p.staleApprovedMs) continue;
    const o = await executeSignup(deps, row.id);
    if (o.kind !== 'not_executable') outcomes.push(o);
  }
  for (const row of await deps.store.signups.listByState(['unknown'], { dueBefore: now, limit })) {
    // A null nextCheckAt means "a person must check"; see attempt().
    if (row.nextCheckAt === null) continue;
    const claim = await deps.store.signups.transition(row.id, ['unknown'], 'executing', {
      attempts: row.attempts + 1,
    });
    if (!claim.won) continue;
    outcomes.push(await attempt(deps, claim.row, 'recovery'));
  }
  return outcomes;
}

async function attempt(
  deps: SignupDeps,
  row: SignupRow,
  origin: 'approval' | 'recovery',
): Promise<ExecuteOutcome> {
  const password = row.secretId ? await deps.store.secrets.open(row.secretId) : null;
  if (password === null) {
    if (origin === 'approval') {
      // Nothing was sent: without the password there is no request to make.
      return finishFailed(deps, row, 'SECRET_GONE');
    }
    // A retry needs the very same body. Without it only a person can check the panel.
    const r = await finish(deps, row, 'unknown', { errorCode: 'NEEDS_MANUAL_CHECK', nextCheckAt: null });
    return { kind: 'unknown', row: r ?? row, code: 'NEEDS_MANUAL_CHECK' };
  }
  deps.secrets.add(password);
  let failure: SignupFailure;
  try {
    const res = await deps.provider.signup(providerInput(row, password, row.quotedPrice), row.idempotencyKey);
    const status = providerStatusOf(res.server.status);
    const done = await finish(deps, row, status === 'active' ? 'active' : 'submitted', {
      providerServiceId: res.server.id,
      providerStatus: status,
      uuid: typeof res.server.uuid === 'string' ? res.server.uuid : null,
      errorCode: null,
      secretId: null,
      nextCheckAt: status === 'active' ? null : deps.clock.now(),
    });
    await forget(deps, row.secretId, password);
    await auditExecute(deps, row, 'ok', null, {
      price: row.quotedPrice,
      providerServiceId: res.server.id,
      status,
    });
    deps.logger.info({ signupId: row.id, providerServiceId: res.server.id, status }, 'signup paid');
    return { kind: 'done', row: done ?? row, status };
  } catch (err) {
    failure = classifySignupFailure(err);
    deps.logger.warn(
      {
        signupId: row.id,
        origin,
        failure: failure.kind,
        code: 'code' in failure ? failure.code : failure.kind,
      },
      'signup not completed',
    );
  }
  switch (failure.kind) {
    case 'refused': {
      await forget(deps, row.secretId, password);
      return finishFailed(deps, row, failure.code);
    }
    case 'price_mismatch':
      return priceChanged(deps, row, password, origin);
    case 'in_process':
    case 'indeterminate': {
      const code = failure.kind === 'in_process' ? 'DUPLICATE_REQUEST' : failure.code;
      const r = await finish(deps, row, 'unknown', {
        errorCode: code,
        nextCheckAt: nextCheck(deps, row.attempts),
      });
      await auditExecute(deps, row, 'failed', code, { state: 'unknown' });
      return { kind: 'unknown', row: r ?? row, code };
    }
  }
}

function providerStatusOf(status: string): ProviderSignupStatus {
  if (status === 'active' || status === 'building' || status === 'setup_pending') return status;
  // An undocumented status still means "signed up and paid" (the POST answered 200): track it.
  return 'building';
}

function nextCheck(deps: SignupDeps, attempts: number): Date {
  const p = policyOf(deps);
  const delay = Math.min(p.recheckMs * 2 ** Math.max(0, attempts - 1), p.recheckMaxMs);
  return new Date(deps.clock.now().getTime() + delay);
}

/** Ends an attempt; the row may have been moved to `unknown` meanwhile by the orphan sweep. */
async function finish(
  deps: SignupDeps,
  row: SignupRow,
  to: SignupState,
  patch: SignupPatch,
): Promise<SignupRow | null> {
  const r = await deps.store.signups.transition(row.id, ['executing', 'unknown'], to, patch);
  if (!r.won)
    deps.logger.warn({ signupId: row.id, to, now: r.row?.state }, 'signup outcome already recorded');
  return r.won ? r.row : r.row;
}

/** The audit line of an order's execution, under the approver's name (else the requester's). */
function auditExecute(
  deps: SignupDeps,
  row: SignupRow,
  outcome: 'ok' | 'failed',
  code: string | null,
  params?: Record<string, unknown>,
): Promise<void> {
  return audit(
    deps,
    row.approverId ?? row.requesterId,
    row.channelId,
    'signup.execute',
    row.id,
    outcome,
    code,
    params,
  );
}

async function finishFailed(deps: SignupDeps, row: SignupRow, code: string): Promise<ExecuteOutcome> {
  const r = await finish(deps, row, 'failed', { errorCode: code, secretId: null, nextCheckAt: null });
  await destroySecret(deps, row.secretId);
  await auditExecute(deps, row, 'failed', code);
  return { kind: 'failed', row: r ?? row, code };
}

/**
 * PRICE_MISMATCH: nothing was paid. The row ends in `price_changed` and a new
 * quote (new row, new key, the password re-sealed) asks for a new approval; the
 * old buttons then point at a finished row and can approve nothing.
 * After an `unknown` no new quote is made on our own: the earlier attempt's
 * fate rests on the provider's idempotency, and a second order must be a
 * person's decision.
 */
async function priceChanged(
  deps: SignupDeps,
  row: SignupRow,
  password: string,
  origin: 'approval' | 'recovery',
): Promise<ExecuteOutcome> {
  const ended = await finish(deps, row, 'price_changed', {
    errorCode: 'PRICE_MISMATCH',
    secretId: null,
    nextCheckAt: null,
  });
  await auditExecute(deps, row, 'failed', 'PRICE_MISMATCH', { price: row.quotedPrice });
  let requote: SignupRow | null = null;
  let requoteError: string | null = origin === 'recovery' ? 'AFTER_UNKNOWN' : null;
  if (ended?.state === 'price_changed' && origin === 'approval') {
    try {
      const priced = await dryRunQuote(deps, row, password);
      const p = policyOf(deps);
      const expiresAt = quoteExpiry(deps.clock.now(), p.quoteTtlMs);
      const secretId = await deps.store.secrets.seal(password, {
        purpose: SECRET_PURPOSE,
        expiresAt: new Date(expiresAt.getTime() + p.secretGraceMs),
      });
      requote = await deps.store.signups.create({
        planId: row.planId,
        period: row.period,
        imageId: row.imageId,
        serverName: row.serverName,
        sshKeyName: row.sshKeyName,
        sshPublicKey: row.sshPublicKey,
        autoRenew: row.autoRenew,
        partnerCode: row.partnerCode,
        quotedPrice: priced.totalPrice,
        regularPrice: priced.regularPrice,
        campaignApplied: priced.campaignApplied,
        idempotencyKey: newKey(deps),
        requesterId: row.requesterId,
        channelId: row.channelId,
        locale: row.locale,
        expiresAt,
        secretId,
      });
      await audit(deps, row.requesterId, row.channelId, 'signup.quote', requote.id, 'ok', null, {
        price: requote.quotedPrice,
        replaces: row.id,
      });
    } catch (err) {
      requoteError = err instanceof SignupError ? String(err.params.code ?? err.code) : 'INTERNAL';
    }
  }
  await forget(deps, row.secretId, password);
  return { kind: 'price_changed', row: ended ?? row, oldPrice: row.quotedPrice, requote, requoteError };
}

// ---------------------------------------------------------------- expiry, listing

async function expireRow(
  deps: SignupDeps,
  row: SignupRow,
  from: readonly SignupState[],
): Promise<SignupRow | null> {
  const r = await deps.store.signups.transition(row.id, from, 'expired', { secretId: null });
  if (!r.won) return null;
  await destroySecret(deps, row.secretId);
  await audit(deps, 'system', row.channelId, 'signup.expire', row.id, 'ok', null);
  return r.row;
}

/** Quotes (and approvals not yet executed) past their expiry or their JST day become `expired`. */
export async function expireDue(deps: SignupDeps, limit = 200): Promise<SignupRow[]> {
  const now = deps.clock.now();
  const out: SignupRow[] = [];
  for (const row of await deps.store.signups.listByState(['quoted', 'approved'], { limit })) {
    if (!isExpired(row, now)) continue;
    const expired = await expireRow(deps, row, [row.state]);
    if (expired) out.push(expired);
  }
  // Passwords no row points at any more (a crash between sealing and storing the quote).
  await deps.store.secrets.destroyExpired?.(now);
  return out;
}

export async function listSignups(
  deps: SignupDeps,
  opts: { channelId?: string; limit?: number } = {},
): Promise<SignupRow[]> {
  return deps.store.signups.listRecent({
    limit: opts.limit ?? 20,
    ...(opts.channelId !== undefined ? { channelId: opts.channelId } : {}),
  });
}

export async function getSignup(deps: SignupDeps, id: string): Promise<SignupRow | null> {
  return deps.store.signups.get(id);
}

// ---------------------------------------------------------------- helpers

async function destroySecret(deps: SignupDeps, secretId: string | null): Promise<void> {
  if (secretId === null) return;
  try {
    await deps.store.secrets.destroy(secretId);
  } catch (err) {
    // Expiry destroys it anyway; the row no longer points at it.
    deps.logger.warn({ secretId, err: errName(err) }, 'could not destroy a sealed password');
  }
}

async function forget(deps: SignupDeps, secretId: string | null, password: string): Promise<void> {
  await destroySecret(deps, secretId);
  deps.secrets.delete(password);
}

function errName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

async function audit(
  deps: SignupDeps,
  actor: string,
  channelId: string,
  action: string,
  target: string | null,
  outcome: 'ok' | 'refused' | 'failed',
  errorCode: string | null,
  params?: Record<string, unknown>,
): Promise<void> {
  try {
    await deps.store.audit.append({
      actor,
      channelId,
      action,
      target,
      outcome,
      errorCode,
      ...(params ? { params } : {}),
    });
  } catch (err) {
    deps.logger.error({ action, target, err: errName(err) }, 'audit append failed');
  }
}
