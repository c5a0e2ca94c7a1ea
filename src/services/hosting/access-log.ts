/**
 * /hosting's access log: read as the error log is (hosting-reads.ts), the
 * last lines of a domain's log, or those containing a keyword. Its query is
 * checked by the provider client's own rules for it (a domain, `lines` a
 * positive whole number, the keyword plain text) and by the bot's bounds
 * (rules.ts, HOSTING_LIMITS), each named on its field before anything is sent.
 */
import { logLinesOf, READ, type ValidationIssue, validateLogQuery } from '../../provider/index.ts';
import type { Actor } from '../access/index.ts';
import type { FieldProblem } from '../field-problem.ts';
import type { HostingCalls } from './hosting-calls.ts';
import type { ErrorLogPage, OnServer } from './hosting-reads.ts';
import {
  checkFqdn,
  checkKeyword,
  checkLines,
  HOSTING_LIMITS,
  type HostingField,
  type HostingRule,
} from './rules.ts';

type LogProblem = FieldProblem<HostingField, HostingRule>;

const LOG_FIELDS = new Set<string>(['lines', 'keyword']);

function fromLogIssue(i: ValidationIssue): LogProblem | undefined {
  if (!LOG_FIELDS.has(i.field)) return undefined;
  const field = i.field as 'lines' | 'keyword';
  if (field === 'lines') return { field, rule: 'range', limit: HOSTING_LIMITS.linesMax };
  if (i.rule === 'required' || i.rule === 'control_character') return { field, rule: i.rule };
  if (i.rule === 'max_length') return { field, rule: 'too_long', limit: HOSTING_LIMITS.keywordMax };
  return { field, rule: 'format' };
}

/**
 * The access log query's problems: the domain's rule, the bot's bounds, and
 * the provider client's `validateLogQuery` for what those leave (one problem
 * a field, the bot's first).
 */
export function checkAccessLogQuery(
  domain: string,
  lines: number | undefined,
  keyword: string | undefined,
): LogProblem[] {
  const own = [...checkFqdn(domain), ...checkLines(lines), ...checkKeyword(keyword)];
  if (own.some((p) => p.field === 'domain')) return own;
  const named = new Set(own.map((p) => p.field));
  const issues = validateLogQuery({
    domain: domain.trim(),
    ...(lines === undefined ? {} : { lines }),
    ...(keyword === undefined ? {} : { keyword }),
  });
  const more = issues.flatMap((i) => {
    const p = fromLogIssue(i);
    if (!p || named.has(p.field)) return [];
    named.add(p.field);
    return [p];
  });
  return [...own, ...more];
}

export class HostingAccessLog {
  constructor(private readonly calls: HostingCalls) {}

  /** The last `lines` lines of a domain's access log; with `keyword`, those containing it (the provider filters). */
  async read(
    actor: Actor,
    named: string | undefined,
    domain: string,
    lines: number | undefined,
    keyword?: string | undefined,
  ): Promise<OnServer<ErrorLogPage>> {
    const action = 'hosting.accesslog';
    const { server, api } = await this.calls.begin(actor, action, named, { domain });
    await this.calls.refuseInvalid(actor, action, server, checkAccessLogQuery(domain, lines, keyword), {
      domain,
    });
    // The reference reads the whole file when `lines` is left out: the bot asks for its default instead.
    const query = {
      domain: domain.trim(),
      lines: lines ?? HOSTING_LIMITS.linesDefault,
      ...(keyword === undefined ? {} : { keyword }),
    };
    const log = await this.calls.read(() => api.accessLog(query, READ), {
      actor,
      action,
      server,
      params: { domain },
    });
    return {
      server,
      value: { domain: domain.trim(), lines: logLinesOf(log.log), keyword, kind: 'access' },
    };
  }
}
