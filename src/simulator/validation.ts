/**
 * Field rules of the spec, shared by the route modules. Each check pushes a
 * Japanese detail line (`field: reason`) into `errors`; the caller throws one
 * 422 VALIDATION_ERROR listing them all.
 */
import { ApiError } from './api-error.ts';

export type Body = Record<string, unknown>;

const NAME_RE = /^[a-z0-9_-]+$/;
export const HOSTNAME_RE = /^[A-Za-z0-9.-]+$/;
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;
export const PARTNER_CODE_RE = /^[A-Za-z0-9]{1,50}$/;

const charCount = (s: string): number => [...s].length;

/** The JSON body must be an object (a JSON array or scalar is malformed for every endpoint). */
export function asObject(v: unknown): Body {
  if (v === undefined) return {};
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new ApiError('BAD_REQUEST', 'リクエストボディはJSONオブジェクトで指定してください。');
  }
  return v as Body;
}

/**
 * Simulator choice (strictness): fields the endpoint does not define are a
 * 422, so a misspelt field never passes silently.
 */
export function rejectUnknown(body: Body, allowed: readonly string[], errors: string[]): void {
  for (const k of Object.keys(body)) if (!allowed.includes(k)) errors.push(`${k}: 不明な項目です。`);
}

export function requireString(body: Body, field: string, errors: string[]): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) {
    errors.push(`${field}: 必須項目です。`);
    return undefined;
  }
  if (typeof v !== 'string') {
    errors.push(`${field}: 文字列で指定してください。`);
    return undefined;
  }
  return v;
}

export function optionalString(body: Body, field: string, errors: string[]): string | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') {
    errors.push(`${field}: 文字列で指定してください。`);
    return undefined;
  }
  return v;
}

export function optionalBoolean(body: Body, field: string, errors: string[]): boolean | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') {
    errors.push(`${field}: true または false で指定してください。`);
    return undefined;
  }
  return v;
}

export function requireBoolean(body: Body, field: string, errors: string[]): boolean | undefined {
  if (body[field] === undefined) {
    errors.push(`${field}: 必須項目です。`);
    return undefined;
  }
  return optionalBoolean(body, field, errors);
}

export function requireInteger(body: Body, field: string, errors: string[]): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) {
    errors.push(`${field}: 必須項目です。`);
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    errors.push(`${field}: 整数で指定してください。`);
    return undefined;
  }
  return v;
}

export function checkServerName(name: string, errors: string[], field = 'name'): void {
  if (name.length === 0) errors.push(`${field}: 必須項目です。`);
  else if (charCount(name) > 50) errors.push(`${field}: 50文字以内で入力してください。`);
  else if (!NAME_RE.test(name)) errors.push(`${field}: 半角英小文字、数字、-、_ のみ使用できます。`);
}

export function checkMemo(memo: string, errors: string[]): void {
  if (charCount(memo) > 500) errors.push('memo: 500文字以内で入力してください。');
}

export function checkHostname(hostname: string, errors: string[]): void {
  if (hostname.length === 0) errors.push('hostname: 必須項目です。');
  else if (hostname.length > 253) errors.push('hostname: 253文字以内で入力してください。');
  else if (!HOSTNAME_RE.test(hostname)) errors.push('hostname: 半角英数字、-、. のみ使用できます。');
}

/**
 * root_password: 9-70 characters; at least two kinds among half-width letters,
 * digits and symbols; no backquote, `<`, `>`, full-width (or any non-printable
 * ASCII, including space) characters.
 */
export function checkRootPassword(pw: string, errors: string[]): void {
  const n = charCount(pw);
  if (n < 9 || n > 70) errors.push('root_password: 9文字以上70文字以内で入力してください。');
  if (/[`<>]/.test(pw)) errors.push('root_password: ` < > は使用できません。');
  if (/[^\x21-\x7e]/.test(pw)) errors.push('root_password: 全角文字・空白は使用できません。');
  const kinds = [/[A-Za-z]/, /[0-9]/, /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/].filter((re) =>
    re.test(pw),
  ).length;
  if (kinds < 2) errors.push('root_password: 英字、数字、記号のうち2種類以上を組み合わせてください。');
}

const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
];

/** OpenSSH public key: `<type> <base64 blob whose first string is the type> [comment]`, half-width only. */
export function isOpenSshPublicKey(key: string): boolean {
  if (/[^\x20-\x7e]/.test(key)) return false;
  const parts = key.trim().split(/ +/);
  const [type, blob] = parts;
  if (!type || !blob || !SSH_KEY_TYPES.includes(type)) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(blob)) return false;
  const raw = Buffer.from(blob, 'base64');
  if (raw.length < 4 + type.length) return false;
  const len = raw.readUInt32BE(0);
  return len === type.length && raw.subarray(4, 4 + len).toString('latin1') === type;
}

/** A length in characters (code points), as the reference counts them. */
export const lengthOf = charCount;

export function optionalInteger(body: Body, field: string, errors: string[]): number | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    errors.push(`${field}: 整数で指定してください。`);
    return undefined;
  }
  return v;
}

/** A string field that must not be empty (required by the reference). */
export function requireText(body: Body, field: string, errors: string[]): string | undefined {
  const v = requireString(body, field, errors);
  if (v !== undefined && v.trim() === '') {
    errors.push(`${field}: 必須項目です。`);
    return undefined;
  }
  return v;
}

export function checkMaxLength(
  value: string | undefined,
  max: number,
  field: string,
  errors: string[],
): void {
  if (value !== undefined && charCount(value) > max)
    errors.push(`${field}: ${max}文字以内で入力してください。`);
}

export function checkMinLength(
  value: string | undefined,
  min: number,
  field: string,
  errors: string[],
): void {
  if (value !== undefined && charCount(value) < min)
    errors.push(`${field}: ${min}文字以上で入力してください。`);
}

export function checkRange(
  value: number | undefined,
  min: number,
  max: number,
  field: string,
  errors: string[],
): void {
  if (value !== undefined && (value < min || value > max))
    errors.push(`${field}: ${min}から${max}までの整数で指定してください。`);
}

export function checkOneOf(
  value: string | undefined,
  allowed: readonly string[],
  field: string,
  errors: string[],
): void {
  if (value !== undefined && !allowed.includes(value))
    errors.push(`${field}: ${allowed.join(', ')} のいずれかを指定してください。`);
}

/** A mail address: a local part and a domain, no spaces (the simulator's own rule: the reference gives none). */
export const MAIL_ADDRESS_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
