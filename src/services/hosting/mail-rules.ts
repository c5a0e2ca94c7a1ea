/**
 * /hosting's mail sorting rules (the provider's mail filters): the list (of
 * one domain, or every one), a rule added at once, and a rule's delete (a
 * destructive operation: confirmed first, on the decision machine as every
 * /hosting delete is; its request and loss are here). A rule belongs to a
 * domain; an address typed where a domain is meant stands for its domain.
 * There is no change: the reference has none (docs/provider-api.md, Mail sorting).
 */
import {
  type HostingClient,
  MAIL_FILTER_ACTIONS,
  MAIL_FILTER_FIELDS,
  MAIL_FILTER_MATCH_TYPES,
  MAIL_FILTER_METHODS,
  type MailFilter,
  type MailFilterInput,
  ORDER,
  READ,
  type ValidationIssue,
  validateMailFilter,
  validatePathId,
  WRITE,
  type WriteAnswer,
} from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import { ServiceError } from '../errors.ts';
import type { FieldProblem } from '../field-problem.ts';
import { areaRejection } from './area-rejection.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import type { OnServer } from './hosting-reads.ts';
import { checkFqdn } from './rules.ts';

export { MAIL_FILTER_ACTIONS, MAIL_FILTER_FIELDS, MAIL_FILTER_MATCH_TYPES, MAIL_FILTER_METHODS };

/** How many conditions the form offers: the reference gives no most, and three cover the usual rules. */
export const MAIL_RULE_CONDITIONS = 3;

export type MailRuleField =
  | 'domain'
  | `keyword_${number}`
  | `field_${number}`
  | `match_type_${number}`
  | 'type'
  | 'target'
  | 'method'
  | 'filter_id';
export type MailRuleRule = 'required' | 'too_long' | 'one_of' | 'format' | 'control_character';
export type MailRuleProblem = FieldProblem<MailRuleField, MailRuleRule>;

/** The bot's own bound on typed text: one under a Slack input's 3,000. */
export const MAIL_RULE_LIMITS = { textMax: 2999 } as const;

/** One condition as typed; a row left without a keyword is no condition. */
export interface MailRuleConditionForm {
  keyword: string;
  field: string;
  matchType: string;
}

/** The add form as typed (`domain` is the command's). */
export interface MailRuleForm {
  domain: string;
  conditions: MailRuleConditionForm[];
  type: string;
  target: string;
  method: string;
}

export interface MailRuleListing {
  domain: string | undefined;
  rules: MailFilter[];
  unreadable: number;
}

/** A rule as it was read (what a delete takes away). */
export type MailRuleNow = Pick<MailFilter, 'id' | 'domain' | 'priority' | 'conditions' | 'action'>;

/** A rule's domain: the domain typed, or the part after `@` of an address. */
export const ruleDomain = (typed: string): string => {
  const t = typed.trim();
  return t.slice(t.lastIndexOf('@') + 1);
};

function issueRule(i: ValidationIssue): MailRuleRule {
  if (i.rule === 'required' || i.rule === 'control_character') return i.rule;
  if (i.rule === 'enum') return 'one_of';
  if (i.rule === 'max_length') return 'too_long';
  return 'format';
}

/** The conditions typed: rows with a keyword (spaces alone are no keyword). */
const typedConditions = (f: MailRuleForm) =>
  f.conditions.map((c, i) => ({ ...c, row: i + 1 })).filter((c) => c.keyword.trim() !== '');

const filterInput = (f: MailRuleForm): MailFilterInput => ({
  domain: ruleDomain(f.domain),
  conditions: typedConditions(f).map((c) => ({
    keyword: c.keyword,
    field: c.field as MailFilterInput['conditions'][number]['field'],
    match_type: c.matchType as MailFilterInput['conditions'][number]['match_type'],
  })),
  action: {
    type: f.type as MailFilterInput['action']['type'],
    ...(f.target.trim() === '' ? {} : { target: f.target.trim() }),
    method: f.method as MailFilterInput['action']['method'],
  },
});

/**
 * A new rule by the reference's rules, each problem on the field typed:
 * at least one condition (the first row's keyword), each condition's field
 * and match among the reference's values, one action and its method, a
 * destination that is a mail address. Whether a destination is required
 * when mail is forwarded is not said: the provider decides.
 */
export function checkMailRuleForm(f: MailRuleForm): MailRuleProblem[] {
  const out: MailRuleProblem[] = [];
  const domain = checkFqdn(ruleDomain(f.domain));
  if (domain.length > 0)
    out.push({ field: 'domain', rule: domain[0]!.rule === 'required' ? 'required' : 'format' });
  const rows = typedConditions(f);
  if (rows.length === 0) out.push({ field: 'keyword_1', rule: 'required' });
  for (const c of rows) {
    if ([...c.keyword].length > MAIL_RULE_LIMITS.textMax)
      out.push({ field: `keyword_${c.row}`, rule: 'too_long', limit: MAIL_RULE_LIMITS.textMax });
    const one: MailRuleForm = { ...f, conditions: [c] };
    for (const i of validateMailFilter(filterInput(one))) {
      const field = ['keyword', 'field', 'match_type'].includes(i.field)
        ? (`${i.field}_${c.row}` as MailRuleField)
        : undefined;
      if (field) out.push({ field, rule: issueRule(i) });
    }
  }
  const action = validateMailFilter({ ...filterInput(f), conditions: [] }).filter((i) =>
    ['type', 'target', 'method'].includes(i.field),
  );
  for (const i of action) out.push({ field: i.field as MailRuleField, rule: issueRule(i) });
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.field) && seen.add(p.field));
}

/** A rule's id typed on the command line: a string a path can carry (its form is not published). */
export function checkMailRuleId(id: string): MailRuleProblem[] {
  return validatePathId(id.trim(), 'filter_id').map((i) => ({
    field: 'filter_id' as const,
    rule: i.rule === 'required' || i.rule === 'control_character' ? i.rule : ('format' as const),
  }));
}

/** A value refused before anything is sent, in the one shape every /hosting refusal has. */
const refuse = (p: MailRuleProblem | undefined): void => {
  if (!p) return;
  throw new ServiceError('invalid_field', { field: p.field, rule: p.rule, limit: p.limit ?? 0 });
};

const byDomainAndPriority = (a: MailFilter, b: MailFilter): number =>
  a.domain.localeCompare(b.domain) || a.priority - b.priority;

export class HostingMailRules {
  constructor(private readonly calls: HostingCalls) {}

  /** GET /mail-filter: the rules in the order the provider applies them, domain by domain. */
  async list(
    actor: Actor,
    named: string | undefined,
    typed: string | undefined,
  ): Promise<OnServer<MailRuleListing>> {
    const action = 'hosting.mail_rules';
    const params = typed === undefined ? {} : { domain: typed };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    const domain = typed === undefined ? undefined : ruleDomain(typed);
    if (domain !== undefined)
      await this.calls.refuseInvalid(actor, action, server, checkFqdn(domain), params);
    const q = domain === undefined ? {} : { domain };
    const l = await this.calls.read(() => api.listMailFilters(q, READ), { actor, action, server, params });
    return {
      server,
      value: { domain, rules: [...l.items].sort(byDomainAndPriority), unreadable: l.malformed.length },
    };
  }

  checkForm(f: MailRuleForm): MailRuleProblem[] {
    return checkMailRuleForm(f);
  }

  /** Who may add a rule on which server, and for which domain, before the form is shown. */
  async mayAdd(
    actor: Actor,
    named: string | undefined,
    typed: string,
  ): Promise<{ server: string; domain: string }> {
    const action = 'hosting.mail_rules_add';
    const { server } = await this.calls.begin(actor, action, named, { domain: typed, form: true });
    await this.calls.refuseInvalid(actor, action, server, checkFqdn(ruleDomain(typed)), { domain: typed });
    return { server, domain: ruleDomain(typed) };
  }

  /** POST /mail-filter, at once (adding takes nothing away); answers the new rule's id. */
  async add(actor: Actor, named: string | undefined, f: MailRuleForm): Promise<WriteResult> {
    const action = 'hosting.mail_rules_add';
    const input = filterInput(f);
    const params = { ...input };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    refuse(checkMailRuleForm(f)[0]);
    const answer = await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.addMailFilter(input, WRITE),
      areaRejection('mail_rules'),
    );
    return { server, action, subject: input.domain, created: answer.id };
  }
}

// The delete, on the decision machine (hosting-operations.ts).

export type MailRuleRequest = { kind: 'hosting.mail_rules_delete'; id: string };
export type MailRuleLoss = { kind: 'hosting.mail_rules_delete'; rule: MailRuleNow };

export const isMailRuleRequest = (r: { kind: string }): r is MailRuleRequest =>
  r.kind === 'hosting.mail_rules_delete';
export const isMailRuleLoss = (l: { kind: string }): l is MailRuleLoss =>
  l.kind === 'hosting.mail_rules_delete';

/** The rule as it is now; one the list does not hold is refused before anyone confirms. */
export async function mailRuleLossOf(api: HostingClient, req: MailRuleRequest): Promise<MailRuleLoss> {
  refuse(checkMailRuleId(req.id)[0]);
  const id = req.id.trim();
  const rule = (await api.listMailFilters({}, WRITE)).items.find((r) => r.id === id);
  if (!rule) throw new ServiceError('hosting_not_found', { what: 'mail_rule', id });
  const { domain, priority, conditions, action } = rule;
  return { kind: req.kind, rule: { id, domain, priority, conditions, action } };
}

export const sendMailRule = (api: HostingClient, req: MailRuleRequest): Promise<WriteAnswer> =>
  api.deleteMailFilter(req.id.trim(), ORDER);

export const mailRuleSubject = (loss: MailRuleLoss): string => loss.rule.id;
