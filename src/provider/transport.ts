/**
 * One HTTP exchange with the provider, and the loop around it: rate-limit
 * gate, bearer header, timeouts, error mapping, retries by policy, metrics.
 * ProviderClient and HostingClient describe endpoints; this sends them.
 * Identical GETs in flight share one request (shared-reads.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { Pool } from 'undici';
import { parseAnswer, scrubSecrets } from './answer-text.ts';
import { DailyBudget, type DailyBudgetState, type DailyCounter } from './daily-budget.ts';
import {
  errorFromResponse,
  heldBackError,
  type NetworkPhase,
  ProviderConflictError,
  ProviderError,
  ProviderNetworkError,
  ProviderRateLimitError,
} from './errors.ts';
import { GateTicket } from './gate-queue.ts';
import { MetricsRecorder, type ProviderMetrics } from './metrics.ts';
import { classifyNetworkError } from './network-errors.ts';
import { type ProviderClock, realClock } from './provider-clock.ts';
import type { QueueBoundOptions } from './queue-bound.ts';
import { GateBlockedError, RateLimitGate } from './rate-limit-gate.ts';
import { parseRateLimitHeaders, type RateLimitSnapshot } from './rate-limit-headers.ts';
import { defaultPriority, type RequestSpec } from './request-spec.ts';
import {
  backoffDelayMs,
  isRetrySafe,
  mayRepeatAfterErrorStatus,
  mayRepeatAfterNetworkFailure,
  type RetryPolicy,
  resolveRetryPolicy,
} from './retry-policy.ts';
import { loggedPath, SentRequestJournal, type SentRequestSink } from './sent-requests.ts';
import { type Answer, SharedReads } from './shared-reads.ts';

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
  /** Where the day's requests are counted with every replica's (the store); this process alone when unset. */
  dailyCounter?: DailyCounter | undefined;
  /** Where every request the bot sends is journaled (the store), so the key's log can tell the bot's own from others'. */
  sentRequests?: SentRequestSink | undefined;
  /** When a person's waiting requests are enough (FAIR_WAIT_SECONDS, FAIR_WAIT_COMMANDS). */
  queueBound?: QueueBoundOptions | undefined;
  /** How long the changes' share is held for a flood's tail (rate-limit-state.ts); default 0.2 of a window. */
  tailHoldFraction?: number | undefined;
}

export const DEFAULT_TIMEOUTS: Required<Timeouts> = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 };

type Outcome =
  | { ok: true; status: number; text: string }
  | { ok: false; error: ProviderError | ProviderNetworkError };

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
  private readonly reads: SharedReads;
  private readonly sent: SentRequestJournal | undefined;

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
      daily: new DailyBudget({
        limit: opts.dailyLimit,
        counter: opts.dailyCounter,
        onCountFailed: (err) =>
          this.log?.warn(
            { err: err instanceof Error ? err.name : 'error' },
            "the day's request count could not be stored; kept to store later",
          ),
      }),
      ...(opts.queueBound ? { queueBound: opts.queueBound } : {}),
      ...(opts.tailHoldFraction !== undefined ? { tailHoldFraction: opts.tailHoldFraction } : {}),
    });
    const sink = opts.sentRequests;
    this.sent = sink
      ? new SentRequestJournal({
          sink,
          now: sink.now ?? (() => this.clock.now()),
          onWriteFailed: (err, kept) =>
            this.log?.warn(
              { err: err instanceof Error ? err.name : 'error', kept },
              'the sent requests could not be journaled; kept to write later',
            ),
        })
      : undefined;
    this.reads = new SharedReads(this.gate, () => {
      this.recorder.coalesced += 1;
    });
  }

  get rateLimit(): RateLimitSnapshot {
    return this.gate.snapshot;
  }

  get daily(): DailyBudgetState {
    return this.gate.daily.state(this.clock.now());
  }

  /** The day's budget with every replica's requests read from the shared count now. */
  syncDaily(): Promise<DailyBudgetState> {
    return this.gate.daily.sync(this.clock.now());
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
    await this.sent?.flush();
  }

  /** Writes the journal of sent requests now (what a replica leaves before it stops). */
  async flushSent(): Promise<void> {
    await this.sent?.flush();
  }

  async send<T>(spec: RequestSpec<T>): Promise<T> {
    const endpoint = `${spec.method} ${spec.template}`;
    const o = spec.options;
    const asker = { priority: o?.priority ?? defaultPriority(spec), person: o?.person, command: o?.command };
    const signal = o?.signal;
    if (spec.method === 'GET') {
      const answer = await this.reads.read(this.buildPath(spec), asker, signal, (ticket, abort) =>
        this.exchange(spec, endpoint, ticket, abort),
      );
      return this.parse(spec, endpoint, answer.status, answer.text);
    }
    const ticket = new GateTicket(asker.priority, asker.person);
    // A person over their bound is refused here, before anything of it is sent.
    this.gate.admit(ticket, asker.command);
    const change = spec.dryRun !== true;
    if (change) this.reads.changeSent();
    try {
      const answer = await this.exchange(spec, endpoint, ticket, signal);
      return this.parse(spec, endpoint, answer.status, answer.text);
    } finally {
      if (change) this.reads.changeDone();
    }
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
        if (e instanceof GateBlockedError) throw heldBackError(endpoint, e.blockedMs);
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
    return scrubSecrets(text, [this.apiKey, ...(extra ?? [])]);
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
    // Journaled as it leaves, before any answer (sent-requests.ts).
    this.sent?.note(spec.method, loggedPath(spec.path));
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
      if (snap) this.gate.observe(snap, permit);
      const ms = performance.now() - started;
      this.gate.noteLatency(ms);
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
    return parseAnswer(spec.schema, endpoint, status, this.scrub(rawText, spec.secrets), this.log);
  }
}
