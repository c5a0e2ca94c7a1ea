/**
 * Pure validators of every input the spec constrains. Each `validate*` returns
 * the list of issues (empty when valid) so Slack modals can show them on the
 * field; each `assert*` throws `ValidationError`. The client asserts before it
 * sends anything.
 */
import { domainToASCII } from 'node:url';
import { ValidationError, type ValidationIssue } from './errors.ts';
import { validateText } from './text-rule.ts';

export type { ValidationIssue } from './errors.ts';
export { validateText } from './text-rule.ts';

/** The provider's limits (docs/provider-api.md, Limits). */
export const LIMITS = {
  serverNameMax: 50,
  memoMax: 500,
  hostnameMax: 253,
  rootPasswordMin: 9,
  rootPasswordMax: 70,
  partnerCodeMax: 50,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 64,
  logsLimitMin: 1,
  logsLimitMax: 500,
} as const;

export const LOG_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const LOG_STATUS_CLASSES = ['success', 'error'] as const;

function issue(field: string, rule: string, message: string): ValidationIssue {
  return { field, rule, message };
}

/** Length in characters (code points), not UTF-16 units. */
function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

const SERVER_NAME_RE = /^[a-z0-9_-]+$/;

/** Server name: up to 50 half-width lower-case letters, digits, `-`, `_`. */
export function validateServerName(value: unknown, field = 'name'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  if (value.length === 0) return [issue(field, 'required', 'must not be empty')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  const out: ValidationIssue[] = [];
  if (charLength(value) > LIMITS.serverNameMax)
    out.push(issue(field, 'max_length', `at most ${LIMITS.serverNameMax} characters`));
  if (!SERVER_NAME_RE.test(value))
    out.push(issue(field, 'charset', 'only lower-case letters a-z, digits, "-" and "_"'));
  return out;
}

/** Memo: string up to 500 characters, lines and tabs allowed; the empty string deletes the memo. */
export function validateMemo(value: unknown, field = 'memo'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  const text = validateText(value, field, { multiline: true });
  if (text.length > 0) return text;
  if (charLength(value) > LIMITS.memoMax)
    return [issue(field, 'max_length', `at most ${LIMITS.memoMax} characters`)];
  return [];
}

const HOSTNAME_RE = /^[A-Za-z0-9.-]+$/;

/** Reverse DNS hostname: 1 to 253 half-width letters, digits, `-`, `.`. */
export function validateHostname(value: unknown, field = 'hostname'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  if (value.length === 0) return [issue(field, 'required', 'must not be empty')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  const out: ValidationIssue[] = [];
  if (charLength(value) > LIMITS.hostnameMax)
    out.push(issue(field, 'max_length', `at most ${LIMITS.hostnameMax} characters`));
  if (!HOSTNAME_RE.test(value)) out.push(issue(field, 'charset', 'only letters, digits, "-" and "."'));
  return out;
}

/**
 * Root password: 9 to 70 characters, at least two kinds among letters, digits
 * and symbols; backquote, `<`, `>` and anything not half-width are forbidden.
 */
export function validateRootPassword(value: unknown, field = 'root_password'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  const out: ValidationIssue[] = [];
  const len = charLength(value);
  if (len < LIMITS.rootPasswordMin)
    out.push(issue(field, 'min_length', `at least ${LIMITS.rootPasswordMin} characters`));
  if (len > LIMITS.rootPasswordMax)
    out.push(issue(field, 'max_length', `at most ${LIMITS.rootPasswordMax} characters`));
  if (/[`<>]/.test(value)) out.push(issue(field, 'forbidden_character', 'must not contain `, < or >'));
  // Half-width means ASCII. Whether a space may be part of it the spec does not say (the
  // panel's refusal of one was a guess): the provider decides, and its refusal is shown.
  if (/[^\x20-\x7e]/.test(value))
    out.push(issue(field, 'full_width', 'only half-width (ASCII) letters, digits and symbols'));
  let kinds = 0;
  if (/[A-Za-z]/.test(value)) kinds += 1;
  if (/[0-9]/.test(value)) kinds += 1;
  if (/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(value)) kinds += 1;
  if (kinds < 2) out.push(issue(field, 'character_kinds', 'needs two kinds among letters, digits, symbols'));
  return out;
}

const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]+$/;

/** Idempotency-Key: 8 to 64 letters, digits, `-`, `_` (a UUID fits). */
export function validateIdempotencyKey(value: unknown, field = 'idempotency_key'): ValidationIssue[] {
  if (!isString(value) || value.length === 0) return [issue(field, 'required', 'required for a real signup')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  const out: ValidationIssue[] = [];
  if (value.length < LIMITS.idempotencyKeyMin || value.length > LIMITS.idempotencyKeyMax)
    out.push(issue(field, 'length', `${LIMITS.idempotencyKeyMin} to ${LIMITS.idempotencyKeyMax} characters`));
  if (!IDEMPOTENCY_KEY_RE.test(value)) out.push(issue(field, 'charset', 'only letters, digits, "-" and "_"'));
  return out;
}

/** Partner (agent) code: alphanumeric, up to 50 characters. */
export function validatePartnerCode(value: unknown, field = 'partner_code'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  if (value.length === 0) return [issue(field, 'required', 'must not be empty when given')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  const out: ValidationIssue[] = [];
  if (value.length > LIMITS.partnerCodeMax)
    out.push(issue(field, 'max_length', `at most ${LIMITS.partnerCodeMax} characters`));
  if (!/^[A-Za-z0-9]+$/.test(value)) out.push(issue(field, 'charset', 'only letters and digits'));
  return out;
}

/**
 * The OpenSSH key types the provider registers. DSA (`ssh-dss`) is not among
 * them: OpenSSH itself has refused DSA keys since 7.0.
 */
/**
 * An OpenSSH key type's name (`ssh-ed25519`, `sk-ecdsa-sha2-nistp256@openssh.com`, …). Which
 * types the provider takes is not published: the format is checked here, the type is the provider's
 * to accept or refuse (its refusal is shown in its words).
 */
const SSH_KEY_TYPE = /^[a-z0-9][a-z0-9@.-]*$/;

const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key blob is base64 whose first field (a 4-byte length and a name) repeats the key's type. */
function blobNamesType(blob: string, type: string): boolean {
  if (blob.length % 4 !== 0 || !BASE64_RE.test(blob)) return false;
  const raw = Buffer.from(blob, 'base64');
  if (raw.length < 4 + type.length) return false;
  return raw.readUInt32BE(0) === type.length && raw.subarray(4, 4 + type.length).toString('latin1') === type;
}

/**
 * OpenSSH public key line `type base64 [comment]`, half-width characters only
 * (docs/provider-api.md, Signup body), its base64 blob well-formed and naming
 * its type; no list of types is assumed.
 */
export function validateSshPublicKey(value: unknown, field = 'ssh_public_key'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  const v = value.trim();
  if (v.length === 0) return [issue(field, 'required', 'must not be empty')];
  const text = validateText(v, field);
  if (text.length > 0) return text;
  if (/[^\x20-\x7e]/.test(v)) return [issue(field, 'full_width', 'only half-width characters')];
  const [type, data] = v.split(/ +/);
  if (!type || !SSH_KEY_TYPE.test(type) || !data || !blobNamesType(data, type))
    return [issue(field, 'format', 'must be an OpenSSH public key such as "ssh-ed25519 AAAA... comment"')];
  return [];
}

/**
 * Name of an SSH key registered in the panel. The spec gives it no length and
 * no characters (docs/provider-api.md, Decisions where the spec is silent):
 * given, it is not empty and keeps the one text rule; the rest is the
 * provider's to decide, and its refusal is shown in its words.
 */
export function validateSshKeyName(value: unknown, field = 'ssh_key_name'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  if (value.trim().length === 0) return [issue(field, 'required', 'must not be empty')];
  return validateText(value, field);
}

export interface LogsQuery {
  from?: string;
  to?: string;
  status_class?: 'success' | 'error';
  status_code?: number;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  limit?: number;
  cursor?: string;
}

const LOG_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * A logs `from`/`to` time, `YYYY-MM-DD[ HH:MM[:SS]]`, naming a moment that
 * exists: a day of the calendar (`2026-02-30` and `2026-13-01` are not),
 * hours 00-23, minutes and seconds 00-59.
 */
export function isLogTime(value: string): boolean {
  const m = LOG_TIME_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day > days) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59)) return false;
  return m[6] === undefined || Number(m[6]) <= 59;
}

export function validateLogsQuery(q: unknown): ValidationIssue[] {
  if (q === undefined) return [];
  if (typeof q !== 'object' || q === null) return [issue('query', 'type', 'must be an object')];
  const v = q as Record<string, unknown>;
  const out: ValidationIssue[] = [];
  const known = ['from', 'to', 'status_class', 'status_code', 'method', 'limit', 'cursor'];
  for (const k of Object.keys(v)) {
    if (!known.includes(k) && v[k] !== undefined) out.push(issue(k, 'unknown', 'not a logs filter'));
  }
  for (const f of ['from', 'to'] as const) {
    const t = v[f];
    if (t === undefined) continue;
    if (!isString(t) || !isLogTime(t))
      out.push(issue(f, 'format', 'a real date and time, YYYY-MM-DD HH:MM:SS'));
  }
  if (v.status_class !== undefined && !(LOG_STATUS_CLASSES as readonly unknown[]).includes(v.status_class))
    out.push(issue('status_class', 'enum', 'success or error'));
  if (v.status_code !== undefined) {
    const c = v.status_code;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 100 || c > 599)
      out.push(issue('status_code', 'range', 'an HTTP status code 100 to 599'));
  }
  if (v.method !== undefined && !(LOG_METHODS as readonly unknown[]).includes(v.method))
    out.push(issue('method', 'enum', 'GET, POST, PUT or DELETE (upper case)'));
  if (v.limit !== undefined) {
    const l = v.limit;
    if (typeof l !== 'number' || !Number.isInteger(l) || l < LIMITS.logsLimitMin || l > LIMITS.logsLimitMax)
      out.push(issue('limit', 'range', `an integer ${LIMITS.logsLimitMin} to ${LIMITS.logsLimitMax}`));
  }
  if (v.cursor !== undefined && (!isString(v.cursor) || v.cursor.length === 0))
    out.push(issue('cursor', 'type', "the previous page's next_cursor, unchanged"));
  else if (isString(v.cursor)) out.push(...validateText(v.cursor, 'cursor'));
  return out;
}

export interface SignupInput {
  plan_id: string;
  period: number;
  image_id: string;
  root_password: string;
  name?: string;
  ssh_key_name?: string;
  ssh_public_key?: string;
  expected_total_price: number;
  agree_to_terms: true;
  partner_code?: string;
  auto_renew?: boolean;
}

const PLAN_ID_RE = /^(vps|business)-\d+gb$/;

/** Signup body (dry run and real). The Idempotency-Key is checked separately. */
export function validateSignupInput(input: unknown): ValidationIssue[] {
  if (typeof input !== 'object' || input === null) return [issue('input', 'type', 'must be an object')];
  const v = input as Record<string, unknown>;
  const out: ValidationIssue[] = [];
  if (!isString(v.plan_id) || v.plan_id.length === 0) out.push(issue('plan_id', 'required', 'choose a plan'));
  else if (!PLAN_ID_RE.test(v.plan_id))
    out.push(issue('plan_id', 'format', 'a plan_id such as vps-2gb (only vps and business plans)'));
  if (typeof v.period !== 'number' || !Number.isInteger(v.period) || v.period < 1)
    out.push(issue('period', 'type', 'a whole number of months'));
  if (!isString(v.image_id) || v.image_id.length === 0)
    out.push(issue('image_id', 'required', 'choose an OS image'));
  if (v.root_password === undefined) out.push(issue('root_password', 'required', 'required'));
  else out.push(...validateRootPassword(v.root_password));
  if (v.name !== undefined) out.push(...validateServerName(v.name));
  if (v.ssh_public_key !== undefined) {
    out.push(...validateSshPublicKey(v.ssh_public_key));
    if (v.ssh_key_name === undefined)
      out.push(issue('ssh_key_name', 'required_with', 'give a key name together with ssh_public_key'));
  }
  if (v.ssh_key_name !== undefined) out.push(...validateSshKeyName(v.ssh_key_name));
  const price = v.expected_total_price;
  if (typeof price !== 'number' || !Number.isInteger(price) || price < 0)
    out.push(issue('expected_total_price', 'type', 'the quoted total_price in yen (integer)'));
  if (v.agree_to_terms !== true)
    out.push(issue('agree_to_terms', 'must_be_true', 'the terms must be accepted'));
  if (v.partner_code !== undefined) out.push(...validatePartnerCode(v.partner_code));
  if (v.auto_renew !== undefined && typeof v.auto_renew !== 'boolean')
    out.push(issue('auto_renew', 'type', 'true or false'));
  const known = [
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
  ];
  for (const k of Object.keys(v)) {
    if (k === 'dry_run') out.push(issue('dry_run', 'not_allowed', 'use signupDryRun() or signup()'));
    else if (!known.includes(k) && v[k] !== undefined) out.push(issue(k, 'unknown', 'not a signup field'));
  }
  return out;
}

/** A path identifier (VPS uuid, signup id, key id): non-empty, no slash or whitespace. */
export function validatePathId(value: unknown, field: string): ValidationIssue[] {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return [];
  if (!isString(value) || value.length === 0) return [issue(field, 'required', 'must not be empty')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  if (value.length > 200 || /[\s/?#%\\]/.test(value) || value === '.' || value === '..')
    return [issue(field, 'format', 'not a valid identifier')];
  return [];
}

/** RFC 1035: a name of at most 253 characters in Punycode, labels of 1 to 63. */
export const DOMAIN_MAX = 253;

/**
 * The one domain rule, for the client and the /hosting checks alike: a fully
 * qualified name of two labels or more, each label letters, digits and inner
 * hyphens, the last one not all digits; a Japanese name is measured and
 * checked in Punycode, the form the provider's paths take (docs/provider-api.md,
 * Hosting paths). Issues: `required`, `max_length`, `format`.
 */
export function validateDomain(value: unknown, field = 'domain'): ValidationIssue[] {
  if (!isString(value) || value === '') return [issue(field, 'required', 'must not be empty')];
  const v = value;
  const text = validateText(v, field);
  if (text.length > 0) return text;
  if (charLength(v) > DOMAIN_MAX) return [issue(field, 'max_length', `at most ${DOMAIN_MAX} characters`)];
  const ascii = domainToASCII(v);
  const labels = ascii.split('.');
  const shaped =
    ascii !== '' &&
    ascii.length <= DOMAIN_MAX &&
    labels.length >= 2 &&
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) &&
    /[a-z]/.test(labels[labels.length - 1]!);
  return shaped ? [] : [issue(field, 'format', 'not a fully qualified domain name')];
}

/** A mail address used in a path: local part plus a (possibly Japanese) domain. */
export function validateMailAddress(value: unknown, field = 'mail_address'): ValidationIssue[] {
  if (!isString(value)) return [issue(field, 'type', 'must be a string')];
  const text = validateText(value, field);
  if (text.length > 0) return text;
  const at = value.lastIndexOf('@');
  if (at <= 0 || /[\s/]/.test(value.slice(0, at)))
    return [issue(field, 'format', 'a mail address such as info@example.jp')];
  return validateDomain(value.slice(at + 1), field);
}

function assertNone(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw new ValidationError(issues);
}

export function assertValid(issues: ValidationIssue[]): void {
  assertNone(issues);
}
export const assertServerName = (v: unknown): void => assertNone(validateServerName(v));
export const assertMemo = (v: unknown): void => assertNone(validateMemo(v));
export const assertHostname = (v: unknown): void => assertNone(validateHostname(v));
export const assertRootPassword = (v: unknown): void => assertNone(validateRootPassword(v));
export const assertIdempotencyKey = (v: unknown): void => assertNone(validateIdempotencyKey(v));
export const assertPartnerCode = (v: unknown): void => assertNone(validatePartnerCode(v));
export const assertSshPublicKey = (v: unknown): void => assertNone(validateSshPublicKey(v));
export const assertLogsQuery = (v: unknown): void => assertNone(validateLogsQuery(v));
export const assertSignupInput = (v: unknown): void => assertNone(validateSignupInput(v));
export const assertPathId = (v: unknown, field: string): void => assertNone(validatePathId(v, field));
export const assertDomain = (v: unknown, field?: string): void => assertNone(validateDomain(v, field));
