/**
 * The input rules of DNS records, cron jobs and PHP versions, checked before
 * anything is sent and named on the field where they were typed. They are the
 * provider reference's own rules, as the provider client checks them
 * (docs/provider-api.md, Hosting limits and defaults): a DNS record's type
 * among the seven, its TTL 60 to 86,400 seconds, its host at most 255
 * characters (`@` the apex), a cron field's numbers in its range, a command at
 * most 1,024 characters. What the reference leaves open (which content an A
 * or an MX record takes, which cron forms beside `*`, `*\/n` and ranges) is
 * the provider's to decide: it is sent, and its answer explained.
 */
import {
  CRON_FIELD_RANGES,
  CRON_SCHEDULE_FIELDS,
  type CronJobInput,
  type CronScheduleField,
  DNS_RECORD_TYPES,
  type DnsRecordType,
  HOSTING_LIMITS as REFERENCE,
  type ValidationIssue,
  validateCronJob,
  validateDnsChange,
  validateDnsRecord,
  validatePathId,
  validateText,
} from '../../provider/index.ts';
import type { FieldProblem } from '../field-problem.ts';

export { DNS_RECORD_TYPES };

export type RecordField =
  | 'host'
  | 'type'
  | 'content'
  | 'ttl'
  | 'priority'
  | 'dns_id'
  | CronScheduleField
  | 'command'
  | 'comment'
  | 'cron_id'
  | 'version'
  | 'ftp_account';

/** `one_of`: not among the values the reference (or the provider's list) offers. */
export type RecordRule = 'one_of' | 'whole_number';

export type RecordProblem = FieldProblem<
  RecordField | 'domain',
  RecordRule | 'required' | 'too_long' | 'range' | 'format' | 'control_character'
>;

/** The bounds the sentences name. */
export const RECORD_LIMITS = {
  hostMax: REFERENCE.dnsHostMax,
  ttlMin: REFERENCE.dnsTtlMin,
  ttlMax: REFERENCE.dnsTtlMax,
  commandMax: REFERENCE.cronCommandMax,
  /** Every other text typed: one under Slack's 3,000 (rules.ts, HOSTING_LIMITS.textMax). */
  textMax: 2999,
} as const;

const LIMIT_OF: Partial<Record<string, number>> = {
  host: RECORD_LIMITS.hostMax,
  ttl: RECORD_LIMITS.ttlMax,
  command: RECORD_LIMITS.commandMax,
  ...Object.fromEntries(CRON_SCHEDULE_FIELDS.map((f) => [f, CRON_FIELD_RANGES[f][1]])),
};

const FIELDS: ReadonlySet<string> = new Set<string>([
  'domain',
  'host',
  'type',
  'content',
  'ttl',
  'priority',
  'dns_id',
  ...CRON_SCHEDULE_FIELDS,
  'command',
  'comment',
  'cron_id',
  'version',
]);

/** The provider client's issues (its checks of the reference's rules), each on its field. */
export function fromIssues(issues: readonly ValidationIssue[]): RecordProblem[] {
  const out: RecordProblem[] = [];
  for (const i of issues) {
    if (!FIELDS.has(i.field)) continue;
    const field = i.field as RecordProblem['field'];
    const limit = LIMIT_OF[i.field];
    switch (i.rule) {
      case 'required':
      case 'control_character':
        out.push({ field, rule: i.rule });
        break;
      case 'max_length':
        out.push({ field, rule: 'too_long', limit });
        break;
      case 'range':
        out.push({ field, rule: 'range', limit });
        break;
      case 'enum':
        out.push({ field, rule: 'one_of' });
        break;
      case 'type':
        out.push({ field, rule: field === 'ttl' || field === 'priority' ? 'whole_number' : 'format' });
        break;
      default:
        out.push({ field, rule: 'format' });
    }
  }
  return out;
}

/** A number as typed (`3600`), or NaN for anything that is not one whole number; undefined left out. */
export function typedNumber(typed: string | undefined): number | undefined {
  const t = typed?.trim() ?? '';
  if (t === '') return undefined;
  return /^-?\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** A DNS record type as typed, in capitals (`mx` is MX). */
export function recordType(typed: string): DnsRecordType | string {
  const up = typed.trim().toUpperCase();
  return DNS_RECORD_TYPES.find((t) => t === up) ?? typed.trim();
}

/** Beyond the reference: every typed text keeps the one text rule and the bot's bound. */
function textBound(field: RecordField, value: string | undefined): RecordProblem[] {
  if (value === undefined) return [];
  if (validateText(value, field).length > 0) return [{ field, rule: 'control_character' }];
  if ([...value].length > RECORD_LIMITS.textMax)
    return [{ field, rule: 'too_long', limit: RECORD_LIMITS.textMax }];
  return [];
}

export interface DnsRecordForm {
  domain: string;
  host: string;
  type: string;
  content: string;
  ttl?: number | undefined;
  priority?: number | undefined;
}

/** A new record, as POST /dns takes it. */
export function checkDnsRecord(f: DnsRecordForm): RecordProblem[] {
  const first = new Map<string, RecordProblem>();
  const issues = validateDnsRecord({
    domain: f.domain.trim(),
    host: f.host.trim(),
    type: recordType(f.type) as DnsRecordType,
    content: f.content,
    ...(f.ttl === undefined ? {} : { ttl: f.ttl }),
    ...(f.priority === undefined ? {} : { priority: f.priority }),
  });
  for (const p of [...textBound('content', f.content), ...fromIssues(issues)]) {
    if (!first.has(p.field)) first.set(p.field, p);
  }
  return [...first.values()];
}

/** What a change of a record gives: any of its fields; what it leaves out keeps its value. */
export interface DnsChangeForm {
  host?: string | undefined;
  type?: string | undefined;
  content?: string | undefined;
  ttl?: number | undefined;
  priority?: number | undefined;
}

export function checkDnsChange(f: DnsChangeForm): RecordProblem[] {
  const first = new Map<string, RecordProblem>();
  const issues = validateDnsChange({
    ...(f.host === undefined ? {} : { host: f.host.trim() }),
    ...(f.type === undefined ? {} : { type: recordType(f.type) as DnsRecordType }),
    ...(f.content === undefined ? {} : { content: f.content }),
    ...(f.ttl === undefined ? {} : { ttl: f.ttl }),
    ...(f.priority === undefined ? {} : { priority: f.priority }),
  });
  const required: RecordProblem[] = [
    ...(f.host !== undefined && f.host.trim() === ''
      ? [{ field: 'host' as const, rule: 'required' as const }]
      : []),
    ...(f.content !== undefined && f.content.trim() === ''
      ? [{ field: 'content' as const, rule: 'required' as const }]
      : []),
  ];
  for (const p of [
    ...required,
    ...textBound('host', f.host),
    ...textBound('content', f.content),
    ...fromIssues(issues),
  ]) {
    if (!first.has(p.field)) first.set(p.field, p);
  }
  return [...first.values()];
}

/** A record's id as typed: the reference types it as an integer. */
export function checkDnsId(id: string): RecordProblem[] {
  const t = id.trim();
  if (t === '') return [{ field: 'dns_id', rule: 'required' }];
  return /^\d{1,15}$/.test(t) ? [] : [{ field: 'dns_id', rule: 'whole_number' }];
}

/** A cron job's id (a hash id of unstated form): an id a path can carry. */
export function checkCronId(id: string): RecordProblem[] {
  return validatePathId(id.trim(), 'cron_id').map((i) => ({
    field: 'cron_id' as const,
    rule: i.rule === 'required' || i.rule === 'control_character' ? i.rule : ('format' as const),
  }));
}

export type CronForm = Omit<CronJobInput, 'comment'> & { comment: string };

/** A new cron job: the five schedule fields and the command, each by the reference's rules. */
export function checkCronJob(f: CronForm): RecordProblem[] {
  const first = new Map<string, RecordProblem>();
  const input: CronJobInput = {
    minute: f.minute.trim(),
    hour: f.hour.trim(),
    day: f.day.trim(),
    month: f.month.trim(),
    weekday: f.weekday.trim(),
    command: f.command,
    ...(f.comment.trim() === '' ? {} : { comment: f.comment }),
  };
  for (const p of [...fromIssues(validateCronJob(input)), ...textBound('comment', f.comment)]) {
    if (!first.has(p.field)) first.set(p.field, p);
  }
  return [...first.values()];
}

/** The versions a domain may be set to: the ones offered (when the provider's list was read). */
export function checkPhpVersion(version: string, offered: readonly string[] | undefined): RecordProblem[] {
  const v = version.trim();
  if (v === '') return [{ field: 'version', rule: 'required' }];
  if (validateText(v, 'version').length > 0) return [{ field: 'version', rule: 'control_character' }];
  if (offered !== undefined && offered.length > 0 && !offered.includes(v))
    return [{ field: 'version', rule: 'one_of' }];
  return [];
}
