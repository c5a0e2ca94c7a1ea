import { describe, expect, it } from 'vitest';
import { errorFromResponse, ProviderNetworkError, ValidationError } from '../../../src/provider/errors.ts';
import { classifySignupFailure } from '../../../src/services/signup/signup-deps.ts';

describe('what a provider failure means for money', () => {
  const err = (status: number, code: string) =>
    errorFromResponse(status, {}, JSON.stringify({ error: { code, message: 'x' } }), 'POST /v1/vps/servers');

  it('sorts refusals, price moves, in-process and the unknowable', () => {
    expect(classifySignupFailure(err(422, 'PRICE_MISMATCH'))).toEqual({ kind: 'price_mismatch' });
    expect(classifySignupFailure(err(409, 'DUPLICATE_REQUEST'))).toEqual({ kind: 'in_process' });
    for (const [s, c] of [
      [402, 'PAYMENT_REQUIRED'],
      [403, 'FORBIDDEN'],
      [409, 'CAPACITY_UNAVAILABLE'],
      [422, 'PLAN_NOT_AVAILABLE'],
      [422, 'VALIDATION_ERROR'],
    ] as const) {
      expect(classifySignupFailure(err(s, c))).toEqual({ kind: 'refused', code: c });
    }
    expect(classifySignupFailure(err(500, 'INTERNAL_ERROR'))).toEqual({
      kind: 'indeterminate',
      code: 'INTERNAL_ERROR',
    });
    expect(classifySignupFailure(err(502, 'BACKEND_ERROR')).kind).toBe('indeterminate');
    expect(classifySignupFailure(err(429, 'RATE_LIMIT_EXCEEDED')).kind).toBe('indeterminate');
    const net = new ProviderNetworkError({
      kind: 'reset',
      phase: 'headers',
      mayHaveReachedServer: true,
      endpoint: 'POST /v1/vps/servers',
      detail: 'socket hang up',
    });
    expect(classifySignupFailure(net)).toEqual({ kind: 'indeterminate', code: 'NETWORK' });
    expect(classifySignupFailure(new ValidationError([]))).toEqual({
      kind: 'refused',
      code: 'VALIDATION_ERROR',
    });
    expect(classifySignupFailure(new TypeError('boom'))).toEqual({ kind: 'indeterminate', code: 'INTERNAL' });
  });
});
