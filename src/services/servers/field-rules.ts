/**
 * The spec's input rules for the three changes, checked before any call so a
 * wrong value costs no request and shows up on the modal field. The rules are
 * the provider client's validators (src/provider/validate.ts); each problem is
 * `{field, rule}` and the words users read come from the i18n catalog keyed by both.
 */
import { LIMITS, validateHostname, validateMemo, validateServerName } from '../../provider/index.ts';
import type { ChangeField } from './vocabulary.ts';

export type FieldRule = 'required' | 'too_long' | 'charset' | 'invalid';

export interface FieldProblem {
  field: ChangeField;
  rule: FieldRule;
  limit?: number | undefined;
}

export const FIELD_LIMITS = {
  name: LIMITS.serverNameMax,
  memo: LIMITS.memoMax,
  rdns: LIMITS.hostnameMax,
} as const;

const VALIDATORS = { name: validateServerName, memo: validateMemo, rdns: validateHostname } as const;

function ruleOf(rule: string): FieldRule {
  if (rule === 'max_length') return 'too_long';
  if (rule === 'required' || rule === 'charset') return rule;
  return 'invalid';
}

export function checkField(field: ChangeField, value: string): FieldProblem[] {
  return VALIDATORS[field](value).map((i) => {
    const rule = ruleOf(i.rule);
    return { field, rule, ...(rule === 'too_long' ? { limit: FIELD_LIMITS[field] } : {}) };
  });
}
