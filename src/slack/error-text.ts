/**
 * The one mapping from whatever a use case threw to the sentence a user reads:
 * what happened and what to do, from the i18n catalog, never a stack trace,
 * a provider message (it may echo input) or the key. Each sentence is chosen
 * by a switch or a typed map the compiler checks against the catalog.
 */

import { isProviderErrorCode, type ProviderErrorCode } from '../provider/index.ts';
import type { Role } from '../services/access/index.ts';
import {
  type ChannelUnreachableReason,
  classifyFailure,
  type FailureKind,
  type RefusedValue,
  type ServiceError,
  type ServiceErrorDetail,
  type ServiceErrorParams,
  type SignupIdRule,
} from '../services/errors.ts';
import type { FieldProblem } from '../services/field-problem.ts';
import type { HostingField, HostingRule, MailProblem } from '../services/hosting/index.ts';
import type { RenewalDateProblem } from '../services/renewals/index.ts';
import {
  type ChangeField,
  FIELD_LIMITS,
  type FieldRule,
  type RefProblem,
} from '../services/servers/index.ts';
import type { ParseProblem, UsageTopic } from './grammar/tokens.ts';
import type { KeyTaking, MessageKey, PlainKey } from './i18n/index.ts';
import { displayDomain } from './views/domain-display.ts';
import {
  clip,
  type Message,
  mrkdwnText,
  permissionLabel,
  roleLabel,
  SHOWN,
  type Ui,
} from './views/format.ts';
import { AREA_REFUSALS, RECORD_FIELD_SENTENCES } from './views/hosting/record-errors.ts';
import { failureView } from './views/messages.ts';
import { queueFullText } from './views/queue-full.ts';

/** The fields and rules each feature refuses a value for (its FieldProblem types). */
type KnownProblem =
  | FieldProblem<ChangeField, FieldRule>
  | RefProblem
  | FieldProblem<'limit', 'range'>
  | FieldProblem<HostingField, HostingRule>
  | MailProblem
  | RenewalDateProblem
  | FieldProblem<'signup_id', SignupIdRule>;

/** A field and a rule as one key: `name.too_long`. */
type FieldRuleKey = `${KnownProblem['field']}.${KnownProblem['rule']}`;
type FieldSentence = KeyTaking<{ limit: number }>;

/** Where to look for the thing a /hosting command named and the provider does not have. */
const NOT_FOUND_WORDS: Record<
  ServiceErrorParams['hosting_not_found']['what'],
  { what: PlainKey; hint: PlainKey }
> = {
  wp: { what: 'error.hosting_not_found.what.wp', hint: 'error.hosting_not_found.wp' },
  ssh_key: { what: 'error.hosting_not_found.what.ssh_key', hint: 'error.hosting_not_found.ssh_key' },
  dns: { what: 'error.hosting_not_found.what.dns', hint: 'error.hosting_not_found.dns' },
  cron: { what: 'error.hosting_not_found.what.cron', hint: 'error.hosting_not_found.cron' },
  ssl: { what: 'error.hosting_not_found.what.ssl', hint: 'error.hosting_not_found.ssl' },
  ftp: { what: 'error.hosting_not_found.what.ftp', hint: 'error.hosting_not_found.ftp' },
  mail: { what: 'error.hosting_not_found.what.mail', hint: 'error.hosting_not_found.mail' },
  mail_rule: { what: 'error.hosting_not_found.what.mail_rule', hint: 'error.hosting_not_found.mail_rule' },
  domain: { what: 'error.hosting_not_found.what.domain', hint: 'error.hosting_not_found.domain' },
  subdomain: { what: 'error.hosting_not_found.what.subdomain', hint: 'error.hosting_not_found.subdomain' },
  db: { what: 'error.hosting_not_found.what.db', hint: 'error.hosting_not_found.db' },
  db_user: { what: 'error.hosting_not_found.what.db_user', hint: 'error.hosting_not_found.db_user' },
  grant: { what: 'error.hosting_not_found.what.grant', hint: 'error.hosting_not_found.grant' },
};

/** The sentence of each field and rule the services refuse a value for; a pair not listed gets its rule's. */
const FIELD_SENTENCES: Partial<Record<FieldRuleKey, FieldSentence>> = {
  'name.required': 'field.name.required',
  'name.too_long': 'field.name.too_long',
  'name.charset': 'field.name.charset',
  'memo.required': 'field.memo.required',
  'memo.too_long': 'field.memo.too_long',
  'memo.charset': 'field.memo.charset',
  'rdns.required': 'field.rdns.required',
  'rdns.too_long': 'field.rdns.too_long',
  'rdns.charset': 'field.rdns.charset',
  'server_ref.too_long': 'field.server_ref.too_long',
  'filter.too_long': 'field.filter.too_long',
  'limit.range': 'field.limit.range',
  'signup_id.required': 'field.signup_id.required',
  'signup_id.format': 'field.signup_id.charset',
  'renewal_date.shape': 'field.renewal_date.shape',
  'renewal_date.not_a_day': 'field.renewal_date.not_a_day',
  'renewal_date.past': 'field.renewal_date.past',
  'renewal_date.too_far': 'field.renewal_date.too_far',
  'domain.required': 'field.domain.required',
  'domain.too_long': 'field.domain.too_long',
  'domain.format': 'field.domain.charset',
  'subdomain.required': 'field.subdomain.required',
  'subdomain.too_long': 'field.subdomain.too_long',
  'subdomain.format': 'field.subdomain.charset',
  'lines.range': 'field.lines.range',
  'keyword.required': 'field.keyword.required',
  'keyword.too_long': 'field.keyword.too_long',
  'server.too_long': 'field.server.too_long',
  'server.format': 'field.server.charset',
  'url.required': 'field.url.required',
  'url.too_long': 'field.url.too_long',
  'url.format': 'field.url.charset',
  'title.required': 'field.title.required',
  'title.too_long': 'field.title.too_long',
  'admin_username.required': 'field.admin_username.required',
  'admin_username.too_long': 'field.admin_username.too_long',
  'admin_password.required': 'field.admin_password.required',
  'admin_password.too_long': 'field.admin_password.too_long',
  'admin_email.required': 'field.admin_email.required',
  'admin_email.too_long': 'field.admin_email.too_long',
  'admin_email.format': 'field.admin_email.charset',
  'name_suffix.required': 'field.name_suffix.required',
  'name_suffix.too_long': 'field.name_suffix.too_long',
  'character_set.too_long': 'field.character_set.too_long',
  'password.required': 'field.password.required',
  'password.too_long': 'field.password.too_long',
  'db_user.required': 'field.db_user.required',
  'db_user.format': 'field.db_user.charset',
  'db_name.required': 'field.db_name.required',
  'db_name.too_long': 'field.db_name.too_long',
  'public_key.required': 'field.public_key.required',
  'public_key.too_long': 'field.public_key.too_long',
  'public_key.format': 'field.public_key.charset',
  'label.required': 'field.label.required',
  'label.too_long': 'field.label.too_long',
  'wp_id.required': 'field.wp_id.required',
  'wp_id.format': 'field.wp_id.charset',
  'key_id.required': 'field.key_id.required',
  'key_id.format': 'field.key_id.charset',
  ...RECORD_FIELD_SENTENCES,
  'mail_address.required': 'field.mail_address.format',
  'mail_address.format': 'field.mail_address.format',
  'ftp_account.required': 'field.ftp_account.format',
  'ftp_account.format': 'field.ftp_account.format',
};

/** A rule's sentence for a field that has none of its own: it names the rule, never the field's id. */
const RULE_WORDS: Record<KnownProblem['rule'], FieldSentence> = {
  required: 'field.value.required',
  too_long: 'field.value.too_long',
  too_short: 'field.value.invalid',
  range: 'field.value.range',
  charset: 'field.value.invalid',
  format: 'field.value.invalid',
  invalid: 'field.value.invalid',
  shape: 'field.value.invalid',
  not_a_day: 'field.value.invalid',
  past: 'field.value.invalid',
  too_far: 'field.value.invalid',
  control_character: 'field.control_character',
  one_of: 'field.value.one_of',
  whole_number: 'field.value.whole_number',
};

// Looked up by what a service refused (its field and rule as text); the maps' keys are checked above.
const SENTENCES: ReadonlyMap<string, FieldSentence> = new Map<string, FieldSentence>(
  Object.entries(FIELD_SENTENCES),
);
const RULE_SENTENCES: ReadonlyMap<string, FieldSentence> = new Map<string, FieldSentence>(
  Object.entries(RULE_WORDS),
);

/** A modal's inline errors: the first problem of each field, on the block `blockOf` names for it. */
export function fieldErrors(
  ui: Ui,
  problems: readonly RefusedValue[],
  blockOf: (field: string) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of problems) errors[blockOf(p.field)] ??= fieldProblemText(ui, p);
  return errors;
}

/** The sentence for one field problem (modal inline errors and argument errors alike). */
export function fieldProblemText(ui: Ui, p: RefusedValue): string {
  // One sentence for every field: the rule is the same everywhere (the provider client's validateText).
  if (p.rule === 'control_character') return ui.t('field.control_character');
  const limit = p.limit ?? 0;
  // A length or range rule without its bound cannot say it: the rule's plain sentence instead.
  if ((p.rule === 'too_long' || p.rule === 'range') && limit === 0) return ui.t('field.value.invalid');
  const key = SENTENCES.get(`${p.field}.${p.rule}`) ?? RULE_SENTENCES.get(p.rule) ?? 'field.value.invalid';
  return ui.t(key, { limit });
}

/** The provider client's own refusal of a value (its validators), read as the field problem of a change. */
function providerIssue(field: string, rule: string): FieldProblem<ChangeField, FieldRule> | undefined {
  const changed = field === 'hostname' ? 'rdns' : field;
  if (changed !== 'name' && changed !== 'memo' && changed !== 'rdns') return undefined;
  const read: FieldRule =
    rule === 'max_length'
      ? 'too_long'
      : rule === 'required' || rule === 'charset' || rule === 'control_character'
        ? rule
        : 'invalid';
  return {
    field: changed,
    rule: read,
    ...(read === 'too_long' ? { limit: FIELD_LIMITS[changed] } : {}),
  };
}

function providerIssueText(ui: Ui, field: string, rule: string): string {
  const p = providerIssue(field, rule);
  if (p) return fieldProblemText(ui, p);
  return ui.t(rule === 'control_character' ? 'field.control_character' : 'field.value.invalid');
}

/** What a person must do to get a role, by the role needed. */
const HOW_TO_GET: Partial<Record<Role, PlainKey>> = {
  viewer: 'error.role_required.how.viewer',
  operator: 'error.role_required.how.operator',
  approver: 'error.role_required.how.approver',
  admin: 'error.role_required.how.admin',
};

const UNREACHABLE: Record<ChannelUnreachableReason, KeyTaking<{ channel: string }>> = {
  not_in_channel: 'watch.unreachable.not_in_channel',
  channel_not_found: 'watch.unreachable.channel_not_found',
  is_archived: 'watch.unreachable.is_archived',
};

/** The provider's documented codes (docs/provider-api.md, Error status codes), each in words. */
export const PROVIDER_SENTENCES: Record<Exclude<ProviderErrorCode, 'RATE_LIMIT_EXCEEDED'>, PlainKey> = {
  BAD_REQUEST: 'provider.BAD_REQUEST',
  UNAUTHORIZED: 'provider.UNAUTHORIZED',
  PAYMENT_REQUIRED: 'provider.PAYMENT_REQUIRED',
  FORBIDDEN: 'provider.FORBIDDEN',
  NOT_FOUND: 'provider.NOT_FOUND',
  CAPACITY_UNAVAILABLE: 'provider.CAPACITY_UNAVAILABLE',
  DUPLICATE_REQUEST: 'provider.DUPLICATE_REQUEST',
  OPERATION_ERROR: 'provider.OPERATION_ERROR',
  VALIDATION_ERROR: 'provider.VALIDATION_ERROR',
  PRICE_MISMATCH: 'provider.PRICE_MISMATCH',
  PLAN_NOT_AVAILABLE: 'provider.PLAN_NOT_AVAILABLE',
  INTERNAL_ERROR: 'provider.INTERNAL_ERROR',
  BACKEND_ERROR: 'provider.BACKEND_ERROR',
};

function providerText(ui: Ui, code: ProviderErrorCode, retryAfterSeconds?: number): string {
  if (code !== 'RATE_LIMIT_EXCEEDED') return ui.t(PROVIDER_SENTENCES[code]);
  return retryAfterSeconds
    ? ui.t('provider.RATE_LIMIT_EXCEEDED', { seconds: Math.ceil(retryAfterSeconds) })
    : ui.t('provider.RATE_LIMIT_EXCEEDED_soon');
}

/** A provider's own code as shown in a sentence: its letters, digits and underscores, cut. */
const shownCode = (code: string): string => code.replace(/[^A-Z0-9_]/gi, '').slice(0, 40);

/** Channels named in a sentence: the first ten as links, the rest counted. */
function channelList(ui: Ui, ids: readonly string[]): string {
  const shown = ids.slice(0, 10).map((c) => `<#${c}>`);
  const list = shown.join(ui.locale === 'ja' ? '、' : ', ');
  return ids.length > shown.length ? `${list} …` : list;
}

/** Servers named in a sentence, as typed text. */
const serverList = (ui: Ui, servers: readonly string[]): string =>
  servers.map((s) => mrkdwnText(s, SHOWN.name)).join(ui.locale === 'ja' ? '、' : ', ');

/** A service's refusal in words; `details` as the failure view lists them. */
function serviceText(ui: Ui, e: ServiceError): { text: string; details: readonly ServiceErrorDetail[] } {
  const text = (t: string) => ({ text: t, details: [] });
  const p = e.problem;
  switch (p.code) {
    case 'server_not_found': {
      const ref = mrkdwnText(p.params.ref, SHOWN.name);
      return e.details.length > 0
        ? { text: ui.t('error.server_not_found_similar', { ref }), details: e.details }
        : text(ui.t('error.server_not_found', { ref }));
    }
    case 'server_ambiguous':
      return {
        text: ui.t('error.server_ambiguous', {
          ref: mrkdwnText(p.params.ref, SHOWN.name),
          count: p.params.count,
        }),
        details: e.details,
      };
    case 'server_malformed':
      return text(
        ui.t('error.server_malformed', {
          ref: mrkdwnText(p.params.ref, SHOWN.name),
          uuid: mrkdwnText(p.params.uuid, SHOWN.word),
          fields: mrkdwnText(p.params.fields, SHOWN.word),
        }),
      );
    case 'server_unaddressable':
      return text(ui.t('error.server_unaddressable', { ref: mrkdwnText(p.params.ref, SHOWN.name) }));
    case 'role_required': {
      const how = HOW_TO_GET[p.params.role];
      const role = roleLabel(ui, p.params.role);
      const howText = how ? ui.t(how) : '';
      // "yours is no access" is no sentence: a person without a role hears so.
      return text(
        (p.params.yours === 'none'
          ? ui.t('error.role_required_none', { role, how: howText })
          : ui.t('error.role_required', { role, yours: roleLabel(ui, p.params.yours), how: howText })
        ).trim(),
      );
    }
    case 'channel_not_allowed':
      return text(
        p.params.channels.length === 0
          ? ui.t('error.channel_not_allowed.none')
          : ui.t('error.channel_not_allowed', { channels: channelList(ui, p.params.channels) }),
      );
    case 'target_channel_not_allowed':
      return text(ui.t('error.target_channel_not_allowed', { channel: p.params.channel }));
    case 'account_unbound': {
      const sep = ui.locale === 'ja' ? '、' : ', ';
      const bound = p.params.bindings
        .slice(0, 10)
        .map((b) =>
          ui.t('error.account_unbound.binding', {
            channel: `<#${b.channel}>`,
            label: mrkdwnText(b.label, SHOWN.name),
          }),
        )
        .join(sep);
      const names = p.params.names.map((n) => `\`${n}\``).join(sep);
      return text(
        p.params.bindings.length === 0
          ? ui.t('error.account_unbound.none', { names })
          : ui.t('error.account_unbound', { bound, count: p.params.bindings.length, names }),
      );
    }
    case 'account_unknown':
      return text(
        ui.t('error.account_unknown', {
          name: mrkdwnText(p.params.name, SHOWN.word),
          accounts: p.params.accounts
            .map((a) =>
              ui.t('error.account_unknown.one', { name: a.name, label: mrkdwnText(a.label, SHOWN.name) }),
            )
            .join(ui.locale === 'ja' ? '、' : ', '),
        }),
      );
    case 'account_bound_in_policy':
      return text(ui.t('error.account_bound_in_policy', { label: mrkdwnText(p.params.label, SHOWN.name) }));
    case 'channel_not_visible':
      return text(ui.t('error.channel_not_visible'));
    case 'target_channel_not_visible':
      return text(ui.t('error.target_channel_not_visible'));
    case 'approval_wrong_channel':
      return text(ui.t('error.approval_wrong_channel'));
    case 'key_read_only':
      return text(ui.t('error.key_read_only'));
    case 'key_no_vps':
      return text(ui.t('error.key_no_vps'));
    case 'target_not_in_scope':
      return text(ui.t('error.target_not_in_scope'));
    case 'invalid_field':
      return text(ui.t('error.invalid_field', { reason: fieldProblemText(ui, p.params) }));
    case 'already_handled':
      return text(ui.t('error.already_handled'));
    case 'provider_refused': {
      // Signup's refusals have their own sentences in the signup views (signupQuoteRefusal).
      const code = p.params.code;
      return {
        text: isProviderErrorCode(code)
          ? providerText(ui, code)
          : ui.t('provider.unknown', { code: shownCode(code) }),
        details: e.details,
      };
    }
    case 'provider_unreachable':
      return text(ui.t('signup.refused.unreachable', { code: shownCode(p.params.code) }));
    case 'catalogue_changed':
      return text(ui.t('signup.refused.catalogue_changed'));
    case 'plans_forbidden':
      return text(ui.t('error.plans_forbidden'));
    case 'signup_status_forbidden':
      return text(ui.t('error.signup_status_forbidden'));
    case 'signup_status_not_found':
      return text(ui.t('error.signup_status_not_found', { id: mrkdwnText(p.params.id, SHOWN.word) }));
    case 'key_no_server':
      return text(ui.t('error.key_no_server'));
    case 'key_custom_forbidden': {
      // The categories as the provider named them (failureView escapes them); a level the catalog knows in words.
      const service = p.params.service;
      return e.details.length === 0
        ? text(ui.t('error.key_custom_forbidden_empty', { service }))
        : {
            text: ui.t('error.key_custom_forbidden', { service }),
            details: e.details.map((d) => ({ label: d.label, detail: permissionLabel(ui, d.detail) })),
          };
    }
    case 'hosting_server_needed':
      return text(ui.t('error.hosting_server_needed', { servers: serverList(ui, p.params.servers) }));
    case 'hosting_server_needed_all':
      return text(ui.t('error.hosting_server_needed_all'));
    case 'hosting_server_not_in_scope':
      return text(
        ui.t('error.hosting_server_not_in_scope', {
          server: mrkdwnText(p.params.server, SHOWN.name),
          servers: serverList(ui, p.params.servers),
        }),
      );
    case 'hosting_outcome_unknown':
      return text(ui.t('error.hosting_outcome_unknown', { check: mrkdwnText(p.params.check, SHOWN.word) }));
    case 'hosting_domain_refused':
      return text(
        ui.t('error.hosting_domain_refused', {
          domain: mrkdwnText(displayDomain(p.params.domain), SHOWN.domain),
          code: mrkdwnText(p.params.code, SHOWN.word),
          record: mrkdwnText(p.params.record, SHOWN.word),
          token: mrkdwnText(p.params.token, SHOWN.word),
          message: mrkdwnText(p.params.message, SHOWN.text),
        }),
      );
    case 'hosting_not_found': {
      const what = p.params.what;
      return text(
        ui.t('error.hosting_not_found', {
          what: ui.t(NOT_FOUND_WORDS[what].what),
          id: mrkdwnText(p.params.id, SHOWN.word),
          hint: ui.t(NOT_FOUND_WORDS[what].hint),
        }),
      );
    }
    case 'hosting_area_rejected':
      return text(
        ui.t(AREA_REFUSALS[p.params.area][p.params.kind], {
          code: mrkdwnText(p.params.code, SHOWN.word),
          message: mrkdwnText(p.params.message, SHOWN.text),
        }),
      );
    case 'hosting_rejected':
      return text(
        ui.t('error.hosting_rejected', {
          code: mrkdwnText(p.params.code, SHOWN.word),
          message: mrkdwnText(p.params.message, SHOWN.text),
        }),
      );
    case 'requester_role':
      return text(ui.t('error.requester_role', { user: p.params.user }));
    case 'hosting_unreachable':
      return text(ui.t('error.hosting_unreachable'));
    case 'watch_channel_unreachable':
      return text(ui.t(UNREACHABLE[p.params.reason], { channel: `<#${p.params.channel}>` }));
    case 'queue_full':
      return text(queueFullText(ui, p.params));
    case 'name_taken':
      return text(
        ui.t('error.name_taken', {
          name: mrkdwnText(p.params.name, SHOWN.name),
          ip: mrkdwnText(p.params.ip, SHOWN.name),
        }),
      );
  }
}

export function describeFailureKind(
  ui: Ui,
  f: FailureKind,
): { text: string; details: { label: string; detail: string }[] } {
  switch (f.kind) {
    case 'service': {
      const { text, details } = serviceText(ui, f.error);
      return { text, details: [...details] };
    }
    case 'provider':
      return {
        text: providerText(ui, f.code, f.retryAfterSeconds),
        // The provider's own reasons (often Japanese), named as its words, cut (failureView escapes them).
        details:
          f.code === 'RATE_LIMIT_EXCEEDED'
            ? []
            : (f.details ?? []).slice(0, 5).map((d) => ({
                label: ui.t('provider.reason'),
                detail: clip(d, 200),
              })),
      };
    case 'provider_unknown':
      return {
        text: ui.t('provider.unknown', { code: shownCode(f.code) }),
        details: (f.details ?? [])
          .slice(0, 5)
          .map((d) => ({ label: ui.t('provider.reason'), detail: clip(d, 200) })),
      };
    case 'network':
      return { text: ui.t('provider.network'), details: [] };
    case 'local_validation':
      return {
        text: ui.t('error.invalid_field', { reason: providerIssueText(ui, f.field, f.rule) }),
        details: [],
      };
    case 'internal':
      return { text: ui.t('error.internal'), details: [] };
  }
}

export function failureMessage(ui: Ui, err: unknown): Message {
  const { text, details } = describeFailureKind(ui, classifyFailure(err));
  return failureView(ui, text, details);
}

/** A text that is not a command of `slash` (`/vps`, `/hosting`), answered with what to type instead. */
export function parseProblemMessage(ui: Ui, p: ParseProblem, slash = '/vps'): Message {
  switch (p.problem) {
    case 'unknown_command':
      return failureView(
        ui,
        p.suggestion
          ? ui.t('parse.unknown_command_suggest', {
              word: mrkdwnText(p.word, SHOWN.word),
              command: slash,
              suggestion: p.suggestion,
            })
          : ui.t('parse.unknown_command', { word: mrkdwnText(p.word, SHOWN.word), command: slash }),
      );
    case 'bad_filter':
      return failureView(
        ui,
        ui.t(
          p.command === 'list'
            ? 'parse.bad_filter_list'
            : p.filter === 'limit'
              ? 'parse.bad_filter_limit'
              : 'parse.bad_filter',
          {
            filter: mrkdwnText(p.filter, SHOWN.word),
            expected: mrkdwnText(p.expected, SHOWN.word),
          },
        ),
      );
    case 'bad_date':
      return failureView(
        ui,
        ui.t('parse.bad_date', {
          filter: mrkdwnText(p.filter, SHOWN.word),
          value: mrkdwnText(p.value, SHOWN.word),
        }),
      );
    case 'usage':
      return failureView(ui, ui.t(usageKey(p.command)));
  }
}

/** The usage line of a command. */
export function usageKey(topic: UsageTopic): Extract<MessageKey, `usage.${string}`> {
  return `usage.${topic}`;
}
