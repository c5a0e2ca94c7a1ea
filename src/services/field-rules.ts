/**
 * The spec's input rules for the three changes, checked before any call so a
 * wrong value costs no request and shows up on the modal field. Each problem is
 * `{field, rule}`; the words users read come from the i18n catalog keyed by both.
 * (Same shape as src/provider/validate.ts, which the adapter may delegate to.)
 */
import type { ChangeField } from './command-parser.ts';

export type FieldRule = 'required' | 'too_long' | 'charset';

export interface FieldProblem {
  field: ChangeField;
  rule: FieldRule;
  limit?: number | undefined;
}

export const FIELD_LIMITS = { name: 50, memo: 500, rdns: 253 } as const;

export function checkField(field: ChangeField, value: string): FieldProblem[] {
  const limit = FIELD_LIMITS[field];
  if (field !== 'memo' && value.length === 0) return [{ field, rule: 'required' }];
  const problems: FieldProblem[] = [];
  // Length counts code points, as the provider does for its character limits.
  if ([...value].length > limit) problems.push({ field, rule: 'too_long', limit });
  if (field === 'name' && !/^[a-z0-9_-]*$/.test(value)) problems.push({ field, rule: 'charset' });
  if (field === 'rdns' && !/^[A-Za-z0-9.-]*$/.test(value)) problems.push({ field, rule: 'charset' });
  return problems;
}
