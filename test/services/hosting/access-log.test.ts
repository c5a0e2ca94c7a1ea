/**
 * The access log's query rules: the domain's, the bot's bounds, and what the
 * provider client's validateLogQuery adds (a keyword is one line of plain
 * text), one problem a field.
 */
import { describe, expect, it } from 'vitest';
import { checkAccessLogQuery } from '../../../src/services/hosting/index.ts';

describe('checkAccessLogQuery', () => {
  it('takes a domain with or without lines and keyword', () => {
    expect(checkAccessLogQuery('example.jp', undefined, undefined)).toEqual([]);
    expect(checkAccessLogQuery('example.jp', 1000, 'GET /cart')).toEqual([]);
  });

  it('names lines out of range and a keyword empty or too long', () => {
    expect(checkAccessLogQuery('example.jp', 0, undefined)).toEqual([
      { field: 'lines', rule: 'range', limit: 1000 },
    ]);
    expect(checkAccessLogQuery('example.jp', Number.NaN, undefined)).toEqual([
      { field: 'lines', rule: 'range', limit: 1000 },
    ]);
    expect(checkAccessLogQuery('example.jp', 10, ' ')).toEqual([{ field: 'keyword', rule: 'required' }]);
    expect(checkAccessLogQuery('example.jp', 10, 'k'.repeat(201))).toEqual([
      { field: 'keyword', rule: 'too_long', limit: 200 },
    ]);
  });

  it('names a keyword with a control character, as the client’s validateLogQuery finds it', () => {
    expect(checkAccessLogQuery('example.jp', 10, 'a\u0007b')).toEqual([
      { field: 'keyword', rule: 'control_character' },
    ]);
    expect(checkAccessLogQuery('example.jp', 10, 'a\nb')).toEqual([
      { field: 'keyword', rule: 'control_character' },
    ]);
  });

  it('names a domain that is not one first, and only that', () => {
    const problems = checkAccessLogQuery('not a domain', 0, 'a\u0007b');
    expect(problems[0]?.field).toBe('domain');
    expect(problems.some((p) => p.field === 'keyword')).toBe(false);
  });
});
