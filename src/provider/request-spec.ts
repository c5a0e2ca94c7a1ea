/** What an endpoint method hands the transport: one request, described. */
import type { z } from 'zod';
import type { Priority } from './priorities.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /**
   * Who waits on this request (rate-limit-gate.ts): `order` (a paid order's
   * execution, an approved operation), `write` (a change), `read` (a person's
   * read), `background` (the watcher, key checks). Every call in the bot
   * states it; when left out, a GET or dry run is a `read` and anything else
   * a `write`, never more.
   */
  priority?: Priority;
  /**
   * Who the request is for (a Slack user id): inside a priority people are
   * served in turn, and a person whose own waiting requests reach the bound
   * is refused a new one (queue-bound.ts). Absent: the bot's own (the
   * watcher, a read every person shares), one more participant, never refused.
   */
  person?: string | undefined;
  /**
   * The command the request is part of (any object, the same for all of its
   * requests; `asPerson` passes the person's actor): once one of them was
   * queued, the rest of the command is never refused.
   */
  command?: object | undefined;
  signal?: AbortSignal;
}

export interface RequestSpec<T> {
  method: HttpMethod;
  /** Never sent twice, whatever the method: a write that has no Idempotency-Key to make a repeat harmless. */
  neverRetry?: boolean;
  /** Path template for metrics and errors, e.g. `/v1/vps/servers/{uuid}`. */
  template: string;
  /** Concrete path, already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  idempotencyKey?: string;
  dryRun?: boolean;
  schema: z.ZodType<T>;
  options?: CallOptions | undefined;
  /** Values scrubbed from any answer text before it is kept (a password echoed back). */
  secrets?: string[];
}

export function defaultPriority(spec: Pick<RequestSpec<unknown>, 'method' | 'dryRun'>): Priority {
  return spec.method === 'GET' || spec.dryRun === true ? 'read' : 'write';
}
