/**
 * Asking for a price: the dry run at the catalogue's price, the password
 * sealed, and the quote stored as a new row with a fresh Idempotency-Key,
 * waiting for an approval until it expires.
 */
import {
  asPerson,
  type Caller,
  type OsImage,
  type Plan,
  type SignupInput,
  WRITE,
} from '../../provider/index.ts';
import type { SignupRow, SignupState } from '../../store/index.ts';
import { ServiceError } from '../errors.ts';
import { findPeriod, findPlan, imageFitsPlan, loadCatalogue, quoteExpiry } from './catalogue.ts';
import { newKey, policyOf, type SignupDeps } from './deps.ts';
import { providerRefusal } from './failure.ts';
import { destroySecret, sealPassword } from './password.ts';

/** What the order asks for: the fields a quote, its approval and its execution all carry. */
type OrderFields = Pick<
  SignupRow,
  'planId' | 'period' | 'imageId' | 'serverName' | 'sshKeyName' | 'sshPublicKey' | 'autoRenew' | 'partnerCode'
>;

export function orderFieldsOf(r: OrderFields): OrderFields {
  return {
    planId: r.planId,
    period: r.period,
    imageId: r.imageId,
    serverName: r.serverName,
    sshKeyName: r.sshKeyName,
    sshPublicKey: r.sshPublicKey,
    autoRenew: r.autoRenew,
    partnerCode: r.partnerCode,
  };
}

/**
 * The one way a quote is made, first or after a price change: priced by a dry
 * run, the password sealed, stored as a NEW row with a fresh key (a price
 * change never re-quotes a row in place, so a click on the old message, whose
 * confirm dialog stated the old amount, can approve nothing).
 */
export async function createQuote(
  deps: SignupDeps,
  order: OrderFields & Pick<SignupRow, 'requesterId' | 'channelId' | 'locale'>,
  password: string,
  replaces?: string,
): Promise<{ row: SignupRow; plan: Plan; image: OsImage }> {
  const startedAt = deps.clock.now();
  // The plans read and the dry run are the requester's: they wait their turn at the provider like any command.
  const priced = await dryRunQuote(deps, order, password, { userId: order.requesterId });
  const expiresAt = quoteExpiry(startedAt, policyOf(deps).quoteTtlMs);
  const secretId = await sealPassword(deps, password, expiresAt);
  let row: SignupRow;
  try {
    row = await deps.store.signups.create({
      ...orderFieldsOf(order),
      requesterId: order.requesterId,
      channelId: order.channelId,
      locale: order.locale,
      quotedPrice: priced.totalPrice,
      regularPrice: priced.regularPrice,
      campaignApplied: priced.campaignApplied,
      idempotencyKey: newKey(deps),
      expiresAt,
      secretId,
    });
  } catch (err) {
    await destroySecret(deps, secretId);
    throw err;
  }
  deps.homes?.refresh('everyone', 'quote');
  await deps.audit.record({
    actor: row.requesterId,
    channelId: row.channelId,
    action: 'signup.quote',
    target: row.id,
    outcome: 'ok',
    errorCode: null,
    params: {
      planId: row.planId,
      period: row.period,
      price: row.quotedPrice,
      ...(replaces ? { replaces } : {}),
    },
  });
  deps.logger.info({ signupId: row.id, planId: row.planId, price: row.quotedPrice }, 'signup quoted');
  return { row, plan: priced.plan, image: priced.image };
}

/** The POST /v1/vps/servers body, dry run and real alike, at `price`. */
export function providerInput(r: OrderFields, password: string, price: number): SignupInput {
  const input: SignupInput = {
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
  fields: OrderFields,
  password: string,
  requester: Caller,
): Promise<PricedQuote> {
  for (let round = 0; ; round++) {
    const catalogue = await loadCatalogue(deps, { fresh: true, for: requester });
    const plan = findPlan(catalogue, fields.planId);
    const period = plan ? findPeriod(plan, fields.period) : undefined;
    const image = catalogue.images.find((i) => i.image_id === fields.imageId);
    if (!plan || !period) throw new ServiceError('provider_refused', { code: 'PLAN_NOT_AVAILABLE' });
    if (!image || !imageFitsPlan(image, plan))
      throw new ServiceError('provider_refused', { code: 'VALIDATION_ERROR' });
    try {
      const dry = await deps.provider.signupDryRun(
        providerInput(fields, password, period.total_price),
        asPerson(WRITE, requester),
      );
      const same = dry.total_price === period.total_price;
      return {
        plan,
        image,
        totalPrice: dry.total_price,
        regularPrice: same ? period.regular_total_price : null,
        campaignApplied: same ? period.campaign_applied : false,
      };
    } catch (err) {
      const e = providerRefusal(err);
      if (e.code === 'catalogue_changed' && round === 0) continue;
      throw e;
    }
  }
}

/** `expiresAt` is already no later than the 00:00 JST after the quote (see quoteExpiry). */
export function isExpired(row: Pick<SignupRow, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= row.expiresAt.getTime();
}

/** Ends a quote (or an approval not yet run) that outlived its price; null when another caller moved it first. */
export async function expireRow(
  deps: SignupDeps,
  row: SignupRow,
  from: readonly SignupState[],
): Promise<SignupRow | null> {
  const r = await deps.store.signups.transition(row.id, from, 'expired', { secretId: null });
  if (!r.won) return null;
  if (from.includes('quoted')) deps.homes?.refresh('everyone', 'quote decided');
  else deps.homes?.refresh([row.requesterId], 'order');
  await destroySecret(deps, row.secretId);
  await deps.audit.record({
    actor: 'system',
    channelId: row.channelId,
    action: 'signup.expire',
    target: row.id,
    outcome: 'ok',
    errorCode: null,
  });
  return r.row;
}
