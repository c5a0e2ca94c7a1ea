/**
 * The signup form checked by the spec's rules (docs/provider-api.md, Signup body)
 * before anything is sent, so every mistake lands on its own modal field.
 * Field names are the provider's; the words come from the i18n catalog keyed
 * `signup.field.<rule>`.
 */
import {
  LIMITS,
  type ValidationIssue,
  validatePartnerCode,
  validateRootPassword,
  validateServerName,
  validateSshKeyName,
  validateSshPublicKey,
} from '../../provider/index.ts';
import type { FieldProblem } from '../field-problem.ts';
import { type Catalogue, findPeriod, findPlan, imageFitsPlan } from './catalogue.ts';

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
