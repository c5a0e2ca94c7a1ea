import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  PROVIDER_ERROR_CODES,
  ProviderAuthError,
  ProviderConflictError,
  ProviderError,
  type ProviderErrorCode,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderRejectedError,
  ProviderServerError,
  parseRetryAfter,
} from '../../src/provider/index.ts';

const body = (code: string, message = 'メッセージ', errors?: string[]) =>
  JSON.stringify({ error: { code, message, ...(errors ? { errors } : {}) } });

const table: Array<[number, ProviderErrorCode, new (...a: never[]) => ProviderError]> = [
  [400, 'BAD_REQUEST', ProviderRejectedError],
  [401, 'UNAUTHORIZED', ProviderAuthError],
  [402, 'PAYMENT_REQUIRED', ProviderRejectedError],
  [403, 'FORBIDDEN', ProviderAuthError],
  [404, 'NOT_FOUND', ProviderNotFoundError],
  [409, 'CAPACITY_UNAVAILABLE', ProviderConflictError],
  [409, 'DUPLICATE_REQUEST', ProviderConflictError],
  [409, 'OPERATION_ERROR', ProviderConflictError],
  [422, 'VALIDATION_ERROR', ProviderRejectedError],
  [422, 'PRICE_MISMATCH', ProviderRejectedError],
  [422, 'PLAN_NOT_AVAILABLE', ProviderRejectedError],
  [429, 'RATE_LIMIT_EXCEEDED', ProviderRateLimitError],
  [500, 'INTERNAL_ERROR', ProviderServerError],
  [502, 'BACKEND_ERROR', ProviderServerError],
];

describe('errorFromResponse', () => {
  it('covers every documented code', () => {
    expect(new Set(table.map((r) => r[1]))).toEqual(new Set(PROVIDER_ERROR_CODES));
  });

  it.each(table)('%i %s becomes the right class with code, status, message, details', (status, code, cls) => {
    const e = errorFromResponse(status, {}, body(code, '残高不足', ['a', 'b']), 'POST /v1/vps/servers');
    expect(e).toBeInstanceOf(cls);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe(code);
    expect(e.rawCode).toBe(code);
    expect(e.status).toBe(status);
    expect(e.providerMessage).toBe('残高不足');
    expect(e.details).toEqual(['a', 'b']);
    expect(e.endpoint).toBe('POST /v1/vps/servers');
    expect(e.rawBody).toBeNull();
    expect(e.message).toContain(code);
  });

  it('maps an HTML 502 page to BACKEND_ERROR and keeps the text', () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const e = errorFromResponse(502, { 'content-type': 'text/html' }, html, 'GET /v1/me');
    expect(e).toBeInstanceOf(ProviderServerError);
    expect(e.code).toBe('BACKEND_ERROR');
    expect(e.rawBody).toBe(html);
    expect(e.cause).toBeInstanceOf(SyntaxError);
  });

  it('maps an empty body to the status error', () => {
    const e = errorFromResponse(500, {}, '', 'GET /v1/me');
    expect(e.code).toBe('INTERNAL_ERROR');
    expect(e.rawBody).toBe('');
    expect(errorFromResponse(404, {}, '', 'x').code).toBe('NOT_FOUND');
    expect(errorFromResponse(503, {}, '', 'x')).toBeInstanceOf(ProviderServerError);
  });

  it('copes with JSON of another shape, truncated JSON and unknown codes', () => {
    expect(errorFromResponse(422, {}, '{"message":"x"}', 'x').code).toBe('VALIDATION_ERROR');
    expect(errorFromResponse(422, {}, '{"error":{"code":"VALIDAT', 'x').code).toBe('VALIDATION_ERROR');
    expect(errorFromResponse(400, {}, 'null', 'x').code).toBe('BAD_REQUEST');
    const u = errorFromResponse(409, {}, body('SOMETHING_NEW'), 'x');
    expect(u).toBeInstanceOf(ProviderConflictError);
    expect(u.rawCode).toBe('SOMETHING_NEW');
    expect(u.code).toBe('OPERATION_ERROR');
    expect(errorFromResponse(418, {}, '', 'x')).toBeInstanceOf(ProviderRejectedError);
  });

  it('reads Retry-After and tells a concurrency 429 from a window 429', () => {
    const w = errorFromResponse(
      429,
      { 'retry-after': '7', 'x-ratelimit-remaining': '0', 'x-ratelimit-concurrent-remaining': '3' },
      body('RATE_LIMIT_EXCEEDED'),
      'GET /v1/me',
    ) as ProviderRateLimitError;
    expect(w.retryAfterSeconds).toBe(7);
    expect(w.concurrent).toBe(false);
    const c = errorFromResponse(
      429,
      { 'retry-after': '1', 'x-ratelimit-remaining': '40', 'x-ratelimit-concurrent-remaining': '0' },
      '',
      'GET /v1/me',
    ) as ProviderRateLimitError;
    expect(c.concurrent).toBe(true);
    const h = errorFromResponse(429, new Headers({ 'Retry-After': '3' }), '', 'x') as ProviderRateLimitError;
    expect(h.retryAfterSeconds).toBe(3);
  });

  it('parses Retry-After dates and junk', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('-3', now)).toBe(0);
  });
});
