/**
 * New VPS signup: validation, dry run, payment, signup records, Idempotency-Key
 * handling and the building/setup_pending -> active progression.
 *
 * Simulator assumptions where the spec says "not shown" (docs/provider-api.md,
 * Not published: the bot must not invent):
 * - the real signup answers `{server:{id, uuid, name, status, plan_id, period,
 *   total_price, expiry_date, auto_renew}}` (uuid and expiry_date null until
 *   they are known, as in the status endpoint);
 * - repeating a completed real signup with the same Idempotency-Key answers
 *   the first outcome again and charges nothing; the same key with a
 *   different body is a 422 VALIDATION_ERROR; while the first request is still
 *   in process the repeat gets 409 DUPLICATE_REQUEST. Only successful signups
 *   are remembered: after a 4xx the key may be used again;
 * - `expected_total_price` is required for the dry run too (the spec marks it
 *   required without exception);
 * - `building` completes 3 simulated minutes after the signup, `setup_pending`
 *   after 48 simulated hours (or at control.completeSignup); the VPS appears in
 *   GET /v1/vps/servers when the signup becomes active;
 * - contract expiry = last day of the JST month `period` months after the
 *   signup month (the pro-rata part pays the rest of the current month).
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, validationError } from './api-error.ts';
import { checkPermission, checkSignupAllowed } from './api-keys.ts';
import { endOfJstMonthAhead } from './japan-time.ts';
import { periodPrice } from './pricing.ts';
import type { RequestContext } from './routing.ts';
import type { SignupRecord } from './types.ts';
import {
  asObject,
  checkRootPassword,
  checkServerName,
  IDEMPOTENCY_KEY_RE,
  isOpenSshPublicKey,
  optionalBoolean,
  optionalString,
  PARTNER_CODE_RE,
  rejectUnknown,
  requireBoolean,
  requireInteger,
  requireString,
} from './validation.ts';

const BUILDING_MS = 3 * 60 * 1000;
const SETUP_PENDING_MS = 48 * 60 * 60 * 1000;

const SIGNUP_FIELDS = [
  'plan_id',
  'period',
  'image_id',
  'root_password',
  'name',
  'ssh_key_name',
  'ssh_public_key',
  'expected_total_price',
  'agree_to_terms',
  'partner_code',
  'auto_renew',
  'dry_run',
] as const;

export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const v = headers['idempotency-key'];
  return Array.isArray(v) ? v[0] : v;
}

export function handleSignup(ctx: RequestContext): unknown {
  const { core, key } = ctx;
  const grant = checkPermission(key, 'vps', 'signup', 'write');
  checkSignupAllowed(grant);
  const body = asObject(ctx.body());
  const errors: string[] = [];
  rejectUnknown(body, SIGNUP_FIELDS, errors);
  const planId = requireString(body, 'plan_id', errors);
  const period = requireInteger(body, 'period', errors);
  const imageId = requireString(body, 'image_id', errors);
  const rootPassword = requireString(body, 'root_password', errors);
  if (rootPassword !== undefined) checkRootPassword(rootPassword, errors);
  const name = optionalString(body, 'name', errors);
  if (name !== undefined) checkServerName(name, errors);
  const sshKeyName = optionalString(body, 'ssh_key_name', errors);
  const sshPublicKey = optionalString(body, 'ssh_public_key', errors);
  const expected = requireInteger(body, 'expected_total_price', errors);
  const agree = requireBoolean(body, 'agree_to_terms', errors);
  if (agree === false) errors.push('agree_to_terms: 利用規約への同意が必要です（true を指定してください）。');
  const partnerCode = optionalString(body, 'partner_code', errors);
  if (partnerCode !== undefined && !PARTNER_CODE_RE.test(partnerCode)) {
    errors.push('partner_code: 半角英数字50文字以内で指定してください。');
  }
  const autoRenew = optionalBoolean(body, 'auto_renew', errors) ?? true;
  const dryRun = optionalBoolean(body, 'dry_run', errors) === true;

  const plan = planId !== undefined ? core.world.plans.get(planId) : undefined;
  if (planId !== undefined && !plan) errors.push('plan_id: 存在しないプランです。');
  if (plan && period !== undefined && !plan.periods.includes(period)) {
    errors.push('period: このプランで選択できない契約期間です。');
  }
  const image = imageId !== undefined ? core.world.images.find((i) => i.imageId === imageId) : undefined;
  if (imageId !== undefined && !image) errors.push('image_id: 存在しないOSイメージです。');
  if (plan && image && image.minimumMemoryMb > plan.memoryMb) {
    errors.push(`image_id: このOSイメージにはメモリ${image.minimumMemoryMb}MB以上のプランが必要です。`);
  }
  if (sshKeyName !== undefined) {
    if (!/^[\x21-\x7e]{1,50}$/.test(sshKeyName))
      errors.push('ssh_key_name: 半角英数字記号50文字以内で指定してください。');
    else if (sshPublicKey === undefined && !core.world.vpsSshKeys.has(sshKeyName)) {
      errors.push('ssh_key_name: 登録されていないSSHキー名です。');
    } else if (sshPublicKey !== undefined && core.world.vpsSshKeys.has(sshKeyName)) {
      errors.push('ssh_key_name: この名前のSSHキーは既に登録されています。');
    }
  }
  if (sshPublicKey !== undefined) {
    if (sshKeyName === undefined) errors.push('ssh_public_key: ssh_key_name と一緒に指定してください。');
    if (!isOpenSshPublicKey(sshPublicKey))
      errors.push('ssh_public_key: OpenSSH形式の公開鍵を指定してください。');
  }
  if (expected !== undefined && expected < 0)
    errors.push('expected_total_price: 0以上の整数で指定してください。');
  const idemKey = idempotencyKeyOf(ctx.headers);
  if (!dryRun) {
    if (idemKey === undefined) errors.push('Idempotency-Key: ヘッダーが必要です。');
    else if (!IDEMPOTENCY_KEY_RE.test(idemKey)) {
      errors.push('Idempotency-Key: 半角英数字、-、_ の8文字以上64文字以内で指定してください。');
    }
  } else if (idemKey !== undefined && !IDEMPOTENCY_KEY_RE.test(idemKey)) {
    errors.push('Idempotency-Key: 半角英数字、-、_ の8文字以上64文字以内で指定してください。');
  }
  if (errors.length > 0 || !plan || !image || period === undefined || expected === undefined) {
    throw validationError(errors);
  }

  if (plan.closed || plan.closedPeriods.has(period)) throw new ApiError('PLAN_NOT_AVAILABLE');
  if (plan.paused) throw new ApiError('CAPACITY_UNAVAILABLE');
  if (core.world.maintenance) {
    throw new ApiError('CAPACITY_UNAVAILABLE', 'メンテナンス中のため、現在お申し込みを受け付けていません。');
  }
  const now = core.now();
  const price = periodPrice(plan, period, now).total_price;
  if (expected !== price) {
    throw new ApiError('PRICE_MISMATCH', undefined, [`expected_total_price: 現在の料金は ${price} 円です。`]);
  }
  if (dryRun) return { dry_run: true, total_price: price };

  const w = core.world;
  if (w.balance < price) throw new ApiError('PAYMENT_REQUIRED');
  w.balance -= price;
  const id = w.allocServiceCode();
  const outcome = w.nextSignupOutcome;
  // One-shot: the outcome applies to the next real signup only.
  w.nextSignupOutcome = 'active';
  const record: SignupRecord = {
    id,
    idempotencyKey: idemKey ?? '',
    keyName: key.name,
    planId: plan.planId,
    period,
    imageId: image.imageId,
    name: name ?? `vps-${id}`,
    priceCharged: price,
    status: outcome,
    uuid: null,
    expiryDate: endOfJstMonthAhead(now, period),
    createdAt: now,
    completesAt:
      outcome === 'active'
        ? null
        : new Date(now.getTime() + (outcome === 'building' ? BUILDING_MS : SETUP_PENDING_MS)),
    autoRenew,
    partnerCode: partnerCode ?? null,
  };
  w.signupList.push(record);
  w.chargeList.push({
    id: w.allocChargeId(),
    at: now,
    amount: price,
    signupId: id,
    idempotencyKey: record.idempotencyKey,
    planId: plan.planId,
    period,
  });
  if (sshKeyName !== undefined && sshPublicKey !== undefined)
    w.vpsSshKeys.set(sshKeyName, sshPublicKey.trim());
  if (outcome === 'active') w.completeSignup(record);
  return {
    server: {
      id,
      uuid: record.uuid,
      name: record.name,
      status: record.status,
      plan_id: record.planId,
      period,
      total_price: price,
      expiry_date: record.status === 'setup_pending' ? null : record.expiryDate,
      auto_renew: autoRenew,
    },
  };
}

export function renderSignupStatus(s: SignupRecord): Record<string, unknown> {
  return {
    server: {
      id: s.id,
      uuid: s.status === 'active' ? s.uuid : null,
      name: s.name,
      status: s.status,
      expiry_date: s.status === 'setup_pending' ? null : s.expiryDate,
    },
  };
}

/** Stable fingerprint of a signup body (key order ignored) to spot a reused Idempotency-Key. */
export function fingerprint(body: unknown): string {
  const canon = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canon);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canon(body) ?? null))
    .digest('hex');
}
