/**
 * One HTTP exchange with the provider, and the loop around it: rate-limit
 * gate, bearer header, timeouts, error mapping, retries by policy, metrics.
 * ProviderClient and HostingClient describe endpoints; this sends them.
 *
 * Identical GETs in flight at the same time are one request: a later asker
 * joins the first one's answer (and raises its priority when it outranks it),
 * unless a change was sent since that request started: after a change, a read
 * always goes to the provider again.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { Pool } from 'undici';
import type { z } from 'zod';
import { DailyBudget, type DailyBudgetState } from './daily-budget.ts';
import {
  errorFromResponse,
  type NetworkErrorKind,
  type NetworkPhase,
  ProviderConflictError,
  ProviderError,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderResponseError,
} from './errors.ts';
import { MetricsRecorder, type ProviderMetrics } from './metrics.ts';
import {
  GateBlockedError,
  GateTicket,
  type Priority,
  type ProviderClock,
  parseRateLimitHeaders,
  RateLimitGate,
  type RateLimitSnapshot,
} from './rate-limit-gate.ts';
import {
  backoffDelayMs,
  isRetrySafe,
  mayRepeatAfterErrorStatus,
  mayRepeatAfterNetworkFailure,
  type RetryPolicy,
  resolveRetryPolicy,
} from './retry-policy.ts';

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
  signal?: AbortSignal;
}

export interface Timeouts {
  connectMs?: number;
  headersMs?: number;
  bodyMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  logger?: Logger;
  timeouts?: Timeouts;
  retry?: Partial<RetryPolicy>;
  clock?: ProviderClock;
  connections?: number;
  /** Jitter source, injectable for tests; default Math.random. */
  random?: () => number;
  /** Requests per day the key may make (PROVIDER_DAILY_LIMIT); unknown when unset. */
  dailyLimit?: number | undefined;
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

const REDACTED = '[redacted]';

export const DEFAULT_TIMEOUTS: Required<Timeouts> = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 };

export const realClock: ProviderClock = {
  now: () => Date.now(),
  // Rejects with the signal's own reason, like the gate does, so callers see what they aborted with.
  sleep: (ms, signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

type Outcome =
  | { ok: true; status: number; text: string }
  | { ok: false; error: ProviderError | ProviderNetworkError };

interface Answer {
  status: number;
  text: string;
}

/** A GET in flight that identical GETs may join. */
interface SharedRead {
  /** The change count when it was sent: a change since then makes it too old to join. */
  generation: number;
  ticket: GateTicket;
  answer: Promise<Answer>;
  /** Askers still waiting; when every one of them has aborted, the request is aborted too. */
  waiting: number;
  /** Only when the first asker could give up (an abort signal is not free to make). */
  abort: AbortController | undefined;
}

function defaultPriority(spec: Pick<RequestSpec<unknown>, 'method' | 'dryRun'>): Priority {
  return spec.method === 'GET' || spec.dryRun === true ? 'read' : 'write';
}

function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 4 && typeof cur === 'object' && cur !== null; depth += 1) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Names an undici / socket failure; says whether the request may have reached the provider. */
export function classifyNetworkError(
  e: unknown,
  phase: NetworkPhase,
): { kind: NetworkErrorKind; phase: NetworkPhase; mayHaveReachedServer: boolean; detail: string } {
  const code = errorCode(e) ?? 'UNKNOWN';
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { kind: 'timeout', phase: 'connect', mayHaveReachedServer: false, detail: code };
    case 'ECONNREFUSED':
      return { kind: 'refused', phase: 'connect', mayHaveReachedServer: false, detail: code };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { kind: 'dns', phase: 'connect', mayHaveReachedServer: false, detail: code };
    case 'UND_ERR_HEADERS_TIMEOUT':
      return { kind: 'timeout', phase: 'headers', mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_BODY_TIMEOUT':
      return { kind: 'timeout', phase: 'body', mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return { kind: 'truncated', phase: 'body', mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_ABORTED':
      return { kind: 'aborted', phase, mayHaveReachedServer: true, detail: code };
    case 'UND_ERR_CLOSED':
    case 'UND_ERR_DESTROYED':
      return { kind: 'closed', phase, mayHaveReachedServer: phase !== 'connect', detail: code };
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return {
        kind: phase === 'body' ? 'truncated' : 'reset',
        phase,
        mayHaveReachedServer: true,
        detail: code,
      };
    default:
      return { kind: 'other', phase, mayHaveReachedServer: true, detail: code };
  }
}

export class ProviderTransport {
  private readonly pool: Pool;
  private readonly prefix: string;
  private readonly authorization: string;
  private readonly apiKey: string;
  private readonly log: Logger | undefined;
  private readonly timeouts: Required<Timeouts>;
  readonly policy: RetryPolicy;
  readonly clock: ProviderClock;
  readonly gate: RateLimitGate;
  private readonly recorder = new MetricsRecorder();
  private readonly random: () => number;
  private readonly reads = new Map<string, SharedRead>();
  /** Counts changes sent and finished: a read that started before one is not joined after it. */
  private generation = 0;

  constructor(opts: TransportOptions) {
    let url: URL;
    try {
      url = new URL(opts.baseUrl);
    } catch {
      throw new TypeError('ProviderClient: baseUrl is not an absolute URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError('ProviderClient: baseUrl must be http or https');
    if (typeof opts.apiKey !== 'string' || opts.apiKey.trim() === '')
      throw new TypeError('ProviderClient: apiKey is empty');
    if (/[\r\n]/.test(opts.apiKey)) throw new TypeError('ProviderClient: apiKey contains a line break');
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.apiKey = opts.apiKey;
    this.authorization = `Bearer ${opts.apiKey}`;
    this.log = opts.logger?.child({ component: 'provider-client' });
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...(opts.timeouts ?? {}) };
    this.policy = resolveRetryPolicy(opts.retry);
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
    const connections = Math.max(1, opts.connections ?? 10);
    this.pool = new Pool(url.origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
      connect: { timeout: this.timeouts.connectMs },
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
    });
    this.gate = new RateLimitGate(this.clock, {
      maxConcurrency: connections,
      maxBlockMs: this.policy.maxRetryAfterMs,
      daily: new DailyBudget({ limit: opts.dailyLimit }),
    });
  }

  get rateLimit(): RateLimitSnapshot {
    return this.gate.snapshot;
  }

  get daily(): DailyBudgetState {
    return this.gate.daily.state(this.clock.now());
  }

  metrics(): ProviderMetrics {
    return this.recorder.snapshot({
      inFlight: this.gate.inFlight,
      queued: this.gate.queued,
      queuedBy: this.gate.queuedBy(),
      rateLimit: this.gate.snapshot,
      daily: this.gate.daily.state(this.clock.now()),
    });
  }

  async close(): Promise<void> {
    this.gate.close();
    await this.pool.close();
  }

  async send<T>(spec: RequestSpec<T>): Promise<T> {
    const endpoint = `${spec.method} ${spec.template}`;
    const priority = spec.options?.priority ?? defaultPriority(spec);
    const signal = spec.options?.signal;
    if (spec.method === 'GET') {
      const answer = await this.sharedRead(spec, endpoint, priority, signal);
      return this.parse(spec, endpoint, answer.status, answer.text);
    }
    const change = spec.dryRun !== true;
    if (change) this.generation += 1;
    try {
      const answer = await this.exchange(spec, endpoint, new GateTicket(priority), signal);
      return this.parse(spec, endpoint, answer.status, answer.text);
    } finally {
      if (change) this.generation += 1;
    }
  }

  /** One GET, or a share of an identical one already in flight. */
  private sharedRead(
    spec: RequestSpec<unknown>,
    endpoint: string,
    priority: Priority,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const key = this.buildPath(spec);
    let shared = this.reads.get(key);
    if (shared && shared.generation === this.generation) {
      this.recorder.coalesced += 1;
      this.gate.raise(shared.ticket, priority);
    } else {
      // An asker without a signal never gives up, so the request runs to its end: no controller needed.
      const abort = signal ? new AbortController() : undefined;
      const ticket = new GateTicket(priority);
      const answer = this.exchange(spec, endpoint, ticket, abort?.signal);
      const made: SharedRead = { generation: this.generation, ticket, answer, waiting: 0, abort };
      this.reads.set(key, made);
      const forget = () => {
        if (this.reads.get(key) === made) this.reads.delete(key);
      };
      answer.then(forget, forget);
      shared = made;
    }
    const s = shared;
    s.waiting += 1;
    if (!signal) return s.answer;
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () => {
        s.waiting -= 1;
        // The last one waiting went away: nobody needs the answer.
        if (s.waiting === 0) s.abort?.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      s.answer.then(
        (a) => {
          signal.removeEventListener('abort', onAbort);
          resolve(a);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }

  /** The attempt/retry loop: the answer of the first attempt that succeeded, or the error to give up with. */
  private async exchange(
    spec: RequestSpec<unknown>,
    endpoint: string,
    ticket: GateTicket,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const retrySafe = spec.neverRetry !== true && isRetrySafe(this.policy, spec.method, spec);
    for (let attempt = 1; ; attempt += 1) {
      let outcome: Outcome;
      try {
        outcome = await this.attempt(spec, endpoint, ticket, signal, attempt);
      } catch (e) {
        if (e instanceof GateBlockedError) throw this.localRateLimitError(endpoint, e.blockedMs);
        throw e;
      }
      if (outcome.ok) return { status: outcome.status, text: outcome.text };
      const err = outcome.error;
      if (!retrySafe || attempt >= this.policy.maxAttempts || !this.retryable(err, spec)) throw err;
      if (err instanceof ProviderRateLimitError) {
        const waitMs = Math.max(this.policy.minDelayMs, (err.retryAfterSeconds ?? 1) * 1000);
        if (waitMs > this.policy.maxRetryAfterMs) throw err;
        this.recorder.retries += 1;
        if (err.concurrent && this.gate.inFlight > 0) {
          // Our own requests hold the places: the next one to finish frees ours.
          this.log?.warn(
            { endpoint, attempt, reason: 'concurrency' },
            'provider concurrency limit; waiting for a request to finish',
          );
          await this.gate.waitForRelease(signal);
        } else if (err.concurrent) {
          this.log?.warn(
            { endpoint, attempt, waitMs, reason: 'concurrency' },
            'provider concurrency limit; retrying later',
          );
          await this.clock.sleep(waitMs, signal);
        } else {
          // The gate already holds every request back until Retry-After has passed.
          this.log?.warn(
            { endpoint, attempt, waitMs, reason: 'window' },
            'provider rate limit; waiting for Retry-After',
          );
        }
        continue;
      }
      this.recorder.retries += 1;
      const waitMs = backoffDelayMs(this.policy, attempt, this.random);
      this.log?.warn(
        {
          endpoint,
          attempt,
          waitMs,
          reason: err instanceof ProviderError ? err.code : `network_${err.kind}`,
          status: err instanceof ProviderError ? err.status : undefined,
        },
        'provider request failed; retrying',
      );
      await this.clock.sleep(waitMs, signal);
    }
  }

  /**
   * The provider said to come back later than the policy would wait (a daily
   * limit): fail at once instead of holding a person's request for hours.
   */
  private localRateLimitError(endpoint: string, blockedMs: number): ProviderRateLimitError {
    return new ProviderRateLimitError({
      code: 'RATE_LIMIT_EXCEEDED',
      rawCode: null,
      status: 429,
      providerMessage: '',
      details: [`held back by the client until the provider's Retry-After has passed`],
      endpoint,
      rawBody: null,
      retryAfterSeconds: Math.ceil(blockedMs / 1000),
      concurrent: false,
    });
  }

  /**
   * A window 429 whose Retry-After reaches past the end of the window it came
   * in (X-RateLimit-Reset): no window refused it, the day's cap did.
   */
  private noteDailyRefusal(snap: RateLimitSnapshot | null, waitMs: number): void {
    const now = this.clock.now();
    const windowEnd = snap?.reset != null ? snap.reset * 1000 : this.gate.windowEndsAt;
    if (windowEnd === null || now + waitMs <= windowEnd + 1000) return;
    this.gate.daily.refusedForDay(now, now + waitMs);
    this.log?.warn(
      { retryAfterSeconds: Math.ceil(waitMs / 1000) },
      "provider refused for the day's request cap",
    );
  }

  private retryable(err: ProviderError | ProviderNetworkError, spec: RequestSpec<unknown>): boolean {
    if (err instanceof ProviderNetworkError)
      return (
        this.policy.retryNetworkErrors &&
        err.kind !== 'aborted' &&
        err.kind !== 'closed' &&
        mayRepeatAfterNetworkFailure(spec.method, spec, err.mayHaveReachedServer)
      );
    if (err instanceof ProviderConflictError && err.code === 'DUPLICATE_REQUEST')
      return this.policy.retryDuplicateRequest && Boolean(spec.idempotencyKey);
    if (this.policy.doNotRetry.includes(err.status)) return false;
    return (
      this.policy.retryStatuses.includes(err.status) &&
      mayRepeatAfterErrorStatus(spec.method, spec, err.status)
    );
  }

  private scrub(text: string, extra: string[] | undefined): string {
    let out = text;
    for (const secret of [this.apiKey, ...(extra ?? [])]) {
      if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }

  private buildPath(spec: RequestSpec<unknown>): string {
    let path = this.prefix + spec.path;
    if (spec.query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(spec.query)) if (v !== undefined) params.append(k, String(v));
      const qs = params.toString();
      if (qs) path += `?${qs}`;
    }
    return path;
  }

  private async attempt(
    spec: RequestSpec<unknown>,
    endpoint: string,
    ticket: GateTicket,
    signal: AbortSignal | undefined,
    attempt: number,
  ): Promise<Outcome> {
    const permit = await this.gate.acquire(ticket, signal);
    const priority = ticket.priority;
    const headers: Record<string, string> = {
      authorization: this.authorization,
      accept: 'application/json',
      'user-agent': 'vps-chatops-provider-client/1',
    };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    if (spec.idempotencyKey) headers['idempotency-key'] = spec.idempotencyKey;
    const started = performance.now();
    let phase: NetworkPhase = 'headers';
    let status: number | 'network' = 'network';
    try {
      const res = await this.pool.request({
        method: spec.method,
        path: this.buildPath(spec),
        headers,
        body,
        signal,
      });
      phase = 'body';
      const text = await res.body.text();
      status = res.statusCode;
      // 401/403 may be refused before the key is known: their headers describe no window of ours.
      const snap =
        status === 401 || status === 403 ? null : parseRateLimitHeaders(res.headers, this.clock.now());
      if (snap) this.gate.observe(snap);
      const ms = performance.now() - started;
      this.log?.debug({ endpoint, status, ms: Math.round(ms), attempt, priority }, 'provider request');
      if (status >= 200 && status < 300) return { ok: true, status, text };
      const error = errorFromResponse(
        status,
        res.headers,
        this.scrub(text, spec.secrets),
        endpoint,
        this.clock.now(),
      );
      if (error.rawBody !== null)
        this.log?.warn(
          { endpoint, status, rawBody: error.rawBody.slice(0, 500) },
          'provider error answer is not JSON',
        );
      if (error instanceof ProviderRateLimitError) {
        if (error.concurrent) this.gate.noteConcurrencyRefused();
        else {
          const waitMs = Math.max(this.policy.minDelayMs, (error.retryAfterSeconds ?? 1) * 1000);
          this.noteDailyRefusal(snap, waitMs);
          this.gate.blockFor(waitMs);
        }
      }
      return { ok: false, error };
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      const c = classifyNetworkError(e, phase);
      this.log?.warn(
        { endpoint, kind: c.kind, phase: c.phase, detail: c.detail, attempt },
        'provider network failure',
      );
      return { ok: false, error: new ProviderNetworkError({ ...c, endpoint, cause: e }) };
    } finally {
      this.recorder.record(endpoint, status, performance.now() - started);
      permit.release();
    }
  }

  private parse<T>(spec: RequestSpec<T>, endpoint: string, status: number, rawText: string): T {
    const text = this.scrub(rawText, spec.secrets);
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch (e) {
      throw new ProviderResponseError({
        endpoint,
        status,
        issues: ['body is not JSON'],
        rawBody: text,
        cause: e,
      });
    }
    const result = spec.schema.safeParse(json);
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
      this.log?.warn(
        { endpoint, status, issues: issues.slice(0, 10) },
        'provider answer does not match the schema',
      );
      throw new ProviderResponseError({ endpoint, status, issues, rawBody: text, cause: result.error });
    }
    return result.data;
  }
}
