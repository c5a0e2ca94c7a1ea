/**
 * The spec's input rules for the three changes, checked before any call so a
 * wrong value costs no request and shows up on the modal field. The rules are
 * the provider client's validators (src/provider/validate.ts); each problem is
 * `{field, rule}` and the words users read come from the i18n catalog keyed by both.
 */
import { LIMITS, validateHostname, validateMemo, validateServerName } from '../../provider/index.ts';
import type { FieldProblem } from '../field-problem.ts';
import type { ChangeField, ListFilter } from './vocabulary.ts';

export type FieldRule = 'required' | 'too_long' | 'charset' | 'control_character' | 'invalid';

export const FIELD_LIMITS = {
  name: LIMITS.serverNameMax,
  memo: LIMITS.memoMax,
  rdns: LIMITS.hostnameMax,
} as const;

/**
 * Bounds of what names a server and what filters the list. A server is named
 * by its name (at most 50 characters), uuid (36) or IPv4 address (15): a
 * longer reference can name none. A list filter's words are looked for in the
 * name, uuid, IP, plan, OS and memo, the memo being the longest (500): a
 * filter longer than that can match nothing.
 */
export const REF_LIMITS = {
  server_ref: LIMITS.serverNameMax,
  filter: LIMITS.memoMax,
} as const;

/** A server reference or a list filter too long to match anything. */
export type RefProblem = FieldProblem<keyof typeof REF_LIMITS, 'too_long'>;

const chars = (s: string): number => [...s].length;

/** A server reference longer than any name, uuid or IP address; null when it could name one. */
export function checkServerRef(ref: string): RefProblem | null {
  return chars(ref.trim()) > REF_LIMITS.server_ref
    ? { field: 'server_ref', rule: 'too_long', limit: REF_LIMITS.server_ref }
    : null;
}

/** A list filter longer than anything it could match (its words and `type=`/`status=` together). */
export function checkListFilter(f: ListFilter): RefProblem | null {
  const typed = [...f.terms, f.type ?? '', f.status ?? ''].join(' ').trim();
  return chars(typed) > REF_LIMITS.filter
    ? { field: 'filter', rule: 'too_long', limit: REF_LIMITS.filter }
    : null;
}

const VALIDATORS = { name: validateServerName, memo: validateMemo, rdns: validateHostname } as const;

function ruleOf(rule: string): FieldRule {
  if (rule === 'max_length') return 'too_long';
  if (rule === 'required' || rule === 'charset' || rule === 'control_character') return rule;
  return 'invalid';
}

export function checkField(field: ChangeField, value: string): FieldProblem<ChangeField, FieldRule>[] {
  return VALIDATORS[field](value).map((i) => {
    const rule = ruleOf(i.rule);
    return { field, rule, ...(rule === 'too_long' ? { limit: FIELD_LIMITS[field] } : {}) };
  });
}
