/**
 * The provider client's error family. Every HTTP error answer becomes one of
 * these through `errorFromResponse`, the only place that maps status + body to a
 * class; callers switch on `code` (the provider's code) or on the class.
 */

/** Every error code the provider documents (docs/provider-api.md, Error status codes). */
export const PROVIDER_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CAPACITY_UNAVAILABLE',
  'DUPLICATE_REQUEST',
  'OPERATION_ERROR',
  'VALIDATION_ERROR',
  'PRICE_MISMATCH',
  'PLAN_NOT_AVAILABLE',
  'RATE_LIMIT_EXCEEDED',
  'INTERNAL_ERROR',
  'BACKEND_ERROR',
] as const;

export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export function isProviderErrorCode(value: unknown): value is ProviderErrorCode {
  return typeof value === 'string' && (PROVIDER_ERROR_CODES as readonly string[]).includes(value);
}

/** The code a status stands for when the body names none (or one we do not know). */
export function defaultCodeForStatus(status: number): ProviderErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'PAYMENT_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'OPERATION_ERROR';
    case 422:
      return 'VALIDATION_ERROR';
    case 429:
      return 'RATE_LIMIT_EXCEEDED';
    case 502:
    case 503:
    case 504:
      return 'BACKEND_ERROR';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

/** Longest raw body text kept on an error for the log. */
const RAW_BODY_KEEP = 2000;

export interface ProviderErrorInit {
  code: ProviderErrorCode;
  /** The code exactly as the body named it; differs from `code` when unknown to us. */
  rawCode: string | null;
  status: number;
  providerMessage: string;
  details: string[];
  endpoint: string;
  /** Body text when it was not the documented JSON shape (HTML 502 page, empty body). */
  rawBody: string | null;
  cause?: unknown;
}

/** An error answer from the provider (any non-2xx status). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly code: ProviderErrorCode;
  readonly rawCode: string | null;
  readonly status: number;
  readonly providerMessage: string;
  readonly details: string[];
  /** Method and path template, e.g. `GET /v1/vps/servers/{uuid}`; never a key or a concrete id. */
  readonly endpoint: string;
  readonly rawBody: string | null;

  constructor(init: ProviderErrorInit) {
    super(
      `${init.endpoint} answered ${init.status} ${init.code}${init.providerMessage ? `: ${init.providerMessage}` : ''}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.code = init.code;
    this.rawCode = init.rawCode;
    this.status = init.status;
    this.providerMessage = init.providerMessage;
    this.details = init.details;
    this.endpoint = init.endpoint;
    this.rawBody = init.rawBody;
  }
}

/** 401 (invalid or expired key) and 403 (permission, IP restriction, signup not allowed). */
export class ProviderAuthError extends ProviderError {
  override name = 'ProviderAuthError';
}

/** 404: resource or endpoint not found. */
export class ProviderNotFoundError extends ProviderError {
  override name = 'ProviderNotFoundError';
}

/** 409: CAPACITY_UNAVAILABLE, DUPLICATE_REQUEST (still in process), OPERATION_ERROR. */
export class ProviderConflictError extends ProviderError {
  override name = 'ProviderConflictError';
}

/** 400, 402 and 422: the provider refused the input (VALIDATION_ERROR, PRICE_MISMATCH, PAYMENT_REQUIRED, ...). */
export class ProviderRejectedError extends ProviderError {
  override name = 'ProviderRejectedError';
}

/** 429. `concurrent` is true when the concurrency limit (not the window) was exceeded. */
export class ProviderRateLimitError extends ProviderError {
  override name = 'ProviderRateLimitError';
  readonly retryAfterSeconds: number | null;
  readonly concurrent: boolean;

  constructor(init: ProviderErrorInit & { retryAfterSeconds: number | null; concurrent: boolean }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.concurrent = init.concurrent;
  }
}

/** 5xx: INTERNAL_ERROR, BACKEND_ERROR or a proxy's page. */
export class ProviderServerError extends ProviderError {
  override name = 'ProviderServerError';
}

export type NetworkErrorKind =
  | 'timeout'
  | 'reset'
  | 'refused'
  | 'truncated'
  | 'dns'
  | 'aborted'
  | 'closed'
  | 'other';

export type NetworkPhase = 'connect' | 'headers' | 'body';

/** No complete answer arrived: the connection failed, timed out, was reset or cut mid-body. */
export class ProviderNetworkError extends Error {
  override name = 'ProviderNetworkError';
  readonly kind: NetworkErrorKind;
  readonly phase: NetworkPhase;
  /**
   * False only when the request provably never left (refused, DNS, connect timeout):
   * a write that failed with true may have been carried out by the provider.
   */
  readonly mayHaveReachedServer: boolean;
  readonly endpoint: string;

  constructor(init: {
    kind: NetworkErrorKind;
    phase: NetworkPhase;
    mayHaveReachedServer: boolean;
    endpoint: string;
    detail: string;
    cause?: unknown;
  }) {
    super(
      `${init.endpoint}: network ${init.kind} during ${init.phase} (${init.detail})`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.kind = init.kind;
    this.phase = init.phase;
    this.mayHaveReachedServer = init.mayHaveReachedServer;
    this.endpoint = init.endpoint;
  }
}

export interface ValidationIssue {
  field: string;
  rule: string;
  message: string;
}

/** Local refusal of an input, thrown before anything is sent. `field`/`rule` are the first issue's. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  readonly field: string;
  readonly rule: string;
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    const first = issues[0] ?? { field: '(input)', rule: 'invalid', message: 'invalid input' };
    super(issues.map((i) => `${i.field}: ${i.message} (${i.rule})`).join('; ') || first.message);
    this.field = first.field;
    this.rule = first.rule;
    this.issues = issues.length > 0 ? issues : [first];
  }
}

/** A 2xx answer whose body is not JSON or does not match the documented shape. */
export class ProviderResponseError extends Error {
  override name = 'ProviderResponseError';
  readonly endpoint: string;
  readonly status: number;
  readonly issues: string[];
  readonly rawBody: string;

  constructor(init: {
    endpoint: string;
    status: number;
    issues: string[];
    rawBody: string;
    cause?: unknown;
  }) {
    super(
      `${init.endpoint} answered ${init.status} with an unexpected body: ${init.issues.slice(0, 5).join('; ')}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.issues = init.issues;
    this.rawBody = init.rawBody.slice(0, RAW_BODY_KEEP);
  }
}

/** Anything the provider client throws. */
export type ProviderClientError =
  | ProviderError
  | ProviderNetworkError
  | ValidationError
  | ProviderResponseError;

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Retry-After in seconds: a number of seconds or an HTTP date (relative to `nowMs`). */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value.trim());
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - nowMs) / 1000);
}

interface ErrorBody {
  code: string | null;
  message: string;
  errors: string[];
}

function parseErrorBody(bodyText: string): { body: ErrorBody | null; cause?: unknown } {
  if (bodyText.trim() === '') return { body: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch (e) {
    return { body: null, cause: e };
  }
  if (typeof parsed !== 'object' || parsed === null) return { body: null };
  const err = (parsed as { error?: unknown }).error;
  if (typeof err !== 'object' || err === null) return { body: null };
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const errors = Array.isArray(e.errors)
    ? e.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))
    : [];
  return {
    body: {
      code: typeof e.code === 'string' ? e.code : null,
      message: typeof e.message === 'string' ? e.message : '',
      errors,
    },
  };
}

/**
 * The one mapping from an HTTP error answer to the error family. Never throws:
 * a body that is not the documented `{"error":{code,message,errors}}` (HTML
 * from a proxy, empty, truncated) yields the status's error with the raw text
 * kept in `rawBody`.
 */
export function errorFromResponse(
  status: number,
  headers: HeaderBag,
  bodyText: string,
  endpoint: string,
  nowMs?: number,
): ProviderError {
  const { body, cause } = parseErrorBody(bodyText);
  const rawCode = body?.code ?? null;
  const code = isProviderErrorCode(rawCode) ? rawCode : defaultCodeForStatus(status);
  const init: ProviderErrorInit = {
    code,
    rawCode,
    status,
    providerMessage: body?.message ?? '',
    details: body?.errors ?? [],
    endpoint,
    rawBody: body ? null : bodyText.slice(0, RAW_BODY_KEEP),
    cause,
  };
  if (status === 429) {
    const concurrentRemaining = header(headers, 'x-ratelimit-concurrent-remaining');
    const remaining = header(headers, 'x-ratelimit-remaining');
    const concurrent =
      concurrentRemaining !== undefined &&
      Number(concurrentRemaining) === 0 &&
      !(remaining !== undefined && Number(remaining) === 0);
    return new ProviderRateLimitError({
      ...init,
      retryAfterSeconds: parseRetryAfter(header(headers, 'retry-after'), nowMs),
      concurrent,
    });
  }
  if (status === 401 || status === 403) return new ProviderAuthError(init);
  if (status === 404) return new ProviderNotFoundError(init);
  if (status === 409) return new ProviderConflictError(init);
  if (status >= 500) return new ProviderServerError(init);
  return new ProviderRejectedError(init);
}

/**
 * The provider said to come back later than the policy would wait (a daily
 * limit): the client fails at once instead of holding a person's request for hours.
 */
export function heldBackError(endpoint: string, blockedMs: number): ProviderRateLimitError {
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
