/**
 * The hosting API's inputs, checked before anything is sent
 * (docs/provider-api.md, Hosting limits and defaults): what the provider's
 * reference states (a length, a range, a set of values, a field required)
 * and the one text rule, one domain rule and one mail rule of validate.ts.
 * What the reference leaves open is not checked here: the provider decides,
 * and its refusal is shown in its words. Each `validate*` returns the issues
 * (empty when valid) so a form can show them on the field.
 */
import type { ValidationIssue } from './errors.ts';
import { validateText } from './text-rule.ts';
import { validateDomain, validateMailAddress, validatePathId } from './validate.ts';

/** The reference's limits (docs/provider-api.md, Hosting limits and defaults). */
export const HOSTING_LIMITS = {
  cronCommandMax: 1024,
  wpUrlMax: 512,
  wpTextMax: 255,
  wpPasswordMin: 7,
  wpMemoMax: 500,
  mailPasswordMin: 6,
  mailQuotaMin: 1,
  mailQuotaMax: 50_000,
  mailFilterDomainMax: 253,
  ftpPasswordMin: 8,
  dbUserPasswordMin: 6,
  dnsDomainMax: 253,
  dnsHostMax: 255,
  dnsTtlMin: 60,
  dnsTtlMax: 86_400,
} as const;

/** Each cron field's range, as the reference writes it beside `*` and `*\/5`. */
export const CRON_FIELD_RANGES = {
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  weekday: [0, 7],
} as const;
export type CronScheduleField = keyof typeof CRON_FIELD_RANGES;
export const CRON_SCHEDULE_FIELDS = Object.keys(CRON_FIELD_RANGES) as CronScheduleField[];

export const DB_CHARACTER_SETS = ['utf8mb4', 'UTF-8', 'EUC-JP', 'SHIFT-JIS', 'Binary'] as const;
export type DbCharacterSet = (typeof DB_CHARACTER_SETS)[number];
export const DOMAIN_RESET_TYPES = ['all', 'web', 'other'] as const;
export type DomainResetType = (typeof DOMAIN_RESET_TYPES)[number];
export const MAIL_FILTER_FIELDS = ['subject', 'from', 'to', 'body', 'header'] as const;
export const MAIL_FILTER_MATCH_TYPES = ['contain', 'match', 'start_from'] as const;
export const MAIL_FILTER_ACTIONS = ['mail_address', 'spam_folder', 'trash', 'delete'] as const;
export const MAIL_FILTER_METHODS = ['move', 'copy'] as const;
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

const issue = (field: string, rule: string, message: string): ValidationIssue => ({ field, rule, message });
const length = (s: string): number => [...s].length;

interface TextRule {
  required?: boolean;
  min?: number;
  max?: number;
  multiline?: boolean;
}

/** A text field: its type, presence, the text rule, and the reference's bounds on its length. */
export function checkText(v: unknown, field: string, rule: TextRule = {}): ValidationIssue[] {
  if (v === undefined) return rule.required ? [issue(field, 'required', 'required')] : [];
  if (typeof v !== 'string') return [issue(field, 'type', 'must be a string')];
  if (rule.required && v.trim() === '') return [issue(field, 'required', 'must not be empty')];
  const text = validateText(v, field, { multiline: rule.multiline === true });
  if (text.length > 0) return text;
  if (rule.min !== undefined && length(v) < rule.min)
    return [issue(field, 'min_length', `at least ${rule.min} characters`)];
  if (rule.max !== undefined && length(v) > rule.max)
    return [issue(field, 'max_length', `at most ${rule.max} characters`)];
  return [];
}

/** A whole number, within the reference's range when it gives one. */
export function checkInteger(
  v: unknown,
  field: string,
  rule: { required?: boolean; min?: number; max?: number } = {},
): ValidationIssue[] {
  if (v === undefined) return rule.required ? [issue(field, 'required', 'required')] : [];
  if (typeof v !== 'number' || !Number.isInteger(v)) return [issue(field, 'type', 'a whole number')];
  if ((rule.min !== undefined && v < rule.min) || (rule.max !== undefined && v > rule.max))
    return [issue(field, 'range', `${rule.min ?? '…'} to ${rule.max ?? '…'}`)];
  return [];
}

export function checkBoolean(v: unknown, field: string, required = false): ValidationIssue[] {
  if (v === undefined) return required ? [issue(field, 'required', 'required')] : [];
  return typeof v === 'boolean' ? [] : [issue(field, 'type', 'true or false')];
}

export function checkOneOf(
  v: unknown,
  field: string,
  allowed: readonly string[],
  required = false,
): ValidationIssue[] {
  if (v === undefined) return required ? [issue(field, 'required', `one of ${allowed.join(', ')}`)] : [];
  return typeof v === 'string' && allowed.includes(v)
    ? []
    : [issue(field, 'enum', `one of ${allowed.join(', ')}`)];
}

/** A domain in a body, path or query: the one domain rule; left out is fine unless required. */
export function checkDomain(v: unknown, field: string, required = true): ValidationIssue[] {
  if (v === undefined && !required) return [];
  return validateDomain(v, field);
}

/** A mail address (and an FTP account, `user@domain`): the client's one mail rule. */
export function checkAddress(v: unknown, field: string, required = true): ValidationIssue[] {
  if (v === undefined) return required ? [issue(field, 'required', 'required')] : [];
  return validateMailAddress(v, field);
}

/** A DNS record's id: an integer (the reference types it so), as a number or its digits. */
export function validateDnsId(v: unknown, field = 'dns_id'): ValidationIssue[] {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return [];
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return [];
  return [issue(field, 'type', 'a record id is a whole number')];
}

/** A string id (cron job, WordPress site, mail sorting rule) or a name that goes into a path. */
export const validateHostingId = (v: unknown, field: string): ValidationIssue[] => validatePathId(v, field);

/**
 * One cron schedule field: every number written in it lies in the field's
 * range (the reference gives the ranges; which other forms cron takes beside
 * `*`, `*\/n` and ranges is the provider's to say, so none is refused here).
 */
export function checkCronField(v: unknown, field: CronScheduleField, required: boolean): ValidationIssue[] {
  const text = checkText(v, field, { required });
  if (text.length > 0 || typeof v !== 'string') return text;
  const [lo, hi] = CRON_FIELD_RANGES[field];
  // A number after `/` is a step, not a value of the field.
  const values = v.replace(/\/\d+/g, '').match(/\d+/g) ?? [];
  return values.every((n) => Number(n) >= lo && Number(n) <= hi)
    ? []
    : [issue(field, 'range', `numbers ${lo} to ${hi}`)];
}

export interface CronJobInput {
  minute: string;
  hour: string;
  day: string;
  month: string;
  weekday: string;
  command: string;
  comment?: string;
}

/** POST /cron: the five schedule fields and the command required, the command at most 1024. */
export function validateCronJob(input: CronJobInput): ValidationIssue[] {
  return [
    ...CRON_SCHEDULE_FIELDS.flatMap((f) => checkCronField(input[f], f, true)),
    ...checkText(input.command, 'command', { required: true, max: HOSTING_LIMITS.cronCommandMax }),
    ...checkText(input.comment, 'comment'),
  ];
}

export interface CronJobChange extends Partial<CronJobInput> {
  enabled?: boolean;
}

/** PUT /cron/{id}: every field optional; the reference states no limit here but the values' types. */
export function validateCronChange(input: CronJobChange): ValidationIssue[] {
  return [
    ...CRON_SCHEDULE_FIELDS.flatMap((f) => checkText(input[f], f)),
    ...checkText(input.command, 'command'),
    ...checkText(input.comment, 'comment'),
    ...checkBoolean(input.enabled, 'enabled'),
  ];
}

export interface InstallWordpressInput {
  /** The site's address; the scheme may be left out. */
  url: string;
  title: string;
  admin_username: string;
  admin_password: string;
  admin_email: string;
  memo?: string;
}

export function validateWordpressInstall(input: InstallWordpressInput): ValidationIssue[] {
  const max = HOSTING_LIMITS.wpTextMax;
  return [
    ...checkText(input.url, 'url', { required: true, max: HOSTING_LIMITS.wpUrlMax }),
    ...checkText(input.title, 'title', { required: true, max }),
    ...checkText(input.admin_username, 'admin_username', { required: true, max }),
    ...checkText(input.admin_password, 'admin_password', {
      required: true,
      min: HOSTING_LIMITS.wpPasswordMin,
    }),
    ...(checkText(input.admin_email, 'admin_email', { required: true, max }).length > 0
      ? checkText(input.admin_email, 'admin_email', { required: true, max })
      : validateMailAddress(input.admin_email, 'admin_email')),
    ...checkText(input.memo, 'memo', { max: HOSTING_LIMITS.wpMemoMax, multiline: true }),
  ];
}

export interface CreateMailInput {
  mail_address: string;
  password: string;
  /** 1 to 50000; left out, the provider's default (not published). */
  quota_mb?: number;
  memo?: string;
}

export function validateMailCreate(input: CreateMailInput): ValidationIssue[] {
  return [
    ...checkAddress(input.mail_address, 'mail_address'),
    ...checkText(input.password, 'password', { required: true, min: HOSTING_LIMITS.mailPasswordMin }),
    ...checkInteger(input.quota_mb, 'quota_mb', {
      min: HOSTING_LIMITS.mailQuotaMin,
      max: HOSTING_LIMITS.mailQuotaMax,
    }),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface MailChange {
  password?: string;
  quota_mb?: number;
  memo?: string;
}

/** PUT /mail/{address}: the reference states the password's and quota's bounds for creation only. */
export function validateMailChange(input: MailChange): ValidationIssue[] {
  return [
    ...checkText(input.password, 'password'),
    ...checkInteger(input.quota_mb, 'quota_mb'),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface MailForwardingInput {
  /** Replaces the whole list; `[]` clears it. */
  forwarding_addresses?: string[];
  keep_in_mailbox?: boolean;
}

export function validateForwarding(input: MailForwardingInput): ValidationIssue[] {
  const list = input.forwarding_addresses;
  const out: ValidationIssue[] = [];
  if (list !== undefined) {
    if (!Array.isArray(list)) out.push(issue('forwarding_addresses', 'type', 'a list of mail addresses'));
    else for (const a of list) out.push(...checkAddress(a, 'forwarding_addresses'));
  }
  return [...out, ...checkBoolean(input.keep_in_mailbox, 'keep_in_mailbox')];
}

export interface MailFilterCondition {
  keyword: string;
  field: (typeof MAIL_FILTER_FIELDS)[number];
  match_type: (typeof MAIL_FILTER_MATCH_TYPES)[number];
}
export interface MailFilterInput {
  domain: string;
  conditions: MailFilterCondition[];
  action: {
    type: (typeof MAIL_FILTER_ACTIONS)[number];
    /** The destination when `type` is `mail_address`. */
    target?: string;
    method: (typeof MAIL_FILTER_METHODS)[number];
  };
}

export function validateMailFilter(input: MailFilterInput): ValidationIssue[] {
  const out = [...checkDomain(input.domain, 'domain')];
  const conditions: unknown = input.conditions;
  if (!Array.isArray(conditions) || conditions.length === 0)
    out.push(issue('conditions', 'min_items', 'at least one condition'));
  else {
    for (const c of conditions as MailFilterCondition[]) {
      out.push(
        ...checkText(c?.keyword, 'keyword', { required: true }),
        ...checkOneOf(c?.field, 'field', MAIL_FILTER_FIELDS, true),
        ...checkOneOf(c?.match_type, 'match_type', MAIL_FILTER_MATCH_TYPES, true),
      );
    }
  }
  const a: unknown = input.action;
  if (typeof a !== 'object' || a === null) out.push(issue('action', 'required', 'one action'));
  else {
    const action = a as MailFilterInput['action'];
    out.push(
      ...checkOneOf(action.type, 'type', MAIL_FILTER_ACTIONS, true),
      ...checkOneOf(action.method, 'method', MAIL_FILTER_METHODS, true),
      ...(action.target === undefined ? [] : checkAddress(action.target, 'target')),
    );
  }
  return out;
}

export interface CreateFtpInput {
  /** `user@domain` */
  ftp_account: string;
  password: string;
  /** Default `/`. */
  directory?: string;
  quota_mb?: number;
  memo?: string;
}

export function validateFtpCreate(input: CreateFtpInput): ValidationIssue[] {
  return [
    ...checkAddress(input.ftp_account, 'ftp_account'),
    ...checkText(input.password, 'password', { required: true, min: HOSTING_LIMITS.ftpPasswordMin }),
    ...checkText(input.directory, 'directory'),
    ...checkInteger(input.quota_mb, 'quota_mb'),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface FtpChange {
  password?: string;
  directory?: string;
  quota_mb?: number;
  memo?: string;
}

export function validateFtpChange(input: FtpChange): ValidationIssue[] {
  return [
    ...checkText(input.password, 'password'),
    ...checkText(input.directory, 'directory'),
    ...checkInteger(input.quota_mb, 'quota_mb'),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface CreateDatabaseInput {
  /** The part after `<server id>_`. */
  name_suffix: string;
  /** One of DB_CHARACTER_SETS; the provider's default `utf8mb4` when left out. */
  character_set?: string;
  memo?: string;
}

export function validateDatabaseCreate(input: CreateDatabaseInput): ValidationIssue[] {
  return [
    ...checkText(input.name_suffix, 'name_suffix', { required: true }),
    ...checkOneOf(input.character_set, 'character_set', DB_CHARACTER_SETS),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface CreateDatabaseUserInput {
  name_suffix: string;
  password: string;
  memo?: string;
}

export function validateDatabaseUserCreate(input: CreateDatabaseUserInput): ValidationIssue[] {
  return [
    ...checkText(input.name_suffix, 'name_suffix', { required: true }),
    ...checkText(input.password, 'password', { required: true, min: HOSTING_LIMITS.dbUserPasswordMin }),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface DatabaseUserChange {
  password?: string;
  memo?: string;
}

export interface AddDomainInput {
  /** A Japanese name is sent in Punycode. */
  domain: string;
  /** Default true. */
  ssl?: boolean;
  /** Default: the value of `ssl`. */
  redirect_https?: boolean;
  /** Default true (AI crawlers blocked). */
  ai_crawler_block_enabled?: boolean;
  memo?: string;
}

export function validateDomainAdd(input: AddDomainInput): ValidationIssue[] {
  return [
    ...checkDomain(input.domain, 'domain'),
    ...checkBoolean(input.ssl, 'ssl'),
    ...checkBoolean(input.redirect_https, 'redirect_https'),
    ...checkBoolean(input.ai_crawler_block_enabled, 'ai_crawler_block_enabled'),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface AddSubdomainInput {
  /** The full name, e.g. `blog.example.jp`. */
  subdomain: string;
  /** Default true. */
  ssl?: boolean;
  memo?: string;
}

export function validateSubdomainAdd(input: AddSubdomainInput): ValidationIssue[] {
  return [
    ...checkDomain(input.subdomain, 'subdomain'),
    ...checkBoolean(input.ssl, 'ssl'),
    ...checkText(input.memo, 'memo', { multiline: true }),
  ];
}

export interface DnsRecordInput {
  /** The zone's domain (in Punycode when sent). */
  domain: string;
  /** `@` for the apex, else a name relative to the domain (`www`). */
  host: string;
  type: DnsRecordType;
  content: string;
  /** 60 to 86400; the provider's default 3600 when left out. */
  ttl?: number;
  /** An MX (or SRV) record's priority. */
  priority?: number;
}

const ttlRule = { min: HOSTING_LIMITS.dnsTtlMin, max: HOSTING_LIMITS.dnsTtlMax };

export function validateDnsRecord(input: DnsRecordInput): ValidationIssue[] {
  return [
    ...checkDomain(input.domain, 'domain'),
    ...checkText(input.host, 'host', { required: true, max: HOSTING_LIMITS.dnsHostMax }),
    ...checkOneOf(input.type, 'type', DNS_RECORD_TYPES, true),
    ...checkText(input.content, 'content', { required: true }),
    ...checkInteger(input.ttl, 'ttl', ttlRule),
    ...checkInteger(input.priority, 'priority'),
  ];
}

export type DnsRecordChange = Partial<DnsRecordInput>;

/** PUT /dns/{id}: the reference states the lengths of `domain` and `host` for POST only; the ttl's range for both. */
export function validateDnsChange(input: DnsRecordChange): ValidationIssue[] {
  return [
    ...checkDomain(input.domain, 'domain', false),
    ...checkText(input.host, 'host', { required: false }),
    ...checkOneOf(input.type, 'type', DNS_RECORD_TYPES),
    ...checkText(input.content, 'content'),
    ...checkInteger(input.ttl, 'ttl', ttlRule),
    ...checkInteger(input.priority, 'priority'),
  ];
}

export interface HostingLogQuery {
  domain: string;
  /** Lines counted from the end (a positive whole number); the access log's whole file when left out. */
  lines?: number;
  keyword?: string;
}

export function validateLogQuery(q: HostingLogQuery): ValidationIssue[] {
  return [
    ...checkDomain(q.domain, 'domain'),
    ...checkInteger(q.lines, 'lines', { min: 1 }),
    ...checkText(q.keyword, 'keyword'),
  ];
}
