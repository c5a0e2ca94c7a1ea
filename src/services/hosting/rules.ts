/**
 * The input rules of /hosting, checked before anything is sent so that a
 * mistake costs no request and is named on its own field. The spec says of
 * the bodies only which fields they carry and that they are strings
 * (docs/provider-api.md, Hosting endpoints), so these are the rules that are
 * no guess: a field the body lists is required, every text keeps the one text
 * rule (no control characters), a domain is a domain (the one domain rule), a
 * site's URL an http(s) URL on one, an e-mail address one by the provider
 * client's mail rule, a public key one in OpenSSH format, an id that goes into
 * a path one a path can carry. The bounds here are the bot's own, never said
 * to be the provider's (docs/provider-api.md, Decisions where the spec is
 * silent). Anything else (lengths, characters, which character sets) is the
 * provider's to decide: it is sent, and a refusal is answered in the
 * provider's own words.
 */
import {
  DOMAIN_MAX,
  toAsciiDomain,
  toUnicodeDomain,
  validateDomain,
  validateMailAddress,
  validatePathId,
  validateSshPublicKey,
  validateText,
} from '../../provider/index.ts';
import type { FieldProblem } from '../field-problem.ts';
import type { RecordField, RecordRule } from './record-rules.ts';

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
  | 'server'
  | 'memo'
  | RecordField;

export type HostingRule = 'required' | 'too_long' | 'format' | 'range' | 'control_character' | RecordRule;

/** The bot's own bounds, each for a reason of the bot's; none of them is the provider's rule. */
export const HOSTING_LIMITS = {
  /** A domain name's length in DNS (the one domain rule, `validateDomain`). */
  domainMax: DOMAIN_MAX,
  /**
   * Every text a person types into a /hosting form or command: a Slack
   * plain_text_input holds 3,000 characters, and one less lets an over-long
   * paste (cut by Slack at 3,000) still break the bound and be answered on
   * its field rather than sent cut short.
   */
  textMax: 2999,
  /** The error log's lines per read: the spec says an integer; 1,000 is one answer's worth, the bot's choice. */
  linesMax: 1000,
  linesDefault: 100,
  /** The error log's `keyword`: the spec says only that there is one; 200 characters is the bot's bound. */
  keywordMax: 200,
} as const;

type Problems = FieldProblem<HostingField, HostingRule>[];

const problem = (field: HostingField, rule: HostingRule, limit?: number): Problems[number] =>
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
export function checkFqdn(value: string, field: HostingField = 'domain'): Problems {
  return validateDomain(value.trim(), field).map((i) =>
    i.rule === 'max_length'
      ? problem(field, 'too_long', DOMAIN_MAX)
      : problem(field, i.rule === 'required' || i.rule === 'control_character' ? i.rule : 'format'),
  );
}

export function checkLines(lines: number | undefined): Problems {
  if (lines === undefined) return [];
  return Number.isInteger(lines) && lines >= 1 && lines <= HOSTING_LIMITS.linesMax
    ? []
    : [problem('lines', 'range', HOSTING_LIMITS.linesMax)];
}

/** The error log's `keyword`: some text to look for, within the bot's bound; undefined reads every line. */
export function checkKeyword(keyword: string | undefined): Problems {
  if (keyword === undefined) return [];
  if (keyword.trim() === '') return [problem('keyword', 'required')];
  return length(keyword) > HOSTING_LIMITS.keywordMax
    ? [problem('keyword', 'too_long', HOSTING_LIMITS.keywordMax)]
    : [];
}

/**
 * A text body field as typed: present (not blank, as the provider client
 * asks), the one text rule, within the bot's bound. Nothing else: what the
 * provider takes in it is the provider's to say.
 */
function checkText(field: HostingField, value: string): Problems {
  if (value.trim() === '') return [problem(field, 'required')];
  if (validateText(value, field).length > 0) return [problem(field, 'control_character')];
  if (length(value) > HOSTING_LIMITS.textMax) return [problem(field, 'too_long', HOSTING_LIMITS.textMax)];
  return [];
}

/**
 * An identifier that goes into a path (a WordPress id, an SSH key id, a
 * database user): the provider client's path-id rule (`validatePathId`);
 * whether it exists is the provider's answer.
 */
export function checkId(field: 'wp_id' | 'key_id' | 'db_user', value: string): Problems {
  return validatePathId(value.trim(), field).map((i) =>
    problem(field, i.rule === 'required' || i.rule === 'control_character' ? i.rule : 'format'),
  );
}

export interface WordpressForm {
  url: string;
  title: string;
  admin_username: string;
  admin_password: string;
  admin_email: string;
}

/** A site's URL: an http(s) URL whose host is a domain name (the one domain rule). */
function checkUrl(value: string): Problems {
  const url = value.trim();
  const text = checkText('url', url);
  if (text.length > 0) return text;
  const m = /^https?:\/\/([^/?#\s]+)(\/[^\s]*)?$/i.exec(url);
  return !m || checkFqdn(m[1]!).length > 0 ? [problem('url', 'format')] : [];
}

/** An e-mail address by the provider client's mail rule (`validateMailAddress`). */
function checkEmail(value: string): Problems {
  const email = value.trim();
  const text = checkText('admin_email', email);
  if (text.length > 0) return text;
  return validateMailAddress(email, 'admin_email').length > 0 ? [problem('admin_email', 'format')] : [];
}

export function checkWordpressForm(f: WordpressForm): Problems {
  return [
    ...checkUrl(f.url),
    ...checkText('title', f.title.trim()),
    ...checkText('admin_username', f.admin_username.trim()),
    // A password is sent as typed: a space in it is the provider's to take or refuse.
    ...checkText('admin_password', f.admin_password),
    ...checkEmail(f.admin_email),
  ];
}

export interface DatabaseForm {
  name_suffix: string;
  /** Empty: not sent, so the provider chooses. */
  character_set: string;
}

export function checkDatabaseForm(f: DatabaseForm): Problems {
  const cs = f.character_set.trim();
  return [
    ...checkText('name_suffix', f.name_suffix.trim()),
    ...(cs === '' ? [] : checkText('character_set', cs)),
  ];
}

export interface DatabaseUserForm {
  name_suffix: string;
  password: string;
}

export function checkDatabaseUserForm(f: DatabaseUserForm): Problems {
  return [...checkText('name_suffix', f.name_suffix.trim()), ...checkText('password', f.password)];
}

/** A grant: the user goes into the path (the path-id rule), the database into the body. */
export function checkGrant(dbUser: string, dbName: string): Problems {
  return [...checkId('db_user', dbUser), ...checkText('db_name', dbName.trim())];
}

export interface SshKeyForm {
  public_key: string;
  label: string;
}

export function checkLabel(label: string): Problems {
  return checkText('label', label.trim());
}

export function checkSshKeyForm(f: SshKeyForm): Problems {
  const key = f.public_key.trim();
  const out: Problems = [];
  if (key === '') out.push(problem('public_key', 'required'));
  else if (length(key) > HOSTING_LIMITS.textMax)
    out.push(problem('public_key', 'too_long', HOSTING_LIMITS.textMax));
  else {
    const issues = validateSshPublicKey(key, 'public_key');
    if (issues.some((i) => i.rule === 'control_character'))
      out.push(problem('public_key', 'control_character'));
    else if (issues.length > 0) out.push(problem('public_key', 'format'));
  }
  out.push(...checkLabel(f.label));
  return out;
}
