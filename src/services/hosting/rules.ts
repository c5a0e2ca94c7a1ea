/**
 * The input rules of /hosting, checked before anything is sent so that a
 * mistake costs no request and is named on its own field. Where the spec
 * states a rule (an FQDN, `lines` a positive integer, a public key in OpenSSH
 * format, booleans) it is the spec's; where it is silent the limit is a
 * sensible one of ours, wide enough for any real value, so that an over-long
 * input is refused here in words rather than failing somewhere later.
 */
import {
  DOMAIN_MAX,
  toAsciiDomain,
  toUnicodeDomain,
  validateDomain,
  validateMailAddress,
  validateSshPublicKey,
  validateText,
} from '../../provider/index.ts';
import type { FieldProblem } from '../field-problem.ts';

export type HostingField =
  | 'domain'
  | 'subdomain'
  | 'lines'
  | 'keyword'
  | 'url'
  | 'title'
  | 'admin_username'
  | 'admin_password'
  | 'admin_email'
  | 'name_suffix'
  | 'character_set'
  | 'password'
  | 'db_user'
  | 'db_name'
  | 'public_key'
  | 'label'
  | 'wp_id'
  | 'key_id'
  | 'server';

export type HostingRule = 'required' | 'too_long' | 'too_short' | 'format' | 'range' | 'control_character';

export const HOSTING_LIMITS = {
  domainMax: DOMAIN_MAX,
  /** The error log's lines per read: the spec says a positive integer; 1000 bounds one read. */
  linesMax: 1000,
  linesDefault: 100,
  /**
   * The error log's `keyword`: the spec says a string; 200 characters hold any
   * phrase worth looking for in a log line.
   */
  keywordMax: 200,
  /** What the provider takes (it refuses more with VALIDATION_ERROR): a title of 1 to 100, a password of 8 to 64. */
  titleMax: 100,
  usernameMax: 60,
  passwordMin: 8,
  passwordMax: 64,
  emailMax: 254,
  urlMax: 2000,
  /** A database or database user name's suffix: 1 to 16 lower-case letters, digits and `_`. */
  suffixMax: 16,
  characterSetMax: 32,
  dbIdentifierMax: 64,
  /** A 16384-bit RSA key in OpenSSH format is about 2,800 characters; Slack's inputs hold 3,000. */
  publicKeyMax: 2999,
  /** A key's label: the provider takes 1 to 50 characters (it refuses more with VALIDATION_ERROR). */
  labelMax: 50,
  idMax: 64,
} as const;

const problem = (
  field: HostingField,
  rule: HostingRule,
  limit?: number,
): FieldProblem<HostingField, HostingRule> =>
  limit === undefined ? { field, rule } : { field, rule, limit };

const length = (s: string): number => [...s].length;

/**
 * A domain's two forms, the provider's (Punycode, what DNS resolves; '' when
 * it is no domain) and the readable one, for the views to show.
 */
export function domainForms(name: string): { ascii: string; readable: string } {
  const ascii = toAsciiDomain(name);
  return { ascii, readable: ascii === '' ? '' : toUnicodeDomain(ascii) };
}

/** A fully qualified domain name: the provider client's one domain rule, named on its field. */
export function checkFqdn(
  value: string,
  field: HostingField = 'domain',
): FieldProblem<HostingField, HostingRule>[] {
  return validateDomain(value.trim(), field).map((i) =>
    i.rule === 'max_length'
      ? problem(field, 'too_long', DOMAIN_MAX)
      : problem(field, i.rule === 'required' || i.rule === 'control_character' ? i.rule : 'format'),
  );
}

/** The provider client's one text rule (no control characters), named on a /hosting field. */
function controlProblem(field: HostingField, value: string): FieldProblem<HostingField, HostingRule>[] {
  return validateText(value, field).length > 0 ? [problem(field, 'control_character')] : [];
}

export function checkLines(lines: number | undefined): FieldProblem<HostingField, HostingRule>[] {
  if (lines === undefined) return [];
  return Number.isInteger(lines) && lines >= 1 && lines <= HOSTING_LIMITS.linesMax
    ? []
    : [problem('lines', 'range', HOSTING_LIMITS.linesMax)];
}

/** The error log's `keyword`: some text to look for, within its bound; undefined reads every line. */
export function checkKeyword(keyword: string | undefined): FieldProblem<HostingField, HostingRule>[] {
  if (keyword === undefined) return [];
  if (keyword.trim() === '') return [problem('keyword', 'required')];
  return length(keyword) > HOSTING_LIMITS.keywordMax
    ? [problem('keyword', 'too_long', HOSTING_LIMITS.keywordMax)]
    : [];
}

function checkText(
  field: HostingField,
  value: string,
  max: number,
  opts: { min?: number; pattern?: RegExp } = {},
): FieldProblem<HostingField, HostingRule>[] {
  if (value === '') return [problem(field, 'required')];
  const control = controlProblem(field, value);
  if (control.length > 0) return control;
  if (length(value) > max) return [problem(field, 'too_long', max)];
  if (opts.min !== undefined && length(value) < opts.min) return [problem(field, 'too_short', opts.min)];
  if (opts.pattern && !opts.pattern.test(value)) return [problem(field, 'format')];
  return [];
}

/** An identifier the provider gave (a WordPress id, an SSH key id): shown by the list commands. */
export function checkId(field: 'wp_id' | 'key_id', value: string): FieldProblem<HostingField, HostingRule>[] {
  return checkText(field, value.trim(), HOSTING_LIMITS.idMax, { pattern: /^[A-Za-z0-9_-]+$/ });
}

// Half-width printable characters without spaces: passwords and names the panel accepts.
const PRINTABLE = /^[\x21-\x7e]+$/;
const IDENTIFIER = /^[A-Za-z0-9_]+$/;
/** A name the bot makes: the provider takes lower-case letters, digits and `_` in it. */
const SUFFIX = /^[a-z0-9_]+$/;
/** The MySQL character sets the provider offers. */
export const CHARACTER_SETS = ['utf8mb4', 'utf8', 'ujis', 'sjis', 'binary'] as const;

export interface WordpressForm {
  url: string;
  title: string;
  admin_username: string;
  admin_password: string;
  admin_email: string;
}

export function checkWordpressForm(f: WordpressForm): FieldProblem<HostingField, HostingRule>[] {
  const out: FieldProblem<HostingField, HostingRule>[] = [];
  const url = f.url.trim();
  if (url === '') out.push(problem('url', 'required'));
  else if (controlProblem('url', url).length > 0) out.push(problem('url', 'control_character'));
  else if (length(url) > HOSTING_LIMITS.urlMax) out.push(problem('url', 'too_long', HOSTING_LIMITS.urlMax));
  else {
    const m = /^https?:\/\/([^/?#\s]+)(\/[^\s]*)?$/i.exec(url);
    if (!m || checkFqdn(m[1]!).length > 0) out.push(problem('url', 'format'));
  }
  out.push(...checkText('title', f.title.trim(), HOSTING_LIMITS.titleMax));
  out.push(
    ...checkText('admin_username', f.admin_username.trim(), HOSTING_LIMITS.usernameMax, {
      pattern: /^[A-Za-z0-9_.@-]+$/,
    }),
  );
  out.push(
    ...checkText('admin_password', f.admin_password, HOSTING_LIMITS.passwordMax, {
      min: HOSTING_LIMITS.passwordMin,
      pattern: PRINTABLE,
    }),
  );
  const email = f.admin_email.trim();
  if (email === '') out.push(problem('admin_email', 'required'));
  else if (controlProblem('admin_email', email).length > 0)
    out.push(problem('admin_email', 'control_character'));
  else if (length(email) > HOSTING_LIMITS.emailMax)
    out.push(problem('admin_email', 'too_long', HOSTING_LIMITS.emailMax));
  else if (
    validateMailAddress(email, 'admin_email').length > 0 ||
    /\s/.test(email) ||
    // A domain with at least one dot, as the provider asks (`a@localhost` is refused).
    !/^[^@]+@[^@]+\.[^@]+$/.test(email)
  )
    out.push(problem('admin_email', 'format'));
  return out;
}

export interface DatabaseForm {
  name_suffix: string;
  character_set: string;
}

export function checkDatabaseForm(f: DatabaseForm): FieldProblem<HostingField, HostingRule>[] {
  const cs = f.character_set.trim();
  return [
    ...checkText('name_suffix', f.name_suffix.trim(), HOSTING_LIMITS.suffixMax, { pattern: SUFFIX }),
    ...(cs === ''
      ? []
      : checkText('character_set', cs, HOSTING_LIMITS.characterSetMax, {
          pattern: new RegExp(`^(${CHARACTER_SETS.join('|')})$`),
        })),
  ];
}

export interface DatabaseUserForm {
  name_suffix: string;
  password: string;
}

export function checkDatabaseUserForm(f: DatabaseUserForm): FieldProblem<HostingField, HostingRule>[] {
  return [
    ...checkText('name_suffix', f.name_suffix.trim(), HOSTING_LIMITS.suffixMax, { pattern: SUFFIX }),
    ...checkText('password', f.password, HOSTING_LIMITS.passwordMax, {
      min: HOSTING_LIMITS.passwordMin,
      pattern: PRINTABLE,
    }),
  ];
}

export function checkGrant(dbUser: string, dbName: string): FieldProblem<HostingField, HostingRule>[] {
  return [
    ...checkText('db_user', dbUser, HOSTING_LIMITS.dbIdentifierMax, { pattern: IDENTIFIER }),
    ...checkText('db_name', dbName, HOSTING_LIMITS.dbIdentifierMax, { pattern: IDENTIFIER }),
  ];
}

export interface SshKeyForm {
  public_key: string;
  label: string;
}

export function checkLabel(label: string): FieldProblem<HostingField, HostingRule>[] {
  const v = label.trim();
  if (v === '') return [problem('label', 'required')];
  const control = controlProblem('label', v);
  if (control.length > 0) return control;
  return length(v) > HOSTING_LIMITS.labelMax ? [problem('label', 'too_long', HOSTING_LIMITS.labelMax)] : [];
}

export function checkSshKeyForm(f: SshKeyForm): FieldProblem<HostingField, HostingRule>[] {
  const key = f.public_key.trim();
  const out: FieldProblem<HostingField, HostingRule>[] = [];
  if (key === '') out.push(problem('public_key', 'required'));
  else if (length(key) > HOSTING_LIMITS.publicKeyMax)
    out.push(problem('public_key', 'too_long', HOSTING_LIMITS.publicKeyMax));
  else {
    const issues = validateSshPublicKey(key, 'public_key');
    if (issues.some((i) => i.rule === 'control_character'))
      out.push(problem('public_key', 'control_character'));
    else if (issues.length > 0) out.push(problem('public_key', 'format'));
  }
  out.push(...checkLabel(f.label));
  return out;
}
