/**
 * Asking for a price: the order form checked by the spec's rules, whether
 * this person may order here, the quote itself (the dry run at the
 * catalogue's price, the password sealed, a new row with a fresh
 * Idempotency-Key waiting for an approval until it expires), the catalogue
 * the order form shows, and where the approval message lives.
 */
import { randomUUID } from 'node:crypto';
import {
  asPerson,
  type Caller,
  LIMITS,
  type OsImage,
  type Plan,
  type SignupInput,
  type ValidationIssue,
  validatePartnerCode,
  validateRootPassword,
  validateServerName,
  validateSshKeyName,
  validateSshPublicKey,
  WRITE,
} from '../../provider/index.ts';
import type { SignupRow, SignupState } from '../../store/index.ts';
import { changeOutcome, ServiceError } from '../errors.ts';
import type { FieldProblem } from '../field-problem.ts';
import {
  type Catalogue,
  type CatalogueOptions,
  describeRow,
  findPeriod,
  findPlan,
  imageFitsPlan,
  loadCatalogue,
  quoteExpiry,
} from './catalogue.ts';
import { destroySecret, generateRootPassword, sealPassword } from './password.ts';
import { newKey, policyOf, providerRefusal, quoteFailureCode, type SignupDeps } from './signup-deps.ts';

// The order form, checked by the spec's rules (docs/provider-api.md, Signup body) before anything
// is sent, so every mistake lands on its own field. Field names are the provider's; the words are
// the catalog's `signup.field.<rule>`.

const SIGNUP_FIELDS = [
  'plan_id',
  'period',
  'image_id',
  'name',
  'ssh_key_name',
  'ssh_public_key',
  'root_password',
  'auto_renew',
  'partner_code',
  'agree_to_terms',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

export type SignupFieldRule =
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'charset'
  | 'control_character'
  | 'kinds'
  | 'forbidden_char'
  | 'half_width'
  | 'ssh_format'
  | 'key_name_needed'
  | 'plan_unknown'
  | 'period_unknown'
  | 'image_unknown'
  | 'image_too_big'
  | 'terms';

/** The modal's values as Slack hands them over: strings, or undefined when left empty. */
export interface SignupFormValues {
  plan_id?: string | undefined;
  period?: string | undefined;
  image_id?: string | undefined;
  name?: string | undefined;
  ssh_key_name?: string | undefined;
  ssh_public_key?: string | undefined;
  /** Empty: the bot generates one. */
  root_password?: string | undefined;
  auto_renew: boolean;
  partner_code?: string | undefined;
  agree_to_terms: boolean;
}

export interface SignupRequest {
  planId: string;
  period: number;
  imageId: string;
  serverName: string | null;
  sshKeyName: string | null;
  sshPublicKey: string | null;
  /** Null: generate one. */
  rootPassword: string | null;
  autoRenew: boolean;
  partnerCode: string | null;
}

export const SIGNUP_LIMITS = {
  rootPasswordMin: LIMITS.rootPasswordMin,
  rootPasswordMax: LIMITS.rootPasswordMax,
  serverNameMax: LIMITS.serverNameMax,
  partnerCodeMax: LIMITS.partnerCodeMax,
  // The spec sets no length for the key name nor for the public key; these caps are the
  // form's. Slack refuses a view whose plain_text_input max_length is over 3000 (the form
  // asks one over the cap), and a 16384-bit RSA key (about 2,800 characters) still fits.
  sshKeyNameMax: 2999,
  sshPublicKeyMax: 2999,
} as const;

const blank = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v;
const codePoints = (s: string): number => [...s].length;

// The spec's rules live once, in the provider client's validators; the form
// names their rules in its own words (the catalog's `signup.rule.*` keys).
const RULE_OF: Readonly<Record<string, SignupFieldRule>> = {
  required: 'required',
  min_length: 'too_short',
  max_length: 'too_long',
  charset: 'charset',
  character_kinds: 'kinds',
  forbidden_character: 'forbidden_char',
  full_width: 'half_width',
  format: 'ssh_format',
  control_character: 'control_character',
};

function rulesOf(issues: readonly ValidationIssue[]): SignupFieldRule[] {
  return issues.map((i) => RULE_OF[i.rule] ?? 'charset');
}

export function checkRootPassword(value: string): SignupFieldRule[] {
  return rulesOf(validateRootPassword(value));
}

/** The spec's rule for a key name is only that it is given with a public key: the rest is the provider's. */
function checkSshKeyName(value: string): SignupFieldRule[] {
  if (codePoints(value) > SIGNUP_LIMITS.sshKeyNameMax) return ['too_long'];
  return rulesOf(validateSshKeyName(value));
}

function checkSshPublicKey(value: string): SignupFieldRule[] {
  if (codePoints(value) > SIGNUP_LIMITS.sshPublicKeyMax) return ['too_long'];
  return rulesOf(validateSshPublicKey(value));
}

export type SignupFormResult =
  | { ok: true; request: SignupRequest }
  | { ok: false; problems: FieldProblem<SignupField, SignupFieldRule>[] };

/** Every rule of the spec plus the catalogue's (period of that plan, image that fits its memory). */
export function checkSignupForm(form: SignupFormValues, catalogue: Catalogue): SignupFormResult {
  const problems: FieldProblem<SignupField, SignupFieldRule>[] = [];
  const add = (field: SignupField, rule: SignupFieldRule, limit?: number): void => {
    problems.push(limit === undefined ? { field, rule } : { field, rule, limit });
  };

  const planId = blank(form.plan_id);
  const plan = findPlan(catalogue, planId);
  if (planId === undefined) add('plan_id', 'required');
  else if (!plan) add('plan_id', 'plan_unknown');

  const periodText = blank(form.period);
  const months = periodText !== undefined && /^\d{1,3}$/.test(periodText) ? Number(periodText) : undefined;
  if (periodText === undefined) add('period', 'required');
  else if (months === undefined || (plan && !findPeriod(plan, months))) add('period', 'period_unknown');

  const imageId = blank(form.image_id);
  const image = imageId === undefined ? undefined : catalogue.images.find((i) => i.image_id === imageId);
  if (imageId === undefined) add('image_id', 'required');
  else if (!image) add('image_id', 'image_unknown');
  else if (plan && !imageFitsPlan(image, plan)) add('image_id', 'image_too_big', image.minimum_memory_mb);

  const name = blank(form.name)?.trim();
  if (name !== undefined) {
    for (const rule of rulesOf(validateServerName(name)))
      add('name', rule, rule === 'too_long' ? SIGNUP_LIMITS.serverNameMax : undefined);
  }

  const sshKeyName = blank(form.ssh_key_name)?.trim();
  const sshPublicKey = blank(form.ssh_public_key)?.trim();
  if (sshKeyName !== undefined) {
    for (const rule of checkSshKeyName(sshKeyName))
      add('ssh_key_name', rule, rule === 'too_long' ? SIGNUP_LIMITS.sshKeyNameMax : undefined);
  }
  if (sshPublicKey !== undefined) {
    for (const rule of checkSshPublicKey(sshPublicKey))
      add('ssh_public_key', rule, rule === 'too_long' ? SIGNUP_LIMITS.sshPublicKeyMax : undefined);
    if (sshKeyName === undefined) add('ssh_key_name', 'key_name_needed');
  }

  // Not trimmed: spaces would be part of the password (whether one may be is the provider's call).
  const rootPassword =
    form.root_password === undefined || form.root_password === '' ? undefined : form.root_password;
  if (rootPassword !== undefined) {
    for (const rule of checkRootPassword(rootPassword)) {
      const limit =
        rule === 'too_short'
          ? SIGNUP_LIMITS.rootPasswordMin
          : rule === 'too_long'
            ? SIGNUP_LIMITS.rootPasswordMax
            : undefined;
      add('root_password', rule, limit);
    }
  }

  const partnerCode = blank(form.partner_code)?.trim();
  if (partnerCode !== undefined) {
    for (const rule of rulesOf(validatePartnerCode(partnerCode)))
      add('partner_code', rule, rule === 'too_long' ? SIGNUP_LIMITS.partnerCodeMax : undefined);
  }

  if (form.agree_to_terms !== true) add('agree_to_terms', 'terms');

  if (problems.length > 0 || planId === undefined || months === undefined || imageId === undefined) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    request: {
      planId,
      period: months,
      imageId,
      serverName: name ?? null,
      sshKeyName: sshKeyName ?? null,
      sshPublicKey: sshPublicKey ?? null,
      rootPassword: rootPassword ?? null,
      autoRenew: form.auto_renew,
      partnerCode: partnerCode ?? null,
    },
  };
}

// The quote: priced by a dry run, the password sealed, stored as a new row with a fresh
// Idempotency-Key, waiting for an approval until it expires.

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
  stepExecutionId?: string,
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
      ...(stepExecutionId ? { stepExecutionId } : {}),
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
export function isExpired(row: SignupRow, now: Date): boolean {
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

export interface QuoteInput {
  request: SignupRequest;
  requesterId: string;
  channelId: string;
  /**
   * The channel was chosen in a form opened in no channel (the Order a VPS
   * shortcut, the App Home), not the one the requester typed in: it must be
   * one they may use (`mayRequestIn`).
   */
  chosen?: boolean;
  locale: string | null;
  /** A Workflow Builder step asks (`order_vps`): its execution is told the order's outcome. */
  stepExecutionId?: string;
}

export interface QuoteResult {
  row: SignupRow;
  plan: Plan;
  image: OsImage;
  /** Set only when the bot generated the password: show it to the requester alone, once. */
  generatedPassword: string | null;
}

export class SignupQuotes {
  constructor(private readonly deps: SignupDeps) {}

  /**
   * Whether a user may ask for a quote here; for not opening the form in vain.
   * Without a channel (the form opened from a global shortcut, which asks where
   * the approval request goes) only the role is checked now; the channel
   * chosen is checked when the form is sent, and again by `quote`.
   */
  async mayRequest(userId: string, channelId: string | undefined): Promise<ServiceError | null> {
    const actor = { userId, channelId: channelId ?? userId };
    return (await this.deps.access.decide(actor, 'signup', { placeless: channelId === undefined })).refusal;
  }

  /**
   * Whether a user may send the approval request of a form opened in no
   * channel to the channel they chose there: one the policy lists, and one
   * they may read in Slack (public, or they are a member), as any channel an
   * action is about (`AccessService.decide`). A forged submission naming a
   * private channel they are not in is refused.
   */
  async mayRequestIn(userId: string, chosen: string): Promise<ServiceError | null> {
    return (await this.decideChosen(userId, chosen)).refusal;
  }

  private decideChosen(userId: string, chosen: string) {
    return this.deps.access.decide({ userId, channelId: userId }, 'signup', {
      placeless: true,
      channel: chosen,
    });
  }

  async quote(input: QuoteInput): Promise<QuoteResult> {
    const { deps } = this;
    const { request, requesterId, channelId } = input;
    const { refusal } =
      input.chosen === true
        ? await this.decideChosen(requesterId, channelId)
        : await deps.access.decide({ userId: requesterId, channelId }, 'signup');
    if (refusal) {
      await deps.audit.record({
        actor: requesterId,
        channelId,
        action: 'signup.quote',
        target: null,
        outcome: 'refused',
        errorCode: refusal.code,
      });
      throw refusal;
    }
    const password = request.rootPassword ?? generateRootPassword();
    // Checked and allowed: from here no log line may carry it. Sealing holds it for as long as
    // the quote waits; a refused quote lets it go at once.
    const typing = `signup-quote:${randomUUID()}`;
    deps.secrets.hold(typing, password);
    try {
      const quoted = await createQuote(
        deps,
        { ...orderFieldsOf(request), requesterId, channelId, locale: input.locale },
        password,
        undefined,
        input.stepExecutionId,
      );
      return { ...quoted, generatedPassword: request.rootPassword === null ? password : null };
    } catch (err) {
      await deps.audit.record({
        actor: requesterId,
        channelId,
        action: 'signup.quote',
        target: null,
        outcome: changeOutcome(err),
        errorCode: quoteFailureCode(err),
        params: { planId: request.planId, period: request.period },
      });
      throw err;
    } finally {
      deps.secrets.release(typing);
    }
  }

  /** Remembers where the approval message is, so later steps update it in place. */
  async attachMessage(id: string, where: { messageTs: string; threadTs?: string }): Promise<void> {
    await this.deps.store.signups.setMessage(id, {
      messageTs: where.messageTs,
      threadTs: where.threadTs ?? where.messageTs,
    });
  }

  /** Plans and images for the order form (cached briefly, never across 00:00 JST), read `for` a person. */
  catalogue(opts: CatalogueOptions = {}): Promise<Catalogue> {
    return loadCatalogue(this.deps, opts);
  }

  /** The provider account's label where the bot serves several (quotes name it), else undefined. */
  accountLabel(): string | undefined {
    return this.deps.accountLabel;
  }

  /**
   * Plan and image of a row for display, from the cached catalogue (undefined
   * when not at hand), and its account's label where there are several.
   */
  async describe(
    row: SignupRow,
  ): Promise<{ plan: Plan | undefined; image: OsImage | undefined; account?: string | undefined }> {
    const shown = await describeRow(this.deps, row);
    return this.deps.accountLabel === undefined ? shown : { ...shown, account: this.deps.accountLabel };
  }
}
