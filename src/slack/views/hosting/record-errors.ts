/**
 * The sentences of DNS, cron and PHP refusals: the provider's codes said for
 * each area (what it means there, what to do), and the field sentences of
 * their rules. Read by the one error mapping (src/slack/error-text.ts).
 */

import type { ServiceErrorParams } from '../../../services/errors.ts';
import type { RecordField, RecordRule } from '../../../services/hosting/index.ts';
import type { KeyTaking } from '../../i18n/index.ts';

type Area = ServiceErrorParams['hosting_area_rejected']['area'];
type Kind = ServiceErrorParams['hosting_area_rejected']['kind'];
type Refusal = KeyTaking<{ code: string; message: string }>;

export const AREA_REFUSALS: Record<Area, Record<Kind, Refusal>> = {
  dns: {
    NOT_FOUND: 'error.hosting_area.dns.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.dns.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.dns.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.dns.BAD_REQUEST',
    other: 'error.hosting_area.dns.other',
  },
  cron: {
    NOT_FOUND: 'error.hosting_area.cron.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.cron.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.cron.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.cron.BAD_REQUEST',
    other: 'error.hosting_area.cron.other',
  },
  php: {
    NOT_FOUND: 'error.hosting_area.php.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.php.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.php.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.php.BAD_REQUEST',
    other: 'error.hosting_area.php.other',
  },
  ssl: {
    NOT_FOUND: 'error.hosting_area.ssl.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.ssl.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.ssl.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.ssl.BAD_REQUEST',
    other: 'error.hosting_area.ssl.other',
  },
  ftp: {
    NOT_FOUND: 'error.hosting_area.ftp.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.ftp.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.ftp.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.ftp.BAD_REQUEST',
    other: 'error.hosting_area.ftp.other',
  },
  mail_rules: {
    NOT_FOUND: 'error.hosting_area.mail_rules.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.mail_rules.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.mail_rules.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.mail_rules.BAD_REQUEST',
    other: 'error.hosting_area.mail_rules.other',
  },
  domain: {
    NOT_FOUND: 'error.hosting_area.domain.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.domain.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.domain.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.domain.BAD_REQUEST',
    other: 'error.hosting_area.domain.other',
  },
  db: {
    NOT_FOUND: 'error.hosting_area.db.NOT_FOUND',
    OPERATION_ERROR: 'error.hosting_area.db.OPERATION_ERROR',
    VALIDATION_ERROR: 'error.hosting_area.db.VALIDATION_ERROR',
    BAD_REQUEST: 'error.hosting_area.db.BAD_REQUEST',
    other: 'error.hosting_area.db.other',
  },
};

type RecordKey = `${RecordField}.${RecordRule | 'required' | 'too_long' | 'range' | 'format'}`;

/** Each record field's sentence for a rule; a pair not here gets its rule's own. */
export const RECORD_FIELD_SENTENCES: Partial<Record<RecordKey, KeyTaking<{ limit: number }>>> = {
  'host.required': 'field.host.required',
  'host.too_long': 'field.host.too_long',
  'type.required': 'field.type.required',
  'type.one_of': 'field.type.one_of',
  'content.required': 'field.content.required',
  'content.too_long': 'field.content.too_long',
  'ttl.range': 'field.ttl.range',
  'ttl.whole_number': 'field.ttl.whole_number',
  'priority.whole_number': 'field.priority.whole_number',
  'dns_id.required': 'field.dns_id.required',
  'dns_id.whole_number': 'field.dns_id.whole_number',
  'minute.required': 'field.minute.required',
  'minute.range': 'field.minute.range',
  'hour.required': 'field.hour.required',
  'hour.range': 'field.hour.range',
  'day.required': 'field.day.required',
  'day.range': 'field.day.range',
  'month.required': 'field.month.required',
  'month.range': 'field.month.range',
  'weekday.required': 'field.weekday.required',
  'weekday.range': 'field.weekday.range',
  'command.required': 'field.command.required',
  'command.too_long': 'field.command.too_long',
  'comment.too_long': 'field.comment.too_long',
  'cron_id.required': 'field.cron_id.required',
  'cron_id.format': 'field.cron_id.charset',
  'version.required': 'field.version.required',
  'version.one_of': 'field.version.one_of',
};
