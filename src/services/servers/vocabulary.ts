/**
 * The words of the /vps servers feature: which field a change sets, what a
 * list filter and a log filter hold, and what a list filter matches. The
 * grammar produces them from typed text; the use cases act on them.
 */
import { isLogTime, LIMITS, LOG_METHODS } from '../../provider/index.ts';

export { isLogTime, LOG_METHODS };

/**
 * Entries per page of `/vps logs`: `limit=` takes the provider's range
 * (docs/provider-api.md, API logs); without it a page holds `shown`, a
 * message's worth that reads well in Slack.
 */
export const LOG_LIMIT = { min: LIMITS.logsLimitMin, max: LIMITS.logsLimitMax, shown: 20 } as const;

/** Whether `n` is a page size the provider takes. */
export const isLogLimit = (n: number): boolean =>
  Number.isInteger(n) && n >= LOG_LIMIT.min && n <= LOG_LIMIT.max;

export type ChangeField = 'name' | 'memo' | 'rdns';

export type LogMethod = (typeof LOG_METHODS)[number];

export interface ListFilter {
  terms: string[];
  type?: string | undefined;
  status?: string | undefined;
}

export interface LogFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: 'success' | 'error' | undefined;
  method?: LogMethod | undefined;
  code?: number | undefined;
  /** Entries per page (LOG_LIMIT). */
  limit?: number | undefined;
}

/** A typed value as the change sets it: a memo keeps its spacing as typed, a name or a hostname is trimmed. */
export function changeValue(field: ChangeField, typed: string): string {
  return field === 'memo' ? typed : typed.trim();
}

/** The fields a filter looks at; an entry that breaks the spec offers those it could read. */
interface Filterable {
  uuid?: string | null | undefined;
  name?: string | undefined;
  vps_type?: string | undefined;
  status?: string | undefined;
  plan_name?: string | undefined;
  ip_address?: string | null | undefined;
  os?: string | null | undefined;
  memo?: string | null | undefined;
}

export function matchesFilter(s: Filterable, f: ListFilter): boolean {
  if (f.type && s.vps_type?.toLowerCase() !== f.type) return false;
  if (f.status && s.status?.toLowerCase() !== f.status) return false;
  const hay = [s.name, s.uuid, s.ip_address, s.plan_name, s.vps_type, s.os, s.memo]
    .map((v) => v ?? '')
    .join('\n')
    .toLowerCase();
  return f.terms.every((t) => hay.includes(t));
}
