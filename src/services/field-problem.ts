/**
 * The one shape of "this value breaks a rule", for every feature and form:
 * the field (the provider's field name where it has one), the rule broken,
 * and the bound a length or range rule names. The words people read come
 * from the catalogs, keyed by feature, field and rule. (The provider client's
 * own `ValidationIssue` is another thing: the error it throws for a value it
 * refuses to send, with an English message for the log.)
 */
export interface FieldProblem<Field extends string = string, Rule extends string = string> {
  field: Field;
  rule: Rule;
  /** The bound a `too_long`, `too_short` or `range` rule names. */
  limit?: number | undefined;
}
