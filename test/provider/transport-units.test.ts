import { describe, expect, it } from 'vitest';
import { classifyNetworkError, extractPowerStatus, ProviderClient } from '../../src/provider/index.ts';

const err = (code: string, nested = false) => {
  const e = Object.assign(new Error('x'), { code });
  return nested ? Object.assign(new Error('fetch failed'), { cause: e }) : e;
};

describe('classifyNetworkError', () => {
  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'headers', 'timeout', 'connect', false],
    ['ECONNREFUSED', 'headers', 'refused', 'connect', false],
    ['ENOTFOUND', 'headers', 'dns', 'connect', false],
    ['UND_ERR_HEADERS_TIMEOUT', 'headers', 'timeout', 'headers', true],
    ['UND_ERR_BODY_TIMEOUT', 'body', 'timeout', 'body', true],
    ['UND_ERR_SOCKET', 'headers', 'reset', 'headers', true],
    ['UND_ERR_SOCKET', 'body', 'truncated', 'body', true],
    ['ECONNRESET', 'headers', 'reset', 'headers', true],
    ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'body', 'truncated', 'body', true],
    ['SOMETHING_ELSE', 'headers', 'other', 'headers', true],
  ] as const)('%s during %s is %s', (code, phase, kind, outPhase, reached) => {
    for (const nested of [false, true]) {
      expect(classifyNetworkError(err(code, nested), phase)).toMatchObject({
        kind,
        phase: outPhase,
        mayHaveReachedServer: reached,
      });
    }
  });
});

describe('extractPowerStatus', () => {
  it('takes the one documented power value the body holds, wherever it is, and assumes no field name', () => {
    expect(extractPowerStatus({ power: { status: 'running' } })).toBe('running');
    expect(extractPowerStatus({ anything: { nested: ['stopped'] } })).toBe('stopped');
    expect(extractPowerStatus('processing')).toBe('processing');
    // The contract status beside it is not a power value; the same value twice is still one.
    expect(
      extractPowerStatus({ server: { status: 'active', power: { status: 'error' }, was: 'error' } }),
    ).toBe('error');
  });

  it('answers nothing rather than a guess: no documented value, another value, or two that disagree', () => {
    expect(extractPowerStatus({ state: 'booting' })).toBeNull();
    expect(extractPowerStatus({ status: 'active' })).toBeNull();
    expect(extractPowerStatus({ a: 'running', b: 'stopped' })).toBeNull();
    expect(extractPowerStatus({ nothing: true })).toBeNull();
    expect(extractPowerStatus(null)).toBeNull();
  });
});

describe('ProviderClient construction', () => {
  it('refuses a bad base URL or an empty key without echoing the key', () => {
    expect(() => new ProviderClient({ baseUrl: 'not a url', apiKey: 'xs_secret_value' })).toThrow(/baseUrl/);
    expect(() => new ProviderClient({ baseUrl: 'ftp://x', apiKey: 'xs_secret_value' })).toThrow(/http/);
    expect(() => new ProviderClient({ baseUrl: 'http://127.0.0.1:1', apiKey: ' ' })).toThrow(/apiKey/);
    try {
      new ProviderClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'xs_secret\nvalue' });
    } catch (e) {
      expect(String(e)).not.toContain('xs_secret');
    }
  });
});
