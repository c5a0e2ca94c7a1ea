import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/store/connect.ts';
import { parseKey } from '../../src/store/encryption-key.ts';
import {
  isSecretKey,
  OPERATION_STATES,
  OPERATION_TRANSITIONS,
  SIGNUP_TRANSITIONS,
  stripSecrets,
  TERMINAL_OPERATION_STATES,
  TERMINAL_SIGNUP_STATES,
} from '../../src/store/index.ts';

describe('store helpers', () => {
  it('recognises secret-looking keys in any spelling', () => {
    for (const k of [
      'root_password',
      'rootPassword',
      'password',
      'private_key',
      'privateKey',
      'token',
      'botToken',
      'apiKey',
      'api_key',
      'API-KEY',
      'secret',
      'client_secret',
      'Authorization',
      'key',
    ]) {
      expect(isSecretKey(k), k).toBe(true);
    }
    for (const k of ['plan_id', 'name', 'ssh_public_key', 'ssh_key_name', 'period', 'channel']) {
      expect(isSecretKey(k), k).toBe(false);
    }
  });

  it('strips secrets at any depth without touching the input', () => {
    const input = { a: 1, password: 'p', deep: [{ x: { token: 't', y: 2 } }], when: new Date(0) };
    expect(stripSecrets(input)).toEqual({ a: 1, deep: [{ x: { y: 2 } }], when: '1970-01-01T00:00:00.000Z' });
    expect(input.password).toBe('p');
  });

  it('parses a key as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    const bytes = Buffer.alloc(32, 9);
    expect(parseKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parseKey(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parseKey(`${bytes.toString('hex')}\n`)?.equals(bytes)).toBe(true);
    expect(parseKey('abc')).toBeNull();
    expect(parseKey(Buffer.alloc(16).toString('base64'))).toBeNull();
  });

  it('hides the password of a database address', () => {
    expect(redactUrl('postgres://bot:s3cret@db.internal:5432/chatops')).toBe(
      'postgres://bot:***@db.internal:5432/chatops',
    );
    expect(redactUrl('postgres://db.internal/chatops')).toBe('postgres://db.internal/chatops');
    expect(redactUrl('not a url')).not.toContain('not a url');
  });

  it('has no way out of a terminal signup state and no way around approval', () => {
    for (const s of TERMINAL_SIGNUP_STATES) expect(SIGNUP_TRANSITIONS[s]).toEqual([]);
    expect(SIGNUP_TRANSITIONS.quoted).not.toContain('executing');
    expect(SIGNUP_TRANSITIONS.price_changed).not.toContain('executing');
  });

  it('has no way out of a terminal operation state, and only approved leads to executing', () => {
    for (const s of TERMINAL_OPERATION_STATES) expect(OPERATION_TRANSITIONS[s]).toEqual([]);
    const nonTerminal = OPERATION_STATES.filter((s) => !TERMINAL_OPERATION_STATES.includes(s));
    expect(nonTerminal).toEqual(['pending', 'approved', 'executing']);
    for (const s of OPERATION_STATES) {
      expect(OPERATION_TRANSITIONS[s].includes('executing'), s).toBe(s === 'approved');
    }
    // The request may have reached the provider: never retried automatically.
    expect(OPERATION_TRANSITIONS.unknown).toEqual([]);
  });
});
